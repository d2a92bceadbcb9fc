"""The conformance suite: one set of checks that every registered playable game passes.

DESIGN.md, "Tests, in layers", 1. Each test runs over every game in ``playable_ids()`` and over the
option sets its manifest lists (``GameInfo.conformance``, read through ``GameInfo.conformance_options``),
on a few random playouts each; the fast tier (``pytest --fast``, ``tests/suite.py``) plays the first
option set of each game from one seed. A new game gets the whole suite by registering itself; nothing
here names a game (``test_toy_game.py`` runs it on a toy sixth game kept in ``tests/toy_game``).

The playouts are random-bot games from ``bots.play_match``, played once per session; each test walks
one again move by move (``Playout.nodes``) and checks its property at every position, or at a sample
of positions where a check is costly. A failing assertion says which game, options, seed and position
it was.
"""

from __future__ import annotations

import json
import math
import random
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

import pytest
from tests import suite

from hippodrome.bots import RandomBot, make_bot, play_match
from hippodrome.engine.actions import Action
from hippodrome.engine.errors import IllegalActionError
from hippodrome.engine.events import Event
from hippodrome.engine.game import Game, State
from hippodrome.engine.i18n import LANGUAGES, text
from hippodrome.engine.record import GameRecord, Seat
from hippodrome.engine.turnflow import Acts, FlowState
from hippodrome.engine.types import CHANCE, JSONObject, Player
from hippodrome.games import entry, load_game, playable_ids, replay_record

SEEDS = tuple(suite.tier([0, 1]))
"""Random playouts per option set (one in the fast tier, ``tests/suite.py``)."""
VIEW_SEEDS = SEEDS[:1]
"""Fewer for the check that looks through every seat's eyes at every position."""
SAMPLE_EVERY = 13
"""Costly checks (full JSON, restoring, playing on) run at every 13th position and at the end."""
RESAMPLES = 8
"""Determinizations drawn per seat and position when looking for resampled hidden information."""


@dataclass(frozen=True, slots=True)
class Case:
    """A game and one of its conformance option sets."""

    game_id: str
    options: tuple[tuple[str, Any], ...]

    def game(self) -> Game[Any]:
        return load_game(self.game_id, **dict(self.options))

    @property
    def max_length(self) -> int:
        """The game's bound on the length of a game with these options (``GameInfo.max_length``);
        a playout that passes it is stuck."""
        return entry(self.game_id).max_length(self.game())

    def __str__(self) -> str:
        shown = ", ".join(f"{k}={v}" for k, v in self.options) or "default options"
        return f"{self.game_id} ({shown})"


def _cases() -> list[Any]:
    params = []
    for game_id in playable_ids():
        for options in suite.tier(entry(game_id).conformance_options()):
            case = Case(game_id, tuple(sorted(options.items())))
            label = "-".join(f"{k}={v}" for k, v in case.options) or "defaults"
            params.append(pytest.param(case, id=f"{game_id}-{label}"))
    return params


CASES = _cases()


@dataclass(frozen=True, slots=True)
class Node:
    """One position of a playout, and the move the playout made from it (None at the end)."""

    index: int
    state: State
    move: tuple[Player, Action] | None
    where: str
    """The position in words, for assertion messages."""

    @property
    def sampled(self) -> bool:
        """Whether the costly checks run here."""
        return self.index % SAMPLE_EVERY == 0 or self.move is None


@dataclass(frozen=True, slots=True)
class Playout:
    case: Case
    seed: int
    game: Game[Any]
    moves: tuple[tuple[Player, Action], ...]

    def nodes(self) -> Iterator[Node]:
        """Replay the playout on one state, yielding each position before its move is applied.

        The yielded state is the live one: a check that changes anything works on a clone.
        """
        state = self.game.new_initial_state()
        for i, move in enumerate(self.moves):
            yield Node(i, state, move, self._where(i, move))
            state.apply(move[1], move[0])
        yield Node(len(self.moves), state, None, self._where(len(self.moves), None))

    def final(self) -> State:
        state = self.game.new_initial_state()
        for player, action in self.moves:
            state.apply(action, player)
        return state

    def _where(self, i: int, move: tuple[Player, Action] | None) -> str:
        head = f"{self.case}, seed {self.seed}, after {i} actions"
        if move is None:
            return f"{head}, at the end of the game"
        who = "chance" if move[0] == CHANCE else f"seat {move[0]}"
        return f"{head}, {who} to play {str(move[1])!r} next"


