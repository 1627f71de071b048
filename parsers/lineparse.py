"""A site grammar's LALR parse of one hand's body, run over Lark's own tables without Lark's per-call setup.

A hand is ~7 tokens, and for so few tokens Lark's machinery around each call costs more than the
matching itself: a parsing frontend, a lexer thread, a parser state and a line counter are made per
call, every token goes through a generator, a keyword-compatible ``Token`` constructor and a
tree-builder callback per rule reduced. :class:`LineParser` does the same parse with the objects Lark
built once from the grammar, for the grammars of :func:`~studbook.parsers.textsite.load_grammar`
(terminals that are whole lines, every rule but ``start`` inlined, so the result is the flat list of
tokens):

* the contextual lexer's compiled scanner of each parser state (the very regexes Lark matches with,
  so a line is read as the same terminal);
* the LALR parse table (shift, or reduce by a rule and go to the state of its origin): the parse only
  has to accept or reject, since the tokens in order are the result. Which reductions come before a
  shift depends on the whole stack, not only its top, so each stack met (a *configuration*) is
  numbered and what each token kind does to it is worked out once, then looked up: a token costs one
  dict look-up instead of a walk through the table (~9 tokens a hand, ~1.5 table steps each).

It accepts exactly what Lark accepts. Whatever it does not accept it hands to ``Lark.parse``, which then
raises its own :class:`~lark.exceptions.UnexpectedInput` (what :func:`~studbook.parsers.textsite.lark_error`
turns into the hand's error message), so no error is worded or placed by this module.
"""

from __future__ import annotations

import re
import threading

from lark import Lark, Token
from lark.grammar import Terminal
from lark.lexer import ContextualLexer
from lark.parsers.lalr_analysis import Shift

_new_token = str.__new__
"""A Token is made as ``str.__new__(Token, text)`` with its eight fields set: what Lark's lexer makes, at a
sixth of the cost of ``Token(...)``, whose keyword-compatibility layer is most of it."""

_MOST_CONFIGS = 1024
"""How many parser configurations (stacks) :class:`LineParser` remembers the moves of before it starts
afresh (a parse in progress adds at most one per token). A file meets a few dozen; the grammars allow
tens of thousands (every street's betting cut short anywhere), so the cache is bounded, not complete."""

_Step = tuple[bool, int, int, str]
"""An action of the parse table: (shift?, state to shift to, or the size and origin of the rule to reduce by)."""


class _Configurations:
    """The parser configurations (whole stacks) a :class:`LineParser` has met, numbered, with what each
    token kind does to each: the cache :meth:`LineParser.parse` looks its moves up in. Grown only under
    the parser's lock, read without it (a list index, a dict look-up); replaced, never emptied, when it
    outgrows its bound, so that a parse holding it stays consistent."""

    __slots__ = ("stacks", "numbers", "moves", "scanners")

    def __init__(self, start: int) -> None:
        self.stacks: list[tuple[int, ...]] = [(start,)]
        """The parser stack of each configuration, by its number (0: the start)."""
        self.numbers: dict[tuple[int, ...], int] = {(start,): 0}
        self.moves: list[dict[str, int]] = [{}]
        """For each configuration, the configuration each token kind leads to (-1: refused there; for
        ``$END``, 0 when the text may end there)."""
        self.scanners: list[tuple[re.Pattern[str], ...] | None] = [None]
        """The scanner of each configuration's parser state (its stack's top), once looked up."""

    def number(self, stack: tuple[int, ...]) -> int:
        """``stack``'s configuration number, a new one if it was not met yet."""
        known = self.numbers.get(stack)
        if known is not None:
            return known
        self.numbers[stack] = len(self.stacks)
        # the moves and scanner slots first: a reader given the new number must find its entries
        self.moves.append({})
        self.scanners.append(None)
        self.stacks.append(stack)
        return self.numbers[stack]


