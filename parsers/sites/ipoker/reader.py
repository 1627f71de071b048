"""iPoker XML sessions: ``<session>`` with one ``<general>`` block, then one ``<game>`` per hand.

What the corpus (fpdb/iPoker) shows, and what this module does with it:

* **The session's ``<general>`` describes every hand** — game, limit, stakes, currency, tournament —
  and the hands repeat none of it; each hand is read with the session it belongs to (a reader that
  takes the game from the first hand only mislabels the rest of a session).
* **Currency**: ``<currency>`` is the *account's* currency; a table in another currency says so in
  ``<tablecurrency>`` (EUR table, USD account) and in the stakes' symbol (``€0.05``). The table's
  wins. The EUR session is cp1252, which ``parsers/reading.py`` decodes.
* **Tournaments** (``<tournamentname>``, ``<buyin>$5+$0.50</buyin>``) print the game without limits
  (``7 Card Stud L``) and amounts without a currency (chips); the limits rise with the levels and are
  learnt from the hands' own bets, per ante (:class:`~.xmlhand.StakesMemory`).
* **Actions** carry a global ``no`` and are printed grouped by player, not in order: each street is
  replayed in ``no`` order after its cards. Types: 0 fold, 3 call, 4 check, 5 bet (the completion
  on 3rd street), 7 all-in (the chips put in), 15 ante, 16 bring-in, 23 raise (to a street total).
  A bring-in player may complete at once without posting the bring-in.
* **Cards**: ``H10``/``SA`` (suit first); ``X`` for a card not shown. ``<round no="2">`` is the
  game's first street (3rd street, two down and the door; in Five Card Stud 2nd street, one down and
  the door, printed ``Second Street``) and each round after it the next street of the game; the cards of players who reached showdown are printed in full on every street.
* **Winnings**: ``win`` per player includes the chips of his own uncalled bet; ``bet`` is all he put
  in (uncalled part included), so the pot before rake is the sum of ``bet`` less the return. Rake is
  not printed: it is what was put in less what was won.
* Empty seats are printed with ``name=""``. The Five Card Stud sample session has no closing
  ``</session>`` (the reader tolerates that after a complete hand).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from datetime import UTC, datetime

from ....engine.cards import Card
from ....engine.games import RULES, GameRules
from ....engine.model import Game, Hand, Limit, Money, ParseWarning, SkippedLine, Tournament
from ...errors import NotStudHand, ParseError, reader_failure
from ...xmlhand import (
    BET_OR_COMPLETE,
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
    in_file_order,
    also_unknown,
    unknown_parts,
    with_unknown,
)
from ...xmlstream import Node, read_top_elements

SITE = "ipoker"
NAME = "iPoker"

HAND_HEADER = re.compile(r"(?:<\?xml[^>]*\?>\s*)?<session\b")
"""The start of an iPoker session file (after the XML declaration, which may share its line)."""

_GAMES = {
    "7 card stud": Game.STUD,
    "7 card stud hi-lo": Game.STUD8,
    "7 card stud hilow": Game.STUD8,
    "razz": Game.RAZZ,
    "5 card stud": Game.STUD5,
}
_LIMITS = {
    "L": Limit.FIXED,
    "FL": Limit.FIXED,
    "Limit": Limit.FIXED,
    "NL": Limit.NO_LIMIT,
    "PL": Limit.POT_LIMIT,
    # the localized skins' words, as fpdb reads them: SL (sans limite) and the Russian БЛ (без лимита)
    # no limit, LP (limite pot) pot limit
    "SL": Limit.NO_LIMIT,
    "БЛ": Limit.NO_LIMIT,
    "LP": Limit.POT_LIMIT,
}
# "7 Card Stud L $0.05/$0.10", "… Limit …", a trailing " Ante $0.01" (the hands' ante actions say it)
_GAMETYPE = re.compile(
    r"(?P<game>.+?) (?P<limit>L|FL|Limit|NL|PL|SL|БЛ|LP)(?: (?P<small>[^\s/]+)/(?P<big>\S+))?(?: Ante (?P<ante>\S+))?"
)
# a tournament's table: "Name, 699476041, 699476041"; from 2017 "Name (#699476041)"
_TOURNEY_ID = re.compile(r".*?(?:, (?P<id>\d+)(?:, \d+)?| \(#(?P<hashed>\d+)\))")

_ACTIONS = {"0": "fold", "3": "call", "4": "check", "5": BET_OR_COMPLETE, "7": PUT, "16": "bring-in", "23": RAISE_TO}
_ANTE = "15"
_NO_ACTION = frozenset({"8", "9"})
"""8 a player who joined the table (no action yet), 9 one sitting out: no chips, no turn."""
_CLIENT_VERSION = re.compile(r"(?P<major>\d+)(?:\.\d+)*")
_NET_OF_RETURN = 20
"""From client version 20 (late 2020) ``win`` no longer includes the winner's own uncalled bet."""
# startdate: "2012-03-19 20:46:31", "20-Apr-2012 20:42:31" (May 2012), "2017/01/02 20:42:31" (2017),
# "30.09.2021 20:00:34" (2021), day-first "19/03/2012 20:46:31" (European skins)
_DATES = ("%Y-%m-%d %H:%M:%S", "%d-%b-%Y %H:%M:%S", "%Y/%m/%d %H:%M:%S", "%d.%m.%Y %H:%M:%S", "%d/%m/%Y %H:%M:%S")
_DECIMAL_COMMA = re.compile(r"(?P<pre>[$€£]?)(?P<whole>\d{1,3}(?:[.\s]\d{3})*|\d+),(?P<frac>\d{2})(?P<post>[$€£]?)")
_FIRST_ROUND = 2
"""The ``<round no>`` of the game's first street: round 0 holds the antes, round 1 is empty (the
blinds of iPoker's flop games)."""
_KNOWN = "an element or attribute the reader knows; action types 0 fold, 3 call, 4 check, 5 bet, 7 all-in, 15 ante, 16 bring-in, 23 raise"
_SHAPE: HandShape = {
    "game": frozenset({"gamecode"}),
    "game/general": frozenset(),
    "game/general/startdate": frozenset(),
    "game/general/players": frozenset(),
    # addon, rebuy: a tournament's chips bought between hands (in the stack already); reg_code: the
    # player's registration; dealer: the button, which stud has no use for
    "game/general/players/player": frozenset(
        {"addon", "bet", "chips", "dealer", "name", "rebuy", "reg_code", "seat", "win"}
    ),
    "game/round": frozenset({"no"}),
    # an action's cards: printed empty in stud (a draw game's discards)
    "game/round/action": frozenset({"cards", "no", "player", "sum", "type"}),
    # a cards element's type: the street's name, which the round number already gives
    "game/round/cards": frozenset({"player", "type"}),
}
"""The elements and attributes of a hand the reader knows; any other is kept as unknown
(:func:`~...xmlhand.unknown_parts`)."""


