"""Lines no rule of a site's grammar knows: when a hand is kept without them, and what kind they are.

A site prints a line studbook has never seen (a new client version, a room's setting, a language): a
strict grammar refuses the whole hand, and the hand would be missing from every stat. So when the
grammar refuses a hand, :func:`tolerated` looks for the lines of its body that no terminal of the
grammar matches at all (:meth:`~studbook.parsers.lineparse.LineParser.unknown_lines`; a line the grammar
knows, out of place, is no such line), reads the hand as if they were not printed, and keeps it only
when its chips are fully accounted for without them, by the engine's own replay: no violation of
:data:`ACCOUNTING_RULES`. Kept, the hand carries the lines in
:attr:`~studbook.engine.model.Hand.unknown_lines` (the import counts them per file, ``studbook audit``
reports each one and ``audit --unknown-lines`` groups them by :func:`line_kind`); refused, its error is
the grammar's at the first of them, as it always was, saying what does not add up. A hand that cannot
be read even without them is refused exactly as before.

Why the hand is read again without the lines rather than with them passed over: a grammar's runs of
lines (a street's betting) are one token, and not every site's grammar accepts a run broken in two, so
the lines are read as the site would have printed them had it not printed the unknown ones.

Why these rules and not every rule: a line that carried chips (a bet, a call, a collection, a returned
bet in a wording nobody knows) leaves the chips the other lines print out of balance, and the money
rules see that; a line that was an action without chips (a check, a fold) leaves a player's turn
missing, and the turn rules see that. The rules of sizes and cards (``bet.size``, ``bring-in.*``,
``cards.*`` ...) judge lines that *are* read, whatever the unknown line was, so a hand breaking only
those is kept with them as its findings, like any hand.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable, Iterable, Sequence

from ..engine.model import Hand, SkippedLine, Violation
from ..engine.replay import replay
from .errors import ParseError
from .chips import in_chips
from .reading import HandText
from .registry import profile_for

ACCOUNTING_RULES: frozenset[str] = frozenset(
    {
        # the chips: every chip put in is a wager the stack had, the pot is what was put in, and what
        # the site says each player collected is what the rules pay him from it after the rake
        "stack.exceeded",
        "call.amount",
        "uncalled",
        "pot.total",
        "pot.printed",
        "rake",
        "pot.winner",
        "pot.award",
        # the turns: every player acts when it is his turn, with what the situation allows, until the
        # street's betting is over
        "action.order",
        "action.missing",
        "action.illegal",
        "action.after-fold",
    }
)
"""The rule ids (engine/validate.py) a hand with lines no rule knows must not break to be kept: each
stack's wagers are its own, the pot equals what was put in (less what was returned), the collections
are the pot less the rake, and the replay's turns are legal."""

RULE = "line.unknown"
"""How the audit names a kept hand's unknown line: a finding of its own, which leaves the hand valid."""

MEANING = (
    "A line of a kind studbook does not know, left out of the hand: the hand was kept because its chips "
    "add up without it ('studbook audit --unknown-lines' lists every such kind, to send in)."
)


def tolerated(
    refusal: ParseError,
    block: HandText,
    before_body: int,
    unknown: Sequence[int],
    read_without: Callable[[frozenset[int]], Hand],
) -> Hand | ParseError:
    """The hand ``block`` whose grammar refused it (``refusal``), kept without the lines of its body
    numbered ``unknown`` (1-based in the body, whose line 1 is file line ``before_body + 1``), which no
    rule knows, when ``read_without`` reads it without them and its chips and turns add up; otherwise
    ``refusal``, with what does not add up when that is why."""
    if not unknown:
        return refusal
    try:
        hand = read_without(frozenset(unknown))
    except Exception:  # it cannot be read without them either: refused as it always was
        return refusal
    removed = sorted(before_body + n for n in unknown)
    hand = renumbered(hand, removed)
    kept = kept_without(hand, tuple(SkippedLine(no, block.lines[no - block.start_line]) for no in removed))
    return kept if isinstance(kept, Hand) else refused(refusal, kept)


def kept_without(hand: Hand, unknown: tuple[SkippedLine, ...], what: str = "line") -> Hand | str:
    """``hand``, read as if ``unknown`` (lines, or an XML site's elements and attributes: ``what``)
    were not printed, carrying them, when its chips and turns add up without them; otherwise why not,
    in words for the user's error."""
    kept = replace(hand, unknown_lines=unknown)
    judged = in_chips(kept)  # a tournament's odd chip is judged in whole chips, as the hand will be stored
    judged_hand = judged if isinstance(judged, Hand) else kept
    broken = [v for v in replay(judged_hand, profile_for(judged_hand)).violations if v.rule in ACCOUNTING_RULES]
    return kept if not broken else _why(broken, len(unknown), what)


def renumbered(hand: Hand, removed: Sequence[int]) -> Hand:
    """``hand``, read from its text without the file lines ``removed`` (in order), with every line its
    events, skipped lines and warnings name put back to the line of the file it is."""

    def line(no: int) -> int:
        for gone in removed:
            if gone <= no:
                no += 1
        return no

    return replace(
        hand,
        events=tuple(replace(e, line=line(e.line)) for e in hand.events),
        skipped=tuple(replace(s, line=line(s.line)) for s in hand.skipped),
        warnings=tuple(replace(w, line=line(w.line)) for w in hand.warnings),
    )


def _why(broken: list[Violation], count: int, what: str = "line") -> str:
    first = broken[0]
    lines = "" if count == 1 else f" (the first of {count} such {what}s)"
    them = "it" if count == 1 else "them"
    return (
        f"studbook does not know this {what}{lines}, and without {them} the hand's chips or turns do not add "
        f"up ({first.rule}: {first.message}): the hand is left out"
    )


def refused(err: ParseError, why: str) -> ParseError:
    """The parser's error at the unknown line (what it is, what could have come there) with ``why``."""
    return ParseError(err.file, err.line, err.text, err.expected, f"{err.message}; {why}")


_CARD = re.compile(r"(?<![\w])(?:10|[2-9TJQKA])[cdhsCDHS](?![\w])")
_AMOUNT = re.compile(r"[$€£]?\d+(?:[,. ]\d{3})*(?:[.,]\d{1,2})?[$€£]?(?!\d)")
_BLANKS = re.compile(r"[ \t]+")


def line_kind(text: str, names: Iterable[str] = ()) -> str:
    """``text`` with what varies from hand to hand replaced by placeholders: the seated ``names`` by
    ``NAME`` (longest first, so a name inside another is not cut), cards by ``CARD``, amounts and
    other numbers by ``N``; blanks run together. Lines of one kind then read alike, so the audit can
    count them and show one of each, without a player's name or a hand's stakes."""
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        text = text.replace(name, "\0")
    text = _AMOUNT.sub("N", _CARD.sub("CARD", text))
    return _BLANKS.sub(" ", text.replace("\0", "NAME")).strip()