@cache
def playout(case: Case, seed: int) -> Playout:
    """A random-bot game of ``case`` from ``seed`` (played once per session)."""
    game = case.game()
    bots = [RandomBot() for _ in range(game.num_players)]
    state = play_match(game, bots, seed=seed, max_actions=case.max_length)
    return Playout(case, seed, game, tuple(state.history))


def movers(state: State) -> list[Player]:
    """Who may act now: ``CHANCE`` at a chance node, else the active seats."""
    if state.is_terminal():
        return []
    return [CHANCE] if state.is_chance_node() else list(state.active_players())


def fingerprint(state: State) -> tuple[JSONObject, list[tuple[Player, Action]], int]:
    """What ``to_json`` is made of (the game's header aside: position and history), plus how many
    events were told. Equal exactly when ``to_json`` is, and ten times cheaper: it is what the
    checks run at every position compare; the sampled positions compare ``to_json`` itself."""
    return state.position_json(), list(state.history), len(state.events)


def plain_json(data: JSONObject) -> JSONObject:
    """``data`` through a real JSON text (strict: no NaN, no tuples or integer keys surviving)."""
    loaded: JSONObject = json.loads(json.dumps(data, allow_nan=False))
    return loaded


def action_pool(case: Case) -> tuple[list[Action], list[Action]]:
    """Every chance outcome and every decision the case's playouts took (to try where illegal)."""
    chance: dict[str, Action] = {}
    decisions: dict[str, Action] = {}
    for seed in SEEDS:
        for player, action in playout(case, seed).moves:
            (chance if player == CHANCE else decisions).setdefault(str(action), action)
    return list(chance.values()), list(decisions.values())


class Narration:
    """The events of a walk as each viewer saw them, brought up to date at each position (events
    only ever grow, so each is looked at once)."""

    def __init__(self, viewers: Iterable[Player | None]) -> None:
        self.seen: dict[Player | None, list[Event]] = {v: [] for v in viewers}
        self.hidden_from: set[Player | None] = set()
        """The viewers to whom some event so far looked different from what happened."""

    def catch_up(self, state: State) -> None:
        for viewer, seen in self.seen.items():
            for event in state.events[len(seen) :]:
                shown = event.seen_by(viewer)
                seen.append(shown)
                if shown is not event and shown.to_json() != event.to_json():
                    self.hidden_from.add(viewer)


def tells_the_same(
    resampled: State, state: State, viewer: Player | None, seen: Sequence[Event]
) -> bool:
    """Whether ``viewer`` sees the same events in ``resampled`` as ``seen`` in ``state``. Events are
    compared as typed values (equal exactly when their JSON is); an event the determinization kept
    as it was (the same object) is seen the same, whoever looks."""
    return len(resampled.events) == len(seen) and all(
        r is e or r.seen_by(viewer) == s
        for r, e, s in zip(resampled.events, state.events, seen, strict=True)
    )


def events_json(state: State, viewer: Player | None) -> list[JSONObject]:
    return [e.seen_by(viewer).to_json() for e in state.events]


# -- playouts end ---------------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES)
def test_random_playouts_end_within_the_bound(case: Case) -> None:
    for seed in SEEDS:
        play = playout(case, seed)  # play_match raises if max_length actions pass without an end
        final = play.final()
        assert final.is_terminal(), f"{case}, seed {seed}: the game is not over at the end"
        assert len(play.moves) <= case.max_length, (
            f"{case}, seed {seed}: {len(play.moves)} actions, more than the game's bound "
            f"{case.max_length} for these options"
        )


