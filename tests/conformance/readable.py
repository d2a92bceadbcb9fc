"""What a seat reads at the table, gathered from a whole game, and what must never be in it.

Used by ``test_player_texts.py`` (issue 33, point 4). :func:`read_game` plays one game with bots from a
fixed seed and yields every text a seat of the table can read, in English and in French, the way the
server makes it: each event as each seat and a spectator see it (``server.service.event_json``, the
``text`` of the ``state`` message), each legal move's label (``Game.action_json``), the warnings of a
seat's plans, the phase's name and the guided table's words about it, the refusals of moves that are
not legal now (``IllegalActionError.message``, as ``server.views.error_message`` sends them), and the
result screen's lines (``web/js/result.js``: the ranking basis, the parts and lines of the sheet).

:func:`unreadable` says what in one text a player should never read: the game's notation (every
move's notation as ``str(action)`` writes it, and each of its pieces that is no word: ``3j/Hb``,
``earl_grey``, ``h7``, ``R=0``), raw ids (``snake_case``, a ``?`` for a hidden card, a message key
with dots, an unfilled ``{param}``), a sum of money of five figures or more with its thousands not
grouped, and in French, English words a French player would notice; and the house style (issue 34,
point 4): money beside its currency with its thousands grouped, a capital opening every text and
sentence, « du », « au », « des », « aux » for « de le »…, a count's noun in the right number.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.resources import files
from typing import Any

from hippodrome.bots import RandomBot, make_bot
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import SeatView
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.events import Event
from hippodrome.engine.game import Game, State
from hippodrome.engine.i18n import LANGUAGES, catalog, grouped, register_catalog, render, texts
from hippodrome.engine.plan import plan_json
from hippodrome.engine.results import result_sheet
from hippodrome.engine.types import CHANCE, Player
from hippodrome.games import entry, load_game
from hippodrome.server.service import event_json

LABELS = 12
"""The labels read at one decision: all of them, or that many drawn among many (amounts)."""
NAMES = ("Anne", "Bruno", "Chloé", "Denis", "Émile", "Fanny", "Gaston", "Hélène")
"""The seats' names: words of neither language's notation."""

register_catalog("web", files("hippodrome") / "web" / "locale")  # the result screen's words


@dataclass(frozen=True, slots=True)
class Read:
    """One text a seat reads: where, in which language, and the text."""

    where: str
    lang: str
    text: str


# -- what a player never reads -------------------------------------------------------------------

SNAKE = re.compile(r"\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b")
"""An id written in ``snake_case`` (``commissaire_du_club``, ``earl_grey``)."""
HIDDEN = {
    "en": re.compile(r"(?:^|[\s(«\"'])\?"),
    "fr": re.compile(r"(?:^|[(«\"'])\?|\?(?=[.,;:)]|\s[a-z])"),
}
"""A ``?`` standing for something hidden (« Bot 2 is dealt ?. »), not a question's mark: in English
a question's mark follows its word; in French it follows a space, and ends its sentence."""
HIDDEN_TERM = re.compile(r"\((?:hidden|caché)\)")
"""The engine's word for a value hidden from the viewer, in place of the sentence that says what
was hidden (« Bruno reçoit (caché). »: « Bruno reçoit une carte. »)."""
DOTTED = re.compile(r"\b[a-z][a-z0-9_]*(?:\.[a-z][a-z0-9_]*)+\b")
"""A message key (``royal_turf.horse_moved``) or an attribute (``race.destinations``)."""
METAVARIABLE = re.compile(r"<[a-z][\w |.-]*>")
"""A notation's metavariable (``bet <token> <horse>``): how to type a move, not what to do."""
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
"""A template's parameter left unfilled."""
UNRENDERED = re.compile(r"[a-z_]\(\w+=")
"""A key the catalog lacks, shown with its parameters (``royal_turf.bet_placed(player=Anne)``)."""
UNGROUPED = re.compile(r"(?<![\d.,:/\-])\d{5,}(?![\d])")
"""A sum of five figures or more whose thousands are not grouped (``12000``; four figures may
stand alone, as « 4000 » does in French typography)."""
MONEY_UNGROUPED = re.compile(
    r"(?:\$|\bFrs\.?|\bfrs\.?)[\s\u00a0]?\d{4,}(?!\d)"
    r"|(?<![\d.,\u202f\u00a0])\d{4,}[\s\u00a0]?(?:\$|(?:frs|francs?|Frs|dollars?|pts|points?)\b)"
)
"""A sum of money of four figures or more beside its currency, its thousands not grouped
(``Frs 13500``, ``$131260``, « 12000 $ »): money is written grouped in both languages (issue 34)."""
_SMALL = "a-zàâäçéèêëîïôöùûüœæ"
LOWER_START = re.compile(r"^[^\w«“\"(]*[«“\"(]?\s*[" + _SMALL + "]")
"""A text opening with a small letter (« no. 2 is back in its box »)."""
LOWER_SENTENCE = re.compile(r"[.!?]\s+[" + _SMALL + "]")
"""A sentence within a text opening with a small letter (« A report. no. 2 is back »)."""
UNCONTRACTED = re.compile(
    r"(?<![\w'’])(?:[dD]e|[àÀ]) les?\b(?! [a-zàâçéèêëîïôûù]+(?:er|ir|re|oir)\b)"
)
"""« de le », « à le », « de les », « à les » before a noun: French contracts them (« du », « au »,
« des », « aux »). Before a verb, « le » is a pronoun and stays (« permet de le reprendre »)."""
_NOUNS = {
    "en": (
        "length|square|point|move|horse|card|token|bet|race|lap|step|ticket|player|seat|space|"
        "hurdle|lane|share|round|bid|report|furlong|turn|advantage|disadvantage|fence"
    ),
    "fr": (
        "longueur|case|point|coup|carte|jeton|pari|course|tour|ticket|joueur|siège|haie|couloir|"
        "part|rapport|enchère|avantage|désavantage|obstacle|manche|déplacement"
    ),
}
_COUNT = r"(?<![\d.,\u202f\u00a0/-])(?<!\b[nN]o\. )(?<![nN]° )(?<!\ba )(?<!\bthe )(?<!\bno )(\d+)[\s\u00a0]+"
"""A count: not a number's reference (« no. 1 moves », « n° 2 »), nor a count made an adjective
("a 2 token", "the 2 token", "no 2 token")."""
WRONG_PLURAL = {
    lang: (
        re.compile(_COUNT + r"(?:" + nouns + r")s\b"),
        re.compile(_COUNT + r"(?:" + nouns + r")(?![\w-])"),
    )
    for lang, nouns in _NOUNS.items()
}
"""A count with its noun in the wrong number: « 1 longueurs », "1 lengths", « 2 longueur »,
"3 square" (French takes the singular below 2, « 0 point »; English only for 1)."""


