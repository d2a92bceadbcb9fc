"""Royal Steeple Chase scenario tests: one rule of the seed, or one decision, each.

Every test quotes the French rulebook (``shared/seeds/004_5a02d46b7d17618c.txt``) under the heading the
rule stands under (DISTRIBUTION DU JEU, ATTRIBUTION DES CHEVAUX, ENCHÈRES, AVANCES, ...) and names the
decision ``Dn`` of ``docs/rules/royal_steeple_chase.md`` it pins. « The example » is the seed's
« Exemple détaillé d'une partie »; its moves are numbered 1 to 43 as in ``example.json`` (part IV is
replayed in full by ``test_worked_example.py``).

Positions are built from ``RoyalSteepleChase.from_options(...).new_initial_state()`` with their fields
set directly (``table``), or reached by real actions from a forced deal. A horse's place is its
*progress*: 0 behind the start line (« case 21 » before the lap), 1 to 21 the squares, 22 over the line
(« 1 (gagnant) »). Horses: ``r`` rouge, ``b`` bleu, ``j`` jaune, ``v`` vert. The reconstructed central
hurdle (``material.toml``) stands between 11-12 on blue's lane, 20-21 on red's and yellow's, 6-7 and
19-20 on green's; the rivers are squares 10, 15 and 16. Every expected square is worked out from the
rules by hand, never copied from a run of the engine.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Sequence
from importlib import resources
from typing import Any

import pytest

from hippodrome.engine import Event, IllegalActionError
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.material import COLOURS, material
from hippodrome.games.royal_steeple_chase.material import _parse as material_parse
from hippodrome.games.royal_steeple_chase.rules import (
    FINISH,
    INCIDENT_KINDS,
    TYPES,
    Phase,
    RoyalSteepleChase,
    SteepleState,
)
from tests.games.royal_steeple_chase.positions import card, deck, horse, new_state, table

NS = "royal_steeple_chase"
A, B, C, D, E = range(5)
SEAT = "ABCDEFGH"
R, BL, J, V = (COLOURS.index(c) for c in "rbjv")


# -- helpers ----------------------------------------------------------------------------------------


def act(state: SteepleState, seat: int, *notations: str) -> list[Event]:
    """``seat`` plays each action (validated), after checking it is that seat's turn."""
    out: list[Event] = []
    for text in notations:
        active = state.active_players()
        assert active == (seat,), (
            f"{SEAT[seat]} should act now ({text}); the engine waits for "
            f"{[SEAT[p] for p in active]} in phase {state.phase.name}"
        )
        out += state.apply(state.game.parse_action(text), seat)
    return out


def legal(state: SteepleState, seat: int | None = None) -> list[str]:
    return sorted(str(a) for a in state.legal_actions(seat))


def refuse(state: SteepleState, seat: int, text: str, key: str) -> None:
    """``text`` is refused with the message ``key`` and leaves the state exactly as it was."""
    before, n_events = json.dumps(state.to_json(), sort_keys=True), len(state.events)
    with pytest.raises(IllegalActionError) as err:
        state.apply(state.game.parse_action(text), seat)
    assert err.value.key == f"{NS}.refused.{key}", f"{text}: refused as {err.value.key}, not {key}"
    assert json.dumps(state.to_json(), sort_keys=True) == before, f"{text} changed the state"
    assert len(state.events) == n_events, f"{text} left events behind"


def phase_of(state: SteepleState) -> Phase:
    """The phase, read afresh (actions change it; mypy would keep an earlier narrowing)."""
    return state.phase


def square(state: SteepleState, colour: str) -> int:
    return state.pos[horse(colour)]


def hurdles_on(state: SteepleState, colour: str) -> list[int]:
    """The gaps holding a mobile hurdle on that lane (gap 7 is « entre 7 et 8 »)."""
    bits = state.hurdles[horse(colour)]
    return [g for g in range(FINISH) if bits >> g & 1]


def hand_of(state: SteepleState, seat: int) -> list[str]:
    return sorted(
        str(material().types[t]) for t in range(TYPES) for _ in range(state.hands[seat][t])
    )


def deal(state: SteepleState, cards: Sequence[str]) -> None:
    for text in cards:
        state.apply(state.game.parse_action(f"donne {text}"))


def deal_anything(state: SteepleState) -> None:
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])


# -- DISTRIBUTION DU JEU, and the deck (D18) ----------------------------------------------------------

DEAL_TABLE = {2: (13, 7), 3: (12, 6), 4: (11, 5), 5: (11, 5), 6: (9, 6), 7: (8, 4), 8: (7, 4)}


@pytest.mark.parametrize("players", sorted(DEAL_TABLE))
def test_the_deal_gives_each_player_his_cards_and_spreads_the_rest(players: int) -> None:
    """DISTRIBUTION DU JEU: « Pour : 2 3 4 5 6 7 8 joueurs, on donne à chacun : 13 12 11 11 9 8 7
    cartes et l'on étale : 7 6 5 5 6 4 4 cartes ». Then « Chaque joueur [...] peut, à son tour,
    demander un cheval », the dealer first (the example: « Le joueur A a donné les cartes », A asks
    first)."""
    state = new_state(players)
    deal_anything(state)
    hand, spread = DEAL_TABLE[players]
    sizes = [sum(h) for h in state.hands]
    assert sizes == [hand] * players, (
        f"{players} players should hold {hand} cards each, not {sizes}"
    )
    assert sum(state.spread) == spread, f"{spread} cards should be spread, not {sum(state.spread)}"
    assert phase_of(state) is Phase.HORSES and state.active_players() == (A,), (
        "the dealer asks first"
    )


def test_the_reconstructed_deck_meets_every_count_the_seed_gives() -> None:
    """D18, the deck is reconstructed. The seed's counts: 5 to 8 players use the whole deck
    (11 x 5 + 5 = 60); « Enlever du jeu les 4 cartes Pas²/Pas coloré², puis distribuer 13 cartes à
    chaque joueur et retourner les 4 dernières cartes » (4 x 13 + 4 + 4 = 60); Contract deals 4 x 15;
    « Le jeu moyen représente 57 points » counting galop and royal 4, trot 3, pas, white hurdle and
    chute 2 (4 x 57 = 228)."""
    m = material()
    assert len(m.deck) == 60, f"the deck has {len(m.deck)} cards, the deal table needs 60"
    pas_pas = [t for t in m.deck if {str(h) for h in m.types[t].halves} & {"2r", "2b", "2j", "2v"}]
    assert len(pas_pas) == 4, "the seed names 4 cards Pas/Pas coloré"
    assert all(m.types[t].halves[0].kind == "2" for t in pas_pas)
    assert sum(m.types[t].contract_points for t in m.deck) == 4 * 57


def test_each_camp_has_six_cards_to_discard_in_contract_and_data_check_says_so() -> None:
    """Contract advice: « Les cartes à éliminer sont naturellement : Les doubles haies à placer sur
    sa propre piste et celle de son partenaire. Les trot coloré / haie colorée lorsque le trot est
    pour les adversaires et la haie colorée pour vous. En dehors de ces cartes au nombre de six pour
    chaque camp ». For any two colours: the double hurdle of the two, twice, and the four coloured
    trot / coloured hurdle cards with the others' trot and their hurdle (D18). ``hippodrome data
    check`` reports a deck that breaks it."""
    m = material()
    for a, b in ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)):
        camp = {a, b}
        count = 0
        for t in m.deck:
            halves = m.types[t].halves
            kinds = sorted((h.kind, h.colour) for h in halves)
            if all(k == "H" and c in camp for k, c in kinds) and kinds[0][1] != kinds[1][1]:
                count += 1
            elif [k for k, _ in kinds] == ["3", "H"] and all(c >= 0 for _, c in kinds):
                trot, hurdle = (c for _, c in kinds)
                count += trot not in camp and hurdle in camp
        assert count == 6, f"the camp {COLOURS[a]}/{COLOURS[b]} has {count} cards to discard"
    raw = tomllib.loads(
        resources.files("hippodrome.games.royal_steeple_chase")
        .joinpath("material.toml")
        .read_text("utf-8")
    )
    cards = raw["deck"]["cards"]
    for row in cards:  # three Hr/Hv and one Hr/Hb: still 60 cards, still 228 points
        row[1] = {"Hr/Hv": 3, "Hr/Hb": 1}.get(row[0], row[1])
    problems: list[str] = []
    assert material_parse(raw, problems) is None
    assert any("r/v has 7 cards to discard" in p for p in problems), problems
    assert any("r/b has 5 cards to discard" in p for p in problems), problems


# -- ATTRIBUTION DES CHEVAUX (D6) and ENCHÈRES (D7) -------------------------------------------------

HANDS_DEALT = {
    A: ["Hb/Hv", "3r/Hb", "4/3v", "2/2b", "3/Hj", "R/3b", "3b/Hr", "3/Hv", "Hr/Hj", "R/4", "4/3b"],
    B: ["3/2", "3/2", "4/3j", "2/2r", "4/0", "3/Hr", "4/0", "R/3v", "3/H", "3/Hr", "Hv/Hj"],
    C: ["3r/Hj", "3/H", "3/Hb", "3j/Hr", "R/4", "4/0", "3r/Hv", "R/3r", "R/3j", "Hr/Hv", "Hr/Hj"],
    D: ["Hb/Hv", "Hv/Hr", "3/Hb", "4/R", "4/0", "R/4", "Hr/Hb", "2/3", "Hb/Hj", "4/3r", "Hj/Hv"],
}
"""Hands for the example's parts I to III: each holds the cards the example has it throw to the
spread or give in a trade (the seed does not give the hands as dealt, and part IV's hands cannot be
them: A would end with two 3/2, his own from the spread and B's from the trade; and with two copies
of each double hurdle (D18), D cannot hold part IV's two Hv/Hr while C throws a third)."""
SPREAD_DEALT = ["3/H", "3v/Hr", "Hr/Hb", "3b/Hj", "2/3"]
"""« II. – Les cartes étalées sont : 3 / H - 3v / Hr - Hr / Hb - 3b / Hj - 2 / 3 »"""


