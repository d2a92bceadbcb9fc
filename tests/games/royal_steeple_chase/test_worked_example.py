"""The seed's « Exemple détaillé d'une partie », replayed position by position.

Four players A, B, C, D (seats 0 to 3), A deals. Part IV (« JEU DE LA CARTE ») lists every card played
with the horse's square before and after it and the hurdles placed: ``example.json`` holds it, each
card with its two coups in the order the example plays them, and the squares of all four horses after
it. The engine must reproduce every one (the example is the best test of the rules, and where it
contradicts a reading of them, the example wins: docs/rules/royal_steeple_chase.md, D1 to D3).
Parts I to III (horses, spread cards, trades, the pot) are in
``test_attribution_example_horses_spread_cards_trades_and_the_pot``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hippodrome.games.royal_steeple_chase.material import COLOURS, material
from hippodrome.games.royal_steeple_chase.rules import (
    FINISH,
    Phase,
    RoyalSteepleChase,
    SteepleState,
)
from tests.games.royal_steeple_chase.positions import table

EXAMPLE: dict[str, Any] = json.loads((Path(__file__).parent / "example.json").read_text("utf-8"))


def example_start() -> SteepleState:
    """The table after the attributions: A blue, B green, C red, D yellow, the hands of part IV."""
    return table(
        horses=EXAMPLE["horses"],
        hands=dict(enumerate(EXAMPLE["hands"])),
        turn=EXAMPLE["dealer"],
    )


def squares(state: SteepleState) -> dict[str, int]:
    return {c: h["square"] for c, h in zip(COLOURS, state.observation(None)["horses"], strict=True)}


@pytest.mark.parametrize("upto", range(1, len(EXAMPLE["moves"]) + 1))
def test_the_engine_reproduces_every_position_of_the_worked_example(upto: int) -> None:
    state = example_start()
    game = state.game
    for number, move in enumerate(EXAMPLE["moves"][:upto], start=1):
        where = f"move {number} ({'ABCD'[move['seat']]} plays {move['card']})"
        assert state.active_players() == (move["seat"],), f"{where}: not this player's turn"
        state.apply(game.parse_action(f"joue {move['card']}"), move["seat"])
        for half in move["halves"]:
            legal = [str(a) for a in state.legal_actions(move["seat"])]
            assert half in legal, f"{where}: {half} is not legal; legal: {legal}"
            state.apply(game.parse_action(half), move["seat"])
    expected = EXAMPLE["moves"][upto - 1]["squares"]
    assert squares(state) == expected, (
        f"after move {upto} ({EXAMPLE['moves'][upto - 1]['card']}), the horses stand on "
        f"{squares(state)}; the example has {expected}"
    )


def test_the_worked_example_ends_with_a_blue_and_c_red_placed() -> None:
    state = example_start()
    for move in EXAMPLE["moves"]:
        state.apply(state.game.parse_action(f"joue {move['card']}"))
        for half in move["halves"]:
            state.apply(state.game.parse_action(half))
    # « A (bleu) 4/3b 17 → 1 (gagnant) », « C (rouge) 3r/Hb 21 → 1 (placé) », « D (jaune) N'a pas à
    # jouer sa dernière carte, la partie étant terminée. »
    assert state.is_terminal()
    assert (state.winner, state.placed) == (EXAMPLE["winner"], EXAMPLE["placed"])
    assert state.pos[COLOURS.index("b")] == FINISH and state.pos[COLOURS.index("r")] == FINISH
    assert sum(state.hands[3]) == 1, "D keeps his last card"
    # A's horse crossed with one square on the next (red and yellow on 21): « 10 par case d'avance ».
    assert state.lead == 1


# -- Parts I to III: the horses, the spread cards, the trades, the pot -------------------------------

A, B, C, D = range(4)
"""The example's players, A dealing."""

