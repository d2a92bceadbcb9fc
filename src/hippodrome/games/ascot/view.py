"""Ascot's board as text, drawn from a seat's observation, and the static material the browser's
board will draw from (both training track and race course)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from hippodrome.engine.i18n import term
from hippodrome.engine.types import JSON, JSONObject
from hippodrome.games.ascot.board import BANKER, TRACK, ZONE
from hippodrome.games.ascot.material import material

M = material()

LABELS = {
    "en": {
        "phase": "Now: {phase}",
        "bank": "Bank: {money}",
        "seat": "{name}: {money}; hand: {hand}; owns: {owned}",
        "empty": "empty",
        "nothing": "nothing",
        "cards": "{n} cards",
        "one_card": "1 card",
        "training": "Training track (the square of each horse; 40 is its box): {horses}",
        "race": "Race course (lane.square): {horses}",
        "placed": "Past the post: {horses}",
        "auction": "Under the hammer: {card} (highest bid {money})",
        "no_bid": "Under the hammer: {card} (no bid yet)",
        "pool": "Totalisator: {tickets}",
        "at": "{horse} at {where}",
        "ticket": "{horse} for {money}",
    },
    "fr": {
        "phase": "En cours : {phase}",
        "bank": "Banque : {money}",
        "seat": "{name} : {money} ; main : {hand} ; possède : {owned}",
        "empty": "vide",
        "nothing": "rien",
        "cards": "{n} cartes",
        "one_card": "1 carte",
        "training": "Piste d'entraînement (case de chaque cheval ; 40 : au box) : {horses}",
        "race": "Champ de course (piste.case) : {horses}",
        "placed": "Poteau passé : {horses}",
        "auction": "Aux enchères : {card} (meilleure offre {money})",
        "no_bid": "Aux enchères : {card} (pas encore d'offre)",
        "pool": "Totalisateur : {tickets}",
        "at": "{horse} en {where}",
        "ticket": "{horse} pour {money}",
    },
}

ROLE_CARDS: tuple[tuple[str, str], ...] = (
    ("bookmaker", "ascot.role.bookmaker"),
    ("commissaire_du_club", "ascot.role.club_commissioner"),
)
"""The roles a business's card gives its holder once the card lies open before him (paid for
after the sale: `bought`), as long as it stays in play: the Bookmaker (*Les paris*, *Les prix*) and
the Club Commissioner (*Membres du Club*: the entrance fees are his), whose card leaves the game
before the race (*Préliminaires* 1°)."""
MARKET_PHASES = frozenset({"exchange", "discard", "auction"})
"""The phases in which the auctioneer acts: the sale of the dead pile (*Vente aux enchères*)."""


def seat_roles(obs: JSONObject) -> list[JSON]:
    """Each seat's roles as message keys (``ascot.role.banker``...), read from the observation's
    public fields only, so a seat learns nothing it did not see: the Banker is seat 0 (« L'un des
    joueurs est désigné Banquier », he keeps the Bank from the first to the last move); the
    auctioneer, once named, while the sale is on; the holders of the Bookmaker's and the Club
    Commissioner's open cards. The table's seats panel names them (docs/web.md, ``roles``)."""
    bought = obs["bought"]
    assert isinstance(bought, list)
    roles: list[list[str]] = [[] for _ in bought]
    roles[BANKER].append("ascot.role.banker")
    auctioneer = obs.get("auctioneer")
    if isinstance(auctioneer, int) and obs.get("phase") in MARKET_PHASES:
        roles[auctioneer].append("ascot.role.auctioneer")
    for seat, cards in enumerate(bought):
        assert isinstance(cards, list)
        roles[seat] += [key for card, key in ROLE_CARDS if card in cards]
    return list(roles)


PLACES = {
    "en": {"start": "the start", "post": "the post", "out": "out of the race"},
    "fr": {"start": "au départ", "post": "au poteau", "out": "hors course"},
}
"""Where a runner is when it is not on a square of the race course."""


def francs(amount: int, lang: str) -> str:
    """An amount in francs as the rulebook writes it (« 10.000 frs »; in English, « Frs 10,000 »)."""
    if lang == "fr":
        return f"{amount:,} frs".replace(",", ".")
    return f"Frs {amount:,}"


def render_text(obs: dict[str, Any], lang: str, names: Sequence[str]) -> str:
    """A few lines: the phase, each seat's money and cards, the sale, the horses on either board."""
    t = LABELS.get(lang, LABELS["en"])
    places = PLACES.get(lang, PLACES["en"])

    def card(card_id: str) -> str:
        return term("ascot", "card", card_id, lang)

    def horse(horse_id: str) -> str:
        return term("ascot", "horse", horse_id, lang)

    lines = [t["phase"].format(phase=term("ascot", "phase", obs["phase"], lang))]
    lines.append(t["bank"].format(money=francs(obs["bank"], lang)))
    for p, name in enumerate(names):
        hand = obs["hands"][p]
        if isinstance(hand, list):
            shown = ", ".join(card(c) for c in hand) or t["empty"]
        else:
            count = int(hand["cards"])
            shown = t["one_card"] if count == 1 else t["cards"].format(n=count)
        owned = ", ".join(card(c) for c in obs["bought"][p]) or t["nothing"]
        money = francs(obs["money"][p], lang)
        lines.append(t["seat"].format(name=name, money=money, hand=shown, owned=owned))
    auction = obs.get("auction")
    if auction:
        high = auction.get("high")
        if high:
            lines.append(t["auction"].format(card=card(auction["lot"]), money=francs(high, lang)))
        else:
            lines.append(t["no_bid"].format(card=card(auction["lot"])))
    if obs["squares"]:
        squares = ", ".join(
            f"{horse(h)} : {sq}" if lang == "fr" else f"{horse(h)}: {sq}"
            for h, sq in obs["squares"].items()
        )
        lines.append(t["training"].format(horses=squares))
    race = obs.get("race") or {}
    if race.get("at"):
        at = ", ".join(
            t["at"].format(horse=horse(h), where=places.get(w, w)) for h, w in race["at"].items()
        )
        lines.append(t["race"].format(horses=at))
    if race.get("placed"):
        lines.append(t["placed"].format(horses=", ".join(horse(h) for h in race["placed"])))
    if obs.get("totalisator"):
        tickets = ", ".join(
            t["ticket"].format(horse=horse(s["horses"][0]), money=francs(s["stake"], lang))
            for s in obs["totalisator"]
        )
        lines.append(t["pool"].format(tickets=tickets))
    return "\n".join(lines)


