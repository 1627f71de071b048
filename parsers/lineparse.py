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
  has to accept or reject, since the tokens in order are the result.

It accepts exactly what Lark accepts. Whatever it does not accept it hands to ``Lark.parse``, which then
raises its own :class:`~lark.exceptions.UnexpectedInput` (what :func:`~studbook.parsers.textsite.lark_error`
turns into the hand's error message), so no error is worded or placed by this module.
"""

from __future__ import annotations

import re

from lark import Lark, Token
from lark.grammar import Terminal
from lark.lexer import ContextualLexer
from lark.parsers.lalr_analysis import Shift

_new_token = str.__new__
"""A Token is made as ``str.__new__(Token, text)`` with its eight fields set: what Lark's lexer makes, at a
sixth of the cost of ``Token(...)``, whose keyword-compatibility layer is most of it."""

_Step = tuple[bool, int, int, str]
"""An action of the parse table: (shift?, state to shift to, or the size and origin of the rule to reduce by)."""


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

    def parse(self, text: str) -> list[Token]:
        """The tokens of ``text`` in order (the ignored ones left out), or Lark's exception for text the
        grammar does not accept."""
        scanners, ignore, tokens = self.scanners, self.ignore, []
        stack = [self.start]
        pos, line, line_start, end = 0, 1, 0, len(text)
        while pos < end:
            state = stack[-1]
            for scanner in scanners.get(state) or self._scanner(state):
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
                if not self._shift(stack, kind):  # type: ignore[arg-type]
                    return self._lark_parse(text)
                token = _new_token(Token, value)
                token.type, token.value, token.start_pos = kind, value, pos  # type: ignore[assignment]
                token.line, token.column, token.end_line = start_line, column, line
                token.end_column, token.end_pos = after - line_start + 1, after
                tokens.append(token)
            pos = after
        if not self._shift(stack, "$END"):
            return self._lark_parse(text)
        return tokens

    def _scanner(self, state: int) -> tuple[re.Pattern[str], ...]:
        """Lark's compiled scanner of parser state ``state`` (its regexes, tried in order)."""
        mres = self.scanners[state] = tuple(self.lexers[state].scanner._mres)  # type: ignore[attr-defined]
        return mres

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
