"""Royal Steeple Chase's position document (``to_json``'s "position", ``state_from_json``): every
field of the state by name, cards as their notation (« 3/2 », « R/4 »), the progress of the horses as
``core`` counts it, hurdles as bit sets of gaps.
"""

from __future__ import annotations

from dataclasses import fields
from typing import TYPE_CHECKING, Any, TypeVar

from hippodrome.engine.errors import RecordError
from hippodrome.engine.record import position_field
from hippodrome.engine.types import JSONObject
from hippodrome.games.royal_steeple_chase.board import (
    HALF_OF,
    INCIDENT_KINDS,
    NOBODY,
    TYPES,
    M,
    Phase,
    cards_text,
)
from hippodrome.games.royal_steeple_chase.records import (
    Auction,
    Camps,
    Contres,
    IncidentDeck,
    PirateBook,
    PursuitLaps,
    Trade,
)

if TYPE_CHECKING:
    from hippodrome.games.royal_steeple_chase.core import SteepleCore

R = TypeVar("R")


def position_json(s: SteepleCore) -> JSONObject:
    """The position document: every field of the state, the records of the ways to play that are
    off written as they would stand (so one document shape serves every way to play)."""
    n = s.game.num_players
    a, tr = s.auction, s.trade
    book = s.pirate or PirateBook.empty(n)
    contres = s.contres or Contres.empty(n)
    camps = s.camps or Camps([NOBODY] * n)
    laps = s.pursuit or PursuitLaps([0] * n)
    deck = s.incidents or IncidentDeck.fresh(n)
    return {
        "phase": s.phase.name.lower(),
        "deal_number": s.deal_number,
        "dealer": s.dealer,
        "deal_start": s.deal_start,
        "dealt": s.dealt,
        "undealt": cards_text(s.undealt),
        "hands": [cards_text(h) for h in s.hands],
        "public": [cards_text(h) for h in s.public],
        "spread": cards_text(s.spread),
        "chips": list(s.chips),
        "pot": s.pot,
        "owner": list(s.owner),
        "pos": list(s.pos),
        "hurdles": list(s.hurdles),
        "in_hand": list(s.in_hand),
        "finished": list(s.finished),
        "turn": s.turn,
        "passes": s.passes,
        "auction": None
        if a is None
        else [
            a.horse,
            a.card,
            a.leader,
            a.high,
            a.bidder,
            [int(x) for x in a.active],
            a.resume,
        ],
        "throw_card": s.throw_card,
        "trade": None
        if tr is None
        else [tr.proposer, tr.target, tr.offered, tr.counter, tr.points],
        "offers": list(s.offers),
        "requests": list(s.requests),
        "card_player": s.card_player,
        "halves_left": list(s.halves_left),
        "trail": {str(h): [list(step) for step in t] for h, t in s.trail.items()},
        "card_finishers": list(s.card_finishers),
        "winner": s.winner,
        "placed": s.placed,
        "lead": s.lead,
        "races": s.races,
        "honours": list(s.honours),
        "below": list(s.below),
        "toward": list(s.toward),
        "games": list(s.games),
        "bets": [None if b is None else list(b) for b in book.bets],
        "stakes": list(book.stakes),
        "throw_after": s.throw_after,
        "contred": list(contres.contred),
        "banned": list(contres.banned),
        "partner": list(camps.partner),
        "carried": list(laps.carried),
        "central": list(s.central),
        "discards": cards_text(s.discards),
        "incident_pack": list(deck.incident_pack),
        "pending": list(deck.pending),
        "incident": deck.incident,
        "incident_step": list(deck.incident_step),
        "dry": list(deck.dry),
        "extra": list(deck.extra),
        "ridden": list(deck.ridden),
        "draws_left": deck.draws_left,
    }


def _counts(data: Any, name: str) -> list[int]:
    if not isinstance(data, list):
        raise RecordError(name, "must be a list of cards")
    counts = [0] * TYPES
    for text in data:
        try:
            counts[M.card_type(str(text)).index] += 1
        except Exception:
            raise RecordError(name, f"{text!r} is not a card") from None
    return counts


