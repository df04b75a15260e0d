"""How far an import has gone: records read, files refused, the share done and the time left.

One :class:`ImportProgress` follows one run. The import service tells it where it is (a file
starts, records are read, a file ends); whoever watches reads :meth:`ImportProgress.snapshot` —
the command line's progress bar, or the background job that writes it to the batch for the
admin's progress bar and the API (:mod:`importers.jobs`).

The share done is counted in *units*: each pass over the files counts their bytes, weighted by
what the pass costs. The job reads every file once without writing (the check pass, fast) and
then writes (slow); the command line makes one pass.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

#: What each pass weighs, per byte: (check, write). Writing costs about three times as much.
CHECK_WEIGHT, WRITE_WEIGHT = 1, 3


@dataclass(frozen=True)
class Snapshot:
    done: int
    total: int
    records: int
    rejected: int
    elapsed: float

    @property
    def share(self) -> float:
        return min(1.0, self.done / self.total) if self.total else 0.0

    @property
    def seconds_left(self) -> float | None:
        """The time left at the pace so far; None until there is a pace to go by."""
        return seconds_left(self.share, self.elapsed)


def seconds_left(share: float, elapsed: float) -> float | None:
    if share <= 0.02 or elapsed < 0.5:
        return None
    return max(0.0, elapsed * (1 - share) / share)


class ImportProgress:
    """Thread-safe counters of one import run over files of ``sizes`` bytes, in ``passes``
    (weights, e.g. ``(CHECK_WEIGHT, WRITE_WEIGHT)``)."""

    def __init__(
        self,
        sizes: Sequence[int],
        passes: Sequence[int] = (WRITE_WEIGHT,),
        on_change: Callable[[Snapshot], None] | None = None,
    ):
        self.sizes, self.passes = [max(1, size) for size in sizes], list(passes)
        self.on_change = on_change
        self._lock = threading.Lock()
        self._started = time.monotonic()
        self._base = 0  # units of the passes and files already finished
        self._current = 0  # units of the current file so far
        self._weight = self.passes[0] if self.passes else 1
        self._records = 0
        self._rejected: set[int] = set()
        self._file = 0
        self._pass = 0

    @property
    def total(self) -> int:
        return sum(self.sizes) * sum(self.passes)

    def pass_started(self, number: int) -> None:
        """Pass ``number`` (0-based) begins: the earlier passes are done. Records are counted by
        the first pass only (the others go over the same records again)."""
        with self._lock:
            self._base = sum(self.sizes) * sum(self.passes[:number])
            self._weight = self.passes[number]
            self._current = 0
            self._pass = number

    def file_started(self, index: int) -> None:
        """File ``index`` (0-based) of the current pass begins."""
        with self._lock:
            self._file = index
            self._current = 0

    def advanced(self, records: int, position: tuple[int, int]) -> None:
        """``records`` more were read; the current file is at ``position`` (read, in all)."""
        read, size = position
        with self._lock:
            if self._pass == 0:
                self._records += records
            share = min(1.0, read / size) if size else 1.0
            self._current = int(share * self.sizes[self._file] * self._weight)
        self._changed()

    def file_finished(self, index: int, *, rejected: bool) -> None:
        with self._lock:
            self._base += self.sizes[index] * self._weight
            self._current = 0
            if rejected:
                self._rejected.add(index)
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change(self.snapshot())

    def snapshot(self) -> Snapshot:
        with self._lock:
            return Snapshot(
                done=min(self.total, self._base + self._current),
                total=self.total,
                records=self._records,
                rejected=len(self._rejected),
                elapsed=time.monotonic() - self._started,
            )
