"""A state's history and events rewritten when first read (``State.rewrite_later``): what a
determinization uses so that a search playing it out never pays for rewriting its record."""

from __future__ import annotations

import random

from hippodrome import load_game
from hippodrome.engine.actions import Action
from hippodrome.engine.events import Event
from hippodrome.engine.game import State
from hippodrome.engine.types import Player


def a_game_under_way(moves: int = 30) -> State:
    """Win, Place & Show after ``moves`` random moves: its rules append to the record unread."""
    state = load_game("win_place_show").new_initial_state()
    rng = random.Random(4)
    for _ in range(moves):
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
        else:
            player = state.active_players()[0]
            state.apply_unchecked(rng.choice(list(state.legal_actions(player))), player)
    return state


class Marker:
    """Rewrites the first entry of a list to the last one's, and counts its calls."""

    def __init__(self) -> None:
        self.calls = 0

    def history(self, history: list[tuple[Player, Action]]) -> None:
        self.calls += 1
        history[0] = history[-1]

    def events(self, events: list[Event]) -> None:
        self.calls += 1
        events[0] = events[-1]


def test_a_rewrite_runs_once_when_the_history_is_first_read_not_before() -> None:
    state = a_game_under_way()
    last = state.history[-1]
    marker = Marker()
    state.rewrite_later(history=marker.history)
    assert state.is_rewrite_pending()
    assert marker.calls == 0, "deferred: nothing runs until the history is read"
    assert state.history[0] == last, "the first reading sees the history rewritten"
    assert state.history[0] == last
    assert marker.calls == 1, "rewritten once, not at every reading"
    assert not state.is_rewrite_pending()


def test_playing_on_appends_without_rewriting_and_the_rewrite_keeps_the_new_moves() -> None:
    state = a_game_under_way()
    before = len(state.history)
    marker = Marker()
    state.rewrite_later(history=marker.history, events=marker.events)
    rng = random.Random(5)
    for _ in range(10):
        if state.is_chance_node():
            state.apply_unchecked(state.sample_chance(rng))
        else:
            player = state.active_players()[0]
            state.apply_unchecked(rng.choice(list(state.legal_actions(player))), player)
    assert marker.calls == 0, (
        "applying moves appends to the record (``_history``, ``_events``) unread"
    )
    history = state.history
    assert len(history) == before + 10
    assert marker.calls == 1
    assert history[0] == history[-1], "the rewrite ran on the list the moves were appended to"
    events = state.events
    assert marker.calls == 2 and events[0] is events[-1]


def test_a_checked_move_leaves_the_rewrite_pending_and_returns_only_its_events() -> None:
    state = a_game_under_way()
    marker = Marker()
    state.rewrite_later(events=marker.events)
    told = len(state._events)
    while state.is_chance_node():
        state.apply_unchecked(state.sample_chance(random.Random(1)))
    player = state.active_players()[0]
    new = state.apply(state.legal_actions(player)[0], player)
    assert marker.calls == 0
    assert new == state._events[told:]


def test_a_clone_reads_the_record_so_it_copies_it_rewritten() -> None:
    state = a_game_under_way()
    marker = Marker()
    state.rewrite_later(history=marker.history)
    copy = state.clone()
    assert marker.calls == 1
    assert copy.history == state.history and copy.history[0] == copy.history[-1]
    assert copy.history is not state.history and copy.events is not state.events, "its own lists"
    assert not copy.is_rewrite_pending()


def test_a_history_set_anew_drops_the_rewrite_of_the_old_one() -> None:
    state = a_game_under_way()
    marker = Marker()
    state.rewrite_later(history=marker.history)
    fresh = state._history[:5]
    state.history = fresh
    assert state.history is fresh and fresh == state._history[:5]
    assert marker.calls == 0, "the rewrite was for the history replaced"
    assert not state.is_rewrite_pending()


def test_a_second_rewrite_runs_after_the_first() -> None:
    state = a_game_under_way()
    order: list[str] = []
    state.rewrite_later(history=lambda h: order.append("first"))
    state.rewrite_later(history=lambda h: order.append("second"))
    assert order == ["first"], "the pending rewrite runs before another is deferred"
    state.history  # noqa: B018 (read: runs the second)
    assert order == ["first", "second"]
