"""No engine notation or id in front of a player, in either language (issue 33, point 4).

Three checks. **A game read whole**: for every playable game and each of its conformance option
sets (the first alone in the fast tier, ``tests/suite.py``), a game is played from a fixed seed (by
random bots; in the full suite by the game's heuristic too), and everything a seat reads at the
table is read in English and in French (``readable.read_game``): every event as each seat and a
spectator see it (the ``text`` the server sends) and as a finished game's replay tells it, every
legal move's label, the warnings of plans, the phase's name and the guided table's words, the
refusals of moves that are not legal now, and the result screen's lines. **The rules help**: the
sections the table's help panel opens, as the server gives them to it. **The catalogs**: every text
of every catalog, reached by a game or not. Each text must be free of (``readable.unreadable``):

- the game's notation: a move as ``str(action)`` writes it (``donne 3j/Hb``, ``move othello``), a
  piece of it that is no word (``3j/Hb``, ``earl_grey``, ``h7``), a metavariable (``<horse>``);
- raw ids: ``snake_case`` words, a ``?`` or the engine's « (caché) » standing for a hidden card, a
  key with dots (``royal_turf.horse_moved``), an unfilled ``{param}``, a key shown with its
  parameters;
- sums of five figures or more with their thousands not grouped (``12000``);
- in French, English words a French player would notice (the game's proper names aside: horses
  and businesses called alike in both languages);
- the house style (issue 34, point 4): money of four figures or more beside its currency with its
  thousands grouped (``Frs 13500``, « 12000 $ »), a text or sentence opening with a small letter
  (« no. 2 is back in its box »), « de le », « à le », « de les », « à les », a count's noun in
  the wrong number (« 1 longueurs », "1 lengths", « 2 longueur »).

A failure names the game, the options and seed, where in the game, the language, the text and the
rule it breaks (the first text of each kind). The fast tier reads one game of each game in about a
second of processor each; the full suite every option set, in seconds each.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
import time
from pathlib import Path
from typing import Any

import pytest
from tests import suite
from tests.conformance.readable import (
    DOTTED,
    ENGLISH,
    METAVARIABLE,
    MONEY_UNGROUPED,
    SNAKE,
    UNCONTRACTED,
    Notation,
    names_of,
    notation_of,
    read_game,
    unreadable,
    wrong_plurals,
)

from hippodrome.engine.i18n import LANGUAGES
from hippodrome.games import entry, playable_ids

SEED = 7
MAX_SHOWN = 12
"""Failures listed in one assertion message (the first of each kind)."""


def _cases() -> list[Any]:
    params = []
    for game_id in playable_ids():
        for i, options in enumerate(suite.tier(entry(game_id).conformance_options())):
            params.append(pytest.param(game_id, options, id=f"{game_id}-{i}"))
    return params


FRAGMENT = re.compile(r", refusing |\.phase\.|\.item\.")
"""Where a text is a fragment that its page puts after its own words, and may open with a small
letter: a refusal's reason (« Refused: the hurdle cannot go… »), a phase's name (« Waiting for
Anne: the auction »), an item's name in a result's detail (« le cheval n° 1 »)."""


def check_game(game_id: str, options: dict[str, Any], bot: str) -> int:
    notation = notation_of(game_id, options, SEED)
    names = names_of(game_id)
    failures: dict[tuple[str, str], str] = {}
    read = 0
    seen: set[tuple[str, str]] = set()
    for text in read_game(game_id, options, SEED, bot=bot):
        read += 1
        if (text.lang, text.text) in seen:
            continue  # read already (the same event as another seat sees it)
        seen.add((text.lang, text.text))
        fragment = bool(FRAGMENT.search(text.where))
        for rule in unreadable(text.text, text.lang, notation, names, fragment=fragment):
            kind = (text.lang, rule)
            failures.setdefault(kind, f"[{text.lang}] {rule} in {text.text!r} ({text.where})")
    shown = list(failures.values())
    assert not shown, (
        f"{game_id} {options}: {len(shown)} kinds of text a player should not read:\n"
        + "\n".join(shown[:MAX_SHOWN])
    )
    return read


@pytest.mark.parametrize(("game_id", "options"), _cases())
def test_a_random_game_reads_without_notation_or_ids(game_id: str, options: dict[str, Any]) -> None:
    began = time.monotonic()
    read = check_game(game_id, options, "random")
    assert read > 100, f"{game_id}: only {read} texts read"
    assert time.monotonic() - began < 60, f"{game_id}: reading a game took over a minute"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", playable_ids())
def test_the_heuristic_s_game_reads_without_notation_or_ids(game_id: str) -> None:
    """The heuristic plays as a player would: other moves, other phases (a horse bought, a bet
    won) than the random bot reaches."""
    options = entry(game_id).conformance_options()[0]
    assert check_game(game_id, options, "heuristic") > 100


def test_the_checks_catch_what_they_are_meant_to_catch() -> None:
    """The detector on the issue's own examples, and on texts it must let pass."""
    notation = Notation()
    notation.moves |= {"roll head", "move othello", "donne R/3v"}
    notation.pieces |= {"R/3v", "3j/Hb", "earl_grey", "h7"}
    rt = ["Earl Grey", "Othello", "Royal Turf"]
    assert unreadable("Spread face up: R/3v R/4 3j/Hb.", "en", notation)
    assert unreadable("Étalées : R/3v, 3j/Hb.", "fr", notation)
    assert unreadable("Anne plays move othello", "en", notation)
    assert unreadable(
        "Player 1 gives bookmaker to the dead pile and takes commissaire_du_club", "en", notation
    )
    assert unreadable("Bot 2 is dealt ?.", "en", notation)
    assert unreadable("Bot 2 reçoit ?.", "fr", notation)
    assert unreadable("royal_turf.horse_moved", "en", notation)
    assert unreadable("Bruno reçoit (caché).", "fr", notation)
    assert unreadable("Le cheval {horse} avance", "fr", notation)
    assert unreadable(
        "the players are betting: place a token with bet <token> <horse>", "en", notation
    )
    assert unreadable("Enchérir à 12000 frs", "fr", notation)
    assert unreadable("Anne gagne la race", "fr", notation)
    assert unreadable("le cheval h7 avance", "fr", notation)
    assert not unreadable("Earl Grey avance de 3 cases ; Royal Turf", "fr", notation, rt)
    assert not unreadable("Anne propose une carte à Chloé : que me donnez-vous ?", "fr", notation)
    assert not unreadable("Bid Frs 12,000 on the second lot", "en", notation)
    assert not unreadable(
        "Enchérir à 12\u202f000 frs ; le second lot, à la place 3", "fr", notation
    )
    assert not unreadable("Anne bets 1 on Othello, a horse on square 4.21.", "en", notation)


