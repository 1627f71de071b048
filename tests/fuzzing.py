"""A seeded mutator of hand-history files and the oracle every mutant's import must satisfy.

Used by ``test_fuzz.py`` (PokerStars and PHH), ``test_site_fuzz.py`` (every other site's real files)
and ``benchmarks/fuzz_import.py`` (as many as asked for). A mutant is a few consecutive hands of a real
corpus file or a sample file (or one PHH hand, or an XML session) with one to three faults planted at the
text or byte level: lines deleted, duplicated, swapped or moved, bytes flipped, digits and cards changed,
numbers made huge, dates made impossible, the file cut short, a hand repeated; in XML, attribute values
damaged and tags renamed or dropped.

The oracle (:func:`check_batch`) imports a batch of mutants into a fresh in-memory database and checks
what a user relies on, whatever the file contains:

- no exception escapes the import (parser, engine, rows, store), and no file fails as a whole;
- no problem is an internal error (rule ``engine``, or a "please report it" failure), and no hand's
  error is a reader's unforeseen exception (:data:`~studbook.parsers.errors.READER_FAILED`);
- every hand of a file is accounted for: stored, a duplicate, a non-stud hand, a conflict or a
  reported problem whose line lies in that file — hands found by splitting the file the way the
  parser does (blank lines and the site's header line), so a hand cannot vanish unreported;
- the hands stored for a file are those its ``imports`` row and the summary count;
- every hand read is stored with findings (a rule broken, a line no rule knows) or refused with its line,
  or else its money is that of the seed hand of its id (:func:`chip_verdicts`: each player's net, the
  printed total, the rake): a mutant read clean whose money differs from its seed's is a miss. Why no
  more can be asserted: a fault may leave the text a hand as honest as the seed (a chat line doubled, a
  hand number, a date or a stack changed, a returned bet printed as collected), and a hand whose id the
  mutant changed has no seed to be compared with (counted apart). And where the site prints no rake, the
  engine takes what nobody collected for the rake, so a collection lost or a wager changed moves chips
  between a player and that rake without a line to contradict it: such hands are counted apart too
  (``clean, no printed rake``), never as caught.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Sequence

from studbook.engine.model import Hand
from studbook.engine.replay import replay
from studbook.pipeline.importer import TOURNAMENT_RULES, run_import
from studbook.analytics.store import open_store
from studbook.parsers import parse_file
from studbook.parsers.errors import READER_FAILED
from studbook.parsers.registry import SITES_BY_ID, profile_for, Site
from studbook.parsers.reading import HandText, read_lines, split_hands

STARS_HEADER = SITES_BY_ID["pokerstars"].starts_hand

RANKS = "23456789TJQKA"
SUITS = "cdhs"
HUGE = (
    "100000000000000000000",
    "92233720368547758.08",
    "9223372036854775807",
    "99999999999999",
    "1" + "0" * 40,
    "2147483648",
    "4294967296",
)
"""Numbers that overflow int64 hundredths, int64 itself, int32, or are merely absurd."""

_DIGIT = re.compile(r"\d")
_NUMBER = re.compile(r"\d[\d,]*(?:\.\d+)?")
_CARD = re.compile(r"\b[2-9TJQKA][cdhs]\b")
_DATE = re.compile(r"\d{4}[/-]\d{1,2}[/-]\d{1,2}")
_ATTRIBUTE = re.compile(r'="[^"]*"')
_TAG = re.compile(r"</?[A-Za-z]+")
BAD_VALUES = ('=""', '="x"', '="-1"', '="$1e9"', '="99999999999999999999"', '="7"', '="2026-02-30 25:61:00"', "=")
"""What a damaged XML attribute becomes: empty, a word, a negative, an exponent, an overflow, a bare
number, an impossible time, or no value at all (the document no longer parses)."""
TEXT_OPERATORS = (
    "delete",
    "duplicate",
    "swap",
    "move",
    "digit",
    "card",
    "huge",
    "date",
    "repeat",
    "blank",
    "truncate",
    "flip",
)
XML_OPERATORS = (*TEXT_OPERATORS, "attribute", "attribute", "tag")


@dataclass(frozen=True, slots=True)
class Seed:
    """A text to mutate: a few consecutive hands of one file (``suffix`` says how it is read)."""

    origin: str
    text: str
    suffix: str = ".txt"
    site: str = "pokerstars"
    """The site whose file it is (``phh`` for a PHH hand): a mutant file holds seeds of one site."""

    @property
    def xml(self) -> bool:
        return self.site in SITES_BY_ID and SITES_BY_ID[self.site].in_session


def hand_blocks(path: Path) -> list[str]:
    """The hands of a PokerStars text file as texts (the parser's own split)."""
    return ["\n".join(b.lines) for b in split_hands(read_lines(path), STARS_HEADER)]


def seeds(paths: Sequence[Path], rng: random.Random, per_file: int = 6, most_hands: int = 4) -> list[Seed]:
    """``per_file`` seeds from each path: a run of 1..``most_hands`` consecutive hands of a text file,
    or a PHH file whole."""
    found: list[Seed] = []
    for path in paths:
        if path.suffix == ".phh":
            found.append(Seed(path.name, path.read_text(encoding="utf-8"), ".phh", "phh"))
            continue
        blocks = hand_blocks(path)
        if not blocks:
            continue
        for _ in range(per_file):
            n = rng.randint(1, min(most_hands, len(blocks)))
            start = rng.randrange(len(blocks) - n + 1)
            found.append(Seed(f"{path.name}#{start}", "\n\n".join(blocks[start : start + n]) + "\n"))
    return found


def site_seeds(site: Site, paths: Sequence[Path], rng: random.Random, per_file: int = 6) -> list[Seed]:
    """Seeds of one site's real files: runs of 1..4 consecutive hands split on its own hand header, or,
    for a site whose hands are elements of one session document (XML), the document with its first few
    hands (the whole of a large one would make each mutant slow to import)."""
    found: list[Seed] = []
    for path in paths:
        lines = list(read_lines(path))
        if site.in_session:
            found.append(Seed(path.name, _session_head(lines), path.suffix, site.site))
            continue
        blocks = ["\n".join(b.lines) for b in split_hands(lines, site.starts_hand)]
        for _ in range(per_file if blocks else 0):
            n = rng.randint(1, min(4, len(blocks)))
            start = rng.randrange(len(blocks) - n + 1)
            found.append(Seed(f"{path.name}#{start}", "\n\n".join(blocks[start : start + n]) + "\n", ".txt", site.site))
    return found


def _session_head(lines: list[str], games: int = 4) -> str:
    """An XML session up to the end of its ``games``-th hand, closed by the document's last line."""
    ends = [i for i, line in enumerate(lines) if "</game>" in line]
    if len(ends) <= games:
        return "\n".join(lines) + "\n"
    last = next((line for line in reversed(lines) if line.strip()), "")
    return "\n".join(lines[: ends[games - 1] + 1] + [last]) + "\n"


# ------------------------------------------------------------------------------------- mutations


def _lines_op(kind: str, lines: list[str], rng: random.Random) -> list[str]:
    if not lines:
        return lines
    i = rng.randrange(len(lines))
    if kind == "delete":
        return lines[:i] + lines[i + 1 :]
    if kind == "duplicate":
        return lines[: i + 1] + lines[i:]
    j = rng.randrange(len(lines))
    if kind == "swap":
        lines = list(lines)
        lines[i], lines[j] = lines[j], lines[i]
        return lines
    moved = lines[:i] + lines[i + 1 :]  # move
    moved.insert(j, lines[i])
    return moved


def _sub_one(pattern: re.Pattern[str], text: str, rng: random.Random, new: str) -> str:
    spots = list(pattern.finditer(text))
    if not spots:
        return text
    m = rng.choice(spots)
    return text[: m.start()] + new + text[m.end() :]


def mutate_text(text: str, rng: random.Random, xml: bool = False) -> tuple[str, str]:
    """One fault planted in ``text`` (an XML document's faults too, given ``xml``): (the operator's
    name, the new text)."""
    kind = rng.choice(XML_OPERATORS if xml else TEXT_OPERATORS)
    if kind == "attribute":
        return kind, _sub_one(_ATTRIBUTE, text, rng, rng.choice(BAD_VALUES))
    if kind == "tag":
        return kind, _sub_one(_TAG, text, rng, rng.choice(("<game", "</game", "<x", "</round", "<", "")))
    if kind in ("delete", "duplicate", "swap", "move"):
        return kind, "\n".join(_lines_op(kind, text.split("\n"), rng))
    if kind == "digit":
        return kind, _sub_one(_DIGIT, text, rng, rng.choice("0123456789"))
    if kind == "card":
        return kind, _sub_one(_CARD, text, rng, rng.choice(RANKS) + rng.choice(SUITS))
    if kind == "huge":
        return kind, _sub_one(_NUMBER, text, rng, rng.choice(HUGE))
    if kind == "date":
        return kind, _sub_one(_DATE, text, rng, rng.choice(("2026/02/30", "2026/13/01", "0000/00/00", "2026/04/31")))
    if kind == "repeat":  # a hand printed twice (or a different hand under an id already used)
        blocks = text.split("\n\n")
        return kind, "\n\n".join(blocks + [rng.choice(blocks)])
    if kind == "blank":  # a hand cut in two by a blank line
        lines = text.split("\n")
        i = rng.randrange(len(lines) + 1)
        return kind, "\n".join(lines[:i] + [""] + lines[i:])
    if kind == "truncate":
        return kind, text[: rng.randrange(len(text) + 1)]
    return kind, text  # "flip" works on bytes: see mutate


def mutate(seed: Seed, rng: random.Random) -> tuple[tuple[str, ...], bytes]:
    """``seed`` with 1-3 faults: (the operators applied, the file's bytes)."""
    text, kinds = seed.text, list[str]()
    flips = 0
    for _ in range(rng.choice((1, 1, 2, 3))):
        kind, text = mutate_text(text, rng, seed.xml)
        kinds.append(kind)
        flips += kind == "flip"
    data = bytearray(text.encode("utf-8"))
    for _ in range(flips):
        if data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return tuple(kinds), bytes(data)


# ------------------------------------------------------------------------------------- the oracle


@dataclass(slots=True)
class Tally:
    """What the mutants came to: how many, how their hands ended, and every broken promise."""

    mutants: int = 0
    hands: Counter[str] = field(default_factory=Counter)
    operators: Counter[str] = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)
    verdicts: Counter[str] = field(default_factory=Counter)
    """Each hand read, by :func:`chip_verdicts`: ``findings`` (a rule broken), ``kept, lines no rule
    knows``, ``refused``, ``clean, chips as the seed's``, ``clean, id of no seed``, ``clean, no printed
    rake`` or ``miss`` (each miss is a failure too)."""

    def add(self, other: Tally) -> None:
        self.mutants += other.mutants
        self.hands.update(other.hands)
        self.operators.update(other.operators)
        self.failures.extend(other.failures)
        self.verdicts.update(other.verdicts)


