"""The checklist of a playable game's pieces (``docs/adding-a-game.md``), as a function.

``missing_pieces(info)`` names every piece a game lacks, or has in a shape Hippodrome cannot use: one
line per problem, starting with the piece's name as the checklist writes it. Given the repository's
root, it also checks the pieces that live outside the package (the rules document under ``docs/rules/``,
the golden records, the scenario tests). ``tests/conformance/test_packages.py`` runs it over every
registered playable game, so a game with a piece missing fails a test that names the piece.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from hippodrome.engine.bot import SearchHooks
from hippodrome.engine.errors import NotationError
from hippodrome.engine.game import Game
from hippodrome.engine.i18n import LANGUAGES
from hippodrome.engine.registry import GameInfo
from hippodrome.engine.rulestext import render_rules

# The pieces, named as docs/adding-a-game.md names them.
MANIFEST = "manifest"
GAME_CLASS = "game class"
NOTATION = "action notation"
EVENT_TEXTS = "event texts (locale/<lang>.json)"
DATA_FILE = "material data file"
DATA_CHECK = "data check"
RULES_DOCUMENT = "rules document (rules.md)"
RULES_TEXTS = "rules texts (GameInfo.rules)"
HEURISTIC = "heuristic bot"
SEARCH_HOOKS = "search hooks"
SIMULATOR = "vectorised simulator"
BAD_NOTATION = "bad notation examples"
COMPILED = "compiled modules"
TEXT_VIEW = "text view"
BOARD_DATA = "board data"
BOARD_MODULE = "board module (web/board.js)"
BOARD_STYLE = "board stylesheet (web/board.css)"
BOARD_TEXTS = "board texts (web/locale/<lang>.json)"
CONFORMANCE = "conformance option sets"
GOLDEN_SPECS = "golden games"
DOCS_RULES = "rules document in docs/rules/<id>.md"
GOLDEN_RECORDS = "golden records (tests/golden/<id>/)"
SCENARIO_TESTS = "scenario tests (tests/games/<id>/)"


def missing_pieces(info: GameInfo, repo: Path | None = None) -> list[str]:
    """Every problem with the pieces of the playable game ``info``, each line naming its piece;
    empty when the game is complete. ``repo``: the repository's root, to check the pieces kept
    outside the package too."""
    problems: list[str] = []

    def need(piece: str, ok: bool, why: str) -> bool:
        if not ok:
            problems.append(f"{info.id}: {piece}: {why}")
        return ok

    _check_manifest(info, need)
    game = _check_game_class(info, need)
    if game is not None:
        _check_notation(game, need)
        _check_bad_notation(info, game, need)
    _check_texts(info, "locale", EVENT_TEXTS, None, need)
    folder = info.folder()
    data_files = [
        f for f in folder.iterdir() if f.is_file() and f.name.endswith((".toml", ".json"))
    ]
    need(DATA_FILE, bool(data_files), "no data file (.toml or .json) in the package")
    need(
        DATA_FILE,
        any("provenance" in f.read_text(encoding="utf-8") for f in data_files),
        "no data file says where its values come from (a `provenance` field)",
    )
    check = _resolved(info, "check_data", DATA_CHECK, need)
    if check is not None:
        found = check()
        need(DATA_CHECK, found == [], f"the data files are inconsistent: {found}")
    need(RULES_DOCUMENT, (folder / "rules.md").is_file(), "no rules.md in the package")
    _check_rules_texts(info, need)
    heuristic = _resolved(info, "heuristic", HEURISTIC, need)
    if heuristic is not None:
        need(HEURISTIC, _is_bot(heuristic), f"{heuristic!r} is not a bot class (Bot)")
    if info.pieces is not None and info.pieces.search is not None:
        hooks = _resolved(info, "search", SEARCH_HOOKS, need)
        if hooks is not None:
            need(SEARCH_HOOKS, isinstance(hooks, SearchHooks), f"{hooks!r} is not a SearchHooks")
    if info.pieces is not None and info.pieces.simulator is not None:
        _check_simulator(info, need)
    for module in info.compiled:
        found = (folder / f"{module}.py").is_file()
        need(COMPILED, found, f"{module!r} is no module of the package ({module}.py)")
    view = _resolved(info, "text_view", TEXT_VIEW, need)
    if view is not None and game is not None:
        drawn = view(game.new_initial_state().observation(0), "en", ["A"] * game.num_players)
        need(TEXT_VIEW, isinstance(drawn, str) and bool(drawn), "draws nothing")
    board = _resolved(info, "board_data", BOARD_DATA, need)
    if board is not None:
        data = board()
        need(BOARD_DATA, isinstance(data, dict) and _is_json(data), "is not a JSON object")
    need(BOARD_MODULE, info.web_file("board.js") is not None, "missing")
    need(BOARD_STYLE, info.web_file("board.css") is not None, "missing")
    _check_texts(info, "web/locale", BOARD_TEXTS, f"web.{info.id}.", need)
    if need(CONFORMANCE, bool(info.conformance), "the manifest lists none") and game is not None:
        for options in info.conformance:
            _loads(info, options, CONFORMANCE, need)
    if need(GOLDEN_SPECS, bool(info.golden), "the manifest lists none") and game is not None:
        for spec in info.golden:
            _loads(info, spec.options, GOLDEN_SPECS, need)
    if repo is not None:
        _check_repository(info, repo, need)
    return problems


Need = Callable[[str, bool, str], bool]


def _check_manifest(info: GameInfo, need: Need) -> None:
    for field in ("titles", "summary"):
        given = getattr(info, field)
        need(MANIFEST, all(given.get(lang) for lang in LANGUAGES), f"{field} not in {LANGUAGES}")
    need(MANIFEST, bool(info.seed), "no seed rulebook")
    need(MANIFEST, info.players is not None, "no players range")
    need(MANIFEST, info.traits is not None, "no traits")
    need(MANIFEST, info.pieces is not None, "no pieces")


def _check_game_class(info: GameInfo, need: Need) -> Game[Any] | None:
    cls = _resolved(info, "game", GAME_CLASS, need)
    if cls is None or not need(GAME_CLASS, _is_subclass(cls, Game), f"{cls!r} is not a Game"):
        return None
    need(GAME_CLASS, cls.id == info.id, f"its id is {cls.id!r}")
    need(
        GAME_CLASS,
        (cls.min_players, cls.max_players) == info.players,
        f"plays {cls.min_players} to {cls.max_players}, the manifest says {info.players}",
    )
    need(GAME_CLASS, dict(cls.titles) == dict(info.titles), "titles differ from the manifest's")
    game: Game[Any] = cls.from_options()
    return game


def _check_notation(game: Game[Any], need: Need) -> None:
    state = game.new_initial_state()
    if state.is_chance_node() or state.is_terminal():
        return
    for player in state.active_players():
        for action in state.legal_actions(player):
            text = str(action)
            need(NOTATION, str(game.parse_action(text)) == text, f"{text!r} does not read back")


def _check_bad_notation(info: GameInfo, game: Game[Any], need: Need) -> None:
    """At least one text a player might type that is no action, each refused by the parser with a
    ``NotationError`` (the conformance suite reads the refusal's hint in both languages)."""
    if not need(BAD_NOTATION, bool(info.bad_notation), "the manifest lists none"):
        return
    for typed in info.bad_notation:
        try:
            read = game.parse_action(typed)
        except NotationError:
            continue
        except Exception as exc:  # the parser must refuse in words, never crash
            need(BAD_NOTATION, False, f"{typed!r} raises {type(exc).__name__}, not NotationError")
            continue
        need(BAD_NOTATION, False, f"{typed!r} is read as the action {read!r}")


def _check_simulator(info: GameInfo, need: Need) -> None:
    """A declared odds method resolves to a function, unless the extra it needs is missing."""
    try:
        method = info.simulator()
    except (ImportError, AttributeError) as exc:
        need(
            SIMULATOR, False, f"{info.pieces and info.pieces.simulator!r} does not resolve ({exc})"
        )
        return
    need(SIMULATOR, method is None or callable(method), f"{method!r} is not a function")


def _check_rules_texts(info: GameInfo, need: Need) -> None:
    """Every rules text the site shows exists, and every help section names one of its headings."""
    rules = info.rules
    need(RULES_TEXTS, bool(rules.texts), "no text for the rules page")
    anchors: dict[str, set[str]] = {}
    for lang, name in rules.texts.items():
        path = info.folder() / name
        if need(RULES_TEXTS, path.is_file(), f"no {name} in the package"):
            text = path.read_text(encoding="utf-8")
            anchors[lang] = render_rules(text, hard_breaks=rules.is_rulebook(name)).anchors()
    document = info.folder() / "rules.md"
    if rules.for_programmers and document.is_file():
        headings = render_rules(document.read_text(encoding="utf-8")).anchors()
        unknown = sorted(a for a in rules.for_programmers if a not in headings)
        need(RULES_TEXTS, not unknown, f"sections for programmers name no heading: {unknown}")
    for lang, sections in rules.sections.items():
        written_in, _ = rules.file(lang)
        found = anchors.get(written_in)
        if found is None:
            continue
        unknown = sorted(a for a in set(sections.values()) if a not in found)
        need(RULES_TEXTS, not unknown, f"{lang} help sections name no heading: {unknown[:5]}")


def _check_texts(info: GameInfo, where: str, piece: str, prefix: str | None, need: Need) -> None:
    folder = info.folder().joinpath(*where.split("/"))
    keys: dict[str, set[str]] = {}
    for lang in LANGUAGES:
        path = folder / f"{lang}.json"
        if need(piece, path.is_file(), f"no {where}/{lang}.json"):
            keys[lang] = set(json.loads(path.read_text(encoding="utf-8")))
    if len(keys) == len(LANGUAGES):
        first, *others = LANGUAGES
        for lang in others:
            odd = sorted(keys[first] ^ keys[lang])
            need(piece, not odd, f"{first} and {lang} differ on {odd[:5]}")
        if prefix is not None:
            foreign = sorted(k for k in keys[first] if not k.startswith(prefix))
            need(piece, not foreign, f"keys outside {prefix}*: {foreign[:5]}")


def _check_repository(info: GameInfo, repo: Path, need: Need) -> None:
    doc = repo / "docs" / "rules" / f"{info.id}.md"
    package_doc = info.folder() / "rules.md"
    if need(DOCS_RULES, doc.is_file(), "missing") and package_doc.is_file():
        need(
            DOCS_RULES,
            doc.read_text(encoding="utf-8") == package_doc.read_text(encoding="utf-8"),
            "differs from the package's rules.md (keep the two copies identical)",
        )
    golden = repo / "tests" / "golden" / info.id
    for spec in info.golden:
        for name in (f"{spec.name}.json", f"{spec.name}.final.json"):
            need(GOLDEN_RECORDS, (golden / name).is_file(), f"no {name}: run `make golden`")
    scenarios = repo / "tests" / "games" / info.id
    need(
        SCENARIO_TESTS,
        scenarios.is_dir() and any(scenarios.glob("test_*.py")),
        "no test_*.py",
    )


def _resolved(info: GameInfo, piece: str, name: str, need: Need) -> Any:
    if info.pieces is None:
        return None
    try:
        return info.resolve(piece)
    except (ImportError, AttributeError) as exc:
        need(name, False, f"{getattr(info.pieces, piece)!r} does not resolve ({exc})")
        return None


def _loads(info: GameInfo, options: Mapping[str, object], piece: str, need: Need) -> None:
    try:
        info.game_class().from_options(**options)
    except ValueError as exc:
        need(piece, False, f"{options} is refused: {exc}")


def _is_bot(value: object) -> bool:
    """A class with what the ``Bot`` protocol asks for: a kind, a slowness and ``choose``."""
    if not isinstance(value, type):
        return False
    return all(hasattr(value, name) for name in ("kind", "slow")) and callable(
        getattr(value, "choose", None)
    )


def _is_subclass(value: object, base: type) -> bool:
    return isinstance(value, type) and issubclass(value, base)


def _is_json(value: object) -> bool:
    try:
        json.dumps(value)
    except (TypeError, ValueError):
        return False
    return True
