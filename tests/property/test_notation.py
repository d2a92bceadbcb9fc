"""Property tests (hypothesis) of Royal Turf's notation and of invariants along random games.

DESIGN.md, "Tests, in layers", 4. The notation is the language of records, the CLI and the wire, so
its parser must be the exact inverse of ``str(action)``, forgiving about case and spacing, and must
answer any other text with a ``NotationError``, never a crash. The invariants are the seed's
(§3: « Un seul cheval [...] par case »; three horses on the podium; money never below zero) and the
material's (every token is in a hand or on the board).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from hippodrome.bots import RandomBot, play_match
from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError, NotationError
from hippodrome.engine.events import Event
from hippodrome.engine.game import State
from hippodrome.games import entry, load_game
from hippodrome.games.royal_turf import events as ev
from hippodrome.games.royal_turf.actions import BETS, DRAWS, MOVES, ROLLS, DrawLot
from hippodrome.games.royal_turf.material import FACES, material
from hippodrome.games.royal_turf.rules import (
    HORSE_IDS,
    PACE_SQUARE,
    PACE_TO_GO,
    SQUARE_AT,
    RoyalTurfState,
)

MAX_PLAYERS = 6
GAME = load_game("royal_turf", players=MAX_PLAYERS)
"""The largest table: every ``lot`` seat is legal notation there."""
ACTIONS: list[Action] = [
    *DRAWS,
    *ROLLS,
    *MOVES,
    *BETS.values(),
    *(DrawLot(p) for p in range(MAX_PLAYERS)),
]
WHITESPACE = " \t\n\r\f\v"
KEYWORDS = ("move", "roll", "bet", "draw", "lot", "MOVE", "Bet", "pace", "")
ARGUMENTS = [
    *HORSE_IDS,
    *FACES,
    *("0", "1", "2", "3", "5", "7", "01", "007", "1000", "-1", "+1", "1.0"),
    *("²", "١", "٣", "½"),  # digits to str.isdigit() (or numeric), not to int()
    *("earl grey", "earl-grey", "othello,", "head cap", ""),
]
"""Words of the notation and near misses, so that generated text often comes close to an action."""

SETTINGS = settings(max_examples=200, deadline=None)
PLAYOUT_SETTINGS = settings(
    max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


def test_every_action_reads_back_from_its_notation() -> None:
    for action in ACTIONS:
        assert GAME.parse_action(str(action)) == action, f"{str(action)!r} reads back wrong"
    notations = [str(a) for a in ACTIONS]
    assert len(set(notations)) == len(notations), "two actions are written the same way"


def test_a_notation_error_is_an_illegal_action_error_and_a_value_error() -> None:
    assert issubclass(NotationError, IllegalActionError)
    assert issubclass(NotationError, ValueError)


@st.composite
def respelled(draw: st.DrawFn) -> tuple[Action, str]:
    """An action and its notation with letters' case changed and whitespace around and between
    the words."""
    action = draw(st.sampled_from(ACTIONS))
    words = str(action).split(" ")
    spaces = st.text(alphabet=WHITESPACE, min_size=1, max_size=3)
    mixed = []
    for word in words:
        flips = draw(st.lists(st.booleans(), min_size=len(word), max_size=len(word)))
        mixed.append("".join(c.upper() if f else c for c, f in zip(word, flips, strict=True)))
    inner = [draw(spaces) for _ in words[1:]]
    text = draw(st.text(alphabet=WHITESPACE, max_size=3)) + mixed[0]
    for gap, word in zip(inner, mixed[1:], strict=True):
        text += gap + word
    return action, text + draw(st.text(alphabet=WHITESPACE, max_size=3))


@SETTINGS
@given(respelled())
def test_notation_ignores_case_and_whitespace(spelled: tuple[Action, str]) -> None:
    action, text = spelled
    assert GAME.parse_action(text) == action, f"{text!r} should read as {str(action)!r}"


def near_misses() -> st.SearchStrategy[str]:
    """A keyword and up to three arguments from the notation's words, spaced any way."""
    gaps = st.text(alphabet=WHITESPACE, min_size=1, max_size=2)
    words = st.tuples(
        st.sampled_from(KEYWORDS), st.lists(st.tuples(gaps, st.sampled_from(ARGUMENTS)), max_size=3)
    )
    return words.map(lambda w: w[0] + "".join(gap + arg for gap, arg in w[1]))


@SETTINGS
@given(st.one_of(st.text(), near_misses()), st.integers(min_value=2, max_value=MAX_PLAYERS))
# Found by this test: str.isdigit() accepts "²", int() then raised a bare ValueError.
@example("bet ² othello", 3)
@example("draw othello ³", 3)
@example("lot ¹", 3)
@example("lot ١", 3)
def test_any_text_reads_as_an_action_that_round_trips_or_is_refused_as_notation(
    text: str, players: int
) -> None:
    game = load_game("royal_turf", players=players)
    try:
        action = game.parse_action(text)
    except NotationError as exc:
        assert exc.params.get("text") == text, "the error does not quote the text it refused"
        return
    # Any other exception escapes and fails the test: the parser must not crash on any text.
    assert game.parse_action(str(action)) == action, (
        f"{text!r} reads as {action!r}, whose notation {str(action)!r} reads back otherwise"
    )


