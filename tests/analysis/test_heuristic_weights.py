"""``scripts/heuristic_weights.py``: a game's heuristic with other weights against the plain one
(docs/analysis/bots.md, "Toques et Casques: how much room the game leaves")."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

from hippodrome.games.toques_et_casques.heuristic import ToquesHeuristic

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "heuristic_weights.py"


@pytest.fixture(scope="module")
def script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("heuristic_weights", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_weight_the_heuristic_lacks_or_a_value_that_is_no_number_is_refused(
    script: ModuleType,
) -> None:
    with pytest.raises(SystemExit, match="no numeric weight 'speed'"):
        script.weights(["speed=2"], ToquesHeuristic)
    with pytest.raises(SystemExit, match="kind"):
        script.weights(["kind=1"], ToquesHeuristic)  # a class attribute, but no weight
    with pytest.raises(SystemExit, match="'much' is not a number"):
        script.weights(["block=much"], ToquesHeuristic)
    assert script.weights(["block=0", "lure=24"], ToquesHeuristic) == {"block": 0.0, "lure": 24.0}


def test_the_variant_plays_its_own_weights_and_the_same_seeds_give_the_same_count(
    script: ModuleType,
) -> None:
    options = {"players": 2, "category": "D"}
    won = script.variant_wins("toques_et_casques", {"block": 0.0}, games=4, seed=7, options=options)
    assert 0.0 <= won <= 4.0
    again = script.variant_wins(
        "toques_et_casques", {"block": 0.0}, games=4, seed=7, options=options
    )
    assert again == won
    assert ToquesHeuristic.block == 4.0  # the plain heuristic keeps its weight
