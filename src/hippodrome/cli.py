"""The ``hippodrome`` command: list, read, play, simulate, replay and benchmark the games.

It owns nothing: every rule comes from the engine and the games, every bot from ``bots``, every
figure from ``analysis``. Errors the user can cause (a bad option, a corrupt record, an illegal move)
are printed as one clear line, never as a traceback.
"""

from __future__ import annotations

import json
import math
import os
import random
import sys
import tempfile
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, ClassVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from hippodrome.analysis.balance import analyze as run_analysis
from hippodrome.analysis.bench import MEASURES as BENCH_MEASURES
from hippodrome.analysis.bench import bench as run_bench
from hippodrome.analysis.bench import relative_spread
from hippodrome.analysis.bench import review_bench as run_review_bench
from hippodrome.analysis.odds import MIN_SIMULATIONS
from hippodrome.analysis.odds import Budget as OddsBudget
from hippodrome.analysis.odds import odds as run_odds
from hippodrome.analysis.plots import interval_bars, require_matplotlib
from hippodrome.analysis.review import ReviewBudget, review_game, review_position, whole_move
from hippodrome.analysis.runner import connect_ray
from hippodrome.analysis.simulate import simulate as run_simulation
from hippodrome.analysis.tournament import tournament as run_tournament
from hippodrome.bots.base import BOT_KINDS, check_bot_spec, make_bot
from hippodrome.bots.match import play_match
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import LONGEST_THOUGHT, Bot, SeatView
from hippodrome.engine.errors import (
    HippodromeError,
    IllegalActionError,
    OptionsError,
    RecordError,
    UnknownGameError,
)
from hippodrome.engine.events import Event
from hippodrome.engine.game import Game, State
from hippodrome.engine.i18n import LANGUAGES, render, term
from hippodrome.engine.record import FORMAT as RECORD_FORMAT
from hippodrome.engine.record import GameRecord, Seat
from hippodrome.games import CATALOGUE, entry, load_game, playable_ids

app = typer.Typer(
    name="hippodrome",
    help="Five classic horse-racing board games: play, simulate, replay, benchmark.",
    no_args_is_help=True,
    add_completion=False,
)
data_app = typer.Typer(help="Game data files: check their consistency.", no_args_is_help=True)
app.add_typer(data_app, name="data")

console = Console(highlight=False)
err = Console(stderr=True, highlight=False)

SEAT_KINDS = ("human", *BOT_KINDS)

GameArg = Annotated[str, typer.Argument(help="Game id, as listed by 'hippodrome games'.")]
LangOpt = Annotated[str, typer.Option("--lang", help="Language of the texts: en or fr.")]
OptionOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--option",
        "-o",
        help="A game option as NAME=VALUE (repeatable), e.g. -o players=4 -o hidden_bets=true.",
    ),
]
SeatOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--seat",
        help=f"One per player, in seat order: {', '.join(SEAT_KINDS)}"
        " (ismcts takes a budget: ismcts:500ms, ismcts:2000it).",
    ),
]


RayOpt = Annotated[
    str | None,
    typer.Option(
        "--ray",
        help="Play the games on a Ray cluster: auto (the cluster this machine belongs to), local "
        "(a Ray instance for this run) or the head's HOST:PORT. Needs hippodrome\\[cluster].",
    ),
]


