"""Every playable game as an OpenSpiel Python game: registered, truthful about itself, through
OpenSpiel's own checks at its default options (the C++ ``random_sim_test`` and the Python
``games_sim_test``: serialization, pickling and cloning included), and played by its algorithms
(MCTS, ISMCTS on hidden bets, outcome-sampling MCCFR, DQN through ``rl_environment``)."""

from __future__ import annotations

import pickle
from typing import Any

import pytest

from hippodrome.games import entry, load_game, playable_ids

pyspiel = pytest.importorskip(
    "pyspiel", reason="the research extra is not installed: pip install '.[research]'"
)
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import ismcts, mcts, outcome_sampling_mccfr  # noqa: E402

from hippodrome.interop.openspiel import class_name, short_name  # noqa: E402

HIDDEN_BETS = {"hidden_bets": True}
"""Royal Turf with its face-down stakes: the imperfect-information game ISMCTS and MCCFR are for."""


@pytest.mark.parametrize("game_id", playable_ids())
def test_openspiel_random_simulation_test_passes_at_the_default_options(game_id: str) -> None:
    """OpenSpiel's own C++ check (every string and tensor, cloning, serialization, the length
    within ``max_game_length``), on the game as ``load_game`` gives it."""
    game = pyspiel.load_game(short_name(game_id))
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


@pytest.fixture(scope="module")
def games_sim_test() -> Any:
    """OpenSpiel's Python ``games_sim_test`` checks (``GamesSimTest.sim_game``: the game, its type
    and its states pickled and unpickled, cloning, serialization, returns within the utilities)."""
    module = pytest.importorskip("open_spiel.python.tests.games_sim_test")
    return module.GamesSimTest()


@pytest.mark.parametrize("game_id", playable_ids())
def test_openspiel_python_games_sim_test_passes_pickle_included(
    game_id: str, games_sim_test: Any
) -> None:
    game = pyspiel.load_game(short_name(game_id))
    games_sim_test.sim_game(game)
    if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
        # games_sim_test's test_simultaneous_game_as_turn_based
        games_sim_test.sim_game(pyspiel.convert_to_turn_based(game))


@pytest.mark.parametrize("game_id", playable_ids())
def test_the_game_and_a_state_pickle_by_their_class_bound_in_the_module(game_id: str) -> None:
    """Issue 37, point 1: anything that sends a game to another process pickles it."""
    game = pyspiel.load_game(short_name(game_id), {"players": 2})
    assert type(game).__name__ == class_name(game_id)
    again = pickle.loads(pickle.dumps(game))
    assert type(again) is type(game) and str(again) == str(game)
    state = game.new_initial_state()
    rng = np.random.default_rng(4)
    for _ in range(30):
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        elif state.is_simultaneous_node():
            state.apply_actions([int(rng.choice(state.legal_actions(p))) for p in range(2)])
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    copy = pickle.loads(pickle.dumps(state))
    assert copy.history() == state.history()
    assert str(copy) == str(state)
    assert copy.information_state_string(0) == state.information_state_string(0)


@pytest.mark.parametrize("game_id", playable_ids())
def test_max_game_length_is_the_game_s_bound_for_the_options_loaded(game_id: str) -> None:
    """Issue 32, point 10, and issue 37, point 2: the length OpenSpiel is told is the bound the
    game works out for the options loaded, its default options or others
    (``GameInfo.max_length``), never more than its manifest's."""
    info = entry(game_id)
    assert info.traits is not None
    for params in ({}, {"players": 2}):
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


def _play(state: Any, rng: Any, moves: int) -> Any:
    """``moves`` random steps (chance by its odds), or fewer if the game ends."""
    for _ in range(moves):
        if state.is_terminal():
            break
        if state.is_chance_node():
            ids, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(ids, p=probs)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def _after_hidden_bets(seed: int) -> Any:
    """A Royal Turf position (hidden bets) where every seat has laid face-down stakes."""
    game = pyspiel.load_game(short_name("royal_turf"), HIDDEN_BETS)
    rng = np.random.default_rng(seed)
    state = game.new_initial_state()
    while not (state.inner.pool.slips and len(state.inner.pool.slips) >= 6):
        _play(state, rng, 1)
    while state.is_chance_node():
        _play(state, rng, 1)
    return state


def test_resample_from_infostate_is_a_world_the_seat_cannot_tell_from_the_true_one() -> None:
    """Issue 37, point 3: the engine's ``resample_for`` deals the other seats' face-down stakes
    anew; the drawn state is replayed, so its history is a legal one and the seat's key is the same."""
    state = _after_hidden_bets(1)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    stakes = {tuple(s.stake for s in state.inner.pool.slips)}
    for _ in range(12):
        drawn = state.resample_from_infostate(seat, sampler)
        assert drawn.information_state_string(seat) == state.information_state_string(seat)
        assert len(drawn.history()) == len(state.history())
        assert drawn.legal_actions() == state.legal_actions()
        mine = [s.stake for s in drawn.inner.pool.slips if s.player == seat]
        assert mine == [s.stake for s in state.inner.pool.slips if s.player == seat]
        stakes.add(tuple(s.stake for s in drawn.inner.pool.slips))
    assert len(stakes) > 1, "the other seats' stakes were never dealt anew"