def example_deal() -> SteepleState:
    """Four players, A deals: the cards go one at a time from the dealer's left (B, C, D, A, ...),
    then the five spread cards."""
    state = new_state(4)
    order = [HANDS_DEALT[seat][i] for i in range(11) for seat in (B, C, D, A)]
    deal(state, order + SPREAD_DEALT)
    for seat, cards in HANDS_DEALT.items():
        assert hand_of(state, seat) == sorted(hand_of_texts(cards)), f"{SEAT[seat]}'s hand"
    return state


def hand_of_texts(cards: Sequence[str]) -> list[str]:
    return [str(material().types[card(c)]) for c in cards]


def test_the_example_part_i_attributes_the_horses() -> None:
    """The example, « I. – ATTRIBUTION DES CHEVAUX »: A Rouge, B Vert, C « Rouge + 5 (5 points
    d'enchère) », D Jaune, A Bleu; « Le cheval rouge sera ensuite demandé et obtenu par C ». A free
    horse is taken at once (« ATTRIBUTION PROVISOIRE »), a held one is asked with a bid and sold at
    auction between those who asked for it, its holder and the requester (D6, D7, D40)."""
    state = example_deal()
    act(state, A, "demande r")
    assert state.owner[R] == A, "A asked for the free red horse and holds it (provisionally)"
    act(state, B, "demande v")
    assert "demande r" not in legal(state, C), "a held horse is asked for with a bid"
    assert "demande r 5" in legal(state, C), "« Rouge + 5 »: a bid of 5 asks for A's horse"
    act(state, C, "demande r 5")
    # A, who asked for red before C, may outbid him; D and B, who did not ask for it, are not asked.
    act(state, A, "passe")
    assert state.owner[R] == C and state.chips[C] == 95 and state.pot == 5, (
        "C wins the red horse for his 5 points, paid on the table"
    )
    act(state, D, "demande j")
    act(state, A, "demande b")
    assert [state.owner[h] for h in (R, BL, J, V)] == [C, A, D, B]
    assert phase_of(state) is Phase.EXCHANGE and state.active_players() == (A,), (
        "with every horse given, the exchanges with the spread open with the dealer"
    )


def test_a_contested_horse_may_be_kept_by_its_holder_who_outbids_the_requester() -> None:
    """ATTRIBUTION DES CHEVAUX: « S'il y a plusieurs demandes sur un même cheval, l'attribution se fait
    aux enchères. » C asks for A's red horse with 5; A, the holder, bids 10. The auction goes on in
    turn, so C, who opened it and has not passed, may raise again: he passes. A keeps his horse and
    pays 10 into the pot (D6, D7, D40)."""
    state = example_deal()
    act(state, A, "demande r")
    act(state, B, "demande v")
    act(state, C, "demande r 5")
    assert legal(state, A)[:3] == ["enchere 10", "enchere 100", "enchere 15"]
    act(state, A, "enchere 10")
    assert state.active_players() == (C,), (
        "after A's 10 the auction comes round to C, who asked for red with 5 and has not passed: "
        "the requester stays in his auction and may raise"
    )
    act(state, C, "passe")  # D, who did not ask for red, is never asked
    assert state.owner[R] == A and state.chips[A] == 90 and state.pot == 10, (
        "A outbid C for his own horse: he keeps it and pays his 10"
    )
    assert state.active_players() == (D,), "the requests go on after C, with D"


def test_only_those_who_asked_for_a_held_horse_bid_for_it() -> None:
    """« S'il y a plusieurs demandes sur un même cheval, l'attribution se fait aux enchères »: the
    auction is between the requests on that horse, its holder's and the new one (D40). C asks for
    A's red horse: A alone may outbid him; D, still without a horse, and B did not ask for red and
    are refused with the reason, the auction untouched."""
    state = example_deal()
    act(state, A, "demande r")
    act(state, B, "demande v")
    refuse(state, C, "demande r", "horse_held")
    act(state, C, "demande r 5")
    assert state.active_players() == (A,), "the holder speaks; D, who did not ask for red, does not"
    context = state.context()
    assert context["phase"] == "auction" and context["to_act"] == [A] and context["turn"] == A
    assert state.turn == C, "the auction calls on A while the request round waits on C's turn"
    refuse(state, D, "enchere 10", "not_a_bidder")
    refuse(state, B, "passe", "not_a_bidder")
    assert state.auction is not None and not state.auction.active[D]
    act(state, A, "passe")
    assert state.owner[R] == C and state.active_players() == (D,), "then D asks, in turn"


def test_a_horse_won_at_auction_is_asked_back_only_for_more_than_it_went_for() -> None:
    """A horse sold at auction is not asked back at once for less (D41): A keeps red against C's 5
    by bidding 50; when C's turn comes round again he may ask for red only above 50, not with a
    fresh 5. Asked for with 55 by D, it goes to D at 55, and A may then ask for it above 55."""
    state = example_deal()
    act(state, A, "demande r")
    act(state, B, "demande v")
    act(state, C, "demande r 5")
    act(state, A, "enchere 50")
    act(state, C, "passe")
    assert state.owner[R] == A and state.sold_for[R] == 50 and state.chips[A] == 50
    act(state, D, "demande j")
    assert "demande r 5" not in legal(state, C) and "demande r 50" not in legal(state, C)
    assert "demande r 55" in legal(state, C)
    refuse(state, C, "demande r 5", "horse_won_for")
    refuse(state, C, "demande r 50", "horse_won_for")
    act(state, C, "demande b")
    assert phase_of(state) is Phase.EXCHANGE, "every horse is given"


def test_the_player_who_lost_a_horse_asks_for_it_back_above_its_price() -> None:
    """D41, the other way round: D takes red from A at 20; A, without a horse now, may ask for it
    again only above 20, and the new auction, between A and D, opens at his bid."""
    state = example_deal()
    act(state, A, "demande r")
    act(state, B, "demande v")
    act(state, C, "demande j")
    act(state, D, "demande r 20")
    act(state, A, "passe")
    assert state.owner[R] == D and state.sold_for[R] == 20 and state.pot == 20
    assert state.active_players() == (A,), "A, who lost red, asks again at his turn"
    refuse(state, A, "demande r 20", "horse_won_for")
    act(state, A, "demande r 25")
    assert state.active_players() == (D,) and state.auction is not None
    assert [q for q in range(4) if state.auction.active[q] or q == state.auction.leader] == [A, D]
    act(state, D, "passe")
    assert state.owner[R] == A and state.sold_for[R] == 25 and state.chips[A] == 75


def test_with_four_players_or_fewer_a_player_must_take_a_horse() -> None:
    """ATTRIBUTION DES CHEVAUX: only « Les joueurs qui n'ont pas de chevaux (plus de 4 joueurs) »
    play without one, so with four players or fewer nobody may pass while a horse is free (D6)."""
    state = new_state(4)
    deal_anything(state)
    assert "passe" not in legal(state, A)
    assert {"demande r", "demande b", "demande j", "demande v"} <= set(legal(state, A))


def test_with_more_than_four_players_one_may_stay_without_a_horse() -> None:
    """ATTRIBUTION DES CHEVAUX: « Les joueurs qui n'ont pas de chevaux (plus de 4 joueurs) doivent
    s'efforcer d'empêcher les autres de gagner. » With six players, once the four horses are taken
    E and F may pass, or bid for a held horse; the round ends when every player without a horse
    has passed in turn (D6)."""
    state = new_state(6)
    deal_anything(state)
    for seat, colour in zip((A, B, C, D), "rbjv", strict=True):
        assert "passe" not in legal(state, seat), "a horse is still free: no passing"
        act(state, seat, f"demande {colour}")
    assert "passe" in legal(state, E) and "demande r 5" in legal(state, E)
    act(state, E, "passe")
    assert phase_of(state) is Phase.HORSES, "F, without a horse too, has not spoken yet"
    act(state, 5, "passe")
    assert phase_of(state) is Phase.EXCHANGE, "E and F stay without a horse and the exchanges begin"
    assert E not in state.owner and 5 not in state.owner


def test_a_bid_beyond_ones_chips_is_refused_and_changes_nothing() -> None:
    """ENCHÈRES: « Chaque joueur reçoit des jetons de 5 et de 20 représentant la valeur de 100 points
    et ne peut enchérir qu'avec son disponible. » B, with 30 points, cannot bid 35; bids go by chips
    of 5 above the last (D7)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        spread=["3/H"],
        phase=Phase.EXCHANGE,
    )
    state.chips = [100, 30, 100, 100]
    act(state, A, "demande 3/H 10")
    assert legal(state, B) == ["enchere 15", "enchere 20", "enchere 25", "enchere 30", "passe"]
    refuse(state, B, "enchere 35", "beyond_chips")
    refuse(state, B, "enchere 10", "bid_too_low")
    refuse(state, B, "enchere 17", "bid_unit")
    refuse(state, B, "demande 3/H 500", "beyond_chips")


def test_a_player_who_cannot_top_the_bid_is_not_asked() -> None:
    """ENCHÈRES: « ne peut enchérir qu'avec son disponible »: C, with 10 points, is not asked to top
    A's opening bid of 10 (D7)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        spread=["3/H"],
        phase=Phase.EXCHANGE,
    )
    state.chips = [100, 100, 10, 100]
    act(state, A, "demande 3/H 10")
    act(state, B, "passe")
    act(state, D, "passe")
    assert phase_of(state) is Phase.THROW and state.active_players() == (A,), (
        "C could not top 10, B and D passed: A wins the card for his 10"
    )
    assert state.chips[A] == 90 and state.pot == 10


