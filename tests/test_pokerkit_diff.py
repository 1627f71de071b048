"""Differential test against PokerKit (issue #3, "Must show"): thousands of random legal stud, stud8 and
razz hands, played in lockstep by our betting state machine and by PokerKit, must agree on whose turn
it is, on what that player may do, and on where every chip ends up.

Each hand gets a seeded random table (2 to 8 players, some short-stacked so all-ins and side pots are
common) and one shuffled deck; both engines are dealt the same cards in the same order. At every
decision the two engines' legal moves are compared, then one common move is chosen at random and
applied to both. At the end each player's final stack must be the same in both, which is the same as
the per-player amounts won being the same (both start from the same stacks).

Playing in lockstep, rather than replaying finished hands, checks every decision and not only the
result: a disagreement is reported at the first move where the engines part. A second comparison
takes finished hands from the simulator (``engine/simulate.py``: cash and sit-and-go tables of each
game, its own players' styles), replays each action in PokerKit, checking that PokerKit expects the
player who acts, and compares the final stacks with our ``replay()`` of the recorded hand.

Where the rules legitimately differ, the test says so here, with the rule:

* **4th-street double bet** — PokerKit follows the 2023 WSOP tournament rules, which dropped the big
  bet over an open pair; PokerStars allows it in stud high. Played under :data:`POKERKIT_RULES`, the
  PokerStars profile with the double bet switched off (every other switch of the two agrees: bet + 3
  raises even heads-up, position breaks equal boards, the odd chip of a split goes to the high half).
  Simulated hands (PokerStars profile) with a big bet on 4th street are counted, not compared.
* **Folding when checking is free** — PokerStars (and our engine) allow it; PokerKit's tournament mode
  refuses it. The random players never do it; recorded hands that do are counted, not compared.
* **An all-in bring-in for less** — WSOP-L 217 (our engine): the others must still call the full
  bring-in; PokerKit lets them call the short amount. The random tables give every player at least
  the ante and the bring-in, or exactly the ante (then the next player brings in: that rule agrees).
* **Running out of cards** — with many players to 7th street the deck runs short and RRoP deals one
  shared card; PokerKit has no community card. Such hands are stopped when the deck would run out
  and counted, not compared.
* **Short all-in raises** — after an all-in raise of less than a full bet, RRoP (our engine) counts
  one of at least half a bet as a full bet and lets the next player *complete* the short raise to a
  full bet; PokerKit always requires a full increment over the all-in and counts every all-in raise
  towards the cap. Both engines must offer the short all-in raise, but the random players never make
  it (they call all-in instead).
* **A side pot nobody in it has a low for** — in stud8 PokerKit 0.7.7 decides once per hand whether
  there is a low half (anyone at showdown has a qualifying low) and then splits *every* pot, so a side
  pot whose players have no low still loses half to "the best low" among them (the players without
  one). docs/rules.md §6: each pot is contested separately and with no qualifying low the high hand takes
  it all. Hands with such a pot are counted, not compared.
* **Split pots with the same winners** — PokerKit kills the hands that win nothing before it builds
  the pots, so a main and a side pot left with the same contenders become one pot and are split once;
  docs/rules.md §6 splits every pot separately, each with its own odd chip to the high half. The totals
  then differ by a chip. Hands with two such consecutive split pots are counted, not compared.
* **Odd chips among three or more tied hands** — PokerStars (and our profile) hand the odd chips out
  one each from the first seat; PokerKit gives all of them to the first seat. Hands where a pot or
  half is split three or more ways with two or more odd chips are counted, not compared.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Callable, Iterable, Iterator, Mapping, Sequence

import pytest
from pokerkit import (
    Automation,
    BettingStructure,
    Deck,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Mode,
    Opening,
    StandardHighHand,
    State,
    Street,
)

from studbook.engine.cards import DECK, Card
from studbook.engine.evaluate import low8_value
from studbook.engine.model import (
    STREET_NAMES,
    Action,
    ActionKind,
    Award,
    CommunityCard,
    Deal,
    Game,
    Hand,
    Money,
    Muck,
    Pot,
    Show,
)
from studbook.engine.games import RULES, deal_shape
from studbook.engine.replay import CARDS_PER_STREET, Move, StudState, bring_in_seat, first_to_act, replay
from studbook.engine.simulate import NO_RAKE, TableSpec, TournamentSpec, simulate
from studbook.parsers.registry import get_profile, profile_for, profiles

from mutations import AGGRESSIVE, spots

pytestmark = pytest.mark.slow  # thousands of random hands through two engines: minutes, run by CI

HANDS = 2000
"""Random hands played per run (about 650 per game); PokerKit is the slow side (about 15 s of CPU)."""

SEED = 20240603

SIMULATED_PER_TABLE = 100
"""Simulated hands per table (a cash and a sit-and-go table of each game) replayed in PokerKit."""

ANTE, BRING_IN, SMALL_BET, BIG_BET = 1, 2, 4, 8
"""Odd-sized antes make odd pots, so the odd-chip rules are exercised."""

POKERKIT_RULES = replace(profiles()["pokerstars"], name="pokerkit", double_bet_games=frozenset())
"""The PokerStars profile without the 4th-street double bet: PokerKit's rules (see the docstring)."""