def read_position(s: SteepleCore, d: JSONObject) -> None:
    """Set ``s`` (a new state) to the position document ``d``; a field of a way to play the game
    does not play must stand as it would (``position_json``)."""
    n = s.game.num_players
    try:
        s.phase = Phase[str(position_field(d, "phase", str)).upper()]
    except KeyError:
        raise RecordError("position.phase", "unknown phase") from None
    for name in (
        "deal_number",
        "dealer",
        "deal_start",
        "dealt",
        "pot",
        "turn",
        "passes",
        "throw_card",
        "card_player",
        "winner",
        "placed",
        "lead",
        "races",
    ):
        setattr(s, name, position_field(d, name, int))
    s.undealt = _counts(position_field(d, "undealt", list), "position.undealt")
    s.spread = _counts(position_field(d, "spread", list), "position.spread")
    s.hands = [_counts(h, "position.hands") for h in position_field(d, "hands", list)]
    s.public = [_counts(h, "position.public") for h in position_field(d, "public", list)]
    for name, size in (
        ("chips", n),
        ("owner", 4),
        ("pos", 4),
        ("hurdles", 4),
        ("in_hand", n),
        ("offers", n),
        ("requests", n),
        ("honours", n),
        ("below", n),
        ("toward", n),
        ("games", n),
    ):
        values = position_field(d, name, list)
        if len(values) != size or not all(isinstance(v, int) for v in values):
            raise RecordError(f"position.{name}", f"must hold {size} integers")
        setattr(s, name, list(values))
    if len(s.hands) != n or len(s.public) != n:
        raise RecordError("position.hands", f"must hold {n} hands")
    s.finished = list(position_field(d, "finished", list))
    s.card_finishers = list(position_field(d, "card_finishers", list))
    s.halves_left = [str(h) for h in position_field(d, "halves_left", list)]
    if any(h not in HALF_OF for h in s.halves_left):
        raise RecordError("position.halves_left", "not halves of a card")
    trail = position_field(d, "trail", dict)
    s.trail = {int(h): [(int(a), int(b)) for a, b in t] for h, t in trail.items()}
    a = position_field(d, "auction", list, nullable=True)
    if a is not None:
        s.auction = Auction(a[0], a[1], a[2], a[3], a[4], [bool(x) for x in a[5]], a[6])
    s.discards = _counts(position_field(d, "discards", list), "position.discards")
    ints: dict[str, list[int]] = {}
    for name, size in (
        ("central", 4),
        ("incident_pack", len(INCIDENT_KINDS)),
        ("pending", n),
        ("dry", 4),
        ("carried", n),
        ("partner", n),
        ("stakes", n),
        ("extra", n),
        ("ridden", n),
    ):
        values = position_field(d, name, list)
        if len(values) != size or not all(isinstance(v, int) for v in values):
            raise RecordError(f"position.{name}", f"must hold {size} integers")
        ints[name] = list(values)
    s.central = ints["central"]
    s.throw_after = position_field(d, "throw_after", int)
    flags: dict[str, list[bool]] = {}
    for name in ("contred", "banned"):
        values = position_field(d, name, list)
        if len(values) != n or not all(isinstance(v, bool) for v in values):
            raise RecordError(f"position.{name}", f"must hold {n} booleans")
        flags[name] = list(values)
    bets = position_field(d, "bets", list)
    if len(bets) != n:
        raise RecordError("position.bets", f"must hold {n} bets")
    tr = position_field(d, "trade", list, nullable=True)
    if tr is not None:
        s.trade = Trade(*tr)
    # The records: a way to play the game does not play must stand as position_json writes it.
    s.pirate = _record(
        s.pirate,
        PirateBook([None if b is None else tuple(int(h) for h in b) for b in bets], ints["stakes"]),
        PirateBook.empty(n),
    )
    s.contres = _record(s.contres, Contres(flags["contred"], flags["banned"]), Contres.empty(n))
    s.camps = _record(s.camps, Camps(ints["partner"]), Camps([NOBODY] * n))
    s.pursuit = _record(s.pursuit, PursuitLaps(ints["carried"]), PursuitLaps([0] * n))
    deck = IncidentDeck(
        ints["incident_pack"],
        ints["pending"],
        position_field(d, "incident", int),
        [int(v) for v in position_field(d, "incident_step", list)],
        ints["dry"],
        ints["extra"],
        ints["ridden"],
        position_field(d, "draws_left", int),
    )
    s.incidents = _record(s.incidents, deck, IncidentDeck.fresh(n))


def _record(current: R | None, read: R, default: R) -> R | None:
    """The record read, for a way to play the game plays (``current`` is not None); else None,
    once sure the document holds the record as it stands when its way to play is off."""
    if current is not None:
        return read
    for f in fields(read):  # type: ignore[arg-type]
        if getattr(read, f.name) != getattr(default, f.name):
            raise RecordError(
                f"position.{f.name}", "belongs to a way to play this game does not play"
            )
    return None
