"""The research encodings (``hippodrome.interop.encoding``): fixed shapes, masks that are the legal
actions, and no leak (a seat's vector is the same in every state it cannot tell from the true one)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from hippodrome.engine.game import State
from hippodrome.games import entry, load_game, playable_ids

np = pytest.importorskip(
    "numpy", reason="the research extra is not installed: pip install '.[research]'"
)

from hippodrome.interop.encoding import encoding_for  # noqa: E402

CASES = [
    (game_id, options)
    for game_id in playable_ids()
    for options in entry(game_id).conformance_options()[:2]
]


def positions(game_id: str, options: dict[str, Any], seed: int) -> Iterator[State]:
    """Every 7th position of a random playout."""
    state = load_game(game_id, **options).new_initial_state()
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        if step % 7 == 0:
            yield state
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            seat = state.active_players()[0]
            state.apply(rng.choice(list(state.legal_actions(seat))), seat)
        step += 1
    yield state


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_a_seat_s_vector_is_the_same_in_every_state_it_cannot_tell_from_the_true_one(
    game_id: str, options: dict[str, Any]
) -> None:
    encoding = encoding_for(load_game(game_id, **options))
    rng = random.Random("resample")
    seen: set[bytes] = set()
    for k, state in enumerate(positions(game_id, options, seed=3)):
        for seat in range(state.game.num_players):
            vector = encoding.observation.encode(state, seat)
            assert vector.shape == (encoding.observation.size,)
            seen.add(vector.tobytes())
            for r in range(2):
                other = state.resample_for(seat, rng)
                assert np.array_equal(encoding.observation.encode(other, seat), vector), (
                    f"{game_id} {options}: seat {seat}'s vector depends on what it cannot see"
                )
                assert (
                    r
                    or k % 5
                    or np.array_equal(
                        encoding.observation.encode_history(other, seat),
                        encoding.observation.encode_history(state, seat),
                    )
                ), f"{game_id} {options}: seat {seat}'s history depends on what it cannot see"
                if not state.is_terminal() and not state.is_chance_node():
                    assert np.array_equal(
                        encoding.actions.mask(other, seat), encoding.actions.mask(state, seat)
                    )
    assert len(seen) > 10, "the vector hardly changes along a whole game"


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_the_mask_marks_exactly_the_legal_actions(game_id: str, options: dict[str, Any]) -> None:
    encoding = encoding_for(load_game(game_id, **options)).actions
    for state in positions(game_id, options, seed=4):
        if state.is_terminal() or state.is_chance_node():
            continue
        for seat in state.active_players():
            legal = encoding.legal(state, seat)
            mask = encoding.mask(state, seat)
            assert mask.shape == (encoding.size,)
            assert sorted(i for i, _ in legal) == list(np.flatnonzero(mask))
            assert len(legal) == len(state.legal_actions(seat))
            assert {a for _, a in legal} == set(state.legal_actions(seat))


@pytest.mark.parametrize(("game_id", "options"), CASES)
def test_every_slot_of_every_view_lies_within_its_declared_bounds_and_no_flag_needs_the_clip(
    game_id: str, options: dict[str, Any]
) -> None:
    """Amounts are squashed into [-1, 1] by their scale; a slot no scale names is a one-hot or a
    flag, 0 or 1 in the game's own units already (a count left out of ``SCALES`` would fail)."""
    encoding = encoding_for(load_game(game_id, **options)).observation
    names = encoding.names
    assert names is not None
    low, high = encoding.low, encoding.high
    assert set(low.tolist()) <= {-1.0, 0.0} and set(high.tolist()) == {1.0}
    flags = np.flatnonzero(low == 0)
    moved = 0
    for state in positions(game_id, options, seed=6):
        for seat in range(state.game.num_players):
            raw = encoding.raw(state, seat)
            vector = encoding.encode(state, seat)
            assert vector.dtype == np.float32
            outside = np.flatnonzero((vector < low) | (vector > high))
            assert not outside.size, f"{game_id}: {[names[i] for i in outside]} out of bounds"
            clipped = flags[(raw[flags] < 0) | (raw[flags] > 1)]
            assert not clipped.size, (
                f"{game_id} {options}: {[(names[i], float(raw[i])) for i in clipped]} are not "
                "flags: give them a scale in SCALES"
            )
            moved += int(np.count_nonzero(vector[low == -1]))
    assert moved > 0, f"{game_id}: no amount ever moved off 0"