RAKE_DERIVED = frozenset({"ipoker", "merge"})
"""The sites whose hands carry a rake the text does not print: their XML readers (parsers/xmlhand.py)
take it as what was put in less what was paid out."""


def unprinted_rake(hand: Hand) -> bool:
    """Whether the hand's rake is no printed fact (a cash hand of a site printing none, or deriving it)."""
    return hand.tournament is None and (hand.rake is None or hand.site in RAKE_DERIVED)


Chips = tuple[frozenset[tuple[str, int]], frozenset[tuple[int, int]], int | None, int]
"""A hand's money: each player's net by name and by seat, the printed total pot and the rake."""


def chips_of(hand: Hand) -> Chips:
    result = replay(hand, profile_for(hand))
    names = {s.seat: s.player for s in hand.seats}
    net = {seat: result.collected.get(seat, 0) - result.invested.get(seat, 0) for seat in result.invested}
    by_name = frozenset((names.get(seat, str(seat)), amount) for seat, amount in net.items() if amount)
    by_seat = frozenset((seat, amount) for seat, amount in net.items() if amount)
    return by_name, by_seat, hand.total_pot, result.rake


def same_money(mutant: Chips, seed: Chips) -> bool:
    """The same total and rake, and the same nets by name or by seat: a fault that renames a player
    everywhere (a PHH player list) or moves him to another seat number moves no chips."""
    return mutant[2:] == seed[2:] and (mutant[0] == seed[0] or mutant[1] == seed[1])