POKERKIT_GAMES = {
    Game.STUD: FixedLimitSevenCardStud,
    Game.STUD8: FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Game.RAZZ: FixedLimitRazz,
}

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)
"""Everything but the dealing, the betting and the showdown, which the test performs on both sides.
Burning is done by hand too, with an unknown card, so that PokerKit's burns never take a card the
next deal needs (our engine deals no burn cards)."""

Choice = tuple[str, Money]
"""An engine-neutral move: ("fold" | "check-call" | "bring-in" | "raise", chips or street total)."""


class Differ(Exception):
    """The engines disagree: the message says on what, and where in the hand."""


class Skip(Exception):
    """The hand reached a situation where the rules legitimately differ (see the module docstring)."""


@dataclass
class Tally:
    played: Counter[str] = field(default_factory=Counter)
    features: Counter[str] = field(default_factory=Counter)
    skipped: Counter[str] = field(default_factory=Counter)
    differ: list[str] = field(default_factory=list)


# ------------------------------------------------------------------------------------ one hand


def our_choices(state: StudState) -> dict[Choice, Move]:
    options = state.options()
    assert options is not None
    found: dict[Choice, Move] = {}
    for move in options.moves():
        if move.kind is ActionKind.FOLD:
            if options.to_call:
                found["fold", 0] = move
        elif move.kind is ActionKind.BRING_IN:
            found["bring-in", move.put] = move
        elif move.kind in (ActionKind.CHECK, ActionKind.CALL):
            found["check-call", move.put] = move
        else:
            found["raise", options.contributed + move.put] = move
    return found


def their_choices(pk: State) -> set[Choice]:
    found: set[Choice] = set()
    if pk.can_fold():
        found.add(("fold", 0))
    if pk.can_post_bring_in():
        found.add(("bring-in", pk.effective_bring_in_amount or 0))
    if pk.can_check_or_call():
        found.add(("check-call", pk.checking_or_calling_amount or 0))
    if pk.can_complete_bet_or_raise_to():
        found.add(("raise", pk.min_completion_betting_or_raising_to_amount or 0))
    return found


def perform(pk: State, choice: Choice) -> None:
    kind, amount = choice
    if kind == "fold":
        pk.fold()
    elif kind == "bring-in":
        pk.post_bring_in()
    elif kind == "check-call":
        pk.check_or_call()
    else:
        pk.complete_bet_or_raise_to(amount)


def pick(rng: random.Random, choices: list[Choice]) -> Choice:
    """A loose-aggressive random player: raises often enough to reach the cap, folds now and then."""
    weights = {"fold": 1, "check-call": 4, "bring-in": 3, "raise": 2}
    return rng.choices(choices, [weights[kind] for kind, _ in choices])[0]


