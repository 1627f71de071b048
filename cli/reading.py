"""Opening the database for a command that reads it (``stats``, ``spots``, ``chart``, ``report``,
``export``): the hand filters checked, the ``--db`` opened read-only, and the player asked for looked up,
each refusing with what to fix before anything is read.

Why a refusal is an exception (:class:`Refused`) that :func:`~.app.main` reports: every reading command
checks the same things in the same order, and each would otherwise repeat the same ``try`` and
``return fail(...)`` around them; the command states only what is its own.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, Any, Callable

from .app import OutputError, hand_filters

if TYPE_CHECKING:
    from ..analytics.stats import Filters
    from ..analytics.store import Store


class Refused(Exception):
    """A problem the user can fix, found before anything is read: :func:`~.app.main` prints it as
    :func:`~.app.fail` does (``studbook: error: ...``) and exits with status 2."""


def open_reader(args: argparse.Namespace, *checks: Callable[[], object]) -> Store:
    """The database or dataset ``--db`` names, opened for reading, after ``checks`` (an ``--out`` that
    must be writable, say) pass; a wrong filter value, an unwritable output or a database that cannot be
    read is :class:`Refused` with the reason."""
    from ..analytics.dataset import open_reader as open_db
    from ..analytics.store import StoreError

    try:
        for check in checks:
            check()
        return open_db(args.db)
    except (ValueError, StoreError, OutputError) as exc:
        raise Refused(str(exc)) from None


def filtered_reader(args: argparse.Namespace, *checks: Callable[[], object], **more: Any) -> tuple[Filters, Store]:
    """The hand filters of the command's options (``more``: further :class:`~..analytics.stats.Filters`
    fields, such as ``players``), checked first, and :func:`open_reader`'s database."""
    try:
        filters = hand_filters(args, **more)
    except ValueError as exc:
        raise Refused(str(exc)) from None
    return filters, open_reader(args, *checks)


def require_player(store: Store, player: str) -> None:
    """:class:`Refused` unless ``player`` played a stored hand, saying which names come closest."""
    from ..analytics.stats import unknown_player

    problem = unknown_player(store.con, player)
    if problem:
        raise Refused(problem)