DEALT = {
    # Each player's hand before the exchanges: his cards of part IV, less what he obtained in parts
    # II and III, plus what he gave away there. A's part IV holds one pas/trot for two obtained (the
    # spread's 2/3 and B's 3/2): the example plays eleven cards for A, so one of them cannot have been
    # in his hand; his Hv/Hj stands out of this deal instead. D's part IV holds two Hv/Hr while C
    # throws a third to the spread in part II: the deck has two of each double hurdle (D18, « au
    # nombre de six pour chaque camp »), so one of D's stands out of this deal too (Hr/Hb instead).
    0: ["2/2b", "3/Hj", "R/3b", "3b/Hr", "3/Hv", "Hr/Hj", "R/4", "4/3b", "Hb/Hv", "3r/Hb", "4/3v"],
    1: ["3/2", "4/3j", "2/2r", "4/0", "3/Hr", "4/0", "R/3v", "3/H", "3/Hr", "Hv/Hj", "3/2"],
    2: ["3r/Hj", "3/H", "3/Hb", "2/3", "R/4", "4/0", "3r/Hv", "R/3r", "Hr/Hv", "Hr/Hj", "R/3j"],
    3: ["Hb/Hv", "Hv/Hr", "3/Hb", "4/R", "4/0", "R/4", "Hr/Hb", "2/3", "Hb/Hj", "Hj/Hv", "4/3r"],
}
SPREAD = ["3/H", "3v/Hr", "Hr/Hb", "3b/Hj", "2/3"]


