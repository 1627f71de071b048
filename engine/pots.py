"""Pot building and distribution: side pots, rake, hi/lo halves, quartering and odd chips.

Everything here is a pure function of what was put in and which cards the contenders hold, so the same
code pays the pots of a replayed site hand, of a simulated hand and of a property test. Each rule lives
in exactly one function: :func:`build_pots` (side pots), :func:`split_rake` (rake placement),
:func:`split_halves` (hi/lo and which half gets the odd chip), :func:`share` (ties), both dealing whole
units of the game (:func:`deal_out`: amounts are in the game's smallest unit, a chip in a tournament,
a cent in cash, so the odd chip is one unit).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from itertools import combinations
from math import comb
from typing import Callable, Collection, Final, Mapping, Sequence

from .cards import Card
from .games import RULES, GameRules, Ranking, card_order
from .model import (
    HALF_HIGH,
    HALF_LOW,
    HALF_WHOLE,
    Award,
    Collect,
    Game,
    Half,
    Hand,
    Money,
    Pot,
    Violation,
    direct_init,
)
from .profiles import OddChip, RakeFrom, RuleProfile


_FIRST_SEAT: Final = OddChip.FIRST_SEAT  # read at every tie: a global (see model.HALF_HIGH)


def build_pots(invested: Mapping[int, Money], folded: Collection[int]) -> tuple[Pot, ...]:
    """Main and side pots from each seat's total contribution (uncalled chips already returned).

    The contribution levels of the players still in the hand cut the chips into slices; each slice is
    won among the players who reached its level. A slice that only folded players reached has nobody
    to win it, so it merges into the pot below; consecutive slices with the same players merge too.
    """
    # the players still in and the levels they cut at, in one pass (this runs for every hand)
    live: list[int] = []
    levels: set[Money] = set()
    for seat, put in invested.items():
        if seat not in folded:
            live.append(seat)
            if put > 0:
                levels.add(put)
    live.sort()
    pots: list[Pot] = []
    below = 0  # every seat's chips up to the last level cut: sum(min(put, level)), one pass per level
    for level in sorted(levels):
        upto = sum([put if put < level else level for put in invested.values()])
        eligible = tuple([s for s in live if invested[s] >= level])
        if pots and pots[-1].eligible == eligible:
            last = pots.pop()
            pots.append(Pot(last.index, last.amount + upto - below, eligible))
        else:
            pots.append(Pot(len(pots), upto - below, eligible))
        below = upto
    above = sum(invested.values()) - below
    if above and pots:
        last = pots.pop()
        pots.append(Pot(last.index, last.amount + above, last.eligible))
    elif above:
        # No player still in the hand put a chip in (all who anted or bet folded): what they left is
        # won by whoever is still in, as any pot is when everyone else folds.
        pots.append(Pot(0, above, tuple(live)))
    return tuple(pots)


def split_rake(pots: Sequence[Pot], rake: Money, rule: RakeFrom) -> tuple[Money, ...]:
    """How much of ``rake`` each pot pays: all from the main pot, or in proportion to pot sizes with the
    leftover cents going to the pots with the largest remainders (earlier pot first on equal ones)."""
    if not pots:
        return ()
    if len(pots) == 1 or rule is RakeFrom.MAIN_POT:
        return (rake,) + (0,) * (len(pots) - 1)
    total = sum(p.amount for p in pots)
    if total == 0:
        return (rake,) + (0,) * (len(pots) - 1)
    shares = [rake * p.amount // total for p in pots]
    remainders = sorted(range(len(pots)), key=lambda i: (-(rake * pots[i].amount % total), i))
    for i in remainders[: rake - sum(shares)]:
        shares[i] += 1
    return tuple(shares)


def deal_out(amount: Money, count: int) -> list[Money]:
    """``amount`` dealt to ``count`` takers in odd-chip priority order, in whole units of the game (the
    model's amounts are in that unit): each gets an equal share, the first ``amount % count`` one unit
    more. The rule of every split, halves and ties alike, so it lives here once."""
    base, odd = divmod(amount, count)
    return [base + 1 if i < odd else base for i in range(count)]


def split_halves(amount: Money, odd_chip_to: Half = Half.HIGH) -> tuple[Money, Money]:
    """A hi/lo pot's high and low halves: the odd chip (one unit of the game) goes to the high half (docs/rules.md
    §6), or to the low half for a room whose profile says so (``RuleProfile.hilo_odd_chip``)."""
    first, second = deal_out(amount, 2)
    return (second, first) if odd_chip_to is HALF_LOW else (first, second)


def share(amount: Money, winners: Sequence[int]) -> dict[int, Money]:
    """Split ``amount`` evenly among ``winners``, given in odd-chip priority order: the first of them get
    one odd chip (one unit) each, as many as the units left over (:func:`deal_out`)."""
    return dict(zip(winners, deal_out(amount, len(winners))))


# ------------------------------------------------------------------------------------ judging hands


def _played_five(cards: Sequence[Card], value: Callable[[Sequence[Card]], int]) -> tuple[Card, ...]:
    """The five cards a hand plays for ``value`` (the best five; with fewer cards, all of them)."""
    if len(cards) <= 5:
        return tuple(cards)
    return max(combinations(cards, 5), key=lambda five: (value(five), sorted(five)))


def odd_chip_order(
    winners: Sequence[int],
    cards: Mapping[int, tuple[Card, ...]],
    profile: RuleProfile,
    ranking: Ranking,
) -> list[int]:
    """Tied winners in the order the profile hands out odd chips. For a low ranking (razz games, the
    low half) the *lowest* card in the ranking's card order takes the chip instead of the highest."""
    seats = sorted(winners)
    if profile.odd_chip is _FIRST_SEAT:
        return seats
    key = card_order(ranking.aces)

    def five_value(five: Sequence[Card]) -> int:
        value = ranking.qualified(five)
        return -1 if value is None else value  # a non-qualifying five ranks last

    def decisive(seat: int) -> tuple[int, int]:
        pool = cards[seat] if profile.odd_chip is OddChip.HIGH_CARD_ALL else _played_five(cards[seat], five_value)
        if ranking.low:
            rank, suit = min(map(key, pool))
            return (-rank, -suit)
        return max(map(key, pool))

    return sorted(seats, key=decisive, reverse=True)


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot's payout. ``judged`` is False when a contender's cards are unknown, so the rules cannot
    say who won: the site's payout is then taken as it is. ``reason`` names the winning hands.

    Why ``explain`` and not the text: the reason is read only when a payout is wrong (a violation's
    text) or shown to a user, yet every pot of every hand replayed has one; spelling it out (the hands'
    names, the seats' labels) for each pot was a few per cent of a replay. ``explain`` writes it on
    demand, from the values the payout was decided on."""

    pot: Pot
    rake: Money
    awards: tuple[Award, ...]
    judged: bool
    explain: Callable[[], str] = field(repr=False, compare=False)

    @property
    def reason(self) -> str:
        """Why the pot went where it went (or why the rules cannot say), in words."""
        return self.explain()


direct_init(PotResult)  # built for every pot of every hand replayed (see model.direct_init)

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
    ranking: Ranking,
) -> list[Award]:
    winners = odd_chip_order(_best(values), cards, profile, ranking)
    return [Award(pot.index, half, seat, paid) for seat, paid in share(amount, winners).items() if paid]


HAND_SIZE: Final = RULES[Game.STUD].hand_size
"""Cards in a seven-card stud hand at showdown (the community card included); each game's own is
:attr:`.games.GameRules.hand_size`."""

MOST_COMPLETIONS: Final = 1_500
"""How many ways to fill one contender's unknown cards :func:`values_whatever_unseen` tries: two
unknown cards among the forty-odd unseen ones (about a thousand ways) still are judged; three (some ten
thousand) are left to the site rather than slow down the import of every such hand."""


def values_whatever_unseen(
    game: Game, hands: Mapping[int, tuple[Card, ...]], unseen: Collection[Card]
) -> tuple[dict[int, int], dict[int, int]] | None:
    """Hand values that pay a pot exactly as every way of completing the contenders' hands would, or
    ``None`` when the unknown cards could change who wins what.

    ``hands`` holds each contender's known cards, fewer than seven for those with unknown ones (a
    garbled card, an unshown down card); each gap may be filled by any of the ``unseen`` cards. For each
    contender the worst and best value over its completions bound what it can have. The winners are
    certain when the best guaranteed value (the floor) beats every other contender's best possible one,
    or when those who can reach the floor tie there with hands fully known (so that even the odd chip,
    which some profiles give by the cards, is certain). Filling each gap on its own, as if the others'
    unknown cards could repeat it, only adds outcomes, so a result found certain is. Returns the high
    values (razz: the low) and the qualifying stud8 lows: the winners' floors and the others' best,
    which rank the contenders as every completion does.
    """
    rules = RULES[game]
    primary, split, size = rules.pot.value, rules.split, rules.hand_size
    highs: dict[int, tuple[int, int]] = {}
    lows: dict[int, tuple[int, int]] = {}  # stud8: worst and best low, -1 for none
    for seat, known in hands.items():
        missing = size - len(known)
        pool = [c for c in unseen if c not in known]
        if missing < 0 or not 0 < comb(len(pool), missing) <= MOST_COMPLETIONS:
            return None
        completions = [known + extra for extra in combinations(pool, missing)]
        values = [primary(c) for c in completions]
        highs[seat] = (min(values), max(values))
        if split is not None:
            seat_lows = [-1 if (v := split.qualified(c)) is None else v for c in completions]
            lows[seat] = (min(seat_lows), max(seat_lows))

    def certain(ranges: Mapping[int, tuple[int, int]]) -> dict[int, int] | None:
        floor = max(worst for worst, _ in ranges.values())
        reach = [s for s, (_, best) in ranges.items() if best >= floor]
        if len(reach) > 1 and any(len(hands[s]) < size for s in reach):
            return None
        return {s: worst if s in reach else best for s, (worst, best) in ranges.items()}

    high = certain(highs)
    if high is None or not lows or all(best < 0 for _, best in lows.values()):
        return None if high is None else (high, {})
    if all(worst < 0 for worst, _ in lows.values()):
        return None  # a low may or may not qualify: whether the pot is split at all is uncertain
    low = certain({s: r for s, r in lows.items() if r[1] >= 0})
    return None if low is None else (high, low)


def distribute_pot(
    pot: Pot,
    rake: Money,
    game: Game,
    cards: Mapping[int, tuple[Card, ...] | None],
    conceded: Collection[int],
    profile: RuleProfile,
    label: SeatLabel,
    unseen: Callable[[], Collection[Card]] = frozenset,
) -> PotResult:
    """Pay one pot (after its rake) to the best hands among its eligible players.

    ``cards`` holds each contender's hand (community card included): all its cards (seven, or five in
    Five Card Stud), or the known ones when some are unknown, ``None`` when nothing can be said. A hand with unknown cards is judged
    only when every way of filling them from the cards ``unseen()`` gives the same payout
    (:func:`values_whatever_unseen`); otherwise the pot is left unjudged. A function, called only then:
    working the unseen cards out is a pass over every card of the hand, and most hands with an unknown
    card never need them (the player whose cards are unknown mucked: he conceded). Players in ``conceded`` gave
    up at showdown without showing. A pot with a single eligible player needs no cards. A game with a
    split (stud8) splits into halves when a low qualifies, each half among its own winners. Odd chips
    are whole units of the game: a chip in a tournament, a cent in cash (the model's amounts).
    """
    rules: GameRules = RULES[game]
    main, split = rules.pot, rules.split
    amount = pot.amount - rake
    contenders = [s for s in pot.eligible if s not in conceded] or list(pot.eligible)
    if not contenders:  # everyone folded: the rules give it to nobody, so whatever the site paid is wrong
        return PotResult(pot, rake, (), False, _everyone_folded)
    if len(contenders) == 1:
        seat = contenders[0]
        return PotResult(
            pot, rake, (Award(pot.index, HALF_WHOLE, seat, amount),), True, partial(_only_one, label, seat)
        )
    hands: dict[int, tuple[Card, ...]] = {}
    for seat in contenders:
        held = cards.get(seat)
        if held is None:
            return PotResult(pot, rake, (), False, partial(_unknown, label, seat))
        hands[seat] = held
    partly = [s for s, h in hands.items() if len(h) < rules.hand_size]
    if partly:
        bounded = values_whatever_unseen(game, hands, unseen())
        if bounded is None:
            return PotResult(pot, rake, (), False, partial(_could_change, label, partly))
        highs, lows = bounded
        note = ", whatever the unknown cards"
    else:
        highs = {s: main.value(h) for s, h in hands.items()}
        lows = {s: v for s, h in hands.items() if split is not None and (v := split.qualified(h)) is not None}
        note = ""
    if split is None or not lows:
        awards = _pay(pot, amount, HALF_WHOLE, highs, hands, profile, main)
        return PotResult(pot, rake, tuple(awards), True, partial(_winners, label, note, (main, highs)))
    high_amount, low_amount = split_halves(amount, profile.hilo_odd_chip)
    awards = _pay(pot, high_amount, HALF_HIGH, highs, hands, profile, main)
    awards += _pay(pot, low_amount, HALF_LOW, lows, hands, profile, split)
    return PotResult(pot, rake, tuple(awards), True, partial(_winners, label, note, (main, highs), (split, lows)))


# the reasons of distribute_pot's payouts, written when asked for (PotResult.explain)


def _everyone_folded() -> str:
    return "every player folded, so nobody can win it"


def _only_one(label: SeatLabel, seat: int) -> str:
    return f"{label(seat)} is the only player left in it"


def _unknown(label: SeatLabel, seat: int) -> str:
    return f"the cards of {label(seat)} are unknown"


def _could_change(label: SeatLabel, partly: Sequence[int]) -> str:
    names = " and ".join(label(s) for s in partly)
    return f"unknown cards of {names} could change who wins it"


def _winners(label: SeatLabel, note: str, *halves: tuple[Ranking, Mapping[int, int]]) -> str:
    """``high: Seat 1 (Ann) with ...; low: ...`` for the halves' rankings and the values they were paid on."""
    return "; ".join(_why(ranking, values, label) for ranking, values in halves) + note


def _why(ranking: Ranking, values: Mapping[int, int], label: SeatLabel) -> str:
    winners = _best(values)
    names = " and ".join(label(s) for s in winners)
    return f"{ranking.name}: {names} with {ranking.describe(values[winners[0]])}"


def distribute(
    pots: Sequence[Pot],
    rakes: Sequence[Money],
    game: Game,
    cards: Mapping[int, tuple[Card, ...] | None],
    conceded: Collection[int],
    profile: RuleProfile,
    label: SeatLabel,
    unseen: Callable[[], Collection[Card]] = frozenset,
) -> tuple[PotResult, ...]:
    """:func:`distribute_pot` for every pot, each with its own rake share; ``unseen`` called once at the most, whichever pots need it."""
    once = _once(unseen)
    return tuple(distribute_pot(p, r, game, cards, conceded, profile, label, once) for p, r in zip(pots, rakes))


def _once(work: Callable[[], Collection[Card]]) -> Callable[[], Collection[Card]]:
    """``work`` done on the first call and its answer kept. Not ``functools.cache``: wrapping a function
    in it copies the function's attributes, which a ``partial`` lacks (each missing one raises and is
    caught), and :func:`distribute` wraps one for every hand: 2.46 us a hand, against 0.16 us for this."""
    kept: list[Collection[Card]] = []

    def answer() -> Collection[Card]:
        if not kept:
            kept.append(work())
        return kept[0]

    return answer


# ---------------------------------------------------------------------------- the site's payout


def pot_index(label: str) -> int:
    """The pot a site's label names: ``pot``/``main pot`` -> 0, ``side pot`` -> 1, ``side pot-2`` or
    ``low side pot #2`` -> 2."""
    text = label.lower().strip()
    if "side" not in text:  # Full Tilt names the half first: "high side pot", "low side pot #2"
        return 0
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits) if digits else 1


