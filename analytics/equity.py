"""All-in equity and all-in EV: what a player was *expected* to win when the chips went in, not what he won.

When every live player but at most one is all-in before the last street, no decision is left: the rest of the
hand is the deal. A player's all-in EV is then ``equity × pot − investment``, where the equity is his
expected share of each pot over every way the unseen cards can come (his opponents' down cards being
known from the showdown). Summed over hands it gives the "EV line" that shows how much of a result was
luck in those spots; every other hand counts its real net.

Which cards are unseen: the 52 minus the live players' cards at the moment of the all-in and every other
card a player could see then (the up cards of players who had folded — dead cards — and the hero's own
down cards if he had folded). Folded players' unknown down cards stay in the unseen set: they could be
any of them, which is exactly what "every unseen card" averages over.

Exact where it is cheap, Monte-Carlo otherwise: when the number of distinct run-outs is at most
``exact_limit`` (all-ins on 6th street between two or three players), every run-out is enumerated once;
otherwise ``samples`` run-outs are drawn with a seeded generator (the seed comes from the hand id, so
re-importing a hand gives the same number) and the standard error of each EV is reported with it. An
equity is a mean of shares between 0 and 1, so its standard error is at most ``0.5 / sqrt(samples)``:
0.5 percentage points for the default 10,000 samples.

Every game of :mod:`studbook.engine.games` is valued the same way, from its :class:`GameRules`: the streets
and the cards each deals say what is still to come, and the rankings that win the pot (their numpy batch
evaluators) say who wins it. Pot shares follow the rules of :mod:`studbook.engine.pots` as expectations:
ties split evenly; in a split game (stud8) each pot is halved between the best high and the best
qualifying low, the high taking it all when no low qualifies, so a hand that ties for one half wins a
quarter. The odd chip of a split is
ignored (it is worth less than a chip in expectation). Pots are valued after rake, at what the engine
paid from each one.
"""

from __future__ import annotations

import math
import zlib
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Mapping, Sequence

import numpy as np

from ..engine.cards import DECK, Card, format_cards
from ..engine.games import RULES, GameRules
from ..engine.model import Action, Deal, Game, Hand, Money, Muck, ReplayResult, Show

EXACT_LIMIT = 50_000
"""Run-outs enumerated exactly at most; beyond this the equity is estimated by sampling."""

SAMPLES = 10_000
"""Monte-Carlo run-outs per all-in: standard error of an equity at most 0.005 (0.5 points)."""

EV_COLUMNS: tuple[tuple[str, str], ...] = (
    ("allin_street", "int"),
    ("allin_equity", "float"),
    ("allin_ev", "money"),
    ("allin_ev_se", "float"),
)
"""The ``hand_players`` columns :func:`ev_columns` fills: the street the player was all-in on (NULL when
the hand had no all-in spot for him), his equity (expected share of the pots he could win, 0..1), his
all-in EV in the hand's unit (cents or whole chips, rounded) and its Monte-Carlo standard error in it (0 when exact)."""


@dataclass(frozen=True, slots=True)
class Equity:
    """Expected winnings of each seat over the run-outs: ``expected`` in the unit of the pot amounts,
    ``stderr`` its standard error (0.0 for an exact enumeration), over ``outcomes`` run-outs."""

    expected: Mapping[int, float]
    stderr: Mapping[int, float]
    exact: bool
    outcomes: int
    halves: Mapping[int, tuple[float, float]] = field(default_factory=dict)
    """Asked for (``equity(..., halves=True)``, one pot) in a split game: each seat's expected share of
    the pot's high half and of its low half, the low half going to the high hand when no low qualifies
    (as the rules pay it), so each half's shares add up to 1 and ``expected`` is their mean."""


