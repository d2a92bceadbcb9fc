"""Ascot, the race's preliminaries and the totalisator (seed 000, « II. Champ de courses »:
« Préliminaires », « Favori », « Les paris », « Les prix »). Each test names the sentence or the
decision (docs/rules/ascot.md) it checks."""

from __future__ import annotations

import pytest
from tests.games.ascot.scenarios import card, no_transactions, preliminaries, trading, training

from hippodrome.engine.actions import Action
from hippodrome.engine.auction_events import PASS
from hippodrome.engine.errors import IllegalActionError, OptionsError
from hippodrome.engine.pool import PlaceBet
from hippodrome.engine.pool_events import DividendDeclared, HouseTook, SlipPaid
from hippodrome.engine.types import CHANCE
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot.actions import (
    ACCEPT,
    DICE,
    DONE,
    ENOUGH,
    NO_FAVOURITE,
    REFUSE,
    ROLL,
    Favourite,
    Offer,
    Run,
    Swap,
)
from hippodrome.games.ascot.rules import Ascot, AscotState, Phase, prizes


def refused(state: AscotState, action: Action, seat: int, key: str) -> None:
    before = (state.position_json(), list(state.runners[seat]), len(state.pool.slips))
    with pytest.raises(IllegalActionError) as err:
        state.apply(action, seat)
    assert err.value.key == key, err.value
    assert (state.position_json(), list(state.runners[seat]), len(state.pool.slips)) == before


def enter_all(state: AscotState, favourites: dict[int, int] | None = None) -> None:
    while state.phase in (Phase.RUNNERS, Phase.FAVOURITE):
        seat = state.active_players()[0]
        if state.phase is Phase.RUNNERS:
            state.apply(state.legal_actions(seat)[0], seat)
        else:
            horse = (favourites or {}).get(seat, 0)
            state.apply(Favourite(horse) if horse else NO_FAVOURITE, seat)


def test_businesses_leave_the_game_and_each_owner_runs_at_most_three() -> None:
    # Préliminaires 1° and 2°: « Les cartes de Membres du Club, ainsi que celles des Affaires (sauf
    # la carte du Bookmaker) ne servent plus »; « Chaque joueur ne peut faire courir plus de 3
    # chevaux (sauf dans une partie à 2 joueurs) ».
    state = preliminaries()
    assert any(isinstance(e, ev.BusinessesRetired) for e in state.events)
    assert state.member == [False, False, False] and state.quota == 3
    # The retired cards are out of every seat's hand, in the view as in the state.
    seen = state.observation(None)
    assert seen["bought"] == [
        ["h2", "h9", "h10", "bookmaker"],
        ["h4", "h11", "h12"],
        ["h6", "h7", "h8"],
    ]
    assert seen["retired"] == [
        "ecurie_walroy",
        "ecurie_stevens",
        "marechal_ferrant",
        "commissaire_priseur",
        "commissaire_du_club",
    ]
    assert state.holder(card("marechal_ferrant")) == -1 and state.bookmaker() == 0
    assert state.active_players() == (1,), "the dealer's left enters first"
    assert set(state.legal_actions(1)) == {Run(4), Run(11), Run(12)}


def test_entering_a_horse_pays_ten_thousand_francs_to_the_bank() -> None:
    # « Il paie au Banquier Frs 10.000 par cheval, comme droit d'entrée ».
    state = preliminaries()
    money, bank = state.money_[1], state.bank
    state.apply(Run(4), 1)
    assert state.money_[1] == money - 10_000 and state.bank == bank + 10_000
    refused(state, Run(4), 1, "ascot.illegal.already_running")
    refused(state, Run(2), 1, "ascot.illegal.not_your_horse")
    refused(state, ENOUGH, 1, "ascot.illegal.run_them")
    state.money_[1] = 9_500
    assert state.legal_actions(1) == [ENOUGH]
    refused(state, Run(11), 1, "ascot.illegal.funds")
    state.apply(ENOUGH, 1)
    assert any(isinstance(e, ev.RunnersShort) for e in state.events)
    assert state.active_players() == (2,), "one runner: no favourite to name"