@pytest.mark.parametrize("case", CASES)
def test_play_shows_no_trait_the_manifest_denies(case: Case) -> None:
    traits = entry(case.game_id).traits
    assert traits is not None
    for seed in SEEDS:
        for node in playout(case, seed).nodes():
            state = node.state
            if not traits.chance:
                assert not state.is_chance_node(), f"{node.where}: a chance node, yet no chance"
            if not traits.hidden_information:
                assert not state.has_hidden_information(), (
                    f"{node.where}: hidden information the manifest denies"
                )
            if not traits.simultaneous_moves and movers(state) != [CHANCE]:
                assert len(state.active_players()) <= 1, (
                    f"{node.where}: several seats act at once, yet no simultaneous moves"
                )


@pytest.mark.parametrize("case", CASES)
def test_the_game_describes_itself_in_json(case: Case) -> None:
    game = case.game()
    described = game.describe()
    assert plain_json(described) == described, f"{case}: describe() is not plain JSON"
    assert described["id"] == case.game_id
    assert game.min_players <= game.num_players <= game.max_players
    for key, value in case.options:
        assert described["options"][key] == value, f"{case}: option {key} is not {value!r}"


# -- who acts and what is legal -------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES)
def test_every_legal_action_reads_back_from_its_notation_and_is_accepted(case: Case) -> None:
    for seed in SEEDS:
        play = playout(case, seed)
        for node in play.nodes():
            for player in movers(node.state):
                legal = node.state.legal_actions(player)
                who = "chance" if player == CHANCE else f"seat {player}"
                assert len(set(legal)) == len(legal), f"{node.where}: {who} has an action twice"
                for action in legal:
                    notation = str(action)
                    parsed = play.game.parse_action(notation)
                    assert parsed == action, (
                        f"{node.where}: {notation!r} reads back as {parsed!r}, not {action!r}"
                    )
                    trial = node.state.clone()
                    trial.apply(action, player)
                    assert trial.history[-1] == (player, action), (
                        f"{node.where}: {who} playing {notation!r} is not what the history says"
                    )


@pytest.mark.parametrize("case", CASES)
def test_every_legal_action_is_typed_and_labelled_in_every_language(case: Case) -> None:
    """What the browser gets for each legal action: a kind, plain-JSON args and a label written in
    the game's catalog (``<game>.action.<key>``) for every language, chance outcomes included."""
    seen: set[tuple[str, str]] = set()
    for seed in SEEDS:
        play = playout(case, seed)
        for node in play.nodes():
            for player in movers(node.state):
                for action in node.state.legal_actions(player):
                    key, _ = action.label_message()
                    if (action.kind, key) in seen:
                        continue
                    seen.add((action.kind, key))
                    typed = play.game.action_json(action)
                    assert plain_json(typed) == typed, f"{node.where}: {action!r} is not plain JSON"
                    assert typed["notation"] == str(action)
                    assert typed["kind"] == action.kind and action.kind.isidentifier()
                    for lang in LANGUAGES:
                        template = text(f"{play.game.id}.action.{key}", lang)
                        assert template is not None, (
                            f"{node.where}: no {lang} label {play.game.id}.action.{key} "
                            f"for {str(action)!r}"
                        )
                        shown = play.game.action_label(action, lang)
                        assert "{" not in shown, f"{node.where}: {lang} label {shown!r} unfilled"
    assert seen, f"{case}: no legal action at all"


@pytest.mark.parametrize("case", CASES)
def test_chance_outcomes_are_positive_and_sum_to_one(case: Case) -> None:
    for seed in SEEDS:
        rng = random.Random(f"chance {seed}")
        for node in playout(case, seed).nodes():
            state = node.state
            if not state.is_chance_node():
                continue
            outcomes = state.chance_outcomes()
            assert outcomes, f"{node.where}: a chance node without outcomes"
            actions = [a for a, _ in outcomes]
            assert len(set(actions)) == len(actions), f"{node.where}: an outcome listed twice"
            assert all(p > 0 for _, p in outcomes), f"{node.where}: an outcome of probability <= 0"
            total = math.fsum(p for _, p in outcomes)
            assert math.isclose(total, 1.0, abs_tol=1e-9), (
                f"{node.where}: the outcomes' probabilities add up to {total}"
            )
            assert list(state.legal_actions()) == actions, (
                f"{node.where}: legal_actions() at a chance node are not its outcomes"
            )
            assert not state.active_players(), f"{node.where}: a seat is active at a chance node"
            assert state.sample_chance(rng) in actions, f"{node.where}: sampled a non-outcome"
            assert node.move is not None and node.move[0] == CHANCE