class _Session:
    """What a session's ``<general>`` says about all its hands."""

    def __init__(self, node: Node) -> None:
        def text(tag: str) -> str:
            child = node.find(tag)
            return child.text if child is not None else ""

        self.line = node.line
        self.printed_game = text("gametype")
        m = _GAMETYPE.fullmatch(self.printed_game)
        if m is None:
            raise Fault(
                node.line,
                self.printed_game,
                "'7 Card Stud L $0.05/$0.10' or '7 Card Stud Hi-Lo L'",
                "unreadable <gametype>",
            )
        self.game = _GAMES.get(m["game"].lower())
        self.limit = _LIMITS[m["limit"]]
        self.table = text("tablename") or None
        symbol = (m["small"] or "")[:1]
        self.currency: str | None = text("tablecurrency") or SYMBOLS.get(symbol) or text("currency") or None
        self.play_money = text("mode").lower() == "play"
        version = _CLIENT_VERSION.fullmatch(text("client_version"))
        self.win_net_of_return = text("uncalled_bet_enabled").lower() == "true" or (
            version is not None and int(version["major"][:6]) >= _NET_OF_RETURN
        )
        """The era of the chips: whether ``win`` leaves out the winner's own uncalled bet."""
        self.stakes: Stakes | None = None
        if m["small"]:
            self.stakes = Stakes(_amount(m["small"], node.line, "small bet"), _amount(m["big"], node.line, "big bet"))
        self.tournament: Tournament | None = None
        name = text("tournamentname")
        if name:
            printed = text("buyin").strip()
            t = _TOURNEY_ID.fullmatch(self.table or "")
            buy_in, fee = _buy_in(printed, text("birake"), node.line)
            tcur = SYMBOLS.get(printed[:1]) or SYMBOLS.get(printed[-1:]) or text("tournamentcurrency") or None
            self.tournament = Tournament((t["id"] or t["hashed"]) if t else name, buy_in, fee, tcur, None)
            self.currency = None  # chips


