"""The ``studbook`` command line: :func:`main` and one ``cmd_<name>`` module per sub-command."""

from .app import main

__all__ = ["main"]
