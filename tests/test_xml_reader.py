"""The hardened streaming XML reader (parsers/xmlstream.py) under both XML sites.

Hostile files (an entity bomb, external entities to a file and to the network) give one clear
ParseError and nothing else: no expansion, no file read, no connection. A broken hand is a ParseError
at that hand's line and the other hands of the file still import. Sites are told by content, not by
file name. Memory stays bounded whatever the session's size.
"""

from __future__ import annotations

import socket
import time
import tracemalloc
from pathlib import Path

import pytest
from ipoker_xml import write_session
from studbook.engine.model import Game, Hand
from studbook.engine.simulate import TableSpec, simulate
from studbook.parsers import (
    NotStudHand,
    ParseError,
    parse_file,
    parse_lines,
    parse_text,
)
from studbook.parsers.detect import detect
from studbook.parsers.reading import read_lines
from studbook.parsers.xmlstream import read_top_elements
from studbook.parsers.registry import get_profile

SECRET = "studbook-secret-file-content-42"

HAND = """<game gamecode="{code}">
 <general>
  <startdate>2012-03-19 20:46:31</startdate>
  <players>
   <player seat="1" name="Ann" chips="$1" dealer="1" win="$0" bet="$0.03" />
   <player seat="2" name="Bob" chips="$1" dealer="0" win="$0.05" bet="$0.03" />
  </players>
 </general>
 <round no="0">
  <action no="1" player="Ann" type="15" sum="$0.01" cards="[cards]"/><action no="2" player="Bob" type="15" sum="$0.01" cards="[cards]"/>
 </round>
 <round no="2">
  <cards type="Third Street" player="Ann">X X H2</cards><action no="3" player="Ann" type="16" sum="$0.02" cards=""/>
  <cards type="Third Street" player="Bob">D9 S4 CK</cards><action no="4" player="Bob" type="0" sum="$0" cards=""/>
 </round>
</game>
"""
"""A two-player hand: Ann brings in, Bob folds; Ann wins the antes and her bring-in back."""

HEAD = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
<general>
<mode>real</mode>
<gametype>7 Card Stud L $0.05/$0.10</gametype>
<tablename>T</tablename>
<currency>USD</currency>
</general>
"""


def session(*hands: str) -> str:
    return HEAD + "".join(hands) + "</session>\n"


def fixed_hand(code: int) -> str:
    # Bob folds: Ann gets back her uncalled 0.01 of the bring-in and wins the antes and the call-free pot
    return HAND.format(code=code).replace(
        'win="$0" bet="$0.03" />\n   <player seat="2" name="Bob" chips="$1" dealer="0" win="$0.05" bet="$0.03" />',
        'win="$0.04" bet="$0.03" />\n   <player seat="2" name="Bob" chips="$1" dealer="0" win="$0" bet="$0.01" />',
    )


def test_a_plain_session_reads_its_hands() -> None:
    results = parse_text(session(fixed_hand(11), fixed_hand(12)), "s.txt")
    assert [type(r) for r in results] == [Hand, Hand]
    assert [h.site_hand_id for h in results if isinstance(h, Hand)] == ["11", "12"]


# ----------------------------------------------------------------------------------- hostile XML

BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE session [
 <!ENTITY lol "lol">
 <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
 <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
 <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
 <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
 <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
 <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
]>
<session sessioncode="1"><general><gametype>&lol9;</gametype></general></session>
"""


def test_an_entity_bomb_is_refused_without_expanding_it() -> None:
    start = time.process_time()
    results = list(read_top_elements(iter(BILLION_LAUGHS.splitlines()), "bomb.xml", "iPoker"))
    assert time.process_time() - start < 5  # not a timing assertion on studbook's speed: a bomb expands for minutes
    assert len(results) == 1 and isinstance(results[0], ParseError)
    err = results[0]
    assert err.file == "bomb.xml" and err.line == 2 and "DTD" in err.message and "lol" not in err.message