def table(rng: random.Random) -> tuple[Game, list[Money]]:
    game = rng.choice(list(POKERKIT_GAMES))
    players = rng.randint(2, 8)
    # Now and then a player is all-in with the ante, so the next player must bring in (docs/rules.md §2).
    # Otherwise he has at least the bring-in: an all-in bring-in for less is another rule difference.
    stacks = [
        rng.choice((ANTE, rng.randint(ANTE + BRING_IN, 40), rng.randint(40, 300), rng.randint(40, 300)))
        for _ in range(players)
    ]
    return game, stacks


def play(seed: int) -> Counter[str]:
    """Play one random hand on both engines and return what it contained; raises :class:`Differ` or
    :class:`Skip`."""
    rng = random.Random(seed)
    game, stacks = table(rng)
    deck = list(DECK)
    rng.shuffle(deck)
    ours = StudState(
        game, SMALL_BET, BIG_BET, {i + 1: s for i, s in enumerate(stacks)}, POKERKIT_RULES, bring_in=BRING_IN
    )
    pk = POKERKIT_GAMES[game].create_state(
        AUTOMATIONS, True, ANTE, BRING_IN, SMALL_BET, BIG_BET, stacks, len(stacks), mode=Mode.TOURNAMENT
    )
    for seat in ours.seats:
        ours.post_ante(seat, ANTE)
    where = f"seed {seed} ({game}, {len(stacks)} players, stacks {stacks})"
    seen: Counter[str] = Counter()
    for street in (3, 4, 5, 6, 7):
        if street > 3:
            ours.start_street(street)
        down, up = CARDS_PER_STREET[street]
        if len(deck) < (down + up) * len(ours.live):
            raise Skip("the deck runs short: community card")
        deck = deal_street(ours, pk, deck, down, up)
        seen["streets opened left of an all-in opener"] += opener_all_in(ours)
        bet(rng, ours, pk, f"{where}, {STREET_NAMES[street]} street")
        if ours.hand_over:
            break
    show_all(pk)
    return seen + settle(ours, pk, where)


def show_all(pk: State) -> None:
    """Every hand at showdown is shown, as our engine judges every live hand."""
    while pk.can_show_or_muck_hole_cards():
        pk.show_or_muck_hole_cards(True)


def deal_street(ours: StudState, pk: State, deck: list[Card], down: int, up: int) -> list[Card]:
    """Deal a street on both engines, each live seat the same next ``down`` and ``up`` cards, after
    PokerKit has turned all-in hands face up (it does before running out the cards) and burnt; returns
    the deck left."""
    show_all(pk)
    while pk.can_burn_card():
        pk.burn_card("??")
    for seat in ours.live:
        cards, deck = deck[: down + up], deck[down + up :]
        ours.deal(seat, cards[:down], cards[down:])
        pk.deal_hole("".join(c.name for c in cards), seat - 1)
    return deck


def bet(rng: random.Random, ours: StudState, pk: State, where: str) -> None:
    while ours.options() is not None:
        seat = ours.to_act
        assert seat is not None
        if pk.actor_index != seat - 1:
            boards = {s: " ".join(c.name for c in ours.up[s]) for s in ours.live}
            raise Differ(
                f"{where}: our seat {seat} is to act, PokerKit's {_seat(pk.actor_index)} "
                f"(boards {boards}, stacks {ours.stack})"
            )
        mine, theirs = our_choices(ours), their_choices(pk)
        if set(mine) != theirs:
            raise Differ(f"{where}: seat {seat} may {sorted(mine)} for us, {sorted(theirs)} for PokerKit")
        # Both offer the all-in raise for less; what follows it differs (see the docstring): not chosen.
        full = [c for c in sorted(mine) if c[0] != "raise" or c[1] in ours.raise_targets()]
        choice = pick(rng, full)
        move = mine[choice]
        ours.act(seat, move)
        perform(pk, choice)
    if pk.actor_index is not None:
        raise Differ(f"{where}: our betting is closed, PokerKit waits for player {_seat(pk.actor_index)}")


