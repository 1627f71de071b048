"""The line parser against Lark itself: for every hand body the text sites parse (the real corpus, the
sample data, and the same hands with a line deleted, doubled, swapped or cut short), the tokens of
:class:`~studbook.parsers.lineparse.LineParser` are Lark's, field by field, and where Lark refuses the
body the line parser raises Lark's very exception."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from lark import Lark
from lark.exceptions import UnexpectedInput

from studbook.parsers import lineparse, parse_file, parse_text
from studbook.parsers.lineparse import LineParser

from conftest import SAMPLE_DATA, corpus_path

FIELDS = ("type", "value", "start_pos", "line", "column", "end_line", "end_column", "end_pos")


def _fields(tokens: Any) -> list[tuple[object, ...]]:
    return [(type(t), *(getattr(t, f) for f in FIELDS)) for t in tokens]


class _Compared:
    """Replaces LineParser.parse: every body goes through both parsers, and they must agree."""

    def __init__(self) -> None:
        self.parse = LineParser.parse
        self.accepted = self.refused = 0

    def __call__(self, parser: LineParser, text: str) -> Any:
        try:
            want = parser.lark.parse(text)
        except UnexpectedInput as lark_error:
            with pytest.raises(type(lark_error)) as ours:
                self.parse(parser, text)
            assert str(ours.value) == str(lark_error), text
            self.refused += 1
            raise
        got = self.parse(parser, text)
        assert _fields(got) == _fields(want), text
        self.accepted += 1
        return got


def _mutants(text: str, rng: random.Random) -> list[str]:
    """The hand ``text`` with one line deleted, doubled, swapped with another or cut short."""
    lines = text.split("\n")
    if len(lines) < 3:
        return []
    out = []
    for _ in range(3):
        i, j = rng.randrange(1, len(lines)), rng.randrange(1, len(lines))
        changed = list(lines)
        op = rng.randrange(4)
        if op == 0:
            del changed[i]
        elif op == 1:
            changed.insert(i, changed[i])
        elif op == 2:
            changed[i], changed[j] = changed[j], changed[i]
        else:
            changed[i] = changed[i][: len(changed[i]) // 2]
        out.append("\n".join(changed))
    return out


def _text_files(source: str) -> tuple[list[Path], int, int]:
    """The files of ``source`` and how many bodies Lark must at least accept and refuse among them and
    their mutants: the sample data is thousands of simulated hands in few files (so few mutants), the
    corpus's real files (skipped, with the reason, when it is absent) are few hands from every site."""
    if source == "sample_data":
        return sorted(p for p in SAMPLE_DATA.rglob("*.txt") if p.is_file()), 5000, 5
    fpdb = corpus_path("fpdb")
    return sorted(p for p in fpdb.rglob("*") if p.is_file() and p.suffix.lower() in (".txt", "")), 400, 150


@pytest.mark.parametrize("source", ["sample_data", "corpus"])
def test_the_line_parser_reads_every_body_as_lark_does(monkeypatch: pytest.MonkeyPatch, source: str) -> None:
    files, least_accepted, least_refused = _text_files(source)
    compared = _Compared()
    monkeypatch.setattr(lineparse.LineParser, "parse", lambda parser, text: compared(parser, text))
    rng = random.Random(14)
    for path in files:
        for _ in parse_file(path):
            pass
        if path.stat().st_size < 400_000:  # mutants of the smaller files: every site, not every hand
            text = path.read_text(encoding="utf-8", errors="replace")
            for hand in text.split("\n\n\n")[:40]:
                for mutant in _mutants(hand.strip(), rng):
                    parse_text(mutant, str(path))
    assert compared.accepted >= least_accepted and compared.refused >= least_refused, (
        compared.accepted,
        compared.refused,
    )


def test_a_grammar_the_line_parser_cannot_run_is_refused_when_built() -> None:
    kept = Lark('start: item+\nitem: "a"\n', parser="lalr", lexer="contextual")
    with pytest.raises(ValueError, match="inlines every rule but 'start'"):
        LineParser(kept)
    filtered = Lark("start: _A+\n_A: /a\\n/\n", parser="lalr", lexer="contextual")
    with pytest.raises(ValueError, match="filters out a terminal"):
        LineParser(filtered)


def test_forgetting_the_configurations_changes_no_parse() -> None:
    """The moves :class:`LineParser` remembers are a bounded cache: one that keeps only the start's moves
    between hands (forgetting before nearly every parse) reads every sample body as Lark does."""
    from studbook.parsers.sites.pokerstars import reader as pokerstars

    grammar = pokerstars._Builder.line_grammar()
    forgetful = LineParser(grammar.lark)
    forgetful.most_configs = 1
    bodies = 0
    for path in sorted(SAMPLE_DATA.rglob("*.txt")):
        text = path.read_text(encoding="utf-8", errors="replace")
        if not text.lstrip("\ufeff").startswith("PokerStars"):
            continue
        for hand in text.split("\n\n\n"):
            lines = hand.strip().split("\n")
            for body in ("\n".join(lines[1:]) + "\n", "\n".join(lines[1:-2]) + "\n"):
                try:
                    want = _fields(grammar.lark.parse(body))
                except UnexpectedInput as err:
                    with pytest.raises(type(err)) as ours:
                        forgetful.parse(body)
                    assert str(ours.value) == str(err)
                    continue
                assert _fields(forgetful.parse(body)) == want
                assert len(forgetful.configs.stacks) <= 1 + body.count("\n")
                bodies += 1
    assert bodies > 50


def test_threads_sharing_one_parser_read_every_body_as_lark_does() -> None:
    """A Dask worker may run several threads over one process's grammars: four threads parsing the same
    sample bodies at once through one parser, whose cache of configurations is kept small so that it is
    grown and started afresh while others read it, each get Lark's tokens for every body."""
    import sys
    import threading

    from studbook.parsers.sites.pokerstars import reader as pokerstars

    grammar = pokerstars._Builder.line_grammar()
    shared = LineParser(grammar.lark)
    shared.most_configs = 8
    bodies = []
    for path in sorted(SAMPLE_DATA.rglob("*.txt")):
        text = path.read_text(encoding="utf-8", errors="replace")
        hands = [h.strip() for h in text.lstrip("\ufeff").split("\n\n\n")[:150]]
        # hands only: a tournament summary file starts with "PokerStars Tournament #" too
        bodies += [
            "\n".join(h.split("\n")[1:]) + "\n" for h in hands if h.startswith(("PokerStars Hand", "PokerStars Game"))
        ]
    want = [_fields(grammar.lark.parse(body)) for body in bodies]
    wrong: list[str] = []

    def read(order: list[int]) -> None:
        for i in order:
            try:
                if _fields(shared.parse(bodies[i])) != want[i]:
                    wrong.append(f"body {i}: other tokens")
            except Exception as error:  # a thread's exception would only be a warning: counted instead
                wrong.append(f"body {i}: {error!r}")

    orders = [random.Random(seed).sample(range(len(bodies)), len(bodies)) for seed in range(4)]
    threads = [threading.Thread(target=read, args=(order,)) for order in orders]
    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads switch every few bytecodes: races show, if there are any
    try:
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        sys.setswitchinterval(switch)
    assert len(bodies) > 100
    assert wrong == [], wrong[:5]