def test_an_entity_bomb_through_the_whole_import_path_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "bomb.txt"
    path.write_text(BILLION_LAUGHS.replace("<?xml", "<?xml", 1), encoding="utf-8")
    results = list(parse_file(path))
    assert len(results) == 1 and isinstance(results[0], ParseError)
    assert "not allowed in a hand history" in str(results[0])


def test_an_external_file_entity_is_never_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text(SECRET, encoding="utf-8")
    text = (
        f'<?xml version="1.0"?>\n<!DOCTYPE session [<!ENTITY xxe SYSTEM "{secret.as_uri()}">]>\n'
        + session(HAND.format(code=1).replace("Ann", "&xxe;", 1)).split("\n", 1)[1]
    )
    path = tmp_path / "xxe.xml"
    path.write_text(text, encoding="utf-8")
    results = list(parse_file(path))
    assert results and all(not isinstance(r, Hand) or SECRET not in repr(r) for r in results)
    errors = [r for r in results if isinstance(r, ParseError)]
    assert errors and errors[0].line == 2 and "DTD" in errors[0].message
    assert all(SECRET not in str(r) for r in results)


def test_an_external_network_entity_opens_no_connection(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[object] = []

    def no_network(*args: object, **kwargs: object) -> None:
        opened.append(args)
        raise AssertionError("the XML reader tried to open a connection")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    text = (
        '<?xml version="1.0"?>\n<!DOCTYPE session [<!ENTITY % remote SYSTEM "http://127.0.0.1:9/evil.dtd"> '
        '%remote;]>\n<session sessioncode="1"></session>\n'
    )
    path = tmp_path / "remote.xml"
    path.write_text(text, encoding="utf-8")
    results = list(parse_file(path))
    assert opened == []
    assert len(results) == 1 and isinstance(results[0], ParseError) and "DTD" in results[0].message


def test_an_undeclared_entity_breaks_only_its_hand() -> None:
    broken = fixed_hand(2).replace('name="Ann"', 'name="&ann;"', 1)
    results = parse_text(session(fixed_hand(1), broken, fixed_hand(3)), "x.txt")
    assert [type(r).__name__ for r in results] == ["Hand", "ParseError", "Hand"]
    err = results[1]
    assert isinstance(err, ParseError)
    second_hand_line = session(fixed_hand(1), broken).splitlines().index('<game gamecode="2">') + 1
    assert err.file == "x.txt" and err.line == second_hand_line and "undefined entity" in err.message


# ----------------------------------------------------------------------------------- broken hands


def test_a_malformed_hand_is_an_error_at_its_line_and_the_next_hands_import() -> None:
    broken = fixed_hand(2).replace('chips="$1" dealer="1"', 'chips="$1 dealer="1"', 1)  # a quote missing
    text = session(fixed_hand(1), broken, fixed_hand(3), fixed_hand(4))
    results = parse_text(text, "broken.txt")
    assert [type(r).__name__ for r in results] == ["Hand", "ParseError", "Hand", "Hand"]
    err = results[1]
    assert isinstance(err, ParseError)
    assert err.line == text.splitlines().index('<game gamecode="2">') + 1
    assert "broken XML" in err.message and "iPoker" in err.message


def test_a_hand_cut_off_by_the_end_of_the_file_is_an_error() -> None:
    text = HEAD + fixed_hand(1) + fixed_hand(2)[:200]
    results = parse_text(text, "cut.txt")
    assert [type(r).__name__ for r in results] == ["Hand", "ParseError"]
    assert results[1].line == text.splitlines().index('<game gamecode="2">') + 1  # type: ignore[union-attr]


def test_a_session_without_its_closing_tag_loses_nothing() -> None:
    results = parse_text(HEAD + fixed_hand(1), "open.txt")
    assert [type(r).__name__ for r in results] == ["Hand"]


def test_an_unreadable_action_is_an_error_at_the_action_and_the_file_goes_on() -> None:
    broken = fixed_hand(2).replace('type="0"', 'type="99"', 1)
    text = session(fixed_hand(1), broken, fixed_hand(3))
    results = parse_text(text, "t.txt")
    assert [type(r).__name__ for r in results] == ["Hand", "ParseError", "Hand"]
    err = results[1]
    assert isinstance(err, ParseError)
    assert err.line == next(n for n, line in enumerate(text.splitlines(), 1) if 'type="99"' in line)
    # a fold of a type nobody knows: without it a player's turn is missing, so the hand is refused
    assert '<action type="99"' in err.text and "do not add up (action." in err.message and "23 raise" in err.expected


# ----------------------------------------------------------------------------------- detection


@pytest.mark.parametrize(
    ("first_lines", "site"),
    [
        (['<?xml version="1.0" encoding="utf-8"?><session sessioncode="2752856781">'], "ipoker"),
        (['<?xml version="1.0" encoding="utf-8"?>', '\t<session sessioncode="5463731011">'], "ipoker"),
        (['<description type="7-Stud" stakes="Limit $0.50/$1"/>'], "merge"),
        (['<?xml version="1.0"?>', "", '<description type="HORSE" stakes="Limit $0.25/$0.50" version="2" />'], "merge"),
        (['<game id="1-2" starttime="20110204202244" numholecards="7" gametype="39">'], "merge"),
    ],
)
def test_the_site_is_told_by_the_content(first_lines: list[str], site: str) -> None:
    found = detect(enumerate(first_lines, 1))
    assert found is not None and found.site.site == site


def test_a_merge_file_named_txt_reads_as_merge(tmp_path: Path) -> None:
    text = (
        '<description type="Razz" stakes="Limit $0.50/$1"/>\n<game id="9-1" starttime="20111115223628" '
        'numholecards="2" gametype="23" realmoney="true" data="x|T|9|9-1|false"><players dealer="1">'
        "</players></game>\n"
    )
    path = tmp_path / "anything.txt"
    path.write_text(text, encoding="utf-8")
    results = list(parse_file(path))
    assert results == [NotStudHand(str(path), 2, "merge", "Hold'em Limit")]


# ----------------------------------------------------------------------------------- memory


def _session_file(path: Path, copies: int) -> int:
    """A session of 100 simulated stud8 hands repeated ``copies`` times (fresh hand ids)."""
    pieces = list(
        write_session(
            simulate(TableSpec(games=(Game.STUD8,), players=(6, 8), profile=get_profile("pokerstars")), 100, 5)
        )
    )
    head, games, tail = pieces[0], pieces[1:-1], pieces[-1]
    with open(path, "w", encoding="utf-8") as f:
        f.write(head)
        for copy in range(copies):
            f.writelines(game.replace('gamecode="', f'gamecode="{copy}-{n}-', 1) for n, game in enumerate(games))
        f.write(tail)
    return path.stat().st_size


def _peak(path: Path) -> tuple[int, int]:
    """Hands read and the peak of traced memory while reading them (64 KB read at a time, so that what
    the reader keeps shows above the file reader's buffer)."""
    tracemalloc.start()
    try:
        count = sum(1 for r in parse_lines(read_lines(path, 1 << 16), str(path)) if isinstance(r, Hand))
        return count, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_memory_stays_bounded_as_the_session_grows(tmp_path: Path) -> None:
    small, large = tmp_path / "small.txt", tmp_path / "large.txt"
    small_size, large_size = _session_file(small, 2), _session_file(large, 6)
    assert large_size > 2.9 * small_size > 2_900_000
    small_hands, small_peak = _peak(small)
    large_hands, large_peak = _peak(large)
    assert large_hands == 3 * small_hands
    # a reader that kept the session, its elements or its hands would grow with the file (the whole
    # 3 MB session as elements is several times its size); one hand and a buffer do not
    assert large_peak < 1.2 * small_peak + 100_000, (small_peak, large_peak)
    assert large_peak < large_size / 3, (large_peak, large_size)
