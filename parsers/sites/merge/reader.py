"""Merge Network XML: a ``<description>`` element, then one ``<game>`` per hand, with no root element.

What the corpus (fpdb/Merge) shows, and what this module does with it:

* **Two versions**: the older files and those marked ``version="2"`` (2013 on). Version 2 writes an
  unknown card as an empty string (``,,5h``) where the older one writes ``null``, may print balances
  without the ``$``, and lists a returned uncalled bet as a winner of its own (``uncalled="true"``);
  the older one usually folds it into the bettor's winnings (the draft takes it back out).
* **The game** is a numeric code: ``gametype`` for a single game, ``multigametype`` inside a mixed
  table (``gametype`` 75/77 = HORSE cash/tournament). Stud codes: 39/41 stud, 43/45 stud hi/lo,
  47/49 razz (cash/tournament). Other codes in mixed files (23 hold'em, 37 omaha hi/lo) are skipped
  and counted as another game; an unknown code with seven hole cards is an error, never a silent skip.
* **Stakes** are in the description: ``Limit $0.50/$1``; ``No Limit ($0.01/$0.02/$0.10)`` is ante,
  bring-in and minimum bet of a no-limit game (the hand is marked no-limit, so bets are judged by
  no-limit rules); tournament files say only ``Limit`` and the limits are learnt from the hands' bets.
* **Tournament balances are printed after the ante** (cash balances before it): in the HORSE
  freeroll every all-in puts in exactly the balance less the street bets, and a player with a
  balance of 0 still antes; the ante is added back to make the model's stack before antes.
* **Seats** are numbered from 0, as printed. ``dealtin="false"`` is a seated player not in the hand.
* **Cards**: each street's round lists every player's cards so far (``null,null,7s``, cumulative);
  the street's new card is the one at the street's position. They are printed after the round's
  actions but were dealt before them. ``HOLE`` is the hero's, ``SHOWN``/``MUCKED`` the showdown's.
* **Amounts**: a call or bet is the chips put in; a raise or completion the street total; an all-in
  is whichever of the two the player's stack shows. ``starttime`` is on a fixed UTC-5 clock: every
  file's event timestamps (epoch milliseconds) are exactly five hours later, summer and winter.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from datetime import datetime, timedelta, timezone
from urllib.parse import unquote

from ....engine.cards import Card
from ....engine.model import Game, Hand, Limit, SkippedLine, Tournament, UncalledReturn
from ...cancelled import REASON
from ...errors import NotStudHand, ParseError, reader_failure
from ...xmlhand import (
    COMPLETE_TO,
    PUT,
    RAISE_TO,
    SYMBOLS,
    Deferred,
    Fault,
    HandDraft,
    HandShape,
    Stakes,
    StakesMemory,
    amount,
    card,
    fault_error,
    also_unknown,
    in_file_order,
    unknown_parts,
    with_unknown,
)
from ...xmlstream import Node, read_top_elements

SITE = "merge"
NAME = "Merge"

HAND_HEADER = re.compile(r"(?:<\?xml[^>]*\?>\s*)?<(?:description\s+type=|game\s+id=)")
"""The first element of a Merge file: its description (or, in a bare export, its first game)."""

_CODES = {
    **{38: Game.STUD, 42: Game.STUD, 46: Game.RAZZ},  # fpdb's map; no public hand of them
    **{39: Game.STUD, 41: Game.STUD, 43: Game.STUD8, 45: Game.STUD8, 47: Game.RAZZ, 49: Game.RAZZ},
}
_OTHER_CODES = {23: "Hold'em Limit", 37: "Omaha Hi/Lo Limit"}
_MIXED = {75: "HORSE", 77: "HORSE"}
_STAKES = re.compile(r"(?P<limit>(?:No |Pot )?Limit)(?: \(?(?P<a>[^/()]+)/(?P<b>[^/()]+)(?:/(?P<c>[^/()]+))?\)?)?")
_LIMITS = {"Limit": Limit.FIXED, "No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT}
_STREETS = {
    "BLINDS": 3,
    "BRING_IN": 3,
    "THIRD_STREET": 3,
    "FOURTH_STREET": 4,
    "FIFTH_STREET": 5,
    "SIXTH_STREET": 6,
    "SEVENTH_STREET": 7,
}
_ACTIONS = {
    "BRING_IN": "bring-in",
    "CALL": "call",
    "FOLD": "fold",
    "CHECK": "check",
    "BET": "bet",
    "RAISE": RAISE_TO,
    "COMPLETE": COMPLETE_TO,
}
# events that move no chips and take no turn (the showdown's are read from its cards elements)
_IGNORED = frozenset(
    {
        "SHOW",
        "MUCK",
        "CHAT",
        "PLAYER_OUT",
        "SMALL_BLIND",
        "BIG_BLIND",
        "SIT_OUT",
        "DISCONNECTED",
        "RECONNECTED",
        "LEAVE",
    }
)
_WORDS = "ANTE, BRING_IN, COMPLETE, BET, RAISE, CALL, CHECK, FOLD, ALL_IN, SHOW, MUCK"
_CLOCK = timezone(timedelta(hours=-5))
_RAISE_TO_FROM = datetime(2010, 9, 8, 4, 0, tzinfo=timezone.utc)
"""Merge's raises before 2010-09-08 00:00 US Eastern state the chips they add, after it the street's new
total; nothing but the start time marks which (fpdb switches on the same instant)."""
_STARTTIMES = ("%Y%m%d%H%M%S", "%Y/%m/%d %H:%M:%S")
"""``20110204202244``; from June 2012 also ``2012/06/01 20:00:00``."""
_ROUNDS = frozenset({*_STREETS, "SHOWDOWN", "END_OF_GAME", "END_OF_FOLDED_GAME"})
_CARD_TYPES = frozenset({"DRAW_DRAWN_CARDS", "HOLE", "SHOWN", "MUCKED"})
_SHAPE: HandShape = {
    # version: the file format's ("2" from 2013); data: table, tournament; seats: the table's size
    "game": frozenset(
        {"data", "gametype", "id", "multigametype", "numholecards", "realmoney", "seats", "starttime", "version"}
    ),
    "game/players": frozenset({"dealer"}),
    "game/players/player": frozenset({"balance", "dealtin", "nickname", "seat"}),
    # sequence, timestamp: the order and time of printing (the events are printed in order); text: a
    # chat line's words; hand: a showdown's description of the cards; pottype: hi or lo, which the
    # engine works out
    "game/round": frozenset({"id", "sequence"}),
    "game/round/cards": frozenset({"cards", "hand", "player", "type"}),
    "game/round/event": frozenset({"amount", "player", "sequence", "text", "timestamp", "type"}),
    "game/round/winner": frozenset({"amount", "hand", "player", "potnumber", "pottype", "uncalled"}),
}
"""The elements and attributes of a hand the reader knows; any other, a round of an id not in
``_ROUNDS``, cards of a type not in ``_CARD_TYPES`` and an event of a type it does not know are kept
as unknown (:func:`~...xmlhand.unknown_parts`)."""


class _Description:
    """The file's ``<description type=… stakes=…>``: limit and stakes of every game in it."""

    def __init__(self, node: Node) -> None:
        self.line = node.line
        self.type = node.attrs.get("type", "")
        printed = node.attrs.get("stakes", "")
        m = _STAKES.fullmatch(printed)
        if m is None:
            raise Fault(
                node.line, printed, "'Limit $0.50/$1', 'No Limit ($0.01/$0.02/$0.10)' or 'Limit'", "unreadable stakes"
            )
        self.limit = _LIMITS[m["limit"]]
        self.currency = SYMBOLS.get((m["a"] or "").strip()[:1])
        self.stakes: Stakes | None = None
        self.ante = self.bring_in = None
        if m["c"]:  # ante / bring-in / minimum bet
            self.ante = amount(m["a"], node.line, "ante")
            self.bring_in = amount(m["b"], node.line, "bring-in")
            least = amount(m["c"], node.line, "minimum bet")
            self.stakes = Stakes(least, least)
        elif m["a"]:
            self.stakes = Stakes(amount(m["a"], node.line, "small bet"), amount(m["b"], node.line, "big bet"))


