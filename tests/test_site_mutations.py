"""The mutation suite (tests/mutations.py) on every site but PokerStars (tests/test_mutations.py, which
plants in hand-written scripts and in the simulator's own hands as well): every kind of fault planted in
the hands a site's reader gives must be named by the validator, by the rule it breaks.

A site is one row of ``ROWS``. Its seeds are every hand of its real corpus that can be one, and simulated
hands written in its format by its writer and read back (tests/site_mutations.py), so every fault is
planted in a hand as that reader gives it, with what its text drops: the corpus shows the site's own
shapes, the written hands bring what the few real ones lack (capped streets, splits, stud8 lows). What
the site's text cannot carry is said in the row, and nothing else is excused: the allowances of
tests/site_mutations.py it takes, the fault kinds with no line to be planted in (``not_in_text``), and
what its exclusions must come to (``checks``).

Run with ``-s`` to see how many mutants of each kind were generated and caught, per site and source.
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TextIO

import pytest
from conformance import KNOWN_SITE_ERRORS
from conftest import corpus_path
from ipoker_xml import write_session
from mutations import OPERATORS, Mutant, Outcome, is_caught, run_mutants, table
from site_mutations import CARDS_DECIDE, said_so, shows_two, unprintable, unprintable_owner_only, written_seeds
from studbook.engine.model import Action, ActionKind, Game, Hand, Marker, Show, Violation
from studbook.engine.validate import validate
from studbook.parsers import parse_file
from studbook.parsers.registry import SITES_BY_ID, profile_for, sites

THREE_GAMES = (Game.STUD, Game.STUD8, Game.RAZZ)


def excuse_nothing(mutant: Mutant) -> str | None:
    """No mutant is set apart: the site's text carries everything the rules need."""
    return None


@dataclass(frozen=True, eq=False)
class SiteRow:
    """One site's mutation suite: where its seeds come from and what its text is excused."""

    name: str
    """The site as the tests' ids and messages name it."""
    folders: tuple[str, ...]
    """Its corpus folders under ``fpdb/``."""
    sites: frozenset[str]
    """The site ids its corpus hands read as (the written hands' must be among them)."""
    write: Callable[[Iterable[Hand], TextIO], object]
    """Its writer; the written seeds' arguments follow (tests/site_mutations.py ``written_seeds``)."""
    games: tuple[Game, ...]
    profile: str
    per_game: int = 200
    seed: int = 5
    currency: str = "USD"
    first: int = 15
    keep: Callable[[Hand, Hand], bool] = shows_two
    suffixes: tuple[str, ...] = (".txt",)
    """The corpus files read."""
    usable: Callable[[Hand], bool] = lambda hand: True
    """Which corpus hands are seeds: a seed must start clean, or a planted fault could hide behind one
    it already had."""
    corpus_hands: int | None = None
    """How many corpus hands are seeds, where the row leaves some out."""
    caught: Callable[[Mutant, list[Violation], Counter[str]], bool] = is_caught
    """What counts as reporting a fault (tests/site_mutations.py ``said_so`` adds the unjudged bet size)."""
    set_apart: Callable[[Mutant], str | None] = excuse_nothing
    """The mutants no reader of the site's text could catch, counted apart (never as caught)."""
    not_in_text: Mapping[str, str] = field(default_factory=dict)
    """Fault kinds the text has no line for, so they must never be planted: why."""
    checks: tuple[Callable[[Outcome], None], ...] = ()
    """What the set-apart mutants must come to, and the like."""
    slow: bool = False
    """Its mutant runs are marked slow (``-m "not slow"`` leaves them out)."""


def nothing_is_set_apart(outcome: Outcome) -> None:
    """The site prints its total and its rake (or nothing of them is planted), and its cards."""
    assert not outcome.excluded


def only_the_cash_hand_without_a_rake_line_hides_an_extra_chip(outcome: Outcome) -> None:
    """Bovada: the one exclusion covers the two collections of hand 2844383701 ($150 printed, $147 paid,
    no rake line) and nothing else: tournament hands pay the whole pot, so a chip more is caught there."""
    assert dict(outcome.excluded) == {("collected more than the pot", "corpus"): 2}


