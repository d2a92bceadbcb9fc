"""Royal Steeple Chase: the direct trades and the exchanges with the spread as the seed's example plays
them (D50, D51, D52), and refusals that name the true fault.

ATTRIBUTION DU JEU ÉTALÉ: « On peut échanger une par une et à son tour des cartes de son jeu contre des
cartes étalées ; [...] Des échanges directs de cartes entre joueurs sont également admis. » The
example, III: « C (rouge) demande à D (jaune) : Que me donnez-vous pour un R / 3j ? », « B (vert)
demande un 4 / 3v - A (bleu) le lui propose - B offre, à défaut de carte équivalente, un 3 / 2 [...] A
accepte 3 / 2 mais avec une livraison de 10 points d'enchères ce qu'accepte B », « D (jaune) demande
4 / 3j - B a cette carte mais ne répond pas ».
"""

from __future__ import annotations

import pytest

from hippodrome.engine import IllegalActionError
from hippodrome.engine.turnflow import Acts
from hippodrome.games.royal_steeple_chase import events as ev
from hippodrome.games.royal_steeple_chase.board import PHASES
from hippodrome.games.royal_steeple_chase.rules import Phase, RoyalSteepleChase, SteepleState
from tests.games.royal_steeple_chase.positions import table
from tests.games.royal_steeple_chase.test_royal_steeple_chase_rules import (
    act,
    hand_of,
    legal,
    phase_of,
    refuse,
)

NS = "royal_steeple_chase"
A, B, C, D = range(4)
HORSES = {"b": A, "v": B, "r": C, "j": D}


def refusal(state: SteepleState, seat: int, text: str, key: str) -> tuple[str, str]:
    """``text`` is refused with ``key``, changing nothing; its English and French messages."""
    refuse(state, seat, text, key)
    with pytest.raises(IllegalActionError) as err:
        state.apply(state.game.parse_action(text), seat)
    return err.value.message("en"), err.value.message("fr")


def trading(**hands: list[str]) -> SteepleState:
    state = table(
        horses=HORSES,
        hands={"ABCD".index(k): v for k, v in hands.items()},
        phase=Phase.TRADE,
    )
    return state


# -- D50: asking for a named card -------------------------------------------------------------------


def test_a_named_card_asked_for_is_offered_by_its_holder_and_answered_by_the_asker() -> None:
    """« B (vert) demande un 4 / 3v - A (bleu) le lui propose - B offre [...] un 3 / 2 [...] A accepte 3
    / 2 mais avec une livraison de 10 points d'enchères ce qu'accepte B. » B asks the table; from his
    left C and D, who hold none, pass; A offers it; B answers with 3/2 and 10 points; A accepts. The
    trading round goes on after B, who asked."""
    state = trading(A=["4/3v", "R/4"], B=["3/2", "Hr/Hv"], C=["3/H"], D=["4/0"])
    act(state, A, "passe")
    events = act(state, B, "demande un 4/3v")
    assert [type(e) for e in events] == [ev.CardAsked]
    assert state.phase is Phase.TRADE_ASK and state.active_players() == (C,)
    assert legal(state, C) == ["passe"], "C holds no 4/3v: he can only stay silent"
    act(state, C, "passe")
    act(state, D, "passe")
    assert "propose 1 4/3v" in legal(state, A) and "propose 2 4/3v" not in legal(state, A)
    act(state, A, "propose 1 4/3v")
    act(state, B, "contre 3/2 10")
    act(state, A, "accepte")
    assert hand_of(state, A) == ["3/2", "R/4"] and hand_of(state, B) == ["4/3v", "Hr/Hv"]
    assert state.chips[A] == 110 and state.chips[B] == 90
    assert phase_of(state) is Phase.TRADE and state.active_players() == (C,), "on after the asker"
    assert state.offers[B] == 1 and state.offers[A] == 0, "an ask is B's offer; A only answered"


