"""Lines no rule of a site's grammar knows: when a hand is kept without them, and what kind they are.

A site prints a line studbook has never seen (a new client version, a room's setting, a language): a
strict grammar would refuse the whole hand, and the hand would be missing from every stat. So the text
reader passes over such a line (:meth:`~studbook.parsers.lineparse.LineParser.parse` with ``unknown``)
and builds the hand without it; :func:`kept_or_refused` then keeps the hand only when its chips are
fully accounted for without the line, by the engine's own replay: no violation of
:data:`ACCOUNTING_RULES`. Kept, the hand carries the line in :attr:`~studbook.engine.model.Hand.unknown_lines`
(the import counts them per file, ``studbook audit`` reports each one and ``audit --unknown-lines``
groups them by :func:`line_kind`); refused, it is the hand's :class:`ParseError` at the line, as a line
no rule knows always was.

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

from ..engine.model import Hand, Violation
from ..engine.replay import replay
from .errors import ParseError

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


def kept_or_refused(hand: Hand, lines: Sequence[int], refusal: Callable[[str | None], ParseError]) -> Hand | ParseError:
    """``hand`` built without its file ``lines`` that no rule knows (they are among its skipped lines,
    as every line no token covered): the hand with those lines moved to ``unknown_lines`` when the
    replay breaks none of :data:`ACCOUNTING_RULES`, else ``refusal(why)``, the hand's error naming the
    first of them, ``why`` saying what does not add up."""
    unknown = frozenset(lines)
    kept = replace(
        hand,
        skipped=tuple(s for s in hand.skipped if s.line not in unknown),
        unknown_lines=tuple(s for s in hand.skipped if s.line in unknown),
    )
    broken = [v for v in replay(kept).violations if v.rule in ACCOUNTING_RULES]
    if not broken:
        return kept
    return refusal(_why(broken, len(unknown)))


def _why(broken: list[Violation], count: int) -> str:
    first = broken[0]
    lines = "" if count == 1 else f" (the first of {count} such lines)"
    them = "it" if count == 1 else "them"
    return (
        f"studbook does not know this line{lines}, and without {them} the hand's chips or turns do not add "
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