def exclusions_are_the_unraked_chips_and_the_card_less_export(outcome: Outcome) -> None:
    """Everleaf prints no rake, so every raked hand hides a chip collected beyond the pot; the 19 hands
    of the 2011-07 export print no card, so the order and double-bet faults planted in them are set
    apart. Every other mutant is generated and must be caught."""
    kinds = {kind for kind, _ in outcome.excluded}
    assert kinds <= {"collected more than the pot", *CARDS_DECIDE}
    assert outcome.generated["action out of turn", "corpus"] > 0  # the 2011-08 hands print door cards


def the_real_hands_give_mutants_of_most_kinds(outcome: Outcome) -> None:
    """Full Tilt: the corpus alone plants most kinds (the written hands only fill in what it lacks)."""
    assert sum(1 for kind in OPERATORS if outcome.generated[kind, "corpus"]) >= len(OPERATORS) - 3


def only_what_the_text_cannot_tell_is_set_apart(outcome: Outcome) -> None:
    """PartyPoker: the up cards no one printed and the rake it never prints, nothing else."""
    assert {kind for kind, _ in outcome.excluded} <= {"collected more than the pot", *CARDS_DECIDE}


def only_the_cardless_hand_is_set_apart(outcome: Outcome) -> None:
    """Winamax: the play-money export prints no card at all, so who must bring in or act first in it
    cannot be told: the turn-order faults planted in that one corpus hand are set apart; the euro hands
    print door cards, and every mutant planted in them is caught."""
    assert set(outcome.excluded) <= {("bring-in by the wrong player", "corpus"), ("action out of turn", "corpus")}
    assert outcome.generated["action out of turn", "corpus"] > outcome.excluded["action out of turn", "corpus"]


def shows_two_or_capped(simulated: Hand, parsed: Hand) -> bool:
    """A showdown of two or more, or a capped street (ACR prints no note of it: the simulator's)."""
    return shows_two(simulated, parsed) or any(isinstance(e, Marker) and e.kind == "capped" for e in simulated.events)


def shows_two_or_four_bets(simulated: Hand, parsed: Hand) -> bool:
    """A showdown of two or more, or a street of four bets, as dealt."""
    bets = Counter(
        e.street
        for e in simulated.events
        if isinstance(e, Action) and e.kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
    )
    return sum(isinstance(e, Show) for e in simulated.events) >= 2 or max(bets.values(), default=0) >= 4


def writes(site: str) -> Callable[[Iterable[Hand], TextIO], object]:
    """The site's file writer, as its ``SITE`` gives it."""
    return SITES_BY_ID[site].write_file


def write_ipoker_session(hands: Iterable[Hand], out: TextIO) -> int:
    """Hands as one iPoker XML session (tests/ipoker_xml.py)."""
    return out.write("".join(write_session(hands)))