@pytest.mark.parametrize("case", CASES)
def test_only_the_active_seats_have_legal_actions(case: Case) -> None:
    """And never more of them than the game's ``max_choices`` (the research encodings' bound)."""
    for seed in SEEDS:
        play = playout(case, seed)
        for node in play.nodes():
            state = node.state
            active = set(state.active_players())
            if state.is_terminal():
                assert not active, f"{node.where}: a seat is active after the end"
                assert not state.is_chance_node(), f"{node.where}: chance is pending at the end"
            elif not state.is_chance_node():
                assert active, f"{node.where}: nobody is to act and it is not a chance node"
                assert node.move is not None and node.move[0] in active, (
                    f"{node.where}: the seat that moved was not active"
                )
            for p in range(play.game.num_players):
                legal = state.legal_actions(p)
                if p in active:
                    assert legal, f"{node.where}: active seat {p} has no legal action"
                    # Research encodings give a decision at most max_choices ids.
                    assert len(legal) <= play.game.max_choices, (
                        f"{node.where}: seat {p} has {len(legal)} legal actions, more than the "
                        f"game's max_choices ({play.game.max_choices})"
                    )
                else:
                    assert not legal, (
                        f"{node.where}: seat {p} is not active but may play {list(legal)[:3]}"
                    )


def assert_refused(state: State, action: Action, player: Player | None, why: str) -> None:
    """``apply`` must raise an ``IllegalActionError`` (a ``ValueError``), explained in every
    language, and change nothing."""
    before = fingerprint(state)
    try:
        state.apply(action, player)
    except IllegalActionError as exc:
        assert isinstance(exc, ValueError)
        for lang in LANGUAGES:
            assert text(exc.key, lang) is not None, f"{why}: no {lang} text for {exc.key!r}"
    else:
        pytest.fail(f"{why}: {action} by {player} was accepted")
    assert fingerprint(state) == before, f"{why}: the refused {action} changed the state"


@pytest.mark.parametrize("case", CASES)
def test_illegal_actions_are_refused_and_leave_the_state_unchanged(case: Case) -> None:
    chance_pool, decision_pool = action_pool(case)
    for seed in SEEDS:
        play = playout(case, seed)
        n = play.game.num_players
        rng = random.Random(f"illegal {seed}")
        for node in play.nodes():
            state = node.state
            before = state.to_json() if node.sampled else None
            if state.is_terminal():
                pool = chance_pool + decision_pool
                for action in rng.sample(pool, min(5, len(pool))):
                    assert_refused(state, action, None, f"{node.where} (the game is over)")
            elif state.is_chance_node():
                outcomes = [a for a, _ in state.chance_outcomes()]
                assert_refused(
                    state, outcomes[0], rng.randrange(n), f"{node.where} (a seat playing chance)"
                )
                for action in rng.sample(decision_pool, min(2, len(decision_pool))):
                    assert_refused(state, action, None, f"{node.where} (a decision at chance)")
                stale = [a for a in chance_pool if a not in outcomes]
                for action in rng.sample(stale, min(2, len(stale))):
                    assert_refused(state, action, None, f"{node.where} (not an outcome now)")
            else:
                active = list(state.active_players())
                idle = [p for p in range(n) if p not in active]
                for player in active:
                    legal = state.legal_actions(player)
                    if idle:
                        other = rng.choice(idle)
                        assert_refused(
                            state, legal[0], other, f"{node.where} (seat {other} is not to play)"
                        )
                    foreign = [a for a in decision_pool if a not in legal]
                    for action in rng.sample(foreign, min(2, len(foreign))):
                        assert_refused(
                            state, action, player, f"{node.where} (legal elsewhere, not here)"
                        )
                    for action in rng.sample(chance_pool, min(1, len(chance_pool))):
                        assert_refused(
                            state, action, player, f"{node.where} (a chance outcome at a decision)"
                        )
            if before is not None:
                assert state.to_json() == before, f"{node.where}: refusals changed the state"


# -- reproducibility, JSON and records ------------------------------------------------------------


