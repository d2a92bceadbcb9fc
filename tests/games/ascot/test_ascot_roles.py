"""Each seat's roles in the observation (``roles``, docs/web.md): the seats panel names the Banker, the
auctioneer, the Bookmaker and the Club Commissioner on the seat that holds them, from what every seat
may see, never from a hand still hidden."""

from __future__ import annotations

from tests.games.ascot.scenarios import THREE, card, dealt, keep_all, nobody_buys, trading

from hippodrome.games.ascot.actions import Exchange
from hippodrome.games.ascot.rules import Phase

BANKER = "ascot.role.banker"
AUCTIONEER = "ascot.role.auctioneer"
BOOKMAKER = "ascot.role.bookmaker"
CLUB = "ascot.role.club_commissioner"
DEAD = ["h12", "ecurie_stevens", "commissaire_du_club", "veterinaire", "marchand_de_fourrage"]


def test_the_banker_is_seat_0_from_the_first_move_and_the_auctioneer_only_during_the_sale() -> None:
    # « L'un des joueurs est désigné Banquier » (seat 0); « Le joueur qui a reçu la carte du
    # Commissaire-Priseur doit le déclarer immédiatement après la donne »: seat 1 here, who sells
    # the dead pile (« Vente aux enchères »).
    state = dealt(3, THREE, DEAD)
    assert state.phase_name() == "exchange"
    for viewer in (None, 0, 1, 2):
        assert state.observation(viewer)["roles"] == [[BANKER], [AUCTIONEER], []]
    state.apply(Exchange(card("h3")), 1)
    state.apply(Exchange(card("h5")), 2)
    state.apply(Exchange(card("h1")), 0)
    keep_all(state)
    nobody_buys(state)
    assert state.phase is Phase.TRAINING
    # The sale over, the cards kept are paid and lie open: seat 0 holds the Bookmaker's card and
    # the Club Commissioner's (bought from the dead pile's top at the exchange).
    assert state.observation(None)["roles"] == [[BANKER, BOOKMAKER, CLUB], [], []]


def test_a_card_still_in_a_hidden_hand_gives_no_role_to_anyone_s_eyes() -> None:
    # During the deal the Bookmaker's card is in seat 0's hidden hand: no seat, not even his own
    # view, names him before the card lies open (he may still give it to the dead pile).
    state = dealt(3, THREE, DEAD)
    for viewer in (None, 0, 1, 2):
        assert BOOKMAKER not in state.observation(viewer)["roles"][0]


def test_the_club_commissioner_leaves_with_his_card_before_the_race_and_the_bookmaker_stays() -> (
    None
):
    # Préliminaires 1°: « Les cartes de Membres du Club, ainsi que celles des Affaires (sauf la carte
    # du Bookmaker) ne servent plus et doivent être enlevées du jeu. »
    state = trading()
    assert state.observation(2)["roles"] == [[BANKER, BOOKMAKER], [], []]
