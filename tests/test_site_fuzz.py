"""Fuzzing every site's real files through the whole import (the oracle of ``fuzzing.check_batch``).

For each site found in ``parsers/sites/`` (PokerStars has ``test_fuzz.py`` of its own), its real corpus
files are cut into runs of hands (or, in XML, a session's first hands) and mutated — lines dropped,
repeated, swapped and moved; digits, cards, amounts and dates damaged; XML attributes and tags broken;
the file cut short, bytes flipped — and imported. Whatever the file holds: nothing raises, no file fails
whole, no problem is an internal error or a reader's unforeseen exception, every hand of a text file
is stored, a duplicate, skipped as another game or reported with its line, and every hand read is stored
with findings, refused with its line, or read with the money of the seed hand of its id (fuzzing.py
says why no more can be asserted, and what a site that prints no rake is spared). Seeded per site, so a failure
can be made again. ``SITE_MUTANTS`` mutants a site, 3,300 in all.

Beside it, the one-line faults the fuzz finds most often, asked of every site directly: an absurd amount
or an impossible time in a hand's header is a ParseError naming that line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import corpus_path
from fuzzing import Tally, run_mutants

from studbook.engine.model import Hand
from studbook.parsers import ParseError, parse_text
from studbook.parsers.textsite import cents
from studbook.parsers.reading import read_lines, split_hands
from studbook.parsers.registry import Site, readable_sites

SITE_MUTANTS = 300
FUZZED = [s for s in readable_sites() if s.corpus is not None and s.site != "pokerstars"]


def site_files(site: Site) -> list[Path]:
    assert site.corpus is not None
    folder = corpus_path("fpdb", site.corpus)
    return sorted(p for p in folder.iterdir() if p.suffix in (".txt", ".xml"))


@pytest.mark.parametrize("site", FUZZED, ids=lambda s: s.site)
def test_no_mutant_of_a_sites_files_loses_a_hand_or_leaks_an_internal_error(site: Site, tmp_path: Path) -> None:
    tally = Tally()
    seed = sum(map(ord, site.site))  # one seed per site, the same every run
    for batch in run_mutants(site_files(site), SITE_MUTANTS, seed, tmp_path, batch=20, site=site):
        tally.add(batch)
    print(f"\n{site.site}: {tally.mutants} mutants, {dict(tally.hands)}, hands read: {dict(tally.verdicts)}")
    assert tally.mutants >= SITE_MUTANTS
    assert tally.failures == []
    # each hand read was judged, and the judgement had hands both ways to judge
    assert tally.verdicts["findings"] > 0 and tally.verdicts["refused"] > 0
    assert tally.verdicts["clean, chips as the seed's"] > 0
    assert tally.hands["stored"] > 0 and sum(n for k, n in tally.hands.items() if k.startswith("reported:")) > 0
    wanted = {"delete", "swap", "digit", "huge", "truncate"} | ({"attribute", "tag"} if site.in_session else set())
    assert set(tally.operators) >= wanted


HUGE = "100000000000000000000"
_DATE = re.compile(r"(\d{4})([/-])\d{1,2}\2\d{1,2}")
_TIME = re.compile(r"(?<![\d:])\d{1,2}:\d{2}:\d{2}(?![\d:])")
_NUMBER = re.compile(r"(?<![\d,.])\d[\d,]*(?:\.\d+)?(?![\d,])")
HEADER_LINES = 4
"""The lines a hand's header can take (PartyPoker: the announce line and three), where no body line
prints a date or the stakes."""
TEXT_SITES = [s for s in readable_sites() if s.corpus is not None and not s.in_session]


def first_hand(site: Site) -> tuple[list[str], Hand]:
    """The lines of the first stud hand of the site's text files, as the parser splits them, and the
    hand they read as."""
    for path in site_files(site):
        for block in split_hands(read_lines(path), site.starts_hand):
            [hand] = parse_text("\n".join(block.lines) + "\n", path.name)[:1]
            if isinstance(hand, Hand):
                return block.lines, hand
    raise AssertionError(f"{site.site}: no stud hand in its files")


def damaged(lines: list[str], number: int, pattern: re.Pattern[str], new: str, count: int = 0) -> str:
    """The hand's text with line ``number`` (1-based) having ``pattern`` replaced by ``new``."""
    changed = pattern.sub(new, lines[number - 1], count=count)
    assert changed != lines[number - 1]
    return "\n".join([*lines[: number - 1], changed, *lines[number:]]) + "\n"


@pytest.mark.parametrize("site", [s for s in TEXT_SITES if s.site != "kingsclub"], ids=lambda s: s.site)
def test_an_impossible_time_in_every_sites_header_is_a_parse_error_at_its_line(site: Site) -> None:
    """KingsClub's header prints no time (the hand's start is unknown), so it has none to damage."""
    lines, _ = first_hand(site)
    number = next(n for n, line in enumerate(lines[:HEADER_LINES], 1) if _TIME.search(line))
    [result, *_] = parse_text(damaged(lines, number, _TIME, "25:61:00"), "damaged.txt")
    assert isinstance(result, ParseError), result
    assert (result.file, result.line) == ("damaged.txt", number), result
    assert "25:61:00" in result.message and "impossible" in result.message, result


@pytest.mark.parametrize("site", [s for s in TEXT_SITES if s.site != "bovada"], ids=lambda s: s.site)
def test_an_absurd_stake_in_every_sites_header_is_a_parse_error_at_its_line(site: Site) -> None:
    """Bovada prints no stakes (they are inferred from the bets), so it has no header amount to damage."""
    lines, hand = first_hand(site)
    found = [
        (number, m[0])
        for number, line in enumerate(lines[:HEADER_LINES], 1)
        for m in _NUMBER.finditer(_DATE.sub("", line))
        if cents(m[0]) == hand.small_bet
    ]
    assert found, f"{site.site}: the small bet {hand.small_bet} is not in {lines[:HEADER_LINES]}"
    number, small = found[0]
    pattern = re.compile(rf"(?<![\d,.]){re.escape(small)}(?![\d,])")
    [result, *_] = parse_text(damaged(lines, number, pattern, HUGE, count=1), "absurd.txt")
    assert isinstance(result, ParseError), result
    assert (result.file, result.line) == ("absurd.txt", number) and "beyond any real stake" in result.message, result


def test_the_fuzz_covers_every_site_but_the_one_with_its_own() -> None:
    assert {s.site for s in FUZZED} | {"pokerstars"} == {s.site for s in readable_sites()}
    assert len(FUZZED) * SITE_MUTANTS >= 3_000