@pytest.mark.parametrize(
    ("lang", "bad", "rule"),
    [
        ("en", "Anne pays Frs 13500 to the Bank.", "money not grouped"),
        ("en", "Anne has $131260.", "money not grouped"),
        ("fr", "Course 1 : 3/4 mile, une bourse de 12000 $.", "money not grouped"),
        ("fr", "Anne paie 13500 frs à la Banque.", "money not grouped"),
        ("en", "no. 2 is back in its box.", "small letter"),
        ("en", "A report is read. no. 2 is back in its box.", "small letter"),
        ("fr", "le n° 2 rentre dans son box.", "small letter"),
        ("fr", "Un Rapport de le Vétérinaire.", "uncontracted"),
        ("fr", "Anne donne une carte à le mort.", "uncontracted"),
        ("fr", "Les paris de les joueurs.", "uncontracted"),
        ("fr", "Anne parle à les joueurs.", "uncontracted"),
        ("fr", "Anne avance le n° 9 de 1 longueurs.", "wrong plural"),
        ("fr", "Anne avance le n° 9 de 2 longueur.", "wrong plural"),
        ("en", "Anne moves no. 5 1 lengths.", "wrong plural"),
        ("en", "Anne moves no. 5 3 length.", "wrong plural"),
    ],
)
def test_the_house_style_checks_catch_a_bad_sample(lang: str, bad: str, rule: str) -> None:
    """Each check of the house style (issue 34) fails on a text that breaks it."""
    found = unreadable(bad, lang, Notation())
    assert any(f.startswith(rule) for f in found), (bad, found)


def test_the_house_style_lets_good_texts_pass() -> None:
    """The same texts written in the house style pass: grouped money, capitals, contractions, a
    count's noun in its number (French: 0 and 1 singular), a number's reference (« no. 1 moves »)."""
    for lang, good in (
        ("en", "Anne pays Frs 13,500 to the Bank. No. 2 is back in its box."),
        ("en", "Anne moves no. 5 1 length; the die is for no. 2: no. 1 moves first."),
        ("en", "Anne has $131,260 and puts a 2 token on Caramello: 0 lengths, 2 lengths."),
        ("fr", "Course 1 : 3/4 mile, une bourse de 12\u202f000 $. Le n° 2 rentre dans son box."),
        ("fr", "Un Rapport du Vétérinaire ; Anne donne une carte au mort, aux joueurs."),
        ("fr", "Anne avance le n° 9 de 1 longueur, puis de 0 longueur, puis de 2 longueurs."),
        ("fr", "Anne paie 4\u202f000 frs, sur 1\u202f000 points."),
    ):
        assert not unreadable(good, lang, Notation()), (good, unreadable(good, lang, Notation()))
    reason = "the hurdle cannot go there: it stands on a straight"  # a refusal, after "Refused: "
    assert not unreadable(reason, "en", Notation(), fragment=True)
    assert unreadable(reason, "en", Notation())
    assert unreadable("the hurdle cannot go there. it falls", "en", Notation(), fragment=True)


@pytest.mark.parametrize("game_id", playable_ids())
def test_the_notation_of_a_game_is_known_to_the_check(game_id: str) -> None:
    """The check knows each game's notation: moves written with more than a word."""
    notation = notation_of(game_id, entry(game_id).conformance_options()[0], SEED)
    assert notation.moves, f"{game_id}: no notation gathered"


# -- the rules help at the table ---------------------------------------------------------------