class LineParser:
    """Parses text with ``lark``'s tables (see the module docstring); built once per grammar."""

    def __init__(self, lark: Lark) -> None:
        frontend = lark.parser
        lexer = frontend.lexer
        if not isinstance(lexer, ContextualLexer) or frontend.lexer_conf.postlex is not None:
            raise ValueError("a line grammar is parsed with Lark's contextual lexer and no postlexer")
        for rule in lark.rules:
            origin = rule.origin.name
            if not (origin == "start" or str(origin).startswith("_")) or rule.alias or rule.options.expand1:
                raise ValueError(f"rule {origin!r}: a line grammar inlines every rule but 'start' (name them '_...')")
            if any(isinstance(sym, Terminal) and sym.filter_out for sym in rule.expansion):
                raise ValueError(f"rule {origin!r} filters out a terminal: a line grammar keeps every token")
        table = frontend.parser.parser.parse_table
        self.lark = lark
        self.start: int = table.start_states["start"]
        self.end: int = table.end_states["start"]
        root = lexer.root_lexer
        self.ignore = frozenset(root.ignore_types)  # type: ignore[attr-defined]
        self.root = root
        root.scanner  # type: ignore[attr-defined]  # noqa: B018 - Lark works out the callbacks with the scanner
        if root.callback:  # type: ignore[attr-defined]  # every state's lexer has a subset of these
            raise ValueError(f"terminals {sorted(root.callback)} need Lark's lexer callbacks")  # type: ignore[attr-defined]
        self.lexers = lexer.lexers
        self.scanners: dict[int, tuple[re.Pattern[str], ...]] = {}
        """The compiled scanner of each parser state, taken from Lark's lexer of that state when first
        needed: Lark compiles a state's scanner (a regex of every terminal it accepts) on first use, and
        most states of a grammar are never reached by most files."""
        # Lark names rules with Tokens, whose == is a Python method: the table here is keyed by plain str.
        self.actions: dict[int, dict[str, _Step]] = {
            state: {
                str(kind): (True, arg, 0, "")
                if action is Shift
                else (False, 0, len(arg.expansion), str(arg.origin.name))
                for kind, (action, arg) in actions.items()
            }
            for state, actions in table.states.items()
        }
        self.most_configs = _MOST_CONFIGS
        self.configs = _Configurations(self.start)
        """The configurations met so far and their moves (see :class:`_Configurations`)."""
        self._growing = threading.Lock()
        """Held while a configuration's move is worked out and added: a Dask worker may run several
        threads, and two threads numbering a new stack at once would give one number two stacks."""

    def parse(self, text: str) -> list[Token]:
        """The tokens of ``text`` in order (the ignored ones left out), or Lark's exception for text the
        grammar does not accept."""
        configs = self.configs
        if len(configs.stacks) > self.most_configs:
            # afresh, as a new object: a parse under way in another thread keeps reading the old one
            configs = self.configs = _Configurations(self.start)
        scanners, ignore, moves, tokens = configs.scanners, self.ignore, configs.moves, []
        config = 0
        pos, line, line_start, end = 0, 1, 0, len(text)
        while pos < end:
            for scanner in scanners[config] or self._scanner(configs, config):
                m = scanner.match(text, pos)
                if m is not None:
                    break
            else:
                return self._lark_parse(text)
            kind, value, after = m.lastgroup, m.group(), m.end()
            newlines = value.count("\n")
            column, start_line = pos - line_start + 1, line
            if newlines:
                line += newlines
                line_start = pos + value.rindex("\n") + 1
            if kind not in ignore:
                to = moves[config].get(kind)  # type: ignore[arg-type]
                config = self._move(configs, config, kind) if to is None else to  # type: ignore[arg-type]
                if config < 0:
                    return self._lark_parse(text)
                token = _new_token(Token, value)
                token.type, token.value, token.start_pos = kind, value, pos  # type: ignore[assignment]
                token.line, token.column, token.end_line = start_line, column, line
                token.end_column, token.end_pos = after - line_start + 1, after
                tokens.append(token)
            pos = after
        ended = moves[config].get("$END")
        if (self._move(configs, config, "$END") if ended is None else ended) < 0:
            return self._lark_parse(text)
        return tokens

    def unknown_lines(self, text: str) -> list[int]:
        """The numbers (1-based) of the lines of ``text`` that no terminal of the grammar matches, in
        any parser state: lines no rule knows, as opposed to lines out of place
        (:mod:`~studbook.parsers.unknown_lines`). Asked only of a text the grammar refused, so each
        line is tried against every terminal (the root lexer's scanner) without a cache."""
        scanners = tuple(self.root.scanner._mres)  # type: ignore[attr-defined]
        found, pos, number = [], 0, 1
        while pos < len(text):
            if not any(scanner.match(text, pos) for scanner in scanners):
                found.append(number)
            end = text.find("\n", pos)
            pos, number = (len(text) if end < 0 else end + 1), number + 1
        return found

    def _scanner(self, configs: _Configurations, config: int) -> tuple[re.Pattern[str], ...]:
        """Lark's compiled scanner of the parser state of configuration ``config`` (its regexes, tried
        in order)."""
        state = configs.stacks[config][-1]
        mres = self.scanners.get(state)
        if mres is None:
            mres = self.scanners[state] = tuple(self.lexers[state].scanner._mres)  # type: ignore[attr-defined]
        configs.scanners[config] = mres
        return mres

    def _move(self, configs: _Configurations, config: int, kind: str) -> int:
        """Where ``kind`` takes configuration ``config`` (-1: nowhere), worked out by :meth:`_shift` on a
        copy of its stack and remembered in ``configs.moves``."""
        with self._growing:
            to = configs.moves[config].get(kind)
            if to is not None:  # another thread worked it out meanwhile
                return to
            stack = list(configs.stacks[config])
            if not self._shift(stack, kind):
                to = -1
            elif kind == "$END":
                to = 0
            else:
                to = configs.number(tuple(stack))
            configs.moves[config][kind] = to
            return to

    def _shift(self, stack: list[int], kind: str) -> bool:
        """Reduce as the table says, then shift ``kind`` (for ``$END``: reduce until the end state);
        False where the table has no action (a token out of place)."""
        actions = self.actions
        while True:
            step = actions[stack[-1]].get(kind)
            if step is None:
                return False
            shift, target, size, origin = step
            if shift:
                if kind == "$END":
                    return False
                stack.append(target)
                return True
            if size:
                del stack[-size:]
            goto = actions[stack[-1]][origin]
            stack.append(goto[1])
            if kind == "$END" and goto[1] == self.end:
                return True

    def _lark_parse(self, text: str) -> list[Token]:
        """``Lark.parse``: its exception says what is wrong with ``text``."""
        return self.lark.parse(text)  # type: ignore[return-value]
