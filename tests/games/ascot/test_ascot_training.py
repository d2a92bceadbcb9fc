"""Ascot, the training lap (seed 000, « I. Champ d'entraînement », « Arrêt sur une case », « Membres du
Club »): each test sets the horses on the loop and forces the dice, and names the sentence or the
decision (docs/rules/ascot.md) it checks."""

from __future__ import annotations

import pytest
from tests.games.ascot.scenarios import DEAD, no_transactions, training

from hippodrome.engine.actions import Action
from hippodrome.engine.auction_events import PASS, Bid
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.types import CHANCE
from hippodrome.games.ascot import events as ev
from hippodrome.games.ascot.actions import (
    ACCEPT,
    CARD_IDS,
    DECLINE,
    DICE,
    DONE,
    JOIN,
    ROLL,
    ClubReport,
    Draw,
    Offer,
    Sell,
)
from hippodrome.games.ascot.material import material
from hippodrome.games.ascot.rules import BOXED, AscotState, Phase


def throw(state: AscotState, total: int) -> list[object]:
    seat = state.active_players()[0]
    start = len(state.events)
    state.apply(ROLL, seat)
    assert state.is_chance_node() and state.chance_roller() == seat
    state.apply(DICE[total], CHANCE)
    events: list[object] = list(state.events[start:])
    no_transactions(state)
    return events


def refused(state: AscotState, action: Action, seat: int, key: str) -> None:
    before = (state.position_json(), list(state.reports[seat]))
    with pytest.raises(IllegalActionError) as err:
        state.apply(action, seat)
    assert err.value.key == key, err.value
    assert (state.position_json(), list(state.reports[seat])) == before


def test_the_club_commissioner_throws_first_and_is_a_member() -> None:
    # « Le premier à jeter les dés est le Commissaire du Club des Propriétaires »; « Le joueur qui a
    # la carte du Commissaire du Club est Membre d'office ».
    state = training()
    assert state.active_players() == (0,) and state.member == [True, False, False]
    # D16: the card unsold, the dealer's left (seat 1) throws first and nobody is a member.
    unsold = training(
        ["h12", "ecurie_stevens", "veterinaire", "commissaire_du_club", "marchand_de_fourrage"]
    )
    assert unsold.active_players() == (1,) and unsold.member == [False, False, False]


def test_one_throw_moves_every_horse_in_number_order_and_fees_go_to_the_holder() -> None:
    # « une fois pour tous ses chevaux [...] faire avancer ses chevaux toujours dans ce même ordre »;
    # « Fers spéciaux pour la Course Frs 10.000 » is paid to « la carte du Maréchal-Ferrant ».
    state = training()
    money = list(state.money_)
    events = throw(state, 4)
    moved = [e.horse for e in events if isinstance(e, ev.HorseTrained)]
    assert moved == ["h2", "h9", "h10"]
    assert [state.square[h] for h in (2, 9, 10)] == [4, 4, 4]
    assert state.money_[0] == money[0] - 30_000 and state.money_[2] == money[2] + 30_000
    # « ne peut naturellement pas se payer à lui-même »: seat 1 passes, seat 2 lands there too.
    state.square[4] = state.square[11] = state.square[12] = 30
    throw(state, 3)  # seat 1: to square 33, plain
    events = throw(state, 4)
    assert [e.reason for e in events if isinstance(e, ev.FeeWaived)] == ["own_business"] * 3
    assert state.money_[2] == money[2] + 30_000