def wrong_plurals(shown: str, lang: str) -> list[str]:
    """The counts in ``shown`` whose noun is in the wrong number."""
    plural, singular = WRONG_PLURAL[lang]
    limit = 2 if lang == "fr" else 1  # the singular: below 2 in French, 1 alone in English

    def one(n: int) -> bool:
        return n < limit if lang == "fr" else n == limit

    found = [m[0] for m in plural.finditer(shown) if one(int(m[1]))]
    return found + [m[0] for m in singular.finditer(shown) if not one(int(m[1]))]


ENGLISH = re.compile(
    r"\b(?:the|and|of|with|from|your|you|player|players|seat|horse|horses|bid|bids|bet|bets|"
    r"betting|race|races|moves?|lengths?|squares?|dice|die|rolls?|card|cards|hand|deal|dealt|"
    r"takes|gives|gets|wins|pays|money|winner|hidden|none|nobody|round|lap|laps|hurdles?|"
    r"stake|odds|pass|passes|dead|bank|spread|is|are|has|his|her|its|to|into|for|by|at|no|yes|"
    r"win|show)\b",
    re.IGNORECASE,
)
"""English words a French player would notice. Words both languages write alike (« on », « but »,
« place », « points », « lot », « pile », « second », « total », « jockey ») are left out."""


@dataclass
class Notation:
    """A game's notation as a playout shows it: every move written, and the pieces of them that
    are no word of either language (an id, a card code, a lane and square)."""

    moves: set[str] = field(default_factory=set)
    pieces: set[str] = field(default_factory=set)

    PIECE = re.compile(r"_|/|=|:|\+|\d[A-Za-z]|[A-Za-z]\d|^-")
    """A piece of notation that no text writes: snake_case, a card code (``3j/Hb``), a horse or
    business id with digits (``h7``), a sign (``-v``)."""

    def add(self, action: Action) -> None:
        written = str(action)
        if " " in written or self.PIECE.search(written):
            self.moves.add(written)
        for piece in written.split()[1:]:
            if self.PIECE.search(piece):
                self.pieces.add(piece)
        self._pattern = None

    _pattern: re.Pattern[str] | None = None

    def found(self, shown: str) -> list[str]:
        """The moves and pieces of notation ``shown`` holds, each standing as a word of its own
        (not inside another word, not a colour letter of « j'ai »)."""
        if self._pattern is None:
            written = sorted(self.moves | self.pieces, key=len, reverse=True)
            if not written:
                return []
            either = "|".join(re.escape(w) for w in written)
            self._pattern = re.compile(r"(?<![\w'’/=+\-.])(?:" + either + r")(?![\w'’/=+\-])")
        return self._pattern.findall(shown)