def test_the_favourite_is_optional_and_one_of_the_owner_s_runners() -> None:
    # Favori: « chaque joueur peut désigner son Favori. Ce choix est facultatif ».
    state = preliminaries()
    for horse in (4, 11, 12):
        state.apply(Run(horse), 1)
    assert state.phase is Phase.FAVOURITE and state.active_players() == (1,)
    assert NO_FAVOURITE in state.legal_actions(1)
    refused(state, Favourite(2), 1, "ascot.illegal.favourite_runs")
    state.apply(Favourite(11), 1)
    assert state.favourite[1] == 11 and state.active_players() == (2,)


def test_d22_the_smallest_stable_sets_the_number_of_runners() -> None:
    # « tous les joueurs doivent posséder les Chevaux en nombre égal »: when the players' trades
    # (D29, D45) leave the stables unequal, an owner of two horses makes everyone run two.
    state = training()
    state.bought[0].remove(card("h10"))
    state.withdrawn.append(card("h10"))
    state.square[10] = -1
    for horse in range(1, 13):
        if state.square[horse] >= 0:
            state.square[horse] = 38
    for _ in range(3):
        state.apply(ROLL, state.active_players()[0])
        state.apply(DICE[2], CHANCE)
        no_transactions(state)
    for _ in range(3):
        state.apply(DONE, state.active_players()[0])
    assert state.phase is Phase.RUNNERS and state.quota == 2
    state.apply(Run(4), 1)
    state.apply(Run(12), 1)
    assert state.runners[1] == [4, 12]
    assert state.phase_name() == "favourite"
    # Two players: up to six runners each (« Sauf dans une partie à 2 joueurs »).
    assert Ascot.from_options(players=2).num_players == 2


def test_the_bookmaker_reads_each_runner_and_takes_four_numbered_tickets() -> None:
    # Les paris: « lit un à un les noms des chevaux [...] quatre paris seulement, par cheval [...]
    # la mise de la première personne devra être inscrite dans la case n° 1 [...] ticket n° 1 ».
    state = preliminaries()
    enter_all(state, {0: 9})
    assert state.phase is Phase.BETTING and state.called == 2
    # The Bookmaker is seat 0 (he kept its card): seat 1 bets first.
    assert state.bookmaker() == 0 and state.active_players() == (1,)
    refused(state, PlaceBet("win", ("h4",), 1_000), 1, "ascot.illegal.horse_called")
    refused(state, PlaceBet("win", ("h2",), 10**9), 1, "pool.illegal.funds")
    state.apply(PlaceBet("win", ("h2",), 1_000), 1)
    state.apply(PlaceBet("win", ("h2",), 2_000), 2)
    state.apply(PASS, 0)
    assert state.called == 4
    called = [e for e in state.events if isinstance(e, ev.HorseCalled)]
    assert [(c.horse, c.favourite) for c in called] == [("h2", False), ("h4", False)]
    tickets = [(e.player, e.ticket) for e in state.events if isinstance(e, ev.TicketIssued)]
    assert tickets == [(1, 1), (2, 2)]


def test_a_horse_takes_four_tickets_at_most() -> None:
    state = preliminaries()
    enter_all(state)
    state.pool.per_horse = 2  # a smaller limit, to fill it within one round of three players
    state.apply(PlaceBet("win", ("h2",), 1_000), 1)
    state.apply(PlaceBet("win", ("h2",), 1_000), 2)
    assert state.legal_actions(0) == [PASS]
    refused(state, PlaceBet("win", ("h2",), 1_000), 0, "pool.illegal.tickets")