# -- ATTRIBUTION DU JEU ÉTALÉ (D10) ---------------------------------------------------------------------


def test_the_example_part_ii_exchanges_with_the_spread() -> None:
    """The example, « II. – ATTRIBUTION DES CARTES ÉTALÉES »: A takes 3b/Hj (« Pas d'enchères ») and
    throws Hb/Hv; B asks 2/3 « +10 », « C dit 15 D dit 20 A dit 25 », A throws 3r/Hb; C takes 3r/Hb
    for Hr/Hv; D asks 3/H, « A dit 5 B dit 10 C passe D dit 20 », D throws Hj/Hv; A passes; B takes
    3v/Hr for Hv/Hj; C takes Hv/Hj for Hr/Hj. The bids are paid on the table: 5 + 45 = 50 (D7, D10).
    D, who asked for 3/H, bids again after being outbid: the requester stays in his auction."""
    state = example_deal()
    act(state, A, "demande r")
    act(state, B, "demande v")
    act(state, C, "demande r 5")
    act(state, A, "passe")
    act(state, D, "demande j")
    act(state, A, "demande b")
    act(state, A, "demande 3b/Hj")
    act(state, B, "passe")
    act(state, C, "passe")
    act(state, D, "passe")
    act(state, A, "jette Hb/Hv")
    act(state, B, "demande 2/3 10")
    act(state, C, "enchere 15")
    act(state, D, "enchere 20")
    act(state, A, "enchere 25")
    assert state.active_players() == (B,), (
        "after A's 25 the auction comes round to B, who asked for 2/3 with 10 and has not passed: "
        "the requester stays in his auction and may raise"
    )
    act(state, B, "passe")
    act(state, C, "passe")
    act(state, D, "passe")
    act(state, A, "jette 3r/Hb")
    act(state, C, "demande 3r/Hb")
    act(state, D, "passe")
    act(state, A, "passe")
    act(state, B, "passe")
    act(state, C, "jette Hr/Hv")
    act(state, D, "demande 3/H")
    act(state, A, "enchere 5")
    act(state, B, "enchere 10")
    act(state, C, "passe")
    act(state, D, "enchere 20")  # « D dit 20 »: the requester raises after being outbid
    act(state, A, "passe")
    act(state, B, "passe")
    act(state, D, "jette Hj/Hv")
    act(state, A, "passe")
    act(state, B, "demande 3v/Hr")
    act(state, C, "passe")
    act(state, D, "passe")
    act(state, A, "passe")
    act(state, B, "jette Hv/Hj")
    act(state, C, "demande Hv/Hj")
    act(state, D, "passe")
    act(state, A, "passe")
    act(state, B, "passe")
    act(state, C, "jette Hr/Hj")
    for seat in (D, A, B, C):
        act(state, seat, "passe")
    assert phase_of(state) is Phase.TRADE, "a full round of passes ends the exchanges"
    assert state.pot == 50 and state.chips == [75, 100, 95, 80], (
        "« les 50 (5+45) points d'enchères sur le tapis »: C paid 5, A 25, D 20"
    )
    assert sorted(state.observation(None)["spread"]) == sorted(
        hand_of_texts(["Hr/Hb", "Hb/Hv", "Hr/Hv", "Hj/Hv", "Hr/Hj"])
    )


def test_a_spread_card_won_is_paid_for_and_a_card_thrown_face_up_in_exchange() -> None:
    """ATTRIBUTION DU JEU ÉTALÉ: « On peut échanger une par une et à son tour des cartes de son jeu
    contre des cartes étalées ». A asks for 3/H with no bid, nobody bids: he takes it (« Pas
    d'enchères A prend la carte ») and throws one of his cards to the spread; the card he took is now
    known to all. The turn passes to B (D10)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        hands={A: ["Hr/Hv", "3/2"]},
        spread=["3/H"],
        phase=Phase.EXCHANGE,
    )
    act(
        state,
        A,
        "demande 3/H",
    )
    for seat in (B, C, D):
        act(state, seat, "passe")
    assert legal(state, A) == ["jette 3/2", "jette Hr/Hv"], "one of his own cards, not 3/H (D52)"
    act(state, A, "jette Hr/Hv")
    assert hand_of(state, A) == ["3/2", "3/H"] and state.chips[A] == 100
    assert state.observation(None)["spread"] == ["Hr/Hv"]
    assert state.observation(B)["known_cards"][A] == ["3/H"], "a card taken from the spread is seen"
    assert phase_of(state) is Phase.EXCHANGE and state.active_players() == (B,)


def test_a_player_asks_for_three_spread_cards_at_most_in_a_deal() -> None:
    """D10: the seed sets no limit to « échanger une par une et à son tour »; three requests per
    player and deal keep the exchanges finite. After three, a player may only pass. A card not
    spread cannot be asked for."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        hands={A: ["Hr/Hv"]},
        spread=["3/H"],
        phase=Phase.EXCHANGE,
    )
    refuse(state, A, "demande 3/2", "not_spread")
    state.requests[A] = 3
    assert legal(state, A) == ["passe"]


def test_the_exchanges_end_after_a_full_round_of_passes() -> None:
    """D10: one request at a time, in turn from the dealer; when every player has passed in turn the
    exchanges are over and the direct trades (« Des échanges directs de cartes entre joueurs sont
    également admis ») begin with the dealer."""
    state = table(horses={"b": A, "v": B, "r": C, "j": D}, spread=["3/H"], phase=Phase.EXCHANGE)
    for seat in (A, B, C):
        act(state, seat, "passe")
    assert phase_of(state) is Phase.EXCHANGE
    act(state, D, "passe")
    assert phase_of(state) is Phase.TRADE and state.active_players() == (A,)


# -- ÉCHANGES DIRECTS (D9) and the pot (D7) --------------------------------------------------------------

HANDS_AFTER_II = {
    A: ["4/3v", "2/2b", "3/Hj", "R/3b", "3b/Hr", "3/Hv", "Hr/Hj", "R/4", "4/3b", "3b/Hj", "2/3"],
    B: ["3/2", "3/2", "4/3j", "2/2r", "4/0", "3/Hr", "4/0", "R/3v", "3/H", "3/Hr", "3v/Hr"],
    C: ["3r/Hj", "3/H", "3/Hb", "3j/Hr", "R/4", "4/0", "3r/Hv", "R/3r", "R/3j", "3r/Hb", "Hv/Hj"],
    D: ["Hb/Hv", "Hv/Hr", "3/Hb", "4/R", "4/0", "R/4", "Hr/Hb", "2/3", "Hb/Hj", "4/3r", "3/H"],
}


def test_the_example_part_iii_trades_and_shares_the_pot() -> None:
    """The example, III: « C (rouge) demande à D (jaune) : Que me donnez-vous pour un R / 3j ? D
    (jaune) accepte de livrer le 4 / 3 qu'il possède et l'échange se fait. » « A accepte 3 / 2 mais
    avec une livraison de 10 points d'enchères ce qu'accepte B » for his 4/3v. « Finalement les 50
    (5+45) points d'enchères sur le tapis sont partagés, chaque joueur en reçoit 10. Dix restent sur
    le tapis jusqu'au tour suivant. » (D7, D9)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        hands=HANDS_AFTER_II,
        spread=["Hr/Hb", "Hb/Hv", "Hr/Hv", "Hj/Hv", "Hr/Hj"],
        phase=Phase.TRADE,
    )
    state.chips, state.pot = [75, 100, 95, 80], 50
    act(state, A, "passe")
    act(state, B, "passe")
    act(state, C, "propose 3 R/3j")
    act(state, D, "contre 4/3r")
    act(state, C, "accepte")
    act(
        state, D, "passe"
    )  # « D (jaune) demande 4 / 3j »: asking is not an offer; B does not answer
    act(state, A, "propose 1 4/3v")
    act(state, B, "contre 3/2 10")
    act(state, A, "accepte")
    assert "4/3r" in hand_of(state, C) and "R/3j" in hand_of(state, D)
    assert "4/3v" in hand_of(state, B) and "3/2" in hand_of(state, A)
    for seat in (B, C, D):
        act(state, seat, "passe")
    events = act(state, A, "passe")
    shared = [e for e in events if isinstance(e, ev.PotShared)]
    assert shared and (shared[0].share, shared[0].kept) == (10, 10)
    assert state.pot == 10, "« Dix restent sur le tapis jusqu'au tour suivant »"
    assert state.chips == [95, 100, 105, 90], "10 each from the pot, and B's 10 paid to A"
    assert phase_of(state) is Phase.RACE and state.active_players() == (A,), (
        "« Chacun joue à son tour, le donneur le premier »"
    )


def test_the_pot_is_shared_in_chips_of_five_and_the_rest_stays_on_the_table() -> None:
    """ENCHÈRES: « les mises sont partagées également entre tous les joueurs. Le reliquat éventuel
    reste pour le tour suivant. » 35 among four: 5 each (a chip of 5), 15 stay (D7)."""
    state = table(horses={"b": A, "v": B, "r": C, "j": D}, hands={A: ["3/2"]}, phase=Phase.TRADE)
    state.pot = 35
    for seat in (A, B, C, D):
        act(state, seat, "passe")
    assert state.chips == [105] * 4 and state.pot == 15


def test_offering_or_answering_with_a_card_one_does_not_hold_is_refused() -> None:
    """ATTRIBUTION DU JEU ÉTALÉ: « Des échanges directs de cartes entre joueurs sont également
    admis »: of one's own cards only. An offer or an answer naming a card not held is refused and
    changes nothing (D9)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        hands={A: ["4/3v"], B: ["3/2"]},
        phase=Phase.TRADE,
    )
    refuse(state, A, "propose 1 R/3j", "card_not_held")
    act(state, A, "propose 1 4/3v")
    refuse(state, B, "contre 4/0", "card_not_held")
    refuse(state, B, "contre 3/2 105", "points_beyond_chips")


