"""A one-line progress bar for long imports, written to a terminal and silent everywhere else.

Progress is measured in bytes of hand-history files, the one quantity known before anything is parsed,
and shown with the hands stored so far and the rate. The bar redraws at most ten times a second, so a
run of small files costs nothing, and it draws only on a terminal (``--quiet`` or a pipe keeps logs
clean).
"""

from __future__ import annotations

import sys
import time
from typing import TextIO

REDRAW_SECONDS = 0.1
BAR_WIDTH = 24


class Progress:
    """``start`` with the work ahead, ``advance`` after each file, ``finish`` at the end."""

    def __init__(self, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.total_bytes = self.done_bytes = self.files = self.files_done = self.hands = 0
        self.started = self.drawn_at = 0.0

    def start(self, total_bytes: int, files: int) -> None:
        self.total_bytes, self.files = total_bytes, files
        self.started = time.monotonic()

    def advance(self, size: int, hands: int) -> None:
        """One more file of ``size`` bytes is done; ``hands`` stored so far in total."""
        self.done_bytes += size
        self.files_done += 1
        self.hands = hands
        now = time.monotonic()
        if now - self.drawn_at >= REDRAW_SECONDS or self.files_done == self.files:
            self.drawn_at = now
            self._draw(now)

    def finish(self) -> None:
        if self.enabled and self.files:
            self.stream.write("\n")
            self.stream.flush()

    def line(self, now: float) -> str:
        """The text of the bar at time ``now``: files, share of bytes, hands stored and hands/s."""
        share = self.done_bytes / self.total_bytes if self.total_bytes else 1.0
        filled = round(share * BAR_WIDTH)
        rate = self.hands / (now - self.started) if now > self.started else 0.0
        return (
            f"importing [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {share:4.0%}  "
            f"{self.files_done}/{self.files} files  {self.hands:,} hands  {rate:,.0f} hands/s"
        )

    def _draw(self, now: float) -> None:
        if self.enabled:
            self.stream.write("\r" + self.line(now))
            self.stream.flush()