def read(lines: Iterable[str], source_file: str) -> Iterator[Hand | ParseError | NotStudHand]:
    """Every hand of a Merge file, in order (the file is read as a stream)."""
    return in_file_order(_results(lines, source_file), StakesMemory())


def _results(lines: Iterable[str], source_file: str) -> Iterator[Hand | ParseError | NotStudHand | Deferred]:
    description: _Description | None = None
    for item in read_top_elements(lines, source_file, NAME):
        if isinstance(item, ParseError):
            yield item
            continue
        node = item.node
        try:
            if node.tag == "description":
                description = _Description(node)
            elif node.tag == "game":
                yield _game(node, description, source_file)
        except Fault as fault:
            yield fault_error(fault, source_file, NAME)
        except Exception as exc:  # a reader bug: this element's error (errors.reader_failure)
            yield reader_failure(source_file, node.line, f"<{node.tag}>", NAME, exc)


def _game(node: Node, description: _Description | None, source_file: str) -> Hand | NotStudHand | Deferred:
    code = _int(node.attrs.get("multigametype") or node.attrs.get("gametype"), node.line, "gametype")
    game = _CODES.get(code)
    mixed = _MIXED.get(_int(node.attrs.get("gametype", "0"), node.line, "gametype"))
    if game is None:
        if code in _OTHER_CODES or node.attrs.get("numholecards") != "7":
            return NotStudHand(source_file, node.line, SITE, _OTHER_CODES.get(code, f"game code {code}"))
        raise Fault(
            node.line,
            f'gametype="{code}"',
            f"a stud game code ({', '.join(map(str, sorted(_CODES)))})",
            "unknown seven-card game",
        )
    limit = description.limit if description else Limit.FIXED
    data = node.attrs.get("data", "").split("|")
    tournament = None
    if len(data) >= 5 and data[4] == "true":
        tournament = Tournament(data[2])
    hand_id = node.attrs.get("id", "")
    draft = HandDraft(SITE, hand_id, game, node.line)
    players = node.find("players")
    if players is None:
        raise Fault(node.line, hand_id, "<players>…</players>", "hand without its players")
    unknown = unknown_parts(node, _SHAPE)
    rounds = []
    for r in node.children:
        if r.tag == "round" and r.attrs.get("id", "") in _ROUNDS:
            rounds.append(r)
        elif r.tag == "round":
            unknown.append(SkippedLine(r.line, f'<round id="{r.attrs.get("id", "")}">'))
        for c in r.children if r.tag == "round" else ():
            if c.tag == "cards" and c.attrs.get("type") not in _CARD_TYPES | {"COMMUNITY"}:
                unknown.append(SkippedLine(c.line, f'<cards type="{c.attrs.get("type", "")}">'))
            elif c.tag == "event" and c.attrs.get("type") == "GAME_CANCELLED":
                # the site called the game off (fpdb's re_Cancelled skips it): the cards were taken back and
                # every chip returned, so there is no hand to replay
                return NotStudHand(source_file, node.line, SITE, description.type if description else str(code), REASON)
    try:
        built = _drafted(
            node, game, mixed, limit, tournament, data, description, source_file, draft, players, rounds, unknown
        )
    except Fault as fault:
        raise also_unknown(fault, unknown) from None
    return with_unknown(built, unknown, _KNOWN)