def test_a_counter_offer_adds_at_most_twenty_points_and_a_refusal_moves_nothing() -> None:
    """D9: the answer to « Que me donnez-vous pour un R / 3j ? » is one of one's cards and up to 20
    points (the example adds 10), or a refusal; the first player then accepts or refuses. The cards
    named are known to all, whatever the outcome."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        hands={A: ["4/3v"], B: ["3/2"]},
        phase=Phase.TRADE,
    )
    act(state, A, "propose 1 4/3v")
    assert state.active_players() == (B,) and state.turn == A, "B answers; the round waits on A"
    counters = [a for a in legal(state, B) if a.startswith("contre")]
    assert counters == [
        "contre 3/2",
        "contre 3/2 10",
        "contre 3/2 15",
        "contre 3/2 20",
        "contre 3/2 5",
    ]
    act(state, B, "contre 3/2 10")
    assert legal(state, A) == ["accepte", "refuse"]
    act(state, A, "refuse")
    assert hand_of(state, A) == ["4/3v"] and hand_of(state, B) == ["3/2"]
    assert state.chips == [100] * 4
    known = state.observation(C)["known_cards"]
    assert known[A] == ["4/3v"] and known[B] == ["3/2"], "the cards named are public"
    assert state.active_players() == (B,), "the trading round goes on after the proposer"


def test_a_player_makes_two_offers_at_most_in_a_trading_round() -> None:
    """D9: two offers per player keep the trading round finite."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        hands={A: ["4/3v"], B: ["3/2"]},
        phase=Phase.TRADE,
    )
    state.offers[A] = 2
    assert legal(state, A) == ["passe"]


# -- AVANCES: PAS, TROT, GALOP (D2) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cards", "half", "hurdle", "expected"),
    [
        ("3/2", "2 b", False, 3),
        ("3/2", "3 b", False, 4),
        ("R/4", "4 b", False, 5),
        ("3/2", "2 b", True, 1),
        ("3/2", "3 b", True, 2),
        ("R/4", "4 b", True, 3),
    ],
)
def test_pas_trot_and_galop_with_and_without_a_hurdle(
    cards: str, half: str, hurdle: bool, expected: int
) -> None:
    """AVANCES: « PAS = 2 Avancer de 2 cases. | Ne pas avancer. TROT = 3 » 3 cases | Avancer de 1
    case GALOP = 4 » 4 cases | » 2 cases » (without a hurdle | with one). Each square costs 1 and a
    hurdle 2 more: « 3-2 (haie sautée) = 1 » (D2). Blue stands on 1, the hurdle (if any) right in
    front of it, « entre 1 et 2 »."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 1},
        hands={A: [cards]},
        hurdles={"b": ["1-2"]} if hurdle else {},
    )
    act(state, A, f"joue {cards}", half)
    assert square(state, "b") == expected, (
        f"{half} from square 1 {'over a hurdle' if hurdle else 'on a clear lane'} should reach "
        f"{expected}, not {square(state, 'b')}"
    )
    if hurdle and expected > 1:
        assert hurdles_on(state, "b") == [], "« Une haie franchie est aussitôt enlevée »"


def test_an_advance_stops_before_an_obstacle_it_cannot_pay() -> None:
    """AVANCES: « Si une avance entière est impossible, on s'arrête devant l'obstacle. » Blue on 1
    with a hurdle « entre 2 et 3 »: the trot goes 1 square and the 2 points left cannot pay the
    hurdle's 3; the hurdle stays. The galop then jumps it: 3 + 1 (D2)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 1},
        hands={A: ["R/4"]},
        hurdles={"b": ["2-3"]},
    )
    act(state, A, "joue R/4", "R=3 b")
    assert square(state, "b") == 2 and hurdles_on(state, "b") == [2], (
        "the trot stops on 2, in front of the hurdle, which stays"
    )
    act(state, A, "4 b")
    assert square(state, "b") == 4 and hurdles_on(state, "b") == [], "the galop: hurdle 3, square 1"


def test_the_two_coups_of_a_card_are_played_in_the_order_one_likes() -> None:
    """« Les cartes indiquent deux coups à jouer ensemble mais dans l'ordre que l'on désire ». Move 5
    of the example: blue on 4, a hurdle « entre 4 et 5 », card 3/2: « Jouer d'abord le trot qui mène
    en 5 (haie sautée), puis le pas » gives 7; the pas first cannot move and the trot then gives 5."""
    for order, expected in ((["3 b", "2 b"], 7), (["2 b", "3 b"], 5)):
        state = table(
            horses={"b": A, "v": B, "r": C, "j": D},
            at={"b": 4},
            hands={A: ["3/2"]},
            hurdles={"b": ["4-5"]},
        )
        act(state, A, "joue 3/2", *order)
        assert square(state, "b") == expected, f"{' then '.join(order)} ends on {expected}"


def test_a_mobile_hurdle_in_the_central_hurdles_gap_is_paid_once() -> None:
    """Move 38: green on 19 with a green hurdle « entre 19 et 20 » where the central hurdle also
    stands; B takes his hurdle off with H and trots to 20: « Mauvaise utilisation du H », because the
    trot alone jumps both: several hurdles in one gap are one obstacle, paid 3 (D2, D3)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"v": 19},
        hands={B: ["3/H"]},
        hurdles={"v": ["19-20"]},
        turn=B,
    )
    act(state, B, "joue 3/H", "3 v")
    assert square(state, "v") == 20, "trot 3 = the gap of two hurdles (3) and no square more"
    assert hurdles_on(state, "v") == [], "the mobile hurdle is jumped and taken away"
    assert state.game.central[V] >> 19 & 1, "« sauf la haie centrale »: it stays"


# -- RIVIÈRES (D2) -------------------------------------------------------------------------------------------


def test_a_horse_may_be_over_a_river_between_the_two_coups_of_a_card() -> None:
    """Move 13: blue on 8, hurdles « entre 9 et 10 » and « entre 10 et 11 » around the river on 10;
    « Jouer d'abord le R comme 4, puis le 3b »: the galop ends on the river (1 + 3), the trot jumps
    the second hurdle to 11 (D2)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 8},
        hands={A: ["R/3b"]},
        hurdles={"b": ["9-10", "10-11"]},
    )
    act(state, A, "joue R/3b", "R=4 b")
    assert square(state, "b") == 10, "between the coups the horse is over the river"
    act(state, A, "3b b")
    assert square(state, "b") == 11 and hurdles_on(state, "b") == []


def test_a_card_that_ends_on_a_river_leaves_the_horse_before_it_with_its_hurdles_standing() -> None:
    """RIVIÈRES: « il faut les sauter (interdiction d'y stationner) ». Move 13's other order: « Si
    l'on jouait 3b, puis R, A (bleu) irait en 9 »: the trot stops on 9, the galop jumps the hurdle to
    the river and cannot pay the next; the horse goes back to 9 and the hurdle it jumped after 9
    stands again (D2)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 8},
        hands={A: ["R/3b"]},
        hurdles={"b": ["9-10", "10-11"]},
    )
    events = act(state, A, "joue R/3b", "3b b", "R=4 b")
    assert square(state, "b") == 9, "« A (bleu) irait en 9 »"
    assert hurdles_on(state, "b") == [9, 10], "the hurdle jumped onto the river stands again"
    assert any(isinstance(e, ev.RiverRefused) for e in events)


def test_a_card_that_ends_on_the_double_river_goes_back_to_the_square_before_it() -> None:
    """RIVIÈRES: the second river covers squares 15 and 16. Red on 12, C plays 2/2r: 14, then 16, on
    the river; the horse goes back along its path to 14, the last square before the river (D2; moves
    19 and 26 of the example end the same way)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"r": 12},
        hands={C: ["2/2r"]},
        turn=C,
    )
    act(state, C, "joue 2/2r", "2 r", "2r r")
    assert square(state, "r") == 14