def _seat(index: int | None) -> str:
    return "none" if index is None else f"seat {index + 1}"


def _cards(ours: StudState, seat: int) -> list[Card]:
    return [c for c in ours.down[seat] + ours.up[seat] if c is not None]


def opener_all_in(ours: StudState) -> bool:
    """Whether the cards name an all-in player to open this street, so the turn passes to his left."""
    live = ours.live
    if ours.street == 3:
        start = bring_in_seat(ours.game, {s: ours.up[s][0] for s in live})
    else:
        start = first_to_act(ours.game, {s: ours.up[s] for s in live}, POKERKIT_RULES.board_tie(ours.game))
    return start is not None and ours.stack[start] == 0 and not ours.betting_closed


def rule_difference(
    game: Game, pots: Sequence[Pot], awards: Sequence[Award], cards: Mapping[int, Sequence[Card]]
) -> str | None:
    """Which listed rule difference (see the module docstring) the payout of a hand runs into, if any.
    ``cards`` holds the hands of the players who contest the pots."""
    lows = {s for s, held in cards.items() if game is Game.STUD8 and low8_value(held) is not None}
    if lows and any(len(p.eligible) > 1 and not lows & set(p.eligible) for p in pots):
        return "a side pot with no low among its players in a hand with a low"
    for pot in pots:
        mine = [a for a in awards if a.pot == pot.index]
        if any(n >= 3 for n in Counter(a.half for a in mine).values()) and len({a.amount for a in mine}) > 1:
            return "odd chips among three or more tied hands"
    won = Counter(a.seat for a in awards)
    contenders = [(tuple(s for s in p.eligible if won[s]), sum(a.pot == p.index for a in awards)) for p in pots]
    if any(a == b and a[1] > 1 for a, b in zip(contenders, contenders[1:])):
        return "split side pots with the same winners: odd chips per pot"
    return None


def settle(ours: StudState, pk: State, where: str) -> Counter[str]:
    """Pay the pots on our side and compare every player's final stack with PokerKit's."""
    results = ours.payout()
    awards = [a for r in results for a in r.awards]
    why = rule_difference(ours.game, [r.pot for r in results], awards, {s: _cards(ours, s) for s in ours.live})
    if why:
        raise Skip(why)
    won: Counter[int] = Counter()
    for award in awards:
        won[award.seat] += award.amount
    if pk.status:
        raise Differ(f"{where}: PokerKit thinks the hand is not over")
    mine = [ours.stack[s] + won[s] for s in ours.seats]
    if mine != list(pk.stacks):
        raise Differ(f"{where}: final stacks {mine} for us, {list(pk.stacks)} for PokerKit")
    return Counter(
        {
            "showdown" if len(ours.live) > 1 else "won uncontested": 1,
            "side pots": len(results) > 1,
            "split pot or half": any(len({a.seat for a in r.awards}) > 1 for r in results),
            "someone all-in": any(ours.stack[s] == 0 for s in ours.seats),
        }
    )


# ----------------------------------------------------------------------- simulated hands, replayed


def simulated_hands() -> Iterator[Hand]:
    """Cash and sit-and-go tables of each game from the simulator, rake-free (PokerKit takes none)."""
    for game in POKERKIT_GAMES:
        for spec in (
            TableSpec(games=(game,), players=(2, 8), rake=NO_RAKE, profile=get_profile("pokerstars")),
            TableSpec(games=(game,), players=(2, 8), tournament=TournamentSpec(), profile=get_profile("pokerstars")),
        ):
            yield from simulate(spec, SIMULATED_PER_TABLE, SEED)