_KNOWN = f"an element or attribute the reader knows; event types {_WORDS}"


def _drafted(
    node: Node,
    game: Game,
    mixed: str | None,
    limit: Limit,
    tournament: Tournament | None,
    data: list[str],
    description: _Description | None,
    source_file: str,
    draft: HandDraft,
    players: Node,
    rounds: list[Node],
    unknown: list[SkippedLine],
) -> Hand | Deferred:
    """The hand of ``node`` read into ``draft`` from its known ``rounds``, adding to ``unknown`` the
    events of a type the reader does not know."""
    posted: dict[str, int] = {}
    if tournament is not None:  # a tournament balance is printed after the ante: add it back
        for e in (e for r in rounds if r.attrs.get("id") == "BLINDS" for e in r.children):
            if e.attrs.get("type") == "ANTE":
                posted[e.attrs.get("player", "")] = amount(e.attrs.get("amount"), e.line, "amount")
    for p in players.children:
        seat = _int(p.attrs.get("seat"), p.line, "seat")
        stack = amount(p.attrs.get("balance"), p.line, "balance") + posted.get(str(seat), 0)
        draft.add_seat(seat, p.attrs.get("nickname", ""), stack, sitting_out=p.attrs.get("dealtin") == "false")
    winners = [w for r in rounds for w in r.children if w.tag == "winner"]
    for w in winners:
        if w.attrs.get("uncalled") == "true":
            seat = _player(w, draft)
            draft.printed_returns[seat] = (amount(w.attrs.get("amount"), w.line, "amount"), w.line)
    reveals: dict[int, tuple[int, tuple[Card, ...], bool]] = {}
    started = _started(node)
    raise_adds = started is not None and started < _RAISE_TO_FROM
    for rnd in rounds:
        street = _STREETS.get(rnd.attrs.get("id", ""))
        if street is not None:
            draft.start_street(street)
            for c in rnd.children:
                if c.tag == "cards" and c.attrs.get("type") in ("DRAW_DRAWN_CARDS", "HOLE"):
                    _deal(draft, c, street)
        for c in rnd.children:
            if c.tag == "cards" and c.attrs.get("type") in ("SHOWN", "MUCKED"):
                cards = tuple(x for x in _cards(c) if x is not None)
                reveals[_player(c, draft)] = (c.line, cards, c.attrs["type"] == "SHOWN")
            elif c.tag == "event":
                _event(draft, c, street, rnd.attrs.get("id", ""), reveals, unknown, raise_adds)
    draft.close_street()
    for seat, (line, cards, shown) in reveals.items():
        draft.reveal(line, seat, cards, shown)
    pots = {w.attrs.get("potnumber") for w in winners if w.attrs.get("uncalled") != "true"}
    # highest pot first: an uncalled bet folded into the winnings sits in the last pot its bettor won
    for w in sorted(winners, key=lambda w: -_int(w.attrs.get("potnumber", "1"), w.line, "potnumber")):
        if w.attrs.get("uncalled") == "true":
            continue
        number = _int(w.attrs.get("potnumber", "1"), w.line, "potnumber")
        label = "pot" if len(pots) == 1 else "main pot" if number == 1 else f"side pot-{number - 1}"
        draft.collect(w.line, _player(w, draft), amount(w.attrs.get("amount"), w.line, "amount"), label)
    for seat, (chips, line) in draft.printed_returns.items():
        # a return the actions do not explain: recorded as printed, the engine reports it (rule "uncalled")
        draft.events.append(UncalledReturn(line, seat, chips))
    table = unquote(data[1]) if len(data) >= 2 and data[1] else None

    def make(stakes: Stakes | None) -> Hand:
        return draft.hand(
            stakes,
            source_file=source_file,
            limit=limit,
            currency=None if tournament else (description.currency if description else None),
            play_money=node.attrs.get("realmoney") == "false",
            tournament=tournament,
            table=table,
            max_seats=_seats(node),
            started_at=started,
            mixed=mixed,
            ante=description.ante if description else None,
            bring_in=description.bring_in if description else None,
        )

    if description is not None and description.stakes is not None:
        return make(description.stakes)
    return Deferred((game, draft.nominal_ante()), draft.seen_stakes(), draft.seen_stakes(weak=True), make)