def names_of(game_id: str) -> list[str]:
    """The game's proper names, written alike in both languages (horses, businesses, the game's
    title): a French text may hold « Earl Grey » or « Top Hat » without speaking English."""
    en, fr = catalog("en"), catalog("fr")
    prefix = f"{game_id}."
    found = {v for k, v in en.items() if k.startswith(prefix) and fr.get(k) == v and len(v) < 40}
    found |= set(entry(game_id).titles.values())
    return sorted(found, key=len, reverse=True)


def unreadable(
    shown: str,
    lang: str,
    notation: Notation,
    names: Sequence[str] = (),
    *,
    fragment: bool = False,
) -> list[str]:
    """What in ``shown`` a player should never read, each with the rule it breaks. A ``fragment``
    (a refusal's reason, « the hurdle cannot go… », which the page or the command line puts after
    its own words) may open with a small letter; a sentence within it may not."""
    found = [f"notation {n!r}" for n in notation.found(shown)]
    for rule, pattern in (
        ("snake_case id", SNAKE),
        ("? for a hidden thing", HIDDEN[lang]),
        ("hidden value", HIDDEN_TERM),
        ("dotted key", DOTTED),
        ("unfilled parameter", PLACEHOLDER),
        ("notation metavariable", METAVARIABLE),
        ("key without its text", UNRENDERED),
        ("thousands not grouped", UNGROUPED),
        ("money not grouped", MONEY_UNGROUPED),
        ("uncontracted article", UNCONTRACTED),
    ):
        found += [f"{rule} {m.strip()!r}" for m in pattern.findall(shown)]
    if LOWER_SENTENCE.search(shown) or (not fragment and LOWER_START.search(shown)):
        found.append(f"small letter opening a sentence {shown!r}")
    found += [f"wrong plural {m!r}" for m in wrong_plurals(shown, lang)]
    if lang == "fr":
        plain = shown
        for name in [*names, *NAMES]:
            plain = plain.replace(name, " ")
        found += [f"English word {w!r}" for w in ENGLISH.findall(plain)]
    return found


# -- what a seat reads ---------------------------------------------------------------------------


def _viewers(state: State) -> list[Player | None]:
    return [*range(state.game.num_players), None]


def _events(
    events: Sequence[Event], state: State, names: Sequence[str], where: str
) -> Iterator[Read]:
    for event in events:
        # A quiet event (one card dealt, told later with the whole hand) is read too: the log keeps
        # it out of sight, but its text is sent, and a replay or a board may show it.
        for viewer in _viewers(state):
            who = "a spectator" if viewer is None else f"seat {viewer}"
            for lang, shown in event_json(event.seen_by(viewer), names)["text"].items():
                yield Read(f"{where}, event {event.key} as {who}", lang, shown)
        for lang in LANGUAGES:  # the replay of a finished game tells every card
            yield Read(f"{where}, event {event.key} in full", lang, event.narrate(lang, names))


def _labels(
    game: Game[Any], actions: Sequence[Action], names: Sequence[str], where: str
) -> Iterator[Read]:
    for action in actions:
        for lang, label in game.action_json(action, names)["label"].items():
            yield Read(f"{where}, the label of {str(action)!r}", lang, label)


def _phase(game_id: str, state: State, seen: set[str], where: str) -> Iterator[Read]:
    phase = state.context().get("phase")
    if not isinstance(phase, str) or phase in seen:
        return
    seen.add(phase)
    for key in (f"{game_id}.phase.{phase}", f"{game_id}.guide.{phase}"):
        for lang in LANGUAGES:
            if key in catalog(lang):
                yield Read(f"{where}, {key}", lang, render(key, {}, lang, names=NAMES))


