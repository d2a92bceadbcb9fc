"""Small, honest statistics: every rate comes with its 95% interval (``hippodrome.engine.stats``,
where a game's own odds method finds them too)."""

from hippodrome.engine.stats import Z95, mean_interval, wilson_interval

__all__ = ["Z95", "mean_interval", "wilson_interval"]
