"""``studbook audit``: check hand histories against the rules without storing anything.

Files are parsed and replayed in worker processes exactly as ``studbook import`` does (same parser,
same engine, same profile choice), so an audit says what an import would record. Each problem becomes a
:class:`Finding`; the text report groups them per file and hand, the json report prints one object per
line.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Iterable, TextIO

from .cli import Command, add_paths_argument, add_profile_option, add_workers_option, fail


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
    path: Path
    profile: str | None


@dataclass(frozen=True, slots=True)
class FileAudit:
    """A worker's audit of one file: hands read, non-stud hands skipped, findings, or why it failed."""

    path: Path
    hands: int = 0
    not_stud: int = 0
    findings: tuple[Finding, ...] = ()
    failure: str | None = None


def audit_file(task: AuditTask) -> FileAudit:
    """Parse and replay one file and collect every violation and parse error (runs in a worker)."""
    from ..parsers.errors import NotStudHand
    from .importer import Problem, file_failure, replayed_hands
    from .rows import hand_id

    hands = not_stud = 0
    findings: list[Finding] = []
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
    except Exception as exc:  # one unreadable file must not hide the report on the others
        return FileAudit(task.path, failure=file_failure(task.path, exc))
    return FileAudit(task.path, hands, not_stud, tuple(findings))


def street_name(street: int | None) -> str:
    from ..engine.model import STREET_NAMES

    return STREET_NAMES.get(street, str(street)) if street is not None else ""


def write_text(audits: Iterable[FileAudit], out: TextIO) -> bool:
    """The readable report, written as each file's audit arrives: per file, per hand, each finding with
    its rule, street, seat and player, message and file:line; then a count per rule. Returns whether
    anything was found."""
    per_rule: Counter[str] = Counter()
    hands = files = not_stud = flagged = 0
    for audit in audits:
        files += 1
        hands += audit.hands
        not_stud += audit.not_stud
        if audit.failure:
            per_rule["parse"] += 1
            print(audit.failure, file=out)
            continue
        if audit.findings:
            print(f"{audit.path}", file=out)
        current: str | None = None
        for f in audit.findings:
            per_rule[f.rule] += 1
            group = f"hand {f.hand_id}" if f.hand_id else "could not be read"
            if group != current:
                flagged += f.hand_id is not None
                print(f"  {group}", file=out)
                current = group
            who = f"seat {f.seat} ({f.player}): " if f.seat is not None else (f"{f.player}: " if f.player else "")
            print(f"    {f.rule:<18} {street_name(f.street):<4} {who}{f.message}  [{f.file}:{f.line}]", file=out)
    print(f"\n{hands:,} hands audited in {files:,} files; {flagged:,} break a rule", file=out)
    if not_stud:
        print(f"{not_stud:,} hold'em/omaha/draw hands skipped", file=out)
    for rule, count in sorted(per_rule.items(), key=lambda kv: (-kv[1], kv[0])):
        print(f"  {rule:<18} {count:>6,}", file=out)
    return bool(per_rule)


def write_json(audits: Iterable[FileAudit], out: TextIO) -> bool:
    """One json object per line per finding (keys: the fields of :class:`Finding`), written as each
    file's audit arrives; an unreadable file is a ``parse`` finding without a line. Returns whether
    anything was found."""
    found = False
    for audit in audits:
        findings = audit.findings
        if audit.failure:
            findings = (Finding(str(audit.path), None, None, None, "parse", None, None, None, audit.failure),)
        for f in findings:
            found = True
            out.write(json.dumps(asdict(f), ensure_ascii=False) + "\n")
    return found


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


def run(args: argparse.Namespace) -> int:
    from .importer import default_workers, discover, map_files

    files, missing = discover(args.paths)
    for message in missing:
        print(message, file=sys.stderr)
    if not files:
        return fail("no hand-history files found in the paths given")
    tasks = [AuditTask(path, args.profile) for path in files]
    audits = map_files(audit_file, tasks, args.workers or default_workers())
    found = (write_json if args.format == "json" else write_text)(audits, sys.stdout)
    return 1 if found or missing else 0


COMMAND = Command(
    name="audit",
    summary="check hand histories against the rules without storing them",
    description=(
        "Replay every stud, stud hi/lo and razz hand in the files given and report each rule the hand\n"
        "breaks: wrong player or amount for the bring-in, bets of the wrong size, too many raises,\n"
        "acting out of turn, calls of the wrong amount, cards dealt twice, and above all pots or half\n"
        "pots paid to the wrong player or for the wrong amount. Hands that cannot be read are reported\n"
        "too (rule 'parse'), with the file and line. Nothing is written to the database.\n\n"
        "Exit status: 1 if any rule is broken or any hand cannot be read, else 0."
    ),
    add_arguments=add_arguments,
    run=run,
)