def test_d13_a_fee_to_a_business_that_left_the_game_is_paid_to_nobody() -> None:
    # « C'est donc au joueur qui a la carte du Maréchal-Ferrant que le propriétaire du cheval devra
    # payer »; Préparatifs: « La Banque sera constituée [...] par les versements que les joueurs
    # feront au Banquier en payant la valeur [...] des cartes [...] C'est également le Banquier qui
    # encaissera les versements du droit d'entrée ». D13: the forage merchant's card went unsold;
    # « Avoine de premier choix » has nobody to be paid, and the Bank takes nothing.
    state = training()
    bank, money = state.bank, list(state.money_)
    state.square[9] = state.square[10] = 33
    events = throw(state, 7)  # h2 to square 7; h9 and h10 to 40, home
    waived = [e for e in events if isinstance(e, ev.FeeWaived)]
    assert [(e.business, e.reason) for e in waived] == [("marchand_de_fourrage", "withdrawn")]
    assert "il n'y a personne à payer" in waived[0].narrate("fr", ["Anne", "Bruno", "Chloé"])
    assert not any(isinstance(e, ev.FeePaid) for e in events)
    assert state.bank == bank and list(state.money_) == money


def read(state: AscotState, deck: str, report: int) -> None:
    """The report on top of ``deck`` is ``report`` (a chance node while some were never read)."""
    assert state.phase_name() == "report" and state.is_chance_node()
    assert (Draw(deck, report), 1 / len(state.unseen[deck])) in state.chance_outcomes()
    state.apply(Draw(deck, report), CHANCE)
    no_transactions(state)


def test_d42_a_report_is_read_off_a_shuffled_deck_and_put_back_under_it() -> None:
    # « il doit lire la première carte du paquet [...] ensuite, il doit remettre la carte sous le
    # paquet »; h2 is red, from Walroy's stable: a red report. D42: the deck is shuffled, so the
    # first report read is any of the ten, each as likely; a report put back comes up again only
    # once the others have been read.
    state = training()
    state.square[9] = state.square[10] = 35
    throw(state, 5)
    assert state.chance_roller() == 0
    assert [p for _, p in state.chance_outcomes()] == [0.1] * 10
    read(state, "walroy", 2)
    assert state.decks["walroy"] == [2] and 2 not in state.unseen["walroy"]
    assert state.advantages[2] == 1 and state.pile_advantages["red"] == 5
    assert state.square[9] == BOXED and state.square[10] == BOXED, "the others moved on"
    # Every other report read once: the next one is the report put back first, with no chance.
    fresh = training()
    fresh.unseen["walroy"] = []
    fresh.decks["walroy"] = [2, 0]
    fresh.apply(ClubReport("walroy", 2), 0)  # seat 0, a member, before his throw
    assert not fresh.is_chance_node() and fresh.phase_name() == "training"
    assert fresh.decks["walroy"] == [0, 2] and fresh.advantages[2] == 1


def test_a_kept_report_stays_with_its_owner_and_secret() -> None:
    state = training()
    state.square[9] = state.square[10] = 35
    throw(state, 5)
    read(state, "walroy", 6)  # Brides incassables
    assert state.reports[0] == [("walroy", 6)] and 6 not in state.decks["walroy"]
    assert 6 not in state.unseen["walroy"]
    reports = state.observation(1)["reports"]
    assert isinstance(reports, list) and reports[0] == 1


def test_strangles_stops_the_turn_and_the_next_throw_is_lost() -> None:
    # « Vos chevaux souffrent de gourme » : « s'arrêter de jouer immédiatement et ne pas faire
    # avancer les chevaux [...] il ne jette pas les dés à son tour de jouer suivant ».
    state = training()
    start = len(state.events)
    throw(state, 10)  # h2 on the vet's square
    read(state, "veterinary", 9)
    events = state.events[start:]
    assert any(isinstance(e, ev.Strangles) for e in events)
    assert [state.square[h] for h in (2, 9, 10)] == [10, 0, 0]
    assert state.active_players() == (1,)
    throw(state, 2)
    throw(state, 2)
    assert any(isinstance(e, ev.RollLost) and e.player == 0 for e in state.events)
    assert state.active_players() == (1,), "seat 0's throw is lost: seat 1 again"