def test_a_river_framed_by_hurdles_needs_a_trot_and_a_galop() -> None:
    """QUELQUES CONSEILS: « S'il y a deux haies (une sur chaque rive), il faut au moins un trot/galop
    (rivière à une ou deux cases) » and « s'il y a une haie, il faut au moins un galop (rivière à une
    case) ». Blue on 9, hurdles « entre 9 et 10 » and « entre 10 et 11 »: 4/3b crosses to 11; with one
    hurdle the galop alone crosses, the trot alone does not (D2)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 9},
        hands={A: ["4/3b"]},
        hurdles={"b": ["9-10", "10-11"]},
    )
    act(state, A, "joue 4/3b", "4 b", "3b b")
    assert square(state, "b") == 11, "trot/galop crosses a river framed by hurdles"
    galop = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 9},
        hands={A: ["4/0"]},
        hurdles={"b": ["9-10"]},
    )
    act(galop, A, "joue 4/0", "4 b", "nul 0")
    assert square(galop, "b") == 11, "one hurdle: the galop alone crosses (3 + 1)"
    trot = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 9},
        hands={A: ["3/Hr"]},
        hurdles={"b": ["9-10"]},
    )
    act(trot, A, "joue 3/Hr", "3 b", "Hr r 5-6")
    assert square(trot, "b") == 9 and hurdles_on(trot, "b") == [9], (
        "one hurdle: the trot alone jumps it onto the river and must come back"
    )


# -- HAIES and the central hurdle (D3, D4) -------------------------------------------------------------------


def test_the_central_hurdle_stands_where_the_example_requires_it() -> None:
    """« Placer au centre de la piste la haie en croix »: the board is not in the seed; the example
    places it on blue's lane « entre 11 et 12 » (moves 17, 18, 21, 31), on red's and yellow's « entre
    20 et 21 » (moves 31, 39, 40), on green's « entre 6 et 7 » and « entre 19 et 20 » (moves 10, 34, 38,
    42) (D3)."""
    state = new_state(4)
    central = {h["colour"]: h["central"] for h in state.observation(None)["horses"]}
    assert central == {"r": [20], "b": [11], "j": [20], "v": [6, 19]}


def test_a_horse_where_the_lanes_cross_bars_the_other_lane() -> None:
    """« Recule A (bleu) en 11 pour barrer B (vert) et D (jaune) »; « une méthode habile consiste à
    placer un cheval barrant la piste du gagnant probable et à l'y maintenir aussi longtemps que
    possible. » Where two lanes cross (yellow 21 and green 7, blue 12 and red 20, blue 11 and
    yellow 20, blue 11 and green 20), a horse standing on the spot bars the other lane's square: an
    advance stops short of it and its points left are lost; a chute stops short of it too, and a horse
    that cannot go back a square is no target. The card is played all the same (D26)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 11, "v": 17, "r": 12, "j": 20},
        hands={B: ["4/3v"], A: ["4/0"]},
        turn=B,
    )
    # Blue on 11 bars green's 20: the galop stops green on 19, the trot is lost.
    events = act(state, B, "joue 4/3v", "4 v", "3v v")
    assert square(state, "v") == 19
    barred = [e for e in events if isinstance(e, ev.HorseBarred)]
    assert barred and (barred[0].horse, barred[0].by, barred[0].square) == (V, BL, 20)
    # A chute stops short too: yellow, waiting on its square 21, bars green's 7; green on 9 goes
    # back one square only.
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 12, "v": 9, "j": 20, "r": 5},
        hands={C: ["4/0"]},
        turn=C,
    )
    state.pos[J] = 0
    act(state, C, "joue 4/0", "0 v")
    assert square(state, "v") == 8, "back from 9 to 8, not onto 7"
    # The bar works both ways: yellow on 20 bars blue's 11, so blue on 12 is no target.
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 12, "j": 20, "r": 5},
        hands={C: ["4/0"]},
        turn=C,
    )
    act(state, C, "joue 4/0")
    assert "0 b" not in legal(state, C), "blue on 12 cannot go back onto 11, barred by yellow"
    refuse(state, C, "0 b", "barred_back")
    # A horse over the line bars nothing: once yellow has finished, blue may go back to 11.
    state.pos[J] = FINISH
    assert "0 b" in legal(state, C)


def test_the_central_hurdle_is_jumped_like_a_hurdle_and_never_taken_away() -> None:
    """HAIES: « Une haie franchie est aussitôt enlevée, sauf la haie centrale. » Move 17: blue on 11,
    the trot 3b jumps the central hurdle and stops on 12. A white hurdle may take a hurdle off one's
    own lane « (sauf la haie centrale) » (D3)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 11},
        hands={A: ["3b/Hj"]},
    )
    act(state, A, "joue 3b/Hj", "3b b")
    assert square(state, "b") == 12, "the trot pays 3 for the central hurdle and stops on 12"
    assert state.game.central[BL] >> 11 & 1, "the central hurdle is still there"
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 11},
        hands={A: ["3/H"]},
        hurdles={"b": ["13-14"]},
    )
    act(state, A, "joue 3/H")
    removals = [a for a in legal(state, A) if a.startswith("H -")]
    assert removals == ["H -b 13-14"], (
        "only the mobile hurdle can be taken off, not the central one"
    )
    refuse(state, A, "H -b 11-12", "no_hurdle_there")


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8])
def test_six_and_eight_players_race_without_the_central_hurdle(players: int) -> None:
    """RÈGLE SPÉCIALE: « 4 ou 5 joueurs. Règle ordinaire. 6 joueurs. Supprimer la haie centrale. 7
    joueurs. [...] 8 joueurs. Comme pour 7 joueurs, mais en plus supprimer la haie centrale. » (D3)"""
    state = new_state(players)
    has_central = any(state.game.central)
    assert has_central == (players not in (6, 8)), (
        f"{players} players: central hurdle {has_central}"
    )


def test_a_hurdle_goes_anywhere_from_right_in_front_of_the_horse_to_the_line() -> None:
    """HAIES: « En jouant une haie colorée, le joueur la place entre deux cases et où il le désire sur
    le parcours restant à accomplir par le cheval de cette couleur. » Red on 5: from « entre 5 et 6 »
    to « entre 21 et 1 », the finish line (D4)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"r": 5},
        hands={A: ["3/Hr"]},
    )
    act(state, A, "joue 3/Hr")
    gaps = [a.split()[-1] for a in legal(state, A) if a.startswith("Hr")]
    assert sorted(gaps, key=lambda g: int(g.split("-")[0])) == [
        f"{s}-{s % 21 + 1}" for s in range(5, 22)
    ]


def test_a_hurdle_behind_the_horse_is_refused() -> None:
    """HAIES: « sur le parcours restant à accomplir par le cheval de cette couleur »: red on 5, a
    hurdle « entre 3 et 4 » is behind it and refused, nothing changed (D4)."""
    state = table(horses={"b": A, "v": B, "r": C, "j": D}, at={"r": 5}, hands={A: ["3/Hr"]})
    act(state, A, "joue 3/Hr")
    refuse(state, A, "Hr r 3-4", "behind")


def test_one_mobile_hurdle_to_a_gap_on_a_lane() -> None:
    """Move 42: red on 21 with a hurdle « entre 21 et 1 »: « On ne peut jouer Hr », the half is void.
    Elsewhere a second hurdle in a gap already holding one is refused (D4)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"r": 21, "v": 5},
        hands={B: ["3/Hr"]},
        hurdles={"r": ["21-1"]},
        turn=B,
    )
    act(state, B, "joue 3/Hr", "3 v")
    assert legal(state, B) == ["nul Hr"], "« On ne peut jouer Hr »"
    act(state, B, "nul Hr")
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"r": 17},
        hands={A: ["3/Hr"]},
        hurdles={"r": ["19-20"]},
    )
    act(state, A, "joue 3/Hr")
    refuse(state, A, "Hr r 19-20", "gap_taken")


def test_a_mobile_hurdle_may_share_the_central_gap_or_lie_between_two_river_squares() -> None:
    """Move 22: « Rouge 15 et 16 », a hurdle between the two squares of the second river; move 35:
    « Vert 19 et 20 », a mobile hurdle where green's central hurdle stands (D4)."""
    state = table(horses={"b": A, "v": B, "r": C, "j": D}, at={"r": 14}, hands={A: ["3/Hr"]})
    act(state, A, "joue 3/Hr")
    assert "Hr r 15-16" in legal(state, A), "« Rouge 15 et 16 »: between two river squares"
    state = table(horses={"b": A, "v": B, "r": C, "j": D}, at={"v": 17}, hands={A: ["3r/Hv"]})
    act(state, A, "joue 3r/Hv")
    assert "Hv v 19-20" in legal(state, A), "« Vert 19 et 20 »: with the central hurdle"


def test_before_the_start_the_gap_21_1_is_the_start_line() -> None:
    """Moves 2 and 3: B lays « Rouge 21 et 1 » before red has started; C's 3r then jumps it: « 3-2
    (haie sautée) = 1 » (D4)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        hands={B: ["3v/Hr"], C: ["3r/Hj"]},
        turn=B,
    )
    act(state, B, "joue 3v/Hr", "3v v", "Hr r 21-1")
    assert hurdles_on(state, "r") == [0], "the hurdle stands on the start line, before square 1"
    act(state, C, "joue 3r/Hj", "3r r")
    assert square(state, "r") == 1 and hurdles_on(state, "r") == []


def test_fifteen_mobile_hurdles_in_all() -> None:
    """Material: « Haies mobiles: découpez les 15 haies ». With the fifteen on the course a hurdle
    half cannot be laid: it is void (D4)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        hands={A: ["3/Hr"]},
        at={"j": 1},
        hurdles={"j": [f"{s}-{s + 1}" for s in range(1, 16)]},
    )
    act(state, A, "joue 3/Hr", "3 b")
    assert legal(state, A) == ["nul Hr"]


# -- « II est défendu de favoriser un autre joueur » (D5) ------------------------------------------------------


def test_a_white_advance_moves_only_ones_own_horse() -> None:
    """MARCHE DU JEU: « II est défendu de favoriser un autre joueur, sauf si la couleur vous y
    oblige. » INDICATION DES CARTES: « les sans couleur sur n'importe quelle piste »: a white advance
    goes to one's own horse (D5)."""
    state = table(horses={"b": A, "v": B, "r": C, "j": D}, hands={A: ["3/2"]})
    act(state, A, "joue 3/2")
    assert legal(state, A) == ["2 b", "3 b"]
    refuse(state, A, "3 r", "favour")


def test_a_white_advance_is_void_for_a_player_without_a_horse() -> None:
    """D5: a player without a horse (« plus de 4 joueurs ») has no horse a white advance may help."""
    state = table(5, horses={"r": A, "b": B, "j": C, "v": D}, hands={E: ["3/2"]}, turn=E)
    act(state, E, "joue 3/2")
    assert legal(state, E) == ["nul 2", "nul 3"]


