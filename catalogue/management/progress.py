"""A text progress bar for long management commands (rebuilds, imports)."""

from __future__ import annotations

import time
from typing import TextIO

WIDTH = 30


class ProgressBar:
    """``[#####.....]  45% 45,000/100,000 — 1,234/s``, redrawn in place, 10 times a second."""

    def __init__(self, stream: TextIO, label: str, *, enabled: bool = True):
        self.stream, self.label, self.enabled = stream, label, enabled
        self.started = time.monotonic()
        self.drawn = 0.0

    def update(self, done: int, total: int, detail: str = "") -> None:
        """Show ``done`` of ``total``; ``detail`` replaces the count and rate (e.g. records
        read and the time left, when the units are bytes)."""
        now = time.monotonic()
        if not self.enabled or (now - self.drawn < 0.1 and done < total):
            return
        self.drawn = now
        share = done / total if total else 1.0
        filled = int(WIDTH * share)
        rate = done / max(now - self.started, 1e-9)
        detail = detail or f"{done:,}/{total:,} — {rate:,.0f}/s"
        self.stream.write(
            f"\r{self.label} [{'#' * filled}{'.' * (WIDTH - filled)}] {share:4.0%} {detail}"
        )
        self.stream.flush()

    def finish(self) -> None:
        if self.enabled and self.drawn:
            self.stream.write("\n")
            self.stream.flush()