def read(lines: Iterable[str], source_file: str) -> Iterator[Hand | ParseError | NotStudHand]:
    """Every hand of an iPoker session file, in order (the file is read as a stream)."""
    memory = StakesMemory()
    return in_file_order(_results(lines, source_file), memory)


def _results(lines: Iterable[str], source_file: str) -> Iterator[Hand | ParseError | NotStudHand | Deferred]:
    session: _Session | Fault | None = None
    for item in read_top_elements(lines, source_file, NAME):
        if isinstance(item, ParseError):
            yield item
            continue
        node = item.node
        if node.tag == "general":
            try:
                session = _Session(node)
            except Fault as fault:
                session = fault
                yield fault_error(fault, source_file, NAME)
            except Exception as exc:  # a reader bug: the session's error (errors.reader_failure)
                session = Fault(node.line, "<general>", "a readable <general> block", repr(exc))
                yield reader_failure(source_file, node.line, "<general>", NAME, exc)
        elif node.tag == "game":
            if session is None:
                yield ParseError(
                    source_file,
                    node.line,
                    f"<game gamecode={node.attrs.get('gamecode', '')!r}>",
                    "a <general> block (game, stakes) before the session's first <game>",
                    f"{NAME} hand without its session's <general> block",
                )
            elif isinstance(session, Fault):
                yield ParseError(
                    source_file,
                    node.line,
                    node.attrs.get("gamecode", ""),
                    session.expected,
                    f"{NAME} hand of a session whose <general> block is unreadable (line {session.line})",
                )
            elif session.game is None:
                yield NotStudHand(source_file, node.line, SITE, session.printed_game)
            else:
                try:
                    yield _hand(node, session, source_file)
                except Fault as fault:
                    yield fault_error(fault, source_file, NAME)
                except Exception as exc:  # a reader bug: this hand's error (errors.reader_failure)
                    yield reader_failure(
                        source_file, node.line, f"<game gamecode={node.attrs.get('gamecode', '')!r}>", NAME, exc
                    )


def _buy_in(printed: str, fee_printed: str, line: int) -> tuple[Money | None, Money | None]:
    """(buy-in, fee) of a tournament's ``<buyin>``: ``$5+$0.50`` is the two; a single amount (``0,22€``)
    is the buy-in, its fee the ``<birake>`` beside it where there is one; three parts (the current
    European skins' ``0€ + 0,02€ + 0,23€``) are summed into the buy-in, as fpdb sums them, with no fee
    apart: what each part is the sources do not say, and their sum is what the player paid. (None, None)
    when it does not read: the hands are still read, the tournament without its cost."""
    if not printed:
        return None, None
    try:
        parts = [_amount(part, line, "buy-in") for part in printed.split("+")]
        fee = _amount(fee_printed, line, "buy-in fee") if fee_printed.strip() and len(parts) == 1 else None
    except Fault:
        return None, None
    if len(parts) == 2:
        return parts[0], parts[1]
    return sum(parts), fee