class UsageError(Exception):
    """A mistake on the command line, reported as one line."""


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: run the app, turning Hippodrome's own errors into one readable line (in the
    language the command asked for)."""
    args = list(argv) if argv is not None else sys.argv[1:]
    try:
        app(args=args)
    except (HippodromeError, UsageError) as exc:
        lang = _asked_lang(args)
        shown = exc.message(lang) if isinstance(exc, HippodromeError) else str(exc)
        err.print(f"[bold red]{_say('cli.error', lang)}[/] {escape(shown)}", soft_wrap=True)
        sys.exit(2)


def _asked_lang(args: Sequence[str]) -> str:
    """The --lang of a command line, when it names a language (English otherwise)."""
    for i, arg in enumerate(args):
        value = args[i + 1] if arg == "--lang" and i + 1 < len(args) else None
        if arg.startswith("--lang="):
            value = arg.partition("=")[2]
        if value in LANGUAGES:
            return value
    return "en"


def _say(key: str, lang: str, **params: Any) -> str:
    """A text of the command itself (``cli.*`` in the common catalog), in ``lang``."""
    return render(key, params, lang)


# -- helpers ------------------------------------------------------------------------------------


def _parse_options(raw: Sequence[str] | None) -> dict[str, object]:
    options: dict[str, object] = {}
    for item in raw or ():
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise UsageError(f"option {item!r} is not NAME=VALUE")
        options[name.strip()] = _option_value(value.strip())
    return options


def _option_value(text: str) -> object:
    lowered = text.lower()
    if lowered in ("true", "yes", "on"):
        return True
    if lowered in ("false", "no", "off"):
        return False
    if text.lstrip("-").isdigit():
        return int(text)
    return text


def _check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        raise UsageError(f"language {lang!r}: choose one of {', '.join(LANGUAGES)}")
    return lang


def _default_seats(
    given: Sequence[str] | None, raw_options: Sequence[str] | None, first: str, rest: str
) -> list[str]:
    """The seats given, or the default table: ``first`` then ``rest`` for every other player, as
    many as ``-o players=N`` asks (3 without it). Without --seat nobody chose a seat count, so
    ``players`` alone decides it and the missing seats are bots."""
    if given:
        return list(given)
    players = _parse_options(raw_options).get("players", 3)
    count = players if isinstance(players, int) and not isinstance(players, bool) else 3
    return [first] + [rest] * max(0, count - 1)


def _game(game_id: str, seats: Sequence[str], raw_options: Sequence[str] | None) -> Game[Any]:
    options = _parse_options(raw_options)
    if seats:
        if "players" in options and options["players"] != len(seats):
            raise UsageError(
                f"{len(seats)} --seat given but -o players={options['players']}: "
                "give one --seat per player, or leave out --seat to play against bots"
            )
        options["players"] = len(seats)
    for kind in seats:
        if kind != "human":
            try:
                check_bot_spec(kind)
            except OptionsError as exc:
                if exc.key == "error.bot_budget":
                    raise  # names the budget, in the command's language
                raise OptionsError("error.seat_kind", kind=kind, kinds=list(SEAT_KINDS)) from exc
    return load_game(game_id, **options)


def _seat_names(kinds: Sequence[str], given: Sequence[str] | None) -> list[str]:
    names = list(given or [])
    if len(names) > len(kinds):
        raise UsageError(f"{len(names)} --name for {len(kinds)} seats")
    return names + [f"{kind}-{i}" for i, kind in enumerate(kinds)][len(names) :]


def _narrate(
    events: Sequence[Event],
    viewer: int | None,
    lang: str,
    names: Sequence[str],
    *,
    everything: bool = False,
) -> None:
    """Tell ``events`` as ``viewer`` may see them; ``everything``: as they are, secrets included
    (the replay of a finished game, whose record shows every card anyway)."""
    for event in events:
        if event.quiet:
            continue
        seen = event if everything else event.seen_by(viewer)
        console.print(Text.assemble(("  · ", "dim"), seen.narrate(lang, names)))


# -- the human at the terminal ------------------------------------------------------------------


class TerminalHuman:
    """A seat played from the keyboard: numbered legal actions, or the notation typed out."""

    kind: ClassVar[str] = "human"
    slow: ClassVar[bool] = False

    def __init__(self, game: Game[Any], lang: str, names: Sequence[str]) -> None:
        self.game = game
        self.lang = lang
        self.names = names

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        legal = list(view.legal_actions())
        console.print()
        console.print(entry(self.game.id).text_view()(view.observation(), self.lang, self.names))
        console.print()
        for i, action in enumerate(legal, start=1):
            label = self.game.action_label(action, self.lang, self.names)
            console.print(
                Text.assemble(("  ", ""), (f"{i:>2}", "bold"), f" {label} ", (f"({action})", "dim"))
            )
        while True:
            try:
                prompt = _say("cli.your_move", self.lang, name=self.names[view.player])
                answer = console.input(f"[bold]{prompt}[/] ").strip()
            except EOFError:
                raise typer.Abort() from None
            if not answer:
                continue
            if answer.isdigit():
                number = int(answer)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                console.print(f"[red]{_say('cli.choose_number', self.lang, count=len(legal))}[/]")
                continue
            try:
                action = self.game.parse_action(answer)
            except IllegalActionError as exc:
                console.print(f"[red]{exc.message(self.lang)}[/]")
                continue
            if action in legal:
                return action
            # Ask the engine why, on a copy: the real state stays untouched.
            try:
                probe = view.determinize(rng)
                probe.apply(action, view.player)
            except IllegalActionError as exc:
                console.print(f"[red]{exc.message(self.lang)}[/]")


# -- commands -----------------------------------------------------------------------------------


@app.command()
def games(lang: LangOpt = "en") -> None:
    """List the games and their status."""
    _check_lang(lang)
    table = Table(title="Hippodrome")
    for column in ("id", "game", "status", "about"):
        table.add_column(_say(f"cli.column.{column}", lang))
    for e in CATALOGUE.values():
        playable = e.status == "playable"
        shown = _say(f"cli.status.{'playable' if playable else 'planned'}", lang)
        status = f"[green]{shown}[/]" if playable else f"[yellow]{shown}[/]"
        table.add_row(e.id, e.titles[lang], status, e.summary[lang])
    console.print(table)


@app.command()
def rules(game: GameArg) -> None:
    """Print the rules of a game as implemented, with every decision taken."""
    console.print(entry(game).rules_document(), markup=False)


@app.command("position-schema")
def position_schema(game: GameArg, option: OptionOpt = None) -> None:
    """Print the JSON Schema of a game's position documents, with the bounds of its options."""
    loaded = _game(game, [], option)
    try:
        schema = loaded.position_schema()
    except NotImplementedError as exc:
        raise UsageError(str(exc)) from None
    console.print_json(json.dumps(schema, ensure_ascii=False))


@app.command()
def play(
    game: GameArg,
    seat: SeatOpt = None,
    option: OptionOpt = None,
    seed: Annotated[int | None, typer.Option(help="Seed for dice, cards and bots.")] = None,
    lang: LangOpt = "en",
    save: Annotated[Path | None, typer.Option(help="Write the game record here.")] = None,
    name: Annotated[
        list[str] | None, typer.Option("--name", help="Seat names, in seat order (repeatable).")
    ] = None,
) -> None:
    """Play in the terminal: humans and bots, one --seat per player."""
    _check_lang(lang)
    kinds = _default_seats(seat, option, "human", "heuristic")
    the_game = _game(game, kinds, option)
    if save is not None:
        _check_writable(save)  # before the game, not after it
    names = _seat_names(kinds, name)
    humans = [i for i, k in enumerate(kinds) if k == "human"]
    viewer = humans[0] if len(humans) == 1 else None
    controllers: list[Bot] = []
    for k in kinds:
        controllers.append(
            TerminalHuman(the_game, lang, names) if k == "human" else make_bot(k, game)
        )
    seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
    heading = _say("cli.seed", lang, seed=seed)
    console.print(f"[bold]{the_game.titles[lang]}[/] · {', '.join(names)} · {heading}")
    last_state: list[State] = []

    def narrate(state: State, events: list[Event]) -> None:
        last_state[:] = [state]
        _narrate(events, viewer, lang, names)

    try:
        final = play_match(the_game, controllers, seed=seed, on_events=narrate)
    except typer.Abort:
        console.print(f"\n[yellow]{_say('cli.abandoned', lang)}[/]")
        if save is not None and last_state:
            _save(last_state[0], kinds, names, save, lang)
        raise typer.Exit(1) from None
    console.print(_result_table(final, names, lang))
    if save is not None:
        _save(final, kinds, names, save, lang)