def test_an_amount_is_squashed_by_its_scale_monotone_and_half_at_the_scale() -> None:
    encoding = encoding_for(load_game("royal_turf", players=3)).observation
    names = encoding.names
    assert names is not None
    money = names.index("money/me")
    raw = np.zeros(encoding.size, np.float32)
    values = []
    for amount in (0.0, 500.0, 1000.0, 5900.0, 1e9):
        raw[money] = amount
        values.append(float(encoding.scale(raw.copy())[money]))
    assert values[0] == 0.0 and values[2] == pytest.approx(0.5)
    assert values == sorted(values) and len(set(values)) == 5 and values[-1] <= 1.0


def test_royal_turf_enumerates_its_actions_so_an_id_always_means_the_same_move() -> None:
    encoding = encoding_for(load_game("royal_turf", players=3)).actions
    assert encoding.actions is not None
    assert [str(a) for a in encoding.actions[:7]] == [
        f"move {h}"
        for h in ("earl_grey", "albino", "sahara", "caramello", "rubino", "moka", "othello")
    ]
    assert len(set(encoding.actions)) == encoding.size


def test_toques_et_casques_enumerates_its_decisions_and_the_hurdle_s_stations() -> None:
    """An id means one decision whatever the position: avant, each écart, bloqué, the steward's
    rulings, keep, then each station of the straights a hurdle may be moved to (seed 13-02)."""
    game = load_game("toques_et_casques", players=3)
    encoding = encoding_for(game).actions
    assert encoding.actions is not None
    words = [str(a) for a in encoding.actions]
    assert words[:12] == [
        "avant",
        *(f"ecart {k}" for k in range(1, 7)),
        "bloque",
        "approve",
        "replace",
        "disqualify",
        "keep",
    ]
    assert all(w.startswith("hurdle ") for w in words[12:]) and len(set(words)) == len(words)
    assert encoding.id_of(game.parse_action("ecart 3")) == 3


@pytest.mark.parametrize("players", [2, 6])
def test_royal_turf_s_exact_layout_names_every_slot_and_holds_what_the_name_says(
    players: int,
) -> None:
    """Royal Turf declares its layout (``tensor`` piece): each slot is named, seats are counted from
    the viewer, and the named slots hold the view's values."""
    encoding = encoding_for(load_game("royal_turf", players=players)).observation
    names = encoding.names
    assert names is not None and len(set(names)) == len(names) == encoding.size
    at = {name: i for i, name in enumerate(names)}
    checked = 0
    for state in positions("royal_turf", {"players": players}, seed=5):
        for seat in range(players):
            view = state.observation(seat)
            vector = encoding.raw(state, seat)
            assert vector.shape == (encoding.size,)
            assert vector[at["money/me"]] == view["money"][seat]
            assert vector[at["money/left1"]] == view["money"][(seat + 1) % players]
            assert vector[at[f"phase={view['phase']}"]] == 1.0
            for horse in view["horses"]:
                if horse["values"] is not None:
                    for face, lengths in horse["values"].items():
                        assert vector[at[f"{horse['id']}/card/{face}"]] == lengths
                        checked += 1
            mine = view["hands"][seat]
            assert sum(vector[at[f"hand/{t}"]] for t in set(mine)) == len(mine)
    assert checked > 100


def exact_views(
    game_id: str, options: dict[str, Any]
) -> Iterator[tuple[int, Any, Any, dict[str, int]]]:
    """Each seat's view along a random playout, its vector under the game's declared layout (whose
    names are unique and as many as its slots) and the slot of each name."""
    encoding = encoding_for(load_game(game_id, **options)).observation
    names = encoding.names
    assert names is not None and len(set(names)) == len(names) == encoding.size
    at = {name: i for i, name in enumerate(names)}
    for state in positions(game_id, options, seed=5):
        for seat in range(state.game.num_players):
            yield seat, state.observation(seat), encoding.raw(state, seat), at