def test_dinner_and_charity_are_paid_by_members_only() -> None:
    # « les Membres du Club doivent payer pour « Les Dépenses du dîner [...] 4.000 frs » [...]
    # alors que les autres joueurs ne paient pas » (D4: to the club commissioner).
    state = training()
    state.apply(ROLL, 0)
    state.apply(DICE[2], CHANCE)  # seat 0 (the commissioner himself) moves on
    no_transactions(state)
    state.square[4] = 17
    state.square[11] = state.square[12] = BOXED
    money = list(state.money_)
    events = throw(state, 2)  # seat 1's h4 to 19: not a member, pays nothing
    assert [e.reason for e in events if isinstance(e, ev.FeeWaived)] == ["not_member"]
    assert state.money_ == money
    state.member[2] = True
    state.square[6] = 17
    state.square[7] = state.square[8] = BOXED
    throw(state, 2)
    assert state.money_[2] == money[2] - 4_000 and state.money_[0] == money[0] + 4_000


def test_frost_sends_a_non_member_back_and_spares_a_member() -> None:
    # « Ils ont, par contre, un avantage [...] sur la case : « Gel » » (D5); D18: the square reached
    # going back (20, an advantage) is not obeyed.
    state = training()
    state.square[9] = state.square[10] = 35
    throw(state, 12)
    assert state.square[2] == 12
    state.square[2] = 11
    state.square[4] = 11
    state.square[11] = state.square[12] = 35
    events = throw(state, 12)  # seat 1's h4 to 23
    assert state.square[4] == 20 and state.advantages[4] == 0
    assert any(isinstance(e, ev.HorseShifted) for e in events)
    state.square[6], state.square[7], state.square[8] = 35, 35, 35
    throw(state, 5)
    events = throw(state, 12)  # seat 0, a member: h2 from 11 to 23
    assert state.square[2] == 23 and any(isinstance(e, ev.FrostSpared) for e in events)


def test_joining_the_club_is_optional_and_needs_the_fee() -> None:
    # « L'entrée au Club est facultative »; « il paie les droits d'entrée au Commissaire du Club ».
    state = training()
    throw(state, 2)
    state.square[11] = state.square[12] = 35
    state.apply(ROLL, 1)
    state.apply(DICE[11], CHANCE)  # h4 on the club's square
    assert state.phase is Phase.CLUB and state.active_players() == (1,)
    assert [state.square[h] for h in (4, 11, 12)] == [11, 35, 35], "h11, h12 wait for the answer"
    money = state.money_[1]
    state.money_[1] = 5_000
    assert state.legal_actions(1) == [DECLINE]
    refused(state, JOIN, 1, "ascot.illegal.funds")
    state.money_[1] = money
    state.apply(JOIN, 1)
    assert state.member[1] and state.money_[1] == money - 10_000
    assert state.square[11] == BOXED and state.square[12] == BOXED
    no_transactions(state)
    assert state.active_players() == (2,)


def test_d13_nobody_holding_the_commissioner_s_card_joining_the_club_costs_nothing() -> None:
    # « il paie les droits d'entrée au Commissaire du Club »: the card unsold, there is nobody to
    # pay (D13), and the Bank takes nothing.
    state = training(
        ["h12", "ecurie_stevens", "veterinaire", "commissaire_du_club", "marchand_de_fourrage"]
    )
    assert state.active_players() == (1,)  # D16: the dealer's left throws first
    state.square[11] = state.square[12] = 35
    state.money_[1] = 5_000
    bank = state.bank
    state.apply(ROLL, 1)
    state.apply(DICE[11], CHANCE)  # h4 on the club's square
    assert state.phase is Phase.CLUB and state.legal_actions(1) == [JOIN, DECLINE]
    start = len(state.events)
    state.apply(JOIN, 1)
    assert state.member[1] and state.money_[1] == 5_000 and state.bank == bank
    joined = [e for e in state.events[start:] if isinstance(e, ev.ClubJoined)]
    assert [e.fee for e in joined] == [0]
    assert (
        joined[0]
        .narrate("en", ["Anne", "Bruno", "Chloé"])
        .startswith("Bruno joins the Owners' Club free of charge")
    )