def dealt_example() -> SteepleState:
    """A deals (seat 0): one card at a time from his left (B, C, D, A), then the spread."""
    game = RoyalSteepleChase.from_options(players=4, scoring="race")
    state = game.new_initial_state()
    order = [DEALT[(1 + k) % 4][k // 4] for k in range(44)] + SPREAD
    for card in order:
        state.apply(game.parse_action(f"donne {card}"))
    return state


def phase(state: SteepleState) -> Phase:
    return state.phase


def run(state: SteepleState, *moves: tuple[int, str]) -> None:
    for seat, text in moves:
        assert state.active_players() == (seat,), (
            f"{text}: it is {list(state.active_players())}'s turn, not {'ABCD'[seat]}'s"
        )
        state.apply(state.game.parse_action(text), seat)


def test_attribution_example_horses_spread_cards_trades_and_the_pot() -> None:
    """I. « A: Rouge; B: Vert; C: Rouge + 5 (5 points d'enchère); D: Jaune; A: Bleu ». II. the spread
    « 3/H - 3v/Hr - Hr/Hb - 3b/Hj - 2/3 » and its auctions. III. the direct trades, then « les 50
    (5+45) points d'enchères sur le tapis sont partagés, chaque joueur en reçoit 10. Dix restent sur
    le tapis jusqu'au tour suivant. »"""
    state = dealt_example()
    assert phase(state) is Phase.HORSES
    run(state, (A, "demande r"), (B, "demande v"), (C, "demande r 5"))
    # The auction on red: A, who asked for it first and holds it, may outbid C; he passes (D40).
    run(state, (A, "passe"))
    run(state, (D, "demande j"), (A, "demande b"))
    assert state.owner == [C, A, D, B], "red C, blue A, yellow D, green B"
    assert state.chips == [100, 100, 95, 100] and state.pot == 5
    # II. A takes 3b/Hj unopposed and gives Hb/Hv.
    run(state, (A, "demande 3b/Hj"), (B, "passe"), (C, "passe"), (D, "passe"), (A, "jette Hb/Hv"))
    # B asks 2/3 « +10 », « C dit 15, D dit 20, A dit 25 »: A obtains it and gives 3r/Hb.
    run(state, (B, "demande 2/3 10"), (C, "enchere 15"), (D, "enchere 20"), (A, "enchere 25"))
    run(state, (B, "passe"), (C, "passe"), (D, "passe"), (A, "jette 3r/Hb"))
    run(state, (C, "demande 3r/Hb"), (D, "passe"), (A, "passe"), (B, "passe"), (C, "jette Hr/Hv"))
    # D asks 3/H: « A dit 5, B dit 10, C passe, D dit 20 ».
    run(state, (D, "demande 3/H"), (A, "enchere 5"), (B, "enchere 10"), (C, "passe"))
    run(state, (D, "enchere 20"), (A, "passe"), (B, "passe"), (D, "jette Hj/Hv"))
    run(state, (A, "passe"))
    run(state, (B, "demande 3v/Hr"), (C, "passe"), (D, "passe"), (A, "passe"), (B, "jette Hv/Hj"))
    run(state, (C, "demande Hv/Hj"), (D, "passe"), (A, "passe"), (B, "passe"), (C, "jette Hr/Hj"))
    run(state, (D, "passe"), (A, "passe"), (B, "passe"), (C, "passe"))
    assert phase(state) is Phase.TRADE
    assert state.chips == [75, 100, 95, 80] and state.pot == 50, "5 + 25 + 20 on the table"
    # III. 2) « B (vert) demande un 4 / 3v - A (bleu) le lui propose - B offre [...] un 3 / 2 - A
    # refuse » (D50): C and D, from B's left, stay silent; A offers it.
    run(state, (A, "passe"), (B, "demande un 4/3v"), (C, "passe"), (D, "passe"))
    run(state, (A, "propose 1 4/3v"), (B, "contre 3/2"), (A, "refuse"))
    # 1) « C (rouge) demande à D (jaune): Que me donnez-vous pour un R/3j? D (jaune) accepte de
    # livrer le 4/3 qu'il possède et l'échange se fait. »
    run(state, (C, "propose 3 R/3j"), (D, "contre 4/3r"), (C, "accepte"))
    # 3) « D (jaune) demande 4/3j — B a cette carte mais ne répond pas. »
    run(state, (D, "demande un 4/3j"), (A, "passe"), (B, "passe"), (C, "passe"))
    # 2) « A accepte 3/2 mais avec une livraison de 10 points d'enchères ce qu'accepte B. »
    run(state, (A, "propose 1 4/3v"), (B, "contre 3/2 10"), (A, "accepte"))
    assert state.chips == [85, 90, 95, 80]
    run(state, (B, "passe"), (C, "passe"), (D, "passe"), (A, "passe"))
    assert phase(state) is Phase.RACE and state.turn == A, "« le donneur le premier »"
    assert state.chips == [95, 100, 105, 90] and state.pot == 10, "10 each, 10 left on the table"
    m = material()
    for seat, cards in ((A, ["3b/Hj", "2/3", "3/2"]), (C, ["3r/Hb", "Hv/Hj", "4/3r"])):
        for card in cards:
            assert state.hands[seat][m.card_type(card).index], f"{'ABCD'[seat]} holds {card}"
    assert sorted(state.observation(None)["spread"]) == sorted(
        ["Hr/Hb", "Hb/Hv", "Hr/Hv", "Hj/Hv", "Hr/Hj"]
    )


# -- « barrer la piste »: a horse standing where the lanes cross (D26) --------------------------------

RED, BLUE, YELLOW, GREEN = (COLOURS.index(c) for c in "rbjv")


def example_after(moves: int) -> SteepleState:
    """The worked example after its first ``moves`` cards."""
    state = example_start()
    for move in EXAMPLE["moves"][:moves]:
        state.apply(state.game.parse_action(f"joue {move['card']}"), move["seat"])
        for half in move["halves"]:
            state.apply(state.game.parse_action(half), move["seat"])
    return state


def play_halves(state: SteepleState, seat: int, card: str, *halves: str) -> list[str]:
    """``seat`` plays ``card`` with its halves in that order; the events narrated in French."""
    events = state.apply(state.game.parse_action(f"joue {card}"), seat)
    for half in halves:
        events += state.apply(state.game.parse_action(half), seat)
    return [e.narrate("fr") for e in events]


def test_card_10_the_yellow_trot_first_frees_greens_lane() -> None:
    """Move 10, B (vert) 4 / 3j: « Jouer d'abord 3j, ce qui libère la piste ; D (jaune) va en 1 ;
    puis jouer 4 ». Yellow, still waiting on square 21, bars green's lane on 7: played first, the
    galop stops green on 6; the example's order takes it to 7."""
    state = example_after(9)
    assert state.pos[YELLOW] == 0 and state.pos[GREEN] == 5
    assert state._barring(GREEN, 7) == YELLOW, "yellow on 21 bars green's 7"
    told = play_halves(state, 1, "4/3j", "4 v", "3j j")
    assert squares(state)["v"] == 6 and squares(state)["j"] == 1, "the other order: green on 6"
    barred = "Le cheval jaune barre la piste du cheval vert sur la case 7 : celui-ci s'arrête sur la case 6."
    assert barred in told
    state = example_after(9)
    play_halves(state, 1, "4/3j", "3j j", "4 v")
    assert squares(state)["v"] == 7 and squares(state)["j"] == 1, "« ce qui libère la piste »"


def test_card_26_blue_sent_back_to_12_bars_reds_lane() -> None:
    """Move 26, B (vert) 4 / 0: « Recule A (bleu) en 12 pour barrer la piste à C (rouge) ». Blue on
    12 bars red's 20: red, on 17, can no longer go past 19. Move 31 sends blue back to 11 before
    red's galop: played the other way round, the galop would stop red on 19, not 20."""
    state = example_after(26)
    assert squares(state)["b"] == 12 and squares(state)["r"] == 17
    assert state._barring(RED, 20) == BLUE
    state = example_after(30)
    play_halves(state, 2, "4/0", "4 r", "0 b")
    assert squares(state)["r"] == 19 and squares(state)["b"] == 11, "the galop first: red on 19"
    state = example_after(30)
    play_halves(state, 2, "4/0", "0 b", "4 r")
    assert squares(state)["r"] == 20, "the example's order: blue on 11 first, red on to 20"


def test_card_31_blue_on_11_bars_green_and_yellow() -> None:
    """Move 31, C (rouge) 4 / 0: « Recule A (bleu) en 11 pour barrer B (vert) et D (jaune).
    Excellent coup. » Blue on 11 bars green's and yellow's 20, not red's lane."""
    state = example_after(31)
    assert squares(state)["b"] == 11
    assert state._barring(GREEN, 20) == BLUE and state._barring(YELLOW, 20) == BLUE
    assert all(state._barring(RED, sq) == -1 for sq in range(18, 22)), "red runs free"


def test_card_32_yellow_cannot_get_past_blue_nor_send_it_back() -> None:
    """Move 32, D (jaune) R / 4: « Ne pouvant se débarrasser de A (bleu) qui barre sa piste, D
    (jaune) joue R en 0 pour C (rouge) qui va en 18. » The galop takes yellow from 17 to 19 (over
    its hurdle 18-19); a royal galop more would leave it there, barred on 20; and a chute cannot
    send blue back from 11 (the river on 10 is behind it)."""
    state = example_after(31)
    state.apply(state.game.parse_action("joue R/4"), 3)
    state.apply(state.game.parse_action("4 j"), 3)
    assert squares(state)["j"] == 19
    legal = [str(a) for a in state.legal_actions(3)]
    chutes = [a for a in legal if a.startswith("R=0")]
    assert chutes and not [a for a in chutes if "b" in a.split()[1]], "no chute gets rid of blue"
    told = [e.narrate("en") for e in state.apply(state.game.parse_action("R=4 j"), 3)]
    assert squares(state)["j"] == 19, "the royal galop cannot get past blue"
    assert (
        "The blue horse bars the yellow horse's lane on square 20: the yellow horse stops on square 19."
        in told
    )
