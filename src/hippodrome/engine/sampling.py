"""Drawing several choices at once, for determinizations (``State.resample_for``).

Search asks for thousands of determinizations of one state, each dealing dozens of secrets anew: a
call to ``rng.randrange`` for each costs more than the rest of the copy. Here the choices are the
digits of one number, drawn below the product of their counts (``draw_below``): each digit is then
uniform and independent of the others, exactly as drawing each alone, for one call to the generator
(two at worst on average: a draw at or above the product is drawn again).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import random


def bits_for(choices: int) -> int:
    """How many random bits ``draw_below`` draws for a number below ``choices`` (at least 1)."""
    return max(1, (choices - 1).bit_length())


def draw_below(rng: random.Random, choices: int, bits: int) -> int:
    """A number uniform in ``[0, choices)``, from ``bits`` (``bits_for(choices)``) random bits drawn
    again while they reach ``choices`` (rejection: no number is likelier than another)."""
    drawn = rng.getrandbits(bits)
    while drawn >= choices:
        drawn = rng.getrandbits(bits)
    return drawn


def partial_shuffle(cards: list[int], count: int, drawn: int) -> None:
    """Put ``count`` of ``cards``, chosen and ordered uniformly, at its front (Fisher and Yates'
    shuffle, stopped after ``count`` steps), each step's choice a digit of ``drawn``: a number
    uniform below ``len(cards) * (len(cards) - 1) * ... `` (``count`` factors; ``math.perm``)."""
    n = len(cards)
    for k in range(count):
        drawn, j = divmod(drawn, n - k)
        j += k
        cards[k], cards[j] = cards[j], cards[k]
