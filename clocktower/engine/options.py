"""Option spaces: answers too many to list for every question (see `decisions.InfoChoice`)."""
from __future__ import annotations

from typing import Any


class OptionSpace:
    """A sequence of distinct answers that is counted, indexed and tested for membership
    without being built (subclasses compute `raw(i)`, `raw_index(o)` and `raw_len()`).
    `without(items)` is the same space less some answers, in the same order."""

    __slots__ = ("_skip",)

    def __init__(self) -> None:
        self._skip: list[int] = []      # raw indices left out, sorted

    def raw_len(self) -> int:
        raise NotImplementedError

    def raw(self, i: int) -> Any:
        raise NotImplementedError

    def raw_index(self, o: Any) -> int | None:
        """The raw index of answer `o`, None if it is not one."""
        raise NotImplementedError

    def without(self, items) -> "OptionSpace":
        skip = set(self._skip)
        for o in items:
            k = self.raw_index(o)
            if k is not None:
                skip.add(k)
        self._skip = sorted(skip)
        return self

    def __len__(self) -> int:
        return self.raw_len() - len(self._skip)

    def __getitem__(self, i: int) -> Any:
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        for k in self._skip:        # the i-th answer not left out
            if k <= i:
                i += 1
            else:
                break
        return self.raw(i)

    def __contains__(self, o: Any) -> bool:
        k = self.raw_index(o)
        return k is not None and k not in self._skip

    def __iter__(self):
        skip = set(self._skip)
        for i in range(self.raw_len()):
            if i not in skip:
                yield self.raw(i)