def equity(
    game: Game,
    known: Mapping[int, Sequence[Card]],
    dead: Sequence[Card] = (),
    pots: Sequence[tuple[float, Sequence[int]]] | None = None,
    *,
    community: bool = False,
    exact_limit: int = EXACT_LIMIT,
    samples: int = SAMPLES,
    seed: int = 0,
    halves: bool = False,
) -> Equity:
    """Each seat's expected winnings when the remaining cards are dealt from the unseen ones.

    ``known`` maps every live seat to the cards it holds now (up to the game's hand size: seven, or five
    in Five Card Stud); ``dead`` are other cards out of play; ``pots`` are ``(amount, eligible seats)`` —
    by default one pot of 1 among everybody, so ``expected`` is the plain equity. ``community`` deals the
    last card once, face up, to all (the deck ran short). ValueError for a repeated card, a hand of more
    cards than the game deals or a deck too small.
    """
    rules = RULES[game]
    seats = sorted(known)
    hands = {s: tuple(int(c) for c in known[s]) for s in seats}
    used = [c for h in hands.values() for c in h] + [int(c) for c in dead]
    if len(set(used)) != len(used):
        raise ValueError(
            f"equity: a card appears twice among the hands and dead cards {format_cards(Card(c) for c in used)}"
        )
    if not seats:
        raise ValueError("equity: no seat to deal to; known must map each live seat to the cards it holds")
    own_draws = [rules.hand_size - community - len(hands[s]) for s in seats]
    if min(own_draws) < 0:
        raise ValueError(
            f"equity: in {rules.title} every seat holds at most {rules.hand_size - int(community)} cards "
            f"before the draw, got { ({s: format_cards(known[s]) for s in seats}) }"
        )
    pots = [(1.0, seats)] if pots is None else [(float(a), list(e)) for a, e in pots]
    unseen = np.array(sorted(set(range(len(DECK))) - set(used)), dtype=np.int64)
    sizes = own_draws + ([1] if community else [])
    runs, exact = _runouts(unseen, sizes, exact_limit, samples, seed)
    starts = np.cumsum([0, *sizes])
    shared = [int(starts[-2])] if community else []
    cards = {
        s: np.hstack(
            [
                np.broadcast_to(np.array(hands[s], dtype=np.int64), (len(runs), len(hands[s]))),
                runs[:, [*range(starts[i], starts[i + 1]), *shared]],
            ]
        )
        for i, s in enumerate(seats)
    }
    won = _winnings(rules, cards, pots)
    split: dict[int, tuple[float, float]] = {}
    if halves and rules.split is not None and len(pots) == 1:
        eligible = pots[0][1]
        high, low = _half_shares(*_values(rules, cards), [seats.index(s) for s in eligible])
        split = {s: (float(high[:, j].mean()), float(low[:, j].mean())) for j, s in enumerate(eligible)}
    return Equity(
        expected={s: float(won[s].mean()) for s in seats},
        stderr={s: 0.0 if exact else float(won[s].std(ddof=1) / math.sqrt(len(runs))) for s in seats},
        exact=exact,
        outcomes=len(runs),
        halves=split,
    )


def _count(unseen: int, sizes: Sequence[int]) -> int:
    """How many distinct run-outs deal ``sizes`` cards to the slots from ``unseen`` cards."""
    total, left = 1, unseen
    for k in sizes:
        total *= math.comb(left, k)
        left -= k
    return total


def _runouts(unseen: np.ndarray, sizes: Sequence[int], limit: int, samples: int, seed: int) -> tuple[np.ndarray, bool]:
    """Run-outs as a (run-outs × cards) array, slot after slot, and whether they are exhaustive: every
    distinct one when there are at most ``limit``, else ``samples`` uniform random deals (without
    replacement) from a seeded generator."""
    needed = sum(sizes)
    if needed > len(unseen):
        raise ValueError(f"equity: {needed} cards to deal but only {len(unseen)} unseen")
    if needed == 0:
        return np.empty((1, 0), dtype=np.int64), True
    if _count(len(unseen), sizes) <= limit:
        rows: list[tuple[int, ...]] = [()]
        for k in sizes:
            rows = [r + c for r in rows for c in combinations([x for x in unseen.tolist() if x not in r], k)]
        return np.array(rows, dtype=np.int64), True
    rng = np.random.default_rng(seed)
    # the decks as int8 (a card is 0..51): the shuffle moves an eighth of the memory it would as int64
    # (~40 unseen cards of 10,000 decks: 0.4 instead of 3.2 MB), which took it from ~3.3 to ~1.3 ms
    deck = np.tile(unseen.astype(np.int8), (samples, 1))
    every = np.arange(samples)
    for j in range(needed):  # a partial Fisher-Yates shuffle of every row at once: the first cards are dealt
        pick = rng.integers(j, len(unseen), size=samples)
        deck[every, j], deck[every, pick] = deck[every, pick], deck[every, j].copy()
    return deck[:, :needed].astype(np.int64), False