def test_the_totalisator_pays_the_seed_s_example() -> None:
    # Les prix: « le total global des mises = 150.000 frs. Le total du cheval gagnant = 60.000 frs.
    # Le Bookmaker se déduit les 10% : 150.000 — 15.000 = 135.000 frs. [...] 135.000 : 60.000 = 2.
    # Donc, chaque personne ayant parié sur le gagnant reçoit deux fois sa mise, et le reste de la
    # caisse est abandonné au profit du Bookmaker. »
    state = preliminaries()
    enter_all(state)
    while state.called != 7:  # everyone passes on h2, h4, h6
        state.apply(PASS, state.active_players()[0])
    state.apply(PlaceBet("win", ("h7",), 40_000), 1)
    state.apply(PlaceBet("win", ("h7",), 20_000), 2)
    state.apply(PASS, 0)
    assert state.called == 8
    state.apply(PlaceBet("win", ("h8",), 90_000), 1)
    while state.phase is Phase.BETTING:
        state.apply(PASS, state.active_players()[0])
    assert state.phase is Phase.RACE and state.pool.total() == 150_000
    money = list(state.money_)
    start = len(state.events)
    state.settle_totalisator(7)
    events = state.events[start:]
    (dividend,) = [e for e in events if isinstance(e, DividendDeclared)]
    assert (dividend.total, dividend.take, dividend.winning, dividend.multiple) == (
        150_000,
        15_000,
        60_000,
        2,
    )
    assert state.money_[1] == money[1] + 80_000 and state.money_[2] == money[2] + 40_000
    assert state.money_[0] == money[0] + 30_000, "the Bookmaker keeps the rest"


def test_d27_no_ticket_on_the_winner_the_bookmaker_keeps_the_pool() -> None:
    # « Si personne n'a parié sur le gagnant, tout l'argent reste en caisse [...] au profit du
    # Bookmaker, si les joueurs s'arrêtent de jouer » (one game: no next game to carry it to).
    state = preliminaries()
    enter_all(state)
    state.apply(PlaceBet("win", ("h2",), 5_000), 1)
    while state.phase is Phase.BETTING:
        state.apply(PASS, state.active_players()[0])
    money = state.money_[0]
    start = len(state.events)
    state.settle_totalisator(4)
    assert not any(isinstance(e, SlipPaid) for e in state.events[start:])
    assert [e.amount for e in state.events[start:] if isinstance(e, HouseTook)] == [5_000]
    assert state.money_[0] == money + 5_000


def test_d44_by_option_a_pool_nobody_won_is_carried_over_to_the_next_game() -> None:
    # « soit pour grossir la caisse du Totalisateur, s'ils recommencent une autre partie. (Cette
    # convention doit être réglée entre les joueurs avant le début du jeu.) »
    state = preliminaries(carry_over=True)
    enter_all(state)
    state.apply(PlaceBet("win", ("h2",), 5_000), 1)
    while state.phase is Phase.BETTING:
        state.apply(PASS, state.active_players()[0])
    money = list(state.money_)
    start = len(state.events)
    state.settle_totalisator(4)
    assert [e.amount for e in state.events[start:] if isinstance(e, ev.PoolCarriedOver)] == [5_000]
    assert list(state.money_) == money, "nobody is paid: the pool waits for the next game"
    # The next game opens with it: the winners share it with the stakes.
    nxt = preliminaries(jackpot=45_000)
    enter_all(nxt)
    assert nxt.observation(0)["jackpot"] == 45_000
    while nxt.called != 7:
        nxt.apply(PASS, nxt.active_players()[0])
    nxt.apply(PlaceBet("win", ("h7",), 5_000), 1)
    while nxt.phase is Phase.BETTING:
        nxt.apply(PASS, nxt.active_players()[0])
    money = list(nxt.money_)
    nxt.settle_totalisator(7)  # 50,000 in all, 5,000 kept: 45,000 / 5,000 = 9 times the stake
    assert nxt.money_[1] == money[1] + 45_000
    with pytest.raises(OptionsError):
        Ascot.from_options(players=3, jackpot=-500)


def test_d28_the_banker_keeps_ten_percent_and_the_prizes_are_half_and_quarters() -> None:
    # Préparatifs: « le Banquier distribuera en prix la somme totale [...] après s'en être déduit
    # les 10% »; Les prix: « la moitié au 1er arrivé ; 1/4 au 2e arrivé et 1/4 au 3e arrivé ».
    state = preliminaries()
    enter_all(state)
    state.bank = 400_000
    money = list(state.money_)
    state.award_prizes([7, 2, 11])  # owners: seat 2, seat 0, seat 1
    assert state.money_[2] == money[2] + 180_000
    assert state.money_[0] == money[0] + 40_000 + 90_000, "the Banker (seat 0): 10% and 2nd prize"
    assert state.money_[1] == money[1] + 90_000
    assert state.bank == 0


