"""Full Tilt Poker tournament summaries: the "Full Tilt Poker Tournament Summary NAME (ID) GAME" files.

What the files print, in order (each line optional unless said; the variants are the ones the site is
known to have printed):

- ``Full Tilt Poker Tournament Summary NAME (ID) [Match N ]GAME LIMIT[ (WORDS, …)]``: the tournament's
  name, id and game, the speed and format words in the parentheses (``Super Turbo``, ``Heads Up``,
  ``Deep Stack``);
- ``Buy-In: $58.83 + $1.17`` (prize-pool part and fee), ``250 Play Chips + 0 Play Chips`` (play money,
  whole chips), ``Knockout Bounty: $5``, ``Rebuy: $X``, ``Add-On: $X``, ``Rebuy Chips: N``,
  ``Add-On Chips: N``, ``Total Rebuys: N``, ``Total Add-Ons: N``, ``Buy-In Chips: 500`` (starting chips);
- ``N Entries``, ``Total Prize Pool: $117.66`` (or ``1,500 Play Chips``);
- ``Tournament started: YYYY/MM/DD H:MM:SS ZONE[ [… ET]]``, then ``Tournament finished: …`` or
  ``Tournament is still in progress``;
- one line a player: ``1: NAME, $117.66``, ``2: NAME`` (places can tie in a multi-table tournament), or
  ``Still Playing - NAME``;
- the file owner's lines, by name: ``NAME finished in 28th place``, ``NAME performed N Rebuys``,
  ``NAME performed N Add-Ons``, ``NAME received N Knockout Bounty Awards``.

Full Tilt also exported a tournament history as an Excel workbook (``.xls``, the corpus has one); that is
a spreadsheet, not this format, and is refused with a ParseError saying so.
"""

from __future__ import annotations

import re
from typing import Callable, Iterable, Iterator

from ....engine.model import Game
from ...errors import ParseError
from ...reading import read_lines
from ...summaries import AMOUNT, SummaryFields, read_summary_lines, time_line
from ...tournaments import TournamentResult
from . import vocabulary

__all__ = ["SUMMARY_HEADER", "read_summaries", "read_summary_file"]

SUMMARY_HEADER = re.compile(
    r"Full Tilt Poker Tournament Summary (?P<name>.*?) ?\((?P<id>\d+)\) (?:Match \d+ )?(?P<game>.+?)"
    r" (?P<limit>Limit|No Limit|Pot Limit)(?: \((?P<words>[^()]*)\))?"
)
_GAMES = {
    "7 card stud": Game.STUD,
    "stud hi": Game.STUD,
    "stud": Game.STUD,
    "stud h/l": Game.STUD8,
    "stud hi/lo": Game.STUD8,
    "7 card stud hi/lo": Game.STUD8,
    "razz": Game.RAZZ,
    "5 card stud": Game.STUD5,
}
_MIXED = ("HORSE", "HOSE", "HA", "7-Game", "8-Game", "Mixed")
_SYMBOLS = vocabulary.CURRENCY_OF_SIGN
_PLAY = r" (?:Play Chips|FTP Points)"
_BUY_IN = re.compile(rf"Buy-In: (?P<buyin>{AMOUNT})(?P<play>{_PLAY})?(?: \+ (?P<fee>{AMOUNT})(?:{_PLAY})?)?")
_PRICE = re.compile(
    rf"(?P<what>Knockout Bounty|Rebuy|Add-On): (?P<amount>{AMOUNT})(?:{_PLAY})?(?: \+ {AMOUNT}(?:{_PLAY})?)?"
)
_CHIPS = re.compile(r"(?P<what>Buy-In Chips|Rebuy Chips|Add-On Chips|Total Rebuys|Total Add-Ons): (?P<n>[\d,]+)")
_ENTRIES = re.compile(r"(?P<n>[\d,]+) Entries")
_POOL = re.compile(rf"Total Prize Pool: (?P<amount>{AMOUNT})(?:{_PLAY})?")
_TIME = time_line(": ")
_IN_PROGRESS = re.compile(r"Tournament is still in progress")
_PLACE = re.compile(rf"(?P<rank>\d+): (?P<name>[^,]+?)(?:, (?P<prize>{AMOUNT})(?:{_PLAY})?)?")
_STILL = re.compile(r"Still Playing - (?P<name>.+)")
_OWNER = re.compile(
    r"(?P<name>.+?) (?:finished in (?P<rank>\d+)(?:st|nd|rd|th) place"
    r"|performed (?P<rebuys>\d+) Rebuys?|performed (?P<addons>\d+) Add-Ons?"
    r"|received (?P<kos>\d+) Knockout Bounty Awards?)"
)


def _game(printed: str) -> tuple[str | None, str | None]:
    """The studbook game or the rotation's name of a header's game words."""
    for mix in _MIXED:
        if printed.startswith(mix):
            return None, printed
    game = _GAMES.get(printed.lower())
    return (str(game) if game is not None else None), None