def test_a_holder_may_stay_silent_when_a_card_is_asked_for() -> None:
    """« D (jaune) demande 4 / 3j - B a cette carte mais ne répond pas. » Nobody offers it: the ask is
    over when every other player has answered or stayed silent, and nothing changes hands."""
    state = trading(A=["R/4"], B=["4/3j"], C=["3/H"], D=["4/0"])
    state.turn = D
    act(state, D, "demande un 4/3j")
    assert legal(state, A) == ["passe"], "A holds no 4/3j"
    act(state, A, "passe")
    assert "propose 3 4/3j" in legal(state, B)
    act(state, B, "passe")
    act(state, C, "passe")
    assert state.phase is Phase.TRADE and state.active_players() == (A,)
    assert hand_of(state, B) == ["4/3j"] and hand_of(state, D) == ["4/0"]
    assert state.observation(A)["known_cards"][B] == [], "a silent holder shows nothing"


def test_an_ask_is_a_called_phase_of_the_turn_flow_and_the_askers_turn_waits() -> None:
    """D50 on the engine's turn flow: the ask is declared CALLED in the phase table; the trade calls
    on each other player in turn from the asker's left while the round's turn stays the asker's, and
    the round goes on after him once the ask is over."""
    state = trading(A=["R/4"], B=["4/3j"], C=["3/H"], D=["4/0"])
    act(state, A, "passe")
    act(state, B, "passe")
    assert state.flow.passes == 2
    act(state, C, "demande un 4/0")
    assert PHASES.step(Phase.TRADE_ASK).acts is Acts.CALLED
    assert PHASES.may_follow(Phase.TRADE, Phase.TRADE_ASK)
    answering = []
    while state.phase is Phase.TRADE_ASK:
        assert state.turn == C, "the asker's turn waits for the answers"
        (seat,) = state.active_players()
        answering.append(seat)
        act(state, seat, "passe")
    assert answering == [D, A, B]
    assert state.phase is Phase.TRADE and state.turn == D and state.flow.passes == 0


def test_a_bridge_partner_only_stays_silent_when_his_partner_asks() -> None:
    """« on ne peut échanger aucune carte avec son partenaire »: asked by his partner for a card he
    holds, a player may only pass; an offer to him is refused as a trade with one's partner."""
    state = table(
        horses=HORSES,
        hands={0: ["R/4"], 1: ["3/2"], 2: ["4/0"], 3: ["4/0"]},
        phase=Phase.TRADE,
        scoring="auction",
    )
    act(state, A, "demande un 4/0")
    act(state, B, "passe")
    assert legal(state, C) == ["passe"], "C is A's partner"
    refuse(state, C, "propose 0 4/0", "partner_trade")
    act(state, C, "passe")
    assert "propose 0 4/0" in legal(state, D)


def test_an_ask_is_answered_only_by_offering_that_card_to_the_asker() -> None:
    """D50: the answer to « demande un 4 / 3v » is that card, offered to the player who asked."""
    state = trading(A=["4/3v", "R/4"], B=["3/2"], C=["R/4"], D=["4/0"])
    state.turn = B
    act(state, B, "demande un 4/3v")
    en, fr = refusal(state, C, "propose 1 R/4", "answer_ask")
    assert "asked for gallop / green trot: offer him that card, or pass" in en  # 4/3v
    assert "a demandé galop / trot vert : proposez-lui cette carte, ou passez" in fr
    act(state, C, "passe")
    act(state, D, "passe")
    refuse(state, A, "propose 3 4/3v", "answer_ask")
    act(state, A, "propose 1 4/3v")


def test_one_asks_only_for_a_card_another_may_hold() -> None:
    """D50: every copy of 2/2r (one in the deck) in one's own hand: nobody else can offer it."""
    state = trading(A=["2/2r"], B=["3/2"])
    assert "demande un 2/2r" not in legal(state, A) and "demande un 3/2" in legal(state, A)
    en, fr = refusal(state, A, "demande un 2/2r", "not_elsewhere")
    assert "nobody else can hold walk / red walk" in en  # 2/2r
    assert "personne d'autre ne peut avoir pas / pas rouge" in fr


def test_asks_and_offers_together_are_two_a_round() -> None:
    """D9, D50: two offers or asks per player keep the trading round finite."""
    state = trading(A=["4/3v"], B=["3/2"])
    state.offers[A] = 2
    en, fr = refusal(state, A, "demande un 3/2", "offers_used")
    assert "2 offers or asks" in en and "2 offres ou demandes" in fr
    refuse(state, A, "propose 1 4/3v", "offers_used")


# -- D51: points from either side -------------------------------------------------------------------


