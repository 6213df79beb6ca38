"""A small seeded random number generator whose whole state is one integer.

Every game keeps one of these inside its state, so a state plus an action always gives the same
result, cloning is cheap and the state serializes to JSON exactly. The generator is SplitMix64
(Steele, Lea and Flood), which is fast in pure Python and good enough for shuffles and dice.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class RNG:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0):
        self.state = _mix((int(seed) * _GOLDEN + 0x632BE59BD9B4E019) & _MASK)

    @classmethod
    def from_state(cls, state: int) -> "RNG":
        rng = cls.__new__(cls)
        rng.state = int(state) & _MASK
        return rng

    def clone(self) -> "RNG":
        return RNG.from_state(self.state)

    # next64, random and randrange spell out ``_mix`` (the same numbers): the rules and the
    # playouts draw millions of numbers, and a call is a large part of each draw's cost
    def next64(self) -> int:
        z = self.state = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def random(self) -> float:
        """A float in [0, 1)."""
        z = self.state = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return ((z ^ (z >> 31)) >> 11) * (1.0 / (1 << 53))

    def randrange(self, n: int) -> int:
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 1:
            if n <= 0:
                raise ValueError("randrange needs n > 0")
            return 0
        limit = _MASK - (_MASK % n)
        while True:
            z = self.state = (self.state + _GOLDEN) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z < limit:
                return z % n

    def randint(self, a: int, b: int) -> int:
        """A uniform integer in [a, b], both ends included."""
        return a + self.randrange(b - a + 1)

    def uniform(self, a: float, b: float) -> float:
        return a + (b - a) * self.random()

    def choice(self, seq):
        if not seq:
            raise IndexError("choice from an empty sequence")
        return seq[self.randrange(len(seq))]

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def sample(self, seq, k: int) -> list:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def fork(self) -> "RNG":
        """A new independent generator seeded from this one (advances this one)."""
        return RNG(self.next64())

    def to_json(self) -> int:
        return self.state

    @classmethod
    def from_json(cls, value) -> "RNG":
        return cls.from_state(int(value))

    def __eq__(self, other):
        return isinstance(other, RNG) and other.state == self.state

    def __repr__(self):
        return f"RNG(state={self.state:#x})"
