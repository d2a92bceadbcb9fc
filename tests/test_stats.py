"""The interval helpers used by every simulation report."""

from __future__ import annotations

import pytest

from hippodrome.analysis.stats import mean_interval, wilson_interval


def test_wilson_interval_contains_the_rate_and_is_exact_at_the_bounds() -> None:
    assert wilson_interval(0, 50)[0] == 0.0
    assert wilson_interval(50, 50)[1] == 1.0
    for successes in (0, 1, 7.5, 25, 49, 50):
        low, high = wilson_interval(successes, 50)
        assert 0.0 <= low <= successes / 50 <= high <= 1.0


def test_wilson_interval_matches_a_textbook_value() -> None:
    # 81 successes in 263 trials: Wilson 95% interval (0.2553, 0.3662), Newcombe (1998), table I.
    low, high = wilson_interval(81, 263)
    assert low == pytest.approx(0.2553, abs=5e-4)
    assert high == pytest.approx(0.3662, abs=5e-4)


def test_mean_interval_narrows_with_more_samples() -> None:
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5 and low < 2.5 < high
    _, low2, high2 = mean_interval([1.0, 2.0, 3.0, 4.0] * 25)
    assert high2 - low2 < high - low