def record_of(game: Game[Any], kinds: Sequence[str], seed: int) -> JSONObject:
    bots = [make_bot(kind, game.id) for kind in kinds]
    state = play_match(game, bots, seed=seed)
    seated = [Seat(f"{kind} {p}", kind) for p, kind in enumerate(kinds)]
    return GameRecord.from_state(state, seated).to_json()


@pytest.mark.parametrize("case", CASES)
def test_the_same_seed_gives_the_same_record(case: Case) -> None:
    game = case.game()
    randoms = ["random"] * game.num_players
    records = [record_of(game, randoms, seed) for seed in SEEDS]
    assert records == [record_of(game, randoms, seed) for seed in SEEDS], (
        f"{case}: random bots replayed from the same seeds made different games"
    )
    assert len({json.dumps(r) for r in records}) == len(SEEDS), (
        f"{case}: two seeds made the same game"
    )


@pytest.mark.parametrize("game_id", playable_ids())
def test_the_same_seed_gives_the_same_record_with_every_bot_kind(game_id: str) -> None:
    # One small table per game: the heuristic bots are too slow to play every option set.
    options = min(entry(game_id).conformance_options(), key=lambda o: o.get("players", 0))
    game = load_game(game_id, **options)
    kinds = [("heuristic", "random")[p % 2] for p in range(game.num_players)]
    assert record_of(game, kinds, 7) == record_of(game, kinds, 7), (
        f"{game_id} {options}: bots {kinds} replayed from seed 7 made different games"
    )


@pytest.mark.parametrize("case", CASES)
def test_state_json_round_trips_and_the_restored_state_plays_on_identically(case: Case) -> None:
    for seed in SEEDS:
        play = playout(case, seed)
        final = play.final().to_json()
        n = play.game.num_players
        for node in play.nodes():
            if not node.sampled:
                continue
            state = node.state
            written = state.to_json()
            assert plain_json(written) == written, f"{node.where}: to_json() is not plain JSON"
            restored = play.game.state_from_json(plain_json(written))
            assert restored.to_json() == written, f"{node.where}: the JSON does not round-trip"
            assert restored.is_terminal() == state.is_terminal(), node.where
            assert restored.is_chance_node() == state.is_chance_node(), node.where
            assert list(restored.active_players()) == list(state.active_players()), node.where
            if state.is_chance_node():
                assert list(restored.chance_outcomes()) == list(state.chance_outcomes()), (
                    f"{node.where}: the restored state has other chance outcomes"
                )
            for viewer in [None, *range(n)]:
                assert restored.observation(viewer) == state.observation(viewer), (
                    f"{node.where}: the restored state shows {viewer} something else"
                )
                if viewer is not None:
                    assert list(restored.legal_actions(viewer)) == list(
                        state.legal_actions(viewer)
                    ), f"{node.where}: the restored state offers seat {viewer} other actions"
            for player, action in play.moves[node.index :]:
                restored.apply(action, player)
            assert restored.to_json() == final, (
                f"{node.where}: the restored state, played on with the same actions, ends elsewhere"
            )


@pytest.mark.parametrize("case", CASES)
def test_a_record_through_json_replays_to_the_same_end(case: Case) -> None:
    for seed in SEEDS:
        play = playout(case, seed)
        final = play.final()
        seats = [Seat(f"random {p}", "random") for p in range(play.game.num_players)]
        record = GameRecord.from_state(final, seats, record_id=f"conformance-{seed}")
        assert record.result == final.outcome().to_json()
        loaded = GameRecord.loads(record.dumps())
        assert loaded == record, f"{case}, seed {seed}: the record changed through its JSON"
        replayed = replay_record(loaded)
        assert replayed.to_json() == final.to_json(), (
            f"{case}, seed {seed}: the replayed record ends in another state"
        )
        assert replayed.outcome() == final.outcome(), f"{case}, seed {seed}: another outcome"