def _deal(draft: HandDraft, node: Node, street: int) -> None:
    """The street's new card(s) from a cumulative list; nothing when the list stops short (a folded
    player's own cards keep being printed as they were)."""
    cards = _cards(node)
    if len(cards) < street:
        return
    seat = _player(node, draft)
    if street == 3:
        draft.deal(node.line, seat, cards[:2], cards[2:3])
    elif street == 7:
        draft.deal(node.line, seat, cards[6:7], ())
    else:
        draft.deal(node.line, seat, (), cards[street - 1 : street])


def _event(
    draft: HandDraft,
    node: Node,
    street: int | None,
    round_id: str,
    reveals: dict[int, tuple[int, tuple[Card, ...], bool]],
    unknown: list[SkippedLine],
    raise_adds: bool = False,
) -> None:
    """One ``<event>``; ``raise_adds``: the hand is of the era whose raises state the chips added."""
    kind = node.attrs.get("type", "")
    if kind not in _IGNORED and kind not in _ACTIONS and kind not in ("ANTE", "ALL_IN"):
        # kept as unknown: without it, the chips and turns must add up
        unknown.append(SkippedLine(node.line, f'<event type="{kind}" amount="{node.attrs.get("amount", "")}">'))
        return
    if kind in _IGNORED:
        if kind == "MUCK" and round_id == "SHOWDOWN":
            seat = _player(node, draft)
            reveals.setdefault(seat, (node.line, (), False))
        return
    if street is None:
        raise Fault(node.line, f'type="{kind}"', "betting inside the streets' rounds", f"{kind} in round {round_id}")
    seat = _player(node, draft)
    chips = amount(node.attrs.get("amount", "0"), node.line, "amount") if kind not in ("FOLD", "CHECK") else 0
    if kind == "ANTE":
        draft.ante(node.line, seat, chips)
    elif kind == "ALL_IN":
        # Merge prints the chips put in; should a file print the street total instead, the stack says so
        had = draft.ledger.contributed(seat)
        if had and chips == had + draft.stack[seat]:
            chips -= had
        draft.act(node.line, seat, PUT, chips)
    else:
        draft.act(node.line, seat, PUT if kind == "RAISE" and raise_adds else _ACTIONS[kind], chips)


def _cards(node: Node) -> tuple[Card | None, ...]:
    text = node.attrs.get("cards", "")
    return tuple(None if t in ("", "null") else card(t, node.line) for t in text.split(","))


def _player(node: Node, draft: HandDraft) -> int:
    seat = _int(node.attrs.get("player"), node.line, "player")
    if seat not in draft.stack:
        raise Fault(
            node.line, f'player="{seat}"', "a seat of the hand's <players> list", f"{node.tag} of a seat nobody sits in"
        )
    return seat


def _int(text: str | None, line: int, what: str) -> int:
    if text is None or not text.isdigit() or len(text) > 9:
        raise Fault(line, f"{what}={text!r}", "a whole number", f"unreadable {what}")
    return int(text)


def _seats(node: Node) -> int | None:
    text = node.attrs.get("seats", "")
    return int(text) if text.isdigit() and len(text) < 4 else None


def _started(node: Node) -> datetime | None:
    for layout in _STARTTIMES:
        try:
            return datetime.strptime(node.attrs.get("starttime", ""), layout).replace(tzinfo=_CLOCK)
        except ValueError:
            continue
    return None
