"""The standard library's `random.Random` draws, without its pure-Python wrappers.

`randrange(rng, n)`, `shuffle(rng, x)` and `sample(rng, population, k)` do exactly what
`rng.randrange(n)`, `rng.shuffle(x)` and `rng.sample(population, k)` do and leave `rng` in
exactly the same state: they make
the same `getrandbits` calls as CPython's `Random._randbelow_with_getrandbits` (the method
every `random.Random` uses) and its `sample` algorithm for small populations. The methods
themselves are interpreted code that the simulator calls a few hundred times a game; these
compile with the engine (`make fast`). `tests/test_rand.py` checks both against the
standard library, draw for draw.
"""
from __future__ import annotations

import _random
import random
from hashlib import sha512
from typing import Any, Final, Sequence

# The C methods of the generator, called unbound on a plain `random.Random` (every generator
# the engine, the bots and the Storyteller make: `generator`): looking a method up on the
# instance and binding it cost more than the draw (about 570 instructions for
# `rng.getrandbits`, 245 for `rng.random`, compiled). A subclass of `random.Random` (which
# may override them) is asked through its own methods, as before.
_RANDOM_CLS: Final = random.Random
_RANDOM: Final = _random.Random.random
_GETRANDBITS: Final = _random.Random.getrandbits


def seeded(text: str) -> random.Random:
    """`random.Random(text)`: the same generator, seeded from the integer that
    `Random.seed` derives from a string (version 2: its bytes, then their SHA-512)."""
    b = text.encode()
    return generator(int.from_bytes(b + sha512(b).digest(), "big"))


def generator(key: int) -> random.Random:
    """`random.Random(key)` for an integer `key`: the same generator, seeded by the C
    seeding that `Random.__init__` and `Random.seed` reach through two interpreted calls
    (a fifth of the cost of making one; games make one per player)."""
    rng = random.Random.__new__(random.Random)
    _random.Random.seed(rng, key)
    setattr(rng, "gauss_next", None)       # as Random.seed leaves it (not in the stubs)
    return rng


def draw(rng: random.Random) -> float:
    """`rng.random()`: a float in [0, 1)."""
    if type(rng) is _RANDOM_CLS:
        return _RANDOM(rng)
    return rng.random()


def randbelow(rng: random.Random, n: int) -> int:
    """A uniform integer in [0, n) for n > 0: `Random._randbelow_with_getrandbits`."""
    k = n.bit_length()
    if type(rng) is _RANDOM_CLS:
        r = _GETRANDBITS(rng, k)
        while r >= n:
            r = _GETRANDBITS(rng, k)
        return r
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


def shuffle(rng: random.Random, x: list) -> None:
    """`rng.shuffle(x)`, in place (Fisher-Yates from the end, as CPython does)."""
    for i in range(len(x) - 1, 0, -1):
        j = randbelow(rng, i + 1)
        x[i], x[j] = x[j], x[i]


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
