"""``studbook audit``: check hand histories against the rules without storing anything.

Files are parsed and replayed in worker processes exactly as ``studbook import`` does (same parser,
same engine, same profile choice), so an audit says what an import would record. Each problem becomes a
:class:`Finding`; the text report groups them per file and hand, the json report prints one object per
line.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import textwrap
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, TextIO

from .app import Command, add_paths_argument, add_profile_option, add_workers_option, hand_files, plural

if TYPE_CHECKING:
    from ..engine.profiles import RuleProfile


@dataclass(frozen=True, slots=True)
class Finding:
    """One rule broken by one hand (or one hand that could not be read: rule ``parse``), with where to
    look. The fields are the keys of the json report, in order."""

    file: str
    line: int | None
    site: str | None
    hand_id: str | None
    rule: str
    street: int | None
    seat: int | None
    player: str | None
    message: str


@dataclass(frozen=True, slots=True)
class AuditTask:
    """One file for a worker to audit and the profile to judge it by (``None``: each hand's site's)."""

    path: Path
    profile: str | None


@dataclass(frozen=True, slots=True)
class UnknownLine:
    """A line of a kept hand that no rule of its site's grammar knows: its kind (names, amounts and
    cards as placeholders: :func:`~studbook.parsers.unknown_lines.line_kind`), the site and where it is."""

    kind: str
    site: str
    file: str
    line: int
    text: str


@dataclass(frozen=True, slots=True)
class FileAudit:
    """A worker's audit of one file: hands read, non-stud hands skipped, findings, the lines no rule
    knows of the hands kept with them, or why it failed."""

    path: Path
    hands: int = 0
    not_stud: int = 0
    findings: tuple[Finding, ...] = ()
    failure: str | None = None
    unknown: tuple[UnknownLine, ...] = ()


def audit_file(task: AuditTask) -> FileAudit:
    """Parse and replay one file and collect every violation and parse error (runs in a worker)."""
    from ..parsers.errors import NotStudHand
    from ..parsers.unknown_lines import RULE, line_kind
    from ..pipeline.importer import Problem, file_failure, replayed_hands
    from ..analytics.rows import hand_id

    hands = not_stud = 0
    findings: list[Finding] = []
    unknown: list[UnknownLine] = []
    try:
        for item in replayed_hands(task.path, task.profile):
            if isinstance(item, NotStudHand):
                not_stud += 1
            elif isinstance(item, Problem):
                findings.append(Finding(item.file, item.line, None, None, item.rule, None, None, None, item.message))
            else:
                hand, result = item
                hands += 1
                names = {s.seat: s.player for s in hand.seats}
                findings.extend(
                    Finding(
                        hand.source_file or str(task.path),
                        v.line if v.line is not None else hand.source_line,
                        hand.site,
                        hand_id(hand),
                        v.rule,
                        v.street,
                        v.seat,
                        v.player if v.player is not None or v.seat is None else names.get(v.seat),
                        v.message,
                    )
                    for v in result.violations
                )
                file = hand.source_file or str(task.path)
                for u in hand.unknown_lines:
                    unknown.append(UnknownLine(line_kind(u.text, names.values()), hand.site, file, u.line, u.text))
                    findings.append(
                        Finding(
                            file,
                            u.line,
                            hand.site,
                            hand_id(hand),
                            RULE,
                            None,
                            None,
                            None,
                            f"a line studbook does not know, left out (the hand's chips add up without it): {u.text!r}",
                        )
                    )
    except Exception as exc:  # one unreadable file must not hide the report on the others
        return FileAudit(task.path, failure=str(file_failure(task.path, exc)))
    return FileAudit(task.path, hands, not_stud, tuple(findings), None, tuple(unknown))


EXPECTED_SHOWN = 4
"""How many of the line kinds a parse error lists as 'expected' the text report prints before '...';
the json report keeps them all."""


def message_lines(message: str, keep: int = EXPECTED_SHOWN) -> list[str]:
    """``message`` as lines to read: a parse error's what / got / expected each on its own line, a long
    'expected: one of A, B, C ...' list cut to its first ``keep`` items and a count of the rest (the
    line kinds that could have come there are rarely read past the first few)."""
    from ..parsers.errors import split_detail

    parts = split_detail(message)
    if parts is None:
        return [message]
    what, got, expected = parts
    items = _top_level_items(expected.removeprefix("one of "))
    if expected.startswith("one of ") and len(items) > keep + 1:
        expected = f"one of {', '.join(items[:keep])} ... and {len(items) - keep} more"
    return [what, f"got: '{got}'", f"expected: {expected}"]


def _top_level_items(text: str) -> list[str]:
    """``text`` cut at the commas that separate its items, not those inside a quoted example or a
    parenthesised list of them (``a betting line ('NAME: bets AMOUNT', 'NAME: checks')`` is one item)."""
    items, depth, quoted, start = [], 0, False, 0
    for i, ch in enumerate(text):
        if ch == "'":  # an apostrophe inside a word (doesn't) neither opens nor closes a quote
            before = text[i - 1].isalnum() if i else False
            after = text[i + 1].isalnum() if i + 1 < len(text) else False
            if quoted and not after or not quoted and not before:
                quoted = not quoted
        elif not quoted and ch in "([":
            depth += 1
        elif not quoted and ch in ")]":
            depth -= 1
        elif not quoted and depth == 0 and text.startswith(", ", i):
            items.append(text[start:i])
            start = i + 2
    return [*items, text[start:]]


def finding_lines(f: Finding, width: int) -> list[str]:
    """One finding for a reader: what rule, on which street, by whom, at which file:line; then the
    message, wrapped to ``width`` under it."""
    from ..engine.model import STREET_NAMES

    where = [
        f"{STREET_NAMES.get(f.street, f.street)} street" if f.street is not None else "",
        f"seat {f.seat} ({f.player})" if f.seat is not None else (f.player or ""),
    ]
    title = ", ".join([f.rule, *filter(None, where)])
    at = f"{f.file}:{f.line}" if f.line is not None else f.file
    wrapped = [
        part
        for line in message_lines(f.message)
        for part in textwrap.wrap(
            line,
            width=max(width, 46),
            initial_indent="      ",
            subsequent_indent="        ",
            break_on_hyphens=False,
            break_long_words=False,
        )
    ]
    return [f"    {title}  at {at}", *wrapped]


def rule_meaning(rule: str) -> str:
    """What a rule id means, in words (``parse``, ``conflict``, ``engine``: see :data:`REPORT_IDS`)."""
    from ..engine.validate import RULES

    return RULES.get(rule, REPORT_IDS.get(rule, ""))


PARSE_MEANING = "The hand could not be read: a line the site's format does not allow there."

REPORT_IDS = {
    "parse": PARSE_MEANING,
    "line.unknown": "A line of a kind studbook does not know, left out of a hand kept because its chips and "
    "turns add up without it: not a rule broken ('--unknown-lines' lists every kind, to send in).",
    "conflict": "(import) A hand whose id is already stored for a hand with other players, stakes or actions: "
    "left out, with the places of both.",
    "engine": "studbook itself failed on this hand (a bug: please report it with the hand); the hand is "
    "left out and the rest is read.",
}
"""The ids of what is reported about a hand besides the rules it breaks."""


def write_text(audits: Iterable[FileAudit], out: TextIO, width: int = 100) -> bool:
    """The readable report, written as each file's audit arrives: per file, per hand, each finding with
    its rule, street, seat and player, file:line and message (wrapped to ``width``); then the totals
    and a count per rule with what the rule means. Returns whether anything was found."""
    from ..parsers.unknown_lines import RULE

    per_rule: Counter[str] = Counter()
    hands = files = not_stud = flagged = unreadable = kept = 0
    for audit in audits:
        files += 1
        hands += audit.hands
        not_stud += audit.not_stud
        if audit.failure:
            per_rule["parse"] += 1
            unreadable += 1
            print(f"{audit.path}\n  the file could not be read\n    {audit.failure}", file=out)
            continue
        if audit.findings:
            print(f"{audit.path}", file=out)
        current: str | None = None
        for f in audit.findings:
            per_rule[f.rule] += 1
            group = f"hand {f.hand_id}" if f.hand_id else f"a hand that could not be read (line {f.line})"
            if group != current:
                unreadable += f.hand_id is None
                print(f"  {group}", file=out)
                current = group
            print("\n".join(finding_lines(f, width)), file=out)
        in_hands = {(f.hand_id, f.rule == RULE) for f in audit.findings if f.hand_id is not None}
        flagged += sum(1 for _, unknown in in_hands if not unknown)
        kept += sum(1 for hand, unknown in in_hands if unknown and (hand, False) not in in_hands)
    print(
        f"\n{plural(hands, 'hand')} audited in {plural(files, 'file')}: {flagged:,} "
        f"{'breaks' if flagged == 1 else 'break'} a rule, {unreadable:,} could not be read"
        + (f", {kept:,} kept with lines studbook does not know" if kept else ""),
        file=out,
    )
    if not_stud:
        print(plural(not_stud, "hold'em, omaha or draw hand") + " skipped", file=out)
    if per_rule:
        print("\nfindings per rule:", file=out)
    for rule, count in sorted(per_rule.items(), key=lambda kv: (-kv[1], kv[0])):
        meaning = textwrap.shorten(rule_meaning(rule), width=max(width - 30, 30), placeholder=" ...")
        print(f"  {rule:<18} {count:>6,}  {meaning}", file=out)
    if per_rule:
        print("('studbook audit --rules' explains every rule; '--format json' gives every detail)", file=out)
    return any(rule != RULE for rule in per_rule)


def write_json(audits: Iterable[FileAudit], out: TextIO) -> bool:
    """One json object per line per finding (keys: the fields of :class:`Finding`), written as each
    file's audit arrives; an unreadable file is a ``parse`` finding without a line. Returns whether
    anything was found."""
    import json

    from ..parsers.unknown_lines import RULE

    found = False
    for audit in audits:
        findings = audit.findings
        if audit.failure:
            findings = (Finding(str(audit.path), None, None, None, "parse", None, None, None, audit.failure),)
        for f in findings:
            found = found or f.rule != RULE
            out.write(json.dumps(asdict(f), ensure_ascii=False) + "\n")
    return found


@dataclass(frozen=True, slots=True)
class LineKind:
    """One kind of line no rule knows, as ``--unknown-lines`` lists it: the site, the kind, how many
    lines of it were found and the first of them (where, and the line as printed)."""

    site: str
    kind: str
    count: int
    file: str
    line: int
    text: str


def line_kinds(audits: Iterable[FileAudit]) -> tuple[list[LineKind], int]:
    """Every kind of line no rule knows in the kept hands of ``audits``, the most frequent first (then
    by site and kind), each with its first line; and how many files were read."""
    counts: Counter[tuple[str, str]] = Counter()
    first: dict[tuple[str, str], UnknownLine] = {}
    files = 0
    for audit in audits:
        files += 1
        for u in audit.unknown:
            counts[u.site, u.kind] += 1
            first.setdefault((u.site, u.kind), u)
    kinds = [
        LineKind(site, kind, n, first[site, kind].file, first[site, kind].line, first[site, kind].text)
        for (site, kind), n in counts.items()
    ]
    return sorted(kinds, key=lambda k: (-k.count, k.site, k.kind)), files


def write_line_kinds(audits: Iterable[FileAudit], out: TextIO, json_lines: bool = False) -> None:
    """``--unknown-lines``: every kind of line no rule knows, with its count and one example, as text
    to read (and send in) or as one json object per kind (the fields of :class:`LineKind`)."""
    import json

    kinds, files = line_kinds(audits)
    if json_lines:
        for k in kinds:
            out.write(json.dumps(asdict(k), ensure_ascii=False) + "\n")
        return
    total = sum(k.count for k in kinds)
    if not kinds:
        print(f"no line of a kind studbook does not know in the hands kept of {plural(files, 'file')}", file=out)
        return
    print(
        f"{plural(total, 'line')} of {plural(len(kinds), 'kind')} studbook does not know, in the hands kept of "
        f"{plural(files, 'file')} (names, amounts and cards shown as NAME, N and CARD):",
        file=out,
    )
    width = len(f"{kinds[0].count:,}")
    for k in kinds:
        print(f"  {k.count:>{width},}  {k.site}: {k.kind}", file=out)
        print(f"  {'':>{width}}  for example {k.file}:{k.line}: {k.text}", file=out)
    print(
        "\nEach kind is a line some site printed that studbook does not read yet: please send the lines "
        "above (or '--format json') to the project, with the site and client version.",
        file=out,
    )


def rules_text(width: int = 100) -> str:
    """What ``--rules`` prints: every rule id with what it means, then the rule profiles and how they
    differ, so a reader of a report can look up a rule and choose a profile."""
    from ..engine.profiles import DEFAULT_PROFILE
    from ..engine.validate import RULES
    from ..parsers.registry import profiles, readable_sites

    lines = ["Rules a hand can break (the ids in the reports and the violations table):"]
    for rule, meaning in [*RULES.items(), *REPORT_IDS.items()]:
        lines += textwrap.wrap(
            meaning, width=max(width, 60), initial_indent=f"  {rule:<18} ", subsequent_indent=" " * 21
        )
    lines += ["", "Rule profiles (--profile NAME), the house rules a hand is judged by:"]
    for name, profile in profiles().items():
        lines += textwrap.wrap(
            profile_words(profile), width=max(width, 60), initial_indent=f"  {name:<18} ", subsequent_indent=" " * 21
        )
    sites = ", ".join(
        f"{site.name} hands by the {site.profile.name} profile"
        for site in readable_sites()
        if site.profile is not DEFAULT_PROFILE
    )
    lines += ["", f"Without --profile, {sites}; hands of other sites by {DEFAULT_PROFILE.name}."]
    return "\n".join(lines)


def profile_words(profile: RuleProfile) -> str:
    """A profile's switches in a player's words."""
    from ..engine.model import Half
    from ..engine.profiles import HeadsUp, OddChip, RakeFrom

    double = " and ".join(sorted(profile.double_bet_games))
    heads_up = {
        HeadsUp.NEVER: "the cap holds even heads-up",
        HeadsUp.BECOMES: "no cap once two players are left",
        HeadsUp.BEGINS: "no cap on a street that begins heads-up",
    }[profile.heads_up]
    ties = " and ".join(sorted(profile.suit_tie_games))
    odd = {
        OddChip.FIRST_SEAT: "the first tied seat clockwise from seat 1",
        OddChip.HIGH_CARD_ALL: "the tied player with the highest card by suit (all his cards)",
        OddChip.HIGH_CARD_FIVE: "the tied player with the highest card by suit (his five cards)",
    }[profile.odd_chip]
    rake = {RakeFrom.PROPORTIONAL: "from every pot in proportion", RakeFrom.MAIN_POT: "from the main pot"}
    return (
        f"bet + {profile.max_raises} raises ({heads_up}); "
        + (
            f"big bet allowed on 4th over an open pair in {double}; "
            if double
            else "no big bet on 4th over an open pair; "
        )
        + f"equal boards act {'by suit in ' + ties + ', else ' if ties else ''}by position; "
        f"odd chip of a split to {odd}; "
        + ("the odd chip of a hi/lo pot to the low half; " if profile.hilo_odd_chip is Half.LOW else "")
        + f"rake taken {rake[profile.rake_from]}; total pot printed "
        f"{'before' if profile.total_includes_rake else 'after'} rake"
        + ("; pots listed before rake." if profile.pots_include_rake else ".")
    )


class PrintRules(argparse.Action):
    """``--rules``: print :func:`rules_text` and stop, before the paths are asked for (like --help)."""

    def __init__(self, option_strings: list[str], dest: str, **kwargs: object) -> None:
        super().__init__(
            option_strings,
            dest,
            nargs=0,
            default=argparse.SUPPRESS,
            help="list every rule id with what it means, and the rule profiles, then stop",
        )

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        print(rules_text(shutil.get_terminal_size((100, 24)).columns))
        parser.exit()


def add_arguments(parser: argparse.ArgumentParser) -> None:
    add_paths_argument(parser)
    add_profile_option(parser)
    parser.add_argument(
        "--format",
        choices=("text", "json"),
        default="text",
        help="text: a report to read, grouped by file and hand; json: one line per problem, for scripts",
    )
    add_workers_option(parser)
    parser.add_argument(
        "--unknown-lines",
        action="store_true",
        help="instead of the findings, list every kind of line studbook does not know in the hands it kept "
        "(names, amounts and cards as placeholders), with how many and one example each, to send in",
    )
    parser.add_argument("--rules", action=PrintRules)
    parser.epilog = (
        "examples:\n"
        "  studbook audit ~/HandHistories                        every file in the folder and below\n"
        "  studbook audit sample_data/stud-1-2-8max.txt --profile wsop-tournament   judged by WSOP tournament rules\n"
        "  studbook audit sample_data/ --format json > found.jsonl                 one json object per finding\n"
        "  studbook audit ~/HandHistories --unknown-lines        every kind of line studbook does not know\n"
        "  studbook audit --rules                                what each rule id means"
    )


def run(args: argparse.Namespace) -> int:
    from ..pipeline.importer import default_workers, map_files

    given = hand_files(args.paths)
    if isinstance(given, int):
        return given
    tasks = [AuditTask(path, args.profile) for path in given.files]
    audits = map_files(audit_file, tasks, args.workers or default_workers())
    if args.unknown_lines:
        write_line_kinds(audits, sys.stdout, args.format == "json")
        return 1 if given.unreadable or given.empty else 0
    if args.format == "json":
        found = write_json(audits, sys.stdout)
    else:
        found = write_text(audits, sys.stdout, shutil.get_terminal_size((100, 24)).columns)
    return 1 if found or given.unreadable or given.empty else 0


COMMAND = Command(
    name="audit",
    summary="check hand histories against the rules without storing them",
    description=(
        "Replay every stud, stud hi/lo and razz hand in the files given and report each rule the hand\n"
        "breaks: wrong player or amount for the bring-in, bets of the wrong size, too many raises,\n"
        "acting out of turn, calls of the wrong amount, cards dealt twice, and above all pots or half\n"
        "pots paid to the wrong player or for the wrong amount. Hands that cannot be read are reported\n"
        "too (rule 'parse'), with the file and line. Nothing is written to the database.\n\n"
        "Each finding names its rule (e.g. pot.award: a player was paid the wrong amount), the street,\n"
        "the seat and player, and the file:line to look at; the report ends with a count per rule.\n"
        "'studbook audit --rules' lists every rule and the house-rule profiles.\n\n"
        "A line of a kind studbook does not know costs its hand nothing when the hand's chips and turns add\n"
        "up without it: the hand is kept and the line reported (line.unknown), and '--unknown-lines' lists\n"
        "every such kind with a count and an example, to send in. When they do not add up without it, the\n"
        "hand is not read (rule 'parse', at that line).\n\n"
        "Exit status: 1 if any rule is broken or any hand cannot be read, else 0 (lines studbook does not\n"
        "know alone leave it 0)."
    ),
    add_arguments=add_arguments,
    run=run,
)
