"""How long a match can last: the most actions, chance outcomes included, that a match with given
options can take (``RoyalSteepleChase.max_length``; the manifest's ``Traits.max_length`` is the most
over every option set). The argument, phase by phase of a deal, is written beside each term below
and in the rules document ("How long a match lasts", D83).

A match is at most ``races_at_most`` deals: one race (a single race, the solo practice), as many as
the places (the simplified game, the pirate game for stakes, the pursuit), or, where the rules end a
match only when someone makes his games or his points (the bridge score, « aux enchères », the
contract, the pirate game for points), ``MAX_DEALS``: void races mark nothing, so nothing in the seed
stops a run of them; the engine stops the match there (D83). The option ``deals`` stops it earlier.

Each deal is finite whatever chance and the players do, because every phase has a count that only
goes one way: the cards dealt and played, the chips the auctions are paid from, the three spread
requests and the two trade offers a player has (D9, D10), the calls up the contract's ladder, the
mobile hurdles in hand, the thirty incident cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from hippodrome.games.royal_steeple_chase.board import (
    HORSES,
    INCIDENT_COUNT,
    INCIDENT_KINDS,
    MAX_DEALS,
    MAX_OFFERS,
    MAX_REQUESTS,
    UNIT,
    M,
)
from hippodrome.games.royal_steeple_chase.contract import ELIMINATED, LADDER

if TYPE_CHECKING:
    from hippodrome.games.royal_steeple_chase.rules import RoyalSteepleChase


RACES: Final = {
    "race": 1,
    "solo": 1,
    "simple": 0,  # « II y a autant de courses que de joueurs »
    "pirate_stakes": 0,  # as many as the players (D19)
    "pursuit": 0,  # « autant de tours de piste qu'il y a de joueurs » (D23)
    "bridge": MAX_DEALS,  # two games win, or D83
    "auction": MAX_DEALS,  # three rubbers, or D83
    "contract": MAX_DEALS,
    "dummy": MAX_DEALS,
    "pirate_points": MAX_DEALS,  # 200 points win, or D83
}
"""Per way to play (``WayToPlay.name``), the most races a match plays as its ``end_race`` ends it;
0: as many as the places."""


def races_at_most(game: RoyalSteepleChase) -> int:
    """The most races (deals) a match plays, as its way to play and ``race.RaceRules._end_race``
    end it (the option ``deals`` stops it earlier)."""
    own = RACES[game.way.name] or game.places
    deals = game.options.deals
    return min(own, deals) if deals > 0 else own


def chips_at_most(game: RoyalSteepleChase) -> int:
    """The most chips the players hold between them when a deal starts: 100 each (the contract
    has none), plus what the bank has paid the simplified game's winners and placed. Everything
    else only moves chips between the players and the pot."""
    if not game.way.auction_chips:
        return 0
    chips = game.places * M.chips
    if game.way.name == "simple":
        s = M.scoring
        chips += (races_at_most(game) - 1) * (s["simple_winner"] + s["simple_placed"])
    return chips


def deal_at_most(game: RoyalSteepleChase) -> int:
    """The most actions one deal takes, from its first card to the end of its race."""
    n = game.places  # every place acts, or has its turns played for it (the dummy)
    hand, spread = game.deal_sizes()
    # DISTRIBUTION DU JEU: one chance action a card.
    deal = n * hand + spread
    # ENCHÈRES. Every bid tops the last by a chip of 5 at least and a request with a bid opens at 5
    # or more; the winner pays the price into the pot, which is shared only when the race starts.
    # So the requests with a bid and the bids of a deal are at most its chips / 5.
    bids = chips_at_most(game) // UNIT
    # ATTRIBUTION DES CHEVAUX: a free horse is taken (4 at most: a horse never becomes free again
    # before the race), a held one asked for with a bid (counted in ``bids``), a lone holder
    # joined (improvised camps, one a camp). Passes: fewer than n in a row between two requests.
    requests = len(HORSES) + bids + n // 2
    horses = requests + n * (requests + 1)
    # ATTRIBUTION DU JEU ÉTALÉ: 3 requests a player (D10), each won and paid by a card thrown; passes,
    # fewer than n in a row between two requests.
    cards = MAX_REQUESTS * n
    spread_phase = 2 * cards + n * (cards + 1)
    # An auction ends when every bidder but the leader has passed: n - 1 passes at most.
    auctions = bids + cards + n // 2
    auction = bids + (n - 1) * auctions
    # ÉCHANGES DIRECTS: 2 offers or asks a player (D9, D50); an ask goes round the others (n - 1
    # answers), then a counter and a decision. A « contre » once a player (D25). Passes: fewer than
    # n in a row between two of these.
    offers = MAX_OFFERS * n
    trades = offers * (n + 2) + n + n * (offers + n + 1)
    before_race = horses + spread_phase + auction + trades
    if game.options.pirate != "no":
        # JEU PIRATE: « sans enchères, sans échanges de cartes »: one secret bet each instead.
        before_race = n
    elif game.options.scoring in ("contract", "dummy"):
        # CONTRACT (ANNONCES), instead of the horses, the auctions and the exchanges: each place
        # passes once in the colour rounds and takes a free colour once at most (4 horses); every
        # other call climbs the ladder; « contre » and « surcontre » once each a call; fewer than n
        # passes in a row between two calls; then 3 cards eliminated each.
        ladder = len(LADDER)
        before_race = n + len(HORSES) + 3 * ladder + n * (3 * ladder + 1) + ELIMINATED * n
    # Mobile hurdles laid from one's hand (each once), a pass each before the start; the solo
    # practice's 10.
    own_hurdles = n * game.hurdles_in_hand + n
    if n == 1:
        own_hurdles += M.scoring["solo_hurdles"]
    # MARCHE DU JEU: a card and its two coups, three actions. A card is played from a hand once;
    # the incident « PRENEZ AU HASARD DEUX CARTES DANS LES ÉCARTS » brings back two at most, per
    # copy of it in the pack.
    incidents = game.options.incidents
    back = 2 * INCIDENT_COUNT[INCIDENT_KINDS.index("deux_cartes_des_ecarts")] if incidents else 0
    race = 3 * (n * hand + back)
    # CARTES D'INCIDENTS: the pack of 30 is not reshuffled within a deal; a card is drawn (chance),
    # then asks 3 choices at most (a hurdle on each of 3 other lanes) or 2 draws from the discards.
    drawn = len(M.incidents) * (1 + len(HORSES) - 1) if incidents else 0
    return deal + before_race + own_hurdles + race + drawn


def max_length(game: RoyalSteepleChase) -> int:
    """The most actions a match with ``game``'s options can take."""
    return races_at_most(game) * deal_at_most(game)
