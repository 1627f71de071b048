"""Pot building and distribution: side pots, rake, hi/lo halves, quartering and odd chips.

Everything here is a pure function of what was put in and which cards the contenders hold, so the same
code pays the pots of a replayed site hand, of a simulated hand and of a property test. Each rule lives
in exactly one function: :func:`build_pots` (side pots), :func:`split_rake` (rake placement),
:func:`split_halves` (hi/lo and the odd chip to the high half), :func:`share` (ties and their odd chips).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations
from typing import Callable, Collection, Mapping, Sequence

from .cards import ACE, Card
from .evaluate import describe_high, describe_low, high_value, low8_value, razz_value
from .model import Award, Collect, Game, Half, Hand, Money, Pot, Violation
from .profiles import OddChip, RakeFrom, RuleProfile


def build_pots(invested: Mapping[int, Money], folded: Collection[int]) -> tuple[Pot, ...]:
    """Main and side pots from each seat's total contribution (uncalled chips already returned).

    The contribution levels of the players still in the hand cut the chips into slices; each slice is
    won among the players who reached its level. A slice that only folded players reached has nobody
    to win it, so it merges into the pot below; consecutive slices with the same players merge too.
    """
    live = [s for s in invested if s not in folded]
    levels = sorted({invested[s] for s in live if invested[s] > 0})
    pots: list[Pot] = []
    floor = 0
    for level in levels:
        amount = sum(min(put, level) - min(put, floor) for put in invested.values())
        eligible = tuple(sorted(s for s in live if invested[s] >= level))
        if pots and pots[-1].eligible == eligible:
            last = pots.pop()
            pots.append(Pot(last.index, last.amount + amount, eligible))
        else:
            pots.append(Pot(len(pots), amount, eligible))
        floor = level
    above = sum(max(0, put - floor) for put in invested.values())
    if above and pots:
        last = pots.pop()
        pots.append(Pot(last.index, last.amount + above, last.eligible))
    elif above:
        pots.append(Pot(0, above, ()))
    return tuple(pots)


def split_rake(pots: Sequence[Pot], rake: Money, rule: RakeFrom) -> tuple[Money, ...]:
    """How much of ``rake`` each pot pays: all from the main pot, or in proportion to pot sizes with the
    leftover cents going to the pots with the largest remainders (earlier pot first on equal ones)."""
    if not pots:
        return ()
    if rule is RakeFrom.MAIN_POT or len(pots) == 1:
        return (rake,) + (0,) * (len(pots) - 1)
    total = sum(p.amount for p in pots)
    if total == 0:
        return (rake,) + (0,) * (len(pots) - 1)
    shares = [rake * p.amount // total for p in pots]
    remainders = sorted(range(len(pots)), key=lambda i: (-(rake * pots[i].amount % total), i))
    for i in remainders[: rake - sum(shares)]:
        shares[i] += 1
    return tuple(shares)


def split_halves(amount: Money) -> tuple[Money, Money]:
    """A hi/lo pot's high and low halves: the odd chip goes to the high half (RULES.md §6)."""
    low = amount // 2
    return amount - low, low


def share(amount: Money, winners: Sequence[int]) -> dict[int, Money]:
    """Split ``amount`` evenly among ``winners``, given in odd-chip priority order: the first
    ``amount % len(winners)`` of them get one chip more."""
    base, odd = divmod(amount, len(winners))
    return {seat: base + (1 if i < odd else 0) for i, seat in enumerate(winners)}


# ------------------------------------------------------------------------------------ judging hands


def _razz_low_key(card: Card) -> tuple[int, int]:
    """Ace-low order of single cards, used to find the *lowest* card for a razz or low odd chip."""
    return (-1 if card.rank == ACE else card.rank, card.suit)


def _played_five(cards: Sequence[Card], value: Callable[[Sequence[Card]], int]) -> tuple[Card, ...]:
    """The five cards a hand plays for ``value`` (the best five; with fewer cards, all of them)."""
    if len(cards) <= 5:
        return tuple(cards)
    return max(combinations(cards, 5), key=lambda five: (value(five), sorted(five)))


def odd_chip_order(
    winners: Sequence[int],
    cards: Mapping[int, tuple[Card, ...]],
    profile: RuleProfile,
    low: bool,
    value: Callable[[Sequence[Card]], int],
) -> list[int]:
    """Tied winners in the order the profile hands out odd chips. ``low`` is True for razz and the low
    half, where the *lowest* card (ace low) takes the chip instead of the highest."""
    seats = sorted(winners)
    if profile.odd_chip is OddChip.FIRST_SEAT:
        return seats

    def decisive(seat: int) -> tuple[int, int]:
        pool = cards[seat] if profile.odd_chip is OddChip.HIGH_CARD_ALL else _played_five(cards[seat], value)
        if low:
            lowest = min(pool, key=_razz_low_key)
            rank, suit = _razz_low_key(lowest)
            return (-rank, -suit)
        highest = max(pool)
        return (highest.rank, highest.suit)

    return sorted(seats, key=decisive, reverse=True)


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot's payout. ``judged`` is False when a contender's cards are unknown, so the rules cannot
    say who won: the site's payout is then taken as it is. ``reason`` names the winning hands."""

    pot: Pot
    rake: Money
    awards: tuple[Award, ...]
    judged: bool
    reason: str