ROWS = (
    # One hand in the corpus; pockets with unknown cards, no uncalled-bet line.
    SiteRow(
        "absolute",
        ("Absolute",),
        frozenset({"absolute"}),
        writes("absolute"),
        THREE_GAMES,
        "absolute",
        caught=said_so,
        set_apart=unprintable,
        checks=(nothing_is_set_apart,),
        slow=True,
    ),
    # Both formats of fpdb/Winning; six real hands, no capped street and one split, so the written hands
    # are what makes every kind plantable.
    SiteRow(
        "acr",
        ("Winning",),
        frozenset({"acr"}),
        writes("acr"),
        THREE_GAMES,
        "acr",
        300,
        7,
        first=20,
        keep=shows_two_or_capped,
    ),
    # Anonymous seats, inferred stakes, no betting notes; the written hands bring stud8 lows and caps.
    SiteRow(
        "bovada",
        ("Bovada",),
        frozenset({"bovada"}),
        writes("bovada"),
        (Game.STUD, Game.STUD8),
        "bovada",
        caught=said_so,
        set_apart=unprintable,
        checks=(only_the_cash_hand_without_a_rake_line_hides_an_extra_chip,),
        slow=True,
    ),
    # No uncalled-bet line, no total, no rake, opponents' cards unprinted.
    SiteRow(
        "everleaf",
        ("Everleaf",),
        frozenset({"everleaf"}),
        writes("everleaf"),
        THREE_GAMES,
        "everleaf",
        caught=said_so,
        set_apart=unprintable,
        not_in_text={"changed total pot": "Everleaf prints no total pot", "changed rake": "Everleaf prints no rake"},
        checks=(exclusions_are_the_unraked_chips_and_the_card_less_export,),
        slow=True,
    ),
    # 52 real hands with Full Tilt's own shapes (completions, an ante given back, a mid-hand all-in show,
    # pots listed before rake) but few capped streets or splits. The writer writes no Five Card Stud.
    SiteRow(
        "fulltilt",
        ("FTP",),
        frozenset({"fulltilt"}),
        writes("fulltilt"),
        THREE_GAMES,
        "fulltilt",
        300,
        5,
        first=10,
        keep=shows_two_or_four_bets,
        checks=(the_real_hands_give_mutants_of_most_kinds,),
    ),
    # The three hands whose 3rd-street raise KingsClub counts from the bring-in are the site's own error
    # (tests/conformance.py KNOWN_SITE_ERRORS); no total, pots from the seat lines.
    SiteRow(
        "kingsclub",
        ("KingsClub",),
        frozenset({"kingsclub"}),
        writes("kingsclub"),
        (*THREE_GAMES, Game.RAZZ27),
        "kingsclub",
        usable=lambda hand: (hand.site, hand.site_hand_id) not in KNOWN_SITE_ERRORS,
        caught=said_so,
        set_apart=unprintable,
        not_in_text={"changed total pot": "KingsClub prints no total pot"},
        checks=(nothing_is_set_apart,),
    ),
    # Six real hands; no uncalled-bet line, the showdown in the summary.
    SiteRow(
        "ongame",
        ("OnGame",),
        frozenset({"ongame"}),
        writes("ongame"),
        THREE_GAMES,
        "ongame",
        caught=said_so,
        set_apart=unprintable,
        checks=(nothing_is_set_apart,),
    ),
    # Owner-only deals: everyone else's up cards come from the showdown or not at all; no total, no rake,
    # no uncalled-bet line.
    SiteRow(
        "partypoker",
        ("PartyPoker",),
        frozenset({"partypoker"}),
        writes("partypoker"),
        THREE_GAMES,
        "partypoker",
        per_game=100,
        caught=said_so,
        set_apart=unprintable_owner_only,
        not_in_text={
            "changed total pot": "PartyPoker prints no total pot",
            "changed rake": "PartyPoker prints no rake",
        },
        checks=(only_what_the_text_cannot_tell_is_set_apart,),
    ),
    # Five real hands, one of them play money without deal lines; the uncalled bet inside "collected".
    SiteRow(
        "winamax",
        ("Winamax",),
        frozenset({"winamax"}),
        writes("winamax"),
        THREE_GAMES,
        "winamax",
        currency="EUR",
        caught=said_so,
        set_apart=unprintable,
        checks=(only_the_cardless_hand_is_set_apart,),
    ),
    # The XML readers: a fault their model of a hand could hide (a reading that swallowed a wrong amount)
    # would show as a miss. The 13 real iPoker hands whose printed totals are the site's own error
    # (tests/conformance.py) would hide a planted wrong total behind theirs.
    SiteRow(
        "xml",
        ("iPoker", "Merge"),
        frozenset({"ipoker", "merge"}),
        write_ipoker_session,
        (*THREE_GAMES, Game.STUD5),
        "pokerstars",
        150,
        4,
        first=10,
        suffixes=(".txt", ".xml"),
        usable=lambda hand: not validate(hand, profile_for(hand)),
        corpus_hands=147 - 13,
    ),
)


COVERED_ELSEWHERE = frozenset({"pokerstars"})
"""Sites whose mutation suite is a test file of its own (PokerStars: tests/test_mutations.py)."""