def _pot_name(index: int, count: int) -> str:
    if count == 1:
        return "the pot"
    return "the main pot" if index == 0 else f"side pot {index}"


def _credit(paid: dict[int, dict[int, Money]], pot: int, seat: int, amount: Money) -> None:
    """Add ``amount`` to what ``seat`` gets from ``pot`` (a pot may pay a seat twice: a high and a low half)."""
    row = paid.setdefault(pot, {})
    row[seat] = row.get(seat, 0) + amount


def _summary_violations(
    hand: Hand,
    results: Sequence[PotResult],
    collects: Sequence[Collect],
    rake: Money,
    money: Callable[[Money], str],
    total_includes_rake: bool,
    line: int | None,
    pots_include_rake: bool = False,
) -> list[Violation]:
    """Whether the summary's own numbers add up: the total pot against the chips put in, the rake
    against what the collections leave, each printed pot against the rules' pot after its rake. Who was
    paid is :func:`audit_payout`'s question; these are reported at the summary (``line``)."""
    found: list[Violation] = []
    put_in = sum(r.pot.amount for r in results)
    paid = sum(c.amount for c in collects)
    if hand.total_pot is not None:
        expected = put_in if total_includes_rake else put_in - rake
        if hand.total_pot != expected:
            found.append(
                Violation(
                    "pot.total",
                    f"the summary says the total pot is {money(hand.total_pot)}, "
                    f"but the players put in {money(put_in)}"
                    + ("" if total_includes_rake else f" less {money(rake)} rake"),
                    line=line,
                )
            )
    if hand.rake is not None and (hand.rake < 0 or hand.rake != put_in - paid):
        found.append(
            Violation(
                "rake",
                f"the summary's rake is {money(hand.rake)}, but {money(put_in)} was put in and "
                f"{money(paid)} collected, leaving {money(put_in - paid)}",
                line=line,
            )
        )
    if hand.printed_pots and len(hand.printed_pots) == len(results):
        for r, printed in zip(results, hand.printed_pots):
            held = r.pot.amount if pots_include_rake else r.pot.amount - r.rake
            if printed != held:
                name = _pot_name(r.pot.index, len(results))
                found.append(
                    Violation(
                        "pot.printed",
                        f"the summary prints {name} as {money(printed)}, but it "
                        f"holds {money(held)}"
                        + (" before rake" if pots_include_rake else " after its share of the rake"),
                        line=line,
                    )
                )
    return found