def _amount(text: str | None, line: int, what: str) -> Money:
    """:func:`~...xmlhand.amount`, after a European skin's decimal comma (``0,25€``, ``1.480,50``) is
    made a point; ``1,500`` (three digits after the comma) stays a thousands separator."""
    m = _DECIMAL_COMMA.fullmatch(text.strip()) if text else None
    if m is not None:
        whole = re.sub(r"[.\s]", "", m["whole"])
        text = f"{m['pre']}{whole}.{m['frac']}{m['post']}"
    return amount(text, line, what)


def _cards(text: str, line: int) -> tuple[Card | None, ...]:
    """``X X H6`` -> (None, None, 6h): iPoker writes the suit first and ``X`` for a hidden card."""
    return tuple(None if t == "X" else card(t[1:] + t[0].lower(), line) for t in text.split())


def _hand(node: Node, session: _Session, source_file: str) -> Hand | Deferred:
    assert session.game is not None
    hand_id = node.attrs.get("gamecode", "")
    general = node.find("general")
    players = general.find("players") if general is not None else None
    if general is None or players is None:
        raise Fault(node.line, hand_id, "<general><players>…</players></general>", "hand without its players")
    draft = HandDraft(SITE, hand_id, session.game, node.line)
    unknown = unknown_parts(node, _SHAPE)
    try:
        built = _drafted(node, session, source_file, draft, players, general, unknown)
    except Fault as fault:
        raise also_unknown(fault, unknown) from None
    return with_unknown(built, unknown, _KNOWN)


def _drafted(
    node: Node,
    session: _Session,
    source_file: str,
    draft: HandDraft,
    players: Node,
    general: Node,
    unknown: list[SkippedLine],
) -> Hand | Deferred:
    """The hand of ``node`` read into ``draft``, passing over what ``unknown`` lists and adding to
    it the actions of a type the reader does not know."""
    assert session.game is not None
    seat_of: dict[str, int] = {}
    bets: Money = 0
    wins: list[tuple[int, int, Money]] = []
    for p in players.children:
        name = p.attrs.get("name", "")
        if p.tag != "player" or not name:
            continue  # an empty seat
        seat = _int(p.attrs.get("seat"), p.line, "seat")
        draft.add_seat(seat, name, _amount(p.attrs.get("chips"), p.line, "chips"))
        seat_of[name] = seat
        bets += _amount(p.attrs.get("bet", "0"), p.line, "bet")
        wins.append((p.line, seat, _amount(p.attrs.get("win", "0"), p.line, "win")))
    rules = RULES[session.game]
    last_cards: dict[int, tuple[int, list[Card | None]]] = {}
    for rnd in node.iter("round"):
        street = rules.first_street + _int(rnd.attrs.get("no"), rnd.line, "round no") - _FIRST_ROUND
        actions = []
        for child in rnd.children:
            if child.tag not in ("cards", "action"):
                continue  # an unknown element, kept as such
            seat = _seat(child, seat_of)
            if child.tag == "cards":
                if street not in rules.numbers:
                    last = _FIRST_ROUND + len(rules.numbers) - 1
                    raise Fault(
                        child.line,
                        child.text,
                        f"rounds {_FIRST_ROUND} to {last} ({rules.streets[0].name} street to the river)",
                        f"cards in round {street - rules.first_street + _FIRST_ROUND}",
                    )
                cards = _cards(child.text, child.line)
                draft.start_street(street)
                down, up = _split(rules, street, cards, child.line)
                draft.deal(child.line, seat, down, up)
                held = last_cards.setdefault(seat, (child.line, []))[1]
                held.extend(cards)
                last_cards[seat] = (child.line, held)
            elif child.tag == "action":
                actions.append((_int(child.attrs.get("no"), child.line, "action no"), child, seat))
        for _, child, seat in sorted(actions, key=lambda a: a[0]):
            kind = child.attrs.get("type", "")
            chips = _amount(child.attrs.get("sum", "0"), child.line, "sum")
            if kind == _ANTE:
                draft.ante(child.line, seat, chips)
                continue
            if kind in _NO_ACTION and not chips:
                continue
            printed = _ACTIONS.get(kind)
            if printed is None:  # kept as unknown: without it, the chips and turns must add up
                unknown.append(SkippedLine(child.line, f'<action type="{kind}" sum="{child.attrs.get("sum", "")}">'))
                continue
            if street < rules.first_street:
                first = rules.streets[0].name
                raise Fault(
                    child.line,
                    f'type="{kind}"',
                    f"antes before {first} street, other actions from it",
                    f"action in round {street - rules.first_street + _FIRST_ROUND}",
                )
            draft.start_street(street)
            draft.act(child.line, seat, printed, chips)
    draft.close_street()
    live = [s for s in seat_of.values() if s not in draft.folded and s in last_cards]
    if len(live) > 1:
        for seat in live:
            line, held = last_cards[seat]
            known = tuple(c for c in held if c is not None)
            full = len(known) == len(held) == rules.hand_size
            draft.reveal(line, seat, known if full else (), shown=full)  # unseen cards: he gave up
    if session.win_net_of_return:
        draft.returned.clear()  # nothing of the uncalled bets is inside the printed wins
    for line, seat, won in wins:
        draft.collect(line, seat, won)
    total = bets - sum(draft.returned_total.values())
    started = _started(general, draft.warnings)

    def make(stakes: Stakes | None) -> Hand:
        return draft.hand(
            stakes,
            source_file=source_file,
            limit=session.limit,
            currency=session.currency,
            play_money=session.play_money,
            tournament=session.tournament,
            table=session.table,
            started_at=started,
            total_pot=total,
        )

    if session.stakes is not None:
        return make(session.stakes)
    return Deferred((session.game, draft.nominal_ante()), draft.seen_stakes(), draft.seen_stakes(weak=True), make)