ROWS = (
    *ROWS,
    *(
        SiteRow(site.site, (site.corpus,), frozenset({site.site}), site.write_file, THREE_GAMES, site.profile.name)
        for site in sites()
        if site.corpus is not None
        and site.writer is not None
        and site.site not in COVERED_ELSEWHERE
        and not any(site.site in row.sites for row in ROWS)
    ),
)
"""Every site found in ``parsers/sites/`` with a corpus folder and a writer has its suite: a site without
a row above is held to all of it, nothing excused."""


@dataclass(frozen=True, slots=True)
class Seeds:
    corpus: list[Hand]
    written: list[Hand]


def read_seeds(row: SiteRow) -> Seeds:
    corpus = [
        h
        for folder in row.folders
        for path in sorted(p for p in corpus_path("fpdb", folder).iterdir() if p.suffix in row.suffixes)
        for h in parse_file(path)
        if isinstance(h, Hand) and row.usable(h)
    ]
    written = written_seeds(
        row.write, row.games, row.profile, row.per_game, row.seed, row.currency, row.first, row.keep
    )
    return Seeds(corpus, written)


def run(row: SiteRow, seeds: Seeds) -> Outcome:
    result = run_mutants({"corpus": seeds.corpus, "simulated": seeds.written}, row.caught, row.set_apart)
    print(f"\n{row.name}\n" + table(result) + f"\nexcluded: {dict(result.excluded)}")
    return result


@pytest.fixture(scope="module")
def seeds() -> Callable[[SiteRow], Seeds]:
    """Each row's seeds, read once whatever order the tests run in."""
    return functools.cache(read_seeds)


@pytest.fixture(scope="module")
def outcome(seeds: Callable[[SiteRow], Seeds]) -> Callable[[SiteRow], Outcome]:
    """Each row's mutants, planted and judged once."""
    return functools.cache(lambda row: run(row, seeds(row)))


def _marks(row: SiteRow) -> list[pytest.MarkDecorator]:
    return [pytest.mark.slow] if row.slow else []


def by_kind() -> list[object]:
    return [pytest.param(r, k, id=f"{r.name}-{k}", marks=_marks(r)) for r in ROWS for k in OPERATORS]


@pytest.mark.parametrize("row", ROWS, ids=[r.name for r in ROWS])
def test_seeds_are_the_sites_hands_and_start_clean(seeds: Callable[[SiteRow], Seeds], row: SiteRow) -> None:
    """A planted fault must not hide behind one the seed already had."""
    found = seeds(row)
    assert {h.site for h in found.corpus} == row.sites
    assert {h.site for h in found.written} <= row.sites and {h.game for h in found.written} == set(row.games)
    if row.corpus_hands is not None:
        assert len(found.corpus) == row.corpus_hands
    for hand in found.corpus + found.written:
        assert validate(hand, profile_for(hand)) == [], (hand.source_file, hand.site_hand_id)


@pytest.mark.parametrize(("row", "kind"), by_kind())
def test_kind_is_planted_where_the_text_has_its_line(
    outcome: Callable[[SiteRow], Outcome], row: SiteRow, kind: str
) -> None:
    """Every fault kind is planted somewhere (a kind with no mutants would pass without testing), but
    for the kinds whose line the site never prints, which must be planted nowhere."""
    planted = sum(n for (k, _), n in outcome(row).generated.items() if k == kind)
    if kind in row.not_in_text:
        assert planted == 0, row.not_in_text[kind]
    else:
        assert planted > 0, f"no {row.name} seed allows {kind!r}"


@pytest.mark.parametrize(("row", "kind"), by_kind())
def test_every_mutant_is_caught(outcome: Callable[[SiteRow], Outcome], row: SiteRow, kind: str) -> None:
    missed = outcome(row).missed.get(kind, [])
    shown = "\n".join(missed[:15])
    assert not missed, f"{len(missed)} {kind!r} mutants of {row.name} hands not caught by the expected rule:\n{shown}"


@pytest.mark.parametrize(
    ("row", "check"),
    [pytest.param(r, c, id=f"{r.name}-{c.__name__}", marks=_marks(r)) for r in ROWS for c in r.checks],
)
def test_what_is_set_apart(
    outcome: Callable[[SiteRow], Outcome], row: SiteRow, check: Callable[[Outcome], None]
) -> None:
    check(outcome(row))