def test_a_white_hurdle_goes_on_anothers_lane_or_comes_off_ones_own() -> None:
    """HAIES: « Pour une haie sans couleur le joueur peut mettre une haie sur n'importe quelle piste
    ou, s'il le préfère, retirer une haie sur sa propre piste (sauf la haie centrale). » Never on his
    own lane: « II est défendu de favoriser un autre joueur » (D5). Move 28: « Jouer d'abord H, puis
    3 »."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 3},
        hands={A: ["3/H"]},
        hurdles={"b": ["5-6"]},
    )
    act(state, A, "joue 3/H")
    lanes = {a.split()[1] for a in legal(state, A) if a.startswith("H ")}
    assert lanes == {"r", "j", "v", "-b"}, f"white hurdle targets {lanes}"
    refuse(state, A, "H b 7-8", "favour")
    act(state, A, "H -b 5-6", "3 b")
    assert square(state, "b") == 6 and hurdles_on(state, "b") == []


def test_a_coloured_coup_is_played_on_its_colour_even_against_oneself() -> None:
    """INDICATION DES CARTES: « les colorées sur la piste du cheval de cette couleur »; « sauf si la
    couleur vous y oblige »: A (blue) must lay Hb on his own lane and move B's green with 3v (D5;
    the example, move 2: B lays « Rouge 21 et 1 »; moves 27 and 29 lay hurdles of one's colour)."""
    state = table(horses={"b": A, "v": B, "r": C, "j": D}, hands={A: ["3v/Hb"]})
    act(state, A, "joue 3v/Hb")
    options = legal(state, A)
    assert "3v v" in options and "nul Hb" not in options
    assert {a.split()[1] for a in options if a.startswith("Hb")} == {"b"}
    act(state, A, "3v v", "Hb b 1-2")
    assert square(state, "v") == 3 and hurdles_on(state, "b") == [1]


def test_a_chute_never_touches_ones_own_horse() -> None:
    """D5: « II est défendu de favoriser un autre joueur », and a chute on one's own horse could only
    serve another; A (blue) may send red back, never blue."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 5, "r": 5},
        hands={A: ["4/0"]},
    )
    act(state, A, "joue 4/0")
    assert [a for a in legal(state, A) if a.startswith("0")] == ["0 r"]
    refuse(state, A, "0 b", "favour")


# -- CHUTE (D8) ------------------------------------------------------------------------------------------------


def test_a_chute_sends_one_horse_back_two_squares_or_two_horses_back_one() -> None:
    """AVANCES: « CHUTE = 0 Reculer un cheval de 2 cases ou reculer deux chevaux de 1 case chacun »
    (D8)."""
    for half, red, yellow in (("0 r", 3, 7), ("0 r+j", 4, 6)):
        state = table(
            horses={"b": A, "v": B, "r": C, "j": D},
            at={"r": 5, "j": 7},
            hands={B: ["4/0"]},
            turn=B,
        )
        act(state, B, "joue 4/0", half)
        assert (square(state, "r"), square(state, "j")) == (red, yellow), half


def test_a_chute_goes_back_one_square_only_over_the_central_hurdle() -> None:
    """AVANCES: « Reculer d'une case s'il y a la haie centrale à franchir. » Moves 18 and 31: blue on
    12, just past the central hurdle « entre 11 et 12 », « Par le 0, ramène A en 11 ». From 13 the
    central hurdle lies within the two squares behind: one square only, to 12. From 14: two (D8)."""
    for start, expected in ((12, 11), (13, 12), (14, 12)):
        state = table(
            horses={"b": A, "v": B, "r": C, "j": D},
            at={"b": start},
            hands={B: ["4/0"]},
            turn=B,
        )
        act(state, B, "joue 4/0", "0 b")
        assert square(state, "b") == expected, f"blue on {start} goes back to {expected}"


def test_a_chute_never_goes_back_onto_a_river_nor_across_the_start_line() -> None:
    """AVANCES: « On ne recule ni sur une rivière, ni sur la ligne de départ. » Red on 12 goes back to
    11 and stops before the river on 10; red on 2 goes back to 1 and stops at the line. A horse on 11,
    17 (rivers behind), 1 or behind the line cannot go back and is no target (D8)."""
    for start, expected in ((12, 11), (2, 1)):
        state = table(
            horses={"b": A, "v": B, "r": C, "j": D},
            at={"r": start},
            hands={B: ["4/0"]},
            turn=B,
        )
        act(state, B, "joue 4/0", "0 r")
        assert square(state, "r") == expected, f"red on {start} goes back to {expected}"
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"r": 11, "b": 17, "j": 1},
        hands={B: ["4/0"]},
        turn=B,
    )
    act(state, B, "joue 4/0")
    assert [a for a in legal(state, B) if a.startswith(("0", "nul 0"))] == ["nul 0"], (
        "red on 11 and blue on 17 have a river behind, yellow on 1 the line, green has not started"
    )


# -- CARTES ROYALES (D17) ------------------------------------------------------------------------------------------


def test_a_royal_card_is_played_as_a_galop_a_trot_a_hurdle_or_a_chute() -> None:
    """CARTES ROYALES: « Elles portent une couronne et permettent de jouer ce que l'on veut : un galop,
    un trot, une haie ou une chute. » No pas (D17). Move 32: « D (jaune) joue R en 0 pour C (rouge) »;
    move 34: « R est joué Hr »."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 1, "r": 5},
        hands={A: ["R/4"]},
    )
    act(state, A, "joue R/4")
    uses = {a.split()[0] for a in legal(state, A) if a.startswith("R")}
    assert uses == {"R=4", "R=3", "R=H", "R=0"}
    assert "R=0 r" in legal(state, A) and "R=H r 5-6" in legal(state, A)


@pytest.mark.parametrize(
    ("players", "steps"),
    [(4, {"2": 2, "3": 3, "4": 4}), (7, {"2": 3, "3": 4, "4": 4}), (8, {"2": 3, "3": 4, "4": 4})],
)
def test_with_seven_or_eight_players_the_trot_counts_four_and_the_pas_three(
    players: int, steps: dict[str, int]
) -> None:
    """RÈGLE SPÉCIALE: « 7 joueurs. Le Trot (3) se joue Galop (4) et le Pas (2) se joue Trot (3). 8
    joueurs. Comme pour 7 joueurs » (D17: a royal card played as a trot counts 4 too)."""
    for cards, half, kind in (("3/2", "2 b", "2"), ("3/2", "3 b", "3"), ("R/4", "4 b", "4")):
        state = table(players, horses={"b": A}, at={"b": 1}, hands={A: [cards]})
        act(state, A, f"joue {cards}", half)
        assert square(state, "b") == 1 + steps[kind], f"{players} players: {half} from 1"
    state = table(players, horses={"b": A}, at={"b": 1}, hands={A: ["R/4"]})
    act(state, A, "joue R/4", "R=3 b")
    assert square(state, "b") == 1 + steps["3"]


# -- FIN DE LA COURSE (D11, D12) -------------------------------------------------------------------------------------


def test_the_first_horse_over_the_line_wins_and_its_player_stops_playing() -> None:
    """FIN DE LA COURSE: « Le premier qui franchit la ligne d'arrivée est gagnant, il cesse de jouer.
    La partie continue entre les autres joueurs pour la désignation du second : le placé. » (D11)"""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 20, "v": 21, "r": 3, "j": 3},
        hands={A: ["3/2", "3/2"], B: ["Hr/Hj", "4/3v"], C: ["2/2r"], D: ["2/3"]},
    )
    act(state, A, "joue 3/2", "3 b")
    assert square(state, "b") == FINISH, "blue crosses the line: 20, 21, over"
    assert legal(state, A) == ["nul 2"], "the horse is over the line: the pas has nothing to move"
    act(state, A, "nul 2")
    assert state.winner == A, "at the end of his card A is the winner"
    act(state, B, "joue Hr/Hj", "Hr r 5-6", "Hj j 5-6")
    act(state, C, "joue 2/2r", "2 r", "2r r")
    act(state, D, "joue 2/3", "2 j", "3 j")
    assert state.active_players() == (B,), "A, the winner, has stopped playing"
    act(state, B, "joue 4/3v", "4 v", "nul 3v")
    assert state.placed == B and state.is_terminal(), "the second owned horse is placed: race over"
    assert sum(state.hands[A]) == 1, "A keeps his last card"


def test_horses_nobody_owns_run_but_take_no_place() -> None:
    """D11: with 2 players two horses have no owner; coloured coups move them (« les colorées sur la
    piste du cheval de cette couleur »), they may cross the line, but the winner and the placed are
    players: the first owned horse over the line wins."""
    state = table(
        2,
        horses={"b": A, "r": B},
        at={"j": 21, "r": 21, "b": 3},
        hands={A: ["3j/Hb", "3/2"], B: ["3/2"]},
    )
    act(state, A, "joue 3j/Hb", "3j j", "Hb b 5-6")
    assert square(state, "j") == FINISH and state.winner == -1, "yellow is over, but nobody's"
    assert state.active_players() == (B,)
    act(state, B, "joue 3/2", "3 r", "nul 2")
    assert state.winner == B and not state.is_terminal(), "red wins; the race goes on for the place"