def test_the_player_who_offers_may_add_points_to_his_card() -> None:
    """D51: « Que me donnez-vous pour un R / 3j ? » with 10 points on top: C pays them to D when the
    trade is made; the event tells it the way it went, D giving 4/3r for R/3j and 10 points."""
    state = trading(C=["R/3j"], D=["4/3r"])
    state.turn = C
    assert "propose 3 R/3j 10" in legal(state, C) and "propose 3 R/3j 25" not in legal(state, C)
    act(state, C, "propose 3 R/3j 10")
    assert state.observation(A)["trade"]["given"] == 10
    act(state, D, "contre 4/3r")
    events = act(state, C, "accepte")
    done = [e for e in events if isinstance(e, ev.TradeDone)]
    assert done == [ev.TradeDone(D, C, "4/3r", "R/3j", 10)]
    assert state.chips[C] == 90 and state.chips[D] == 110
    assert hand_of(state, C) == ["4/3r"] and hand_of(state, D) == ["R/3j"]


def test_points_offered_by_both_sides_settle_by_their_difference() -> None:
    """D51: C adds 5 to his card, D 15 to his: D pays C the 10 between them."""
    state = trading(C=["R/3j"], D=["4/3r"])
    state.turn = C
    act(state, C, "propose 3 R/3j 5")
    act(state, D, "contre 4/3r 15")
    act(state, C, "accepte")
    assert state.chips[C] == 110 and state.chips[D] == 90


def test_trade_points_are_at_most_twenty_in_chips_of_five_within_ones_chips() -> None:
    """D9, D51: an offer or an answer adds up to 20 points, in chips of 5, from what one has."""
    state = trading(C=["R/3j"], D=["4/3r"])
    state.turn = C
    en, fr = refusal(state, C, "propose 3 R/3j 25", "trade_points")
    assert "at most 20 points" in en and "au plus 20 points" in fr
    refuse(state, C, "propose 3 R/3j 7", "bid_unit")
    state.chips[C] = 10
    en, fr = refusal(state, C, "propose 3 R/3j 15", "points_beyond_chips")
    assert "you have only 10" in en and "vous n'en avez que 10" in fr


# -- D52: the card taken from the spread is not its own exchange -----------------------------------


def test_a_spread_card_cannot_be_thrown_back_as_its_own_exchange() -> None:
    """« échanger [...] des cartes de son jeu contre des cartes étalées »: the card thrown to the spread
    is one of the player's own, not the one he has just taken (D52)."""
    state = table(horses=HORSES, hands={A: ["Hr/Hv", "3/2"]}, spread=["3/H"], phase=Phase.EXCHANGE)
    act(state, A, "demande 3/H")
    for seat in (B, C, D):
        act(state, seat, "passe")
    assert legal(state, A) == ["jette 3/2", "jette Hr/Hv"]
    en, fr = refusal(state, A, "jette 3/H", "throw_back")
    assert "the card you have just taken" in en and "la carte que vous venez de prendre" in fr


# -- the notation and the position -----------------------------------------------------------------


@pytest.mark.parametrize("text", ["demande un 4/3v", "propose 2 4/3v 10", "propose 2 4/3v"])
def test_the_trade_notation_reads_back_to_itself(text: str) -> None:
    game = RoyalSteepleChase.from_options(players=4)
    assert str(game.parse_action(text)) == text


def test_an_ask_under_way_is_written_and_read_back_in_the_position() -> None:
    """The position's ``trade`` carries an ask (the card asked for, who answers) and the points each
    side adds."""
    state = trading(A=["4/3v"], B=["3/2"])
    state.turn = B
    act(state, B, "demande un 4/3v")
    act(state, C, "passe")
    copy = state.game.state_from_json(state.to_json())
    assert isinstance(copy, SteepleState) and copy.to_json() == state.to_json()
    assert copy.active_players() == (D,) and copy.phase is Phase.TRADE_ASK
    act(state, D, "passe")
    act(state, A, "propose 1 4/3v 5")
    again = state.game.state_from_json(state.to_json())
    assert (
        isinstance(again, SteepleState)
        and again.trade == state.trade
        and again.active_players() == (B,)
    )


# -- every refusal gives the true reason ------------------------------------------------------------