def seed_chips(pool: Sequence[Seed], workdir: Path) -> dict[tuple[str, str], set[Chips]]:
    """The chips of every hand the seeds read as, by (site, hand id): what a mutant hand read clean
    must still show. A set, since a corpus may hold one id with two contents."""
    found: dict[tuple[str, str], set[Chips]] = {}
    workdir.mkdir(parents=True, exist_ok=True)
    for number, seed in enumerate(pool):
        path = workdir / f"seed{number}{seed.suffix}"
        path.write_text(seed.text, encoding="utf-8")
        for item in parse_file(path):
            if isinstance(item, Hand):
                found.setdefault((item.site, item.site_hand_id), set()).add(chips_of(item))
        path.unlink()
    return found


def chip_verdicts(path: Path, seeds: dict[tuple[str, str], set[Chips]], tally: Tally, kinds: tuple[str, ...]) -> None:
    """Each hand of the mutant file ``path`` judged (see :class:`Tally`.verdicts); a miss is a failure."""
    for item in parse_file(path):
        if not isinstance(item, Hand):
            tally.verdicts["refused" if hasattr(item, "message") else "not stud"] += 1
            continue
        if replay(item, profile_for(item)).violations:
            tally.verdicts["findings"] += 1
            continue
        if item.unknown_lines:
            tally.verdicts["kept, lines no rule knows"] += 1
            continue
        known = seeds.get((item.site, item.site_hand_id))
        if known is None:
            tally.verdicts["clean, id of no seed"] += 1
        elif any(same_money(chips_of(item), seed) for seed in known):
            tally.verdicts["clean, chips as the seed's"] += 1
        elif unprinted_rake(item) and chips_of(item)[3] not in {k[3] for k in known}:
            tally.verdicts["clean, no printed rake"] += 1
        else:
            tally.verdicts["miss"] += 1
            tally.failures.append(
                f"{path} ({kinds}): hand {item.site_hand_id} read clean, its chips {chips_of(item)} not the "
                f"seed's {known}"
            )


