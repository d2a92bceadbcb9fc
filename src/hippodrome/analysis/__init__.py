"""Simulations, tournaments and benchmarks over the engine."""