def _winners(values: np.ndarray) -> np.ndarray:
    """Per run-out, each column's share of a prize the best (highest) values split evenly."""
    best = values == values.max(axis=1, keepdims=True)
    shares: np.ndarray = best / best.sum(axis=1, keepdims=True)
    return shares


def _values(rules: GameRules, cards: Mapping[int, np.ndarray]) -> tuple[np.ndarray, np.ndarray | None]:
    """Every run-out's (rows) high value of each seat's cards (columns, in ``cards``' order), and its
    qualifying low value in a split game (0 for none; ``None`` in a game without a split)."""
    seats = list(cards)
    main = np.column_stack([rules.pot.qualified_values(cards[s]) for s in seats])
    split = rules.split
    return main, None if split is None else np.column_stack([split.qualified_values(cards[s]) for s in seats])


def _half_shares(main: np.ndarray, lows: np.ndarray | None, cols: Sequence[int]) -> tuple[np.ndarray, np.ndarray]:
    """Per run-out, the share of the seats of columns ``cols`` (of :func:`_values`) in a pot's high half
    and in its low half, the low half going to the best high hand when no low qualifies (without a
    split both are the share of the whole pot): the pot's share is their mean, as the rules pay it."""
    high = _winners(main[:, cols])
    if lows is None:
        return high, high
    low = lows[:, cols]
    qualified = low.max(axis=1, keepdims=True) > 0
    return high, np.where(qualified, _winners(np.where(low > 0, low, -1)), high)


def _winnings(
    rules: GameRules, cards: Mapping[int, np.ndarray], pots: Sequence[tuple[float, Sequence[int]]]
) -> dict[int, np.ndarray]:
    """Per seat, what it wins from all ``pots`` in each run-out (see the module docstring for the rules)."""
    seats = list(cards)
    main, lows = _values(rules, cards)
    won = {s: np.zeros(main.shape[0]) for s in seats}
    for amount, eligible in pots:
        high, low = _half_shares(main, lows, [seats.index(s) for s in eligible])
        share = high if lows is None else (high + low) / 2
        for j, s in enumerate(eligible):
            won[s] += amount * share[:, j]
    return won


# ----------------------------------------------------------------------------------- hands and EV


@dataclass(frozen=True, slots=True)
class AllInSpot:
    """A hand's all-in moment: the ``street`` after whose betting at most one live player had chips left
    (at least one having none), the cards each live seat held then (``known``), the cards others could
    see (``dead``), the pots after rake with their eligible seats, each seat's total investment, and
    whether the last card must be a community card."""

    street: int
    known: Mapping[int, tuple[Card, ...]]
    dead: tuple[Card, ...]
    pots: tuple[tuple[Money, tuple[int, ...]], ...]
    invested: Mapping[int, Money]
    community: bool

    def at_stake(self, seat: int) -> Money:
        """The chips of the pots ``seat`` can win: what his equity is a share of."""
        return sum(amount for amount, eligible in self.pots if seat in eligible)


@dataclass(frozen=True, slots=True)
class AllInEV:
    """One player's all-in result: ``equity`` (expected share of the pots he could win), ``ev`` (expected
    net, ``equity × pot − investment``, in the hand's unit, unrounded) and its standard error ``ev_se``."""

    street: int
    equity: float
    ev: float
    ev_se: float


def allin_spot(hand: Hand, result: ReplayResult) -> AllInSpot | None:
    """The hand's all-in spot before the game's last street, or ``None``: no such all-in, no showdown, a
    live player's cards at that moment not all known, or a hand that breaks the rules in a way that leaves
    no spot to value (betting after the all-in, a card dealt twice: the validator reports those)."""
    rules = RULES[hand.game]
    live = sorted(s for s in result.showdown if s not in result.folded)
    if len(live) < 2:
        return None
    stacks = {s.seat: s.stack for s in hand.seats}
    if not any(_may_be_broke(stacks.get(s, 0), result.street_invested.get(s, {})) for s in live):
        return None  # nobody all-in on any street: most hands, told without walking the streets
    street = next((t for t in rules.numbers[:-1] if _closed_after(t, live, stacks, result)), None)
    if street is None or any(isinstance(e, Action) and e.street > street for e in hand.events):
        return None
    return _spot_at(hand, result, live, street)


