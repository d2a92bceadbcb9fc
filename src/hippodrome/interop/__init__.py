"""Adapters for the research libraries: every registered playable game as a PettingZoo AEC
environment (``hippodrome.interop.pettingzoo``), as a one-seat Gymnasium environment against the
project's bots (``hippodrome.interop.gym``) and as an OpenSpiel Python game
(``hippodrome.interop.openspiel``), over one fixed-shape encoding of what a seat sees and of what it
may do (``hippodrome.interop.encoding``).

These modules need the optional extra ``hippodrome[research]`` (numpy, pettingzoo, gymnasium,
open_spiel); the
engine and the games import none of them. ``docs/research.md`` explains the encodings.
"""
