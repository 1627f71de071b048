"""Tournament results printed inside a hand in the words of PokerStars' client, which other clients
copied (KingsClub's prints the same lines): read from the lines a site's reader keeps as skipped lines
(``Hand.skipped``), since no chip of the hand's pot is in them.

- ``NAME finished the tournament[ in 3rd place][ and received $12.50.]``;
- ``NAME wins the tournament[ and receives $12.50 - congratulations!]``;
- ``NAME re-buys and receives 1500 chips for $1.00`` and ``NAME takes the add-on and receives 1500 chips
  for $1.00``;
- ``NAME wins the $5.00 bounty for eliminating OTHER``, and the progressive knockouts' ``NAME wins
  $2.50 for eliminating OTHER and their own bounty increases by $2.50 to $7.50`` (also ``for splitting
  the elimination of OTHER``).

Amounts are in the tournament's unit (hundredths of its currency; whole chips for play money), as the
summaries' are, so that :func:`studbook.parsers.tournaments.merge` can compare them. A site whose lines
are these has a ``results`` module that calls :func:`results_from_lines` or :func:`results_from_hand`.
"""

from __future__ import annotations

import re
from typing import Iterable

from ..engine.model import Hand
from .currencies import SIGN
from .tournaments import PlayerResult, Said, Source, TournamentResult, read_units

__all__ = ["results_from_hand", "results_from_lines"]

_M = SIGN + r"?(?P<amount>[\d,]+(?:\.\d{1,2})?)(?: (?:USD|EUR|GBP|CAD|INR|CNY))?"
_SHAPES = (
    ("finish", rf" finished the tournament(?: in (?P<rank>\d+)(?:st|nd|rd|th) place)?(?: and received {_M})?\.?"),
    ("win", rf" wins the tournament(?: and receives {_M})?(?: - congratulations!)?\.?"),
    ("rebuy", rf" re-buys and receives [\d,]+ chips for {_M}\.?"),
    ("add-on", rf" takes the add-on and receives [\d,]+ chips for {_M}\.?"),
    ("bounty", rf" wins the {_M} bounty for eliminating .+"),
    ("bounty", rf" wins {_M} for (?:splitting the elimination of|eliminating) .+"),
)
_LINES = tuple((kind, re.compile(shape), re.compile(rf"(?P<who>.+?){shape}")) for kind, shape in _SHAPES)
"""Each result line's kind, its shape after a known name, and the whole line with the name unknown."""

_WORDS = ("tournament", "re-buys", "add-on", "eliminat")
"""A word every result line holds: the other skipped lines (the summary's seat lines, chat) are passed
over without trying the patterns on them."""


def _who(text: str, names: list[str]) -> tuple[str, str] | None:
    """The seated player a line starts with (the longest name that fits, so "Ann Lee" beats "Ann") and
    the rest of the line."""
    for name in names:
        if text.startswith(name + " "):
            return name, text[len(name) :]
    return None


def results_from_lines(
    site: str,
    tournament_id: str,
    play_money: bool,
    lines: Iterable[tuple[int, str]],
    source_file: str,
    names: Iterable[str] = (),
) -> TournamentResult | None:
    """What result lines (``(file line, text)`` pairs, other lines ignored) say of one tournament, or
    None when none is a result line. ``names`` are the seated players, so that a name with spaces or
    one that contains another is read whole; without them a name is what precedes the line's verb.
    Amounts are whole chips when ``play_money``. An amount that is no amount (or half a chip) is a
    ParseError at its line."""
    seated = sorted(names, key=len, reverse=True)
    players: dict[str, tuple[dict[str, int], dict[str, int]]] = {}
    first: int | None = None
    for no, text in lines:
        if not any(word in text for word in _WORDS):
            continue
        found = _who(text, seated)
        for kind, pattern, loose in _LINES:
            m = pattern.fullmatch(found[1]) if found is not None else None
            name = found[0] if found is not None else ""
            if m is None:
                m = loose.fullmatch(text)
                if m is None:
                    continue
                name = m["who"]
            first = no if first is None else first
            values, said = players.setdefault(name, ({}, {}))
            amount = m["amount"]
            units = read_units(amount, play_money, (source_file, no), text) if amount else 0
            if kind in ("finish", "win"):
                rank = 1 if kind == "win" else (int(m["rank"]) if m["rank"] else None)
                if rank is not None:
                    values["finish"], said["finish"] = rank, no
                values["prize"], said["prize"] = units, no
            elif kind in ("rebuy", "add-on"):
                key = "rebuys" if kind == "rebuy" else "add_ons"
                values[key] = values.get(key, 0) + 1
                values["rebuy_cost"] = values.get("rebuy_cost", 0) + units
                said.setdefault(key, no)
                said.setdefault("rebuy_cost", no)
            else:
                values["bounties"] = values.get("bounties", 0) + 1
                values["bounty_prize"] = values.get("bounty_prize", 0) + units
                said.setdefault("bounties", no)
                said.setdefault("bounty_prize", no)
            break
    if first is None:
        return None
    results = tuple(
        PlayerResult(
            name,
            said=tuple((k, Said(Source.HAND, source_file, n)) for k, n in said.items()),
            **values,
        )
        for name, (values, said) in players.items()
    )
    return TournamentResult(site, tournament_id, Said(Source.HAND, source_file, first), players=results)


def results_from_hand(hand: Hand, play_money: bool | None = None) -> TournamentResult | None:
    """What a parsed hand's result lines (kept in ``Hand.skipped``) say of its tournament; None for a
    cash hand or one that prints none. Amounts are whole chips when ``play_money``; None takes it from the
    hand (a tournament without a currency is play money)."""
    if hand.tournament is None:
        return None
    return results_from_lines(
        hand.site,
        hand.tournament.tournament_id,
        hand.tournament.currency is None if play_money is None else play_money,
        ((s.line, s.text) for s in hand.skipped),
        hand.source_file,
        (s.player for s in hand.seats),
    )