@pytest.mark.parametrize("case", CASES)
def test_apply_unchecked_does_what_apply_does(case: Case) -> None:
    for seed in SEEDS:
        play = playout(case, seed)
        checked = play.game.new_initial_state()
        fast = play.game.new_initial_state()
        for i, (player, action) in enumerate(play.moves):
            single = checked.is_chance_node() or len(checked.active_players()) == 1
            told = len(checked.events)
            checked.apply(action, player)
            fast.apply_unchecked(action, None if single else player)
            where = f"{case}, seed {seed}, action {i} ({action})"
            assert fingerprint(fast) == fingerprint(checked), f"{where}: apply_unchecked differs"
            assert fast.events[told:] == checked.events[told:], f"{where}: other events told"
        assert fast.to_json() == checked.to_json()
        assert events_json(fast, None) == events_json(checked, None)


@pytest.mark.parametrize("case", CASES)
def test_a_clone_is_independent_of_its_original(case: Case) -> None:
    for seed in SEEDS:
        play = playout(case, seed)
        earlier: tuple[str, State, Any] | None = None
        for node in play.nodes():
            state = node.state
            if earlier is not None:
                # The walk has moved the original on since: the clone made before must stay put.
                where, kept, kept_print = earlier
                assert fingerprint(kept) == kept_print, (
                    f"{where}: moving the original on changed a clone made there"
                )
            snapshot = fingerprint(state)
            clone = state.clone()
            assert fingerprint(clone) == snapshot, f"{node.where}: the clone differs at once"
            earlier = (node.where, state.clone(), snapshot)
            player = next(iter(movers(clone)), None)
            if player is None:
                continue
            clone.apply(clone.legal_actions(player)[-1], player)
            assert fingerprint(state) == snapshot, f"{node.where}: playing a clone changed it"


# -- what each seat sees --------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES)
def test_observations_and_events_are_plain_json_for_every_seat_and_spectators(
    case: Case,
) -> None:
    for seed in VIEW_SEEDS:
        play = playout(case, seed)
        viewers: list[Player | None] = [None, *range(play.game.num_players)]
        told = 0
        for node in play.nodes():
            for viewer in viewers:
                view = node.state.observation(viewer)
                assert plain_json(view) == view, (
                    f"{node.where}: the observation of {viewer} is not plain JSON"
                )
                fresh = {"events": [e.seen_by(viewer).to_json() for e in node.state.events[told:]]}
                assert plain_json(fresh) == fresh, (
                    f"{node.where}: the events seen by {viewer} are not plain JSON"
                )
            told = len(node.state.events)


@pytest.mark.parametrize("case", CASES)
def test_every_event_has_a_message_in_every_language(case: Case) -> None:
    keys = {e.key for seed in SEEDS for e in playout(case, seed).final().events}
    for lang in LANGUAGES:
        missing = sorted(k for k in keys if text(k, lang) is None)
        assert not missing, f"{case}: no {lang} message for events {missing}"


@pytest.mark.parametrize("case", CASES)
def test_a_determinization_for_a_seat_changes_nothing_that_seat_or_a_spectator_sees(
    case: Case,
) -> None:
    """No leak: a state resampled for seat p is one that neither p nor a spectator can tell from
    the true one (its view, its narration, its choices); and while no event has hidden anything
    from p, it is the true state.

    Resampling is the costly part: each position is resampled for the seats about to act and one
    more seat in turn, and for every seat at the sampled positions."""
    for seed in SEEDS:
        play = playout(case, seed)
        rng = random.Random(f"resample {seed}")
        n = play.game.num_players
        narration = Narration([None, *range(n)])
        for node in play.nodes():
            state = node.state
            narration.catch_up(state)
            public = state.observation(None)
            truth = fingerprint(state)
            viewers = range(n) if node.sampled else {node.index % n, *state.active_players()}
            for p in viewers:
                resampled = state.resample_for(p, rng)
                where = f"{node.where}, resampled for seat {p}"
                assert resampled.observation(p) == state.observation(p), (
                    f"{where}: seat {p}'s own view changed"
                )
                assert tells_the_same(resampled, state, p, narration.seen[p]), (
                    f"{where}: the events as seat {p} saw them changed"
                )
                assert list(resampled.legal_actions(p)) == list(state.legal_actions(p)), (
                    f"{where}: seat {p} could play other actions"
                )
                assert list(resampled.active_players()) == list(state.active_players()), where
                assert resampled.is_chance_node() == state.is_chance_node(), where
                assert resampled.observation(None) == public, (
                    f"{where}: a spectator's view depends on what seat {p} cannot see"
                )
                assert tells_the_same(resampled, state, None, narration.seen[None]), (
                    f"{where}: a spectator's events depend on what seat {p} cannot see"
                )
                if p not in narration.hidden_from:
                    assert fingerprint(resampled) == truth, (
                        f"{where}: nothing is hidden from seat {p}, yet its determinization "
                        "differs from the true state"
                    )
                if node.move is None:
                    # The whole narration in JSON once, at the end (typed equality did the rest).
                    assert events_json(resampled, p) == events_json(state, p), where
                if node.sampled and p == node.index % n:
                    # A determinization is a position the rules could reach: it survives its JSON.
                    written = resampled.to_json()
                    assert play.game.state_from_json(plain_json(written)).to_json() == written, (
                        f"{where}: the resampled state is not a consistent position"
                    )