def _split(
    rules: GameRules, street: int, cards: tuple[Card | None, ...], line: int
) -> tuple[tuple[Card | None, ...], tuple[Card | None, ...]]:
    """(down, up) of one street's cards, as the game deals them (engine/games.py): the down cards
    first, then the up cards (on 3rd street of the seven-card games two down and the door)."""
    rule = rules.street(street)
    size = rule.down + rule.up
    if len(cards) != size:
        name = f"{rule.name} street"
        raise Fault(
            line,
            " ".join("X" if c is None else str(c) for c in cards),
            f"{size} card{'s' if size > 1 else ''} on {name}",
            f"{len(cards)} cards on {name}",
        )
    return cards[: rule.down], cards[rule.down :]


def _seat(node: Node, seat_of: dict[str, int]) -> int:
    name = node.attrs.get("player", "")
    if name not in seat_of:
        raise Fault(
            node.line,
            f'player="{name}"',
            "a player of the hand's <players> list",
            f"{node.tag} of a player who is not seated",
        )
    return seat_of[name]


def _int(text: str | None, line: int, what: str) -> int:
    if text is None or not text.isdigit() or len(text) > 9:
        raise Fault(line, f"{what}={text!r}", "a whole number", f"unreadable {what}")
    return int(text)


def _started(general: Node, warnings: list[ParseWarning]) -> datetime | None:
    """The hand's ``startdate``. The file names no time zone; it is taken as UTC (as fpdb stores it:
    the sample's ``.hands`` sidecar keeps the printed clock unchanged). A date in none of the known
    layouts leaves the start unknown, with a warning in ``warnings``: the hand is still good, but the
    user is told why it has no time."""
    node = general.find("startdate")
    if node is None:
        return None
    for layout in _DATES:
        try:
            return datetime.strptime(node.text, layout).replace(tzinfo=UTC)
        except ValueError:
            continue
    warnings.append(
        ParseWarning(
            node.line,
            f"<startdate>{node.text}</startdate>",
            "a start date in a layout studbook does not know: the hand's start time is left unknown",
        )
    )
    return None
