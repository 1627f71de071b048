"""The mutation suite (tests/mutations.py) for one site: seeds read by the site's own reader.

Seeds are the site's real corpus hands and simulated hands written in the site's format by its writer and
read back, so every fault is planted in a hand as that reader gives it (with what its text drops). A
site's text may lack what some checks need; the allowances below say exactly what, a site's row in
tests/test_site_mutations.py says which of them it takes, and nothing else is excused:

* a wrong bet size in a hand whose stakes are inferred (Bovada), where no other bet shows the size needed,
  or a 4th-street big bet where the boards that would allow it are not shown (Everleaf's old export): the
  engine reports it as *unjudged* at that line — it says it cannot judge instead of guessing;
* a chip collected beyond the pot in a hand that prints no rake, where a rake was taken: the text then
  reads as a consistent hand with a chip less rake, which no reader of it could tell;
* a fault of turn order (the wrong bring-in, an action out of turn) or a 4th-street big bet in a hand
  that prints no card at all (Everleaf's 2011-07 export): who must open a street, and whether a pair on
  board allows the big bet, is told by cards the text does not give;
* the same faults in a hand where only some up cards are printed (PartyPoker prints nobody's but the
  owner's and the showdown's): one unknown up card is enough to leave them undecided.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TextIO

from mutations import Mutant, is_caught
from studbook.engine.model import CommunityCard, Deal, Game, Hand, Show, Violation
from studbook.engine.replay import replay
from studbook.engine.simulate import TableSpec, simulate
from studbook.parsers import parse_text
from studbook.parsers.registry import get_profile, profile_for


def shows_two(simulated: Hand, parsed: Hand) -> bool:
    """A seed worth keeping beyond the first few: the hand as read reaches a showdown of two or more."""
    return sum(isinstance(e, Show) for e in parsed.events) >= 2


def written_seeds(
    write_file: Callable[[Iterable[Hand], TextIO], object],
    games: Iterable[Game],
    profile: str,
    per_game: int = 200,
    seed: int = 5,
    currency: str = "USD",
    first: int = 15,
    keep: Callable[[Hand, Hand], bool] = shows_two,
) -> list[Hand]:
    """Simulated hands of each game written by ``write_file`` and parsed back: the first ``first`` of each
    game and every other one ``keep`` (simulated hand, hand as read) wants; realistic players fold most
    hands early, and the rest would add thousands of near-identical 3rd-street mutants. ``currency``: what
    the site writes (Winamax euros). Five Card Stud is dealt at up to ten players, the others at eight;
    hands that need a community card are left out (not every site prints one)."""
    hands = []
    for game in games:
        spec = TableSpec(
            games=(game,), players=(2, 10 if game is Game.STUD5 else 8), profile=get_profile(profile), currency=currency
        )
        simulated = [
            h for h in simulate(spec, per_game, seed) if not any(isinstance(e, CommunityCard) for e in h.events)
        ]
        text = io.StringIO()
        write_file(simulated, text)
        parsed = [h for h in parse_text(text.getvalue(), "written.txt") if isinstance(h, Hand)]
        assert len(parsed) == len(simulated)
        hands += [h for k, (sim, h) in enumerate(zip(simulated, parsed)) if k < first or keep(sim, h)]
    return hands


def said_so(mutant: Mutant, got: list[Violation], before: Counter[str]) -> bool:
    """Caught as the kit counts it, or a wrong bet size the engine reports as unjudged at its line."""
    if is_caught(mutant, got, before):
        return True
    return "bet.size" in mutant.expected and any(
        u.line == mutant.line for u in replay(mutant.hand, profile_for(mutant.hand)).unjudged
    )


CARDS_DECIDE = frozenset(
    {"bring-in by the wrong player", "action out of turn", "big bet on 4th street without a double bet"}
)
"""Fault kinds whose rule is decided by the up cards."""


def unprintable(mutant: Mutant) -> str | None:
    """Why no reader of the site's text could catch ``mutant``, or None."""
    if (
        mutant.kind == "collected more than the pot"
        and mutant.hand.rake is None
        and replay(mutant.hand, profile_for(mutant.hand)).rake > 0
    ):
        return "a chip more collected is a chip less of a rake nobody printed"
    if mutant.kind in CARDS_DECIDE and not any(
        c is not None for e in mutant.hand.events if isinstance(e, Deal) for c in e.up
    ):
        return "no card printed: the up cards that decide this rule are unknown"
    return None


def unprintable_owner_only(mutant: Mutant) -> str | None:
    """:func:`unprintable`, and the faults the up cards decide in a hand with any up card unprinted."""
    if mutant.kind in CARDS_DECIDE and any(c is None for e in mutant.hand.events if isinstance(e, Deal) for c in e.up):
        return "an up card the site did not print: who brings in, acts first or may double-bet is unknown"
    return unprintable(mutant)