def test_a_fall_naming_one_horse_twice_says_so() -> None:
    """« reculer deux chevaux de 1 case chacun »: ``0 b+b`` names blue twice; that is the fault, not
    that blue cannot go back."""
    state = table(horses=HORSES, at={"b": 5, "v": 6, "r": 3, "j": 4}, hands={C: ["4/0"]}, turn=C)
    act(state, C, "joue 4/0")
    en, fr = refusal(state, C, "0 b+b", "same_horse_twice")
    assert "the blue horse is named twice" in en and "le cheval bleu est nommé deux fois" in fr
    en, fr = refusal(state, C, "0 r+b+v", "horse_count")
    assert "a fall: one horse, or two different ones" in en and "deux chevaux différents" in fr
    en, fr = refusal(state, C, "4 b+v", "horse_count")
    assert "gallop is played on one horse" in en and "galop se joue sur un seul cheval" in fr


def test_asking_for_a_held_horse_without_a_bid_says_a_bid_is_needed() -> None:
    """ATTRIBUTION DES CHEVAUX: « S'il y a plusieurs demandes sur un même cheval, l'attribution se fait
    aux enchères »: a held horse is asked for with a bid (D6)."""
    state = table(horses={"r": A}, phase=Phase.HORSES, turn=B)
    en, fr = refusal(state, B, "demande r", "horse_held")
    # one key and one wording with D41's (main's horse_held): the holder and the least bid named
    assert "held by seat 0" in en and "with a bid of at least 5" in en
    assert "est à" in fr and "avec une enchère d'au moins 5" in fr
    en, fr = refusal(state, B, "demande b 5", "horse_free")
    assert "free: ask for it without a bid" in en and "libre : demandez-le sans enchère" in fr


def test_asking_for_ones_own_horse_says_it_is_already_ones() -> None:
    state = table(horses={"r": B}, phase=Phase.HORSES, turn=B)
    en, fr = refusal(state, B, "demande r 5", "own_horse")
    assert "already yours" in en and "déjà à vous" in fr


def test_passing_while_a_horse_is_free_says_one_must_ask_for_a_horse() -> None:
    """D6: with a horse free a player may not pass."""
    state = table(horses={"r": A}, phase=Phase.HORSES, turn=B)
    en, fr = refusal(state, B, "passe", "must_ask_horse")
    assert "while a horse is free" in en and "tant qu'un cheval est libre" in fr


def test_an_answer_with_more_than_twenty_points_says_twenty_is_the_most() -> None:
    state = trading(A=["4/3v"], B=["3/2"])
    act(state, A, "propose 1 4/3v")
    en, fr = refusal(state, B, "contre 3/2 25", "trade_points")
    assert "at most 20 points: 25 is too many" in en and "au plus 20 points : 25" in fr


def test_offering_a_card_to_oneself_says_one_trades_with_another() -> None:
    state = trading(A=["4/3v"], B=["3/2"])
    en, fr = refusal(state, A, "propose 0 4/3v", "trade_self")
    assert "cannot trade with yourself" in en and "avec soi-même" in fr


def test_a_fourth_spread_request_says_three_is_the_most() -> None:
    """D10: three spread cards asked for at most in a deal."""
    state = table(horses=HORSES, hands={A: ["Hr/Hv"]}, spread=["3/H"], phase=Phase.EXCHANGE)
    state.requests[A] = 3
    en, fr = refusal(state, A, "demande 3/H", "requests_used")
    assert "already asked for 3 spread cards" in en and "déjà demandé 3 cartes étalées" in fr


def test_a_contre_refused_says_why() -> None:
    """D25: only in the bridge score, only without a horse, once a deal."""
    state = trading(A=["4/3v"], B=["3/2"])
    en, fr = refusal(state, A, "contrer", "contre_bridge")
    assert "bridge score" in en and "jeu bridgé" in fr
    bridge = table(horses={"b": A, "v": B, "r": C}, phase=Phase.TRADE, scoring="bridge", players=5)
    en, fr = refusal(bridge, A, "contrer", "contre_has_horse")
    assert "without a horse" in en and "sans cheval" in fr
    bridge.turn = D
    act(bridge, D, "contrer")
    bridge.turn = D
    en, fr = refusal(bridge, D, "contrer", "contre_once")
    assert "already contred" in en and "déjà contré" in fr