def _spot_at(hand: Hand, result: ReplayResult, live: Sequence[int], street: int) -> AllInSpot | None:
    """The all-in spot of the ``live`` seats as it stands once ``street``'s cards are out (``None`` when
    a live seat's cards are not all known then, or a card is held twice)."""
    rules = RULES[hand.game]
    deals = [e for e in hand.events if isinstance(e, Deal)]
    known: dict[int, tuple[Card, ...]] = {}
    for seat in live:
        cards = _cards_at(rules, seat, street, deals, hand)
        if cards is None:
            return None
        known[seat] = cards
    held = {c for cards in known.values() for c in cards}
    if len(held) != sum(len(cards) for cards in known.values()):
        return None
    dead = tuple(
        sorted({c for d in deals if d.street <= street for c in d.down + d.up if c is not None and c not in held})
    )
    dealt = sum(len(d.down) + len(d.up) for d in deals if d.street <= street)
    before_last = sum(r.down + r.up for r in rules.streets[:-1] if r.number > street)
    last = rules.streets[-1]
    stub_at_last = len(DECK) - dealt - len(live) * before_last
    paid: dict[int, Money] = {}
    for award in result.awards:
        paid[award.pot] = paid.get(award.pot, 0) + award.amount
    pots = tuple((paid.get(p.index, 0), p.eligible) for p in result.pots if p.eligible)
    invested = {s: result.invested.get(s, 0) for s in live}
    return AllInSpot(street, known, dead, pots, invested, stub_at_last < len(live) * (last.down + last.up))


def _may_be_broke(stack: Money, per_street: Mapping[int, Money]) -> bool:
    """Whether a seat can have had no chips left after some street (:func:`_closed_after`'s "broke"):
    not if his stack exceeds everything he put in on all streets together. A bound, so it never
    says no where a street would have found him broke."""
    return stack - sum(v for v in per_street.values() if v > 0) <= 0


def _closed_after(street: int, live: Sequence[int], stacks: Mapping[int, Money], result: ReplayResult) -> bool:
    """True when, after ``street``'s betting, at most one live seat has chips and at least one has none."""
    left = [
        stacks.get(s, 0) - sum(v for t, v in result.street_invested.get(s, {}).items() if t <= street) for s in live
    ]
    broke = sum(1 for chips in left if chips <= 0)
    return broke >= 1 and len(live) - broke <= 1


def _cards_at(rules: GameRules, seat: int, street: int, deals: Sequence[Deal], hand: Hand) -> tuple[Card, ...] | None:
    """The seat's cards after ``street`` (the down cards, then the up cards, as the game dealt them up to
    it), or ``None`` if one is unknown.

    Down cards an opponent showed are read from his showdown line, which sites print in the order dealt
    (the first street's down cards, the up cards, the last down card): the first shown cards that are not
    up cards are his down cards up to ``street``.
    """
    dealt = [r for r in rules.streets if r.number <= street]
    n_down, n_up = sum(r.down for r in dealt), sum(r.up for r in dealt)
    mine = [d for d in deals if d.seat == seat]
    down = [c for d in mine if d.street <= street for c in d.down]
    up = [c for d in mine if d.street <= street for c in d.up]
    if None in up or len(up) != n_up:
        return None
    if None in down or len(down) != n_down:
        every_up = {c for d in mine for c in d.up}
        shown = [c for e in hand.events if isinstance(e, (Show, Muck)) and e.seat == seat for c in e.cards]
        hidden = list(dict.fromkeys(c for c in shown if c is not None and c not in every_up))
        if len(hidden) < n_down:
            return None
        return (*hidden[:n_down], *up)  # type: ignore[arg-type]  # None in up was ruled out above
    return (*down, *up)  # type: ignore[arg-type]  # None was ruled out above


def hand_seed(hand: Hand) -> int:
    """A seed that is the same for the same hand on every import and every machine."""
    return zlib.crc32(f"{hand.site}:{hand.site_hand_id}".encode())


def allin_ev(
    hand: Hand, result: ReplayResult, *, exact_limit: int = EXACT_LIMIT, samples: int = SAMPLES
) -> dict[int, AllInEV]:
    """Each live player's all-in EV in the hand's all-in spot; empty when it has none."""
    spot = allin_spot(hand, result)
    if spot is None:
        return {}
    found = _valued(hand, spot, hand_seed(hand), samples, exact_limit)
    out: dict[int, AllInEV] = {}
    for seat in spot.known:
        at_stake = spot.at_stake(seat)
        expected = found.expected[seat]
        out[seat] = AllInEV(
            street=spot.street,
            equity=expected / at_stake if at_stake else 0.0,
            ev=expected - spot.invested[seat],
            ev_se=found.stderr[seat],
        )
    return out


