"""Unknown XML elements and attributes are reported, not dropped: an element or attribute inside a
hand that the iPoker or Merge reader does not know is kept with the hand as an unknown line
(:attr:`~studbook.engine.model.Hand.unknown_lines`, counted by the import, ``line.unknown`` in the
audit) when the hand's chips and turns add up without it, and refuses the hand, naming it, when they
do not (an action of a type nobody knows that puts chips in). Planted in real corpus hands."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from conftest import corpus_path, run_cli

from studbook.analytics.store import open_store
from studbook.engine.model import Event, Hand
from studbook.engine.replay import replay
from studbook.parsers import ParseError, parse_text
from studbook.parsers.registry import profile_for
from studbook.pipeline.importer import UnknownLines, run_import

IPOKER = ("fpdb", "iPoker", "7-StudL-USD-0.05-0.10-201009.txt")
MERGE = ("fpdb", "Merge", "7-Stud-USD-0.50-1.00-201102.Sample.txt")

# (file, an element's start tag to add an attribute to, a line to add an element after, a wager to
# give a type nobody knows, that wager renamed)
PLANTS = {
    "ipoker": (
        IPOKER,
        '<game gamecode="2418629537">',
        '<round no="3">',
        '<action no="11" player="Qekz406" type="3" sum="$0.02" cards=""/>',
        '<action no="11" player="Qekz406" type="31" sum="$0.02" cards=""/>',
    ),
    "merge": (
        MERGE,
        '<game id="31423297-107"',
        '<event sequence="9" type="CALL" timestamp="1296868943781" player="6" amount="0.10"/>',
        '<event sequence="9" type="CALL" timestamp="1296868943781" player="6" amount="0.10"/>',
        '<event sequence="9" type="CALL_TOPUP" timestamp="1296868943781" player="6" amount="0.10"/>',
    ),
}
ELEMENT = '<timebank player="x" seconds="12"/>'


def first_hand(site: str, text: str) -> Hand | ParseError:
    results = parse_text(text, "planted.txt")
    assert results, site
    return results[0]  # type: ignore[return-value]


def unlined(events: tuple[Event, ...]) -> list[Event]:
    return [dataclasses.replace(e, line=0) for e in events]


def planted(site: str) -> tuple[str, str, int, int]:
    """The corpus file's text, the same with an attribute and an element added to its first hand, and
    the lines they are on."""
    where, tag, after, _, _ = PLANTS[site]
    text = corpus_path(*where).read_text(encoding="utf-8")
    assert tag in text and after in text
    new = text.replace(tag, tag.replace(" ", ' lang="en" ', 1), 1).replace(after, f"{after}\n{ELEMENT}", 1)
    lines = new.splitlines()
    attr_line = next(n for n, line in enumerate(lines, 1) if 'lang="en"' in line)
    element_line = next(n for n, line in enumerate(lines, 1) if ELEMENT in line)
    return text, new, attr_line, element_line


@pytest.mark.parametrize("site", sorted(PLANTS))
def test_an_unknown_element_and_attribute_that_carry_no_chips_are_kept_with_the_hand(site: str) -> None:
    text, new, attr_line, element_line = planted(site)
    clean = first_hand(site, text)
    kept = first_hand(site, new)
    assert isinstance(clean, Hand) and isinstance(kept, Hand), kept
    assert clean.unknown_lines == ()
    assert [(u.line, u.text) for u in kept.unknown_lines] == [
        (attr_line, '<game lang="en">'),
        (element_line, ELEMENT.replace("/>", "></timebank>")),
    ]
    # the hand is the one read without them: an element added shifts lines, nothing else
    assert unlined(kept.events) == unlined(clean.events)
    assert [v.rule for v in replay(kept, profile_for(kept)).violations] == [
        v.rule for v in replay(clean, profile_for(clean)).violations
    ]


@pytest.mark.parametrize("site", sorted(PLANTS))
def test_an_unknown_action_type_that_puts_chips_in_refuses_the_hand_naming_it(site: str) -> None:
    where, _, _, wager, renamed = PLANTS[site]
    text = corpus_path(*where).read_text(encoding="utf-8").replace(wager, renamed, 1)
    refused = first_hand(site, text)
    assert isinstance(refused, ParseError), refused
    assert refused.line == next(n for n, line in enumerate(text.splitlines(), 1) if renamed in line)
    kind = renamed.split('type="')[1].split('"')[0]
    assert f'type="{kind}"' in refused.text
    assert "does not know this element or attribute" in refused.message and "do not add up" in refused.message
    # the file's other hands (the iPoker session has a second; the Merge sample only the one) read as before
    rest = parse_text(text, "planted.txt")[1:]
    assert len(rest) == (1 if site == "ipoker" else 0) and all(isinstance(r, Hand) for r in rest)


def test_the_import_counts_the_unknown_parts_and_the_audit_reports_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _, new, attr_line, _ = planted("ipoker")
    path = tmp_path / "session.xml"
    path.write_text(new, encoding="utf-8")
    with open_store(":memory:") as store:
        summary = run_import([path], store)
    assert summary.unknown_lines == [UnknownLines(str(path), 2, attr_line)]
    status, out, _ = run_cli(capsys, "audit", str(path))
    assert f"line.unknown  at {path}:{attr_line}" in out
    status, out, _ = run_cli(capsys, "audit", "--unknown-lines", str(path))
    assert status == 0 and "ipoker: <timebank player=" in out
