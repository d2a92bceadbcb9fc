"""The ``hippodrome`` command: list, read, play, simulate, replay and benchmark the games.

It owns nothing: every rule comes from the engine and the games, every bot from ``bots``, every
figure from ``analysis``. Errors the user can cause (a bad option, a corrupt record, an illegal move)
are printed as one clear line, never as a traceback.
"""

from __future__ import annotations

import json
import random
import sys
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Annotated, Any, ClassVar

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from hippodrome.analysis.bench import random_playouts
from hippodrome.analysis.simulate import simulate as run_simulation
from hippodrome.bots.base import BOT_KINDS, make_bot
from hippodrome.bots.match import play_match
from hippodrome.engine.actions import Action
from hippodrome.engine.bot import Bot, SeatView
from hippodrome.engine.errors import HippodromeError, IllegalActionError
from hippodrome.engine.events import Event
from hippodrome.engine.game import Game, State
from hippodrome.engine.i18n import LANGUAGES
from hippodrome.engine.record import GameRecord, Seat
from hippodrome.games import CATALOGUE, entry, load_game

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
    typer.Option("--seat", help=f"One per player, in seat order: {', '.join(SEAT_KINDS)}."),
]


class UsageError(Exception):
    """A mistake on the command line, reported as one line."""


def main(argv: Sequence[str] | None = None) -> None:
    """Entry point: run the app, turning Hippodrome's own errors into one readable line."""
    try:
        app(args=list(argv) if argv is not None else None)
    except (HippodromeError, UsageError) as exc:
        err.print(f"[bold red]error:[/] {exc}")
        sys.exit(2)


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


def _game(game_id: str, seats: Sequence[str], raw_options: Sequence[str] | None) -> Game[Any]:
    options = _parse_options(raw_options)
    if seats:
        if "players" in options and options["players"] != len(seats):
            raise UsageError(f"{len(seats)} --seat given but -o players={options['players']}")
        options["players"] = len(seats)
    for kind in seats:
        if kind not in SEAT_KINDS:
            raise UsageError(f"seat kind {kind!r}: choose among {', '.join(SEAT_KINDS)}")
    return load_game(game_id, **options)


def _seat_names(kinds: Sequence[str], given: Sequence[str] | None) -> list[str]:
    names = list(given or [])
    if len(names) > len(kinds):
        raise UsageError(f"{len(names)} --name for {len(kinds)} seats")
    return names + [f"{kind}-{i}" for i, kind in enumerate(kinds)][len(names) :]


def _narrate(events: Sequence[Event], viewer: int | None, lang: str, names: Sequence[str]) -> None:
    for event in events:
        console.print(Text.assemble(("  · ", "dim"), event.seen_by(viewer).narrate(lang, names)))


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
            console.print(f"  [bold]{i:>2}[/] {action}")
        while True:
            try:
                answer = console.input(f"[bold]{self.names[view.player]}[/], your move> ").strip()
            except EOFError:
                raise typer.Abort() from None
            if not answer:
                continue
            if answer.isdigit():
                number = int(answer)
                if 1 <= number <= len(legal):
                    return legal[number - 1]
                console.print(f"[red]choose a number from 1 to {len(legal)}[/]")
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
        table.add_column(column)
    for e in CATALOGUE.values():
        status = "[green]playable[/]" if e.status == "playable" else "[yellow]planned[/]"
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
    kinds = list(seat or ["human", "heuristic", "heuristic"])
    the_game = _game(game, kinds, option)
    names = _seat_names(kinds, name)
    humans = [i for i, k in enumerate(kinds) if k == "human"]
    viewer = humans[0] if len(humans) == 1 else None
    controllers: list[Bot] = []
    for k in kinds:
        controllers.append(
            TerminalHuman(the_game, lang, names) if k == "human" else make_bot(k, game)
        )
    seed = seed if seed is not None else random.SystemRandom().randrange(2**32)
    console.print(f"[bold]{the_game.titles[lang]}[/] · {', '.join(names)} · seed {seed}")
    last_state: list[State] = []

    def narrate(state: State, events: list[Event]) -> None:
        last_state[:] = [state]
        _narrate(events, viewer, lang, names)

    try:
        final = play_match(the_game, controllers, seed=seed, on_events=narrate)
    except typer.Abort:
        console.print("\n[yellow]Game abandoned.[/]")
        if save is not None and last_state:
            _save(last_state[0], kinds, names, save)
        raise typer.Exit(1) from None
    outcome = final.outcome()
    table = Table(title="Result")
    scored = outcome.scores is not None
    for column in ("place", "seat", "money") + (("score",) if scored else ()):
        table.add_column(column)
    for place, seats in enumerate(outcome.ranking, start=1):
        for p in seats:
            row = [str(place), names[p], str(outcome.money[p])]
            if outcome.scores is not None:
                row.append(str(outcome.scores[p]))
            table.add_row(*row)
    console.print(table)
    if save is not None:
        _save(final, kinds, names, save)


