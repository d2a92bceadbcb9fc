"""Every playable game as a PettingZoo AEC environment passes PettingZoo's own tests
(``api_test``, ``seed_test``, ``max_cycles_test``), plays to the end, and refuses an illegal id."""

from __future__ import annotations

import copy
import functools
import pickle
import types
from typing import Any

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


@pytest.mark.parametrize("game_id", GAMES)
def test_the_observation_read_late_is_still_that_of_the_position_observed(game_id: str) -> None:
    """The vector is encoded when first read; read after the game moved on (or after a new game
    began) it is the vector of the seat at the position observed, not of the position now."""
    table = env(game_id)
    table.reset(seed=3)
    kept: list[tuple[Any, Any, int]] = []
    for step, agent in enumerate(table.agent_iter()):
        obs, _, done, truncated, _ = table.last()
        if step % 5 == 0:
            seat = table.possible_agents.index(agent)
            expected = table.encoding.observation.encode(table.state, seat)
            kept.append((obs, expected, len(table.state.history)))
        if step % 15 == 0 and not done:  # read at once: the position now
            assert np.array_equal(
                obs["observation"],
                table.encoding.observation.encode(table.state, table.possible_agents.index(agent)),
            )
        table.step(
            None if done or truncated else table.action_space(agent).sample(obs["action_mask"])
        )
    table.reset(seed=4)  # another game under way: the kept ones stay those of the first
    assert len(kept) > 5
    for obs, expected, _ in reversed(kept):  # backwards: each rebuilt from the history again
        assert obs["observation"].dtype == np.float32
        assert np.array_equal(obs["observation"], expected)


def test_an_unread_observation_is_a_dict_in_every_way() -> None:
    table = env("toques_et_casques")
    table.reset(seed=1)
    expected = table.encoding.observation.encode(table.state, 0)
    mask = table.mask(table.agent_selection)

    def fresh() -> Any:
        return table.observe(table.agent_selection)

    for plain in (
        dict(fresh()),
        {**fresh()},
        fresh().copy(),
        copy.deepcopy(fresh()),
        pickle.loads(pickle.dumps(fresh())),
        dict(fresh().items()),
        dict(zip(fresh().keys(), fresh().values(), strict=True)),
    ):
        assert type(plain) is dict
        assert sorted(plain) == ["action_mask", "observation"]
        assert np.array_equal(plain["observation"], expected)
        assert np.array_equal(plain["action_mask"], mask)
    assert np.array_equal(fresh().get("observation"), expected)
    assert fresh() != {"observation": expected}  # compared as a dict: not the same keys
    assert "'observation': None" not in repr(fresh())
    assert fresh().pop("observation") is not None
    assert "observation" in fresh() and len(fresh()) == 2
    assert list(fresh()) == list(fresh().keys()) == ["action_mask", "observation"]
    assert np.array_equal((fresh() | {})["observation"], expected)
    written = fresh()
    written["observation"] = "mine"  # written before it was read: the value written stays
    assert written["observation"] == "mine"
    assert type(fresh())().get("observation") is None
    assert table.observation_space(table.agent_selection).contains(fresh())


def test_sampling_draws_a_legal_id_from_any_mask_and_repeats_under_a_seed() -> None:
    table = env("royal_turf", players=3)

    def draws(seed: int) -> list[int]:
        table.reset(seed=1)
        space = table.action_space(table.agent_selection)
        space.seed(seed)
        mask = table.last()[0]["action_mask"]
        legal = set(np.flatnonzero(mask).tolist())
        out = [int(space.sample(mask)) for _ in range(40)]
        foreign = mask.copy()  # not one of the environment's: Gymnasium's own sampling
        out += [int(space.sample(foreign)) for _ in range(10)]
        out.append(int(space.sample()))  # no mask: the seat's current one
        assert set(out) <= legal
        assert len(set(out)) > 1
        assert isinstance(space.sample(mask), np.int64)
        return out

    assert draws(5) == draws(5)
    assert draws(5) != draws(6)
