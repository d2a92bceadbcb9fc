"""The one-seat Gymnasium environment (``hippodrome.interop.gym``) passes Gymnasium's own
``check_env`` on every game, masks exactly the learner's legal actions, plays against every kind of
bot, pays the game's own reward, and batches games through ``gymnasium.vector``."""

from __future__ import annotations

import warnings

import pytest

from hippodrome.games import playable_ids

pytest.importorskip(
    "gymnasium", reason="the research extra is not installed: pip install '.[research]'"
)
np = pytest.importorskip("numpy")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from hippodrome.interop.gym import env, vector_env  # noqa: E402

GAMES = playable_ids()


@pytest.mark.parametrize("game_id", GAMES)
def test_gymnasium_check_env_passes_at_the_game_s_default_options(game_id: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # any other warning of Gymnasium's checker fails the test
        # check_env cannot try other render modes on an environment made without gymnasium.make.
        warnings.filterwarnings("ignore", message=".*alternative render modes")
        check_env(env(game_id))


@pytest.mark.parametrize("game_id", GAMES)
def test_a_random_learner_plays_to_the_end_inside_its_spaces_and_gets_the_game_s_return(
    game_id: str,
) -> None:
    table = env(game_id, seat=1)
    obs, info = table.reset(seed=3)
    steps = 0
    total = 0.0
    done = False
    while not done:
        assert table.observation_space.contains(obs)
        mask = table.action_masks()
        assert mask.dtype == bool and np.array_equal(mask, info["action_mask"].astype(bool))
        state = table.game_state
        legal = state.legal_actions(1)
        assert mask.sum() == len(legal) > 0 and 1 in state.active_players()
        obs, reward, done, truncated, info = table.step(table.action_space.sample())
        assert not truncated and (done or reward == 0.0)
        total += reward
        steps += 1
    assert table.game_state.is_terminal() and steps > 3
    assert total == table.game_state.returns()[1]


def test_an_illegal_id_is_refused_naming_the_legal_ones_and_changes_nothing() -> None:
    """By default the learner is told (``info["illegal"]``) and decides again; or it raises."""
    table = env("royal_turf", players=3)
    obs, _ = table.reset(seed=1)
    illegal = int(np.flatnonzero(~table.action_masks())[0])
    before = table.game_state.to_json()
    for bad in (illegal, -1, 10_000, "move"):
        again, reward, done, truncated, info = table.step(bad)
        assert np.array_equal(again, obs) and (reward, done, truncated) == (0.0, False, False)
        assert "is not legal for seat 0 now; legal ids [" in info["illegal"]
    assert table.game_state.to_json() == before
    strict = env("royal_turf", players=3, illegal="raise")
    strict.reset(seed=1)
    for bad in (illegal, -1, 10_000, "move"):
        with pytest.raises(ValueError, match=r"is not legal for seat 0 now; legal ids \[\d"):
            strict.step(bad)
    assert strict.game_state.to_json() == before
    _, _, _, _, info = strict.step(int(np.flatnonzero(strict.action_masks())[0]))
    assert "illegal" not in info


def test_a_seed_replays_the_game_and_the_seat_can_rotate_round_the_table() -> None:
    def game(seed: int) -> list[str]:
        table = env("toques_et_casques", opponents="heuristic")
        table.reset(seed=seed)
        table.action_space.seed(seed)
        done = False
        while not done:
            _, _, done, _, _ = table.step(table.action_space.sample())
        return [str(action) for _, action in table.game_state.history]

    assert game(5) == game(5)
    assert game(5) != game(6)
    table = env("royal_turf", players=3, seat="rotate")
    seats = [table.reset(seed=s)[1]["seat"] for s in range(4)]
    assert seats == [0, 1, 2, 0]


def test_the_opponents_may_be_any_bot_the_search_bot_at_a_budget_included() -> None:
    table = env("royal_turf", players=3, opponents=["random", "heuristic", "ismcts:8it"])
    assert table.opponents[1:] == ["heuristic", "ismcts:8it"]
    table.reset(seed=2)
    for _ in range(8):
        _, _, done, _, _ = table.step(table.action_space.sample())
        if done:
            break
    assert len(table.game_state.history) > 8
    with pytest.raises(ValueError, match="opponents: 2 kinds for 3 seats"):
        env("royal_turf", players=3, opponents=["random", "random"])
    with pytest.raises(ValueError, match="reward 'money'"):
        env("royal_turf", reward="money")
    with pytest.raises(ValueError, match="seat 5"):
        env("royal_turf", players=3, seat=5)


def test_the_rank_reward_grades_the_final_places_and_win_is_the_default() -> None:
    rewards: dict[str, list[float]] = {"win": [], "rank": []}
    for kind in ("win", "rank"):
        table = env("royal_turf", players=3, reward=kind)
        for seed in range(6):
            table.reset(seed=seed)
            table.action_space.seed(seed)
            done = False
            while not done:
                _, reward, done, _, _ = table.step(table.action_space.sample())
            ranking = table.game_state.outcome().ranking
            if kind == "rank" and len(ranking) == 3:
                place = next(i for i, group in enumerate(ranking) if 0 in group)
                assert reward == (1.0, 0.5, 0.0)[place]
            rewards[kind].append(reward)
    assert set(rewards["rank"]) - {0.0, 1.0}, "rank never graded a middle place"
    assert all(r in (0.0, 1.0) or 0 < r < 1 for r in rewards["win"])
    assert [r == 1.0 for r in rewards["win"]] == [r == 1.0 for r in rewards["rank"]]


@pytest.mark.parametrize("asynchronous", [False, True])
def test_a_vector_of_games_steps_together_each_with_its_own_mask(asynchronous: bool) -> None:
    games = vector_env("royal_turf", 3, asynchronous=asynchronous, players=3)
    try:
        obs, infos = games.reset(seed=10)
        assert obs.shape[0] == 3 and games.single_observation_space.contains(obs[2])
        finished = 0
        for _ in range(150):
            masks = infos["action_mask"]
            actions = [int(np.flatnonzero(m)[0]) for m in masks]  # a finished game is reset
            obs, rewards, done, _, infos = games.step(np.array(actions))
            assert games.observation_space.contains(obs)
            assert not rewards[~done].any()
            finished += int(done.sum())
        assert finished >= 3
    finally:
        games.close()
