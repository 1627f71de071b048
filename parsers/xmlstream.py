"""A hardened, streaming XML reader for the sites that export hands as XML (iPoker, Merge).

Why pyexpat, driven by hand, rather than ``ElementTree.iterparse``, lxml or defusedxml:

* **Safety.** A hand history never needs a DTD, and without a DTD no entity can be declared: no
  expansion bomb (billion laughs), no external entity, no file or network access. Three walls keep
  DTDs out: a line holding ``<!DOCTYPE``/``<!ENTITY``/... is refused before expat sees it; every file
  is parsed inside a root element of the reader's own, where a DOCTYPE is not even well-formed; and
  the expat handlers refuse a doctype, an entity declaration and an external entity reference, with
  parameter entities switched off (expat >= 2.4 also limits entity amplification itself).
  ElementTree's pull parser exposes none of these hooks (its C parser hides the expat object), lxml
  would be a new compiled dependency whose safety rests on remembering the right keyword arguments,
  and defusedxml is a wrapper around exactly these expat handlers.
* **Speed, measured** (benchmarks/xml_import.py, a 100 MB iPoker session of 25,600 stud8 hands, hands
  per CPU second on the shared 2-core machine): expat with no handlers 9,400; ``ElementTree.iterparse``
  clearing each hand 6,600; this reader (expat with these handlers, every element with its line) 4,100;
  the whole ``parse_file`` (every Hand built) 1,750. ``XMLPullParser`` fed line by line to learn each
  element's line measured 5,200-6,500 on a 6 MB session: a faster start, but it hides the expat hooks
  above and would save under a tenth of ``parse_file``'s time, which is spent building the hands.
* **Streaming.** Lines go in as they are decoded (``parsers/reading.py``); each child of the root —
  a session's ``<general>``, each ``<game>`` — is handed out as soon as its end tag is read and is
  not kept afterwards, so memory is one hand whatever the size of the file.
* **Line numbers** come from expat, so every error names the file line of the hand's element.

Malformed XML kills an expat parser for good; so that one broken hand does not lose the rest of the
session, the reader reports the error and resumes at the next line that starts a hand element with
a fresh parser (the hand element is ``<game`` for both sites). Merge files are a sequence of
top-level elements with no root, so the reader always parses inside a synthetic root element of its
own (the XML declaration, if any, is dropped: the text is already decoded).
"""

from __future__ import annotations

import pyexpat
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .errors import ParseError

_ROOT = "studbook-xml-root"
"""The synthetic root every file is parsed inside (a name no site uses)."""

_DECLARATION = re.compile(r"\s*<\?xml\b[^>]*\?>")

MAX_ELEMENTS = 50_000
"""Elements one hand (child of the root) may hold. A real stud hand has under 200; a hand element
that never ends would otherwise hold the whole file in memory."""


class Node:
    """One element: tag, attributes, text (stripped) and the 1-based file line of its start tag.

    Mutable only while the reader builds it; sites read it as data. A plain slotted class rather than a
    dataclass: ~40 are made per hand, and a dataclass's ``default_factory`` doubles their cost."""

    __slots__ = ("attrs", "children", "line", "tag", "text")

    def __init__(self, tag: str, attrs: dict[str, str], line: int) -> None:
        self.tag = tag
        self.attrs = attrs
        self.line = line
        self.children: list[Node] = []
        self.text = ""

    def __repr__(self) -> str:
        return f"Node({self.tag!r}, {self.attrs!r}, line={self.line}, {len(self.children)} children)"

    def find(self, tag: str) -> Node | None:
        """The first child called ``tag``."""
        return next((c for c in self.children if c.tag == tag), None)

    def iter(self, tag: str) -> Iterator[Node]:
        """Every descendant called ``tag``, in document order."""
        for child in self.children:
            if child.tag == tag:
                yield child
            yield from child.iter(tag)


@dataclass(frozen=True, slots=True)
class TopElement:
    """A complete child of the document's root (``<general>``, ``<game>``, ``<description>``) and the
    attributes of the root it sits in (``session`` for iPoker; empty for root-less Merge files)."""

    node: Node
    root_tag: str
    root_attrs: dict[str, str]


class _Refused(Exception):
    """Raised inside an expat handler to stop the parse (a DTD or an entity)."""