def _result_table(final: State, names: Sequence[str], lang: str) -> Table:
    """The final ranking: place, seat, money (and score where the game keeps one)."""
    outcome = final.outcome()
    table = Table(title=_say("cli.result", lang))
    scored = outcome.scores is not None
    for column in ("place", "seat", "money") + (("score",) if scored else ()):
        table.add_column(_say(f"cli.column.{column}", lang))
    for place, seats in enumerate(outcome.ranking, start=1):
        for p in seats:
            row = [term("cli", "ordinal", place, lang), names[p], str(outcome.money[p])]
            if outcome.scores is not None:
                row.append(str(outcome.scores[p]))
            table.add_row(*row)
    return table


def _check_writable(path: Path, flag: str = "--save") -> None:
    """Refuse a ``flag`` path (the record, a report, a plot) that could not be written to, before
    any move is played."""
    target = path.expanduser()
    folder = target.parent if str(target.parent) else Path()
    if target.is_dir():
        raise UsageError(f"{flag} {path}: this is a folder; give a file name")
    if not folder.is_dir():
        raise UsageError(f"{flag} {path}: the folder {folder} does not exist")
    if target.exists() and not os.access(target, os.W_OK):
        raise UsageError(f"{flag} {path}: this file cannot be written")
    if not target.exists() and not os.access(folder, os.W_OK):
        raise UsageError(f"{flag} {path}: the folder {folder} cannot be written to")


def _save(
    state: State, kinds: Sequence[str], names: Sequence[str], path: Path, lang: str = "en"
) -> None:
    """Write the record to ``path``; if that fails now, to a file of its own in the temporary
    folder, and say where: a played game is never lost."""
    seats = [Seat(name, kind) for name, kind in zip(names, kinds, strict=True)]
    record = GameRecord.from_state(state, seats, record_id=uuid.uuid4().hex)
    try:
        record.save(path.expanduser())
    except OSError as exc:
        fd, fallback = tempfile.mkstemp(prefix=f"hippodrome-{state.game.id}-", suffix=".json")
        os.close(fd)
        record.save(Path(fallback))
        reason = exc.strerror or str(exc)
        err.print(f"[yellow]{_say('cli.not_written', lang, path=str(path), reason=reason)}[/]")
        console.print(_say("cli.saved_instead", lang, path=fallback))
        return
    console.print(_say("cli.saved", lang, path=str(path)))