def test_d28_the_whole_bank_goes_to_the_horses_past_the_post_however_few() -> None:
    # Préparatifs: « A la fin de la partie, le Banquier distribuera en prix la somme totale qui lui
    # avait été versée, après s'en être déduit les 10% pour les services rendus »; Les prix: « il
    # donnera la moitié au 1er arrivé ; 1/4 au 2e arrivé et 1/4 au 3e arrivé ». Fewer than three
    # past the post, the prizes of the empty places are shared by those placed in the same
    # proportions (2 parts, 1, 1): the Banker keeps his 10% and no more.
    assert prizes(400_000, 3) == (40_000, [180_000, 90_000, 90_000])
    assert prizes(400_000, 2) == (40_000, [240_000, 120_000])
    assert prizes(400_000, 1) == (40_000, [360_000])
    assert prizes(400_000, 0) == (40_000, [])
    # Each prize but the first rounded down to the hundred; the first takes the rest.
    assert prizes(333_500, 3) == (33_400, [150_100, 75_000, 75_000])
    for bank in range(0, 100_000, 500):
        for placed in (1, 2, 3):
            cut, shares = prizes(bank, placed)
            assert cut + sum(shares) == bank and shares == sorted(shares, reverse=True)
    # The issue's game: one horse home (seat 2's h7); the Banker (seat 0) gets his 10% only.
    state = preliminaries()
    enter_all(state)
    state.bank = 400_000
    money = list(state.money_)
    state.award_prizes([7])
    assert state.money_[2] == money[2] + 360_000
    assert state.money_[0] == money[0] + 40_000 and state.money_[1] == money[1]
    assert state.bank == 0
    # No horse past the post: no prize to give, the rest stays in the Bank.
    none = preliminaries()
    enter_all(none)
    none.bank = 400_000
    money = list(none.money_)
    start = len(none.events)
    none.award_prizes([])
    assert none.money_[0] == money[0] + 40_000 and none.bank == 360_000
    kept = [e for e in none.events[start:] if isinstance(e, ev.PrizesUnawarded)]
    assert [e.amount for e in kept] == [360_000]
    assert kept[0].narrate("fr", ["Anne", "Bruno", "Chloé"]).startswith("Aucun cheval")


def test_d21_without_a_bookmaker_the_totalisator_s_take_stays_apart_from_the_bank() -> None:
    # Les paris: « La caisse du Totalisateur doit être rigoureusement séparée de celle du
    # Banquier »; Les prix: « le reste de la caisse est abandonné au profit du Bookmaker ». D21:
    # his card out of the game, what would have been his stays in the Totalisator's till.
    state = preliminaries()
    state.bought[0].remove(card("bookmaker"))
    state.withdrawn.append(card("bookmaker"))
    enter_all(state)
    assert state.bookmaker() == -1 and state.active_players() == (1,), "the dealer's left"
    plan = {2: (1, 5_000), 4: (2, 5_000)}  # seat 1 backs h2, seat 2 backs h4
    while state.phase is Phase.BETTING:
        seat = state.active_players()[0]
        bet = plan.get(state.called)
        horse = (f"h{state.called}",)
        state.apply(PlaceBet("win", horse, bet[1]) if bet and bet[0] == seat else PASS, seat)
    bank, money = state.bank, list(state.money_)
    unbacked = state.clone()
    assert isinstance(unbacked, AscotState)
    start = len(state.events)
    state.settle_totalisator(2)  # 10,000 in all, 1,000 kept: 9,000 / 5,000 = once the stake
    assert state.bank == bank, "nothing of the Totalisator goes into the Bank"
    assert state.money_ == [money[0], money[1] + 5_000, money[2]]
    assert [e.amount for e in state.events[start:] if isinstance(e, ev.TillKept)] == [5_000]
    unbacked.settle_totalisator(6)  # nobody backed h6: the whole pool stays in the till
    assert unbacked.money_ == money and unbacked.bank == bank
    assert [e.amount for e in unbacked.events[start:] if isinstance(e, ev.TillKept)] == [10_000]