def test_openspiel_s_ismcts_searches_royal_turf_with_hidden_bets() -> None:
    state = _after_hidden_bets(2)
    rng = np.random.RandomState(5)
    bot = ismcts.ISMCTSBot(
        state.get_game(), mcts.RandomRolloutEvaluator(1, rng), 2.0, 20, random_state=rng
    )
    action = bot.step(state)
    assert action in state.legal_actions()


def test_the_information_state_string_is_a_compact_key_of_what_the_seat_saw() -> None:
    """Issue 37, point 4: a key of some 45 characters however long the game, the same for
    positions the seat cannot tell apart (another seat's face-down stake), different once the
    seat saw something else."""
    state = _after_hidden_bets(3)
    seat = state.current_player()
    key = state.information_state_string(seat)
    assert len(key) < 64 and key.startswith(f"p{seat} e{len(state.inner.events)} ")
    other = next(p for p in range(state.num_players()) if p != seat)
    assert state.information_state_string(other) != key
    # Another seat's hidden stake changed: the seat cannot tell, the key stays.
    drawn = state.resample_from_infostate(seat, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert drawn.information_state_string(seat) == key
    # The seat's own choice differs: it saw itself choose otherwise.
    first, second = state.child(state.legal_actions()[0]), state.child(state.legal_actions()[1])
    assert first.information_state_string(seat) != second.information_state_string(seat)
    # To the end of a game, the key keeps its size.
    _play(first, np.random.default_rng(3), 10_000)
    assert first.is_terminal() and len(first.information_state_string(seat)) < 64


def test_outcome_sampling_mccfr_runs_on_royal_turf_with_hidden_bets() -> None:
    """A few iterations (the 1,000-iteration memory figure is scripts/bench_openspiel.py's): every
    information state it stores is keyed by a compact string."""
    game = pyspiel.load_game(short_name("royal_turf"), HIDDEN_BETS)
    np.random.seed(0)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    for _ in range(2):
        solver.iteration()
    keys = solver._infostates  # what the solver holds, one entry per information state
    assert len(keys) > 100
    assert max(map(len, keys)) < 64


def test_outcome_sampling_mccfr_walks_a_whole_win_place_show_game() -> None:
    """Issue 37, point 4: the turn-based game is deeper than Python's default recursion limit;
    the adapter's import raises it, so OpenSpiel's recursive MCCFR reaches the end."""
    game = pyspiel.convert_to_turn_based(
        pyspiel.load_game(short_name("win_place_show"), {"players": 2})
    )
    np.random.seed(1)
    outcome_sampling_mccfr.OutcomeSamplingSolver(game).iteration()


def test_openspiel_s_dqn_trains_through_rl_environment_on_the_named_layout() -> None:
    """Issue 37, point 5: ``rl_environment`` reads the observation tensor, the encoding's named
    layout, by default; OpenSpiel's PyTorch DQN learns on it for two episodes without a NaN loss
    (it met one in its second episode on the raw 4,096-slot tensor)."""
    torch = pytest.importorskip("torch", reason="OpenSpiel's PyTorch agents need torch")
    pytest.importorskip("tree", reason="OpenSpiel's PyTorch agents need dm-tree")
    from open_spiel.python import rl_environment  # noqa: PLC0415
    from open_spiel.python.pytorch import dqn  # noqa: PLC0415

    torch.manual_seed(0)
    np.random.seed(0)
    env = rl_environment.Environment(short_name("royal_turf"), players=2)
    assert env.use_observation
    names = env.game.encoding.observation.names
    assert names is not None and env.observation_spec()["info_state"] == (len(names),)
    size, actions = len(names), env.action_spec()["num_actions"]
    agents = [
        dqn.DQN(p, size, actions, hidden_layers_sizes=[32], replay_buffer_capacity=500,
                batch_size=16, min_buffer_size_to_learn=16, learn_every=4)
        for p in range(2)
    ]  # fmt: skip
    losses = []
    for _ in range(2):
        step = env.reset()
        while not step.last():
            player = step.observations["current_player"]
            step = env.step([agents[player].step(step).action])
            if agents[player].loss is not None:
                losses.append(float(agents[player].loss))
        for agent in agents:
            agent.step(step)
    assert len(losses) > 50
    assert np.isfinite(losses).all()
