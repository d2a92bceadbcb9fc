"""Win, Place & Show's move search (``race.destinations``, seed 001 §6) against a plain reference:
the same walk written with a dictionary a step and a set of the cells in front of the horses, as
it was before the search was made fast. The two must give the same destinations in the same order
(the legal moves' order) from positions of random games, for the horse's own total and others."""

from __future__ import annotations

import random

from hippodrome.games.win_place_show.race import (
    DIAGONALS,
    FINISH,
    FORWARD,
    HOME,
    LAP,
    MAY_PASS,
    PASSING,
    REACH,
    SHORT_FOR_SPACE,
    STARTS,
    destinations,
)
from hippodrome.games.win_place_show.rules import VETERAN, Phase, WinPlaceShow


def reference(
    cell: int, lap: int, total: int, *, changes: int, occupied: list[bool], finish: int
) -> dict[int, int]:
    """The walk of ``destinations``, one dictionary (cell -> path states) a step, in the order
    found: bit ``2 * changes left + may pass``."""
    in_front = {FORWARD[c] for c, taken in enumerate(occupied) if taken}
    s0, limit = STARTS[cell], finish - lap * LAP
    first = (limit - s0) // REACH if limit - s0 <= (total + 1) * REACH else total + 1

    def lap_of(c: int) -> int:
        return lap + 1 if STARTS[c] <= s0 else lap

    frontier = {cell: 1 << (changes * 2 + (1 if PASSING[cell] else 0))}
    layers: list[dict[int, int]] = []
    home = 0
    short: list[int] = []
    for k in range(1, total + 1):
        nxt: dict[int, int] = {}
        for c, states in frontier.items():
            f = FORWARD[c]
            passing = (states & MAY_PASS) >> 1 if occupied[f] else states
            if passing:
                nxt[f] = nxt.get(f, 0) | passing
            if states > 3:
                for d in DIAGONALS[c]:
                    if not occupied[d]:
                        nxt[d] = nxt.get(d, 0) | states >> 2
        if k >= first:
            for c in list(nxt):
                st = STARTS[c]
                if (st + LAP if st <= s0 else st) >= limit:
                    home = home or k
                    del nxt[c]
        layers.append(nxt)
        if not nxt:
            break
        if total - SHORT_FOR_SPACE <= k < total:
            short += [c for c in nxt if PASSING[c] and not occupied[c] and c not in in_front]
        frontier = nxt
    ends: dict[int, int] = {HOME: 0} if home else {}
    if len(layers) == total:
        ends.update((c, lap_of(c)) for c in layers[-1] if not occupied[c] and c not in in_front)
    for c in short:
        ends.setdefault(c, lap_of(c))
    if ends:
        return ends
    for k in range(min(total - 1, len(layers)), 0, -1):  # D8: as far as it can
        found = {c: lap_of(c) for c in layers[k - 1] if not occupied[c] and c not in in_front}
        if found:
            return found
    return {}


def test_the_move_search_finds_what_the_plain_walk_finds_in_its_order() -> None:
    rng = random.Random(18)
    compared = 0
    for players, quick in ((2, True), (4, False), (6, False)):
        game = WinPlaceShow.from_options(players=players, quick=quick)
        for _ in range(2):
            state = game.new_initial_state()
            while not state.is_terminal() and state.race_index == 0:
                if state.flow.phase is Phase.RIDING:
                    occupied = state.occupied
                    for h in range(6):
                        if state.gone[h]:
                            continue
                        here = state.cell[h]
                        occupied[here] = False
                        for total in {state.move_total(h), 3, 9, 16}:
                            for changes in (0, 1, 2) if VETERAN[0][h] else (0, 1):
                                fast, plain = (
                                    list(
                                        search(
                                            here,
                                            state.lap[h],
                                            total,
                                            changes=changes,
                                            occupied=occupied,
                                            finish=FINISH[0],
                                        ).items()
                                    )
                                    for search in (destinations, reference)
                                )
                                assert fast == plain, (h, total, changes)
                                compared += 1
                        occupied[here] = True
                if state.is_chance_node():
                    state.apply_unchecked(state.sample_chance(rng))
                    continue
                for p in list(state.active_players()):
                    legal = state.legal_actions(p)
                    state.apply_unchecked(legal[int(rng.random() * len(legal))], p)
    assert compared > 2000
