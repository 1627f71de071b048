"""The per-site conformance kit: what every site reader must show on its real files of the corpus.

The corpus MANIFEST (``fpdb/MANIFEST.tsv``, written independently of studbook) says how many hands of
which game each file holds. For every file of a supported site the kit checks:

* the stud-family hands read equal MANIFEST's count, game by game; the other games are skipped and
  counted (:class:`NotStudHand`), never errors;
* every :class:`ParseError` names the file and a line of it, and a real file has none unless the site's
  own output is broken (``KNOWN_PARSE_ERRORS``, each with the reason);
* chips are conserved by the replay; the actions add up to the site's printed total pot (before or
  after rake, as the site's profile says), and what the site says it paid plus the rake is that total;
* zero rule violations, and the engine's awards equal the site's, per seat and pot, to the cent — or
  the hand is in ``KNOWN_SITE_ERRORS`` with the site's own error worked out by hand and the rules the
  audit must report for it.

A site joins by naming its MANIFEST folder in its ``SITE`` (``corpus``); nothing here names a site but
the hands of ``KNOWN_SITE_ERRORS``.
"""

from __future__ import annotations

import csv
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

from studbook.engine.model import Collect, Game, Hand
from studbook.engine.pots import pot_index
from studbook.engine.replay import replay
from studbook.parsers import NotStudHand, ParseError, parse_file
from studbook.parsers.registry import profile_for, readable_sites

SITE_ROWS: Mapping[str, str] = MappingProxyType(
    {site.corpus: site.site for site in readable_sites() if site.corpus is not None}
)
"""MANIFEST site folder -> studbook site id, for every readable site that names its corpus folder
(``Site.corpus``): the sites found in ``parsers/sites/``, none listed here."""

MANIFEST_GAMES: Mapping[str, str] = MappingProxyType(
    {
        "studhi": "stud",
        "stud8": "stud8",
        "razz": "razz",
        "razz27": "razz27",
        "stud5": "stud5",
    }
)
"""MANIFEST's per-hand game names -> studbook's game ids (``other`` is every non-stud game)."""

SYNTHETIC: Mapping[str, str] = MappingProxyType(
    {
        "Stars/7stud.txt": "invented fixture: one card dealt per player on 3rd street, pot does not add up",
        "Stars/razz.txt": "invented fixture: malformed deal lines and a total pot the actions do not make",
        "Stars/horse.txt": "invented fixture: two cards on 3rd street, the bring-in returned as uncalled",
    }
)
"""MANIFEST files that are hand-made and impossible on purpose: each must fail to parse or to validate."""


@dataclass(frozen=True, slots=True)
class SiteError:
    """A real hand whose site output is wrong: the rules the audit must report and why, by hand."""

    rules: frozenset[str]
    reason: str