@SETTINGS
@given(st.integers(min_value=2, max_value=MAX_PLAYERS), st.integers(min_value=0, max_value=999))
def test_a_lot_reads_only_for_a_seat_at_the_table(players: int, seat: int) -> None:
    game = load_game("royal_turf", players=players)
    if seat < players:
        assert game.parse_action(f"lot {seat}") == DrawLot(seat)
    else:
        with pytest.raises(NotationError):
            game.parse_action(f"lot {seat}")


# -- invariants along random games ----------------------------------------------------------------

M = material()
OPTION_SETS = entry("royal_turf").conformance_options()


def check_invariants(state: RoyalTurfState, new_events: list[Event]) -> None:
    """Every invariant of a Royal Turf position, with the position in words when one breaks."""
    where = f"race {state.race}, round {state.round}, after {len(state.history)} actions"
    on_track = [h for h in range(len(HORSE_IDS)) if state.to_go[h] > 0]
    squares = [SQUARE_AT[state.to_go[h]] for h in on_track]
    # §3: « Un seul cheval étant autorisé par case », the start squares included (D23)
    assert len(set(squares)) == len(squares), f"{where}: two horses share a square: {squares}"
    for h in on_track:
        square = SQUARE_AT[state.to_go[h]]
        assert state.occupant[square] == h, (
            f"{where}: {HORSE_IDS[h]} stands on {square}, the board says otherwise"
        )
    assert sum(1 for o in state.occupant if o >= 0) == len(on_track), (
        f"{where}: the board holds a horse that is not on the track"
    )
    # §3 Arrivée: the race stops as the third horse crosses.
    assert len(state.podium) <= 3, f"{where}: {len(state.podium)} horses on the podium"
    assert len(set(state.podium)) == len(state.podium), f"{where}: a horse placed twice"
    assert all(state.to_go[h] == 0 for h in state.podium), f"{where}: a placed horse runs on"
    assert all(m >= 0 for m in state.money()), f"{where}: someone owes money: {state.money()}"
    if state.pace >= 0:
        assert 0 <= state.to_go[state.pace] <= PACE_TO_GO, (
            f"{where}: {HORSE_IDS[state.pace]} has the pace token short of square {PACE_SQUARE}"
        )
    tokens = sorted(state.game.tokens)
    for p, hand in enumerate(state.hands):
        mine = [(h, t) for q, h, t in state.bets if q == p]
        assert sorted(hand + [t for _, t in mine]) == tokens, (
            f"{where}: seat {p}'s tokens in hand {hand} and on the board {mine} are not {tokens}"
        )
        horses = [h for h, _ in mine]
        assert len(set(horses)) == len(horses), f"{where}: seat {p} bet twice on one horse"
        assert len(mine) <= M.bets_per_race, f"{where}: seat {p} placed {len(mine)} tokens"
    for event in new_events:
        if isinstance(event, ev.HorseMoved) and event.end:
            # Squares rise in the running direction round the lap, over the line from 33 to 1 (D1).
            assert 0 <= (event.end - event.start) % M.squares <= event.rolled, (
                f"{where}: {event.horse} went from {event.start} to {event.end} on a {event.rolled}"
            )


@PLAYOUT_SETTINGS
@given(st.integers(min_value=0, max_value=2**64 - 1), st.sampled_from(OPTION_SETS))
def test_random_games_keep_every_invariant(seed: int, options: dict[str, Any]) -> None:
    game = load_game("royal_turf", **options)

    def check(state: State, new_events: list[Event]) -> None:
        assert isinstance(state, RoyalTurfState)
        check_invariants(state, new_events)

    final = play_match(
        game, [RandomBot() for _ in range(game.num_players)], seed=seed, on_events=check
    )
    assert final.is_terminal()
    assert isinstance(final, RoyalTurfState) and final.race == M.races


@PLAYOUT_SETTINGS
@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_a_random_position_survives_its_json(seed: int) -> None:
    # A position anywhere in a random game, not only where the conformance suite samples.
    rng = random.Random(seed)
    game = load_game("royal_turf", **rng.choice(OPTION_SETS))
    final = play_match(game, [RandomBot() for _ in range(game.num_players)], seed=seed)
    stop = rng.randrange(len(final.history) + 1)
    state = game.new_initial_state()
    for player, action in final.history[:stop]:
        state.apply(action, player)
    written = state.to_json()
    assert game.state_from_json(written).to_json() == written, (
        f"the position after {stop} actions does not survive its JSON"
    )