def expected_hands(path: Path, site: str = "pokerstars") -> int | None:
    """How many hands the file holds, split the way the parser splits it (a PHH file is one hand);
    None for an XML session, whose hands a damaged document cannot be counted in (its other promises
    are checked all the same). A site with a file reader of its own splits its files its own way: its
    hands are the results it reads, so the import must account for each of those."""
    if path.suffix == ".phh":
        return 1
    found = SITES_BY_ID[site]
    if found.in_session:
        return None
    if found.read is not None:  # its own splitting (announce lines, blank lines inside hands): one result a hand
        return sum(1 for _ in parse_file(path))
    return sum(1 for _ in split_hands(read_lines(path), found.starts_hand))


def check_batch(
    files: Sequence[tuple[Path, tuple[str, ...]]],
    sites: Sequence[str] = (),
    seeds: dict[tuple[str, str], set[Chips]] | None = None,
) -> Tally:
    """Import ``files`` (paths and the operators that made them; ``sites``, each one's site, PokerStars
    where not given) into a fresh in-memory database and check the oracle of the module docstring for
    each; given the ``seeds``' chips (:func:`seed_chips`), each hand's :func:`chip_verdicts` too."""
    tally = Tally(mutants=len(files))
    if seeds is not None:
        for path, kinds in files:
            chip_verdicts(path, seeds, tally, kinds)
    for _, kinds in files:
        tally.operators.update(kinds)
    with open_store(":memory:") as store:
        try:
            summary = run_import([p for p, _ in files], store, workers=1)
        except Exception as exc:  # the oracle's first promise
            tally.failures.append(f"import raised {exc!r} on {[str(p) for p, _ in files]}")
            return tally
        problems_of: Counter[str] = Counter()
        for problem in summary.reports:
            if problem.rule == "engine" or "please report" in problem.message:
                tally.failures.append(f"internal error reported: {problem}")
            if READER_FAILED in problem.message:
                tally.failures.append(f"a reader's unforeseen exception: {problem}")
            if problem.line is None:
                tally.failures.append(f"problem without a line: {problem}")
            if problem.rule in TOURNAMENT_RULES:  # a tournament's result, not a hand: its hand is counted already
                continue
            problems_of[problem.file] += 1
            tally.hands[f"reported:{problem.rule}"] += 1
        rows = store.con.execute("SELECT file, hands, duplicates, not_stud FROM imports").fetchall()
        recorded = {file: (hands, dups, not_stud) for file, hands, dups, not_stud in rows}
        stored_per_file = dict(
            store.con.execute("SELECT source_file, count(*) FROM hands GROUP BY source_file").fetchall()
        )
        total_stored = sum(stored_per_file.values())
        if total_stored != summary.hands:
            tally.failures.append(f"{total_stored} hands stored, the summary says {summary.hands}")
        if summary.files_failed:
            tally.failures.append(f"whole files failed: {summary.problems}")
        seen: set[bytes] = set()
        for (path, kinds), site in zip(files, [*sites, *["pokerstars"] * (len(files) - len(sites))]):
            key = str(path.resolve())
            content = path.read_bytes()
            if content in seen:  # the same bytes as an earlier mutant: skipped by checksum, rightly
                continue
            seen.add(content)
            expected = expected_hands(path, site)
            hands, dups, not_stud = recorded.get(key, (0, 0, 0))
            tally.hands["stored"] += hands
            tally.hands["duplicate"] += dups
            tally.hands["not stud"] += not_stud
            if expected is None:
                continue
            if key not in recorded and expected:
                tally.failures.append(f"{path} ({kinds}): no imports row for a file of {expected} hands")
            stored = stored_per_file.get(key, 0)
            if stored != hands:
                tally.failures.append(f"{path} ({kinds}): {stored} hands stored, its imports row says {hands}")
            accounted = hands + dups + not_stud + problems_of[key]
            if accounted != expected:
                tally.failures.append(
                    f"{path} ({kinds}): {expected} hands in the file, {hands} stored + {dups} duplicates + "
                    f"{not_stud} not stud + {problems_of[key]} reported = {accounted}"
                )
    return tally


