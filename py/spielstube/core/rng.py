"""A small seeded RNG whose streams are identical on every Python.

``random.Random`` is not promised to stay the same across versions, and board
codes must rebuild the same board on CPython 3.11 and on Pyodide's 3.14, so the
generator is our own (splitmix64).
"""

_MASK64 = (1 << 64) - 1


class Rng:
    def __init__(self, seed=0):
        if isinstance(seed, str):
            seed = _hash_text(seed)
        self._state = int(seed) & _MASK64

    def next_u64(self):
        self._state = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n):
        """A uniform integer in [0, n), without modulo bias."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (_MASK64 + 1) - ((_MASK64 + 1) % n)
        while True:
            value = self.next_u64()
            if value < limit:
                return value % n

    def random(self):
        """A float in [0, 1)."""
        return (self.next_u64() >> 11) / float(1 << 53)

    def choice(self, items):
        return items[self.below(len(items))]

    def shuffle(self, items):
        """Fisher-Yates in place; returns the list for convenience."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
        return items

    def fork(self):
        """An independent generator derived from this one."""
        return Rng(self.next_u64())


def _hash_text(text):
    # FNV-1a 64: stable across runs, unlike hash().
    value = 0xCBF29CE484222325
    for byte in text.encode("utf-8"):
        value = ((value ^ byte) * 0x100000001B3) & _MASK64
    return value