def test_d19_a_member_takes_reports_one_at_a_time_before_his_throw_from_the_right_stable() -> None:
    # Membres du Club: « un Rapport [...] à n'importe quel moment du jeu, mais avant qu'il jette les
    # dés lui-même. Il ne peut prendre plus d'un Rapport à la fois et devra obligatoirement se
    # conformer aux instructions qui y seront données [...] les Rapports Walroy ne peuvent être
    # appliqués aux chevaux sortant de l'Ecurie Stevens, et vice versa » (D19): one report at a
    # time, each read and obeyed before the next, as many as he dares before his throw.
    state = training()
    refused(state, ClubReport("stevens", 2), 0, "ascot.illegal.wrong_stable")
    refused(state, ClubReport("walroy", 4), 0, "ascot.illegal.not_your_horse")
    state.apply(ClubReport("walroy", 2), 0)
    with pytest.raises(IllegalActionError):  # the first is being read: not two at once
        state.apply(ClubReport("veterinary", 9), 0)
    state.apply(Draw("walroy", 0), CHANCE)
    assert state.advantages[2] == 1 and state.phase_name() == "training"
    # Obeyed: he may take another before he throws, for another horse or the same one.
    assert ClubReport("veterinary", 9) in state.legal_actions(0)
    good = next(r.index for r in material().reports["veterinary"] if r.effect == "advantage")
    state.apply(ClubReport("veterinary", 9), 0)
    state.apply(Draw("veterinary", good), CHANCE)
    assert state.advantages[9] == 1 and state.phase_name() == "training"
    assert ClubReport("walroy", 2) in state.legal_actions(0)
    # Once he has thrown, no more reports this turn; a player not a member takes none.
    state.apply(ROLL, 0)
    state.apply(DICE[2], CHANCE)
    refused(state, ClubReport("walroy", 2), 0, "ascot.illegal.report_before_roll")
    no_transactions(state)
    refused(state, ClubReport("walroy", 12), 1, "ascot.illegal.not_a_member")


def test_an_empty_pile_gives_nothing() -> None:
    state = training()
    state.pile_advantages["red"] = 0
    state.square[9] = state.square[10] = 35
    events = throw(state, 8)
    taken = [e for e in events if isinstance(e, ev.SmallCardTaken)]
    assert [(t.colour, t.taken) for t in taken] == [("red", False)] and state.advantages[2] == 0


def test_the_box_is_entered_with_equal_or_more_points_and_the_training_ends() -> None:
    # « Il y entre avec un nombre de points égal ou supérieur à celui qui lui est nécessaire ».
    state = training()
    for horse in (2, 4, 6, 7, 8, 9, 10, 11, 12):
        state.square[horse] = 38
    throw(state, 12)
    assert [state.square[h] for h in (2, 9, 10)] == [BOXED] * 3
    throw(state, 2)
    throw(state, 3)
    assert state.phase is Phase.TRADING
    assert any(isinstance(e, ev.TrainingOver) for e in state.events)
    assert DEAD[3] == "veterinaire"