def _save(state: State, kinds: Sequence[str], names: Sequence[str], path: Path) -> None:
    seats = [Seat(name, kind) for name, kind in zip(names, kinds, strict=True)]
    GameRecord.from_state(state, seats, record_id=uuid.uuid4().hex).save(path)
    console.print(f"Record saved to {path}")


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
    kinds = list(seat or ["heuristic", "random", "random"])
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
    names = [s.name for s in rec.seats]
    console.print(f"[bold]{the_game.titles[lang]}[/] · {', '.join(names)}")
    state = the_game.new_initial_state()
    _narrate(state.events, None, lang, names)
    for i, state, events in rec.replay_steps(the_game):  # noqa: B007 (state is used after)
        console.print(f"[dim]{i + 1:>4}[/] {rec.moves[i][1]}")
        _narrate(events, None, lang, names)
        if step:
            try:
                console.input("")
            except EOFError:
                step = False
    rec.check_result(state)
    if state.is_terminal():
        outcome = state.outcome()
        winners = ", ".join(names[p] for p in outcome.winners)
        scores = "" if outcome.scores is None else f" · scores {list(outcome.scores)}"
        console.print(f"[bold]Winner:[/] {winners} · money {list(outcome.money)}{scores}")
    else:
        console.print("[yellow]The record stops before the end of the game.[/]")


@app.command()
def bench(
    game: GameArg,
    seconds: Annotated[float, typer.Option(min=0.01, help="How long to run.")] = 5.0,
    option: OptionOpt = None,
    seed: int = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Random playouts on the fast path: actions (chance included) and games per second."""
    the_game = _game(game, [], option)
    result = random_playouts(the_game, seconds=seconds, seed=seed)
    if as_json:
        console.print_json(json.dumps(result))
        return
    console.print(
        f"{the_game.titles['en']} {result['options']}: "
        f"{result['actions_per_second']:,.0f} actions/s, "
        f"{result['games_per_second']:,.1f} games/s "
        f"({result['games']} games in {result['seconds']:.1f} s, one core, apply_unchecked)"
    )


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
) -> None:
    """Start the web platform: lobby, tables, live play in the browser."""
    import uvicorn  # noqa: PLC0415 (only this command needs the server)

    from hippodrome.server.app import create_app  # noqa: PLC0415
    from hippodrome.server.settings import Settings  # noqa: PLC0415

    settings = Settings.from_env(
        db_url=db, bot_delay=bot_delay, seat_timeout=seat_timeout, bot_processes=bot_processes
    )
    console.print(
        f"[bold]Hippodrome[/] on [link]http://{host}:{port}/[/] (database {settings.db_url})"
    )
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning")


@data_app.command("check")
def data_check(
    game: Annotated[
        str | None, typer.Argument(help="One game id; all playable games if omitted.")
    ] = None,
) -> None:
    """Check every game data file against the rules' constraints."""
    ids = [game] if game else [e.id for e in CATALOGUE.values() if e.status == "playable"]
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