KNOWN_SITE_ERRORS: Mapping[tuple[str, str], SiteError] = MappingProxyType(
    {
        ("pokerstars", "91733835979"): SiteError(
            frozenset({"cards.garbled"}),
            "PokerStars printed '[of]' as the hero's 7th card and showed only 3 of his cards; the pot is still "
            "judged (trip aces beat the shown pair of jacks whatever the card)",
        ),
        **{
            ("ipoker", hand_id): SiteError(
                frozenset({"pot.total"}),
                "iPoker's per-player 'bet' total (the pot the file implies) counts the ante a second time for every "
                f"player who raised with action type 23: {detail}. The actions and every 'win' agree with each other "
                "(the pot is paid right); hand 4044980553 shows it cannot be the actions: Player10 has 1,110 chips "
                "and 'bet' says he put in 1,150",
            )
            for hand_id, detail in (
                ("4044860560", "Player20 bet=376, actions 368 (ante 8)"),
                ("4044887186", "Player11 bet=645, actions 635 (ante 10)"),
                ("4044887621", "Player20 and Player11 bet=980, actions 970 each (ante 10)"),
                ("4044888659", "Player11 bet=730, actions 715 (ante 15)"),
                ("4044922307", "Player11 bet=1,090, actions 1,070 (ante 20)"),
                ("4044980553", "Player10 bet=1,150, actions 1,110; Player19 bet=1,230, actions 1,190 (ante 40)"),
                ("4044982218", "Player1 bet=1,404, actions 1,354 (ante 50)"),
                ("4045005614", "Player11 bet=1,026, actions 976 (ante 50)"),
                ("4045005684", "Player11 and Player19 bet=2,182, actions 2,102 each (ante 80)"),
                ("4045005928", "Player13 and Player19 bet=1,966, actions 1,886 each (ante 80)"),
                ("4045006063", "Player1 bet=3,376, actions 3,296 (ante 80)"),
                ("4045033373", "Player6 bet=4,400, actions 4,300 (ante 100)"),
                (
                    "4045034332",
                    "Player11 bet=5,203, actions 5,053 (ante 150; he raised twice, the ante counts once more)",
                ),
            )
        },
        ("kingsclub", "37581152"): SiteError(
            frozenset({"bet.size"}),
            "KingsClub counts 3rd-street raises from the bring-in when the completion adds less than half a small "
            "bet to it: bring-in 33.16, 'bets 44' (10.84 more), 'raises to 77.16' = 33.16 + 44, then 121.16; under "
            "the rules the raise after a full completion to 44 is to 88. Chips, pot (1,299.60 = 1,294.60 + rake 5) "
            "and the award agree with the actions",
        ),
        ("kingsclub", "40091899"): SiteError(
            frozenset({"bet.size"}),
            "the same KingsClub raise base: bring-in 16.58, 'bets 22' (5.42 more), 'raises to 38.58' = 16.58 + 22 "
            "where the rules allow 44; the pot (429.80 = 424.80 + rake 5) and the award agree with the actions",
        ),
        ("kingsclub", "3537921"): SiteError(
            frozenset({"bet.size"}),
            "the same KingsClub raise base: bring-in 125, Player3 all in for 225 (100 more), Player4 'raises to 625' "
            "= 125 + 500 where the rules allow completing to 500. The one line 'Player4 wins pot (4,100)' pays the "
            "main pot (7 antes 875 + 5 x 225 = 1,900) and the side pot (3 x 400 + 2 x 500 = 2,200) together, and "
            "his unmatched 1,000 on 5th street is in his final stack (+2,850); the engine awards the same 4,100",
        ),
    }
)
"""(site id, hand id) -> the site's own error. Every other real hand must replay with no violation."""

KNOWN_PARSE_ERRORS: Mapping[str, str] = MappingProxyType(
    {
        "Winning/7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt": "the export is cut off: its second hand (693976187) ends after its two seat lines, mid-hand, with the "
        "file's odd trailing byte; the first hand reads and conforms",
    }
)
"""MANIFEST path -> why a real file of a supported site has a hand that cannot be read."""


@dataclass(frozen=True, slots=True)
class ManifestRow:
    path: str
    site: str
    hands: int
    games: Mapping[str, int]
    format: str

    @property
    def expected_games(self) -> Counter[str]:
        """studbook game id -> hands, for the games studbook reads (the rest are expected skipped)."""
        known = {g.value for g in Game}
        out: Counter[str] = Counter()
        for name, count in self.games.items():
            game = MANIFEST_GAMES.get(name)
            if game in known:
                out[game] += count
        return out

    @property
    def expected_skipped(self) -> int:
        return sum(self.games.values()) - sum(self.expected_games.values())