@app.command()
def simulate(
    game: GameArg,
    seat: SeatOpt = None,
    games: Annotated[int, typer.Option("--games", min=1, help="How many games.")] = 100,
    seed: Annotated[int, typer.Option(help="Game i is seeded with SEED + i.")] = 0,
    option: OptionOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Play many bot games and report win rates (95% intervals), money and length."""
    kinds = _default_seats(seat, option, "heuristic", "random")
    if "human" in kinds:
        raise UsageError("simulate plays bots only: use random or heuristic seats")
    the_game = _game(game, kinds, option)
    if as_json:
        result = run_simulation(the_game, kinds, games=games, seed=seed)
        console.print_json(json.dumps(result.to_json()))
        return
    columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True) as progress:
        task = progress.add_task("games", total=games)
        result = run_simulation(
            the_game,
            kinds,
            games=games,
            seed=seed,
            progress=lambda done: progress.update(task, completed=done),
        )
    data = result.to_json()
    table = Table(
        title=f"{the_game.titles['en']}: {games} games, seeds {seed} to {seed + games - 1}"
    )
    for column in ("seat", "bot", "win rate", "95% interval", "mean money", "95% interval"):
        table.add_column(column, justify="right")
    for s in data["seats"]:
        low, high = s["win_rate_ci"]
        mlow, mhigh = s["mean_money_ci"]
        table.add_row(
            str(s["seat"]),
            s["kind"],
            f"{s['win_rate']:.1%}",
            f"{low:.1%} – {high:.1%}",
            f"{s['mean_money']:.0f}",
            f"{mlow:.0f} – {mhigh:.0f}",
        )
    console.print(table)
    llow, lhigh = data["mean_length_ci"]
    console.print(
        f"Mean game length: {data['mean_length']:.1f} actions "
        f"(95% interval {llow:.1f} – {lhigh:.1f}), chance outcomes included."
    )


@app.command()
def tournament(
    game: GameArg,
    seat: SeatOpt = None,
    games: Annotated[int, typer.Option("--games", help="How many games.")] = 60,
    workers: Annotated[int, typer.Option("--workers", help="Local processes playing them.")] = 1,
    seed: Annotated[int, typer.Option(help="Game i is seeded with SEED + i.")] = 0,
    option: OptionOpt = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    plot: Annotated[
        Path | None, typer.Option("--plot", help="Draw the win rates and their intervals (PNG).")
    ] = None,
    ray: RayOpt = None,
) -> None:
    """Bots against each other in every seating in turn: win rates and money (95% intervals), Elo
    ratings, the first seat's advantage."""
    kinds = _default_seats(seat, option, "heuristic", "random")
    if "human" in kinds:
        raise UsageError("a tournament plays bots only")
    if workers < 1:
        raise UsageError(f"--workers {workers}: give at least 1")
    if games < 1:
        raise UsageError(f"--games {games}: give at least 1")
    the_game = _game(game, kinds, option)
    options = the_game.options.to_json()
    if plot is not None:
        require_matplotlib()
        _check_writable(plot, "--plot")
    if ray is not None:
        connect_ray(ray)  # a cluster that does not answer is refused before the progress bar
    if as_json:
        result = run_tournament(
            game, options, kinds, games=games, workers=workers, seed=seed, ray=ray
        )
        if plot is not None:
            _tournament_plot(result.to_json(), the_game.titles["en"], plot)
        console.print_json(json.dumps(result.to_json()))
        return
    columns = (TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True) as progress:
        task = progress.add_task("games", total=games)
        result = run_tournament(
            game,
            options,
            kinds,
            games=games,
            workers=workers,
            seed=seed,
            progress=lambda done: progress.update(task, completed=done),
            ray=ray,
        )
    data = result.to_json()
    if plot is not None:
        _tournament_plot(data, the_game.titles["en"], plot)
        console.print(f"Plot written to {plot}.")
    table = Table(
        title=f"{the_game.titles['en']}: {games} games in {data['seatings']} seatings, "
        f"seeds {seed} to {seed + games - 1}"
    )
    heads = (
        "entrant",
        "bot",
        "win rate",
        "95% interval",
        "mean money",
        "95% interval",
        "Elo",
        "TrueSkill",
    )
    for column in (*heads, "s/move"):
        table.add_column(column, justify="right")
    for e in data["entrants"]:
        low, high = e["win_rate_ci"]
        mlow, mhigh = e["mean_money_ci"]
        table.add_row(
            str(e["entrant"]),
            e["bot"],
            f"{e['win_rate']:.1%}",
            f"{low:.1%} – {high:.1%}",
            f"{e['mean_money']:.0f}",
            f"{mlow:.0f} – {mhigh:.0f}",
            f"{e['elo']:.0f}",
            f"{e['trueskill']['mu']:.1f} ± {e['trueskill']['sigma']:.1f}",
            f"{e['mean_seconds_per_decision']:.3f}",
        )
    console.print(table)
    first = data["first_seat"]
    low, high = first["win_rate_ci"]
    console.print(
        f"First seat: wins {first['win_rate']:.1%} (95% interval {low:.1%} – {high:.1%}) "
        f"against an even share of {first['even_share']:.1%}."
    )


def _tournament_plot(data: dict[str, Any], title: str, path: Path) -> None:
    """The entrants' win rates with their 95% intervals, against an even share, as a PNG."""
    entrants = data["entrants"]
    figure = interval_bars(
        [f"{e['entrant']}: {e['bot']}" for e in entrants],
        [e["win_rate"] for e in entrants],
        [tuple(e["win_rate_ci"]) for e in entrants],
        title=f"{title}: win rates, {data['games']} games in {data['seatings']} seatings",
        xlabel="win rate",
        reference=data["first_seat"]["even_share"],
        reference_label="even share",
        percent=True,
    )
    path.expanduser().write_bytes(figure)


@app.command()
def analyze(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", help="How many games.")] = 200,
    workers: Annotated[int, typer.Option("--workers", help="Local processes playing them.")] = 1,
    seed: Annotated[int, typer.Option(help="Game i is seeded with SEED + i.")] = 0,
    out: Annotated[
        Path | None, typer.Option("--out", help="The HTML page (default: GAME-balance.html).")
    ] = None,
    option: OptionOpt = None,
    ray: RayOpt = None,
) -> None:
    """A balance report: heuristic bots in every seat, one self-contained HTML page of plots (win
    rates by seat, starting position and horse, length, money, rules fired, reconstructed tables)."""
    if workers < 1:
        raise UsageError(f"--workers {workers}: give at least 1")
    if games < 1:
        raise UsageError(f"--games {games}: give at least 1")
    the_game = _game(game, [], option)
    target = out if out is not None else Path(f"{game}-balance.html")
    require_matplotlib()
    _check_writable(target, "--out")
    if ray is not None:
        connect_ray(ray)
    columns = (TextColumn("playing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err, transient=True) as progress:
        task = progress.add_task("games", total=games)
        report = run_analysis(
            game,
            the_game.options.to_json(),
            games=games,
            workers=workers,
            seed=seed,
            progress=lambda done: progress.update(task, completed=done),
            ray=ray,
        )
    target.expanduser().write_text(report.to_html(), encoding="utf-8")
    console.print(
        f"{the_game.titles['en']}: {games} games, seeds {seed} to {seed + games - 1}; "
        f"report written to {target}."
    )


@app.command()
def replay(
    record: Annotated[
        Path, typer.Argument(help="A game record (JSON) saved by play or the server.")
    ],
    lang: LangOpt = "en",
    step: Annotated[bool, typer.Option(help="Wait for Enter after every move.")] = False,
) -> None:
    """Replay a game record move by move, narrating it, and check its result."""
    _check_lang(lang)
    rec = GameRecord.load(record)
    the_game = load_game(rec.game, **rec.options)
    rec.check_game(the_game)  # a record of other rules or game data is refused before narrating
    names = [s.name for s in rec.seats]
    console.print(f"[bold]{the_game.titles[lang]}[/] · {', '.join(names)}")
    state = the_game.new_initial_state()
    everything = rec.result is not None  # the game is over: no secret is left to keep
    _narrate(state.events, None, lang, names, everything=everything)
    for i, state, events in rec.replay_steps(the_game):  # noqa: B007 (state is used after)
        console.print(f"[dim]{i + 1:>4}[/] {rec.moves[i][1]}")
        _narrate(events, None, lang, names, everything=everything)
        if step:
            try:
                console.input("")
            except EOFError:
                step = False
    rec.check_result(state)
    if state.is_terminal():
        outcome = state.outcome()
        winners = ", ".join(names[p] for p in outcome.winners)
        key = "cli.winner" if len(outcome.winners) == 1 else "cli.winners"
        console.print(f"[bold]{_say(key, lang, names=winners)}[/]")
        console.print(_result_table(state, names, lang))
    else:
        console.print(f"[yellow]{_say('cli.unfinished', lang)}[/]")


@app.command()
def bench(
    game: Annotated[
        str | None,
        typer.Argument(help="Game id, as listed by 'hippodrome games' (leave out with --all)."),
    ] = None,
    all_games: Annotated[
        bool, typer.Option("--all", help="Every playable game in one run, interleaved.")
    ] = False,
    seconds: Annotated[
        float,
        typer.Option(help="Seconds of random playouts for each game, over all rounds."),
    ] = 5.0,
    rounds: Annotated[
        int, typer.Option(min=1, max=1000, help="Rounds the games are interleaved over.")
    ] = 5,
    option: OptionOpt = None,
    seed: int = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    review_speed: Annotated[
        bool,
        typer.Option(
            "--review",
            help="Instead: the review of a whole game (every seat, default budget), CPU seconds.",
        ),
    ] = False,
) -> None:
    """Engine speed on one core: random playouts on the fast path (actions and games per second),
    then clone and resample_for of a mid-game state (per second); medians over the rounds."""
    if not 0.01 <= seconds <= LONGEST_THOUGHT:  # written so that NaN fails it too
        raise UsageError(f"--seconds {seconds:g}: give 0.01 to {LONGEST_THOUGHT:g} seconds")
    if all_games and game is not None:
        raise UsageError(f"give a game id or --all, not both ({game!r} and --all)")
    if not all_games and game is None:
        raise UsageError("name a game to bench, or give --all for every playable game")
    if all_games and option:
        raise UsageError("-o sets one game's options: name the game instead of --all")
    games = [load_game(g) for g in playable_ids()] if all_games else [_game(game or "", [], option)]
    if review_speed:
        _bench_review(games, seed=seed, as_json=as_json)
        return
    if as_json:
        result = run_bench(games, seconds=seconds, rounds=rounds, seed=seed)
    else:
        columns = (TextColumn("benchmarking"), BarColumn(), MofNCompleteColumn())
        with Progress(*columns, console=err, transient=True) as progress:
            task = progress.add_task("rounds", total=rounds * len(games))
            result = run_bench(
                games,
                seconds=seconds,
                rounds=rounds,
                seed=seed,
                progress=lambda done, _: progress.update(task, completed=done),
            )
    if as_json:
        if all_games:
            console.print_json(json.dumps(result))
        else:  # one game: its figures, with the build they ran on
            one = {k: v for k, v in result.items() if k != "results"} | result["results"][0]
            console.print_json(json.dumps(one))
        return
    console.print(_bench_table(result, seconds))


def _bench_review(games: Sequence[Game[Any]], *, seed: int, as_json: bool) -> None:
    """``bench --review``: each game reviewed whole, its CPU seconds on one core."""
    if as_json:
        console.print_json(json.dumps(run_review_bench(games, seed=seed)))
        return
    columns = (TextColumn("reviewing"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=err, transient=True) as progress:
        task = progress.add_task("games", total=len(games))
        result = run_review_bench(
            games, seed=seed, progress=lambda done, _: progress.update(task, completed=done)
        )
    table = Table(
        title=f"Review of a whole game (every seat, default budget), {result['build']} build, "
        "CPU seconds on one core"
    )
    for column in ("game", "moves", "decisions", "budget", "seconds", "s/decision", "labelled"):
        table.add_column(column, justify="left" if column == "game" else "right")
    for r in result["review"]:
        table.add_row(
            CATALOGUE[r["game"]].titles["en"],
            str(r["moves"]),
            f"{r['decisions']} (+{r['forced']} forced)",
            f"{r['budget']['rounds']}x{r['budget']['moves']}",
            f"{r['seconds']:.1f}",
            f"{r['seconds_per_decision']:.3f}",
            f"{r['labelled']} ({r['labelled_separated']} separated)",
        )
    console.print(table)


def _bench_table(result: dict[str, Any], seconds: float) -> Table:
    """The figures of a bench run: each one's median over the rounds, and its spread."""
    table = Table(
        title=(
            f"{result['build']} build, {result['implementation']} {result['python']}, per CPU second: "
            f"{result['rounds']} rounds, {seconds:g} s of playouts a game "
            f"(median, and spread: highest - lowest, of the median)"
        )
    )
    table.add_column("game", no_wrap=True)
    for name in ("actions/s", "games/s", "clone/s", "resample_for/s"):
        table.add_column(name, justify="right", overflow="fold")  # a narrow terminal folds
    for r in result["results"]:
        cells = [
            f"{r[name]:,.0f} ±{relative_spread(r, name):.0%}"
            if name != "games_per_second"
            else f"{r[name]:,.1f} ±{relative_spread(r, name):.0%}"
            for name in BENCH_MEASURES
        ]
        table.add_row(CATALOGUE[r["game"]].titles["en"], *cells)
    return table


@app.command()
def odds(
    document: Annotated[
        Path, typer.Argument(help="A game record, or a position document (state JSON).")
    ],
    at: Annotated[
        int | None,
        typer.Option(
            "--at", help="The position after this many moves of the record (default: all)."
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat", help="The seat whose view and choices count (default: the one to act)."
        ),
    ] = None,
    simulations: Annotated[
        int | None,
        typer.Option("--simulations", help="Simulations for each estimate (reproducible)."),
    ] = None,
    seconds: Annotated[
        float | None, typer.Option("--seconds", help="Simulate this long (default 5 s).")
    ] = None,
    seed: Annotated[int, typer.Option(help="Seed of the simulations.")] = 0,
    engine: Annotated[
        bool,
        typer.Option(
            "--engine", help="Play out with the engine even where a vectorised simulator exists."
        ),
    ] = False,
    lang: LangOpt = "en",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Each horse's chances of every place, and what every option open to the seat is worth, by
    simulation from what that seat can see (docs/analysis/odds.md)."""
    _check_lang(lang)
    if simulations is not None and seconds is not None:
        raise UsageError("give --simulations or --seconds, not both")
    if simulations is not None and simulations <= 0:
        raise UsageError(f"--simulations {simulations}: give at least 1")
    if seconds is not None and not 0 < seconds <= LONGEST_THOUGHT:
        raise UsageError(f"--seconds {seconds:g}: give a positive time, a day at most")
    if simulations is None and seconds is None:
        seconds = 5.0
    budget = OddsBudget(simulations=simulations, seconds=None if simulations else seconds)
    state, moves = _document_state(document, at)
    players = state.game.num_players
    if seat is None:
        active = [] if state.is_terminal() or state.is_chance_node() else state.active_players()
        seat = active[0] if active else 0
    if not 0 <= seat < players:
        raise UsageError(f"--seat {seat}: this table has seats 0 to {players - 1}")
    if state.is_terminal():
        raise UsageError("the game is over in this position: there is nothing left to estimate")
    report = run_odds(state, seat, budget, seed=seed, engine_only=engine)
    data = report.to_json() | {"at": moves}
    if as_json:
        console.print_json(json.dumps(data))
        return
    _print_odds(data, state.game.titles[lang], lang)


def _document_state(path: Path, at: int | None) -> tuple[State, int | None]:
    """The position a record reaches after ``at`` moves (all by default), or a position document's;
    and the number of moves played (None for a position document)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError("file", f"cannot read {path}: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise RecordError("file", f"not JSON ({exc})") from exc
    if isinstance(data, dict) and data.get("format") == RECORD_FORMAT:
        record = GameRecord.from_json(data)
        moves = len(record.moves)
        if at is not None and not 0 <= at <= moves:
            raise UsageError(f"--at {at}: the record has {moves} moves (give 0 to {moves})")
        the_game = _document_game(record.game, record.options)
        stop = moves if at is None else at
        state = the_game.new_initial_state()
        record.check_game(the_game)
        if stop > 0:
            for i, state, _ in record.replay_steps(the_game):  # noqa: B007 (state is the answer)
                if i + 1 == stop:
                    break
        return state, stop
    if isinstance(data, dict) and "position" in data:
        if at is not None:
            raise UsageError("--at counts the moves of a record: a position document has none")
        game_id, options = data.get("game"), data.get("options")
        if not isinstance(game_id, str):
            raise RecordError("game", "must be a game id")
        if not isinstance(options, dict):
            raise RecordError("options", "must be an object")
        return _document_game(game_id, options).state_from_json(data), None
    raise RecordError("file", "neither a game record nor a position document")


def _document_game(game_id: str, options: dict[str, Any]) -> Game[Any]:
    """The game a document names, its faults named as the document's fields."""
    try:
        return load_game(game_id, **options)
    except UnknownGameError as exc:
        raise RecordError("game", str(exc)) from exc
    except OptionsError as exc:
        raise RecordError("options", str(exc)) from exc


def _print_odds(data: dict[str, Any], title: str, lang: str) -> None:
    def rate(value: dict[str, Any]) -> str:
        """A rate with its Wilson interval, which is not symmetric: ``62.0% [48.2%, 74.1%]``."""
        if value["p"] is None:
            return "–"
        low, high = value["interval"]
        return f"{value['p']:.1%} [{low:.1%}, {high:.1%}]"

    def money(value: dict[str, Any]) -> str:
        if value["mean"] is None:
            return "–"
        low, high = value["interval"]
        return f"{value['mean']:+.0f} ±{(high - low) / 2:.0f}"

    where = "position document" if data["at"] is None else f"after move {data['at']}"
    console.print(
        f"[bold]{title}[/] · {where} · seat {data['seat']} · {data['simulations']:,} simulations "
        f"({data['method']}, {data['seconds']:.1f} s)"
    )
    console.print(f"[dim]Policy: {data['policy']}. Horizon: the end of the {data['horizon']}.[/]")
    few = [c for c in data["choices"] if c["money"]["mean"] is None]
    if not data["horses"] and data["race_simulations"] < MIN_SIMULATIONS:
        console.print(
            f"[dim]The horses' chances: {data['race_simulations']} races simulated, fewer than "
            f"{MIN_SIMULATIONS}: not shown.[/]"
        )
    if data["horses"]:
        places = sorted({p for h in data["horses"].values() for p in h}, key=_place_order)
        table = Table(title=f"Horses ({data['race_simulations']:,} races, 95% intervals)")
        table.add_column("horse")
        for place in places:
            table.add_column(
                term("cli", "ordinal", int(place), lang) if place.isdigit() else place,
                justify="right",
            )
        for horse, chances in data["horses"].items():
            table.add_row(
                data["horse_names"][horse][lang],
                *(rate(chances[p]) if p in chances else "–" for p in places),
            )
        console.print(table)
    if data["choices"]:
        table = Table(
            title=f"Seat {data['seat']}'s choices: money by the end of the {data['horizon']}"
        )
        for column in ("choice", "notation", "money (95% interval)", "win (95% interval)", "n"):
            table.add_column(
                column, justify="left" if column in ("choice", "notation") else "right"
            )
        best = max(
            data["choices"],
            key=lambda c: -math.inf if c["money"]["mean"] is None else c["money"]["mean"],
        )
        for choice in data["choices"]:
            style = "bold green" if choice is best else ""
            table.add_row(
                choice["label"][lang],
                choice["action"],
                money(choice["money"]),
                rate(choice["win"]) if choice["win"] else "–",
                str(choice["money"]["n"]),
                style=style,
            )
        console.print(table)
        if few:
            console.print(
                f"[yellow]{len(few)} of {len(data['choices'])} choices got fewer than "
                f"{MIN_SIMULATIONS} simulations: no figure is shown for them (–). Give more "
                f"time (--seconds) or --simulations {MIN_SIMULATIONS} or more.[/]"
            )
    else:
        console.print(f"Seat {data['seat']} has no decision to take now.")
    standing = data["standing"]
    if standing and standing["money"]["mean"] is not None:
        line = f"As things stand, seat {data['seat']} expects {money(standing['money'])}"
        if standing.get("win"):
            line += f" and wins the game {rate(standing['win'])}"
        console.print(line + f" by the end of the {data['horizon']}.")


def _place_order(place: str) -> tuple[int, str]:
    """Places first (1, 2, 3...), then the pace token, then the last horse."""
    return (int(place), "") if place.isdigit() else (100 + ("pace", "last").index(place), place)


@app.command()
def review(
    document: Annotated[
        Path,
        typer.Argument(help="A finished game's record, or a position document (state JSON)."),
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            help="The seat to review (default: every seat; at a position: the one to act).",
        ),
    ] = None,
    budget: Annotated[
        str | None,
        typer.Option(
            "--budget",
            help="Paired play-outs of each move (48), or rounds x moves compared (48x12); "
            "default: the game's (docs/analysis/review.md).",
        ),
    ] = None,
    at: Annotated[
        int | None,
        typer.Option("--at", help="Review the one position after this many moves of the record."),
    ] = None,
    workers: Annotated[
        int, typer.Option("--workers", min=1, max=64, help="Worker processes judging decisions.")
    ] = 1,
    seed: Annotated[int, typer.Option(help="Seed of the simulations.")] = 0,
    lang: LangOpt = "en",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """What each decision cost: the move played against the best found, with the loss, a label
    where the simulations tell the two apart, and luck against play (docs/analysis/review.md)."""
    _check_lang(lang)
    try:
        chosen = None if budget is None else ReviewBudget.parse(budget)
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    raw = _read_json(document)
    whole = isinstance(raw, dict) and raw.get("format") == RECORD_FORMAT and at is None
    if whole:
        record = GameRecord.from_json(raw)
        the_game = _document_game(record.game, record.options)
        if seat is not None and not 0 <= seat < the_game.num_players:
            raise UsageError(f"--seat {seat}: this table has seats 0 to {the_game.num_players - 1}")
        data = _review_record(
            record,
            seat=seat,
            budget=chosen,
            workers=workers,
            seed=seed,
            quiet=as_json,
        )
        if as_json:
            console.print_json(json.dumps(data))
            return
        _print_review(data, the_game.titles[lang], lang)
        return
    state, moves = _document_state(document, at)
    players = state.game.num_players
    if state.is_terminal():
        raise UsageError("the game is over in this position: there is no decision to review")
    if state.is_chance_node():
        raise UsageError("chance decides in this position (a roll, a draw): there is no decision")
    active = list(state.active_players())
    if seat is None:
        seat = active[0]
    if not 0 <= seat < players:
        raise UsageError(f"--seat {seat}: this table has seats 0 to {players - 1}")
    if seat not in active:
        raise UsageError(f"--seat {seat}: seat {seat} has no decision in this position")
    played = _played_at(document, moves, seat) if moves is not None else None
    answer = review_position(
        state,
        seat,
        budget=chosen,
        played=played,
        seed=seed,
        index=moves,
    )
    if as_json:
        console.print_json(json.dumps(answer | {"at": moves}))
        return
    _print_decision_review(answer["decision"], state.game.titles[lang], lang, moves)


def _read_json(path: Path) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError("file", f"cannot read {path}: {exc}") from exc
    except json.JSONDecodeError as exc:
        raise RecordError("file", f"not JSON ({exc})") from exc


def _played_at(path: Path, at: int, seat: int) -> tuple[Action, ...] | None:
    """The move the record shows ``seat`` making after ``at`` moves (all its steps where the game
    has whole moves), None where the record stops there or another seat moves next."""
    record = GameRecord.from_json(_read_json(path))
    the_game = _document_game(record.game, record.options)
    if at >= len(record.moves) or record.moves[at][0] != seat:
        return None
    state, _ = _document_state(path, at)
    parsed = [(p, the_game.parse_action(a)) for p, a in record.moves[at:]]
    if state.plans(seat):
        return whole_move(state, parsed, 0, seat)
    return (parsed[0][1],)


def _review_record(
    record: GameRecord,
    *,
    seat: int | None,
    budget: ReviewBudget | None,
    workers: int,
    seed: int,
    quiet: bool,
) -> dict[str, Any]:
    """A whole game's review, with a progress bar on the terminal (none for --json)."""
    seats = None if seat is None else [seat]
    if quiet:
        return review_game(record, seats=seats, budget=budget, workers=workers, seed=seed)
    columns = (
        TextColumn("reviewing"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=err, transient=True) as progress:
        task = progress.add_task("decisions", total=None)
        data = review_game(
            record,
            seats=seats,
            budget=budget,
            workers=workers,
            seed=seed,
            progress=lambda done, total: progress.update(task, completed=done, total=total),
        )
    if not data["complete"]:
        err.print(
            f"[yellow]Stopped: {data['decisions_judged']} of {data['decisions_total']} "
            "decisions reviewed.[/]"
        )
    return data


def _stat_text(stat: dict[str, Any] | None, *, percent: bool = False) -> str:
    if not stat or stat["mean"] is None:
        return "–"
    low, high = stat["interval"]
    if percent:
        return f"{100 * stat['mean']:+.1f} ±{50 * (high - low):.1f} pts"
    return f"{stat['mean']:+,.0f} ±{(high - low) / 2:,.0f}"


def _print_review(data: dict[str, Any], title: str, lang: str) -> None:
    unit = data["currency"]
    budget = data["budget"]
    console.print(
        f"[bold]{title}[/] · review of seats {', '.join(map(str, data['seats']))} · "
        f"{data['decisions_judged']} decisions judged ({data['forced_skipped']} forced, skipped) · "
        f"{budget['rounds']} rounds x {budget['moves']} moves · {data['seconds']:.1f} s"
    )
    console.print(
        f"[dim]Policy: {data['method']['policy']}. Horizon: {data['method']['horizon']}.[/]"
    )
    table = Table(title=f"Decisions: loss in {unit} and in chance of winning (95% intervals)")
    for column in (
        "move",
        "seat",
        "played",
        "best found",
        f"loss ({unit})",
        "loss (win)",
        "n",
        "label",
    ):
        table.add_column(column, justify="right" if column in ("move", "seat", "n") else "left")
    for d in data["decisions"]:
        same = d["best_is_played"]
        style = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}.get(
            d["label"] or "", ""
        )
        table.add_row(
            str(d["index"]),
            str(d["seat"]),
            f"{escape(d['played']['text'][lang])} [dim]({escape(d['played']['action'])})[/]",
            "="
            if same
            else f"{escape(d['best']['text'][lang])} [dim]({escape(d['best']['action'])})[/]",
            "–" if same else _stat_text(d["loss"]["money"]),
            "–" if same else _stat_text(d["loss"]["win"], percent=True),
            str(d["best"]["money"]["n"]),
            d["label"] or "",
            style=style,
        )
    console.print(table)
    for seat, summary in data["by_seat"].items():
        labels = summary["labels"]
        counts = ", ".join(
            f"{labels[label]} {label if labels[label] == 1 else plural}"
            for label, plural in (
                ("blunder", "blunders"),
                ("mistake", "mistakes"),
                ("inaccuracy", "inaccuracies"),
            )
        )
        console.print(
            f"[bold]Seat {seat}[/] ({escape(summary['name'])}): "
            f"{summary['decisions']} decisions, {counts}."
        )
        console.print("  " + escape(summary["explanation"]["text"][lang]))


def _print_decision_review(d: dict[str, Any], title: str, lang: str, at: int | None) -> None:
    where = "position document" if at is None else f"after move {at}"
    console.print(f"[bold]{title}[/] · {where} · seat {d['seat']}")
    table = Table(title="Moves compared, best first (money by the horizon, chance of winning)")
    for column in ("move", "notation", "money", "win", "loss", "n"):
        table.add_column(column, justify="left" if column in ("move", "notation") else "right")
    played = d["played"]["actions"] if d["played"] else None
    for alt in d["alternatives"]:
        mark = " ◀" if alt["actions"] == played else ""
        table.add_row(
            escape(alt["text"][lang]) + mark,
            escape(" ".join(alt["actions"])),
            _stat_text(alt["money"]),
            _stat_text(alt["win"], percent=True).lstrip("+"),
            _stat_text(alt["loss"]["win"], percent=True),
            str(alt["money"]["n"]),
            style="bold green" if alt["actions"] == d["best"]["actions"] else "",
        )
    console.print(table)
    console.print(escape(d["explanation"]["text"][lang]))


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="Port to listen on.")] = 8000,
    db: Annotated[
        str | None,
        typer.Option(
            help="SQLAlchemy URL (default: HIPPODROME_DB, else the SQLite file hippodrome.db)."
        ),
    ] = None,
    bot_delay: Annotated[
        float | None, typer.Option(help="Seconds a bot waits before acting (default 0.8).")
    ] = None,
    seat_timeout: Annotated[
        float | None,
        typer.Option(
            help="Seconds before an absent player's seat may be handed to a bot (default 60)."
        ),
    ] = None,
    bot_processes: Annotated[
        int | None,
        typer.Option(
            help="Worker processes for bots that think (default 1; 0: on the event loop)."
        ),
    ] = None,
    workers: Annotated[
        int,
        typer.Option(min=1, help="Server processes on the port (more than one needs --redis)."),
    ] = 1,
    redis: Annotated[
        str | None,
        typer.Option(
            help="Redis URL (redis://host:6379/0): the news between server processes, here or on "
            "other machines sharing the database (default: HIPPODROME_REDIS_URL, else none)."
        ),
    ] = None,
    trusted_proxies: Annotated[
        list[str] | None,
        typer.Option(
            "--trusted-proxies",
            metavar="CIDR",
            help="A load balancer's network (10.0.0.0/8, 127.0.0.1), repeatable or separated by "
            "commas: its X-Forwarded-For gives the client's address, whom the limits count; from "
            "anywhere else the header is ignored (default: HIPPODROME_TRUSTED_PROXIES, else none).",
        ),
    ] = None,
) -> None:
    """Start the web platform: lobby, tables, live play in the browser."""
    import uvicorn  # noqa: PLC0415 (only this command needs the server)

    from hippodrome.server.app import create_app  # noqa: PLC0415
    from hippodrome.server.limits import TrustedProxies  # noqa: PLC0415
    from hippodrome.server.settings import Settings  # noqa: PLC0415

    settings = Settings.from_env(
        db_url=db,
        bot_delay=bot_delay,
        seat_timeout=seat_timeout,
        bot_processes=bot_processes,
        redis_url=redis,
        trusted_proxies=",".join(trusted_proxies) if trusted_proxies else None,
    )
    try:
        TrustedProxies(settings.trusted_proxies)
    except ValueError as exc:
        console.print(f"[red]--trusted-proxies: {exc}[/]")
        raise typer.Exit(2) from None
    if workers > 1 and not settings.redis_url:
        console.print("[red]--workers above 1 needs --redis: the processes share the tables[/]")
        raise typer.Exit(2)
    shown = f"{workers} processes, Redis {settings.redis_url}" if workers > 1 else "one process"
    console.print(
        f"[bold]Hippodrome[/] on [link]http://{host}:{port}/[/] (database {settings.db_url}, {shown})"
    )
    # Frames a little over the limit get the named error; far larger ones are cut by uvicorn
    # before they are held whole in memory (its default would take 16 MB).
    ws_max_size = max(16 * settings.ws_max_frame, 64 * 1024) if settings.ws_max_frame else 2**24
    # The forwarded addresses are the app's to believe (--trusted-proxies), never uvicorn's: its
    # default believes X-Forwarded-For from 127.0.0.1, where any local client can set it.
    if workers == 1:
        uvicorn.run(
            create_app(settings),
            host=host,
            port=port,
            log_level="warning",
            ws_max_size=ws_max_size,
            proxy_headers=False,
        )
        return
    # Several processes: uvicorn starts each (and a new one if one dies), each builds its app from
    # the environment, where the settings given here are written.
    os.environ.update(settings.to_env())
    uvicorn.run(
        "hippodrome.server.app:create_app",
        factory=True,
        workers=workers,
        host=host,
        port=port,
        log_level="warning",
        ws_max_size=ws_max_size,
        proxy_headers=False,
    )


@data_app.command("check")
def data_check(
    game: Annotated[
        str | None, typer.Argument(help="One game id; all playable games if omitted.")
    ] = None,
) -> None:
    """Check every game data file against the rules' constraints."""
    ids = [game] if game else playable_ids()
    failed = False
    for game_id in ids:
        problems = entry(game_id).check_data()
        if problems:
            failed = True
            console.print(f"[red]{game_id}: {len(problems)} problem(s)[/]")
            for problem in problems:
                console.print(f"  - {problem}")
        else:
            console.print(f"[green]{game_id}: data consistent[/]")
    if failed:
        raise typer.Exit(1)


if __name__ == "__main__":  # pragma: no cover
    main()
