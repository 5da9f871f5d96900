"""The standard library's `random.Random` draws, without its pure-Python wrappers.

`randrange(rng, n)` and `sample(rng, population, k)` return exactly what `rng.randrange(n)`
and `rng.sample(population, k)` return and leave `rng` in exactly the same state: they make
the same `getrandbits` calls as CPython's `Random._randbelow_with_getrandbits` (the method
every `random.Random` uses) and its `sample` algorithm for small populations. The methods
themselves are interpreted code that the simulator calls a few hundred times a game; these
compile with the engine (`make fast`). `tests/test_rand.py` checks both against the
standard library, draw for draw.
"""
from __future__ import annotations

import random
from typing import Any, Sequence


def randbelow(rng: random.Random, n: int) -> int:
    """A uniform integer in [0, n) for n > 0: `Random._randbelow_with_getrandbits`."""
    k = n.bit_length()
    getrandbits = rng.getrandbits
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def randrange(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)`."""
    if n <= 0:
        raise ValueError("empty range for randrange()")
    return randbelow(rng, n)


def sample(rng: random.Random, population: Sequence[Any], k: int) -> list:
    """`rng.sample(population, k)` (a list, in selection order)."""
    n = len(population)
    if not 0 <= k <= n or k > 5 or n > 21:
        return rng.sample(population, k)     # outside the small-population case: the original
    # CPython's pool method, which it uses when n <= setsize (21 for k <= 5)
    pool = list(population)
    result = []
    for i in range(k):
        j = randbelow(rng, n - i)
        result.append(pool[j])
        pool[j] = pool[n - i - 1]
    return result