@pytest.mark.parametrize("case", CASES)
def test_hidden_information_is_really_resampled(case: Case) -> None:
    """The no-leak checks would pass if resampling changed nothing: once events have hidden
    something from a seat, its determinizations must sometimes differ from the true state."""
    hidden_from: set[Player | None] = set()
    varied_for: set[Player | None] = set()
    for seed in SEEDS:
        play = playout(case, seed)
        rng = random.Random(f"vary {seed}")
        narration = Narration(range(play.game.num_players))
        for node in play.nodes():
            narration.catch_up(node.state)
            truth = fingerprint(node.state)
            for p in narration.hidden_from - varied_for:
                assert p is not None
                if any(
                    fingerprint(node.state.resample_for(p, rng)) != truth for _ in range(RESAMPLES)
                ):
                    varied_for.add(p)
        hidden_from |= narration.hidden_from
    assert varied_for == hidden_from, (
        f"{case}: events hid something from seats {sorted(map(str, hidden_from))}, but the "
        f"determinizations of seats {sorted(map(str, hidden_from - varied_for))} never "
        "differed from the true state"
    )


# -- money and the end ----------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES)
def test_money_moves_only_through_events_and_never_goes_negative(case: Case) -> None:
    for seed in SEEDS:
        play = playout(case, seed)
        n = play.game.num_players
        initial = play.game.new_initial_state()
        expected = list(initial.money())
        counted = len(initial.events)
        assert len(expected) == n
        for node in play.nodes():
            state = node.state
            for event in state.events[counted:]:
                for player, delta in event.money_changes().items():
                    assert 0 <= player < n, f"{node.where}: {event.key} pays seat {player}"
                    expected[player] += delta
            counted = len(state.events)
            money = list(state.money())
            assert money == expected, (
                f"{node.where}: the money is {money}, but the events account for {expected}"
            )
            assert all(m >= 0 for m in money), f"{node.where}: someone owes money: {money}"


@pytest.mark.parametrize("case", CASES)
def test_the_outcome_ranks_every_seat_once_and_the_best_win(case: Case) -> None:
    for seed in SEEDS:
        final = playout(case, seed).final()
        n = final.game.num_players
        outcome = final.outcome()
        where = f"{case}, seed {seed}: outcome {outcome.to_json()}"
        placed = [p for place in outcome.ranking for p in place]
        assert sorted(placed) == list(range(n)), (
            f"{where}: the ranking does not hold each seat once"
        )
        assert all(place for place in outcome.ranking), f"{where}: an empty place"
        assert list(outcome.money) == list(final.money()), f"{where}: not the state's money"
        basis = outcome.basis  # the money, or the scores of a game that keeps a score sheet
        fortunes = [basis[place[0]] for place in outcome.ranking]
        assert fortunes == sorted(set(fortunes), reverse=True), f"{where}: not ranked"
        for place in outcome.ranking:
            assert len({basis[p] for p in place}) == 1, f"{where}: tied unequal scores"
        best = max(basis)
        assert set(outcome.winners) == {p for p in range(n) if basis[p] == best}, (
            f"{where}: the winners are not the best placed"
        )
        assert math.isclose(math.fsum(outcome.returns), 1.0, abs_tol=1e-9), (
            f"{where}: the returns do not add up to 1"
        )
        assert all((r > 0) == (p in outcome.winners) for p, r in enumerate(outcome.returns)), (
            f"{where}: a return goes to someone who did not win"
        )
        assert final.returns() == outcome.returns
        assert plain_json(outcome.to_json()) == outcome.to_json()


