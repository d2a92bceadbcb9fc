"""Royal Turf scenario tests: one rule each, with forced chance.

Every test names the seed sentence (``shared/seeds/003_901e410e4ee2266a.txt``, sections §1 Préparation,
§2 Paris, §3 Course, §4 Gains) or the decision ``Dn`` of ``docs/rules/royal_turf.md`` that it pins.
Positions are reached either by forcing chance outcomes (``draw``, ``lot``, ``roll``) or by writing a
state document, as a FEN. Expected squares and payouts are computed from the material (card values,
payout table), never copied from a run of the engine.

A position says where each horse is by the squares it still has to run to the line (``to_go``, D1):
34 to 40 on the start squares 33 to 27, ``lap(q)`` on square ``q`` of its lap, 0 across the line.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, TypeVar

import pytest

import hippodrome
from hippodrome.engine import CHANCE, Event, Game, IllegalActionError, State
from hippodrome.games.royal_turf import events as ev
from hippodrome.games.royal_turf.material import FACES, material

M = material()
HORSES = tuple(h.id for h in M.horses)
"""earl_grey, albino, sahara, caramello, rubino, moka, othello: also the draw order used below."""
START = {h: 33 - i for i, h in enumerate(HORSES)}
"""Where ``draw_field`` puts each horse: the seed's squares 33 (first drawn) down to 27."""
PACE = M.pace_to_go
"""The squares to go on the pace square 18: 16."""


def lap(square: int) -> int:
    """The squares to go of a horse on ``square`` of its lap (square 1 just past the line: 33)."""
    return M.squares + 1 - square


def on_grid(square: int) -> int:
    """The squares to go of a horse still on start square ``square`` (33: 34, 27: 40)."""
    return M.start_to_go(square)


def square_of(to_go: int) -> int:
    """The square a horse with ``to_go`` squares still to run stands on (0 across the line)."""
    return M.square_at(to_go)


Bets = Sequence[tuple[int, str, int]]
"""(player, horse, token) in the order placed."""

DEFAULT_BETS: Bets = (
    (0, "earl_grey", 2),
    (1, "caramello", 2),
    (2, "othello", 2),
    (0, "albino", 1),
    (1, "rubino", 1),
    (2, "earl_grey", 1),
    (0, "sahara", 1),
    (1, "moka", 1),
    (2, "albino", 1),
)

E = TypeVar("E", bound=Event)


# -- helpers ----------------------------------------------------------------------------------------


def new_game(
    players: int = 3,
    *,
    zero_tokens: bool = False,
    hidden_bets: bool = False,
    pace_bonus_any_place: bool = False,
) -> Game[Any]:
    return hippodrome.load_game(
        "royal_turf",
        players=players,
        zero_tokens=zero_tokens,
        hidden_bets=hidden_bets,
        pace_bonus_any_place=pace_bonus_any_place,
    )


def act(state: State, *notations: str, player: int | None = None) -> list[Event]:
    """Apply each action written in notation (validated); return every event they made."""
    out: list[Event] = []
    for text in notations:
        out += state.apply(state.game.parse_action(text), player)
    return out


