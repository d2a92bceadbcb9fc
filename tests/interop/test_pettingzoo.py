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
    assert table.game_state.is_terminal()
    assert sum(total.values()) == pytest.approx(1.0)
    assert total == {
        a: r for a, r in zip(table.possible_agents, table.game_state.returns(), strict=True)
    }
    assert steps > 20


def test_an_illegal_id_is_refused_naming_it_and_the_mask_and_changes_nothing() -> None:
    table = env("royal_turf", players=3)
    table.reset(seed=1)
    agent = table.agent_selection
    mask = table.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = table.game_state.to_json()
    with pytest.raises(ValueError, match=rf"action {illegal} is not legal for {agent}.*mask"):
        table.step(illegal)
    with pytest.raises(ValueError, match="is not legal"):
        table.step(10_000)
    assert table.game_state.to_json() == before
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
            expected = table.encoding.observation.encode(table.game_state, seat)
            kept.append((obs, expected, len(table.game_state.history)))
        if step % 15 == 0 and not done:  # read at once: the position now
            assert np.array_equal(
                obs["observation"],
                table.encoding.observation.encode(
                    table.game_state, table.possible_agents.index(agent)
                ),
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
    expected = table.encoding.observation.encode(table.game_state, 0)
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


@pytest.mark.parametrize("game_id", GAMES)
def test_in_the_sequential_mode_max_cycles_counts_a_seat_s_decisions(game_id: str) -> None:
    """No seat makes more than ``max_cycles`` decisions, however the turns fall (a seat may decide
    several times in a row, so trips round the table would not bound the game): the game is
    truncated when it would ask a seat for one more."""
    table = env(game_id, max_cycles=4)
    table.reset(seed=2)
    decisions = dict.fromkeys(table.possible_agents, 0)
    for agent in table.agent_iter():
        _, _, done, truncated, _ = table.last()
        if done or truncated:
            table.step(None)
            continue
        decisions[agent] += 1
        table.step(table.action_space(agent).sample())
    assert max(decisions.values()) == 4
    assert all(table.truncations.values()) and not table.game_state.is_terminal()


@pytest.mark.parametrize("game_id", ["royal_turf", "win_place_show"])
def test_pettingzoo_max_cycles_test_passes_in_the_sequential_mode_where_seats_take_turns(
    game_id: str,
) -> None:
    """PettingZoo's test wants every seat asked ``max_cycles`` times: true in the sequential mode
    of the games whose opening turns go round the table (in the three others a seat opens with
    several decisions in a row; the round-robin mode passes it for all, above)."""
    module = types.SimpleNamespace(
        env=functools.partial(env, game_id), parallel_env=functools.partial(parallel_env, game_id)
    )
    max_cycles_test(module)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_state_is_every_seat_s_vector_within_the_state_space(game_id: str) -> None:
    table = env(game_id)
    table.reset(seed=5)
    for step, agent in enumerate(table.agent_iter(60)):
        obs, _, done, truncated, _ = table.last()
        if step % 10 == 0:
            state = table.state()
            assert state.shape == table.state_space.shape and table.state_space.contains(state)
            own = table.possible_agents.index(agent)
            size = table.encoding.observation.size
            assert np.array_equal(state[own * size : (own + 1) * size], obs["observation"])
            assert table.observation_space(agent).contains(obs)
        table.step(None if done or truncated else table.action_space(agent).sample())


def test_asking_whether_the_mask_is_there_encodes_nothing() -> None:
    """PettingZoo's own tools (``random_demo``, ``average_total_reward``) test
    ``"action_mask" in obs`` every step: that must not encode the vector."""
    table = env("royal_turf", players=3)
    encoded: list[int] = []
    vector = table.vector

    def counted(*args: Any) -> Any:
        encoded.append(1)
        return vector(*args)

    table.vector = counted  # type: ignore[method-assign, assignment]
    table.reset(seed=1)
    for agent in table.agent_iter(50):
        obs, _, done, truncated, _ = table.last()
        assert "action_mask" in obs and "observation" in obs
        mask = obs.get("action_mask")
        table.step(None if done or truncated else table.action_space(agent).sample(mask))
    assert not encoded
    assert obs["observation"].shape == (table.encoding.observation.size,) and encoded == [1]
