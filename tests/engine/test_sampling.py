"""Several choices drawn as the digits of one number (``engine.sampling``): what determinizations
draw their secrets with. Exactness is checked by enumeration, not by statistics."""

from __future__ import annotations

import random
from math import perm

from hippodrome.engine.sampling import bits_for, draw_below, partial_shuffle


class Bits(random.Random):
    """A generator whose ``getrandbits`` answers the given numbers in turn (and checks the width)."""

    def __init__(self, answers: list[int], bits: int) -> None:
        super().__init__(0)
        self.answers = answers
        self.bits = bits
        self.calls = 0

    def getrandbits(self, k: int, /) -> int:
        assert k == self.bits, f"asked for {k} bits, expected {self.bits}"
        self.calls += 1
        return self.answers.pop(0)


def test_bits_for_covers_every_number_below_the_choices_with_the_fewest_bits() -> None:
    assert [bits_for(n) for n in (1, 2, 3, 4, 5, 64, 65)] == [1, 1, 2, 2, 3, 6, 7]


def test_a_draw_at_or_above_the_choices_is_drawn_again_so_every_number_is_as_likely() -> None:
    # Six choices from three bits: 6 and 7 are refused, every number below 6 comes from one draw.
    rng = Bits([7, 6, 4], bits=3)
    assert draw_below(rng, 6, 3) == 4
    assert rng.calls == 3
    drawn = [draw_below(Bits([pattern, 0], bits=3), 6, 3) for pattern in range(8)]
    assert drawn == [0, 1, 2, 3, 4, 5, 0, 0], "a refused pattern falls back on the next draw"


def test_the_digits_of_a_draw_deal_every_ordered_sample_exactly_once() -> None:
    """A partial shuffle of ``count`` steps is a bijection from the numbers below n!/(n-count)! to
    the ordered choices of ``count`` cards: a uniform number gives a uniform deal."""
    for n, count in ((5, 5), (6, 3), (7, 1), (4, 0)):
        fronts = set()
        for drawn in range(perm(n, count)):
            cards = list(range(n))
            partial_shuffle(cards, count, drawn)
            assert sorted(cards) == list(range(n)), "a shuffle loses or doubles no card"
            fronts.add(tuple(cards[:count]))
        assert len(fronts) == perm(n, count), f"{n} cards, {count} dealt: some deal repeats"


def test_a_partial_shuffle_of_repeated_cards_keeps_every_card() -> None:
    cards = [3, 3, 1, 0, 0, 0, 2]
    partial_shuffle(cards, 4, 12345 % perm(7, 4))
    assert sorted(cards) == [0, 0, 0, 1, 2, 3, 3]
