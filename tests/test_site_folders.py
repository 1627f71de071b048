"""A site is one folder of ``parsers/sites/``: what the folders must agree on, and the proof that adding a
site takes nothing else — a toy site, written exactly as docs/adding-a-site.md shows it, put in a folder
of its own, is detected, read, written, judged by its own rule profile and listed like the real ones."""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import REPO, corpus_path, run_cli
from conformance import SITE_ROWS

import studbook.parsers.sites as site_folders
from studbook.cli.cmd_convert import output_formats
from studbook.engine.model import ActionKind, Game, Hand
from studbook.engine.profiles import DEFAULT_PROFILE
from studbook.engine.replay import replay
from studbook.parsers import ParseError, parse_text
from studbook.parsers.detect import detect
from studbook.parsers.reading import read_lines
from studbook.parsers.registry import (
    SITES_BY_ID,
    get_profile,
    profile_for,
    profile_names,
    readable_sites,
    sites,
    writable_sites,
)
from studbook.parsers.site import Site, text_site

DOC = REPO / "docs" / "adding-a-site.md"
TOY_FILE = re.compile(r"^#### `parsers/sites/toy/([\w.]+)`\n\n```\w*\n(.*?)^```", re.M | re.S)
TOY_HAND = re.compile(r"^```text\n(Toy Hand .*?)^```", re.M | re.S)


def test_every_folder_is_a_site_named_by_it() -> None:
    folders = sorted(p.name for p in (REPO / "parsers" / "sites").iterdir() if (p / "__init__.py").exists())
    assert list(site_folders.site_ids()) == folders
    assert [s.site for s in sites()] == folders
    assert all(isinstance(s, Site) for s in sites())


def test_the_writer_modules_found_without_importing_are_the_sites_that_write() -> None:
    """The command line's choices come from the folders' files; they must be the SITE objects' own."""
    assert site_folders.writable_site_ids() == tuple(s.site for s in writable_sites())
    assert output_formats() == ("phh", *site_folders.writable_site_ids())


def test_every_readable_site_names_its_corpus_folder_and_the_kit_reads_it() -> None:
    assert sorted(SITE_ROWS.values()) == sorted(s.site for s in readable_sites())


def test_each_sites_first_hand_header_is_its_own_alone() -> None:
    """Detection tries the sites in id order and takes the first match: that order must decide nothing,
    so the first line of every site's real files matches its own header and no other site's."""
    checked = 0
    for site in readable_sites():
        assert site.corpus is not None
        folder = corpus_path("fpdb", site.corpus)
        for path in sorted(p for p in folder.iterdir() if p.suffix in (".txt", ".xml"))[:4]:
            found = detect(enumerate(read_lines(path), 1))
            assert found is not None and found.site is site, path
            head = next(line.lstrip("\ufeff").strip() for line in read_lines(path) if line.strip())
            others = [s.site for s in sites() if s is not site and s.hand_header.match(head)]
            assert others == [], (path, others)
            checked += 1
    assert checked >= len(readable_sites())


def test_the_site_table_of_the_formats_page_is_the_folders_found() -> None:
    text = (REPO / "docs" / "formats.md").read_text(encoding="utf-8")
    rows = re.findall(
        r"^\| `(\w+)` \| ([^|]+) \| (yes|no) \| (yes|no) \| \[parsers/sites/(\w+)/NOTES\.md\]", text, re.M
    )
    want = [(s.site, s.name, "yes" if s.readable else "no", "yes" if s.writer else "no", s.site) for s in sites()]
    assert [(a, b.strip(), c, d, e) for a, b, c, d, e in rows] == want
    for site in sites():
        assert (REPO / "parsers" / "sites" / site.site / "NOTES.md").exists(), site.site


@pytest.fixture
def toy_site(tmp_path: Path) -> Iterator[str]:
    """The toy site of docs/adding-a-site.md, in a folder outside the package added to ``parsers.sites``."""
    doc = DOC.read_text(encoding="utf-8")
    files = dict(TOY_FILE.findall(doc))
    assert sorted(files) == ["__init__.py", "grammar.lark", "profile.py", "reader.py", "writer.py"]
    folder = tmp_path / "toy"
    folder.mkdir()
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")
    site_folders.__path__.append(str(tmp_path))
    site_folders.rediscover()
    try:
        yield TOY_HAND.search(doc)[1]  # type: ignore[index]
    finally:
        site_folders.__path__.remove(str(tmp_path))
        for module in [m for m in sys.modules if m.startswith("studbook.parsers.sites.toy")]:
            del sys.modules[module]
        site_folders.rediscover()


