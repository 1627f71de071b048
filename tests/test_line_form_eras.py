"""Where a site changed its format, the reader tells the eras apart from the text, never the file name
(docs/line-forms/<site>.md, "Eras"): a snippet of each era is read by the path of its era, and reads
the same under a file name of another era (fpdb's readers take the tournament or the era from names
like ``HH20160828 T5795043-G33949698.txt``; studbook must not).

Each case names a fact only the right era's reading gives: the time a header's zone means (ACR's 2016
client prints none, so its clock is placed in the site's zone, US Eastern by default, where the 2019
format prints UTC; Bovada's MVS client prints ``UTC``, its older one nothing, read as ET), the cards an export prints (Everleaf's old export deals none) or the header's shape (Full
Tilt's stakes before or after the game, PokerStars' ``Game #``, ``Hand #`` and French first lines, PartyPoker's
``wins`` lines or ``** Summary **``)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path

import pytest
from studbook.engine.model import Action, ActionKind, Deal, Hand
from studbook.engine.replay import replay
from studbook.parsers import parse_file
from studbook.parsers.registry import profile_for

ROOT = Path(__file__).resolve().parent / "data" / "line_forms"

# (snippet, a file name of another era, when the hand started in UTC)
ERAS = [
    # ACR: the 2016 client ("Game started at:", no zone) and the 2019 format on ("Hand #", UTC)
    ("acr/2016-control.txt", "HH20190728 Hand85198832.txt", "2016-09-05 01:03:12"),
    ("acr/2026-stud-showdown-rake-and-jp-fee.txt", "HH20160828 T5795043-G33949698.txt", "2026-03-02 21:20:41"),
    ("acr/2022-gtd-tournament-header.txt", "HH20160904 G700000001.txt", "2022-08-01 01:02:03"),
    # Bovada: no zone to 2021 (read as ET), then " [MVS] … UTC"
    ("bovada/2012-bodog-cash-control.txt", "Ignition MVS 2021.txt", "2012-05-10 01:00:00"),
    ("bovada/2021-ignition-mvs-utc-header.txt", "7-Stud-USD-2.00-4.00-201205.txt", "2021-05-02 18:00:00"),
    # Everleaf: the old export and the new format of the same hand
    ("everleaf/2011-old-export-no-deals.txt", "7-Stud-EUR-0.05-0.10.201108-new-format.txt", "2011-07-10 00:00:00"),
    ("everleaf/2011-new-format-usd-control.txt", "7-Stud-USD-0.05-0.10.201107.txt", "2011-08-10 00:00:00"),
    # Full Tilt: the worded date (to 2010), stakes before the game (to May 2013), then after it
    ("fulltilt/2009-worded-date.txt", "201305.new.gameline.format.txt", "2009-06-02 01:40:00"),
    ("fulltilt/2013-stakes-before-game.txt", "201305.new.gameline.format.txt", "2013-04-03 01:14:02"),
    ("fulltilt/2013-stakes-after-game.txt", "Razz-USD-0.10-0.20-201012.txt", "2013-06-03 01:14:02"),
    # PartyPoker: the client files' "wins" lines, the emailed hands' and the 2026 client's summary
    ("partypoker/2011-long-date-control.txt", "PLO-6max-USD-0.10-0.25-202602.cash.out.txt", "2011-04-27 01:05:09"),
    ("partypoker/2026-client-stud-summary.txt", "7-Stud-USD-1-2-201104.txt", "2026-02-11 02:05:09"),
    ("partypoker/2013-emailed-summary-showdown.txt", "7-Stud-USD-1-2-201104.txt", "2013-09-04 01:05:09"),
    ("partypoker/2008-emailed-tournament.txt", "7-Stud-USD-1-2-201104.txt", "2008-11-15 02:05:24"),
    # PokerStars: "Game #" (to ~2009), "Hand #" with a local zone, and the French client
    ("pokerstars/2009-game-number-header.txt", "HH20250602 Aldebaran II.txt", "2009-11-26 15:08:43"),
    ("pokerstars/2025-eur-cash-two-zones.txt", "HH20091126 Game.txt", "2025-06-02 18:00:00"),
    ("pokerstars/2026-french-client-header.txt", "HH20250602 Aldebaran II.txt", "2026-07-14 19:05:11"),
]


def _read(path: Path) -> Hand:
    (hand,) = parse_file(path)
    assert isinstance(hand, Hand), hand
    assert hand.unknown_lines == ()
    assert replay(hand, profile_for(hand)).violations == ()
    return hand


@pytest.mark.parametrize(("snippet", "other_name", "started"), ERAS, ids=[e[0] for e in ERAS])
def test_a_snippet_is_read_by_its_eras_path_under_any_file_name(
    snippet: str, other_name: str, started: str, tmp_path: Path
) -> None:
    own = _read(ROOT / snippet)
    renamed = tmp_path / other_name
    renamed.write_bytes((ROOT / snippet).read_bytes())
    other = _read(renamed)
    assert replay(other, profile_for(other)).net == replay(own, profile_for(own)).net
    assert (other.tournament is None) == (own.tournament is None)
    for hand in (own, other):
        assert hand.started_at is not None
        assert hand.started_at.astimezone(UTC) == datetime.fromisoformat(started).replace(tzinfo=UTC)


def test_everleafs_old_export_deals_every_card_unknown_and_the_new_format_prints_them() -> None:
    """The same hand in both exports: the old one prints no deal line, so no card is known; the new
    one prints the hero's three and the opponent's door card."""
    old = _read(ROOT / "everleaf" / "2011-old-export-no-deals.txt")
    new = _read(ROOT / "everleaf" / "2011-new-format-usd-control.txt")

    def known(hand: Hand) -> int:
        return sum(c is not None for e in hand.events if isinstance(e, Deal) for c in (*e.down, *e.up))

    assert known(old) == 0
    assert known(new) == 6  # Ottar's three, Kalle_V's door card, and a card each on 4th street
    assert replay(old, profile_for(old)).net == replay(new, profile_for(new)).net


def test_full_tilts_two_header_orders_read_the_same_stakes_and_table() -> None:
    """Stakes before the game (to May 2013) and after it (from May 2013): the same table, stakes and
    ante, whichever order the line has."""
    before = _read(ROOT / "fulltilt" / "2013-stakes-before-game.txt")
    after = _read(ROOT / "fulltilt" / "2013-stakes-after-game.txt")
    for hand in (before, after):
        assert (hand.game.name, hand.small_bet, hand.big_bet, hand.ante) == ("RAZZ", 100, 200, 20)
        assert (hand.table, hand.max_seats) == ("Cobalt", 6)


@pytest.mark.parametrize("space", ["\u00a0", "\u202f"])
def test_the_french_clients_space_before_a_colon_may_be_a_no_break_space(space: str, tmp_path: Path) -> None:
    """The real 2026 French hand writes a no-break space (U+00A0 or the narrow U+202F) before each
    colon, after the hand number and after every name; the snippet writes a plain one. Both read the
    same, and the names are the seated players' (no space kept on them)."""
    snippet = ROOT / "pokerstars" / "2026-french-client-header.txt"
    text = snippet.read_text(encoding="utf-8")
    assert " : " in text
    spaced = tmp_path / "french.txt"
    spaced.write_text(text.replace(" : ", f"{space}: "), encoding="utf-8")  # the header's too
    assert space in spaced.read_text(encoding="utf-8")
    hand, own = _read(spaced), _read(snippet)
    assert replay(hand, profile_for(hand)).net == replay(own, profile_for(own)).net
    assert {s.player for s in hand.seats} == {"Hero", "Zora B"}


@pytest.mark.parametrize("space", [" ", "\u00a0"])
def test_the_space_before_a_colon_is_no_part_of_a_name_another_name_starts_with(space: str, tmp_path: Path) -> None:
    """With ``Zora`` and ``Zora B`` both seated, ``Zora : folds`` is Zora's line and ``Zora B : raises``
    Zora B's: the space the French client prints before the colon is taken off before the names are
    told apart, as if it had not been printed."""
    text = (ROOT / "pokerstars" / "2026-french-client-header.txt").read_text(encoding="utf-8")
    path = tmp_path / "prefix.txt"
    path.write_text(text.replace("Hero", "Zora").replace(" : ", f"{space}: "), encoding="utf-8")
    hand = _read(path)
    seat_of = {s.player: s.seat for s in hand.seats}
    folds = [a.seat for a in hand.events if isinstance(a, Action) and a.kind is ActionKind.FOLD]
    assert seat_of == {"Zora": 1, "Zora B": 3} and folds == [1]
    assert replay(hand, profile_for(hand)).net == {1: -14, 3: 14}
