"""Every franc on the result screen is on a line a player understands (issue 34, point 2).

« every result line broken down into its causes »: the sheet of a finished game
(``hippodrome.engine.results``) adds the money each event moves on the line the event declares
(``Event.ledger``, ``Event.ledger_entries``). An event that declares none lands on « Other
payments », which tells a player nothing (Win, Place & Show's "Other payments −2000" per race,
Ascot's "Other payments −135000"). So, for every registered game:

- **every event class that moves money declares its line** (read from the classes, so an event no
  played game reaches is held to it too), and that line has its name in both languages
  (``web.result.line.<line>`` in the web catalogs); no game keeps an "other" line: no payment of
  any game is truly miscellaneous;
- **played games** (random bots at each conformance option set, the heuristic at the defaults): no line of the sheet
  is "other" or unnamed in either language; each event's lines add up to the money it moves; a line
  broken down into causes (``detail``, shown on a tap) adds up to its causes, and each cause is a
  text of the catalogs in both languages.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
from collections.abc import Iterator
from importlib.resources import files
from typing import Any

import pytest
from tests import suite

from hippodrome.bots import make_bot, play_match
from hippodrome.engine.events import Event
from hippodrome.engine.game import State
from hippodrome.engine.i18n import LANGUAGES, catalog
from hippodrome.engine.results import result_sheet
from hippodrome.games import entry, load_game, playable_ids

WEB = {
    lang: json.loads((files("hippodrome") / "web" / "locale" / f"{lang}.json").read_text("utf-8"))
    for lang in LANGUAGES
}
"""The web catalogs, where the result screen's words are (web/js/result.js)."""

ALLOWED_OTHER: frozenset[str] = frozenset()
"""Event classes whose money may stay on « Other payments »: none."""


def _named(key: str, lang: str) -> bool:
    return key in WEB[lang] or key in catalog(lang)


def _line_named(line: str) -> bool:
    return (
        bool(line)
        and line != "other"
        and all(_named(f"web.result.line.{line}", lang) for lang in LANGUAGES)
    )


def _subclasses(klass: type) -> Iterator[type]:
    subs: list[type] = klass.__subclasses__()
    for sub in subs:
        yield sub
        yield from _subclasses(sub)


def _declares(klass: type, name: str) -> bool:
    """Whether ``klass`` or a base of it below ``Event`` defines ``name`` itself."""
    below = klass.__mro__[: klass.__mro__.index(Event)]
    return any(name in vars(base) for base in below)


def _money_events(game_id: str) -> list[type]:
    """The event classes of ``game_id``'s package and the engine's shared ones (a sale, a pool) that
    move money."""
    package = importlib.import_module(entry(game_id).game_class().__module__.rsplit(".", 1)[0])
    for module in pkgutil.iter_modules(package.__path__, f"{package.__name__}."):
        if module.name.endswith("events"):
            importlib.import_module(module.name)
    for shared in ("auction_events", "pool_events"):
        importlib.import_module(f"hippodrome.engine.{shared}")
    owners = (
        f"{package.__name__}.",
        "hippodrome.engine.auction_events",
        "hippodrome.engine.pool_events",
    )
    return sorted(
        {
            klass
            for klass in _subclasses(Event)
            if klass.__module__.startswith(owners) and _declares(klass, "money_changes")
        },
        key=lambda k: (k.__module__, k.__name__),
    )


@pytest.mark.parametrize("game_id", playable_ids())
def test_every_event_that_moves_money_declares_a_named_line(game_id: str) -> None:
    classes = _money_events(game_id)
    assert classes, "the event classes were not found"
    unnamed = [
        f"{k.__module__}.{k.__name__} (ledger {k.ledger!r})"  # type: ignore[attr-defined]
        for k in classes
        if k.__name__ not in ALLOWED_OTHER
        and not _declares(k, "ledger_entries")
        and not _line_named(k.ledger)  # type: ignore[attr-defined]
    ]
    assert not unnamed, f"money on no line a player can read (« Other payments »): {unnamed}"


def _cases() -> list[Any]:
    params = []
    for game_id in playable_ids():
        option_sets: list[dict[str, Any]] = [{}]
        option_sets += [o for o in entry(game_id).conformance_options() if o]
        for i, options in enumerate(suite.tier(option_sets)):
            # Random bots reach odd corners (forced sales, rejected claims); the heuristic plays a
            # whole game as players do (the races, the bets), at the default options.
            for bot in ("random", "heuristic") if i == 0 else ("random",):
                params.append(pytest.param(game_id, options, bot, id=f"{game_id}-{i}-{bot}"))
    return params


@pytest.mark.parametrize(("game_id", "options", "bot"), _cases())
def test_a_played_game_s_sheet_says_where_every_franc_went(
    game_id: str, options: dict[str, Any], bot: str
) -> None:
    game = load_game(game_id, **options)
    where = f"{game_id} {options or 'default options'}, {bot} bots"
    faults: list[str] = []

    def check(state: State, events: list[Event]) -> None:
        for event in events:
            moved: dict[int, int] = {}
            for line, _, changes in event.ledger_entries():
                if any(changes.values()) and not _line_named(line):
                    faults.append(f"{type(event).__name__} puts money on the line {line!r}")
                for seat, amount in changes.items():
                    moved[seat] = moved.get(seat, 0) + amount
            expected = {s: a for s, a in event.money_changes().items() if a}
            if {s: a for s, a in moved.items() if a} != expected:
                faults.append(
                    f"{type(event).__name__}'s lines {moved} are not its money {expected}"
                )

    seats = [make_bot(bot, game_id) for _ in range(game.num_players)]
    state = play_match(game, seats, seed=7, on_events=check)
    assert not faults, f"{where}: {sorted(set(faults))}"
    sheet = result_sheet(game, state.history)
    for index, section in enumerate(sheet["sections"], 1):
        for line in section["lines"]:
            at = f"{where}, part {index}, line {line['line']!r}"
            assert _line_named(line["line"]), f"{at}: no name in both languages, or « other »"
            detail = line.get("detail")
            if detail is None:
                continue
            sums = [sum(column) for column in zip(*(d["amounts"] for d in detail), strict=True)]
            assert sums == line["amounts"], f"{at}: its causes do not add up to it"
            for cause in (d["cause"] for d in detail):
                assert cause, f"{at}: some of its money has no cause"
                for lang in LANGUAGES:
                    assert _named(cause, lang), f"{at}: the cause {cause!r} has no {lang} text"


def test_the_checks_catch_an_event_on_no_line() -> None:
    """The class check fails on an event that moves money on no line (« Other payments »)."""

    class Unlined(Event):
        __slots__ = ()

        def money_changes(self) -> dict[int, int]:
            return {0: -1}

    assert _declares(Unlined, "money_changes")
    assert not _declares(Unlined, "ledger_entries")
    assert not _line_named(Unlined.ledger)
    assert not _line_named("other")
    assert _line_named("entry_fees")