class _Reader(SummaryFields):
    """The lines of one summary, read in order into the fields of a :class:`TournamentResult`."""

    def __init__(self, file: str, line: int, header: re.Match[str]) -> None:
        super().__init__(file, line)
        self.tid = header["id"]
        game, mixed = _game(header["game"])
        words = tuple(w.strip() for w in (header["words"] or "").split(",") if w.strip())
        for name, value in (
            ("name", header["name"] or None),
            ("game_text", f"{header['game']} {header['limit']}"),
            ("game", game),
            ("mixed", mixed),
            ("format_words", words),
        ):
            self.put(name, value, line)
        self.players: dict[str, tuple[dict[str, object], dict[str, int]]] = {}
        self.prices: dict[str, int] = {}

    def entry(self, name: str) -> tuple[dict[str, object], dict[str, int]]:
        return self.players.setdefault(name, ({"player": name}, {}))

    def read(self, no: int, line: str) -> None:
        if not line.strip():
            return
        if m := _BUY_IN.fullmatch(line):
            code = _SYMBOLS.get(m["buyin"][:1])
            self.whole = code is None
            self.put("currency", code, no)
            self.put("play_money", code is None, no)
            self.put("buy_in", self.units(m["buyin"], no, line), no)
            if m["fee"]:
                self.put("fee", self.units(m["fee"], no, line), no)
        elif m := _PRICE.fullmatch(line):
            amount = self.units(m["amount"], no, line)
            if m["what"] == "Knockout Bounty":
                self.put("bounty", amount, no)
            else:
                self.prices[m["what"]] = amount
        elif m := _CHIPS.fullmatch(line):
            if m["what"] == "Buy-In Chips":
                self.put("starting_chips", int(m["n"].replace(",", "")), no)
        elif m := _ENTRIES.fullmatch(line):
            self.put("entrants", int(m["n"].replace(",", "")), no)
        elif m := _POOL.fullmatch(line):
            self.put("prize_pool", self.units(m["amount"], no, line), no)
        elif m := _TIME.fullmatch(line):
            self.time(m, no, line)
        elif _IN_PROGRESS.fullmatch(line):
            pass
        elif m := _STILL.fullmatch(line):
            self.entry(m["name"])
        elif m := _PLACE.fullmatch(line):
            values, lines = self.entry(m["name"])
            values.update(finish=int(m["rank"]), prize=self.units(m["prize"], no, line) if m["prize"] else 0)
            lines.update(finish=no, prize=no)
        elif m := _OWNER.fullmatch(line):
            self.owner(m, no)
        else:
            raise self.error(
                no,
                line,
                "a line a Full Tilt tournament summary does not print",
                "'Buy-In: $X + $Y', 'N Entries', 'Total Prize Pool: $X', 'Tournament started: …', "
                "'1: NAME, $PRIZE', 'Still Playing - NAME', 'NAME finished in Nth place'",
            )

    def owner(self, m: re.Match[str], no: int) -> None:
        """A line about the file's owner, who is named: he is the summary's ``hero``."""
        self.put("hero", m["name"], no)
        values, lines = self.entry(m["name"])
        if m["rank"]:
            values["finish"] = int(m["rank"])
            lines["finish"] = no
        for key, group in (("rebuys", "rebuys"), ("add_ons", "addons"), ("bounties", "kos")):
            if m[group]:
                values[key] = int(m[group])
                lines[key] = no

    def result(self, last: int) -> TournamentResult:
        if "entrants" not in self.values:
            raise self.error(
                self.first,
                "Full Tilt Poker Tournament Summary …",
                "a summary without its 'N Entries' line",
                "'N Entries' after the buy-in",
            )
        players = []
        for values, lines in self.players.values():
            rebuys, add_ons = values.get("rebuys"), values.get("add_ons")
            cost = [
                int(n) * self.prices[what]  # type: ignore[call-overload]
                for n, what in ((rebuys, "Rebuy"), (add_ons, "Add-On"))
                if n is not None and what in self.prices
            ]
            if cost:
                values["rebuy_cost"] = sum(cost)
                lines["rebuy_cost"] = max(lines.get("rebuys", 0), lines.get("add_ons", 0))
            if values.get("bounties") is not None and "bounty" in self.values:
                values["bounty_prize"] = int(values["bounties"]) * int(self.values["bounty"])  # type: ignore[call-overload]
                lines["bounty_prize"] = lines["bounties"]
            players.append(self.player_result(values, lines))
        return self.tournament_result("fulltilt", self.tid, players)


def _start(file: str) -> Callable[[str, int], _Reader | ParseError | None]:
    def start(line: str, no: int) -> _Reader | ParseError | None:
        if not line.startswith("Full Tilt Poker Tournament Summary "):
            return None
        m = SUMMARY_HEADER.fullmatch(line)
        if m is None:
            return ParseError(
                file,
                no,
                line,
                "'Full Tilt Poker Tournament Summary NAME (ID) GAME Limit (WORDS)'",
                "a Full Tilt summary header without its id, game or limit",
            )
        return _Reader(file, no, m)

    return start


def read_summaries(lines: Iterable[str], source_file: str) -> Iterator[TournamentResult | ParseError]:
    """Every summary of a file's lines, each a :class:`TournamentResult` or, when it cannot be read, a
    :class:`ParseError` naming its line; the next summary is read either way."""
    not_summary = ("not a Full Tilt tournament summary", "'Full Tilt Poker Tournament Summary NAME (ID) GAME Limit'")
    return read_summary_lines(lines, source_file, _start(source_file), not_summary)


_OLE = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
"""The first bytes of an OLE compound document: an Excel ``.xls`` workbook."""


def read_summary_file(path: str) -> list[TournamentResult | ParseError]:
    """Every summary of the file at ``path`` (UTF-16 files included, as Full Tilt wrote them); an Excel
    workbook is one ParseError saying what it is."""
    with open(path, "rb") as f:
        head = f.read(len(_OLE))
    if head == _OLE:
        return [
            ParseError(
                path,
                1,
                "(binary data)",
                "a text summary starting 'Full Tilt Poker Tournament Summary'",
                "an Excel workbook (Full Tilt's tournament history export), which studbook does not read; "
                "the same tournaments' text summaries can be imported instead",
            )
        ]
    return list(read_summaries(read_lines(path), path))
