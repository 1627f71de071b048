"""Build :class:`Hand` objects for tests from a compact script, one event per line.

Amounts are in the model's unit (cents of cash, whole chips of a tournament or play money); seats are numbers; ``??`` is an unknown card. Every event gets the
line number of its script line, so violation tests can check ``line``. Example::

    hand = build('''
        stud8 4/8 ante 1 bring-in 2 total 76 rake 3
        seat 1 Ann 1100
        seat 3 Bob 124
        antes
        3rd 1:Qc Kh Qs 3:7h 2h 4c
        3 bring-in 2
        1 call 2
        4th 1:Td 3:Jc
        1 bet 4
        3 raise 4 to 8 allin
        collect 1 37
        collect 3 36 side pot
    ''')

Lines (``#`` starts a comment):

* header, first line: ``<stud|stud8|razz|stud5|razz27> <small>/<big>`` then any of ``ante N``, ``bring-in N``,
  ``total N``, ``rake N``, ``pots N N ...`` (printed main/side pots), ``site NAME``, ``currency USD``,
  ``tournament ID`` (a tournament hand in chips, no currency), ``play-money yes`` (play chips)
* ``seat <n> <name> <stack>`` (``sitting-out`` at the end for a seat dealt out)
* ``antes``: every seat posts the header's ante (all-in for less when short) — or ``<seat> ante N``
* deals: ``2nd``/``3rd``/``4th``/``5th``/``6th``/``7th`` then ``<seat>:<cards>`` groups; a bare ``<seat>``
  (or fewer cards than the street deals) means unknown cards. A first street's cards read down first
  (3rd street: down, down, up; Five Card Stud's 2nd: down, up); each street deals as the game does.
* ``board <card>``: the 7th-street community card
* actions: ``<seat> bring-in N | complete to N | bet N | raise N to M | call N | check | fold``,
  any of them followed by ``allin``
* ``uncalled <seat> N``, ``show <seat> <cards>``, ``muck <seat> [cards]``,
  ``collect <seat> N [label]`` (default label ``pot``), ``marker <double-bet|capped|no-low>``,
  ``warn <message>`` (a ParseWarning on that line)
"""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Iterable
from itertools import takewhile

from studbook.engine.cards import Card
from studbook.engine.games import RULES, deal_shape
from studbook.engine.model import (
    Action,
    ActionKind,
    Collect,
    CommunityCard,
    Deal,
    Event,
    Game,
    Hand,
    Marker,
    Muck,
    ParseWarning,
    Seat,
    Show,
    Tournament,
    UncalledReturn,
)

STREET_WORDS = {"2nd": 2, "3rd": 3, "4th": 4, "5th": 5, "6th": 6, "7th": 7}
VERBS = {
    "bring-in": ActionKind.BRING_IN,
    "complete": ActionKind.COMPLETE,
    "bet": ActionKind.BET,
    "raise": ActionKind.RAISE,
    "call": ActionKind.CALL,
    "check": ActionKind.CHECK,
    "fold": ActionKind.FOLD,
    "ante": ActionKind.ANTE,
}


def card(text: str) -> Card | None:
    """``??`` is an unknown card; anything else must be a card."""
    return None if text == "??" else Card.parse(text)


def cards(texts: list[str]) -> tuple[Card | None, ...]:
    return tuple(card(t) for t in texts)


def _deal(game: Game, street: int, seat: int, texts: list[str], line: int) -> Deal:
    down_n, up_n = deal_shape(game, street)
    got = cards(texts)
    if len(got) < down_n + up_n:  # unknown cards first: down cards are the hidden ones
        got = (None,) * (down_n + up_n - len(got)) + got
    return Deal(line, street, seat, down=got[:down_n], up=got[down_n:])


def _deals(game: Game, street: int, words: list[str], line: int) -> list[Deal]:
    groups: list[tuple[int, list[str]]] = []
    for word in words:
        head, sep, rest = word.partition(":")
        if word.isdigit() or (sep and head.isdigit()):
            groups.append((int(head), [rest] if rest else []))
        else:
            groups[-1][1].append(word)
    return [_deal(game, street, seat, texts, line) for seat, texts in groups]