def hand_difference(hand: Hand) -> str | None:
    """Which listed rule difference a recorded hand's betting runs into, if any."""
    if any(isinstance(e, CommunityCard) for e in hand.events):
        return "the deck runs short: community card"
    for spot in spots(hand):
        a = spot.action
        full = (spot.level if spot.bets else 0) + (hand.small_bet if a.street <= 4 else hand.big_bet)
        if a.kind in AGGRESSIVE and a.street == 4 and spot.contributed + spot.put > full:
            return "a 4th-street double bet"
        if a.kind in AGGRESSIVE and spot.contributed + spot.put < full:
            return "an all-in raise for less than a full bet"
        if a.kind is ActionKind.FOLD and spot.level == spot.contributed:
            return "a fold when checking is free"
        if a.kind is ActionKind.BRING_IN and hand.bring_in is not None and a.amount < hand.bring_in:
            return "an all-in bring-in for less"
    return None


def hole_cards(hand: Hand) -> dict[tuple[int, int], tuple[Card, ...]]:
    """Every card each player was dealt, by (event index of the deal, position): a card the hand does
    not show is read from the player's showdown, or else is an unused card (it cannot matter: its
    holder folded or mucked)."""
    shown = {e.seat: [c for c in e.cards if c is not None] for e in hand.events if isinstance(e, Show)}
    seen = {c for e in hand.events if isinstance(e, Deal) for c in e.down + e.up if c is not None}
    seen |= {c for cards in shown.values() for c in cards}
    spare = [c for c in DECK if c not in seen]
    ups = {seat: {c for e in hand.events if isinstance(e, Deal) and e.seat == seat for c in e.up} for seat in shown}
    downs = {seat: [c for c in cards if c not in ups[seat]] for seat, cards in shown.items()}
    dealt: dict[tuple[int, int], tuple[Card, ...]] = {}
    for i, e in enumerate(hand.events):
        if isinstance(e, Deal):
            cards = []
            for k, printed in enumerate(e.down + e.up):
                c = printed
                if c is None and k < len(e.down) and downs.get(e.seat):
                    c = downs[e.seat].pop(0)
                elif c is not None and k < len(e.down) and downs.get(e.seat) and downs[e.seat][0] == c:
                    downs[e.seat].pop(0)
                cards.append(c if c is not None else spare.pop())
            dealt[i, e.seat] = tuple(cards)
    return dealt


def replay_in_pokerkit(hand: Hand) -> Counter[str]:
    """Replay a recorded hand in PokerKit, checking the turn at every action, and compare the final
    stacks with our replay's (stack + net). Raises :class:`Differ` or :class:`Skip`."""
    why = hand_difference(hand)
    if why:
        raise Skip(why)
    result = replay(hand, profile_for(hand))  # the simulator's own profile: hands with a double bet were skipped above
    if result.violations:
        raise Differ(f"hand {hand.site_hand_id}: the simulated hand breaks our own rules: {result.violations[0]}")
    shown = {e.seat: [c for c in e.cards if c is not None] for e in hand.events if isinstance(e, Show)}
    why = rule_difference(hand.game, result.pots, result.awards, shown)
    if why:
        raise Skip(why)
    seats = sorted({e.seat for e in hand.events if isinstance(e, Deal | Action)})
    index = {seat: i for i, seat in enumerate(seats)}
    start = {s.seat: s.stack for s in hand.seats}
    pk = POKERKIT_GAMES[hand.game].create_state(
        AUTOMATIONS,
        True,
        hand.ante or 0,
        hand.bring_in or 1,
        hand.small_bet,
        hand.big_bet,
        [start[s] for s in seats],
        len(seats),
        mode=Mode.TOURNAMENT,
    )
    dealt = hole_cards(hand)
    for i, e in enumerate(hand.events):
        if isinstance(e, Deal):
            show_all(pk)
            while pk.can_burn_card():
                pk.burn_card("??")
            pk.deal_hole("".join(c.name for c in dealt[i, e.seat]), index[e.seat])
        elif isinstance(e, Action) and e.kind is not ActionKind.ANTE:
            if pk.actor_index != index[e.seat]:
                raise Differ(
                    f"hand {hand.site_hand_id} line {e.line}: seat {e.seat} acts, PokerKit expects "
                    f"{'nobody' if pk.actor_index is None else f'seat {seats[pk.actor_index]}'}"
                )
            if e.kind is ActionKind.BRING_IN:
                pk.post_bring_in()
            elif e.kind in (ActionKind.CHECK, ActionKind.CALL):
                pk.check_or_call()
            elif e.kind is ActionKind.FOLD:
                pk.fold()
            else:
                base = pk.bets[index[e.seat]] if e.kind is ActionKind.BET else max(pk.bets)
                pk.complete_bet_or_raise_to(e.to if e.to is not None else base + e.amount)
    conceded = {e.seat for e in hand.events if isinstance(e, Muck) and not e.cards}
    while pk.can_show_or_muck_hole_cards():
        pk.show_or_muck_hole_cards(seats[pk.showdown_index] not in conceded)
    ours = [start[s] + result.net[s] for s in seats]
    if pk.status or ours != list(pk.stacks):
        raise Differ(f"hand {hand.site_hand_id}: final stacks {ours} for us, {list(pk.stacks)} for PokerKit")
    return Counter({"showdown" if result.showdown else "won uncontested": 1, "side pots": len(result.pots) > 1})


