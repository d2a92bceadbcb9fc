"""Ascot, the market (seed 000, « La donne » and « Vente aux enchères»): the deal and its dead pile,
the auctioneer, the forced blind exchange, the optional discards, the sale with its commission, the
cards that leave the game unsold, the payment of the cards kept. Each test names the sentence or the
decision (docs/rules/ascot.md) it checks."""

from __future__ import annotations

import pytest
from tests.games.ascot.scenarios import card, dealt, exchange_first_cards, keep_all, nobody_buys

from hippodrome.engine.actions import Action
from hippodrome.engine.auction_events import PASS, Bid
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.i18n import render
from hippodrome.engine.types import CHANCE
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot.actions import KEEP, Deal, Discard, Exchange
from hippodrome.games.ascot.rules import Ascot, AscotState, Phase, hand_size

THREE = {
    0: ["h1", "h2", "bookmaker", "h9", "h10"],
    1: ["commissaire_priseur", "h3", "h4", "ecurie_walroy", "h11"],
    2: ["h5", "h6", "marechal_ferrant", "h7", "h8"],
}
DEAD = ["h12", "ecurie_stevens", "commissaire_du_club", "veterinaire", "marchand_de_fourrage"]


def refused(state: AscotState, action: Action, seat: int, key: str) -> IllegalActionError:
    before = state.position_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(action, seat)
    assert err.value.key == key, err.value
    assert state.position_json() == before, "a refusal changes nothing"
    return err.value


@pytest.mark.parametrize(
    ("players", "each", "dead"), [(2, 6, 8), (3, 5, 5), (4, 4, 4), (5, 3, 5), (6, 2, 8)]
)
def test_d10_every_player_gets_as_many_cards_and_the_dead_pile_the_rest(
    players: int, each: int, dead: int
) -> None:
    # « On termine le 1er tour de donne en plaçant sur la table une carte de plus que le nombre de
    # joueurs [...] Tous les joueurs doivent recevoir le même nombre de cartes ; [...] le donneur
    # peut ajouter ou retrancher quelques cartes du tas du mort. »
    state = Ascot.from_options(players=players).new_initial_state()
    assert state.is_chance_node() and len(state.chance_outcomes()) == 20
    for i in range(20):
        state.apply(Deal(i), CHANCE)
    assert hand_size(players) == each
    assert [len(h) for h in state.hands] == [each] * players and len(state.dead) == dead


def test_the_holder_of_the_auctioneer_s_card_declares_it_and_it_stays_open() -> None:
    # « Le joueur qui a reçu la carte du Commissaire-Priseur doit le déclarer immédiatement après la
    # donne, en plaçant la carte ouverte sur la table. » (D11: neither exchanged nor discarded)
    state = dealt(3, THREE, DEAD)
    named = [e for e in state.events if isinstance(e, ev.AuctioneerNamed)]
    assert [(e.player, e.by_card) for e in named] == [(1, True)]
    assert state.phase is Phase.EXCHANGE and state.active_players() == (1,)
    refused(state, Exchange(card("commissaire_priseur")), 1, "ascot.illegal.auctioneer_card_open")
    assert Exchange(card("commissaire_priseur")) not in state.legal_actions(1)
    # Everyone sees the open card; nobody else sees the rest of the hand.
    assert state.observation(0)["hands"][1] == {"cards": 5, "open": ["commissaire_priseur"]}


def test_d9_nobody_dealt_the_auctioneer_s_card_the_dealer_s_left_is_named() -> None:
    # « Si personne n'a reçu la carte, le Commissaire-Priseur est nommé d'un commun accord »: the
    # seat on the dealer's left (the dealer is seat 0), and the card is sold with the dead pile.
    hands = {0: THREE[0], 1: ["h12", *THREE[1][1:]], 2: THREE[2]}
    state = dealt(3, hands, ["commissaire_priseur", *DEAD[1:]])
    assert state.auctioneer == 1
    assert [e.by_card for e in state.events if isinstance(e, ev.AuctioneerNamed)] == [False]