def _action(street: int, seat: int, words: list[str], line: int) -> Action:
    all_in = "allin" in words
    words = [w for w in words if w != "allin"]
    kind = VERBS[words[0]]
    numbers = [int(w) for w in words[1:] if w.isdigit()]
    if kind is ActionKind.RAISE:
        return Action(line, street, seat, kind, numbers[0], to=numbers[1], all_in=all_in)
    if kind is ActionKind.COMPLETE:
        return Action(line, street, seat, kind, numbers[0], to=numbers[0], all_in=all_in)
    return Action(line, street, seat, kind, numbers[0] if numbers else 0, all_in=all_in)


def build(script: str, source_file: str = "<handbuilder>") -> Hand:
    """The Hand a script describes (see the module docstring)."""
    lines = [
        (n, raw.split("#")[0].split()) for n, raw in enumerate(textwrap.dedent(script).strip("\n").splitlines(), 1)
    ]
    lines = [(n, words) for n, words in lines if words]
    (header_line, header), body = lines[0], lines[1:]
    game = Game(header[0])
    small, big = (int(x) for x in header[1].split("/"))
    opts = dict(zip(header[2::2], header[3::2]))
    ante = int(opts["ante"]) if "ante" in opts else None
    seats: list[Seat] = []
    events: list[Event] = []
    warnings: list[ParseWarning] = []
    first = street = RULES[game].first_street
    for n, words in body:
        head = words[0]
        if head == "seat":
            seats.append(Seat(int(words[1]), words[2], int(words[3]), sitting_out="sitting-out" in words))
        elif head == "antes":
            assert ante is not None, "'antes' needs 'ante N' in the header"
            for s in seats:
                if not s.sitting_out:
                    amount = min(ante, s.stack)
                    events.append(Action(n, first, s.seat, ActionKind.ANTE, amount, all_in=amount == s.stack))
        elif head in STREET_WORDS:
            street = STREET_WORDS[head]
            events += _deals(game, street, words[1:], n)
        elif head == "board":
            street = RULES[game].last_street
            events.append(CommunityCard(n, card(words[1])))
        elif head == "uncalled":
            events.append(UncalledReturn(n, int(words[1]), int(words[2])))
        elif head == "show":
            events.append(Show(n, int(words[1]), cards(words[2:])))
        elif head == "muck":
            events.append(Muck(n, int(words[1]), tuple(c for c in cards(words[2:]) if c is not None)))
        elif head == "collect":
            label = " ".join(words[3:]) or "pot"
            events.append(Collect(n, int(words[1]), int(words[2]), label))
        elif head == "marker":
            events.append(Marker(n, street, words[1]))
        elif head == "warn":
            warnings.append(ParseWarning(n, " ".join(words[1:]), " ".join(words[1:])))
        elif head.isdigit():
            events.append(_action(first if words[1] == "ante" else street, int(head), words[1:], n))
        else:
            raise ValueError(f"{source_file}:{n}: cannot read {' '.join(words)!r}")
    return Hand(
        site=opts.get("site", "pokerstars"),
        site_hand_id=opts.get("id", "1"),
        game=game,
        small_bet=small,
        big_bet=big,
        seats=tuple(seats),
        events=tuple(events),
        source_file=source_file,
        source_line=header_line,
        ante=ante,
        bring_in=int(opts["bring-in"]) if "bring-in" in opts else None,
        currency=None if "tournament" in opts or "play-money" in opts else opts.get("currency", "USD"),
        play_money="play-money" in opts,
        tournament=Tournament(opts["tournament"]) if "tournament" in opts else None,
        total_pot=int(opts["total"]) if "total" in opts else None,
        rake=int(opts["rake"]) if "rake" in opts else None,
        printed_pots=tuple(int(x) for x in takewhile(str.isdigit, header[header.index("pots") + 1 :]))
        if "pots" in header
        else (),
        warnings=tuple(warnings),
    )


def as_transcribed(events: Iterable[Event]) -> list[Event]:
    """Events as a script states them, to compare a reader's hand with a hand-made transcription of the
    same text: no line numbers, no hand described in words, and a completion by its street total alone
    (what it adds over the bring-in is each reader's own count; ``to`` is what the site printed)."""
    out: list[Event] = []
    for event in events:
        plain = dataclasses.replace(event, line=0)
        if isinstance(plain, Show):
            plain = dataclasses.replace(plain, description=None)
        elif isinstance(plain, Action) and plain.kind is ActionKind.COMPLETE:
            plain = dataclasses.replace(plain, amount=0)
        out.append(plain)
    return out