class _Session:
    """One expat parser over part of a file; collects finished top elements in ``done``.

    ``offset`` is the file line before the first line fed; ``wrapper`` the root element (iPoker's
    ``<session>``) already open when a parser resumes inside it."""

    def __init__(self, offset: int, wrapper: tuple[str, dict[str, str]] | None = None) -> None:
        self.offset = offset
        self.stack: list[Node] = []
        self.text: list[str] = []
        self.done: list[TopElement] = []
        self.root_tag, self.root_attrs = "", {}
        self.count = 0
        p = pyexpat.ParserCreate()
        p.buffer_text = True
        p.SetParamEntityParsing(pyexpat.XML_PARAM_ENTITY_PARSING_NEVER)
        p.StartDoctypeDeclHandler = self._doctype
        p.EntityDeclHandler = self._entity
        p.ExternalEntityRefHandler = self._external
        p.StartElementHandler = self._start
        p.EndElementHandler = self._end
        p.CharacterDataHandler = self._data
        self.parser = p
        p.Parse(f"<{_ROOT}>" + (f"<{wrapper[0]}>" if wrapper else ""), False)  # no newline: line 1 stays line 1
        if wrapper:
            self.root_attrs = wrapper[1]

    def line(self) -> int:
        """The file line expat is at (it counts from 1 in what it was fed)."""
        return self.parser.CurrentLineNumber + self.offset

    def _doctype(self, *_: object) -> None:
        raise _Refused(
            "a DTD (<!DOCTYPE ...>) is not allowed in a hand history: its entities could "
            "expand without bound or read files and URLs"
        )

    def _entity(self, *_: object) -> None:
        raise _Refused("an entity declaration is not allowed in a hand history")

    def _external(self, *_: object) -> int:
        raise _Refused("an external entity is not allowed in a hand history")

    def _start(self, tag: str, attrs: dict[str, str]) -> None:
        if tag == _ROOT:
            return
        if not self.stack and not self.root_tag and tag in _WRAPPERS:
            self.root_tag, self.root_attrs = tag, attrs  # the file's real root: not a hand
            return
        self.count += 1
        if self.count > MAX_ELEMENTS:
            raise _Refused(f"a hand element with more than {MAX_ELEMENTS:,} elements is not a hand")
        node = Node(tag, attrs, self.parser.CurrentLineNumber + self.offset)
        stack = self.stack
        if stack:
            if self.text:
                self.flush_text()
            stack[-1].children.append(node)
        stack.append(node)

    def _end(self, tag: str) -> None:
        if not self.stack:
            if tag == self.root_tag:
                self.root_tag, self.root_attrs = "", {}
            return
        if self.text:
            self.flush_text()
        node = self.stack.pop()
        if not self.stack:
            self.done.append(TopElement(node, self.root_tag, self.root_attrs))
            self.count = 0

    def _data(self, text: str) -> None:
        # the layout between elements is whitespace: dropped unless it continues a text already begun
        if self.stack and (self.text or not text.isspace()):
            self.text.append(text)

    def flush_text(self) -> None:
        """Give the open element the text read since its last child (or start tag)."""
        joined = "".join(self.text).strip()
        if joined:
            node = self.stack[-1]
            node.text = f"{node.text} {joined}" if node.text else joined
        self.text = []


_WRAPPERS = frozenset({"session"})
"""Elements that wrap a file's hands rather than being one (iPoker's ``<session>``)."""

_HAND_START = re.compile(r"<game[\s>/]")
GAME_LINE = re.compile(r"\s*<game[\s>/]")
"""A line that starts a hand element (``<game``, both XML sites), as a reader of a growing file sees it."""
_WRAPPER_START = re.compile(r"<session[\s>]")
_DTD = re.compile(r"<!(?:DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)\b", re.IGNORECASE)
_PLAIN = "plain XML elements and attributes, without <!DOCTYPE> or <!ENTITY>"


def read_top_elements(lines: Iterable[str], source_file: str, site: str) -> Iterator[TopElement | ParseError]:
    """The complete children of the root of an XML hand-history file, in order, as they are read.

    A well-formedness error, a DTD or an entity becomes a :class:`ParseError` naming the file, the line
    of the hand's start tag (or of the broken text outside any hand) and what went wrong; reading then
    resumes at the next line holding a hand element."""
    session: _Session | None = _Session(0)
    wrapper: tuple[str, dict[str, str]] | None = None
    for number, raw in enumerate(lines, 1):
        line = _DECLARATION.sub("", raw, count=1) if number == 1 else raw
        if _DTD.search(line):
            if session is not None:
                yield ParseError(
                    source_file,
                    number,
                    line.strip()[:200],
                    _PLAIN,
                    "a DTD or entity declaration (<!DOCTYPE ...>, <!ENTITY ...>) is not allowed in a "
                    "hand history: its entities could expand without bound or read files and URLs",
                )
                wrapper = (session.root_tag, session.root_attrs) if session.root_tag else None
                session = None
            continue
        if session is None:
            m = _HAND_START.search(line)
            if m is None:
                if wrapper is None and _WRAPPER_START.search(line):
                    wrapper = ("session", {})  # skipped past the session's start: it is open
                continue
            session = _Session(number - 1, wrapper)
            line = line[m.start() :]  # the hand element may start mid-line (after the one before)
        try:
            session.parser.Parse(line + "\n", False)
        except (pyexpat.ExpatError, _Refused) as err:
            yield _error(session, err, source_file, site, line)
            wrapper = (session.root_tag, session.root_attrs) if session.root_tag else None
            session = None
            continue
        if session.done:
            yield from session.done
            session.done.clear()
    if session is None:
        return
    # A session whose closing tag is missing after its last complete hand (the iPoker Five Card Stud
    # sample ends so) loses nothing: it is closed here. A hand cut off mid-element is an error.
    closing = f"</{session.root_tag}>" if session.root_tag and not session.stack else ""
    try:
        session.parser.Parse(f"{closing}</{_ROOT}>", True)
    except (pyexpat.ExpatError, _Refused) as err:
        yield _error(session, err, source_file, site, "(end of file)")
        return
    yield from session.done


def _error(session: _Session, err: Exception, source_file: str, site: str, text: str) -> ParseError:
    """The error of a broken part of the file, placed at the hand being read (or the broken line)."""
    if isinstance(err, pyexpat.ExpatError):
        where = session.stack[0].line if session.stack else err.lineno + session.offset
        message = (
            f"broken XML in this {site} hand ({pyexpat.ErrorString(err.code)} at line "
            f"{err.lineno + session.offset}, column {err.offset + 1})"
        )
        expected = "well-formed XML: every element closed, attribute values quoted, & written as &amp;"
        if not session.stack:
            message = f"broken XML in this {site} file ({pyexpat.ErrorString(err.code)})"
    else:
        where = session.stack[0].line if session.stack else session.line()
        message = str(err)
        expected = _PLAIN
    return ParseError(source_file, where, text.strip()[:200], expected, message)
