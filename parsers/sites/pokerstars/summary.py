"""PokerStars tournament summaries: the "PokerStars Tournament #ID, GAME" files (results, no hands).

What the files print, in order (each line optional unless said; the variants are the ones the site is
known to have printed):

- ``PokerStars Tournament #ID, [Limit ]GAME[ words]``: the game, a stud game or a mixed rotation
  (``8-Game``, ``HORSE``); lines up to the buy-in that are not a known line are the format's words
  (``Super Satellite``);
- ``Buy-In: $10.00/$1.00 USD`` (prize-pool part and fee), ``$10.00/$5.00/$1.00 USD`` (a knockout: the
  middle part pays the bounties), ``100/9`` (no sign or code: play money, in whole chips), ``100 FPP``;
- ``N players`` (required), ``$X USD added to the prize pool by PokerStars``, ``Total Prize Pool: …``,
  satellite lines (``Target Tournament #…``, ``N tickets to the target tournament``);
- ``Tournament started YYYY/MM/DD H:MM:SS ZONE[ [… ET]]`` and ``Tournament finished …``;
- one line a player: ``  1: NAME[ [ENTRY]] (COUNTRY), PRIZE (PCT%)``, the prize left out when none, or
  ``still playing``;
- ``You finished in 1st place[ (eliminated at hand #…)].``, ``You made N rebuys and M addons for a
  total of USD X.``, ``You collected N bounties for a total of USD X.``: the file's owner, known by
  his place.

A line of none of these shapes is a ParseError naming the file and line: a summary read in part would
report a result the file does not give.
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

SUMMARY_HEADER = re.compile(r"PokerStars Tournament #(?P<id>\d+), (?P<game>.*)")
_GAMES = {
    "7 card stud": Game.STUD,
    "7 card stud hi/lo": Game.STUD8,
    "razz": Game.RAZZ,
}
_MIXED = ("HORSE", "HOSE", "8-Game", "Triple Stud", "Mixed")
"""Rotations: a game part starting with one of these is a mixed tournament, named as printed."""
_SYMBOLS = vocabulary.CURRENCY_OF_SIGN
_CODES = "USD|EUR|GBP|CAD|INR|CNY"
_POINTS = "FPP|SC"

_BUY_IN = re.compile(rf"Buy-In: (?P<parts>{AMOUNT}(?:/{AMOUNT}){{0,2}})(?: (?P<code>{_CODES}|{_POINTS}))?")
_PLAYERS = re.compile(r"(?P<n>\d+) players")
_ADDED = re.compile(r"[^\n]* added to the prize pool by PokerStars(?:\.com)?\.?")
_POOL = re.compile(rf"Total Prize Pool: (?:(?P<amount>{AMOUNT})(?: (?:{_CODES}|{_POINTS}))?|(?P<other>.+))")
_SATELLITE = re.compile(r"Target Tournament #\d+.*|\d+ tickets? to the target tournament\.?")
_TIME = time_line("(?: -)? ")
_PLAYER = re.compile(
    r"\s*(?P<rank>\d+): (?P<name>.+?)(?: \[(?P<entry>\d+)\])? \((?P<country>[^()]*)\),(?: (?P<rest>.*))?"
)
_PRIZE = re.compile(
    rf"(?:(?P<prize>{AMOUNT})(?: (?:{_CODES}|{_POINTS}))?(?: \(\d+(?:\.\d+)?%\))?)?"
    r"(?P<qualified> ?\(qualified for the target tournament\))?"
)
_FINISHED = re.compile(r"You finished in (?P<rank>\d+)(?:st|nd|rd|th) place(?: \(eliminated at hand #\d+\))?\.?")
_STILL = re.compile(r"You are still playing in this tournament\.?")
_REBUYS = re.compile(
    rf"You made (?P<rebuys>\d+) rebuys? and (?P<addons>\d+) addons? for a total of (?:(?:{_CODES}|{_POINTS}) )?(?P<total>{AMOUNT})\.?"
)
_BOUNTIES = re.compile(
    rf"You collected (?P<n>\d+) (?:bounty|bounties) for a total of (?:(?:{_CODES}|{_POINTS}) )?(?P<total>{AMOUNT})\.?"
)


def _game(printed: str) -> tuple[str | None, str | None, tuple[str, ...]]:
    """The studbook game or the rotation's name of a header's game part, and the words after it."""
    text = printed.strip()
    for mix in _MIXED:
        if text.startswith(mix):
            return None, text.split(" (")[0].split(",")[0], _words(text[len(mix) :])
    bare = re.sub(r"^(?:Limit|LIMIT) ", "", text)
    for name in sorted(_GAMES, key=len, reverse=True):
        if bare.lower().startswith(name):
            return str(_GAMES[name]), None, _words(bare[len(name) :])
    return None, None, ()


def _words(rest: str) -> tuple[str, ...]:
    """The words printed after the game (``(Turbo, Heads Up)``, ``- Shootout``), as printed."""
    parts = re.split(r"[(),\-]+", rest)
    return tuple(w.strip() for w in parts if w.strip())


class _Reader(SummaryFields):
    """The lines of one summary, read in order into the fields of a :class:`TournamentResult`."""

    def __init__(self, file: str, line: int, header: re.Match[str]) -> None:
        super().__init__(file, line)
        self.tid = header["id"]
        game_text = header["game"].strip()
        game, mixed, words = _game(game_text)
        self.words = list(words)
        for name, value in (("game_text", game_text), ("game", game), ("mixed", mixed)):
            self.put(name, value, line)
        self.players: list[tuple[int, dict[str, object], dict[str, int]]] = []
        self.you: dict[str, object] = {}
        self.you_lines: dict[str, int] = {}
        self.you_rank: int | None = None
        self.seen_buy_in = False

    def read(self, no: int, line: str) -> None:
        if not line.strip():
            return
        if m := _BUY_IN.fullmatch(line):
            self.buy_in(m, no, line)
        elif m := _PLAYERS.fullmatch(line):
            self.put("entrants", int(m["n"]), no)
        elif m := _POOL.fullmatch(line):
            if m["amount"] is not None:
                self.put("prize_pool", self.units(m["amount"], no, line), no)
        elif _ADDED.fullmatch(line) or _SATELLITE.fullmatch(line):
            pass  # money PokerStars added, a satellite's target: not results
        elif m := _TIME.fullmatch(line):
            self.time(m, no, line)
        elif m := _PLAYER.fullmatch(line):
            self.player(m, no, line)
        elif m := _FINISHED.fullmatch(line):
            self.you_rank = int(m["rank"])
            self.you_lines["finish"] = no
        elif _STILL.fullmatch(line):
            pass
        elif m := _REBUYS.fullmatch(line):
            self.you.update(
                rebuys=int(m["rebuys"]), add_ons=int(m["addons"]), rebuy_cost=self.units(m["total"], no, line)
            )
            self.you_lines.update(dict.fromkeys(("rebuys", "add_ons", "rebuy_cost"), no))
        elif m := _BOUNTIES.fullmatch(line):
            self.you.update(bounties=int(m["n"]), bounty_prize=self.units(m["total"], no, line))
            self.you_lines.update(dict.fromkeys(("bounties", "bounty_prize"), no))
        elif not self.seen_buy_in and not self.players:
            self.words.append(line.strip())  # "Super Satellite", "Freeroll": the format's words
        else:
            raise self.error(
                no,
                line,
                "a line a PokerStars tournament summary does not print",
                "'Buy-In: …', 'N players', 'Total Prize Pool: …', 'Tournament started …', "
                "'  1: NAME (COUNTRY), $PRIZE (PCT%)', 'You finished in 1st place.'",
            )

    def buy_in(self, m: re.Match[str], no: int, line: str) -> None:
        self.seen_buy_in = True
        parts = m["parts"].split("/")
        code = m["code"] or _SYMBOLS.get(parts[0][:1])
        self.whole = code is None
        self.put("currency", code, no)
        self.put("play_money", code is None, no)
        amounts = [self.units(p, no, line) for p in parts]
        if len(amounts) == 3:  # prize pool / bounty / fee
            self.put("buy_in", amounts[0], no)
            self.put("bounty", amounts[1], no)
            self.put("fee", amounts[2], no)
        else:
            self.put("buy_in", amounts[0], no)
            if len(amounts) == 2:
                self.put("fee", amounts[1], no)

    def player(self, m: re.Match[str], no: int, line: str) -> None:
        rest = (m["rest"] or "").strip()
        still = rest == "still playing"
        p = _PRIZE.fullmatch(rest) if not still else None
        if not still and p is None:
            raise self.error(
                no, line, f"a player's result {rest!r} not understood", "'$12.50 (15%)', 'still playing' or nothing"
            )
        values: dict[str, object] = {"finish": None if still else int(m["rank"])}
        if p is not None and p["prize"] is not None:
            values["prize"] = self.units(p["prize"], no, line)
        elif not still:
            values["prize"] = 0
        entry = int(m["entry"]) if m["entry"] else 1
        self.players.append((no, {"player": m["name"], "entry": entry, **values}, dict.fromkeys(values, no)))

    def result(self, last: int) -> TournamentResult:
        if "entrants" not in self.values:
            raise self.error(
                self.first,
                f"PokerStars Tournament #{self.tid}",
                "a summary without its 'N players' line",
                "'N players' after the buy-in",
            )
        if self.you_rank is not None or self.you:
            self.attach_you(last)
        self.put("format_words", tuple(self.words), self.first)
        players = [self.player_result(p, lines) for _no, p, lines in self.players]
        return self.tournament_result("pokerstars", self.tid, players)

    def attach_you(self, last: int) -> None:
        """Give the "You …" lines to the player at the place "You finished in …" names."""
        at = [i for i, (_no, p, _l) in enumerate(self.players) if p["finish"] == self.you_rank and p["entry"] == 1]
        if len(at) != 1:
            no = self.you_lines.get("finish", last)
            raise self.error(
                no,
                "You …",
                "the summary's 'You' lines name no single player (no 'You finished in Nth place' line, or no player "
                "line, or several, at that place)",
                "a 'You finished in Nth place.' line and exactly one player line at that place",
            )
        _no, p, lines = self.players[at[0]]
        self.values["hero"] = p["player"]
        self.lines["hero"] = self.you_lines.get("finish", last)
        p.update(self.you)
        lines.update({k: v for k, v in self.you_lines.items() if k != "finish"})


def _start(file: str) -> Callable[[str, int], _Reader | None]:
    def start(line: str, no: int) -> _Reader | None:
        m = SUMMARY_HEADER.fullmatch(line)
        return _Reader(file, no, m) if m else None

    return start


def read_summaries(lines: Iterable[str], source_file: str) -> Iterator[TournamentResult | ParseError]:
    """Every summary of a file's lines (a file can hold several, each starting at its header line), each
    a :class:`TournamentResult` or, when it cannot be read, a :class:`ParseError` naming its line; the
    next summary is read either way."""
    not_summary = ("not a PokerStars tournament summary", "'PokerStars Tournament #ID, GAME'")
    return read_summary_lines(lines, source_file, _start(source_file), not_summary)


def read_summary_file(path: str) -> list[TournamentResult | ParseError]:
    """Every summary of the file at ``path`` (any of the encodings studbook reads)."""
    return list(read_summaries(read_lines(path), path))