TURN_RADII = (3.0, 7.0)
"""The rail's radius of the course's two turns as drawn: the last turn wider than the first, so
that the home straight runs outside the starting straight instead of on it (the course turns a
full circle from the gate to the post)."""


def _shifted(points: list[list[float]], dx: float) -> list[list[float]]:
    return [[round(x + dx, 4), y] for x, y in points]


def _gate(geometry: JSONObject) -> list[JSONObject]:
    """The start squares (« les cases de départ »), drawn before the gate: horse n in the lane of
    its number (Départ: « dans le prolongement de son numéro »), nos. 1 to 6 in front and 7 to 12
    behind them (« les chevaux ayant les numéros de 7 à 12 peuvent passer par-dessus ceux placés
    devant eux »). The course starts heading right, so a start square is its lane's first square
    moved one or two lengths back."""
    cells = geometry["cells"]
    assert isinstance(cells, list)
    lanes = len(M.lanes)
    gate: list[JSONObject] = []
    for horse in range(1, 13):
        lane = (horse - 1) % lanes
        first = cells[TRACK.cell(lane, 0)]
        back = 1.0 if horse <= lanes else 2.0
        x, y = first["centre"]
        gate.append(
            {
                "horse": f"h{horse}",
                "lane": lane + 1,
                "points": _shifted(first["points"], -back),
                "centre": [round(x - back, 4), y],
            }
        )
    return gate


def _posts(geometry: JSONObject) -> JSONObject:
    """The last turn's post and the finishing post, each a line across the six lanes (from the
    rail to the outside), where the last turn begins and where the home straight ends."""
    cells = geometry["cells"]
    assert isinstance(cells, list)
    lanes = len(M.lanes)
    turn = [c for c in cells if c["segment"] == M.last_turn_segment and c["offset"] == 0]
    rail_turn = next(c for c in turn if c["lane"] == 0)
    outer_turn = next(c for c in turn if c["lane"] == lanes - 1)
    last = len(M.segments) - 1
    rail_end = cells[TRACK.cell(0, TRACK.lane_length(0) - 1)]
    outer_end = cells[TRACK.cell(lanes - 1, TRACK.lane_length(lanes - 1) - 1)]
    assert rail_end["segment"] == last
    return {
        "last_turn": [rail_turn["points"][0], outer_turn["points"][-1]],
        "finish": [rail_end["points"][1], outer_end["points"][2]],
    }


def board_data() -> JSONObject:
    """The static material: the race course's geometry and squares (with the start squares, the
    posts and the stretch where no horse changes lane), the training loop's squares, the cards,
    the reports, and the figures the board quotes (fees, bonuses, tickets)."""
    geometry = TRACK.geometry(inner_radius=TURN_RADII[0], turn_radii=TURN_RADII)
    gate = _gate(geometry)
    xs = [p[0] for g in gate for p in g["points"]]
    x0, y0, x1, y1 = geometry["bounds"]
    squares: list[JSONObject] = [
        {
            "n": s.n,
            "kind": s.kind,
            "header": s.header,
            "amount": s.amount,
            "back": s.back,
            "fr": s.fr,
            "en": s.en,
        }
        for s in sorted(M.squares.values(), key=lambda s: s.n)
    ]
    return {
        "race_course": geometry,
        "bounds": [min(x0, *xs), y0, x1, y1],
        "gate": gate,
        "posts": _posts(geometry),
        "no_lane_change": sorted(ZONE),
        "lanes": list(M.lanes),
        "inscriptions": {
            code: {"effect": i.effect, "fr": i.fr, "en": i.en} for code, i in M.inscriptions.items()
        },
        "training": {"length": M.training_length, "squares": squares},
        "cards": [
            {"id": c.id, "price": c.price, "colour": c.colour or None, "fr": c.fr, "en": c.en}
            for c in M.cards
        ],
        "horses": [
            {"id": f"h{n}", "colour": M.horse_colours[n - 1], "stable": M.stable_of_horse(n)}
            for n in range(1, 13)
        ],
        "reports": {
            deck: [
                {"effect": r.effect, "immunity": r.immunity or None, "fr": r.fr, "en": r.en}
                for r in reports
            ]
            for deck, reports in M.reports.items()
        },
        "colour_bonus": dict(M.colour_bonus),
        "entry_fee": M.entry_fee,
        "club_fee": M.club_fee,
        "tickets_per_horse": M.tickets_per_horse,
        "money_each": M.money_each,
    }
