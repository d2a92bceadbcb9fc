"""The research example (``examples/royal_turf_betting.py``) runs end to end on a small budget: its
agent only ever picks legal bets through the PettingZoo environment, training moves its weights,
and the report and the plot come out. (How much it learns is measured by running it, see
``docs/research.md``; a test could not hold that in CI's time.)"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

np = pytest.importorskip(
    "numpy", reason="the research extra is not installed: pip install '.[research]'"
)
pytest.importorskip("pettingzoo", reason="the research extra is not installed")

EXAMPLE = Path(__file__).parents[2] / "examples" / "royal_turf_betting.py"


@pytest.fixture(scope="module")
def example() -> ModuleType:
    spec = importlib.util.spec_from_file_location("royal_turf_betting", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_the_agent_bets_only_legal_ids_and_learns_from_each_race(example: ModuleType) -> None:
    table = example.env("royal_turf", players=3)
    policy = example.BettingPolicy(example.BetFeatures(table))
    others = example.bot_chooser(example.make_bot("heuristic", "royal_turf"))
    choosers = example.seated(example.agent_chooser(policy, learn=True), others, 0)
    rng = random.Random(4)
    table.reset(seed=4)
    bets = 0
    for agent in table.agent_iter():
        obs, _, done, truncated, _ = table.last()
        if done or truncated:
            table.step(None)
            continue
        seat = table.possible_agents.index(agent)
        chosen = choosers[seat](table, seat, obs, rng)
        assert obs["action_mask"][chosen] == 1, f"{agent} chose id {chosen}, not legal"
        if seat == 0 and table.game_state.observation(0)["phase"] == "betting":
            bets += 1
        table.step(chosen)
    assert bets and len(policy.trace) > 0
    before = policy.weights.copy()
    policy.finish(0, list(table.game_state.observation(0)["money"]))
    assert not policy.trace and not np.array_equal(before, policy.weights)


def test_a_short_run_reports_both_measures_and_draws_its_plot(
    example: ModuleType, tmp_path: Path
) -> None:
    pytest.importorskip("matplotlib", reason="the research extra is not installed")
    report = example.run(episodes=3, evaluation=3, log=None)
    for key in ("before", "after", "heuristic_in_the_seat"):
        for opponent in ("random", "heuristic"):
            measure = report[key][opponent]
            assert measure["games"] == 3
            low, high = measure["interval"]
            assert 0 <= low <= measure["win_rate"] <= high <= 1
    assert len(report["curve"]) == 3
    example.plot(report, str(tmp_path / "betting.png"))
    assert (tmp_path / "betting.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_the_maskable_ppo_baseline_trains_measures_and_plots_on_a_tiny_budget(
    tmp_path: Path,
) -> None:
    """``examples/train_maskable_ppo.py`` end to end: a few steps of MaskablePPO through the
    Gymnasium environment, the measure with its Wilson interval, the plot. (What it reaches is
    measured by running it, docs/research.md.)"""
    pytest.importorskip("sb3_contrib", reason="the research extra is not installed")
    pytest.importorskip("matplotlib", reason="the research extra is not installed")
    spec = importlib.util.spec_from_file_location(
        "train_maskable_ppo", EXAMPLE.parent / "train_maskable_ppo.py"
    )
    assert spec is not None and spec.loader is not None
    ppo = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = ppo
    spec.loader.exec_module(ppo)
    report = ppo.run(steps=48, evaluation=2, envs=2, n_steps=24, baselines="none", log=None)
    assert report["steps"] >= 48 and report["training_games"] >= 0
    for opponents in ("heuristic", "random"):
        measure = report["policy"][opponents]
        low, high = measure["interval"]
        assert measure["games"] == 2 and 0 <= low <= measure["win_rate"] <= high <= 1
    assert ppo.wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-3))
    ppo.plot(report, str(tmp_path / "ppo.png"))
    assert (tmp_path / "ppo.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
