"""The one boundary between the text's unit and the model's: a chip hand in whole chips.

Every site's reader and writer works in hundredths of the printed unit (``1,500`` reads ``150000``, as
``$0.04`` reads ``4``): one way of reading a number for every site and every line. The model's unit is the
game's smallest (engine/model.py): a cent of a cash game, a whole chip of a tournament or play-money game.
So a chip hand (:attr:`~studbook.engine.model.Hand.chips`) is divided by 100 here, once, as the registry
hands it out (:meth:`~.site.Site.read_hands`, the PHH reader), and multiplied back here before a writer
prints it (:class:`~.writing.TextWriter`, the PHH writer). A site whose chips come in hundredths (Winamax's
play tables) keeps them so, marked :attr:`~studbook.engine.model.Hand.chip_cents`.

Why one boundary and not each reader reading chips itself: the header that says "tournament" is read
before the amounts only on some sites, and a dozen readers each dividing would be a dozen places to get
it wrong. An amount that is not a whole chip here is half a chip, which no site deals: the hand is a
:class:`~.errors.ParseError` saying so, never an amount rounded away.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Iterable, Iterator

from ..engine.model import HUNDREDTHS, Action, Collect, Event, Hand, Money, Seat, UncalledReturn
from .errors import NotStudHand, ParseError

_HALF_CHIP = "a whole number of chips (no site deals a fraction of a tournament or play-money chip)"


class _HalfChip(Exception):
    """An amount that is not a whole chip, and the line it is on."""

    def __init__(self, amount: Money, line: int) -> None:
        super().__init__(amount, line)
        self.amount, self.line = amount, line


def _rescale(hand: Hand, scale: Callable[[Money, int], Money]) -> Hand:
    """``hand`` with every amount at the table (stakes, stacks, wagers, returns, collections, pots,
    rake) given by ``scale(amount, line)``; the tournament's buy-in and fee are a price, not chips, and
    stay as they are."""

    def opt(amount: Money | None, line: int) -> Money | None:
        return None if amount is None else scale(amount, line)

    def event(e: Event) -> Event:
        if type(e) is Action:
            if e.amount == 0 and e.to is None:
                return e
            return Action(e.line, e.street, e.seat, e.kind, scale(e.amount, e.line), opt(e.to, e.line), e.all_in)
        if type(e) is Collect:
            return Collect(e.line, e.seat, scale(e.amount, e.line), e.pot)
        if type(e) is UncalledReturn:
            return UncalledReturn(e.line, e.seat, scale(e.amount, e.line))
        return e

    top = hand.source_line
    return replace(
        hand,
        small_bet=scale(hand.small_bet, top),
        big_bet=scale(hand.big_bet, top),
        ante=opt(hand.ante, top),
        bring_in=opt(hand.bring_in, top),
        total_pot=opt(hand.total_pot, top),
        rake=opt(hand.rake, top),
        printed_pots=tuple(scale(p, top) for p in hand.printed_pots),
        seats=tuple(Seat(s.seat, s.player, scale(s.stack, top), s.sitting_out) for s in hand.seats),
        events=tuple(map(event, hand.events)),
    )


def _whole_chips(amount: Money, line: int) -> Money:
    chips, fraction = divmod(amount, HUNDREDTHS)
    if fraction:
        raise _HalfChip(amount, line)
    return chips


def _hundredths(amount: Money, line: int) -> Money:
    return amount * HUNDREDTHS


def in_chips(hand: Hand, hundredths_of_chips: bool = False) -> Hand | ParseError:
    """``hand`` as read (hundredths of the printed unit) in the model's unit: a chip hand's amounts in
    whole chips, a cash hand as it is. ``hundredths_of_chips``: the site deals hundredths of a play chip
    (:attr:`.site.Site.play_chip_cents`), so a play-money cash hand keeps them, marked ``chip_cents``. A
    chip hand with an amount that is not a whole chip is the hand's :class:`ParseError` at its line."""
    if not hand.chips or hand.chip_cents:
        return hand
    if hundredths_of_chips and hand.play_money and hand.tournament is None:
        return replace(hand, chip_cents=True)
    try:
        return _rescale(hand, _whole_chips)
    except _HalfChip as half:
        whole, cents = divmod(half.amount, HUNDREDTHS)
        kind = "tournament" if hand.tournament is not None else "play-money"
        return ParseError(
            hand.source_file,
            half.line,
            f"{whole:,}.{cents:02d}",
            _HALF_CHIP,
            f"hand {hand.site_hand_id}: {whole:,}.{cents:02d} is a fraction of a {kind} chip",
        )


def in_hundredths(hand: Hand) -> Hand:
    """``hand`` in the unit the writers print from, hundredths of the printed unit: a chip hand's whole
    chips times 100 (:func:`in_chips` undone), marked ``chip_cents`` since that is what its amounts are
    then, so that a second call leaves it as it is; a cash hand or one in hundredths of a chip as it is."""
    if not hand.chips or hand.chip_cents:
        return hand
    return replace(_rescale(hand, _hundredths), chip_cents=True)


def read_in_chips(
    results: Iterable[Hand | ParseError | NotStudHand], hundredths_of_chips: bool = False
) -> Iterator[Hand | ParseError | NotStudHand]:
    """Each hand of a reader's ``results`` :func:`in_chips`; errors and skipped hands as they are."""
    for result in results:
        yield in_chips(result, hundredths_of_chips) if isinstance(result, Hand) else result
