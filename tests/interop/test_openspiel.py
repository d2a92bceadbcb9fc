"""Every playable game as an OpenSpiel Python game: registered, truthful about itself, through
OpenSpiel's own random simulation test (serialization and cloning included), and played by one of
its algorithms (the MCTS bot)."""

from __future__ import annotations

from typing import Any

import pytest

from hippodrome.games import entry, load_game, playable_ids

pyspiel = pytest.importorskip(
    "pyspiel", reason="the research extra is not installed: pip install '.[research]'"
)
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402

from hippodrome.interop.openspiel import short_name  # noqa: E402

SHORT: dict[str, dict[str, Any]] = {
    "royal_turf": {"players": 2},
    "toques_et_casques": {"players": 2},
    "royal_steeple_chase": {"players": 2, "scoring": "race"},
}
"""Short option sets: the simulation test checks every string and tensor at every position."""


@pytest.mark.parametrize("game_id", playable_ids())
def test_openspiel_random_simulation_test_passes(game_id: str) -> None:
    game = pyspiel.load_game(short_name(game_id), SHORT.get(game_id, {}))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize("game_id", playable_ids())
def test_max_game_length_is_the_game_s_bound_for_the_options_loaded(game_id: str) -> None:
    """Issue 32, point 10: the length OpenSpiel is told is the bound of the game as loaded, its
    default options or others (``GameInfo.max_length``), never more than its manifest's."""
    info = entry(game_id)
    assert info.traits is not None
    loads: list[dict[str, Any]] = [{}, SHORT.get(game_id, {"players": 2})]
    for params in loads:
        game = pyspiel.load_game(short_name(game_id), params)
        bound = info.max_length(load_game(game_id, **params))
        assert game.max_game_length() == bound <= info.traits.max_length, params


@pytest.mark.parametrize("game_id", playable_ids())
def test_the_game_type_states_chance_information_and_utility_truthfully(game_id: str) -> None:
    traits = entry(game_id).traits
    assert traits is not None
    game = pyspiel.load_game(short_name(game_id))
    kind = game.get_type()
    chance = kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert chance == traits.chance
    imperfect = kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert imperfect == (traits.hidden_information or traits.simultaneous_moves)
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert game.utility_sum() == 1.0


def test_an_illegal_action_gets_openspiel_s_error_and_changes_nothing() -> None:
    game = pyspiel.load_game("hippodrome_royal_turf")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    illegal = next(a for a in range(game.num_distinct_actions()) if a not in state.legal_actions())
    before = str(state), state.history()
    with pytest.raises(pyspiel.SpielError):
        state.apply_action(illegal)
    assert (str(state), state.history()) == before


def test_the_options_are_game_parameters_and_the_tensors_have_their_declared_shape() -> None:
    game = pyspiel.load_game("hippodrome_toques_et_casques", {"players": 4, "split": "70;30;20"})
    assert game.num_players() == 4
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()
    assert len(state.information_state_tensor(1)) == game.information_state_tensor_size()


def test_openspiel_s_mcts_bot_plays_royal_turf_to_the_end() -> None:
    game = pyspiel.load_game("hippodrome_royal_turf", {"players": 2})
    rng = np.random.RandomState(3)
    bot = mcts.MCTSBot(game, 2.0, 8, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        elif state.current_player() == 0:
            state.apply_action(bot.step(state))
            moves += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert moves > 10
    assert sum(state.returns()) == pytest.approx(1.0)


@pytest.mark.parametrize("game_id", playable_ids())
def test_games_whose_seats_choose_at_once_have_simultaneous_nodes(game_id: str) -> None:
    traits = entry(game_id).traits
    assert traits is not None
    game = pyspiel.load_game(short_name(game_id))
    simultaneous = game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS
    assert simultaneous == traits.simultaneous_moves


def test_sealed_bids_are_one_simultaneous_node_and_the_idle_seats_pass() -> None:
    """Win, Place & Show's sheet (§5: every seat writes its bids at once): one joint action moves
    every seat's sheet on; a seat with nothing to decide has the single id *pass*."""
    game = pyspiel.load_game(short_name("win_place_show"), {"players": 3})
    passes = game.num_distinct_actions() - 1
    state = game.new_initial_state()
    rng = np.random.default_rng(2)
    while not (state.is_simultaneous_node() and state.inner.observation(0)["phase"] == "sheet"):
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(3)])
    assert state.current_player() == pyspiel.PlayerId.SIMULTANEOUS
    legal = [state.legal_actions(p) for p in range(3)]
    assert all(len(ids) > 1 and passes not in ids for ids in legal), "every seat writes a bid"
    written = [len(state.inner.sheets[p]) for p in range(3)]
    state.apply_actions([ids[1] for ids in legal])
    assert [len(state.inner.sheets[p]) for p in range(3)] == [w + 1 for w in written]
    # Later, a node where one seat decides: the others pass, and only pass.
    while not state.is_terminal():
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
            continue
        deciders = state.inner.active_players()
        if len(deciders) == 1:
            idle = next(p for p in range(3) if p not in deciders)
            assert state.legal_actions(idle) == [passes]
            joint = [passes] * 3
            joint[deciders[0]] = state.legal_actions(deciders[0])[0]
            joint[idle] = state.legal_actions(deciders[0])[0]
            before = str(state)
            with pytest.raises(pyspiel.SpielError):
                state.apply_actions(joint)
            assert str(state) == before
            return
        state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(3)])
    pytest.fail("no node where a single seat decides")


def test_a_single_action_at_a_simultaneous_node_is_refused_and_changes_nothing() -> None:
    game = pyspiel.load_game(short_name("win_place_show"), {"players": 2})
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    assert state.is_simultaneous_node()
    assert state.legal_actions() == []  # each player's ids: legal_actions(player)
    before = str(state), state.history()
    with pytest.raises(pyspiel.SpielError, match="apply_actions"):
        state.apply_action(state.legal_actions(0)[0])
    assert (str(state), state.history()) == before