def test_when_one_card_brings_two_horses_over_the_player_is_first() -> None:
    """MARCHE DU JEU: « Si une carte fait gagner en même temps le joueur et un adversaire, c'est le
    joueur qui est considéré comme arrivant le premier. » A (blue on 19) plays 4/3r: the 3r takes C's
    red over the line first, then the 4 takes blue over: A wins, C is placed (D11)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 19, "r": 21},
        hands={A: ["4/3r"]},
    )
    act(state, A, "joue 4/3r", "3r r", "4 b")
    assert (state.winner, state.placed) == (A, C)
    assert state.finished == [BL, R] and state.is_terminal()


def test_a_race_is_void_when_the_cards_run_out_without_a_winner() -> None:
    """FIN DE LA COURSE: « Si, après épuisement des cartes, il n'y a pas de gagnant la partie est
    nulle. » (D11)"""
    state = table(horses={"b": A, "v": B, "r": C, "j": D}, at={"b": 1}, hands={A: ["3/2"]})
    act(state, A, "joue 3/2", "3 b", "2 b")
    assert state.is_terminal() and (state.winner, state.placed) == (-1, -1)
    assert state.outcome().ranking == ((A, B, C, D),), "a void race: everyone shares the place"


def test_the_winners_lead_is_counted_from_the_best_other_horse() -> None:
    """JEU ORDINAIRE BRIDGÉ: « Le gagnant inscrit en plus 10 par case d'avance sur le cheval
    suivant. » Counted when the winner crosses: over the line (« 1 (gagnant) ») with yellow on 19 the
    lead is 3 squares (19, 20, 21); in the example blue crosses with red and yellow on 21: 1 (D12)."""
    state = table(
        horses={"b": A, "v": B, "r": C, "j": D},
        at={"b": 20, "r": 18, "j": 19, "v": 14},
        hands={A: ["3/2"], B: ["3/2"]},
    )
    act(state, A, "joue 3/2", "3 b", "nul 2")
    assert state.lead == 3


# -- RÈGLE SPÉCIALE POUR PEU OU BEAUCOUP DE JOUEURS (D16) ------------------------------------------------------------


@pytest.mark.parametrize(("players", "each"), [(2, 5), (3, 3), (4, 0), (5, 0)])
def test_two_players_hold_five_mobile_hurdles_and_three_players_three(
    players: int, each: int
) -> None:
    """RÈGLE SPÉCIALE: « 2 joueurs. Cinq haies mobiles sont distribuées à chaque joueur [...] 3
    joueurs. Trois haies mobiles sont distribuées à chaque joueur »; the rest of the 15 serve the
    cards (D4, D16)."""
    state = new_state(players)
    assert state.in_hand == [each] * players
    assert state.observation(None)["hurdle_supply"] == 15 - each * players


def test_own_mobile_hurdles_are_laid_at_ones_turn_before_a_card_on_other_lanes() -> None:
    """RÈGLE SPÉCIALE: « ceux-ci les placent quand ils le désirent, même avant le départ. » At one's
    turn, before one's card, as many as one likes, never on one's own lane (D16)."""
    state = table(2, horses={"b": A, "r": B}, hands={A: ["3/2"], B: ["3/2"]})
    options = legal(state, A)
    assert "haie r 21-1" in options and "haie j 5-6" in options
    assert not [a for a in options if a.startswith("haie b")], "not on one's own lane"
    act(state, A, "haie r 5-6", "haie j 7-8")
    assert state.in_hand == [3, 5] and hurdles_on(state, "r") == [5]
    act(state, A, "joue 3/2")
    assert not [a for a in legal(state, A) if a.startswith("haie")], "not in the middle of a card"


def test_own_mobile_hurdles_are_laid_even_before_the_start_by_every_player() -> None:
    """RÈGLE SPÉCIALE: « ceux-ci les placent quand ils le désirent, même avant le départ. » When the
    trades end, before the first card, each player in turn from the dealer lays the hurdles he likes
    and passes: the second player too lays his before the dealer's horse has left the start square,
    anywhere on its course up to the line 20-21 (D16)."""
    state = table(
        3,
        horses={"b": A, "r": B, "j": C},
        hands={A: ["3/2"], B: ["3/2"], C: ["3/2"]},
        phase=Phase.TRADE,
    )
    state.in_hand = [3, 3, 0]
    act(state, A, "passe")
    act(state, B, "passe")
    act(state, C, "passe")
    assert phase_of(state) is Phase.OWN_HURDLES and state.active_players() == (A,)
    options = legal(state, A)
    assert "passe" in options and "haie r 21-1" in options and "haie r 20-21" in options
    assert not [a for a in options if a.startswith(("joue", "haie b"))], "no card, not his lane"
    refuse(state, A, "joue 3/2", "not_now")
    act(state, A, "haie r 5-6", "passe")
    assert state.active_players() == (B,), "the second player's turn, before the start"
    assert state.pos[BL] == 0, "blue, the dealer's horse, still waits on the start square"
    assert "haie b 20-21" in legal(state, B)
    act(state, B, "haie b 1-2", "haie b 20-21", "haie j 7-8")
    # B has laid his three; C holds none of his own and is not asked: the race starts, the dealer
    # first.
    assert phase_of(state) is Phase.RACE and state.active_players() == (A,)
    assert state.in_hand == [2, 0, 0]
    assert state.hurdles[BL] == (1 << 1) | (1 << 20)
    assert "haie r 6-7" in legal(state, A), "the hurdles kept are laid later, at one's turn"
    act(state, A, "joue 3/2", "3 b")
    assert square(state, "b") == 1, "3 - 2 (haie sautée) = 1: B's hurdle 1-2 stops it"


def test_own_mobile_hurdles_can_be_laid_when_the_box_is_empty() -> None:
    """RÈGLE SPÉCIALE: « Cinq haies mobiles sont distribuées à chaque joueur ; ceux-ci les placent
    quand ils le désirent ». With 2 players, 10 of the 15 hurdles are in the players' hands; once the
    5 others are on the course (laid by cards), A's own hurdles are still his to lay (D16)."""
    state = table(
        2,
        horses={"b": A, "r": B},
        at={"j": 1},
        hands={A: ["3/2"], B: ["3/2"]},
        hurdles={"j": ["1-2", "2-3", "3-4", "4-5", "5-6"]},
    )
    assert state.in_hand == [5, 5]
    assert "haie r 5-6" in legal(state, A), (
        "A holds 5 mobile hurdles of his own; the box being empty should not stop him laying them"
    )


# -- JEU ORDINAIRE BRIDGÉ (D13) ----------------------------------------------------------------------------------------


def bridge_race(lead: int, players: int = 4, **options: Any) -> SteepleState:
    """A (green on 20) is about to win; B (blue on 22 - lead) is the best other horse and crosses
    next with 4/3b; red and yellow are far behind."""
    state = table(
        players,
        horses={"v": A, "b": B, "r": C, "j": D},
        at={"v": 20, "b": FINISH - lead, "r": 2, "j": 2},
        hands={A: ["3/2"], B: ["4/3b"], C: ["Hr/Hj"], D: ["Hb/Hj"]},
        scoring=options.pop("scoring", "bridge"),
        **options,
    )
    act(state, A, "joue 3/2", "3 v", "nul 2")
    assert state.winner == A and state.lead == lead
    events = act(state, B, "joue 4/3b", "4 b")
    events += act(state, B, legal(state, B)[0])  # « 3b b » while blue runs, « nul 3b » once over
    ended = [e for e in events if isinstance(e, ev.RaceEnded)]
    assert ended and (ended[0].winner, ended[0].placed) == (A, B), "A wins, B is placed"
    return state


def test_the_winner_marks_300_honours_and_50_plus_10_a_square_the_placed_200_and_20() -> None:
    """JEU ORDINAIRE BRIDGÉ: « Honneurs. Le gagnant marque 300 et le placé 200. » « Manches. Le gagnant
    inscrit 50, le placé 20 » « Le gagnant inscrit en plus 10 par case d'avance sur le cheval
    suivant. » A wins by 3 squares: 300 and 80; B: 200 and 20. The next deal follows (D13)."""
    state = bridge_race(lead=3)
    assert state.honours == [300, 200, 0, 0] and state.below == [80, 20, 0, 0]
    assert state.toward == [80, 20, 0, 0] and state.games == [0, 0, 0, 0]
    assert phase_of(state) is Phase.DEAL and state.dealer == B, (
        "no game made: the next deal, B deals"
    )


def test_a_game_of_100_gives_300_honours_and_wipes_out_the_game_in_progress() -> None:
    """« Par manche de 100, le joueur marque aux honneurs 300 points supplémentaires. Une manche faite
    annule les points de manche en cours. » A wins by 5 squares: 50 + 50 = 100, a game; B had 40
    toward the game and scores 20 more: both are wiped from the game in progress but stay on the
    sheet (D13)."""
    state = bridge_race_with(toward_b=40)
    assert state.games == [1, 0, 0, 0]
    assert state.honours == [600, 200, 0, 0], "300 as winner, 300 for the game"
    assert state.below == [100, 60, 0, 0], "every game point still counts in the total"
    assert state.toward == [0, 0, 0, 0], "« Une manche faite annule les points de manche en cours »"
    assert not state.is_terminal()


def bridge_race_with(toward_b: int) -> SteepleState:
    state = table(
        horses={"v": A, "b": B, "r": C, "j": D},
        at={"v": 20, "b": 17, "r": 2, "j": 2},
        hands={A: ["3/2"], B: ["4/3b"], C: ["Hr/Hj"], D: ["Hb/Hj"]},
        scoring="bridge",
    )
    state.below[B] = state.toward[B] = toward_b
    act(state, A, "joue 3/2", "3 v", "nul 2")
    act(state, B, "joue 4/3b", "4 b", "3b b")
    return state


def test_the_first_to_make_two_games_marks_500_and_wins_the_match() -> None:
    """« Le joueur qui le premier a deux manches marque aux honneurs 500 points supplémentaires et
    gagne la partie. » A has a game; he wins by 5 squares again (D13)."""
    state = table(
        horses={"v": A, "b": B, "r": C, "j": D},
        at={"v": 20, "b": 17, "r": 2, "j": 2},
        hands={A: ["3/2"], B: ["4/3b"], C: ["Hr/Hj"], D: ["Hb/Hj"]},
        scoring="bridge",
    )
    state.games[A], state.honours[A], state.below[A] = 1, 600, 100
    act(state, A, "joue 3/2", "3 v", "nul 2")
    act(state, B, "joue 4/3b", "4 b", "3b b")
    assert state.games[A] == 2 and state.honours[A] == 600 + 300 + 300 + 500
    assert state.is_terminal() and state.outcome().winners == (A,)


