"""The check every text site's reader owes its users: a broken line is a ParseError naming the file and
the line, and the hand after the broken one still reads (the hand is the unit of failure)."""

from __future__ import annotations

from studbook.engine.model import Hand
from studbook.parsers import ParseError, parse_text


def assert_error_at(
    clean: str, old: str, new: str, words: str, after: str | None = None, gap: str = "\n\n", line: int | None = None
) -> None:
    """Put ``new`` for ``old`` in the hand ``clean`` and read it, followed (after ``gap``) by the hand
    ``after`` (``clean`` again by default): the first result is a ParseError of ``broken.txt`` at the
    planted line (or ``line``) whose message says ``words``; the second is a Hand."""
    text = clean.replace(old, new, 1)
    assert text != clean, f"{old!r} is not in the hand"
    planted = new.split("\n")[0]
    at = line if line is not None else next(no for no, row in enumerate(text.splitlines(), 1) if planted in row)
    results = parse_text(text + gap + (clean if after is None else after), "broken.txt")
    assert isinstance(results[0], ParseError), results[0]
    assert (results[0].file, results[0].line) == ("broken.txt", at) and words in str(results[0])
    assert isinstance(results[1], Hand), results[1]