@dataclass(frozen=True, slots=True)
class RunoutEquity:
    """One live player's equity at one point of an all-in run-out: ``pots`` his expected share of each
    pot he can win (by pot number: 0 the main pot, then the side pots; the pots he cannot win left out),
    and ``share`` his expected share of every chip in play (all the pots together).

    Why both: with one pot they are the same number; with a side pot, a short stack's equity in the
    main pot and a big stack's in both are shares of different amounts, and shown as one figure each
    they do not add up. Each pot's equities add up to 1 over the players who can win it, and the shares
    add up to 1 over the live players."""

    share: float
    pots: Mapping[int, float]
    halves: Mapping[int, tuple[float, float]] = field(default_factory=dict)
    """In a split game (stud8), his expected share of each pot's high half and of its low half (the low
    half going to the high hand when no low qualifies, as the rules pay it): each half's shares add up
    to 1 over the players who can win the pot, and the pot's equity is the mean of his two."""


def runout_equities(hand: Hand, result: ReplayResult, *, samples: int = SAMPLES) -> dict[int, dict[int, RunoutEquity]]:
    """The equity of each live player at the hand's all-in spot and again once each later street's cards
    are out, up to the game's next-to-last street (the last settles it: the showdown says who won):
    ``{street: {seat: RunoutEquity}}``, valued as :func:`allin_ev` values it, each pot on its own (every
    pot with the same seed, so over the same run-outs). Empty when the hand has no all-in spot. What a
    replayer shows beside the cards of the run-out."""
    first = allin_spot(hand, result)
    if first is None:
        return {}
    live = sorted(first.known)
    out: dict[int, dict[int, RunoutEquity]] = {}
    for street in (t for t in RULES[hand.game].numbers[:-1] if t >= first.street):
        spot = first if street == first.street else _spot_at(hand, result, live, street)
        if spot is None:
            break
        seed = hand_seed(hand) + street - first.street
        per_pot: dict[int, Mapping[int, float]] = {}
        halves: dict[int, Mapping[int, tuple[float, float]]] = {}
        for number, (amount, eligible) in enumerate(spot.pots):
            if amount > 0:
                alone = replace(spot, pots=((1, eligible),))
                valued = _valued(hand, alone, seed, samples, halves=True)
                per_pot[number], halves[number] = valued.expected, valued.halves
        in_play = sum(amount for amount, _ in spot.pots if amount > 0)
        out[street] = {
            seat: RunoutEquity(
                share=sum(spot.pots[n][0] * shares[seat] for n, shares in per_pot.items()) / in_play
                if in_play
                else 0.0,
                pots={n: shares[seat] for n, shares in per_pot.items() if seat in spot.pots[n][1]},
                halves={n: split[seat] for n, split in halves.items() if seat in split},
            )
            for seat in live
        }
    return out


def _valued(
    hand: Hand, spot: AllInSpot, seed: int, samples: int, exact_limit: int = EXACT_LIMIT, halves: bool = False
) -> Equity:
    """The expected share of each live player in ``spot``'s pots (exact, or sampled with ``seed``; with
    ``halves``, of a lone pot's high and low halves too: :attr:`Equity.halves`)."""
    return equity(
        hand.game,
        spot.known,
        spot.dead,
        spot.pots,
        community=spot.community,
        exact_limit=exact_limit,
        samples=samples,
        seed=seed,
        halves=halves,
    )


def ev_columns(hand: Hand, result: ReplayResult) -> dict[int, dict[str, float | int | None]]:
    """The :data:`EV_COLUMNS` of every seat dealt in (NULLs for players without an all-in spot)."""
    found = allin_ev(hand, result)
    empty: dict[str, float | int | None] = dict.fromkeys(EV_NAMES)
    return {s.seat: empty if s.seat not in found else ev_values(found[s.seat]) for s in hand.seats}


EV_NAMES: tuple[str, ...] = tuple(name for name, _ in EV_COLUMNS)
"""The names of :data:`EV_COLUMNS`, in order."""


def ev_values(found: AllInEV) -> dict[str, float | int | None]:
    """One player's :data:`EV_COLUMNS` from his all-in EV (the EV rounded to a whole unit: a cent, a chip)."""
    return {
        "allin_street": found.street,
        "allin_equity": found.equity,
        "allin_ev": round(found.ev),
        "allin_ev_se": found.ev_se,
    }