def test_the_first_to_two_games_wins_the_match_even_behind_on_the_totals() -> None:
    """« Le joueur qui le premier a deux manches [...] gagne la partie. » The match's winner is the
    first to two games, not the best total; « chaque joueur paie aux autres l'écart qu'il a avec
    eux » still pays by the totals (D27). B has piled up honours (4000) without a second game; A
    makes his second game and ends with 1950: A wins the match, B ranks second and still receives
    the most in the settlement."""
    state = table(
        horses={"v": A, "b": B, "r": C, "j": D},
        at={"v": 20, "b": 17, "r": 2, "j": 2},
        hands={A: ["3/2"], B: ["4/3b"], C: ["Hr/Hj"], D: ["Hb/Hj"]},
        scoring="bridge",
    )
    state.games[A], state.honours[A], state.below[A] = 1, 600, 100
    state.games[B], state.honours[B], state.below[B] = 1, 4000, 100
    act(state, A, "joue 3/2", "3 v", "nul 2")
    act(state, B, "joue 4/3b", "4 b", "3b b")
    assert state.is_terminal() and state.games[A] == 2 and state.games[B] == 1
    totals = state.scores()
    assert totals[B] > totals[A], "B has the best total"
    outcome = state.outcome()
    assert outcome.winners == (A,), "the first to two games wins the match"
    assert outcome.ranking[1] == (B,) and outcome.returns[A] == 1.0
    assert outcome.scores == totals, "the outcome still shows the totals"
    settlement = state.settlement()
    assert settlement[B] > settlement[A] > 0, "the settlement pays by the totals"
    over = [e for e in state.events if isinstance(e, ev.MatchOver)]
    assert over and tuple(over[-1].winners) == (A,)


def test_with_no_winner_the_most_advanced_past_the_second_river_marks_10() -> None:
    """« si personne ne termine on marque 10 : au joueur le plus avancé (4 joueurs ou moins) à
    condition qu'il ait franchi la deuxième rivière ». A and B both stand on 18, past the river of
    15-16: both are « le plus avancé » and mark 10. Had the best horse stood on 14, nobody would
    (D13)."""
    for best, marks in ((18, [10, 10, 0, 0]), (14, [0, 0, 0, 0])):
        state = table(
            horses={"v": A, "b": B, "r": C, "j": D},
            at={"v": best, "b": best, "r": 2, "j": 2},
            hands={C: ["Hr/Hj"]},
            turn=C,
            scoring="bridge",
        )
        act(state, C, "joue Hr/Hj", "Hr r 5-6", "Hj j 5-6")
        assert state.winner == -1 and state.races == 1, "the cards ran out: no winner"
        assert state.below == marks and state.honours == [0] * 4, f"best on {best}: {state.below}"


def test_with_no_winner_the_players_without_a_horse_mark_100_and_10() -> None:
    """« Honneurs. [...] S'il n'y a pas de gagnant, ceux qui n'ont pas de chevaux marquent 100 »;
    « Manches. [...] si personne ne termine on marque 10 : [...] à ceux qui n'ont pas de chevaux
    (plus de quatre joueurs) » (D13; the « contre » is not implemented)."""
    state = table(
        5,
        horses={"v": A, "b": B, "r": C, "j": D},
        at={"v": 18},
        hands={E: ["Hr/Hj"]},
        turn=E,
        scoring="bridge",
    )
    act(state, E, "joue Hr/Hj", "Hr r 5-6", "Hj j 5-6")
    assert state.honours == [0, 0, 0, 0, 100] and state.below == [0, 0, 0, 0, 10]


def test_the_settlement_pays_each_player_the_difference_of_the_totals() -> None:
    """Règlement: « Les points d'enchère ne comptent pas, seuls les points de la marque et des manches
    s'additionnent et chaque joueur paie aux autres l'écart qu'il a avec eux. » Totals 380, 220, 0,
    0: A receives 160 + 380 + 380 = 920, B 220 + 220 - 160 = 280, C and D pay 600 each (D13)."""
    state = new_state(4, "bridge")
    state.honours, state.below = [300, 200, 0, 0], [80, 20, 0, 0]
    state.chips = [5, 400, 0, 0]
    assert state.scores() == (380, 220, 0, 0), "the chips do not count"
    assert state.settlement() == (920, 280, -600, -600)


# -- JEU SIMPLIFIÉ (D14) and JEU HANDICAP (D15) ---------------------------------------------------------------------------


def test_in_the_simplified_game_the_bank_pays_100_to_the_winner_and_50_to_the_placed() -> None:
    """JEU SIMPLIFIÉ: « Le gagnant reçoit 100 en jetons d'enchères, le placé 50. » From the bank: no
    other player pays (D14)."""
    state = bridge_race(lead=3, scoring="simple")
    assert state.chips == [200, 150, 100, 100]
    assert phase_of(state) is Phase.DEAL, "« II y a autant de courses que de joueurs »: 1 of 4"


def test_the_simplified_game_has_as_many_races_as_players_and_the_most_chips_win() -> None:
    """JEU SIMPLIFIÉ: « II y a autant de courses que de joueurs ; en fin de partie, le vainqueur est
    celui qui a le plus de points » (D14)."""
    state = table(
        horses={"v": A, "b": B, "r": C, "j": D},
        at={"v": 20, "b": 21, "r": 2, "j": 2},
        hands={A: ["3/2"], B: ["4/3b"], C: ["Hr/Hj"], D: ["Hb/Hj"]},
        scoring="simple",
    )
    state.races = 3
    state.chips = [100, 100, 180, 100]
    act(state, A, "joue 3/2", "3 v", "nul 2")
    act(state, B, "joue 4/3b", "4 b", "nul 3b")
    assert state.is_terminal(), "the fourth race of four players ends the game"
    assert state.chips == [200, 150, 180, 100] and state.outcome().winners == (A,)


def test_a_handicap_players_horse_starts_on_square_3() -> None:
    """JEU HANDICAP: « On peut convenir qu'un ou plusieurs joueurs peuvent demander à jouer handicap.
    Ils partent alors sur la case 3 et font la course comme d'ordinaire. » (D15)"""
    state = new_state(4, handicap="0")
    deal_anything(state)
    act(state, A, "demande b")
    act(state, B, "demande v")
    assert square(state, "b") == 3 and square(state, "v") == 0


def test_a_handicap_winner_marks_only_50_and_10_and_nothing_when_placed() -> None:
    """JEU HANDICAP: « Si un tel joueur arrive vainqueur, il n'inscrit que 50 aux honneurs et 10 à la
    manche, rien s'il est placé. » A and B both play handicap (D15)."""
    state = bridge_race(lead=3, handicap="0,1")
    assert state.honours == [50, 0, 0, 0] and state.below == [10, 0, 0, 0]


def test_a_winner_marks_10_more_for_each_handicap_player_beaten() -> None:
    """JEU HANDICAP: « Si le vainqueur ne joue pas « handicap », il marque à la manche 10 points
    supplémentaires par joueur handicap battu. » C and D play handicap: A wins by 1, 50 + 10 + 20
    (D15)."""
    state = bridge_race(lead=1, handicap="2,3")
    assert state.below[A] == 80 and state.honours[A] == 300


def test_in_the_simplified_game_a_handicap_winner_receives_20_and_nothing_when_placed() -> None:
    """JEU HANDICAP: « Dans le jeu simplifié le joueur « handicap » gagnant ne reçoit que 20 points,
    rien s'il est placé. » (D14, D15)"""
    state = bridge_race(lead=3, scoring="simple", handicap="0,1")
    assert state.chips == [120, 100, 100, 100]


# -- JEU PAR CAMP with the incident cards (D21, D22) -------------------------------------------------------


def test_an_incident_hurdle_for_each_adversary_spares_ones_partners_horse() -> None:
    """CARTES D'INCIDENTS: « PLACEZ UNE HAIE SUR CHACUNE DES PISTES DE VOS ADVERSAIRES. » With fixed
    camps, A and C run blue (held by C), B and D run red (held by B). A's adversaries are B and D: one
    hurdle on red's lane, none on blue's, his own camp's (D22: « un partenaire n'est pas un autre
    joueur »)."""
    state = table(
        horses={"r": B, "b": C},
        at={"r": 3, "b": 3},
        hands={A: ["3/2"], D: ["Hb/Hj"]},
        turn=D,
        camps="fixed",
        incidents=True,
    )
    deck(state).pending[A] = INCIDENT_KINDS.index("haie_aux_adversaires")
    act(state, D, "joue Hb/Hj", "Hb b 10-11", "Hj j 1-2")
    assert state.active_players() == (A,) and phase_of(state) is Phase.INCIDENT
    lanes = {a.split()[1] for a in legal(state, A)}
    assert lanes == {"r"}, f"the first hurdle goes on red's lane: {lanes}"
    act(state, A, "incident r 5-6")
    assert phase_of(state) is Phase.RACE and not deck(state).incident_step, (
        "red was A's only adversary horse: the incident is done, A plays his card; the engine asks "
        f"for more hurdles on {[COLOURS[h] for h in deck(state).incident_step]} (blue is A's own camp's)"
    )


# -- notation ---------------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "donne 3v/Hr",
        "demande r 5",
        "demande 3/H 10",
        "enchere 15",
        "passe",
        "jette Hb/Hv",
        "propose 2 4/3v",
        "contre 3/2 10",
        "accepte",
        "refuse",
        "joue 3v/Hr",
        "3v v",
        "R=4 b",
        "Hr r 7-8",
        "H -b 9-10",
        "0 r",
        "0 r+v",
        "nul Hr",
        "haie v 4-5",
        "Hj j 21-1",
    ],
)
def test_the_notation_reads_back_to_itself(text: str) -> None:
    """``actions.py``: every action has one text notation, the seed's (« 3v/Hr », « entre 7 et 8 »)."""
    game = RoyalSteepleChase.from_options(players=4)
    assert str(game.parse_action(text)) == text