def help_sections(game_id: str, lang: str) -> tuple[bool, dict[str, str]]:
    """Each section the table's help panel opens for ``game_id`` in ``lang`` (by its anchor), as
    the page shows it: the text of the server's answer to the help's question (``?text=players``),
    from the heading to the next heading of its level or above, code spans marked; and whether the
    text is the original rulebook."""
    from hippodrome.server.routes.rules import rules_text  # noqa: PLC0415 (the server's extra)

    page = asyncio.run(rules_text(game_id, lang, "players"))
    found: dict[str, str] = {}
    for anchor in sorted(set(page.phases.values())):
        head = re.search(r'<h(\d) id="' + re.escape(anchor) + r'">', page.html)
        assert head is not None, f"{game_id} {lang}: the help opens {anchor!r}, not in its text"
        rest = page.html[head.end() :]
        end = re.search(r"<h[1-" + head.group(1) + r"][ >]", rest)
        body = rest[: end.start()] if end else rest
        body = re.sub(r"<code>(.*?)</code>", r"`\1`", body)
        found[anchor] = html.unescape(re.sub(r"<[^>]+>", " ", body))
    return page.rulebook, found


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game_id", playable_ids())
def test_the_rules_help_reads_without_notation(game_id: str, lang: str) -> None:
    """The sections the help panel opens are the rulebook's own words, or the rules in players'
    words (``help.<lang>.md``), never the developers' document with its notation: no code span, no
    move of the game's notation, no id. The rulebook is quoted word for word: its own misprints
    (« les.deux »), addresses and figures stay as printed."""
    notation = notation_of(game_id, entry(game_id).conformance_options()[0], SEED)
    names = names_of(game_id)
    rulebook, sections = help_sections(game_id, lang)
    for anchor, shown in sections.items():
        spans = re.findall(r"`[^`]+`", shown)
        assert not spans, f"{game_id} {lang}, the help's section {anchor}: notation {spans}"
        bad = [
            b
            for b in unreadable(shown, lang, notation, names)
            if not b.startswith(("English", "small letter", "wrong plural"))
        ]  # the house style of the log's sentences; a rules page writes lists, and verbs
        if rulebook:
            bad = [b for b in bad if b.startswith(("notation", "snake_case"))]
        assert not bad, f"{game_id} {lang}, the help's section {anchor}: {bad}"


# -- every text of the catalogs, reached by play or not ----------------------------------------

HOW_TO_TYPE = re.compile(r"\.hint\.|^error\.notation|^cli\.|\.notation\.|\.usage")
"""The texts about typing the notation (a notation error's hint, the command line's help): they
name the notation on purpose."""
SRC = Path(__file__).resolve().parents[2] / "src" / "hippodrome"
FRENCH = re.compile(r"\b(?:écarts?|avants?|longueurs?|couloirs?|de biais)\b", re.IGNORECASE)
"""French words of the games an English player would not know (« an écart to the side »: a
sideways step, as the English rules say); a word glossed in brackets, « a sideways step (écart) », is
the rules' own name for it and stays."""


def catalog_folders() -> list[Path]:
    return sorted({p.parent for p in SRC.rglob("locale/en.json")})


@pytest.mark.parametrize("folder", catalog_folders(), ids=lambda p: str(p.relative_to(SRC)))
def test_no_catalog_text_holds_notation_or_english_in_french(folder: Path) -> None:
    """Every text a catalog holds, whether a game reaches it or not (a refusal of a rare move, a
    board's word): no notation's metavariable (``bet <token> <horse>``), no id, no English in the
    French nor the games' French words in the English, and the house style of what the catalog
    writes itself (money grouped, « du » for « de le », a count's noun in its number). The texts about typing the notation (``HOW_TO_TYPE``) are left out."""
    titles = [t for info in map(entry, playable_ids()) for t in info.titles.values()]
    found = []
    for lang in LANGUAGES:
        texts = json.loads((folder / f"{lang}.json").read_text(encoding="utf-8"))
        for key, text in texts.items():
            if HOW_TO_TYPE.search(key):
                continue
            plain = re.sub(r"\{[^}]*\}", " ", text)
            bad = [f"metavariable {m}" for m in METAVARIABLE.findall(plain)]
            bad += [f"id {m}" for m in SNAKE.findall(plain) + DOTTED.findall(plain)]
            bad += [f"money not grouped {m}" for m in MONEY_UNGROUPED.findall(plain)]
            bad += [f"uncontracted article {m}" for m in UNCONTRACTED.findall(plain)]
            bad += [f"wrong plural {m}" for m in wrong_plurals(plain, lang)]
            if lang == "en":
                glossed = re.sub(
                    r"\((?:un |une |an |a )?\w+\)", " ", plain
                )  # « a sideways step (écart) »
                bad += [f"French word {w!r}" for w in FRENCH.findall(glossed)]
            if lang == "fr":
                for title in titles:
                    plain = plain.replace(title, " ")
                bad += [f"English word {w!r}" for w in ENGLISH.findall(plain)]
            found += [f"{lang} {key}: {b} in {text!r}" for b in bad]
    assert not found, "\n".join(found)
