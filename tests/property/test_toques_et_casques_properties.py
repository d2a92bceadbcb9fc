"""Property tests (hypothesis) of Toques et Casques' notation and of invariants along random races.

DESIGN.md, "Tests, in layers", 4. The parser must be the exact inverse of ``str(action)`` and answer
any other text with a ``NotationError``, never a crash. Along any race: one horse per cell (14-02: no
pushing, no jumping), a horse never goes back (14-02: « Vous n'avez pas le droit de reculer »), a horse
never rests on an obstacle between moves (04-01: ending a move there is a fall), and the arrival board
holds each horse once.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hippodrome.bots import RandomBot
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SeatView
from hippodrome.engine.errors import NotationError
from hippodrome.engine.lanetrack import Station
from hippodrome.engine.types import CHANCE
from hippodrome.games import load_game
from hippodrome.games.toques_et_casques.actions import (
    APPROVE,
    AVANT,
    BLOQUE,
    DISQUALIFY,
    DRAWS,
    ECARTS,
    KEEP,
    REPLACE,
    ROLLOFFS,
    ROLLS,
    MoveHurdle,
)
from hippodrome.games.toques_et_casques.rules import HORSES, ON_TRACK, ToquesState

GAME = load_game("toques_et_casques", players=6, category="D")
ACTIONS: list[Action] = [
    AVANT,
    BLOQUE,
    APPROVE,
    REPLACE,
    DISQUALIFY,
    KEEP,
    *DRAWS[1:],
    *ROLLS[1:],
    *ECARTS[1:],
    *ROLLOFFS[1:],
    *(MoveHurdle(Station(s, r)) for s in range(8) for r in (0, 5, 43)),
]
WORDS = (
    "avant",
    "ecart",
    "écart",
    "bloque",
    "bloqué",
    "roll",
    "draw",
    "rolloff",
    "hurdle",
    "keep",
    "AVANT",
    "0",
    "1",
    "6",
    "7",
    "12",
    "13",
    "4.12",
    "4.",
    ".4",
    "4.1.2",
    "²",
    "١",
    "-1",
    "",
)
PLAYOUTS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_every_action_reads_back_from_its_notation() -> None:
    for action in ACTIONS:
        assert GAME.parse_action(str(action)) == action, f"{str(action)!r} reads back wrong"
        assert GAME.parse_action(f"  {str(action).upper()} ") == action


@given(st.lists(st.sampled_from(WORDS), max_size=4).map(" ".join) | st.text(max_size=20))
@settings(max_examples=300, deadline=None)
def test_any_text_is_an_action_or_a_notation_error(text: str) -> None:
    try:
        action = GAME.parse_action(text)
    except NotationError as exc:
        assert exc.message("fr") and exc.message("en")
    else:
        assert GAME.parse_action(str(action)) == action


def _check(state: ToquesState, previous: dict[int, int]) -> None:
    t = state.track
    seen: dict[int, int] = {}
    for h in HORSES:
        if state.status[h] in ON_TRACK:
            c = state.cell[h]
            assert c not in seen, f"N°{h + 1} and N°{seen[c] + 1} share cell {c}"
            seen[c] = h
            assert state.occupant[c] == h, f"cell {c} does not know N°{h + 1} stands on it"
            progress = state.progress(h)
            assert progress >= previous.get(h, 0), f"N°{h + 1} went back"
            previous[h] = progress
    assert sum(1 for o in state.occupant if o != -1) == len(seen), "a ghost in the occupancy"
    if state.is_chance_node() and state.current >= 0 and state.status[state.current] in ON_TRACK:
        assert not state.obstacle[state.cell[state.current]], "a horse rests on an obstacle"
    assert len(set(state.order)) == len(state.order)
    assert len(t) == len(state.occupant)


@given(
    seed=st.integers(0, 10_000),
    players=st.integers(2, 6),
    category=st.sampled_from("ABCD"),
    laps=st.integers(1, 2),
)
@PLAYOUTS
def test_random_races_keep_the_invariants(
    seed: int, players: int, category: str, laps: int
) -> None:
    game = load_game("toques_et_casques", players=players, category=category, laps=laps)
    state = game.new_initial_state()
    assert isinstance(state, ToquesState)
    rng = random.Random(seed)
    bot = RandomBot()
    previous: dict[int, int] = {}
    for _ in range(20_000):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply(state.sample_chance(rng), CHANCE)
        else:
            player = state.active_players()[0]
            state.apply(bot.choose(SeatView(state, player), rng), player)
        _check(state, previous)
    assert state.is_terminal(), "the race did not end"
    placed = [h for h in HORSES if h in state.order]
    assert sorted(placed) == sorted(set(placed))
    assert sum(state.money()) <= game.course.stakes  # type: ignore[attr-defined]