def test_the_forced_exchange_gives_the_top_card_and_puts_the_given_one_under() -> None:
    # « Tous les joueurs sont alors obligés d'échanger une de leurs cartes contre une des cartes du
    # « mort » [...] en commençant par le joueur placé à la gauche du donneur. Chaque joueur place
    # sous le paquet la carte qu'il jette, et prend la carte du dessus. »
    state = dealt(3, THREE, DEAD)
    assert state.active_players() == (1,)
    state.apply(Exchange(card("h3")), 1)
    assert card("h12") in state.hands[1] and card("h3") not in state.hands[1]
    assert state.dead[-1] == card("h3") and state.dead[0] == card("ecurie_stevens")
    # The exchange is a secret between the player and the pile.
    seen = [e.seen_by(0) for e in state.events if isinstance(e, ev.CardExchanged)]
    assert [(e.given, e.taken) for e in seen if isinstance(e, ev.CardExchanged)] == [(None, None)]
    assert state.active_players() == (2,)
    refused(state, Exchange(card("h3")), 2, "ascot.illegal.not_in_hand")
    state.apply(Exchange(card("h5")), 2)
    state.apply(Exchange(card("h1")), 0)
    assert state.phase is Phase.DISCARD and state.active_players() == (1,)


def test_no_one_may_keep_both_stables() -> None:
    # « Aucun joueur ne peut être propriétaire à la fois des cartes Écuries Stevens et Walroy. »
    hands = {
        0: THREE[0],
        1: ["commissaire_priseur", "ecurie_stevens", "h4", "ecurie_walroy", "h11"],
        2: THREE[2],
    }
    state = dealt(3, hands, ["h12", "h3", *DEAD[2:]])
    state.apply(Exchange(card("h4")), 1)
    state.apply(Exchange(card("h5")), 2)
    state.apply(Exchange(card("h1")), 0)
    assert state.active_players() == (1,)
    assert KEEP not in state.legal_actions(1)
    refused(state, KEEP, 1, "ascot.illegal.both_stables")
    state.apply(Discard(card("ecurie_walroy")), 1)
    state.apply(KEEP, 1)
    assert state.active_players() == (2,)


def test_discards_go_under_the_dead_pile_and_stay_secret() -> None:
    # « ils peuvent, s'ils le désirent, mettre d'autres cartes dans le tas du mort, destiné aux
    # enchères ».
    state = dealt(3, THREE, DEAD)
    exchange_first_cards(state)
    seat = state.active_players()[0]
    first = state.legal_actions(seat)[0]
    assert isinstance(first, Discard)
    mine = first.card
    state.apply(first, seat)
    assert state.dead[-1] == mine and mine not in state.hands[seat]
    other = (seat + 1) % 3
    seen = [e.seen_by(other) for e in state.events if isinstance(e, ev.CardDiscarded)]
    assert [e.card for e in seen if isinstance(e, ev.CardDiscarded)] == [None]
    hand = state.observation(other)["hands"]
    assert isinstance(hand, list) and hand[seat] == {"cards": 4, "open": ["commissaire_priseur"]}


def to_sale() -> AscotState:
    state = dealt(3, THREE, DEAD)
    exchange_first_cards(state)
    keep_all(state)
    assert state.phase is Phase.AUCTION
    return state


def test_the_sale_pays_the_price_to_the_bank_and_ten_percent_to_the_auctioneer() -> None:
    # « il doit immédiatement payer au Banquier le montant de cet achat et remettre au
    # Commissaire-Priseur sa commission de 10%, en arrondissant à la centaine la plus rapprochée ».
    state = to_sale()
    assert state.auction is not None
    lot = state.auction.lot
    # The auctioneer is seat 1; the bidding starts on his left.
    assert state.active_players() == (2,)
    before = list(state.money_)
    state.apply(Bid(4500), 2)
    state.apply(PASS, 0)
    state.apply(PASS, 1)
    assert state.bought[2] == [card(lot)]
    # 10% of 4,500 is 450: to the nearest hundred, 500 (D12: half up), paid on top of the price.
    assert state.money_[2] == before[2] - 4500 - 500
    assert state.money_[1] == before[1] + 500
    assert state.bank == 4500