# ----------------------------------------------------------------------------------------- test


def run(cases: Iterable[tuple[str, Callable[[], Counter[str]]]]) -> Tally:
    """Run each comparison, sorting it into compared (with what it contained), skipped (with the
    listed rule difference) or differing (with where)."""
    tally = Tally()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a PokerKit warning (burned chips, odd cards) is a disagreement
        for name, compare in cases:
            try:
                seen = compare()
            except Skip as why:
                tally.skipped[str(why)] += 1
            except (Differ, ValueError, UserWarning) as why:
                tally.differ.append(f"{name}: {why}")
            else:
                tally.played["compared"] += 1
                tally.features.update(seen)
    return tally


def lockstep(hands: int) -> Iterator[tuple[str, Callable[[], Counter[str]]]]:
    for k in range(hands):
        yield f"seed {SEED + k}", partial(play, SEED + k)


def replayed() -> Iterator[tuple[str, Callable[[], Counter[str]]]]:
    for hand in simulated_hands():
        yield f"simulated hand {hand.site_hand_id} ({hand.game})", partial(replay_in_pokerkit, hand)


def report(title: str, result: Tally) -> None:
    print(f"\n{title}: {result.played['compared']} compared, {len(result.differ)} differ")
    for what, n in sorted(result.features.items()):
        print(f"  {what:<72}{n:>6}")
    for why, n in sorted(result.skipped.items()):
        print(f"  {'not compared: ' + why:<72}{n:>6}")


@pytest.fixture(scope="module")
def tally() -> Tally:
    result = run(lockstep(HANDS))
    report(f"{HANDS} random hands played in lockstep", result)
    return result


@pytest.fixture(scope="module")
def simulated() -> Tally:
    result = run(replayed())
    report(f"{6 * SIMULATED_PER_TABLE} simulated hands replayed in PokerKit", result)
    return result


def test_pokerkit_agrees_on_every_decision_and_every_chip(tally: Tally) -> None:
    shown = "\n".join(tally.differ[:10])
    assert not tally.differ, f"{len(tally.differ)} of {HANDS} hands differ:\n{shown}"


def test_the_random_hands_cover_what_matters(tally: Tally) -> None:
    """Most hands are compared, and they include showdowns, splits, all-ins and side pots."""
    assert tally.played["compared"] >= 0.8 * HANDS
    for feature in (
        "showdown",
        "won uncontested",
        "side pots",
        "split pot or half",
        "someone all-in",
        "streets opened left of an all-in opener",
    ):
        assert tally.features[feature] >= 20, (feature, tally.features)