def test_a_player_who_cannot_pay_sells_to_the_highest_bidder() -> None:
    # Préparatifs: « Les emprunts ne sont pas autorisés. Si, au cours de la partie, un joueur ne
    # peut faire face à ses obligations, il doit vendre, à titre privé, un (ou plusieurs) de ses
    # Chevaux ou une (ou plusieurs) de ses Affaires, au plus offrant » (D17).
    state = training()
    throw(state, 2)  # seat 0
    state.square[11] = state.square[12] = 30
    state.money_[1] = 1_000
    state.apply(ROLL, 1)
    state.apply(DICE[4], CHANCE)  # h4 on the farrier's square: Frs 10.000 to seat 2
    assert state.phase is Phase.SALE and state.active_players() == (1,)
    assert [state.square[h] for h in (4, 11, 12)] == [4, 30, 30], "the others wait"
    assert Sell("h12") in state.legal_actions(1)
    refused(state, Sell("h2"), 1, "ascot.illegal.not_yours")
    # Nobody wants h12: it stays his, and he offers something else.
    state.apply(Sell("h12"), 1)
    assert state.phase_name() == "auction" and state.auction is not None
    assert not state.auction.eligible[1], "the seller does not bid"
    assert state.active_players() == (2,)
    state.apply(PASS, 2)
    state.apply(PASS, 0)
    assert state.phase_name() == "sale" and state.owner(12) == 1
    refused(state, Sell("h12"), 1, "ascot.illegal.offered")
    state.apply(Sell("h11"), 1)
    state.apply(Bid(12_000), 2)
    state.apply(PASS, 0)
    # Sold: the price to the seller, who pays the farrier; h11 changes hands and does not move
    # for its former owner this throw; h12 moves on.
    assert state.owner(11) == 2
    assert state.money_[1] == 1_000 + 12_000 - 10_000
    assert state.square[11] == 30 and state.square[12] == 34
    assert state.active_players() == (1,) and state.phase_name() == "trading", "his transactions"
    no_transactions(state)
    assert state.active_players() == (2,) and state.phase_name() == "training"


def test_selling_is_only_for_a_debtor() -> None:
    state = training()
    refused(state, Sell("h2"), 0, "ascot.illegal.no_debt")


def test_d41_the_player_in_turn_ends_his_turn_with_his_transactions() -> None:
    # « jusqu'à ce que le joueur qui est en train de jouer ait fait avancer tous ses chevaux et ait
    # terminé ses transactions »: after his throw, one offer, accepted or refused, then `done`.
    state = training()
    state.apply(ROLL, 0)
    state.apply(DICE[2], CHANCE)
    assert state.phase is Phase.TRADING and state.active_players() == (0,)
    state.apply(Offer(2, "buy", "marechal_ferrant", 20_000), 0)
    assert state.phase_name() == "answer" and state.active_players() == (2,)
    money = list(state.money_)
    state.apply(ACCEPT, 2)
    assert state.holder(CARD_IDS.index("marechal_ferrant")) == 0
    assert state.money_[0] == money[0] - 20_000 and state.money_[2] == money[2] + 20_000
    assert state.phase is Phase.TRADING and state.legal_actions(0) == [DONE], "one offer a turn"
    state.apply(DONE, 0)
    assert state.phase_name() == "training" and state.active_players() == (1,)
    # The farrier's fees now go to seat 0.
    state.square[11] = state.square[12] = BOXED
    throw(state, 4)  # seat 1's h4 on the farrier's square
    assert state.money_[0] == money[0] - 20_000 + 10_000


def test_d41_an_offer_for_a_card_one_does_not_own_or_may_not_hold_is_refused() -> None:
    state = training()
    state.apply(ROLL, 0)
    state.apply(DICE[2], CHANCE)
    before = state.position_json()
    refused(state, Offer(1, "sell", "h4", 5_000), 0, "ascot.illegal.not_owner")
    refused(state, Offer(1, "buy", "h2", 5_000), 0, "ascot.illegal.not_owner")
    refused(state, Offer(1, "sell", "commissaire_du_club", 5_000), 0, "ascot.illegal.not_owner")
    refused(state, Offer(1, "sell", "h2", 500_000), 0, "ascot.illegal.offer_price")
    refused(state, Offer(0, "sell", "h2", 5_000), 0, "ascot.illegal.trade_partner")
    assert state.position_json() == before
    state.apply(DONE, 0)
    state.apply(ROLL, 1)
    state.apply(DICE[2], CHANCE)
    # « Aucun joueur ne peut être propriétaire à la fois des cartes Écuries Stevens et Walroy ».
    refused(state, Offer(2, "buy", "ecurie_stevens", 5_000), 1, "ascot.illegal.both_stables")