@pytest.mark.parametrize("case", CASES)
def test_the_context_says_who_acts_what_ranks_and_when_it_is_over(case: Case) -> None:
    """The engine-owned context every front end reads: it agrees with the protocol at every step
    (whose turn it is among the seats acting, the roller in turn), ranks by the game's own basis,
    and ends on the outcome's ranking."""
    basis = case.game().ranking_basis
    for node in playout(case, SEEDS[0]).nodes():
        if not node.sampled:
            continue
        state = node.state
        context = state.context()
        assert plain_json(context) == context, f"{node.where}: the context is not plain JSON"
        assert context["over"] == state.is_terminal(), node.where
        assert context["chance"] == (not state.is_terminal() and state.is_chance_node())
        if not context["over"] and not context["chance"]:
            assert context["to_act"] == list(state.active_players()), node.where
        else:
            assert context["to_act"] == [], node.where
        assert context["ranking_basis"] == basis
        assert context["moves"] == len(state.history)
        turn, round_ = context["turn"], context["round"]
        n = state.game.num_players
        assert turn is None or 0 <= turn < n, f"{node.where}: turn {turn} is not a seat"
        if context["over"]:
            assert turn is None, f"{node.where}: a turn after the end"
        elif context["to_act"] and turn is not None:
            assert turn in context["to_act"], f"{node.where}: seat {turn} has the turn, not acting"
        if context["chance_roller"] is not None and turn is not None:
            assert context["chance_roller"] == turn, f"{node.where}: the roller is not in turn"
        assert round_ is None or (isinstance(round_, int) and round_ >= 1), node.where
        standings = context["standings"]
        assert isinstance(standings, list)
        expected = list(state.money()) if basis == "money" else None
        if expected is not None:
            assert standings == expected, f"{node.where}: standings are not the money"
        ranked = [standings[place[0]] for place in context["ranking"]]
        assert ranked == sorted(ranked, reverse=True), f"{node.where}: the ranking is not ordered"
    final = playout(case, SEEDS[0]).final()
    outcome = final.outcome()
    assert final.context()["ranking"] == [list(place) for place in outcome.ranking]


FLOW_CASES = [p for p in CASES if isinstance(p.values[0].game().new_initial_state(), FlowState)]
"""The cases whose game runs on the engine's turn flow."""


@pytest.mark.parametrize("case", FLOW_CASES)
def test_a_turn_flow_game_moves_only_between_declared_phases(case: Case) -> None:
    """A game on the engine's turn flow goes from a phase only to one its phase table says may
    follow, and the flow's answers are what the phase declares (chance in a chance phase, one seat
    in a seat's phase, nobody at the end)."""
    first = case.game().new_initial_state()
    assert isinstance(first, FlowState)
    phases = first.flow.phases
    before = first.flow.phase
    for node in playout(case, SEEDS[0]).nodes():
        state = node.state
        assert isinstance(state, FlowState)
        flow = state.flow
        assert phases.may_follow(before, flow.phase), (
            f"{node.where}: {before.name.lower()} -> {flow.phase.name.lower()} is not declared"
        )
        before = flow.phase
        acts = flow.step.acts
        if acts is Acts.CHANCE:
            assert state.is_chance_node(), node.where
        elif acts is Acts.OVER:
            assert state.is_terminal() and not state.active_players(), node.where
        elif acts in (Acts.SEAT, Acts.EACH):
            # a seat nobody sits at (a bridge dummy) has its turn taken by its stand-in
            seat = flow.stand_ins.get(flow.turn, flow.turn)
            assert state.is_chance_node() or list(state.active_players()) == [seat]
        elif acts is Acts.CALLED:  # the component under way names who acts, the round waits
            assert state.is_chance_node() or list(state.active_players()) == list(flow.called)
            assert flow.called, f"{node.where}: a called phase with nobody called"
        elif acts is Acts.ALL:
            assert list(state.active_players()) == list(flow.waiting), node.where
