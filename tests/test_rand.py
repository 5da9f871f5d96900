"""engine/rand.py draws exactly what random.Random draws, leaving it in the same state."""
import random

import pytest

from clocktower.engine import rand


@pytest.mark.parametrize("seed", ["bot:3:Ann", "storyteller:7", 12345])
def test_randrange_and_sample_match_the_standard_library(seed):
    a, b = random.Random(seed), random.Random(seed)
    for i in range(3000):
        n = 1 + (i * 7919) % 300
        assert rand.randrange(a, n) == b.randrange(n)
        pop = [f"p{j}" for j in range(1 + i % 25)]
        k = i % 7 if i % 7 <= len(pop) else 1
        assert rand.sample(a, pop, k) == b.sample(pop, k)
        xs, ys = list(pop), list(pop)
        rand.shuffle(a, xs)
        b.shuffle(ys)
        assert xs == ys
        assert a.random() == b.random()
        assert rand.draw(a) == b.random()
    assert a.getstate() == b.getstate()


class _Counted(random.Random):
    """A subclass whose draws are its own: `rand` must ask its methods, not the C ones."""

    def __init__(self, seed):
        super().__init__(seed)
        self.calls = 0

    def random(self):
        self.calls += 1
        return super().random()

    def getrandbits(self, k):
        self.calls += 1
        return super().getrandbits(k)


def test_a_subclass_of_random_is_asked_through_its_own_methods():
    a, b = _Counted(5), random.Random(5)
    for n in (1, 2, 7, 300):
        assert rand.randrange(a, n) == b.randrange(n)
        assert rand.draw(a) == b.random()
    assert a.calls >= 8 and a.getstate() == b.getstate()


def test_empty_range_is_an_error_like_the_standard_library():
    with pytest.raises(ValueError):
        rand.randrange(random.Random(1), 0)
    with pytest.raises(ValueError):
        random.Random(1).randrange(0)


def test_seeded_is_random_seeded_with_the_string():
    for text in ("bot:0:Ann", "storyteller:12", "", "ünïcode:7"):
        assert rand.seeded(text).getstate() == random.Random(text).getstate()


@pytest.mark.parametrize("key", [0, 1, 7, 12345, 2**70 + 5, 10**40])
def test_generator_is_random_seeded_with_the_integer(key):
    a, b = rand.generator(key), random.Random(key)
    assert type(a) is random.Random
    assert a.getstate() == b.getstate()
    assert [a.random() for _ in range(5)] == [b.random() for _ in range(5)]