def test_toques_et_casques_s_exact_layout_holds_the_board_as_the_view_shows_it() -> None:
    options = {"players": 3, "category": "D", "hurdles": "2.1,6.2", "river": "4.20"}
    checked = 0
    for seat, view, vector, at in exact_views("toques_et_casques", options):
        assert vector[at[f"phase={view['phase']}"]] == 1.0
        assert vector[at["money/left1"]] == view["money"][(seat + 1) % 3]
        assert vector[at["points"]] == (view["points"] or 0)
        for horse in view["horses"]:
            number = horse["number"]
            assert vector[at[f"{number}/status={horse['status']}"]] == 1.0
            assert vector[at[f"{number}/lap"]] == horse["lap"]
            if horse["owner"] is not None:
                seen = (horse["owner"] - seat) % 3
                assert vector[at[f"{number}/owner={('me', 'left1', 'left2')[seen]}"]] == 1.0
            if horse["lane"] is not None:
                assert vector[at[f"{number}/lane={horse['lane']}"]] == 1.0
                checked += 1
        for step in view["steps"]:
            assert vector[at[f"step/{step['action'].replace(' ', '')}"]] == 1.0
    assert checked > 100


def test_win_place_show_s_exact_layout_holds_money_horses_and_the_viewer_s_own_slips() -> None:
    options = {"players": 4}
    seats = ("me", "left1", "left2", "left3")
    checked = 0
    for seat, view, vector, at in exact_views("win_place_show", options):
        assert vector[at[f"phase={view['phase']}"]] == 1.0
        assert vector[at["money/left3"]] == view["money"][(seat + 3) % 4]
        numbers = {horse["id"]: horse["number"] for horse in view["horses"]}
        for horse in view["horses"]:
            if horse["owner"] is not None:
                seen = seats[(horse["owner"] - seat) % 4]
                assert vector[at[f"{horse['number']}/owner={seen}"]] == 1.0
        for slip in view["slips"]:
            if slip["player"] == seat:
                number = numbers[slip["horses"][0]]
                assert vector[at[f"{number}/me/{slip['kind']}"]] == slip["stake"]
                checked += 1
        auction = view["auction"]
        if auction is not None and auction["minimum"] is not None:
            assert vector[at["auction/minimum"]] == auction["minimum"]
            checked += 1
    assert checked > 50


@pytest.mark.parametrize(
    "options", [{"players": 4, "scoring": "race"}, {"players": 3, "scoring": "dummy", "deals": 2}]
)
def test_royal_steeple_chase_s_exact_layout_counts_the_viewer_s_cards_and_the_horses_run(
    options: dict[str, Any],
) -> None:
    """With a dummy, the places are four for three seats: the dummy is the last place."""
    places = 4
    checked = 0
    for seat, view, vector, at in exact_views("royal_steeple_chase", options):
        assert ("dummy/open" in at) == (options["scoring"] == "dummy")
        assert vector[at[f"phase={view['phase']}"]] == 1.0
        assert vector[at["chips/me"]] == view["chips"][seat]
        for card in set(view["hand"]):
            assert vector[at[f"hand/{card}"]] == view["hand"].count(card)
            checked += 1
        assert sum(vector[at[f"hand/{card}"]] for card in set(view["hand"])) == len(view["hand"])
        for horse in view["horses"]:
            assert vector[at[f"{horse['colour']}/progress"]] == horse["progress"]
            owner = horse["owner"]
            if owner == "dummy":
                assert vector[at[f"{horse['colour']}/owner=left{places - 1 - seat}"]] == 1.0
            elif owner >= 0:
                seen = (owner - seat) % places
                name = "me" if seen == 0 else f"left{seen}"
                assert vector[at[f"{horse['colour']}/owner={name}"]] == 1.0
    assert checked > 50


def test_ascot_s_exact_layout_holds_the_viewer_s_hand_the_cards_bought_and_the_training() -> None:
    options = {"players": 3, "place_bets": True}
    checked = 0
    for seat, view, vector, at in exact_views("ascot", options):
        assert vector[at[f"phase={view['phase']}"]] == 1.0
        assert vector[at["money/left2"]] == view["money"][(seat + 2) % 3]
        assert sum(vector[at[f"hand/{card}"]] for card in view["hands"][seat]) == len(
            view["hands"][seat]
        )
        for card in view["bought"][(seat + 1) % 3]:
            assert vector[at[f"bought/left1/{card}"]] == 1.0
            checked += 1
        for horse, square in view["squares"].items():
            assert vector[at[f"{horse}/training"]] == 1.0
            assert vector[at[f"{horse}/square"]] == square
    assert checked > 50