SeatLabel = Callable[[int], str]


def _best(values: Mapping[int, int]) -> list[int]:
    top = max(values.values())
    return sorted(s for s, v in values.items() if v == top)


def _pay(
    pot: Pot,
    amount: Money,
    half: Half,
    values: Mapping[int, int],
    cards: Mapping[int, tuple[Card, ...]],
    profile: RuleProfile,
    low: bool,
    value: Callable[[Sequence[Card]], int],
) -> list[Award]:
    winners = odd_chip_order(_best(values), cards, profile, low, value)
    return [Award(pot.index, half, seat, paid) for seat, paid in share(amount, winners).items() if paid]


def distribute_pot(
    pot: Pot,
    rake: Money,
    game: Game,
    cards: Mapping[int, tuple[Card, ...] | None],
    conceded: Collection[int],
    profile: RuleProfile,
    label: SeatLabel,
) -> PotResult:
    """Pay one pot (after its rake) to the best hands among its eligible players.

    ``cards`` holds each contender's full hand (community card included), ``None`` when unknown;
    players in ``conceded`` gave up at showdown without showing. A pot with a single eligible player
    needs no cards. Stud8 splits into halves when a low qualifies, each half among its own winners.
    """
    amount = pot.amount - rake
    contenders = [s for s in pot.eligible if s not in conceded] or list(pot.eligible)
    if len(contenders) == 1:
        seat = contenders[0]
        reason = f"{label(seat)} is the only player left in it"
        return PotResult(pot, rake, (Award(pot.index, Half.WHOLE, seat, amount),), True, reason)
    hands: dict[int, tuple[Card, ...]] = {}
    for seat in contenders:
        held = cards.get(seat)
        if held is None:
            return PotResult(pot, rake, (), False, f"the cards of {label(seat)} are unknown")
        hands[seat] = held
    if game is Game.RAZZ:
        values = {s: razz_value(h) for s, h in hands.items()}
        awards = _pay(pot, amount, Half.WHOLE, values, hands, profile, True, razz_value)
        return PotResult(pot, rake, tuple(awards), True, _why("low", values, describe_low, label))
    highs = {s: high_value(h) for s, h in hands.items()}
    lows = {s: v for s, h in hands.items() if game is Game.STUD8 and (v := low8_value(h)) is not None}
    if not lows:
        awards = _pay(pot, amount, Half.WHOLE, highs, hands, profile, False, high_value)
        return PotResult(pot, rake, tuple(awards), True, _why("high", highs, describe_high, label))
    high_amount, low_amount = split_halves(amount)
    awards = _pay(pot, high_amount, Half.HIGH, highs, hands, profile, False, high_value)
    awards += _pay(pot, low_amount, Half.LOW, lows, hands, profile, True, _low_or_worst)
    reason = f"{_why('high', highs, describe_high, label)}; {_why('low', lows, describe_low, label)}"
    return PotResult(pot, rake, tuple(awards), True, reason)


def _low_or_worst(cards: Sequence[Card]) -> int:
    """``low8_value`` made total for choosing the five cards played (a non-qualifying five ranks last)."""
    value = low8_value(cards)
    return -1 if value is None else value


def _why(half: str, values: Mapping[int, int], describe: Callable[[int], str], label: SeatLabel) -> str:
    winners = _best(values)
    names = " and ".join(label(s) for s in winners)
    return f"{half}: {names} with {describe(values[winners[0]])}"


def distribute(
    pots: Sequence[Pot],
    rakes: Sequence[Money],
    game: Game,
    cards: Mapping[int, tuple[Card, ...] | None],
    conceded: Collection[int],
    profile: RuleProfile,
    label: SeatLabel,
) -> tuple[PotResult, ...]:
    """:func:`distribute_pot` for every pot, each with its own rake share."""
    return tuple(distribute_pot(p, r, game, cards, conceded, profile, label) for p, r in zip(pots, rakes))


# ---------------------------------------------------------------------------- the site's payout


def pot_index(label: str) -> int:
    """The pot a site's label names: ``pot``/``main pot`` -> 0, ``side pot`` -> 1, ``side pot-2`` -> 2."""
    text = label.lower().strip()
    if not text.startswith("side"):
        return 0
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits) if digits else 1


def _pot_name(index: int, count: int) -> str:
    if count == 1:
        return "the pot"
    return "the main pot" if index == 0 else f"side pot {index}"