def of_type(events: Iterable[Event], kind: type[E]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def value(horse: str, card: int, face: str) -> int:
    """Squares moved by ``horse`` holding its card ``card`` when the die shows ``face``."""
    found = [c for c in M.cards if M.horses[c.horse].id == horse and c.number == card]
    assert len(found) == 1
    return found[0].values[FACES.index(face)]


def tokens_of(game: Game[Any]) -> list[int]:
    extra = list(M.variant_tokens) if game.options.zero_tokens else []
    return sorted(list(M.standard_tokens) + extra)


def pos(state: State) -> dict[str, Any]:
    return state.position_json()


def to_go(state: State, horse: str) -> int | None:
    """The squares ``horse`` still has to run, as the position document says."""
    found: int | None = pos(state)["horses"][horse]["to_go"]
    return found


def square(state: State, horse: str) -> int | None:
    """The square ``horse`` stands on, as every seat sees it (0 across the line)."""
    (found,) = (h["square"] for h in state.observation(None)["horses"] if h["id"] == horse)
    assert found is None or found == square_of(to_go(state, horse) or 0)
    return found  # type: ignore[no-any-return]


def behind(horses: Iterable[str], skip: int) -> dict[str, int]:
    """``horses`` on squares 17, 16, ... of their lap, all short of the pace square (17, 18, ... to
    go), leaving ``skip`` to go free."""
    free = (t for t in range(PACE + 1, M.squares + 1) if t != skip)
    return dict(zip(horses, free, strict=False))


def draw_field(state: State, card: int = 1) -> list[Event]:
    """§1: draw card ``card`` of every horse, in the order of ``HORSES``."""
    return act(state, *(f"draw {h} {card}" for h in HORSES))


def betting_state(game: Game[Any], first: int = 0) -> State:
    """A race-1 state whose field is drawn and whose lot made ``first`` the first bettor."""
    state = game.new_initial_state()
    draw_field(state)
    act(state, f"lot {first}")
    return state


def racing_state(game: Game[Any], first: int = 0, bets: Bets = DEFAULT_BETS) -> State:
    """A race-1 state at the first roll, reached by real draws, lot and bets.

    Each player's bets are placed in the order listed, in turn from ``first``."""
    state = betting_state(game, first)
    place_bets(state, first, bets)
    return state


def place_bets(state: State, first: int, bets: Bets) -> None:
    n = state.game.num_players
    mine = {p: [(h, t) for q, h, t in bets if q == p] for p in range(n)}
    for k in range(len(bets) // n):
        for i in range(n):
            player = (first + i) % n
            horse, token = mine[player][k]
            act(state, f"bet {token} {horse}", player=player)


def position(
    game: Game[Any],
    squares: Mapping[str, int],
    *,
    podium: Sequence[str] = (),
    cards: Mapping[str, int] | None = None,
    moved: Iterable[str] = (),
    pace: str | None = None,
    bets: Bets = DEFAULT_BETS,
    money: Sequence[int] | None = None,
    turn: int = 0,
    first_player: int = 0,
    rolled: str | None = "head",
    race: int = 1,
    round_: int = 1,
) -> State:
    """A racing position written as a state document (the FEN of this game).

    ``squares`` gives the squares to go of every horse not on the podium; podium horses have 0 to go.
    Unplaced tokens are the player's tokens minus those in ``bets``.
    """
    doc = game.new_initial_state().to_json()
    n = game.num_players
    moved = set(moved)
    horses = {}
    for h in HORSES:
        horses[h] = {
            "card": (cards or {}).get(h, 1),
            "to_go": 0 if h in podium else squares[h],
            "moved": h in moved,
        }
    hands = []
    for p in range(n):
        hand = tokens_of(game)
        for q, _, token in bets:
            if q == p:
                hand.remove(token)
        hands.append(hand)
    doc["position"] = {
        "race": race,
        "phase": "racing",
        "round": round_,
        "money": list(money) if money is not None else [0] * n,
        "horses": horses,
        "podium": list(podium),
        "last": None,
        "pace": pace,
        "bets": [list(b) for b in bets],
        "hands": hands,
        "first_player": first_player,
        "turn": turn,
        "rolled": rolled,
    }
    doc["history"] = []
    return game.state_from_json(doc)


def draw_phase(game: Game[Any], *, race: int, money: Sequence[int]) -> State:
    """The start of race ``race`` (§1, nothing drawn yet) with the given fortunes."""
    doc = game.new_initial_state().to_json()
    doc["position"]["race"] = race
    doc["position"]["money"] = list(money)
    return game.state_from_json(doc)


# A field near the finish (squares to go): Earl Grey and Albino are across the line (1st and 2nd),
# Sahara stands on square 33, the last of its lap, and crosses with any roll (every card value is at
# least 1), Othello is the rearmost horse, Moka holds the pace token. Player 0 is to move, the die
# shows a head.
FINISH_SQUARES = {"sahara": 1, "caramello": 10, "rubino": 12, "moka": 15, "othello": 20}
FINISH_PODIUM = ("earl_grey", "albino")


def finish_race(
    game: Game[Any],
    bets: Bets,
    *,
    money: Sequence[int] | None = None,
    race: int = 1,
    pace: str = "moka",
    squares: Mapping[str, int] = FINISH_SQUARES,
) -> tuple[State, list[Event]]:
    """Play the move that brings Sahara across as third horse; return the state and the events."""
    state = position(
        game, squares, podium=FINISH_PODIUM, pace=pace, bets=bets, money=money, race=race
    )
    return state, act(state, "move sahara")


# -- §1 Préparation d'une course --------------------------------------------------------------------


def test_draw_places_horses_from_square_33_down_to_27_in_draw_order() -> None:
    """§1: « on place le pion cheval de même couleur sur la case 33 [...] le deuxième cheval sur la
    case 32, puis 31, etc. [...] de la case 33 à la case 27 »."""
    state = new_game().new_initial_state()
    order = ("othello", "albino", "moka", "earl_grey", "rubino", "caramello", "sahara")
    events = act(state, *(f"draw {h} {1 + i % 3}" for i, h in enumerate(order)))
    drawn = of_type(events, ev.CardDrawn)
    assert [(e.horse, e.square) for e in drawn] == [(h, 33 - i) for i, h in enumerate(order)]
    for i, h in enumerate(order):
        assert square(state, h) == 33 - i
        assert pos(state)["horses"][h]["card"] == 1 + i % 3
    assert pos(state)["phase"] == "lot"  # everyone is tied at 0: the lot follows (D4)


def test_the_first_horse_drawn_stands_on_33_just_behind_the_line() -> None:
    """§1: « on place le pion cheval de même couleur sur la case 33, juste derrière la ligne de
    départ »: the line is just in front of square 33, so the first horse drawn is the front of the
    grid, with one square to the line and the lap after it (D1)."""
    state = new_game().new_initial_state()
    events = act(state, "draw moka 2")
    assert of_type(events, ev.CardDrawn) == [ev.CardDrawn("moka", 2, 33)]
    assert (square(state, "moka"), to_go(state, "moka")) == (33, M.squares + 1)
    act(state, "draw albino 1")
    # The second horse lines up behind the first: one square further from the line.
    assert (square(state, "albino"), to_go(state, "albino")) == (32, M.squares + 2)


def test_each_start_square_runs_34_to_40_squares_to_the_line() -> None:
    """D1: a race is the run to the line, the whole lap, and the line again: 34 squares from 33 (the
    first horse drawn), 35 from 32, ... 40 from 27 (the seventh)."""
    assert M.start_squares == (33, 32, 31, 30, 29, 28, 27)
    assert [M.start_to_go(sq) for sq in M.start_squares] == list(range(34, 41))
    state = new_game().new_initial_state()
    draw_field(state)
    assert [to_go(state, h) for h in HORSES] == list(range(34, 41))
    assert [h["to_go"] for h in state.observation(None)["horses"]] == list(range(34, 41))


def test_a_horse_leaving_its_start_square_crosses_the_line_to_square_1() -> None:
    """§1, §3: from square 33, just behind the line, a move of n squares crosses the start line and
    ends on square n of the lap (D1)."""
    state = new_game().new_initial_state()
    act(state, *(f"draw {h} 1" for h in HORSES), "lot 0")
    place_bets(state, 0, DEFAULT_BETS)
    rolled = value("earl_grey", 1, "head")
    events = act(state, "roll head", "move earl_grey")
    assert of_type(events, ev.HorseMoved) == [ev.HorseMoved(0, "earl_grey", rolled, 33, rolled)]
    assert (square(state, "earl_grey"), to_go(state, "earl_grey")) == (rolled, 34 - rolled)
    assert of_type(events, ev.HorseArrived) == []


def test_draw_outcomes_are_the_cards_of_horses_not_yet_placed_uniformly() -> None:
    """D2: drawing until seven different horses are out is one chance node per horse placed, whose
    outcomes are the cards of the horses not yet placed, equally likely."""
    state = new_game().new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 21
    assert all(p == pytest.approx(1 / 21) for _, p in outcomes)
    act(state, "draw othello 2")
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 18
    assert not any(str(a).startswith("draw othello") for a, _ in outcomes)
    assert all(p == pytest.approx(1 / 18) for _, p in outcomes)
    act(state, *(f"draw {h} 3" for h in HORSES[:5]))  # six horses placed, Moka remains
    outcomes = state.chance_outcomes()
    assert sorted(str(a) for a, _ in outcomes) == ["draw moka 1", "draw moka 2", "draw moka 3"]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)


def test_card_of_a_horse_already_placed_is_not_a_draw() -> None:
    """§1: « jusqu'à ce qu'on ait tiré 7 cartes différentes »: a second card of a placed horse goes
    back to the pile (D2); forcing it is refused with the horse named."""
    state = new_game().new_initial_state()
    act(state, "draw othello 2")
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        act(state, "draw othello 1")
    assert "Othello" in str(err.value)
    assert state.to_json() == before


@pytest.mark.parametrize(("zero_tokens", "hand"), [(False, [1, 1, 2]), (True, [0, 1, 1, 2])])
def test_each_player_takes_tokens_1_1_2_and_the_0_in_the_variant(
    zero_tokens: bool, hand: list[int]
) -> None:
    """§1: « Chacun prend les jetons-Paris 1, 1 et 2 de sa couleur. Variante - on prend aussi les
    pions 0. »"""
    state = new_game(4, zero_tokens=zero_tokens).new_initial_state()
    assert pos(state)["hands"] == [hand] * 4


def test_nobody_starts_with_money() -> None:
    """D3: « Etre le plus riche au terme des 3 courses » gives no starting money: everyone has 0."""
    assert list(new_game(5).new_initial_state().money()) == [0] * 5


# -- §2 Paris ---------------------------------------------------------------------------------------


def test_first_race_lot_is_drawn_among_all_players() -> None:
    """§2: « Le plus riche commence à parier, on tire au sort en cas d'égalité. » In race 1 everyone
    has 0, so the lot is among all players (D4)."""
    state = new_game(4).new_initial_state()
    draw_field(state)
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == ["lot 0", "lot 1", "lot 2", "lot 3"]
    assert all(p == pytest.approx(1 / 4) for _, p in outcomes)
    events = act(state, "lot 2")
    assert of_type(events, ev.FirstBettor) == [ev.FirstBettor(2, True)]
    assert state.active_players() == (2,)


def test_lot_is_drawn_only_among_the_tied_richest() -> None:
    """§2: « on tire au sort en cas d'égalité »: the tie that matters is among the richest; a
    poorer player has no chance in the lot."""
    state = draw_phase(new_game(), race=2, money=[300, 0, 300])
    draw_field(state)
    outcomes = state.chance_outcomes()
    assert [str(a) for a, _ in outcomes] == ["lot 0", "lot 2"]
    assert all(p == pytest.approx(0.5) for _, p in outcomes)
    with pytest.raises(IllegalActionError):
        act(state, "lot 1")


def test_the_richest_alone_bets_first_without_a_lot() -> None:
    """§2: « Le plus riche commence à parier »: no lot when one player is richest."""
    state = draw_phase(new_game(), race=2, money=[0, 500, 200])
    events = draw_field(state)
    assert not state.is_chance_node()
    assert pos(state)["phase"] == "betting"
    assert of_type(events, ev.FirstBettor) == [ev.FirstBettor(1, False)]
    assert state.active_players() == (1,)


def test_betting_goes_three_times_round_clockwise_from_the_first_bettor() -> None:
    """§2: « On tourne ensuite dans le sens des aiguilles d'une montre. Trois fois de suite, chacun va
    parier un jeton-Paris »; §3: « Le joueur ayant commencé à parier joue en premier » (D5)."""
    game = new_game()
    state = betting_state(game, first=1)
    seen = []
    choices = iter(
        [
            "bet 2 othello",
            "bet 2 moka",
            "bet 2 albino",
            "bet 1 moka",
            "bet 1 othello",
            "bet 1 sahara",
            "bet 1 earl_grey",
            "bet 1 rubino",
            "bet 1 caramello",
        ]
    )
    events: list[Event] = []
    while pos(state)["phase"] == "betting":
        (player,) = state.active_players()
        seen.append(player)
        events += act(state, next(choices), player=player)
    assert seen == [1, 2, 0] * 3
    assert pos(state)["hands"] == [[], [], []]
    assert of_type(events, ev.RaceOff) == [ev.RaceOff(1)]
    assert state.is_chance_node()  # the first bettor rolls first
    act(state, "roll cap")
    assert state.active_players() == (1,)


def test_same_horse_twice_is_refused_and_the_state_is_unchanged() -> None:
    """§2: « Un joueur ne peut pas parier deux fois sur le même cheval »."""
    game = new_game()
    state = betting_state(game, first=0)
    act(state, "bet 1 othello", player=0)
    act(state, "bet 1 moka", player=1)
    act(state, "bet 1 moka", player=2)  # another player may bet on the same horse
    before, n_events = state.to_json(), len(state.events)
    with pytest.raises(IllegalActionError) as err:
        act(state, "bet 2 othello", player=0)
    assert "Othello" in str(err.value)
    assert "already bet" in str(err.value)
    assert state.to_json() == before
    assert len(state.events) == n_events
    assert all("othello" not in str(a) for a in state.legal_actions(0))


def test_a_token_not_held_is_refused() -> None:
    """§1-§2: the tokens are 1, 1 and 2: once the 2 is placed, a second 2 cannot be bet."""
    state = betting_state(new_game(), first=0)
    act(state, "bet 2 othello", player=0)
    act(state, "bet 1 moka", player=1)
    act(state, "bet 1 moka", player=2)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        act(state, "bet 2 albino", player=0)
    assert "no 2 token" in str(err.value)
    assert "1, 1" in str(err.value)  # what the player still holds
    assert state.to_json() == before
    assert {str(a).split()[1] for a in state.legal_actions(0)} == {"1"}


def test_a_bet_out_of_turn_is_refused() -> None:
    """§2: players bet in turn, clockwise from the first bettor."""
    state = betting_state(new_game(), first=0)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        act(state, "bet 1 othello", player=1)
    assert "not seat 1's turn" in str(err.value)
    assert state.to_json() == before
    assert state.legal_actions(1) == []


def test_zero_token_variant_places_three_of_four_tokens() -> None:
    """§2: « Trois fois de suite, chacun va parier un jeton-Paris (0, 1, 1, ou 2) »: in the variant a
    player holds four tokens and places three of them; the fourth stays unused (D5)."""
    game = new_game(2, zero_tokens=True)
    state = betting_state(game, first=0)
    for text in ("bet 0 othello", "bet 2 moka", "bet 1 moka", "bet 1 othello", "bet 2 sahara"):
        act(state, text)
    assert pos(state)["phase"] == "betting"
    act(state, "bet 0 sahara")
    assert pos(state)["phase"] == "racing"
    assert pos(state)["hands"] == [[1], [1]]
    assert [b[2] for b in pos(state)["bets"]] == [0, 2, 1, 1, 2, 0]


def test_no_move_while_betting_and_no_bet_while_racing() -> None:
    """§2 then §3: bets are placed before the race; horses move only during it."""
    state = betting_state(new_game(), first=0)
    with pytest.raises(IllegalActionError) as err:
        act(state, "move othello", player=0)
    assert "once the bets are placed" in str(err.value)
    state = racing_state(new_game())
    act(state, "roll head")
    with pytest.raises(IllegalActionError) as err:
        act(state, "bet 1 othello", player=0)
    assert "before the race" in str(err.value)


# -- §3 Course --------------------------------------------------------------------------------------


def test_die_has_three_heads_a_cap_a_saddle_and_a_shoe() -> None:
    """§3: « Il lance le dé »; the die shows three horse heads, a cap, a saddle, a horseshoe."""
    state = racing_state(new_game())
    outcomes = {str(a): p for a, p in state.chance_outcomes()}
    assert outcomes == pytest.approx(
        {"roll head": 3 / 6, "roll cap": 1 / 6, "roll saddle": 1 / 6, "roll shoe": 1 / 6}
    )


def test_a_horse_moves_its_card_value_for_the_symbol_round_the_lap() -> None:
    """§3: « Le cheval avance du nombre de cases indiquées sur la carte-cheval, à côté du symbole
    obtenu aux dés »; squares rise in the running direction, round the lap (D1, D20)."""
    state = new_game().new_initial_state()
    act(state, *(f"draw {h} 2" for h in HORSES), "lot 0")
    place_bets(state, 0, DEFAULT_BETS)
    rolled = value("othello", 2, "saddle")
    assert rolled >= 7  # from square 27, the back of the grid, past the six horses ahead
    events = act(state, "roll saddle", "move othello")
    expected = START["othello"] + rolled - M.squares  # over the line, onto the lap
    assert square(state, "othello") == expected
    assert to_go(state, "othello") == 40 - rolled
    assert of_type(events, ev.HorseMoved) == [
        ev.HorseMoved(0, "othello", rolled, START["othello"], expected)
    ]
    assert pos(state)["horses"]["othello"]["moved"] is True


def test_the_roller_must_move_an_unmoved_horse_even_a_rivals() -> None:
    """§3: « choisit ensuite quel cheval avance (parmi ceux qui n'ont pas encore avancé ce tour) »:
    any unmoved horse, whoever bet on it; there is no pass (D7)."""
    state = racing_state(new_game())
    act(state, "roll head")
    assert sorted(str(a) for a in state.legal_actions(0)) == sorted(f"move {h}" for h in HORSES)
    act(state, "move moka")  # nobody but player 1 bet on Moka
    act(state, "roll head")
    assert "move moka" not in [str(a) for a in state.legal_actions(1)]


def test_a_horse_that_has_moved_this_round_is_refused() -> None:
    """§3: « parmi ceux qui n'ont pas encore avancé ce tour »."""
    state = racing_state(new_game())
    act(state, "roll head", "move othello", "roll cap")
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        act(state, "move othello")
    assert "Othello has already moved this round" in str(err.value)
    assert state.to_json() == before


def test_no_move_before_the_roll() -> None:
    """§3: « Il lance le dé, et choisit ensuite »: the die comes first."""
    state = racing_state(new_game())
    with pytest.raises(IllegalActionError) as err:
        act(state, "move othello", player=0)
    assert "chance event" in str(err.value)


def test_the_player_to_move_rolls_the_die_himself() -> None:
    """§3: « Il lance le dé »: the roll is the gesture of the player whose turn it is, so a front end
    waits for him (``chance_roller``); the card draw and the lot are nobody's gesture."""
    game = new_game(players=3)
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_roller() is None, "the card draw"
    draw_field(state)
    assert state.chance_roller() is None, "the lot for the first bettor"
    act(state, "lot 1")
    assert state.chance_roller() is None, "betting is not a chance node"
    place_bets(state, 1, DEFAULT_BETS)
    assert state.is_chance_node() and state.chance_roller() == 1, "the first bettor rolls first"
    act(state, "roll cap", "move othello")
    assert state.chance_roller() == 2, "then the next player clockwise"


def test_rounds_reset_when_all_seven_have_moved_and_the_turn_passes_on() -> None:
    """§3: « Quand les 7 chevaux ont avancé, on recolle les cartes-chevaux au plateau, et on
    continue »; « on continue ensuite dans le sens des aiguilles d'une montre »: the turn goes on
    round the table across rounds, it does not restart at the first player (D6)."""
    state = racing_state(new_game(), first=2)
    rollers = []
    for horse in reversed(HORSES):  # front horse first
        act(state, "roll head")
        (player,) = state.active_players()
        rollers.append(player)
        assert len(state.legal_actions(player)) == 7 - len(rollers) + 1
        act(state, f"move {horse}")
    assert rollers == [2, 0, 1, 2, 0, 1, 2]
    assert pos(state)["round"] == 2
    assert not any(h["moved"] for h in pos(state)["horses"].values())
    act(state, "roll head")
    assert state.active_players() == (0,)  # the player after the 7th roller, not the first bettor
    assert len(state.legal_actions(0)) == 7


def test_a_round_ends_when_every_horse_still_running_has_moved() -> None:
    """§3: « Quand les 7 chevaux ont avancé »: horses across the line take no further part, so the
    round ends when the horses still on the track have all moved (D7)."""
    track = {"sahara": 10, "caramello": 12, "rubino": 14, "moka": 16, "othello": 20}
    state = position(
        new_game(),
        {**track, "albino": 25},
        podium=("earl_grey",),
        moved=("sahara", "caramello", "rubino", "moka", "othello"),
        pace="sahara",
    )
    assert [str(a) for a in state.legal_actions(0)] == ["move albino"]
    act(state, "move albino")
    assert pos(state)["round"] == 2
    act(state, "roll head")
    legal = sorted(str(a) for a in state.legal_actions(1))
    assert legal == sorted(f"move {h}" for h in HORSES if h != "earl_grey")
    act(state, "move othello")
    for horse in ("albino", "sahara", "caramello", "rubino", "moka"):  # the six runners, once each
        act(state, "roll cap", f"move {horse}")
    assert pos(state)["podium"] == ["earl_grey"]  # nobody else crossed: still six runners
    assert pos(state)["round"] == 3


def test_a_blocked_horse_stops_on_the_nearest_free_square_behind() -> None:
    """§3: « Un seul cheval étant autorisé par case, la longueur du déplacement est diminuée d'autant
    de cases nécessaires » (D8)."""
    rolled = value("othello", 2, "saddle")
    assert rolled >= 3
    land = 4 + rolled  # from square 4 of the lap
    squares = {
        "othello": lap(4),
        "moka": lap(land),
        "rubino": lap(land - 1),
        "earl_grey": on_grid(27),
        "albino": on_grid(28),
        "sahara": on_grid(29),
        "caramello": lap(25),
    }
    state = position(new_game(), squares, cards={"othello": 2}, rolled="saddle", pace="caramello")
    events = act(state, "move othello")
    assert square(state, "othello") == land - 2
    assert of_type(events, ev.HorseMoved) == [ev.HorseMoved(0, "othello", rolled, 4, land - 2)]
    assert of_type(events, ev.HorseBlocked) == [ev.HorseBlocked("othello", rolled, rolled - 2)]
    assert square(state, "moka") == land
    assert square(state, "rubino") == land - 1


def test_a_blocked_horse_may_stop_back_behind_the_start_line() -> None:
    """§3: « la longueur du déplacement est diminuée d'autant de cases nécessaires »: the nearest free
    square behind a horse leaving the grid may be a start square, behind the line (D8, D1)."""
    rolled = value("othello", 1, "head")
    assert rolled == 6  # from start square 31 to square 4 of the lap
    squares = {
        "othello": on_grid(31),
        "earl_grey": lap(1),
        "albino": lap(2),
        "sahara": lap(3),
        "caramello": lap(4),
        "rubino": lap(12),
        "moka": lap(14),
    }
    state = position(new_game(), squares)
    events = act(state, "move othello")
    assert of_type(events, ev.HorseMoved) == [ev.HorseMoved(0, "othello", rolled, 31, 33)]
    assert of_type(events, ev.HorseBlocked) == [ev.HorseBlocked("othello", rolled, 2)]
    assert (square(state, "othello"), to_go(state, "othello")) == (33, 34)


def test_a_blocked_horse_may_not_move_at_all() -> None:
    """§3: « la longueur du déplacement est diminuée [...] (même jusqu'à 0 case!) »; the horse still
    counts as having moved this round (D8)."""
    rolled = value("othello", 1, "cap")
    assert 1 <= rolled <= 6
    others = [h for h in HORSES if h != "othello"]
    squares = {
        h: lap(10 + 1 + i) for i, h in enumerate(others[:rolled])
    }  # 11, 12, ... every square
    squares.update({h: on_grid(27 + i) for i, h in enumerate(others[rolled:])})  # the rest behind
    squares["othello"] = lap(10)
    state = position(new_game(), squares, rolled="cap")
    events = act(state, "move othello")
    assert square(state, "othello") == 10
    assert of_type(events, ev.HorseMoved) == [ev.HorseMoved(0, "othello", rolled, 10, 10)]
    assert of_type(events, ev.HorseBlocked) == [ev.HorseBlocked("othello", rolled, 0)]
    assert pos(state)["horses"]["othello"]["moved"] is True


def test_horses_pass_over_other_horses() -> None:
    """§3: only the landing square must be free: « Un seul cheval étant autorisé par case »
    restricts where a horse stops, not what it passes (D8)."""
    rolled = value("othello", 2, "saddle")
    assert rolled >= 4
    squares = {
        "othello": lap(4),
        "moka": lap(5),
        "rubino": lap(4 + rolled - 1),
        "sahara": lap(4 + rolled // 2),
        "earl_grey": on_grid(27),
        "albino": on_grid(28),
        "caramello": on_grid(29),
    }
    state = position(new_game(), squares, cards={"othello": 2}, rolled="saddle")
    events = act(state, "move othello")
    assert square(state, "othello") == 4 + rolled
    assert of_type(events, ev.HorseBlocked) == []


def test_squares_beyond_the_line_are_never_blocked() -> None:
    """§3 Arrivée: « Les 3 premiers chevaux à arriver sont placés sur le podium 1, 2 et 3 »: a horse
    crossing the line is never stopped by the horses already across, nor by one on square 33, the last
    of the lap (D8)."""
    assert value("albino", 1, "head") >= 2
    squares = {"albino": 2, "sahara": 1, "caramello": 10, "rubino": 12, "moka": 15, "othello": 20}
    assert (square_of(2), square_of(1)) == (32, 33)
    state = position(new_game(), squares, podium=("earl_grey",), pace="moka")
    events = act(state, "move albino")
    assert square(state, "albino") == 0
    assert pos(state)["podium"] == ["earl_grey", "albino"]
    assert of_type(events, ev.HorseArrived) == [ev.HorseArrived("albino", 2)]
    assert of_type(events, ev.HorseBlocked) == []


def test_pace_is_taken_by_the_first_horse_ending_on_square_18() -> None:
    """§3 Case Pace: « Le premier cheval arrivant ou dépassant la case 18 « Pace », bénéficie du jeton
    Pace » (D9)."""
    rolled = value("othello", 2, "saddle")
    squares = behind(HORSES[:6], skip=PACE + rolled)
    squares["othello"] = PACE + rolled
    state = position(new_game(), squares, cards={"othello": 2}, rolled="saddle")
    events = act(state, "move othello")
    assert square(state, "othello") == 18
    assert to_go(state, "othello") == PACE == 16
    assert of_type(events, ev.PaceTaken) == [ev.PaceTaken("othello")]
    assert pos(state)["pace"] == "othello"
    assert state.observation(None)["pace"] == {"square": 18, "horse": "othello"}


def test_pace_is_taken_by_a_horse_passing_square_18() -> None:
    """§3 Case Pace: « arrivant ou dépassant la case 18 »."""
    rolled = value("othello", 2, "saddle")
    squares = behind(HORSES[:6], skip=PACE - 1 + rolled)
    squares["othello"] = PACE - 1 + rolled
    state = position(new_game(), squares, cards={"othello": 2}, rolled="saddle")
    events = act(state, "move othello")
    assert square(state, "othello") == 19
    assert of_type(events, ev.PaceTaken) == [ev.PaceTaken("othello")]


def test_pace_is_taken_by_a_horse_crossing_the_line_from_behind_18() -> None:
    """§3 Case Pace: « dépassant la case 18 » includes a move that goes past 18 and across the line:
    that horse takes the pace token and the first podium place (D9)."""
    rolled = value("moka", 3, "saddle")
    assert rolled >= 19
    squares = {h: on_grid(27 + i) for i, h in enumerate(HORSES[:5])}
    squares.update({"othello": lap(14), "moka": lap(15)})  # 20 and 19 to go, short of 18
    state = position(new_game(), squares, cards={"moka": 3}, rolled="saddle")
    events = act(state, "move moka")
    assert of_type(events, ev.PaceTaken) == [ev.PaceTaken("moka")]
    assert of_type(events, ev.HorseArrived) == [ev.HorseArrived("moka", 1)]
    assert pos(state)["pace"] == "moka"


def test_pace_is_not_taken_by_a_horse_blocked_short_of_18() -> None:
    """§3 Case Pace: « arrivant ou dépassant la case 18 » is judged where the move ends: a horse
    whose roll would take it to 18 or nearer but that is stopped behind 18 does not take the token
    (D9).
    (In play the blocker on 18 would have taken it; the position is written to pin the rule.)"""
    rolled = value("othello", 1, "cap")
    assert (
        2 <= rolled <= 7
    )  # from square 16 it lands on 18 or beyond, and the other six horses can fill back to 18
    others = [h for h in HORSES if h != "othello"]
    squares = {h: lap(16 + rolled - i) for i, h in enumerate(others[: rolled - 1])}  # down to 18
    squares.update({h: on_grid(27 + i) for i, h in enumerate(others[rolled - 1 :])})
    squares["othello"] = lap(16)
    state = position(new_game(), squares, rolled="cap")
    events = act(state, "move othello")
    assert square(state, "othello") == 17
    assert of_type(events, ev.PaceTaken) == []
    assert pos(state)["pace"] is None


def test_pace_goes_only_to_the_first_horse() -> None:
    """§3 Case Pace: « Le premier cheval arrivant ou dépassant la case 18 »: later horses don't."""
    rolled = value("othello", 2, "saddle")
    squares = {h: on_grid(27 + i) for i, h in enumerate(HORSES[:5])}
    squares.update({"moka": lap(20), "othello": lap(19 - rolled)})
    state = position(new_game(), squares, cards={"othello": 2}, rolled="saddle", pace="moka")
    events = act(state, "move othello")
    assert square(state, "othello") == 19
    assert of_type(events, ev.PaceTaken) == []
    assert pos(state)["pace"] == "moka"


def test_a_horse_on_its_start_square_has_not_reached_the_pace_square() -> None:
    """§3 Case Pace: « arrivant ou dépassant la case 18 » is on the lap: a horse moving up the grid
    from 27 stands on a square numbered above 18, but behind the line, and takes nothing (D1, D9)."""
    rolled = value("othello", 1, "cap")
    assert 1 <= rolled <= 6  # from 27 it stays on the grid
    squares = {h: lap(17 - i) for i, h in enumerate(HORSES[:6])}  # all short of 18
    squares["othello"] = on_grid(27)
    state = position(new_game(), squares, rolled="cap")
    events = act(state, "move othello")
    assert square(state, "othello") == 27 + rolled
    assert to_go(state, "othello") == 40 - rolled
    assert of_type(events, ev.PaceTaken) == []
    assert pos(state)["pace"] is None


def test_the_pace_square_is_on_the_lap_18_to_24_squares_from_the_start() -> None:
    """§1: « Le jeton Pace [...] est posé sur la case 18 »: 18 squares from the front of the grid (33),
    24 from its back (27), 16 before the finish: a little past halfway (D1, D9)."""
    assert (M.pace_square, PACE) == (18, 16)
    assert [M.start_to_go(sq) - PACE for sq in M.start_squares] == list(range(18, 25))
    assert square_of(PACE) == 18
    state = position(new_game(), {**behind(HORSES, skip=0)})
    assert state.observation(None)["pace"]["square"] == 18


def test_a_horse_crosses_the_line_at_the_end_of_its_lap() -> None:
    """D1: square 33 is also the last square of the lap: from there any move crosses the line and the
    horse takes its place (§3 Arrivée), where a horse starting on 33 has the whole lap ahead."""
    squares = behind(HORSES[1:], skip=1)
    squares["earl_grey"] = lap(33)
    assert squares["earl_grey"] == 1
    state = position(new_game(), squares, pace="earl_grey")
    rolled = value("earl_grey", 1, "head")
    events = act(state, "move earl_grey")
    assert of_type(events, ev.HorseMoved) == [ev.HorseMoved(0, "earl_grey", rolled, 33, 0)]
    assert of_type(events, ev.HorseArrived) == [ev.HorseArrived("earl_grey", 1)]
    assert (square(state, "earl_grey"), to_go(state, "earl_grey")) == (0, 0)


def test_a_horse_ending_its_lap_is_blocked_by_a_horse_still_on_its_start_square() -> None:
    """§3: « Un seul cheval étant autorisé par case »: the start squares are the last squares of the
    lap, so a horse still on one blocks a horse ending its lap there (D23, D8)."""
    rolled = value("othello", 1, "head")
    squares = {"rubino": on_grid(27), "othello": lap(27 - rolled)}
    squares.update({h: lap(5 + i) for i, h in enumerate(HORSES[:4])})
    squares["moka"] = lap(10)
    state = position(new_game(), squares, pace="othello")
    events = act(state, "move othello")
    assert of_type(events, ev.HorseMoved) == [ev.HorseMoved(0, "othello", rolled, 27 - rolled, 26)]
    assert of_type(events, ev.HorseBlocked) == [ev.HorseBlocked("othello", rolled, rolled - 1)]
    assert (square(state, "rubino"), to_go(state, "rubino")) == (27, 40)


def test_a_move_to_exactly_0_to_go_crosses_the_line() -> None:
    """D1: a move that takes a horse exactly to the line, or beyond it, crosses (§3 Arrivée:
    « franchi la ligne »)."""
    rolled = value("earl_grey", 1, "head")
    squares = behind(HORSES[1:], skip=0)
    squares["earl_grey"] = rolled
    state = position(new_game(), squares, pace="earl_grey")
    events = act(state, "move earl_grey")
    assert square(state, "earl_grey") == 0
    assert pos(state)["podium"] == ["earl_grey"]
    assert of_type(events, ev.HorseArrived) == [ev.HorseArrived("earl_grey", 1)]


def test_the_first_horse_across_takes_podium_place_1() -> None:
    """§3 Arrivée: « Les 3 premiers chevaux à arriver sont placés sur le podium 1, 2 et 3 »."""
    assert value("earl_grey", 1, "head") >= 3
    squares = {"earl_grey": 3, "albino": 8, "sahara": 9, "caramello": 10}
    squares.update({"rubino": 12, "moka": 15, "othello": 20})
    state = position(new_game(), squares, pace="moka")
    events = act(state, "move earl_grey")
    assert square(state, "earl_grey") == 0
    assert pos(state)["podium"] == ["earl_grey"]
    assert of_type(events, ev.HorseArrived) == [ev.HorseArrived("earl_grey", 1)]
    assert of_type(events, ev.HorseMoved)[0].end == 0
    assert pos(state)["phase"] == "racing"


def test_a_horse_across_the_line_cannot_move_again() -> None:
    """§3 Arrivée: a horse on the podium has finished; even in a new round it is not moved (D7)."""
    squares = {"sahara": 10, "caramello": 12, "rubino": 14, "moka": 16, "othello": 20, "albino": 25}
    state = position(new_game(), squares, podium=("earl_grey",), pace="sahara")
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        act(state, "move earl_grey")
    assert "Earl Grey has already crossed the line" in str(err.value)
    assert "Earl Grey" in err.value.message("fr")
    assert state.to_json() == before


def test_the_race_stops_at_the_third_arrival_and_the_rearmost_horse_is_last() -> None:
    """§3 Arrivée: « La course s'arrête dès que le 3e cheval a franchi la ligne. A ce moment, le
    dernier cheval est posé sur la case podium 7. » The race stops mid-round; the last horse is the
    one on the highest square (D10)."""
    squares = {"sahara": 1, "caramello": 10, "rubino": 19, "moka": 15, "othello": 23}
    state = position(new_game(), squares, podium=FINISH_PODIUM, pace="moka", moved=("othello",))
    events = act(state, "move sahara")
    assert of_type(events, ev.HorseArrived) == [ev.HorseArrived("sahara", 3)]
    assert of_type(events, ev.RaceFinished) == [
        ev.RaceFinished(1, "earl_grey", "albino", "sahara", "othello")
    ]
    assert of_type(events, ev.RaceStarted) == [ev.RaceStarted(2)]
    assert pos(state)["phase"] == "draw"  # the unmoved horses never got their move


def test_the_rearmost_horse_is_last_even_if_it_moved_least_recently() -> None:
    """§3 Arrivée: « le dernier cheval » is the rearmost on the track, whatever the round (D10)."""
    squares = {"sahara": 1, "caramello": 26, "rubino": 19, "moka": 15, "othello": 23}
    state = position(new_game(), squares, podium=FINISH_PODIUM, pace="moka")
    events = act(state, "move sahara")
    assert of_type(events, ev.RaceFinished)[0].last == "caramello"


# -- §4 Gains ---------------------------------------------------------------------------------------

# Bets whose horses are neither the pace horse (Moka) nor the last one (Othello) in the finish above.
TABLE_BETS: Bets = (
    (0, "earl_grey", 2),
    (1, "sahara", 2),
    (2, "rubino", 2),
    (0, "albino", 1),
    (1, "earl_grey", 1),
    (2, "caramello", 1),
    (0, "rubino", 1),
    (1, "caramello", 1),
    (2, "albino", 1),
)


def test_payout_is_the_table_value_for_place_and_units_times_the_token() -> None:
    """§4: « En ligne: nombre de jetons-Paris totaux posés pour un cheval - En colonne: place du
    cheval à l'arrivée - Dans le tableau: les gains [...] à multiplier par la valeur du jeton pari »."""
    # Earl Grey (1st) carries 2 + 1 = 3 units, Albino (2nd) 1 + 1 = 2, Sahara (3rd) 2.
    state, events = finish_race(new_game(), TABLE_BETS)
    expected = [
        M.payout(1, 3) * 2 + M.payout(2, 2) * 1,
        M.payout(3, 2) * 2 + M.payout(1, 3) * 1,
        M.payout(2, 2) * 1,
    ]
    assert list(state.money()) == expected
    assert sorted(
        (e.player, e.horse, e.place, e.token, e.units) for e in of_type(events, ev.BetWon)
    ) == [
        (0, "albino", 2, 1, 2),
        (0, "earl_grey", 1, 2, 3),
        (1, "earl_grey", 1, 1, 3),
        (1, "sahara", 3, 2, 2),
        (2, "albino", 2, 1, 2),
    ]
    assert of_type(events, ev.PaceBonus) == []
    assert of_type(events, ev.LastHorsePenalty) == []


def test_a_2_token_counts_two_units_in_the_table_row() -> None:
    """§4: « nombre de jetons-Paris totaux posés pour un cheval » counts units: a horse carrying one
    2-token is read on the same row as a horse carrying two 1-tokens (D11)."""
    assert M.payout(1, 2) != M.payout(1, 1)  # otherwise this test could not tell
    bets: Bets = (
        (0, "earl_grey", 2),
        (1, "albino", 1),
        (2, "albino", 1),
        (0, "caramello", 1),
        (1, "caramello", 2),
        (2, "caramello", 2),
        (0, "rubino", 1),
        (1, "rubino", 1),
        (2, "rubino", 1),
    )
    state, events = finish_race(new_game(), bets)
    assert {(e.horse, e.units) for e in of_type(events, ev.BetWon)} == {
        ("earl_grey", 2),
        ("albino", 2),
    }
    assert list(state.money()) == [M.payout(1, 2) * 2, M.payout(2, 2), M.payout(2, 2)]


def test_a_0_token_counts_no_unit_and_wins_or_costs_nothing() -> None:
    """§4 with the 0-token variant: « à multiplier par la valeur du jeton pari », and the pace bonus
    and penalty are 100 per unit bet: a 0-token counts for nothing, anywhere (D11). The pace bonus is
    paid here at any place, so that the 0-token on the pace horse is seen to earn nothing (D13)."""
    game = new_game(zero_tokens=True, pace_bonus_any_place=True)
    bets: Bets = (
        (0, "earl_grey", 0),  # the 1st horse: Player 1's 1-token alone makes its row
        (1, "earl_grey", 1),
        (2, "othello", 0),  # the last horse
        (0, "moka", 2),  # the pace horse
        (1, "moka", 0),
        (2, "caramello", 2),
        (0, "rubino", 1),
        (1, "rubino", 2),
        (2, "rubino", 1),
    )
    state, events = finish_race(game, bets, money=[0, 0, 500])
    assert [(e.player, e.horse, e.units) for e in of_type(events, ev.BetWon)] == [
        (1, "earl_grey", 1)
    ]
    assert [(e.player, e.amount) for e in of_type(events, ev.PaceBonus)] == [
        (0, 2 * M.pace_per_unit)
    ]
    assert of_type(events, ev.LastHorsePenalty) == []
    assert list(state.money()) == [2 * M.pace_per_unit, M.payout(1, 1), 500]


def test_the_third_race_doubles_only_the_table_winnings() -> None:
    """§4: « A la 3e course, les gains sont doublés ! » sits in the table's bullet: the pace bonus
    and the last-horse penalty keep their fixed amounts (D12)."""
    bets: Bets = (
        (0, "earl_grey", 1),
        (1, "albino", 2),
        (2, "caramello", 2),
        (0, "moka", 1),
        (1, "sahara", 1),
        (2, "rubino", 1),
        (0, "othello", 2),
        (1, "caramello", 1),
        (2, "sahara", 1),
    )
    money = [1000, 0, 0]
    state, events = finish_race(new_game(), bets, money=money, race=3, pace="earl_grey")
    x2 = M.final_race_multiplier
    assert x2 == 2
    # Units: Earl Grey (1st, pace) 1, Albino 2, Sahara 2; Othello (last) 2.
    expected = [
        1000 + M.payout(1, 1) * 1 * x2 + M.pace_per_unit * 1 - M.last_penalty_per_unit * 2,
        M.payout(2, 2) * 2 * x2 + M.payout(3, 2) * 1 * x2,
        M.payout(3, 2) * 1 * x2,
    ]
    assert list(state.money()) == expected
    assert [e.amount for e in of_type(events, ev.PaceBonus)] == [M.pace_per_unit]
    assert [(e.due, e.paid) for e in of_type(events, ev.LastHorsePenalty)] == [
        (2 * M.last_penalty_per_unit, 2 * M.last_penalty_per_unit)
    ]


def test_the_first_two_races_are_not_doubled() -> None:
    """§4: only « la 3e course » doubles: race 2 pays the plain table."""
    state, _ = finish_race(new_game(), TABLE_BETS, race=2)
    assert state.money()[2] == M.payout(2, 2)


PACE_BETS: Bets = (
    (0, "moka", 1),
    (1, "moka", 2),
    (2, "caramello", 2),
    (0, "rubino", 1),
    (1, "rubino", 1),
    (2, "rubino", 1),
    (0, "caramello", 2),
    (1, "caramello", 1),
    (2, "moka", 1),
)
"""Moka holds the pace token (in ``finish_race``) and finishes neither in the first three nor last."""


def test_the_pace_bonus_is_paid_only_for_a_top_three_finish() -> None:
    """§4: « Dans le tableau: les gains pour les joueurs ayant parié sur ce cheval [...]. Si le cheval
    a le jeton Pace, chaque joueur ayant parié sur lui gagne 100 de plus »: « le cheval » is the one
    the table pays by its place and « de plus » adds to those winnings, so a pace horse out of the
    first three pays no bonus (D13)."""
    state, events = finish_race(new_game(), PACE_BETS)
    assert of_type(events, ev.PaceBonus) == []
    assert of_type(events, ev.BetWon) == []
    assert list(state.money()) == [0, 0, 0]


def test_the_pace_bonus_is_added_to_a_placed_horses_winnings() -> None:
    """§4: a pace horse in the first three pays its table winnings, then 100 more per unit bet on it
    (D13): Albino, second, took the pace token."""
    state, events = finish_race(new_game(), TABLE_BETS, pace="albino")
    bonus = [(e.player, e.horse, e.amount) for e in of_type(events, ev.PaceBonus)]
    assert bonus == [(p, "albino", M.pace_per_unit * t) for p, h, t in TABLE_BETS if h == "albino"]
    won = {e.player: e.amount for e in of_type(events, ev.BetWon) if e.horse == "albino"}
    for p, h, t in TABLE_BETS:
        if h == "albino":
            assert state.money()[p] >= won[p] + M.pace_per_unit * t


def test_with_the_option_the_pace_bonus_is_paid_at_any_place() -> None:
    """D13, the other reading as an option: « gagne 100 de plus » taken on its own, the bonus is paid
    wherever the pace horse finishes (``pace_bonus_any_place``, rules version 1's reading)."""
    state, events = finish_race(new_game(pace_bonus_any_place=True), PACE_BETS)
    assert [(e.player, e.token, e.amount) for e in of_type(events, ev.PaceBonus)] == [
        (0, 1, M.pace_per_unit),
        (1, 2, 2 * M.pace_per_unit),
        (2, 1, M.pace_per_unit),
    ]
    assert of_type(events, ev.BetWon) == []
    assert list(state.money()) == [M.pace_per_unit, 2 * M.pace_per_unit, M.pace_per_unit]


def test_a_pace_horse_that_comes_last_takes_the_penalty() -> None:
    """§4: a pace horse that comes last pays no bonus (D13) and its bettors pay the penalty; with
    ``pace_bonus_any_place`` they get the bonus first and pay the penalty from it (D13, D14)."""
    squares = {**FINISH_SQUARES, "othello": PACE}  # Othello took the pace, then all passed him
    bets: Bets = (
        (2, "othello", 2),
        (2, "rubino", 1),
        (2, "caramello", 1),
        (0, "moka", 2),
        (0, "rubino", 1),
        (0, "caramello", 1),
        (1, "moka", 2),
        (1, "rubino", 1),
        (1, "caramello", 1),
    )
    due = 2 * M.last_penalty_per_unit
    state, events = finish_race(new_game(), bets, pace="othello", squares=squares)
    assert of_type(events, ev.RaceFinished)[0].last == "othello"
    assert of_type(events, ev.PaceBonus) == []
    assert of_type(events, ev.LastHorsePenalty) == [ev.LastHorsePenalty(2, "othello", 2, due, 0)]
    game = new_game(pace_bonus_any_place=True)
    state, events = finish_race(game, bets, pace="othello", squares=squares)
    bonus = of_type(events, ev.PaceBonus)
    penalty = of_type(events, ev.LastHorsePenalty)
    assert bonus == [ev.PaceBonus(2, "othello", 2, 2 * M.pace_per_unit)]
    assert penalty == [ev.LastHorsePenalty(2, "othello", 2, due, min(due, 2 * M.pace_per_unit))]
    assert state.money()[2] == 2 * M.pace_per_unit - min(due, 2 * M.pace_per_unit)


def test_the_result_stays_on_show_until_the_next_race_is_off() -> None:
    """§3 Arrivée: « Les 3 premiers chevaux à arriver sont placés sur le podium 1, 2 et 3 [...] le
    dernier cheval est posé sur la case podium 7 »: the board is cleared for the next race in the
    settling move, but the result (podium, last horse, pace horse) stays in every seat's
    observation through the next race's draw and bets, and leaves once that race is off (D10)."""
    game = new_game()
    state, _ = finish_race(game, TABLE_BETS, pace="albino")
    expected = {
        "race": 1,
        "podium": ["earl_grey", "albino", "sahara"],
        "last": "othello",
        "pace": "albino",
    }
    for seat in (None, 0, 1, 2):
        obs = state.observation(seat)
        assert obs["race"] == 2 and obs["podium"] == [] and obs["last"] is None
        assert obs["result"] == expected
    assert game.state_from_json(state.to_json()).observation(0)["result"] == expected
    rng = random.Random(3)
    while state.observation(None)["phase"] != "racing":
        assert state.observation(None)["result"] == expected
        if state.is_chance_node():
            state.apply(state.sample_chance(rng))
        else:
            state.apply(state.legal_actions()[0])
    assert state.observation(None)["result"] is None


def test_the_last_horse_penalty_is_paid_as_far_as_money_allows() -> None:
    """§4: « Chaque joueur ayant misé sur le dernier cheval doit payer à la banque 100 (pour un pari
    de 1) ou 200 (pour un pari de 2). Si un joueur n'a pas assez, il paie ce qu'il peut. » Money
    never goes below zero (D3)."""
    bets: Bets = (
        (0, "othello", 2),
        (1, "othello", 1),
        (2, "othello", 1),
        (0, "rubino", 1),
        (1, "rubino", 2),
        (2, "rubino", 2),
        (0, "caramello", 1),
        (1, "caramello", 1),
        (2, "caramello", 1),
    )
    state, events = finish_race(new_game(), bets, money=[50, 0, 1000])
    unit = M.last_penalty_per_unit
    assert [(e.player, e.due, e.paid) for e in of_type(events, ev.LastHorsePenalty)] == [
        (0, 2 * unit, 50),
        (1, unit, 0),
        (2, unit, unit),
    ]
    assert list(state.money()) == [0, 0, 1000 - unit]


def test_the_penalty_can_be_paid_from_the_same_races_winnings() -> None:
    """§4 is read in order: the table, then the pace bonus, then the penalty, so a player with no
    money wins first and then pays (D14)."""
    bets: Bets = (
        (0, "earl_grey", 1),
        (1, "rubino", 1),
        (2, "rubino", 1),
        (0, "othello", 2),
        (1, "caramello", 1),
        (2, "caramello", 1),
        (0, "moka", 1),
        (1, "sahara", 2),
        (2, "sahara", 2),
    )
    state, events = finish_race(new_game(), bets, pace="earl_grey")  # 1st, with the pace token
    kinds = [
        type(e) for e in events if isinstance(e, ev.BetWon | ev.PaceBonus | ev.LastHorsePenalty)
    ]
    assert kinds.index(ev.LastHorsePenalty) > max(
        i for i, k in enumerate(kinds) if k in (ev.BetWon, ev.PaceBonus)
    )
    due = 2 * M.last_penalty_per_unit
    assert of_type(events, ev.LastHorsePenalty) == [ev.LastHorsePenalty(0, "othello", 2, due, due)]
    assert state.money()[0] == M.payout(1, 1) + M.pace_per_unit - due


# -- Nouvelle course --------------------------------------------------------------------------------


def test_the_next_race_starts_again_at_1_with_tokens_returned_and_money_kept() -> None:
    """« Nouvelle course: On recommence à la phase 1, après avoir mélangé toutes les cartes-chevaux »
    (D17): every card back in the deck, the board cleared, every token back in hand."""
    state, events = finish_race(new_game(), TABLE_BETS)
    money = list(state.money())
    p = pos(state)
    assert (p["race"], p["phase"], p["round"]) == (2, "draw", 1)
    assert all(h == {"card": None, "to_go": None, "moved": False} for h in p["horses"].values())
    assert (p["podium"], p["last"], p["pace"], p["bets"]) == ([], None, None, [])
    assert p["hands"] == [[1, 1, 2]] * 3
    assert (p["turn"], p["first_player"]) == (None, None)
    assert p["money"] == money
    assert len(state.chance_outcomes()) == 21
    assert of_type(events, ev.RaceStarted) == [ev.RaceStarted(2)]


def test_the_richest_after_a_race_bets_first_in_the_next() -> None:
    """§2: « Le plus riche commence à parier », judged before each race (D4)."""
    state, _ = finish_race(new_game(), TABLE_BETS)
    money = list(state.money())
    richest = money.index(max(money))
    assert money.count(max(money)) == 1
    events = draw_field(state)
    assert of_type(events, ev.FirstBettor) == [ev.FirstBettor(richest, False)]
    assert state.active_players() == (richest,)


# -- End of the game --------------------------------------------------------------------------------


def test_the_game_ends_after_the_third_race_and_the_richest_wins() -> None:
    """But du jeu: « Etre le plus riche au terme des 3 courses » (D16)."""
    bets: Bets = (
        (0, "earl_grey", 2),
        (1, "albino", 2),
        (2, "rubino", 2),
        (0, "caramello", 1),
        (1, "sahara", 1),
        (2, "caramello", 1),
        (0, "rubino", 1),
        (1, "caramello", 1),
        (2, "moka", 1),
    )
    money = [100, 2500, 0]
    state, events = finish_race(new_game(), bets, money=money, race=3)
    x2 = M.final_race_multiplier
    final = [
        100 + M.payout(1, 2) * 2 * x2,
        2500 + (M.payout(2, 2) * 2 + M.payout(3, 1)) * x2,
        0,  # Moka took the pace token but finished out of the first three: no bonus (D13)
    ]
    assert list(state.money()) == final
    winner = final.index(max(final))
    assert state.is_terminal()
    assert state.outcome().winners == (winner,)
    assert state.returns() == tuple(1.0 if p == winner else 0.0 for p in range(3))
    assert of_type(events, ev.GameOver) == [ev.GameOver((winner,), max(final))]
    with pytest.raises(IllegalActionError) as err:
        act(state, "roll head")
    assert "game is over" in str(err.value)


def test_equal_fortunes_share_the_win() -> None:
    """But du jeu: « Etre le plus riche »: players equally rich share the win (D16)."""
    bets: Bets = (
        (0, "earl_grey", 1),
        (1, "earl_grey", 1),
        (2, "othello", 2),
        (0, "albino", 1),
        (1, "albino", 1),
        (2, "caramello", 1),
        (0, "sahara", 2),
        (1, "sahara", 2),
        (2, "rubino", 1),
    )
    state, _ = finish_race(new_game(), bets, money=[700, 700, 0], race=3)
    money = state.money()
    assert money[0] == money[1] > money[2] == 0
    assert state.outcome().winners == (0, 1)
    assert state.returns() == (0.5, 0.5, 0.0)


# -- Variants ---------------------------------------------------------------------------------------


def test_hidden_bets_show_where_a_token_lies_but_not_its_value() -> None:
    """§2: « Variante - les jetons Paris sont placés face cachée (bluff!) » (D15): the others see that
    a token lies on a horse and how many tokens a player still holds, not which; the owner sees his
    own."""
    game = new_game(hidden_bets=True)
    state = betting_state(game, first=0)
    (placed,) = of_type(act(state, "bet 2 othello", player=0), ev.BetPlaced)
    mine, theirs, spectator = state.observation(0), state.observation(1), state.observation(None)
    assert mine["bets"] == [{"player": 0, "horse": "othello", "token": 2}]
    assert mine["hands"] == [[1, 1], 3, 3]
    assert theirs["bets"] == [{"player": 0, "horse": "othello", "token": None}]
    assert theirs["hands"] == [2, [1, 1, 2], 3]
    assert spectator["bets"] == theirs["bets"]
    assert spectator["hands"] == [2, 3, 3]
    assert placed.seen_by(0) == ev.BetPlaced(0, "othello", 2, True)
    assert placed.seen_by(1) == ev.BetPlaced(0, "othello", None, True)
    assert placed.seen_by(None) == ev.BetPlaced(0, "othello", None, True)


def test_open_bets_are_seen_by_everyone() -> None:
    """§2: without the variant, tokens are placed face up."""
    state = betting_state(new_game(), first=0)
    act(state, "bet 2 othello", player=0)
    assert state.observation(1)["bets"] == [{"player": 0, "horse": "othello", "token": 2}]
    assert state.observation(None)["hands"][0] == [1, 1]


def test_hidden_bets_are_revealed_at_the_payout() -> None:
    """§4: « On révèle les jetons-Paris s'ils étaient face cachée (variante). » The reveal comes before
    any payment, the payments are those of open bets, and at the end every token is visible (D15)."""
    _, open_events = finish_race(new_game(), DEFAULT_BETS, race=3)
    state, events = finish_race(new_game(hidden_bets=True), DEFAULT_BETS, race=3)
    revealed = [i for i, e in enumerate(events) if isinstance(e, ev.BetsRevealed | ev.BetRevealed)]
    paid = [i for i, e in enumerate(events) if isinstance(e, ev.BetWon | ev.PaceBonus)]
    expected = [ev.BetsRevealed(3)] + [
        ev.BetRevealed(p, horse, token) for p, horse, token in DEFAULT_BETS
    ]
    assert [events[i] for i in revealed] == expected, "every token of the race is turned face up"
    assert paid and max(revealed) < min(paid)
    assert [e for e in events if not isinstance(e, ev.BetsRevealed | ev.BetRevealed)] == open_events
    assert state.is_terminal()
    seen = state.observation(1)["bets"]
    assert [(b["player"], b["horse"], b["token"]) for b in seen] == list(DEFAULT_BETS)


@pytest.mark.parametrize("zero_tokens", [False, True])
@pytest.mark.parametrize("hidden_bets", [False, True])
def test_the_two_variants_are_independent(zero_tokens: bool, hidden_bets: bool) -> None:
    """§1 « on prend aussi les pions 0 » and §2 « face cachée » are separate options: one sets the
    tokens, the other their visibility."""
    game = new_game(zero_tokens=zero_tokens, hidden_bets=hidden_bets)
    state = betting_state(game, first=0)
    hand = [0, 1, 1, 2] if zero_tokens else [1, 1, 2]
    assert pos(state)["hands"] == [hand] * 3
    act(state, "bet 1 othello", player=0)
    token = state.observation(1)["bets"][0]["token"]
    assert token == (None if hidden_bets else 1)
    assert state.observation(1)["hands"][0] == (
        len(hand) - 1 if hidden_bets else hand[:1] + hand[2:]
    )


def test_chance_acts_only_at_chance_nodes() -> None:
    """D2, D4: draws, the lot and the die are chance's; players cannot force them."""
    state = betting_state(new_game(), first=0)
    with pytest.raises(IllegalActionError) as err:
        act(state, "roll head", player=0)
    assert "decided by chance" in str(err.value)
    state = new_game().new_initial_state()
    with pytest.raises(IllegalActionError):
        act(state, "draw othello 1", player=0)
    act(state, "draw othello 1", player=CHANCE)
    assert (square(state, "othello"), to_go(state, "othello")) == (33, 34)


@pytest.mark.parametrize("any_place", [False, True])
def test_the_observation_says_when_the_pace_bonus_is_paid(any_place: bool) -> None:
    """D13: a board tells the players when the pace bonus is paid, from the table's option as the
    engine sends it, not from a rule of its own."""
    state = new_game(pace_bonus_any_place=any_place).new_initial_state()
    for seat in (None, 0, 2):
        assert state.observation(seat)["pace_bonus_any_place"] is any_place
