"""The bootstrap's draws without numpy, for small datasets.

``numpy`` costs about a tenth of a second to import, more than scoring a
small dataset. For a dataset of a few dozen items this module reproduces,
bit for bit, what ``numpy.random.Generator(PCG64(seed)).integers(0, n)``
draws, so a report is byte-identical whichever path computed it
(``tests/test_resample.py`` holds the two to each other):

* ``SeedSequence`` turns the seed into PCG64's 128-bit state and increment
  (the hash mixing of numpy's ``_bit_generator.pyx``);
* PCG64 steps a 128-bit LCG and outputs XSL-RR 64-bit words;
* numpy draws a bound below 2**32 from 32-bit halves of those words (low
  half first) with Lemire's multiply-and-reject method.
"""

from __future__ import annotations

from collections.abc import Iterator

_MASK32 = 0xFFFFFFFF
_MASK64 = (1 << 64) - 1
_MASK128 = (1 << 128) - 1
_INIT_A, _MULT_A, _INIT_B, _MULT_B = 0x43B0D7E5, 0x931E8875, 0x8B51F9DD, 0x58F38DED
_MIX_L, _MIX_R, _XSHIFT = 0xCA01F9DD, 0x4973F715, 16
_PCG_MULT = 0x2360ED051FC65DA44385DF649FCCF645
_POOL = 4


def _seed_words(seed: int) -> list[int]:
    """numpy.random.SeedSequence(seed).generate_state(4, uint64)."""
    entropy = []
    while True:
        entropy.append(seed & _MASK32)
        seed >>= 32
        if not seed:
            break
    hash_const = _INIT_A

    def hashmix(value: int) -> int:
        nonlocal hash_const
        value ^= hash_const
        hash_const = (hash_const * _MULT_A) & _MASK32
        value = (value * hash_const) & _MASK32
        return value ^ (value >> _XSHIFT)

    def mix(x: int, y: int) -> int:
        result = (_MIX_L * x - _MIX_R * y) & _MASK32
        return result ^ (result >> _XSHIFT)

    pool = [hashmix(entropy[i] if i < len(entropy) else 0) for i in range(_POOL)]
    for src in range(_POOL):
        for dst in range(_POOL):
            if src != dst:
                pool[dst] = mix(pool[dst], hashmix(pool[src]))
    for src in range(_POOL, len(entropy)):
        for dst in range(_POOL):
            pool[dst] = mix(pool[dst], hashmix(entropy[src]))
    words32 = []
    hash_const = _INIT_B
    for i in range(8):
        value = pool[i % _POOL] ^ hash_const
        hash_const = (hash_const * _MULT_B) & _MASK32
        value = (value * hash_const) & _MASK32
        words32.append(value ^ (value >> _XSHIFT))
    return [words32[2 * i] | (words32[2 * i + 1] << 32) for i in range(4)]


def _halves(seed: int) -> Iterator[int]:
    """PCG64's output as 32-bit halves, low half of each word first."""
    words = _seed_words(seed)
    inc = ((((words[2] << 64) | words[3]) << 1) | 1) & _MASK128
    state = ((inc + ((words[0] << 64) | words[1])) * _PCG_MULT + inc) & _MASK128
    while True:
        state = (state * _PCG_MULT + inc) & _MASK128
        mixed = (state >> 64) ^ (state & _MASK64)
        rotation = state >> 122
        word = ((mixed >> rotation) | (mixed << ((-rotation) & 63))) & _MASK64
        yield word & _MASK32
        yield word >> 32


def draws(seed: int, bound: int, count: int) -> list[int]:
    """``count`` integers in ``[0, bound)``, as numpy's Generator.integers draws them."""
    if not 0 < bound <= _MASK32:
        raise ValueError(f"bound must be in 1..2**32-1, not {bound}")
    threshold = (_MASK32 - (bound - 1)) % bound
    halves = _halves(seed)
    out = []
    for _ in range(count):
        product = next(halves) * bound
        while (product & _MASK32) < threshold:
            product = next(halves) * bound
        out.append(product >> 32)
    return out
