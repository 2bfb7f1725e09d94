"""The game generator's written-out shuffle draws exactly as ``random.Random.shuffle``."""

import random

from hypothesis import given
from hypothesis import strategies as st

from ludoteca.core.rng import shuffle


@given(seed=st.integers(min_value=0, max_value=2**64), size=st.integers(min_value=0, max_value=90))
def test_shuffle_draws_as_random_shuffle(seed, size):
    ours, theirs = random.Random(seed), random.Random(seed)
    a, b = list(range(size)), list(range(size))
    shuffle(ours, a)
    theirs.shuffle(b)
    assert a == b
    assert ours.getstate() == theirs.getstate()      # the same draws, none more
