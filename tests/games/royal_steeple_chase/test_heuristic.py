"""The Royal Steeple Chase heuristic bot follows the seed's « QUELQUES CONSEILS POUR BIEN JOUER ».

Each test builds a position from ``RoyalSteepleChase.from_options(...).new_initial_state()`` with its
fields set, asks the bot for its choice and checks it against a piece of advice, quoted. Seats: A is
the bot; horses ``r`` rouge, ``b`` bleu, ``j`` jaune, ``v`` vert. A horse's place is its progress
(0 behind the line, 22 over it); rivers are squares 10, 15 and 16; the central hurdle stands at
11-12 on blue's lane, 20-21 on red's and yellow's, 6-7 and 19-20 on green's.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from hippodrome.engine.bot import SeatView
from hippodrome.games.royal_steeple_chase.heuristic import SteepleHeuristic
from hippodrome.games.royal_steeple_chase.rules import (
    Auction,
    Phase,
    SteepleState,
    Trade,
)
from tests.games.royal_steeple_chase.positions import card, horse
from tests.games.royal_steeple_chase.positions import table as position

A, B, C, D = range(4)


def table(
    *,
    phase: Phase,
    hand: Sequence[str],
    horses: Mapping[str, int] | None = None,
    at: Mapping[str, int] | None = None,
    hurdles: Mapping[str, Sequence[str]] | None = None,
    spread: Sequence[str] = (),
) -> SteepleState:
    """A four-player race position where it is A's turn: A holds ``hand``, the other seats hold
    the rest of the deck that fits (the bot never looks at them)."""
    return position(
        4,
        horses=horses or {},
        at=at,
        hands={A: hand},
        hurdles=hurdles,
        spread=spread,
        phase=phase,
        turn=A,
        deal_the_rest=True,
    )


def choice(state: SteepleState, seat: int = A) -> str:
    action = SteepleHeuristic().choose(SeatView(state, seat), random.Random(0))
    assert action in state.legal_actions(seat)
    return str(action)


def play_turn(state: SteepleState) -> list[str]:
    """A plays its card and both coups as the bot chooses them."""
    moves = []
    while state.active_players() == (A,) and state.phase in (Phase.RACE, Phase.HALVES):
        moves.append(choice(state))
        state.apply(state.game.parse_action(moves[-1]), A)
        if len(moves) == 3:
            break
    return moves


EVERYONE = {"r": A, "b": B, "j": C, "v": D}


def test_asks_for_the_horse_its_coloured_trots_favour() -> None:
    """CHOIX DU CHEVAL: « C'est uniquement les trot et pas colorés qui vous guideront mais surtout
    les trots colorés des cartes trot/galop et trot/royal ; les haies n'ont que peu d'importance ».
    A's coloured trots are yellow's (galop/trot, trot/royal and a trot/hurdle); its red hurdles and
    one red pas count for little."""
    hand = ["4/3j", "R/3j", "3j/Hr", "2/2r", "Hr/Hv", "Hr/Hj", "3/2", "3/2", "R/4", "3/H", "4/0"]
    state = table(phase=Phase.HORSES, hand=hand)
    assert choice(state) == "demande j"


def test_challenges_a_held_horse_only_when_clearly_best_and_modestly() -> None:
    """« Si un autre joueur veut votre cheval, ne cédez pas trop facilement » works both ways: A asks
    for yellow, held by B, only because every coloured trot of its hand is yellow's, and opens with
    the smallest bid (« Ne poussez pas inconsidérément »); with one yellow trot only, it takes a free
    horse."""
    strong = ["4/3j", "R/3j", "3j/Hr", "3j/Hb", "3/2", "3/2", "R/4", "3/H", "4/0", "Hr/Hv", "Hb/Hv"]
    state = table(phase=Phase.HORSES, hand=strong, horses={"j": B})
    assert choice(state) == "demande j 5"
    weak = ["3j/Hr", "3r/Hb", "3/2", "3/2", "R/4", "3/H", "4/0", "Hr/Hv", "Hb/Hv", "Hr/Hb", "2/2v"]
    state = table(phase=Phase.HORSES, hand=weak, horses={"j": B})
    assert choice(state) == "demande r"


def test_plays_royal_as_galop_then_trot_over_a_river_bordered_with_hurdles() -> None:
    """The example, move 13: blue on 8, hurdles 9-10 and 10-11 on both banks of river 10. « Jouer
    d'abord le R comme 4, puis le 3b. Si l'on jouait 3b, puis R, A (bleu) irait en 9. » The bot
    plays R/3b rather than 3/2 (which would only reach 9), galop first, and lands on 11."""
    state = table(
        phase=Phase.RACE,
        hand=["R/3b", "3/2"],
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 8, "v": 7, "r": 6, "j": 2},
        hurdles={"b": ["9-10", "10-11"]},
    )
    assert play_turn(state) == ["joue R/3b", "R=4 b", "3b b"]
    assert state.pos[horse("b")] == 11
    assert state.hurdles[horse("b")] == 0, "both hurdles are jumped and taken away"


def test_places_a_hurdle_on_the_square_after_the_leaders_nose() -> None:
    """OÙ ET COMMENT PLACER LES HAIES: « placez les haies, non pas sous le nez du cheval, mais à la
    case suivante », on the horse that « prend trop d'avance ». Blue (B's, and B plays after A) leads
    on 17, past the rivers: A's white hurdle goes between 18 and 19, and its trot to its own red."""
    state = table(
        phase=Phase.RACE,
        hand=["3/H"],
        horses=EVERYONE,
        at={"r": 12, "b": 17, "j": 12, "v": 11},
    )
    moves = play_turn(state)
    assert moves[0] == "joue 3/H"
    assert sorted(moves[1:]) == ["3 r", "H b 18-19"]
    assert state.hurdles[horse("b")] == 1 << 18