def test_players_trade_horses_with_their_small_cards_as_offers_accepted_or_refused() -> None:
    # Préliminaires: « Ils doivent donc échanger, acheter ou vendre les chevaux, entre eux. Les
    # chevaux sont vendus avec leurs cartes respectives et les Avantages et les Désavantages [...]
    # leur prix sera à débattre entre l'acheteur et le vendeur » (D29).
    state = trading()
    assert state.active_players() == (1,)
    # An offer for a card one does not own: a clear error, nothing changed.
    refused(state, Offer(2, "sell", "h2", 5_000), 1, "ascot.illegal.not_owner")
    refused(state, Offer(1, "sell", "h4", 5_000), 1, "ascot.illegal.trade_partner")
    refused(state, Offer(2, "sell", "h4", 7_000), 1, "ascot.illegal.offer_price")
    state.advantages[4] = 2
    state.apply(Offer(2, "sell", "h4", 15_000), 1)
    assert state.phase is Phase.ANSWER and state.active_players() == (2,)
    money = list(state.money_)
    state.apply(ACCEPT, 2)
    assert state.owner(4) == 2 and state.advantages[4] == 2
    assert state.money_[1] == money[1] + 15_000 and state.money_[2] == money[2] - 15_000
    assert state.phase_name() == "trading" and state.active_players() == (2,)
    # Seat 2 asks to buy seat 0's h9; seat 0 refuses: nothing moves.
    state.apply(Offer(0, "buy", "h9", 20_000), 2)
    state.apply(REFUSE, 0)
    assert state.owner(9) == 0 and state.active_players() == (0,)


def test_d45_players_exchange_horses_as_offers_accepted_or_refused() -> None:
    # Préliminaires: « Ils doivent donc échanger, acheter ou vendre les chevaux, entre eux ».
    state = trading()
    assert Swap(2, "h4", "h6") in state.legal_actions(1)
    refused(state, Swap(2, "h4", "h2"), 1, "ascot.illegal.not_owner")  # h2 is seat 0's
    refused(state, Swap(2, "h6", "h7"), 1, "ascot.illegal.not_owner")  # h6 is not seat 1's
    state.disadvantages[6] = 1
    money = list(state.money_)
    state.apply(Swap(2, "h4", "h6"), 1)
    assert state.phase is Phase.ANSWER and state.observation(0)["offer"] == "swap 2 h4 h6"
    state.apply(ACCEPT, 2)
    assert state.owner(4) == 2 and state.owner(6) == 1 and state.disadvantages[6] == 1
    assert list(state.money_) == money
    state.apply(Swap(0, "h7", "h2"), 2)
    state.apply(REFUSE, 0)
    assert state.owner(7) == 2 and state.owner(2) == 0


def test_an_offer_the_buyer_cannot_pay_is_refused_and_the_trading_ends_after_a_round_of_done() -> (
    None
):
    state = trading()
    state.money_[2] = 4_000
    refused(state, Offer(2, "sell", "h4", 5_000), 1, "ascot.illegal.funds")
    state.apply(Offer(2, "sell", "h4", 0), 1)  # a gift is a price too
    state.money_[2] = 4_000
    assert state.legal_actions(2) == [ACCEPT, REFUSE]
    state.apply(REFUSE, 2)
    for seat in (2, 0, 1):
        assert state.active_players() == (seat,)
        state.apply(DONE, seat)
    assert state.phase is Phase.RUNNERS
    assert any(isinstance(e, ev.TradingOver) for e in state.events)


def test_a_player_makes_three_offers_at_most() -> None:
    state = trading()
    for _ in range(3):
        state.apply(Offer(2, "sell", "h4", 0), 1)
        state.apply(REFUSE, 2)
        state.apply(DONE, 2)
        state.apply(DONE, 0)
    assert state.legal_actions(1) == [DONE]
    refused(state, Offer(2, "sell", "h4", 0), 1, "ascot.illegal.offers_spent")