def manifest_rows(corpus: Path) -> list[ManifestRow]:
    """The rows of hand-history files (summaries left out) of the supported sites."""
    manifest = corpus / "fpdb" / "MANIFEST.tsv"
    if not manifest.exists():
        return []
    with open(manifest, encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    out = []
    for r in rows:
        if r["site"] not in SITE_ROWS or r["format"] == "summary":
            continue
        games = {k: int(v) for k, v in (p.split("=") for p in r["games_breakdown"].split(","))}
        out.append(ManifestRow(r["path"], SITE_ROWS[r["site"]], int(r["hands"]), games, r["format"]))
    return out


@dataclass
class FileReport:
    """What a file gave: hands by game, skipped, parse errors, and every disagreement found."""

    row: ManifestRow
    hands: list[Hand] = field(default_factory=list)
    skipped: list[NotStudHand] = field(default_factory=list)
    errors: list[ParseError] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def games(self) -> Counter[str]:
        return Counter(h.game.value for h in self.hands)


def site_awards(hand: Hand, pots: int) -> Counter[tuple[int, int]]:
    """(pot, seat) -> what the site says it paid."""
    paid: Counter[tuple[int, int]] = Counter()
    for event in hand.events:
        if isinstance(event, Collect):
            paid[(0 if pots == 1 else pot_index(event.pot), event.seat)] += event.amount
    return paid


def check_hand(hand: Hand) -> list[str]:
    """Every way the hand disagrees with the rules or with itself; empty for a clean hand."""
    result = replay(hand, profile_for(hand))
    problems = []
    known = KNOWN_SITE_ERRORS.get((hand.site, hand.site_hand_id))
    rules = {v.rule for v in result.violations}
    if known is not None:
        if rules != known.rules:
            problems.append(f"expected exactly {sorted(known.rules)} ({known.reason}), got {sorted(rules)}")
    elif result.violations:
        problems += [f"{v.rule} at line {v.line}: {v.message}" for v in result.violations]
    invested = sum(result.invested.values())
    if invested != sum(a.amount for a in result.awards) + result.rake or sum(result.net.values()) != -result.rake:
        problems.append("chips are not conserved by the replay")
    if hand.total_pot is not None:
        profile = profile_for(hand)
        rake = result.rake  # the printed rake, or what the profile says an unprinted one is
        expected_total = invested if profile.total_includes_rake else invested - rake
        if hand.total_pot != expected_total and (known is None or "pot.total" not in known.rules):
            problems.append(f"the actions make a pot of {invested} (rake {rake}), the site printed {hand.total_pot}")
        paid = sum(e.amount for e in hand.events if isinstance(e, Collect))
        if paid + rake != invested and known is None:
            problems.append(f"the site paid {paid} + rake {rake}, the pot was {invested}")
    # a site that prints what each seat won but not from which pot (iPoker) is compared per seat
    per_seat = len(result.pots) > 1 and all(pot_index(e.pot) == 0 for e in hand.events if isinstance(e, Collect))
    ours: Counter[tuple[int, int]] = Counter()
    for award in result.awards:
        if award.amount:
            ours[(0 if per_seat else award.pot, award.seat)] += award.amount
    theirs = +site_awards(hand, 1 if per_seat else len(result.pots))
    if ours != theirs and known is None:
        problems.append(f"the rules pay {dict(ours)}, the site paid {dict(theirs)}")
    return problems


def check_file(corpus: Path, row: ManifestRow) -> FileReport:
    """Read one MANIFEST file through the site's reader and check it against the MANIFEST and the rules."""
    path = corpus / "fpdb" / row.path
    report = FileReport(row)
    for item in parse_file(path):
        if isinstance(item, ParseError):
            report.errors.append(item)
            if item.file != str(path) or not 1 <= item.line:
                report.problems.append(f"a parse error without its place: {item!r}")
        elif isinstance(item, NotStudHand):
            report.skipped.append(item)
        else:
            report.hands.append(item)
            if item.site != row.site:
                report.problems.append(f"hand {item.site_hand_id} read as site {item.site}, not {row.site}")
    if row.path in SYNTHETIC:
        broken = len(report.errors) + sum(1 for h in report.hands if replay(h, profile_for(h)).violations)
        if broken != len(report.errors) + len(report.hands) or broken == 0:
            report.problems.append(f"a synthetic file ({SYNTHETIC[row.path]}) read as if it were sound")
        return report
    if report.errors and row.path not in KNOWN_PARSE_ERRORS:
        report.problems += [f"cannot read: {e}" for e in report.errors]
    if report.games != row.expected_games and row.path not in KNOWN_PARSE_ERRORS:
        report.problems.append(f"hands by game {dict(report.games)}, MANIFEST says {dict(row.expected_games)}")
    if len(report.skipped) != row.expected_skipped:
        report.problems.append(
            f"{len(report.skipped)} hands skipped, MANIFEST has {row.expected_skipped} hands of other games"
        )
    for hand in report.hands:
        report.problems += [f"hand {hand.site_hand_id}: {p}" for p in check_hand(hand)]
    return report