def audit_payout(
    hand: Hand,
    results: Sequence[PotResult],
    collects: Sequence[Collect],
    rake: Money,
    label: SeatLabel,
    money: Callable[[Money], str],
    total_includes_rake: bool = True,
    pots_include_rake: bool = False,
) -> tuple[list[Violation], tuple[Award, ...]]:
    """Compare the site's totals and ``collected`` lines with the rules' payout.

    Returns the violations and the awards of the hand: the rules' awards for every pot that could be
    judged, the site's own payout for a pot whose contenders' cards are unknown (nothing is flagged
    there unless it does not add up). The site never says which half a line is for, so amounts are
    compared per seat and pot.
    """
    end_line = collects[0].line if collects else None
    found = _summary_violations(hand, results, collects, rake, money, total_includes_rake, end_line, pots_include_rake)
    by_pot: dict[int, dict[int, Money]] = {}
    lines: dict[tuple[int, int], int] = {}
    single = len(results) > 1 and all(pot_index(c.pot) == 0 for c in collects)
    for c in collects:
        index = 0 if single else pot_index(c.pot)
        _credit(by_pot, index, c.seat, c.amount)
        lines.setdefault((index, c.seat), c.line)
    awards: list[Award] = []
    rules: dict[int, dict[int, Money]] = {}
    reasons: dict[int, list[Callable[[], str]]] = {}
    """Each pot's (or, paid as one pot, the hand's) reasons in order, written only for a violation's text."""
    for r in results:
        index = 0 if single else r.pot.index
        if r.judged:
            awards += r.awards
            for a in r.awards:
                _credit(rules, index, a.seat, a.amount)
            reasons.setdefault(index, []).append(r.explain)
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
            reasons[index] = [partial(_only_eligible, label, eligible)]
        if sum(site.values()) != r.pot.amount - r.rake:
            name = _pot_name(r.pot.index, len(results))
            found.append(
                Violation(
                    "pot.award",
                    f"the site pays {money(sum(site.values()))} from {name}, which "
                    f"holds {money(r.pot.amount - r.rake)} after rake",
                    line=end_line,
                )
            )
    count = 1 if single else len(results)
    for index in sorted(set(by_pot) | set(rules)):
        site, ours = by_pot.get(index, {}), rules.get(index, {})
        if site == ours:  # the usual case: every seat got what the rules pay him
            continue
        name = _pot_name(index, count)
        why = "; ".join(x for x in (explain() for explain in reasons.get(index, ())) if x)
        for seat in sorted(set(site) | set(ours)):
            got, due = site.get(seat, 0), ours.get(seat, 0)
            if got == due:
                continue
            line = lines.get((index, seat), end_line)
            who, player = label(seat), next((s.player for s in hand.seats if s.seat == seat), None)
            if not due:
                text = f"{who} collected {money(got)} from {name}, but the rules pay him nothing ({why})"
                found.append(Violation("pot.winner", text, seat=seat, player=player, line=line))
            elif not got:
                text = f"{who} should win {money(due)} from {name} ({why}), but collected nothing"
                found.append(Violation("pot.winner", text, seat=seat, player=player, line=line))
            else:
                text = f"{who} collected {money(got)} from {name}, but the rules pay {money(due)} ({why})"
                found.append(Violation("pot.award", text, seat=seat, player=player, line=line))
    return found, tuple(awards)


def _only_eligible(label: SeatLabel, eligible: Sequence[int]) -> str:
    return "only " + " and ".join(label(s) for s in eligible) + " can win it"
