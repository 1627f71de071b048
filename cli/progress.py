"""The import's progress bar: tqdm, in bytes of hand-history files, on a terminal and nowhere else.

Bytes move inside a large file too (the pipeline reports them as it parses, see
:mod:`studbook.pipeline.progress`), so the bar, its rate and its ETA mean something from the first
second. The hands stored so far and the files done are shown beside it. It draws only on a terminal:
``--quiet``, a pipe or a log file get nothing. Its width is the terminal's as ``shutil`` reads it
(``COLUMNS`` first, 80 when the terminal reports none).
"""

from __future__ import annotations

import shutil
import sys
from typing import TextIO

from tqdm import tqdm


class Progress:
    """An :class:`~studbook.pipeline.progress.ImportProgress` drawn with tqdm on ``stream``."""

    def __init__(self, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self.files = self.files_done = self.hands = 0
        self.bar: tqdm[None] | None = None

    def start(self, total_bytes: int, files: int) -> None:
        self.files = files
        if self.enabled and files:
            # The size is passed, not left to tqdm: a terminal that reports 0 x 0 (a pseudo-terminal
            # of `script`, some CI consoles) would make tqdm draw an empty bar, or hide it as off-screen.
            size = shutil.get_terminal_size()
            self.bar = tqdm(
                total=total_bytes,
                desc="importing",
                unit="B",
                unit_scale=True,
                unit_divisor=1024,
                file=self.stream,
                ncols=size.columns,
                nrows=size.lines,
                mininterval=0.1,
                leave=True,
            )
            self._postfix()

    def read(self, nbytes: int) -> None:
        if self.bar is not None:
            self.bar.update(nbytes)

    def stored(self, hands: int) -> None:
        self.files_done += 1
        self.hands = hands
        self._postfix()

    def finish(self) -> None:
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def _postfix(self) -> None:
        if self.bar is not None:
            self.bar.set_postfix_str(f"{self.files_done}/{self.files} files, {self.hands:,} hands", refresh=False)
