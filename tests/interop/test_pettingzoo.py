"""Every playable game as a PettingZoo AEC environment passes PettingZoo's own tests
(``api_test``, ``seed_test``, ``max_cycles_test``), plays to the end, and refuses an illegal id."""

from __future__ import annotations

import functools
import types

import pytest

from hippodrome.games import playable_ids

pytest.importorskip(
    "pettingzoo", reason="the research extra is not installed: pip install '.[research]'"
)
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test, max_cycles_test, seed_test  # noqa: E402

from hippodrome.interop.pettingzoo import env, parallel_env  # noqa: E402

GAMES = playable_ids()


@pytest.mark.parametrize("round_robin", [False, True])
@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_api_and_seed_tests_pass(game_id: str, round_robin: bool) -> None:
    api_test(env(game_id, round_robin=round_robin), num_cycles=100)
    seed_test(functools.partial(env, game_id, round_robin=round_robin), num_cycles=100)


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_max_cycles_test_passes(game_id: str) -> None:
    module = types.SimpleNamespace(
        env=functools.partial(env, game_id, round_robin=True),
        parallel_env=functools.partial(parallel_env, game_id),
    )
    max_cycles_test(module)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_random_game_plays_to_the_end_and_the_winners_share_one(game_id: str) -> None:
    table = env(game_id)
    table.reset(seed=7)
    total = dict.fromkeys(table.possible_agents, 0.0)
    steps = 0
    for agent in table.agent_iter():
        _, reward, termination, truncation, _ = table.last()
        total[agent] += reward
        assert not truncation
        table.step(None if termination else table.action_space(agent).sample())
        steps += 1
    assert table.state.is_terminal()
    assert sum(total.values()) == pytest.approx(1.0)
    assert total == {
        a: r for a, r in zip(table.possible_agents, table.state.returns(), strict=True)
    }
    assert steps > 20


def test_an_illegal_id_is_refused_naming_it_and_the_mask_and_changes_nothing() -> None:
    table = env("royal_turf", players=3)
    table.reset(seed=1)
    agent = table.agent_selection
    mask = table.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = table.state.to_json()
    with pytest.raises(ValueError, match=rf"action {illegal} is not legal for {agent}.*mask"):
        table.step(illegal)
    with pytest.raises(ValueError, match="is not legal"):
        table.step(10_000)
    assert table.state.to_json() == before
    assert table.agent_selection == agent


def test_the_options_are_keywords_and_render_draws_the_table_as_text() -> None:
    table = env("royal_turf", players=4, hidden_bets=True, render_mode="ansi")
    table.reset(seed=2)
    assert table.possible_agents == ["seat_0", "seat_1", "seat_2", "seat_3"]
    text = table.render()
    assert isinstance(text, str)
    assert "othello" in text.lower()