def test_pokerkit_replays_simulated_hands_to_the_same_stacks(simulated: Tally) -> None:
    """The simulator's finished hands, replayed action by action in PokerKit, follow its turn order and
    end on the stacks our replay gives them."""
    shown = "\n".join(simulated.differ[:10])
    assert not simulated.differ, f"{len(simulated.differ)} simulated hands differ:\n{shown}"
    assert simulated.played["compared"] >= 0.8 * 6 * SIMULATED_PER_TABLE
    assert simulated.features["showdown"] >= 20 and simulated.features["side pots"] >= 1, simulated.features


# ------------------------------------------------------- Five Card Stud (issue #11), PokerKit set up as it


def _pokerkit_five_card_stud(stacks: list[int]) -> State:
    """A PokerKit state dealing Five Card Stud: its generic ``State`` with four streets (one down and one
    up card, then three up), the low card bringing in (ace high), the high hand opening later, the small
    bet on the first two streets; the fixed-limit cap of its stud games (bet + 3 raises)."""
    streets = (
        Street(False, (False, True), 0, False, Opening.LOW_CARD, SMALL_BET, 4),
        Street(True, (True,), 0, False, Opening.HIGH_HAND, SMALL_BET, 4),
        Street(True, (True,), 0, False, Opening.HIGH_HAND, BIG_BET, 4),
        Street(True, (True,), 0, False, Opening.HIGH_HAND, BIG_BET, 4),
    )
    return State(
        AUTOMATIONS,
        Deck.STANDARD,
        (StandardHighHand,),
        streets,
        BettingStructure.FIXED_LIMIT,
        True,
        ANTE,
        (0,),
        BRING_IN,
        stacks,
        len(stacks),
        mode=Mode.TOURNAMENT,
    )


def _lockstep_stud5(seed: int) -> Counter[str]:
    rng = random.Random(seed)
    stacks = [
        rng.choice((ANTE, rng.randint(ANTE + BRING_IN, 40), rng.randint(40, 300), rng.randint(40, 300)))
        for _ in range(rng.randint(2, 10))
    ]
    deck = list(DECK)
    rng.shuffle(deck)
    ours = StudState(
        Game.STUD5, SMALL_BET, BIG_BET, {i + 1: s for i, s in enumerate(stacks)}, POKERKIT_RULES, bring_in=BRING_IN
    )
    pk = _pokerkit_five_card_stud(stacks)
    for seat in ours.seats:
        ours.post_ante(seat, ANTE)
    where = f"seed {seed} (stud5, {len(stacks)} players, stacks {stacks})"
    for street in RULES[Game.STUD5].numbers:
        if street > 2:
            ours.start_street(street)
        down, up = deal_shape(Game.STUD5, street)
        deck = deal_street(ours, pk, deck, down, up)
        bet(rng, ours, pk, f"{where}, street {street}")
        if ours.hand_over:
            break
    show_all(pk)
    try:
        return settle(ours, pk, where)
    except Skip as why:
        return Counter({f"not compared: {why}": 1})


def test_pokerkit_plays_five_card_stud_in_lockstep() -> None:
    """600 random Five Card Stud hands (2 to 10 players, short stacks for all-ins and side pots) played
    by our state machine and PokerKit's generic State set up as the game: the same player to act, the
    same legal moves at every decision, the same final stacks. (The double bet is off on both sides:
    PokerKit has none; the rule differences of test_pokerkit_diff.py apply as there.)"""
    seen: Counter[str] = Counter()
    differ: list[str] = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a PokerKit warning (burned chips, odd cards) is a disagreement
        for k in range(600):
            try:
                seen += _lockstep_stud5(5000 + k)
            except (Differ, ValueError, UserWarning) as why:
                differ.append(f"seed {5000 + k}: {why}")
    assert not differ, "\n".join(differ[:5])
    assert seen["showdown"] >= 100 and seen["side pots"] >= 10 and seen["someone all-in"] >= 50, seen
