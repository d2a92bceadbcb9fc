"""Every text a player reads exists in both languages and never shows a raw message key.

Two halves. The static half walks every message the code can name: each event's key and the variant
keys its ``message`` may choose, and every message key written in the source (refusals, phases, terms,
the command's own texts); each must be in the English and the French catalogs, and both catalogs of
a folder hold the same keys. The dynamic half plays games of every playable game with random bots and
reads everything a player would: the narration as each seat, a spectator and a finished replay see
it (through the CLI's narrator and the server's event texts), the text view of each seat, the
labels of the legal moves, the refusals of moves that are not legal, and the whole CLI output of a
game and of a replay, in both languages. Nothing read may look like a message key
(``royal_steeple_chase.phase.horses``), a key rendered without its catalog (``key(param=…)``) or an
unfilled placeholder (``{horse}``); the French may not carry English words a player would notice.
"""

from __future__ import annotations

import ast
import importlib
import json
import random
import re
from collections.abc import Iterator, Mapping, Sequence
from importlib.resources import files
from pathlib import Path
from typing import Any

import pytest
from tests import suite

from hippodrome.bots.base import RandomBot
from hippodrome.bots.match import play_match
from hippodrome.cli import main
from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError, NotationError
from hippodrome.engine.events import Event
from hippodrome.engine.game import State
from hippodrome.engine.i18n import LANGUAGES, catalog, register_catalog
from hippodrome.engine.types import CHANCE, Player
from hippodrome.games import entry, load_game, playable_ids
from hippodrome.server.service import event_json

SRC = Path(__file__).resolve().parents[2] / "src" / "hippodrome"
GAMES = playable_ids()
NAMESPACES = ("error", "auction", "pool", "term", "cli", "web", *GAMES)
NAMES = ("Anne", "Bruno", "Chloé", "Denis", "Émile", "Fanny", "Gaston")

RAW_KEY = re.compile(r"\b(?:" + "|".join(NAMESPACES) + r")\.[a-z0-9_]+(?:\.[a-z0-9_]+)*")
UNRENDERED = re.compile(r"[a-z_]\(\w+=")
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*\}")
ENGLISH = re.compile(
    r"\b(?:the|your|you|seat|money|score|horse|square|squares|hurdles?|finished|nobody|none|"
    r"placed|round|lap|laps|bets?|deal|dealer|chips|winner|winners|result|move|points? left)\b",
    re.IGNORECASE,
)
"""English words a French player would notice (names and notation are chosen to avoid them)."""

# The page's own texts (``web.*``), as the server registers them: some reach the page through the
# API from the Python source (the bots' level names in /api/games).
register_catalog("web", files("hippodrome") / "web" / "locale")


def unreadable(shown: str, lang: str) -> list[str]:
    """What in ``shown`` a player should never read."""
    found = RAW_KEY.findall(shown) + UNRENDERED.findall(shown) + PLACEHOLDER.findall(shown)
    if lang == "fr":
        found += ENGLISH.findall(shown)
    return found


def check(shown: str, lang: str, where: str) -> None:
    bad = unreadable(shown, lang)
    assert not bad, f"{where}: {lang} text shows {bad}: {shown!r}"


# -- the static half ---------------------------------------------------------------------------


def catalog_folders() -> list[Path]:
    return sorted({p.parent for p in SRC.rglob("locale/en.json")})