def mutant_file(pool: Sequence[Seed], rng: random.Random, most: int = 15) -> tuple[int, tuple[str, ...], str, bytes]:
    """One file of mutants: 1..``most`` seeds of one site, each mutated on its own, put one after the
    other, and sometimes a fault in the whole file on top (a cut, a flipped byte, a hand repeated).
    Returns (mutants in it, the operators applied, the file suffix, its bytes). A PHH file holds one
    hand and an XML file one session, so one mutant."""
    first = rng.choice(pool)
    if first.suffix == ".phh" or first.xml:
        kinds, data = mutate(first, rng)
        return 1, kinds, first.suffix, data
    texts = [s for s in pool if s.suffix == first.suffix and s.site == first.site]
    parts: list[bytes] = []
    kinds: list[str] = []
    count = rng.randint(1, most)
    for source in [first] + [rng.choice(texts) for _ in range(count - 1)]:
        applied, data = mutate(source, rng)
        parts.append(data)
        kinds.extend(applied)
    data = b"\n\n".join(parts)
    if rng.random() < 0.3:
        applied, data = mutate(Seed("file", data.decode("utf-8", "replace")), rng)
        kinds.extend(f"file:{k}" for k in applied)
    return count, tuple(kinds), first.suffix, data


def run_mutants(
    sources: Sequence[Path],
    count: int,
    seed: int,
    workdir: Path,
    batch: int = 40,
    site: Site | None = None,
) -> Iterator[Tally]:
    """At least ``count`` mutants of hands from ``sources`` (PokerStars text and PHH files, or the files
    of ``site``; seeded: the same arguments make the same files), written under ``workdir`` as files of
    several mutants and checked ``batch`` files at a time; one :class:`Tally` per batch."""
    rng = random.Random(seed)
    workdir = workdir.resolve()
    pool = seeds(sources, rng) if site is None else site_seeds(site, sources, rng)
    site_of = "pokerstars" if site is None else site.site
    chips = seed_chips(pool, workdir / "seeds")
    made = number = 0
    while made < count:
        folder = workdir / f"batch{number}"
        folder.mkdir(parents=True, exist_ok=True)
        files: list[tuple[Path, tuple[str, ...]]] = []
        mutants = 0
        while len(files) < batch and made + mutants < count:
            n, kinds, suffix, data = mutant_file(pool, rng)
            path = folder / f"m{number}-{len(files)}{suffix}"
            path.write_bytes(data)
            files.append((path, kinds))
            mutants += n
        tally = check_batch(files, [site_of] * len(files), chips)
        tally.mutants = mutants
        yield tally
        for path, _ in files:
            path.unlink()
        made += mutants
        number += 1


def default_sources(sample_data: Path, corpus: Path | None) -> list[Path]:
    """The sample files and, when the corpus is present, its PokerStars stud files and PHH hands."""
    found = sorted(sample_data.glob("*.txt")) + sorted((sample_data / "edge-cases").glob("*.txt"))
    if corpus is not None and corpus.exists():
        found += sorted((corpus / "fpdb" / "Stars").glob("*.txt"))
        found += sorted((corpus / "phh").glob("*.phh"))
    return found


__all__ = [
    "HandText",
    "Seed",
    "Tally",
    "check_batch",
    "default_sources",
    "mutate",
    "run_mutants",
    "seeds",
    "site_seeds",
]