def test_a_toy_site_in_a_folder_of_its_own_is_detected_read_written_and_listed(toy_site: str) -> None:
    text = toy_site
    # listed: among the sites, the readable and writable ones, the command line's choices
    assert "toy" in site_folders.site_ids() and "toy" in SITES_BY_ID
    assert "toy" in [s.site for s in readable_sites()] and "toy" in output_formats()
    # detected and read
    found = detect(enumerate(text.splitlines(), 1))
    assert found is not None and found.site.site == "toy"
    [hand] = parse_text(text + "\n" + text.replace("#7", "#8"), "toy.txt")[:1]
    assert isinstance(hand, Hand)
    assert (hand.site, hand.site_hand_id, hand.game, hand.small_bet, hand.ante) == ("toy", "7", Game.RAZZ, 1000, 500)
    assert [e.kind for e in hand.events if hasattr(e, "kind")][-2:] == [ActionKind.BRING_IN, ActionKind.FOLD]
    # written back as it was printed
    out = io.StringIO()
    assert SITES_BY_ID["toy"].write_file([hand, hand], out) == 2
    assert out.getvalue() == text + "\n" + text
    # a line out of place is a ParseError in the site's words, at its file line
    [error] = parse_text(text.replace("Ann: folds\n", "Ann: folds\nBob: antes 5\n"), "toy.txt")
    assert isinstance(error, ParseError) and error.line == 10 and "an ante is out of place" in error.message


def test_a_toy_hand_is_judged_by_the_toy_profile_which_is_listed_among_the_profiles(
    toy_site: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The toy prints no uncalled-bet line (``uncalled_printed=False``): its hand, whose bring-in nobody
    called, is right by its own rules, and by Robert's Rules (the default of a site without a profile)
    the bring-in was never returned."""
    [hand] = parse_text(toy_site, "toy.txt")
    assert isinstance(hand, Hand)
    toy = profile_for(hand)
    assert toy is SITES_BY_ID["toy"].profile is get_profile("toy") and toy.name == "toy"
    assert replay(hand, toy).violations == ()
    assert [v.rule for v in replay(hand, DEFAULT_PROFILE).violations] == ["uncalled"]
    # listed: a profile name, a choice of --profile and a row of 'audit --rules'
    assert "toy" in profile_names()
    status, out, _ = run_cli(capsys, "audit", "--rules")
    assert status == 0 and "\n  toy " in out and "Toy hands by the toy profile" in out
    status, out, _ = run_cli(capsys, "audit", "--help")
    assert status == 0 and "toy" in out
    # the command line judges the file by the toy's rules unless told otherwise
    path = tmp_path / "toy.txt"
    path.write_text(toy_site, encoding="utf-8")
    mine, _, _ = run_cli(capsys, "audit", str(path))
    theirs, said, _ = run_cli(capsys, "audit", str(path), "--profile", "rrop")
    assert (mine, theirs) == (0, 1) and "uncalled" in said


def test_the_toy_is_a_site_while_its_folder_is_on_the_path(toy_site: str) -> None:
    """Seen again by a second test: the fixture added it afresh after the first one's clean-up."""
    assert "toy" in SITES_BY_ID


def test_a_sites_name_is_given_once_by_its_reader_or_by_its_init(toy_site: str) -> None:
    """``text_site`` takes the name from the reader's ``NAME`` or from its argument: the toy's reader has
    none, Full Tilt's has one, and neither may be left to guess which of two names is meant."""
    toy, fulltilt = SITES_BY_ID["toy"], SITES_BY_ID["fulltilt"]
    assert toy.writer is not None and fulltilt.writer is not None
    with pytest.raises(TypeError, match="given once"):
        text_site("studbook.parsers.sites.toy", toy.writer)
    with pytest.raises(TypeError, match="given once"):
        text_site("studbook.parsers.sites.fulltilt", fulltilt.writer, "Full Tilt")
    assert text_site("studbook.parsers.sites.toy", toy.writer, "Toy") == toy


def test_after_the_toy_the_sites_are_the_folders_again() -> None:
    assert "toy" not in SITES_BY_ID and "toy" not in site_folders.site_ids()