def read(folder: Path, lang: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
    return data


@pytest.mark.parametrize("folder", catalog_folders(), ids=lambda p: str(p.relative_to(SRC)))
def test_both_languages_of_a_catalog_hold_the_same_keys(folder: Path) -> None:
    en, fr = read(folder, "en"), read(folder, "fr")
    assert sorted(set(en) - set(fr)) == [], f"{folder}: English texts without a French one"
    assert sorted(set(fr) - set(en)) == [], f"{folder}: French texts without an English one"
    for key in en:
        fields_en = set(PLACEHOLDER.findall(en[key]))
        fields_fr = set(PLACEHOLDER.findall(fr[key]))
        assert fields_en == fields_fr, f"{key}: {fields_en} in English, {fields_fr} in French"


def event_classes(*modules: str) -> Iterator[type[Event]]:
    """Every event class defined in ``modules`` or below them (imported first)."""
    for module in modules:
        importlib.import_module(module)
    todo = list(Event.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        if any(cls.__module__ == m or cls.__module__.startswith(f"{m}.") for m in modules):
            yield cls


def untold_event_keys(classes: list[type[Event]]) -> list[str]:
    """The event keys and variant keys of ``classes`` that a catalog lacks."""
    missing = []
    for cls in classes:
        if cls.key == Event.key:  # an abstract base (``PaidToPlayer``), no event of its own
            continue
        for key in (cls.key, *(f"{cls.key}_{v}" for v in cls.variants)):
            missing += [
                f"{lang}: {key} ({cls.__name__})" for lang in LANGUAGES if key not in catalog(lang)
            ]
    return missing


def test_every_event_key_of_the_engine_and_its_variants_are_in_both_catalogs() -> None:
    engine = (
        "hippodrome.engine.events",
        "hippodrome.engine.auction_events",
        "hippodrome.engine.pool_events",
    )
    classes = list(event_classes(*engine))
    assert classes, "the engine's events were not found"
    missing = untold_event_keys(classes)
    assert not missing, missing


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_key_of_a_game_and_its_variants_are_in_both_catalogs(game_id: str) -> None:
    """A game's events, wherever its package keeps them (its rules import them all)."""
    info = entry(game_id)
    info.game_class()
    classes = list(event_classes(info.package))
    assert classes, f"{game_id}: no event class found in {info.package}"
    missing = untold_event_keys(classes)
    assert not missing, f"{game_id}: {missing}"


def source_keys() -> Iterator[tuple[str, str]]:
    """Every string constant of the source written like a message key, with where it is."""
    shape = re.compile(r"^(?:" + "|".join(NAMESPACES) + r")\.[a-z0-9_.]*[a-z0-9_]$")
    for path in sorted(SRC.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                continue
            if shape.match(node.value):
                yield node.value, f"{path.relative_to(SRC)}:{node.lineno}"


def test_every_message_key_written_in_the_source_is_in_both_catalogs() -> None:
    """A key constant is a message, or the prefix of messages (``royal_steeple_chase.refused``
    before ``.not_now``)."""
    keys = list(source_keys())
    assert any(k == "error.notation" for k, _ in keys), "the source was not read"
    for lang in LANGUAGES:
        texts = catalog(lang)
        missing = [
            f"{key} ({where})"
            for key, where in keys
            if key not in texts and not any(k.startswith(key + ".") for k in texts)
        ]
        assert not missing, f"no {lang} text for {missing}"


# -- the dynamic half --------------------------------------------------------------------------


def untermed(key: str, params: dict[str, Any], kinds: Mapping[str, str]) -> list[str]:
    """The parameters of a message whose kind has terms in the catalog (a horse, a phase) but whose
    value has none: they would show as a bare id (« les chevaux bleu et 3 »)."""
    namespace = key.split(".", 1)[0]
    texts = catalog("en")
    found = []
    for param, value in params.items():
        values = value if isinstance(value, list) else [value]
        single = param[:-1] if isinstance(value, list) and param.endswith("s") else param
        kind = kinds.get(param, single)
        if kind == "player" or param in ("player", "players") or isinstance(value, dict):
            continue
        prefix = f"{namespace}.{kind}."
        if not any(k.startswith(prefix) for k in texts):
            continue
        found += [
            f"{param}={v}" for v in values if v not in (None, "?") and prefix + str(v) not in texts
        ]
    return found


def cases() -> list[Any]:
    found = []
    for game_id in GAMES:
        for i, options in enumerate(suite.tier(entry(game_id).conformance_options())):
            found.append(pytest.param(game_id, options, id=f"{game_id}-{i}"))
    return found


def viewers(state: State) -> list[Player | None]:
    return [*range(state.game.num_players), None]


def movers(state: State) -> list[Player]:
    return [CHANCE] if state.is_chance_node() else list(state.active_players())


def read_everything(game_id: str, options: dict[str, Any], seed: int) -> int:
    """Play one random game, reading every text as the players would; how many texts were read."""
    game = load_game(game_id, **options)
    final = play_match(game, [RandomBot() for _ in range(game.num_players)], seed=seed)
    names = NAMES[: game.num_players]
    view = entry(game_id).text_view()
    rng = random.Random(seed)
    pool: list[Action] = []
    state = game.new_initial_state()
    read = 0

    def narrate(events: Sequence[Event], where: str) -> None:
        nonlocal read
        for event in events:
            if event.quiet:
                assert event_json(event, names)["quiet"], f"{where}: {event.key} is told"
                continue  # never shown: its summary is
            for viewer in viewers(state):
                seen = event.seen_by(viewer)
                key, params = seen.message()
                bare = untermed(key, params, seen.terms)
                assert not bare, f"{where}: {key} shows {bare} without their terms"
                for lang, shown in event_json(seen, names)["text"].items():
                    check(shown, lang, f"{where}, {event.key} seen by {viewer}")
                    read += 1
            for lang in LANGUAGES:  # a finished game's replay tells every card
                check(event.narrate(lang, names), lang, f"{where}, {event.key} in full")

    narrate(state.events, f"{game_id} seed {seed}, the start")
    for i, (player, action) in enumerate(final.history):
        where = f"{game_id} {options} seed {seed}, action {i}"
        legal = list(state.legal_actions(player))
        for other in legal if player != CHANCE else legal[:3]:
            key, params = other.label_message()
            bare = untermed(f"{game_id}.action.{key}", params, other.terms)
            assert not bare, f"{where}: the label of {other} shows {bare} without their terms"
            for lang, label in game.action_json(other, names)["label"].items():
                check(label, lang, f"{where}, the label of {other}")
                read += 1
        if i % 7 == 0:
            for viewer in viewers(state):
                observation = state.observation(viewer)
                for lang in LANGUAGES:
                    check(view(observation, lang, names), lang, f"{where}, {viewer}'s view")
            if player != CHANCE:
                tried = [a for a in rng.sample(pool, min(6, len(pool))) if a not in legal]
                for wrong in tried:
                    try:
                        state.clone().apply(wrong, player)
                    except IllegalActionError as exc:
                        for lang in LANGUAGES:  # the move as typed may be quoted as it is
                            shown = exc.message(lang).replace(str(wrong), "«…»")
                            check(shown, lang, f"{where}, refusing {wrong}")
                            read += 1
        if player != CHANCE and action not in pool:
            pool.append(action)
        told = len(state.events)
        state.apply(action, player)
        narrate(state.events[told:], where)
    assert state.is_terminal(), f"{game_id} seed {seed}: the game did not end"
    return read


@pytest.mark.parametrize(("game_id", "options"), cases())
def test_a_random_game_reads_in_both_languages_without_a_raw_key(
    game_id: str, options: dict[str, Any]
) -> None:
    read = sum(read_everything(game_id, options, seed) for seed in suite.tier([1, 2]))
    assert read > 100, f"{game_id}: only {read} texts read"


@pytest.mark.parametrize("game_id", GAMES)
def test_a_notation_error_gives_its_hint_in_the_reader_s_language(game_id: str) -> None:
    """« hints … stay English in --lang fr »: the hint is a message of its own, told in French to
    a French reader. The notation's own words (``bet``, ``hurdle``) are the game's, not English.
    What is typed comes from the game's manifest (``GameInfo.bad_notation``)."""
    game = load_game(game_id)
    typos = entry(game_id).bad_notation
    assert typos, f"{game_id}: its manifest lists no bad_notation to try"
    for typed in typos:
        with pytest.raises(NotationError) as refused:
            game.parse_action(typed)
        en, fr = refused.value.message("en"), refused.value.message("fr")
        assert en != fr and "«" in fr, (typed, en, fr)
        for lang, shown in (("en", en), ("fr", fr)):
            assert not RAW_KEY.findall(shown) + PLACEHOLDER.findall(shown), (lang, shown)
            assert not UNRENDERED.findall(shown), (lang, shown)


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    try:
        main(argv)
    except SystemExit as exc:
        assert not exc.code, capsys.readouterr()
    out = capsys.readouterr()
    return out.out + out.err


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_command_plays_and_replays_without_a_raw_key(
    game_id: str, lang: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """A bots' game at the terminal, then the replay of every golden record of the game, read
    whole: narration, result table, headings."""
    seats = ["--seat", "random"] * 3
    names = [arg for name in NAMES[:3] for arg in ("--name", name)]
    shown = run(["play", game_id, *seats, *names, "--seed", "5", "--lang", lang], capsys)
    for line in shown.splitlines():
        check(line, lang, f"play {game_id}")
    records = sorted((suite.repository(game_id) / "tests" / "golden" / game_id).glob("*.json"))
    records = [r for r in records if not r.name.endswith(".final.json")]
    assert records, f"no golden record of {game_id}"
    for record in suite.tier(records):  # the first alone in the fast tier
        shown = run(["replay", str(record), "--lang", lang], capsys)
        names_in_record = [s["name"] for s in json.loads(record.read_text())["seats"]]
        for line in shown.splitlines():
            if re.match(r"\s*\d+ ", line):
                continue  # the move as the record writes it, in the game's notation
            told = line
            for name in names_in_record:  # the records' seats are named after bot kinds
                told = told.replace(name, "X")
            check(told, lang, f"replay {record.name}")


def test_the_checks_catch_what_they_are_meant_to_catch() -> None:
    """The detector itself: a raw key, an unrendered message, a placeholder, English in French."""
    assert unreadable("Hors de royal_steeple_chase.phase.horses", "fr")
    assert unreadable("royal_turf.bet_placed(player=Anne)", "en")
    assert unreadable("Le cheval {horse} avance", "fr")
    assert unreadable("Anne, your move>", "fr")
    assert not unreadable("Le cheval rouge franchit la ligne et arrive 1er !", "fr")
    assert not unreadable("Rivière 4.21 4.22 · haies 4.11 4.32", "fr")


def test_a_move_out_of_its_phase_is_refused_naming_the_phase_in_words() -> None:
    """The issue's example: playing a card while the horses are given showed
    ``royal_steeple_chase.phase.horses``; the refusal names the phase as a player says it."""
    game = load_game("royal_steeple_chase", players=4)
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_chance_node():
        state.apply(state.sample_chance(rng), CHANCE)
    assert state.observation(None)["phase"] == "horses"
    seat = state.active_players()[0]
    card = state.observation(seat)["hand"][0]
    with pytest.raises(IllegalActionError) as refused:
        state.apply(game.parse_action(f"joue {card}"), seat)
    assert "l'attribution des chevaux" in refused.value.message("fr")
    assert "the allotment of the horses" in refused.value.message("en")
    for lang in LANGUAGES:
        check(refused.value.message(lang).replace(f"joue {card}", "«…»"), lang, "the refusal")