def audit_payout(
    hand: Hand,
    results: Sequence[PotResult],
    collects: Sequence[Collect],
    rake: Money,
    label: SeatLabel,
    money: Callable[[Money], str],
    total_includes_rake: bool = True,
) -> tuple[list[Violation], tuple[Award, ...]]:
    """Compare the site's totals and ``collected`` lines with the rules' payout.

    Returns the violations and the awards of the hand: the rules' awards for every pot that could be
    judged, the site's own payout for a pot whose contenders' cards are unknown (nothing is flagged
    there unless it does not add up). The site never says which half a line is for, so amounts are
    compared per seat and pot.
    """
    found: list[Violation] = []
    names = {s.seat: s.player for s in hand.seats}
    put_in = sum(r.pot.amount for r in results)
    paid = sum(c.amount for c in collects)
    end_line = collects[0].line if collects else None
    if hand.total_pot is not None:
        expected = put_in if total_includes_rake else put_in - rake
        if hand.total_pot != expected:
            found.append(Violation("pot.total", f"the summary says the total pot is {money(hand.total_pot)}, "
                                   f"but the players put in {money(put_in)}" +
                                   ("" if total_includes_rake else f" less {money(rake)} rake"), line=end_line))
    if hand.rake is not None and (rake < 0 or rake != put_in - paid):
        found.append(Violation("rake", f"the summary's rake is {money(rake)}, but {money(put_in)} was put in and "
                               f"{money(paid)} collected, leaving {money(put_in - paid)}", line=end_line))
    if hand.printed_pots and len(hand.printed_pots) == len(results):
        for r, printed in zip(results, hand.printed_pots):
            if printed != r.pot.amount - r.rake:
                name = _pot_name(r.pot.index, len(results))
                found.append(Violation("pot.printed", f"the summary prints {name} as {money(printed)}, but it "
                                       f"holds {money(r.pot.amount - r.rake)} after its share of the rake",
                                       line=end_line))
    by_pot: dict[int, dict[int, Money]] = {}
    lines: dict[tuple[int, int], int] = {}
    single = len(results) > 1 and all(pot_index(c.pot) == 0 for c in collects)
    for c in collects:
        index = 0 if single else pot_index(c.pot)
        by_pot.setdefault(index, {})
        by_pot[index][c.seat] = by_pot[index].get(c.seat, 0) + c.amount
        lines.setdefault((index, c.seat), c.line)
    awards: list[Award] = []
    rules: dict[int, dict[int, Money]] = {}
    reasons: dict[int, str] = {}
    for r in results:
        index = 0 if single else r.pot.index
        if r.judged:
            awards += r.awards
            for a in r.awards:
                rules.setdefault(index, {})
                rules[index][a.seat] = rules[index].get(a.seat, 0) + a.amount
            reasons[index] = "; ".join(x for x in (reasons.get(index), r.reason) if x)
            continue
        site = by_pot.get(index, {})
        # Unknown cards hide who won, not who could: a payee outside the pot (folded, not all the way
        # in) is wrong whatever the cards, so only the eligible players' payout is taken on trust.
        # (Collects printed for "the pot" of a hand with side pots answer to the main pot's players.)
        eligible = results[0].pot.eligible if single else r.pot.eligible
        trusted = {seat: amount for seat, amount in site.items() if seat in eligible}
        awards += [Award(r.pot.index, Half.WHOLE, seat, amount) for seat, amount in trusted.items()]
        rules[index] = trusted
        if trusted != site:
            reasons[index] = "only " + " and ".join(label(s) for s in eligible) + " can win it"
        if sum(site.values()) != r.pot.amount - r.rake:
            name = _pot_name(r.pot.index, len(results))
            found.append(Violation("pot.award", f"the site pays {money(sum(site.values()))} from {name}, which "
                                   f"holds {money(r.pot.amount - r.rake)} after rake", line=end_line))
    count = 1 if single else len(results)
    for index in sorted(set(by_pot) | set(rules)):
        site, ours = by_pot.get(index, {}), rules.get(index, {})
        name = _pot_name(index, count)
        why = reasons.get(index, "")
        for seat in sorted(set(site) | set(ours)):
            got, due = site.get(seat, 0), ours.get(seat, 0)
            if got == due:
                continue
            line = lines.get((index, seat), end_line)
            who = label(seat)
            if not due:
                text = f"{who} collected {money(got)} from {name}, but the rules pay him nothing ({why})"
                found.append(Violation("pot.winner", text, seat=seat, player=names.get(seat), line=line))
            elif not got:
                text = f"{who} should win {money(due)} from {name} ({why}), but collected nothing"
                found.append(Violation("pot.winner", text, seat=seat, player=names.get(seat), line=line))
            else:
                text = f"{who} collected {money(got)} from {name}, but the rules pay {money(due)} ({why})"
                found.append(Violation("pot.award", text, seat=seat, player=names.get(seat), line=line))
    return found, tuple(awards)
