"""Everleaf Gaming: text hand histories with a three-line header.

Its real hands, and how its reader and rule profile follow them: NOTES.md beside this file."""

from __future__ import annotations

from ...site import text_site
from . import profile, reader, writer

SITE = text_site(
    "everleaf",
    "Everleaf",
    reader,
    writer.write_everleaf,
    writer.HAND_SEPARATOR,
    corpus="Everleaf",
    profile=profile.PROFILE,
)