def _refusals(
    state: State,
    player: Player,
    tried: Sequence[Action],
    legal: Sequence[Action],
    *,
    where: str,
    names: Sequence[str],
) -> Iterator[Read]:
    """The refusals a seat gets for moves that are not legal now (moves of other times of the game,
    and a seat playing out of turn)."""
    others = [p for p in range(state.game.num_players) if p not in state.active_players()]
    attempts = [(player, a) for a in tried if a not in legal]
    if others and legal:
        attempts.append((others[0], legal[0]))
    for seat, wrong in attempts:
        try:
            state.clone().apply(wrong, seat)
        except IllegalActionError as exc:
            for lang in LANGUAGES:
                shown = render(exc.key, exc.params, lang, names=names)
                yield Read(f"{where}, refusing {str(wrong)!r} to seat {seat}", lang, shown)


def _result(game: Game[Any], state: State, names: Sequence[str], where: str) -> Iterator[Read]:
    """The result screen's words (web/js/result.js), each in both languages."""
    context = state.context()
    basis = context.get("ranking_basis") or "money"
    sheet = result_sheet(game, state.history)
    keys = [f"web.ranked_by.{basis}", f"web.result.change.{basis}", f"web.result.after.{basis}"]
    for section in sheet.get("sections", []):
        keys.append(f"web.result.part.{sheet.get('part')}")
        for line in section.get("lines", []):
            found = f"web.result.line.{line.get('line')}"
            keys.append(found if found in catalog("en") else "web.result.line.other")
            keys += [d["cause"] for d in line.get("detail", []) if d.get("cause")]  # on a tap
    for lang in LANGUAGES:
        for key in dict.fromkeys(keys):
            yield Read(f"{where}, the result screen's {key}", lang, render(key, {"n": 1}, lang))
        for seat, value in enumerate(context.get("standings") or []):
            # As the kit's formatNumber writes a standing (web/js/kit/money.js), thousands grouped.
            shown = grouped(value, lang) if isinstance(value, int) else str(value)
            yield Read(f"{where}, the result's standing of seat {seat}", lang, shown)


def read_game(
    game_id: str, options: Mapping[str, Any], seed: int, *, bot: str = "random"
) -> Iterator[Read]:
    """Play one game of ``game_id`` with ``options`` from ``seed`` (random bots, or the game's
    ``heuristic``) and yield every text a seat reads."""
    game = load_game(game_id, **options)
    bots = [
        RandomBot() if bot == "random" else make_bot(bot, game_id) for _ in range(game.num_players)
    ]
    names = NAMES[: game.num_players]
    rng = random.Random(seed)
    state = game.new_initial_state()
    pool: list[Action] = []
    phases: set[str] = set()
    head = f"{game_id} {dict(options)} seed {seed}"
    yield from _events(state.events, state, names, f"{head}, the start")
    limit = entry(game_id).max_length(game)
    step = 0
    while not state.is_terminal():
        where = f"{head}, action {step}"
        yield from _phase(game_id, state, phases, where)
        if state.is_chance_node():
            player: Player = CHANCE
            action = state.sample_chance(rng)
            yield from _labels(game, [action], names, where)
        else:
            acting = list(state.active_players())
            player = acting[0]
            legal = list(state.legal_actions(player))
            shown = legal if len(legal) <= LABELS else rng.sample(legal, LABELS)
            yield from _labels(game, shown, names, where)
            for plan in state.plans(player):
                told = plan_json(plan, lambda key, params: texts(key, params, names=names))
                warning = told.get("warning")
                if isinstance(warning, dict):
                    for lang, shown in warning["text"].items():
                        yield Read(f"{where}, a plan's warning", lang, shown)
            if step % 5 == 0:
                tried = rng.sample(pool, min(4, len(pool)))
                yield from _refusals(state, player, tried, legal, where=where, names=names)
            action = bots[player].choose(SeatView(state, player), rng)
            if action not in pool:
                pool.append(action)
        seen = len(state.events)
        state.apply(action, player)
        yield from _events(state.events[seen:], state, names, where)
        step += 1
        assert step <= limit, f"{head}: the game passed its bound of {limit} actions"
    yield from _result(game, state, names, head)


def notation_of(game_id: str, options: Mapping[str, Any], seed: int) -> Notation:
    """The notation of every move of a random game of ``game_id`` (the moves played, and every
    legal move offered on the way)."""
    game = load_game(game_id, **options)
    rng = random.Random(seed + 1000)
    state = game.new_initial_state()
    notation = Notation()
    limit = entry(game_id).max_length(game)
    for _ in range(limit):
        if state.is_terminal():
            break
        if state.is_chance_node():
            action = state.sample_chance(rng)
            notation.add(action)
            state.apply(action, CHANCE)
            continue
        player = state.active_players()[0]
        legal = list(state.legal_actions(player))
        for a in legal:
            notation.add(a)
        state.apply(rng.choice(legal), player)
    return notation
