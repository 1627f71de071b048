"""A stored hand told street by street, as the players at the table saw it: the text of
``studbook replay`` and of :meth:`studbook.api.Database.replay`.

Other players' down cards stay hidden until the showdown (``as_player`` shows that player's own down
cards, when the history has them), the pot is given after each street's betting, and the end lists what
the rules pay from each pot and half, what the site paid, and every rule the hand breaks.

The database keeps where each hand came from (``source_file``, ``source_line``), not every line of it
(showdown cards, for one), so the hand is read again from its file and replayed by the engine: what is
printed is what the rules say today, under the profile asked for.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable, Collection

from ..engine.cards import format_cards
from ..engine.games import RULES
from ..engine.model import (
    STREET_NAMES,
    Action,
    ActionKind,
    Collect,
    CommunityCard,
    Deal,
    Hand,
    Muck,
    ReplayResult,
    Show,
    UncalledReturn,
    format_money,
)
from ..engine.profiles import RuleProfile
from ..engine.steps import replay_steps
from ..parsers.registry import profile_for

if TYPE_CHECKING:
    from duckdb import DuckDBPyConnection

GAME_NAMES = {"stud": "Seven Card Stud", "stud8": "Stud Hi/Lo (8 or better)", "razz": "Razz"}
HIDDEN = "??"


class HandNotFound(LookupError):
    """The hand is not in the database or its file cannot be read again; the message says what to do."""


def find_source(con: DuckDBPyConnection, hand_id: str) -> tuple[str, str, str]:
    """``(site, site_hand_id, source_file)`` of a stored hand given as ``site:number`` or ``number``."""
    column = "hand_id" if ":" in hand_id else "site_hand_id"
    rows = con.execute(f"SELECT site, site_hand_id, source_file FROM hands WHERE {column} = ?", [hand_id]).fetchall()
    if not rows:
        raise HandNotFound(f"hand {hand_id} is not in the database (import its file first: studbook import FILE)")
    if len(rows) > 1:
        ids = ", ".join(f"{site}:{number}" for site, number, _ in rows)
        raise HandNotFound(f"hand number {hand_id} exists on several sites: {ids}; give one of these ids")
    return rows[0]


def moved_file(checksums: Collection[str], folder: str | Path) -> Path | None:
    """The file under ``folder`` whose content has one of ``checksums`` (a moved or renamed hand file)."""
    from ..pipeline.importer import checksum, discover

    files, _ = discover([folder])
    for path in files:
        try:
            if checksum(path) in checksums:
                return path
        except OSError:
            continue
    return None


def hand_file(
    site: str,
    site_hand_id: str,
    source_file: str,
    db_path: str | Path,
    checksums: Collection[str] = (),
    search: str | Path | None = None,
) -> Path:
    """Where the hand's file is now: as stored, then beside the database (older databases stored
    relative paths), then, with ``search``, the file under that folder with the content that was
    imported (``checksums`` of the file's imports: the file itself, moved or renamed)."""
    candidates = [Path(source_file), Path(db_path).resolve().parent / source_file]
    path = next((p for p in candidates if p.is_file()), None)
    if path is None and search is not None:
        path = moved_file(checksums, search)
        if path is None:
            raise HandNotFound(
                f"hand {site}:{site_hand_id} was imported from {source_file}, and no file under "
                f"{search} has its content (it may have changed since)"
            )
    if path is None:
        raise HandNotFound(
            f"hand {site}:{site_hand_id} was imported from {source_file}, which cannot be found "
            f"any more; put the file back, or tell where it is now: "
            f"studbook replay {site}:{site_hand_id} --search FOLDER"
        )
    return path


def hands_in_file(path: Path, wanted: Collection[tuple[str, str]]) -> dict[tuple[str, str], Hand]:
    """The hands ``(site, site_hand_id)`` of ``wanted`` that the file holds, read in one pass (it stops
    once it has them all): what a page of several hands of one file needs."""
    from ..parsers import parse_file

    found: dict[tuple[str, str], Hand] = {}
    for item in parse_file(path):
        if isinstance(item, Hand) and (item.site, item.site_hand_id) in wanted:
            found[(item.site, item.site_hand_id)] = item
            if len(found) == len(wanted):
                break
    return found


def load_hand(
    site: str,
    site_hand_id: str,
    source_file: str,
    db_path: str | Path,
    checksums: Collection[str] = (),
    search: str | Path | None = None,
) -> Hand:
    """Read the hand again from its file (found by :func:`hand_file`)."""
    path = hand_file(site, site_hand_id, source_file, db_path, checksums, search)
    hand = hands_in_file(path, {(site, site_hand_id)}).get((site, site_hand_id))
    if hand is None:
        raise HandNotFound(f"{path} no longer holds hand {site}:{site_hand_id}; the file changed since it was imported")
    return hand


# ----------------------------------------------------------------------------------- the telling


def render_hand(
    hand: Hand, result: ReplayResult, as_player: str | None = None, profile: RuleProfile | None = None
) -> str:
    """The hand as text, street by street (see the module docstring): ``result`` is its replay under
    ``profile`` (``None``: its site's rules), whose table after each event gives the streets and cards."""
    names = {s.seat: s.player for s in hand.seats}
    me = hand.seat_of(as_player) if as_player is not None else None
    money: Callable[[int], str] = lambda amount: format_money(amount, hand.currency, hand.per_unit)  # noqa: E731
    width = max(len(n) for n in names.values())
    lines = [
        header_line(hand, money),
        "Seats: "
        + ", ".join(
            f"{s.seat} {s.player} {money(s.stack)}" + (" (sitting out)" if s.sitting_out else "") for s in hand.seats
        ),
    ]
    antes = [e for e in hand.events if isinstance(e, Action) and e.kind is ActionKind.ANTE]
    if antes:
        lines.append("Antes: " + ", ".join(f"{names[a.seat]} {money(a.amount)}" for a in antes))
    # the street and the cards are the engine's, after each event (the steps view): a header follows the
    # street the rules are on, and a seat's cards are those it holds then, as the table saw them
    _, states = replay_steps(hand, profile or profile_for(hand))
    street = 0
    shown_down = False
    for event, state in zip(hand.events, states):
        if (
            isinstance(event, (Deal, Action, CommunityCard))
            and state.street != street
            and not (isinstance(event, Action) and event.kind is ActionKind.ANTE)
        ):
            if street:
                lines.append(f"  pot {money(_pot_after(result, street))}")
            street = state.street
            lines.append(f"{STREET_NAMES[street]} street")
        if isinstance(event, Deal):
            held = [k for k in state.cards if k.seat == event.seat]
            down = [k.card.name if k.card is not None and event.seat == me else HIDDEN for k in held if not k.up]
            up = [HIDDEN if k.card is None else k.card.name for k in held if k.up]
            cards = f"[{' '.join(down)}] " if down else ""
            lines.append(f"  {names[event.seat]:<{width}}  {cards}{' '.join(up)}")
        elif isinstance(event, CommunityCard):
            lines.append(f"  Community card (everybody's): {HIDDEN if event.card is None else event.card.name}")
        elif isinstance(event, Action) and event.kind is not ActionKind.ANTE:
            lines.append(f"  {names[event.seat]} {action_words(event, money)}")
        elif isinstance(event, UncalledReturn):
            lines.append(f"  {money(event.amount)} uncalled, returned to {names[event.seat]}")
        elif isinstance(event, (Show, Muck)):
            if not shown_down:
                if street:
                    lines.append(f"  pot {money(_pot_after(result, street))}")
                lines.append("Showdown")
                shown_down = True
            lines.append(f"  {names[event.seat]} {reveal_words(event)}")
    if not shown_down and street:
        lines.append(f"  pot {money(_pot_after(result, street))}")
    lines += _payout(hand, result, names, money)
    return "\n".join(lines)


def header_line(hand: Hand, money: Callable[[int], str]) -> str:
    """The hand's one-line identity: site and number, game and stakes, forced bets, time, table, file:line."""
    stakes = f"{money(hand.small_bet)}/{money(hand.big_bet)}"
    forced = [
        f"ante {money(hand.ante)}" if hand.ante else "",
        f"bring-in {money(hand.bring_in)}" if hand.bring_in else "",
    ]
    when = hand.started_at.strftime("%Y-%m-%d %H:%M %Z") if hand.started_at else "time unknown"
    where = f"{hand.source_file}:{hand.source_line}" if hand.source_file else ""
    parts = [
        f"{hand.site} hand {hand.site_hand_id}",
        f"{GAME_NAMES.get(str(hand.game), RULES[hand.game].title)} {stakes}",
        *filter(None, forced),
        when,
        f"table {hand.table!r}" if hand.table else "",
        where,
    ]
    return " | ".join(p for p in parts if p)


def action_words(action: Action, money: Callable[[int], str]) -> str:
    """What a player did, in words (``completes to $0.04``), for the text and the HTML replay alike."""
    words = {
        ActionKind.BRING_IN: f"brings in for {money(action.amount)}",
        ActionKind.COMPLETE: f"completes to {money(action.to or action.amount)}",
        ActionKind.BET: f"bets {money(action.amount)}",
        ActionKind.RAISE: f"raises to {money(action.to)}"
        if action.to is not None
        else f"raises {money(action.amount)}",
        ActionKind.CALL: f"calls {money(action.amount)}",
        ActionKind.CHECK: "checks",
        ActionKind.FOLD: "folds",
    }[action.kind]
    return words + (" and is all-in" if action.all_in else "")


def reveal_words(event: Show | Muck) -> str:
    """What a player showed or mucked at the showdown, in words."""
    if isinstance(event, Show):
        said = f" ({event.description})" if event.description else ""
        return f"shows {format_cards(event.cards)}{said}"
    return f"mucks {format_cards(event.cards)}" if event.cards else "mucks (cards not shown)"


def _pot_after(result: ReplayResult, street: int) -> int:
    """Chips in the middle once ``street``'s betting is over (antes included, uncalled bets returned)."""
    return sum(v for per_street in result.street_invested.values() for t, v in per_street.items() if t <= street)


def _payout(hand: Hand, result: ReplayResult, names: dict[int, str], money: Callable[[int], str]) -> list[str]:
    lines = [f"Pots (the rules' payout{f', after {money(result.rake)} rake' if result.rake else ''})"]
    for pot in result.pots:
        title = "Main pot" if pot.index == 0 else f"Side pot {pot.index}"
        if len(result.pots) == 1:
            title = "Pot"
        between = ", ".join(names[s] for s in pot.eligible)
        lines.append(f"  {title} {money(pot.amount)} ({between}):")
        for award in (a for a in result.awards if a.pot == pot.index):
            lines.append(
                f"    {award.half} {'half' if award.half != 'whole' else 'pot'}: "
                f"{names[award.seat]} {money(award.amount)}"
            )
    paid = [e for e in hand.events if isinstance(e, Collect)]
    if paid:
        lines.append("Site paid: " + ", ".join(f"{names[c.seat]} {money(c.amount)} from {c.pot}" for c in paid))
    if result.violations:
        lines.append(f"Violations ({len(result.violations)}):")
        for v in result.violations:
            at = f" [line {v.line}]" if v.line is not None else ""
            lines.append(f"  {v.rule}: {v.message}{at}")
    else:
        lines.append("Violations: none (the hand follows the rules)")
    return lines