def test_borders_the_river_ahead_of_a_rival() -> None:
    """« N'hésitez pas non plus à border de haies les rivières ; leur passage sera rendu beaucoup
    plus difficile. » With yellow the leader on 12 before the great river (15-16), A's yellow hurdle
    goes on one of its banks, 14-15 or 16-17."""
    state = table(
        phase=Phase.RACE,
        hand=["3r/Hj"],
        horses=EVERYONE,
        at={"r": 9, "b": 5, "j": 12, "v": 6},
    )
    moves = play_turn(state)
    assert moves[0] == "joue 3r/Hj"
    placed = next(m for m in moves if m.startswith("Hj"))
    assert placed in ("Hj j 14-15", "Hj j 16-17")


def test_a_chute_sends_the_leader_back_over_the_central_hurdle() -> None:
    """GALOP/CHUTE: « Sa meilleure utilisation consistera à faire franchir à l'envers la haie
    centrale. » Blue, the leader, stands on 12 just past its central hurdle (11-12): the chute puts
    it back on 11, with the central hurdle to jump again."""
    state = table(
        phase=Phase.RACE,
        hand=["4/0"],
        horses=EVERYONE,
        at={"r": 9, "b": 12, "j": 8, "v": 7},
    )
    moves = play_turn(state)
    assert moves[0] == "joue 4/0"
    chute = next(m for m in moves if m.startswith("0 "))
    assert "b" in chute.split()[1].split("+")
    assert state.pos[horse("b")] == 11


def test_throws_a_hurdle_of_its_own_colour() -> None:
    """MANIÈRE DE RANGER SON JEU: its hurdles « vous les éliminerez »; A runs red and throws the
    red/green hurdles, which would have to be laid on its own lane, for the spread card it won."""
    state = table(
        phase=Phase.THROW,
        hand=["Hr/Hv", "3/2", "R/4", "4/3r", "3/H", "3b/Hj", "2/2r"],
        horses=EVERYONE,
    )
    state.throw_card = card("4/3r")
    assert choice(state) == "jette Hr/Hv"


def test_keeps_its_chips_when_the_card_would_not_help() -> None:
    """ENCHÈRES: « si votre jeu n'est pas intéressant, n'achetez rien »: B asked for a double
    hurdle; A, whose hand it would not improve, passes instead of bidding."""
    state = table(
        phase=Phase.EXCHANGE,
        hand=["3/2", "R/4", "4/3r", "3/H", "3r/Hb", "2/2r", "R/3r", "3/2", "4/0", "3/Hb", "3/Hj"],
        horses=EVERYONE,
        spread=["Hb/Hj"],
    )
    state.auction = Auction(-1, card("Hb/Hj"), B, 0, A, [True, False, True, True], B)
    state.phase = Phase.AUCTION  # the auction names its bidder in turn, A
    assert choice(state) == "passe"


def test_answers_a_trade_only_when_it_improves_its_hand() -> None:
    """« Des échanges directs de cartes entre joueurs sont également admis »: B offers A (red) a
    yellow trot with a red hurdle, which A refuses; offered galop/red trot, A gives its worst card,
    its red hurdles."""
    hand = ["Hr/Hv", "3/2", "R/4", "3/H", "3/Hb", "2/2r"]
    state = table(phase=Phase.TRADE, hand=hand, horses=EVERYONE)
    state.trade = Trade(B, A, card("3j/Hr"))
    state.phase = Phase.TRADE_COUNTER  # the trade calls on its partner, A
    assert choice(state) == "refuse"
    state = table(phase=Phase.TRADE, hand=hand, horses=EVERYONE)
    state.trade = Trade(B, A, card("4/3r"))
    state.phase = Phase.TRADE_COUNTER
    assert choice(state) == "contre Hr/Hv"