def test_the_auctioneer_may_buy_and_owes_himself_nothing() -> None:
    # « Le Commissaire-Priseur peut prendre part aux enchères et se rendre acquéreur de cartes ».
    state = to_sale()
    before = state.money_[1]
    state.apply(PASS, 2)
    state.apply(PASS, 0)
    state.apply(Bid(3000), 1)
    assert state.money_[1] == before - 3000


def test_unsold_cards_leave_the_game_with_their_horses() -> None:
    # « s'il reste des cartes invendues, on les supprime du jeu, ainsi que les chevaux
    # correspondant à ces cartes ».
    state = to_sale()
    assert state.auction is not None
    lots = [card(state.auction.lot), *state.dead]
    nobody_buys(state)
    assert state.withdrawn == lots
    horses = [c for c in lots if c < 12]
    assert horses
    for c in horses:
        assert state.square[c + 1] == -1, "a withdrawn horse does not train"


def test_a_bid_beyond_what_one_may_spend_is_refused() -> None:
    # « Les emprunts ne sont pas autorisés » (D12): money less the face value still owed for the
    # cards kept from the deal, less the commission.
    state = to_sale()
    seat = 2
    owed = state.due(seat)
    free = state.money_[seat] - owed
    too_much = (free // 500) * 500
    err = refused(state, Bid(too_much), seat, "auction.illegal.funds")
    assert err.params["money"] == free


def test_the_holder_of_a_stable_does_not_bid_for_the_other() -> None:
    # « Aucun joueur ne peut être propriétaire à la fois des cartes Écuries Stevens et Walroy »:
    # seat 1 holds Walroy's card, so Stevens's is sold without him.
    dead = ["h12", "commissaire_du_club", "veterinaire", "ecurie_stevens", "marchand_de_fourrage"]
    state = dealt(3, THREE, dead)
    state.apply(Exchange(card("h3")), 1)
    state.apply(Exchange(card("h5")), 2)
    state.apply(Exchange(card("h1")), 0)
    keep_all(state)
    assert state.auction is not None and state.auction.lot == "ecurie_stevens"
    assert not state.auction.eligible[1]
    state.apply(PASS, 2)
    assert state.active_players() == (0,), "the auctioneer, seat 1, is passed over"
    state.apply(Bid(500), 0)
    assert state.holder(card("ecurie_stevens")) == 0
    assert state.auction.lot == "marchand_de_fourrage"
    state.apply(PASS, 2)
    state.apply(PASS, 0)
    assert Bid(500) in state.legal_actions(1), "seat 1 bids for the other lots"
    state.apply(PASS, 1)
    assert state.auction.lot == "h3" and state.withdrawn == [card("marchand_de_fourrage")]


def test_kept_cards_are_paid_at_face_value_and_the_auctioneer_s_card_is_free() -> None:
    # « pour payer au Banquier la valeur de chacune d'elles, indiquée sur la carte [...] La carte du
    # Commissaire-Priseur est gratuite. »
    state = to_sale()
    owed = [state.due(p) for p in range(3)]
    money = list(state.money_)
    nobody_buys(state)
    assert state.phase is Phase.TRAINING
    assert list(state.money_) == [m - o for m, o in zip(money, owed, strict=True)]
    assert state.bank == sum(owed)
    assert any(isinstance(e, ev.AuctioneerCardFree) and e.player == 1 for e in state.events)


@pytest.mark.parametrize(
    ("cards", "en", "fr"),
    [
        (0, "Ada keeps no card.", "Ada ne garde aucune carte."),
        (1, "Ada keeps 1 card.", "Ada garde 1 carte."),
        (2, "Ada keeps 2 cards.", "Ada garde 2 cartes."),
    ],
)
def test_the_cards_kept_are_counted_in_good_grammar(cards: int, en: str, fr: str) -> None:
    """« keeps 1 card », never « keeps 1 cards » (issue 16, point 9)."""
    kept = ev.HandKept(0, cards)
    assert render(*kept.message(), "en", names=["Ada"]) == en
    assert render(*kept.message(), "fr", names=["Ada"]) == fr
