"""The start every studbook web page shares: doctype, charset, viewport, the Content-Security-Policy that
makes it self-contained, and its title and inline style.

Why one function: the policy is what keeps a page from fetching anything (no server, no network, nothing
a hostile name could make it load), so the replay pages (:mod:`.html_replay`) and the session report
(:mod:`.html_report`) must not drift apart in it. A page with a script allows inline scripts and nothing
else; a page without one allows none.
"""

from __future__ import annotations

import html


def page_head(title: str, css: str, *, script: bool, refresh: int | None = None) -> str:
    """The page up to its ``<body>``: ``title`` (plain text, escaped here), ``css`` inlined, inline
    scripts allowed only when ``script``, and a reload of itself every ``refresh`` seconds if given."""
    scripts = " script-src 'unsafe-inline';" if script else ""
    policy = f"default-src 'none'; style-src 'unsafe-inline';{scripts} img-src data:"
    return (
        "<!DOCTYPE html>\n"
        '<html lang="en">\n'
        "<head>\n"
        '<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{policy}">\n'
        '<link rel="icon" href="data:,">\n'
        + (f'<meta http-equiv="refresh" content="{int(refresh)}">\n' if refresh else "")
        + f"<title>{html.escape(title)}</title>\n"
        f"<style>{css}</style>\n"
        "</head>\n"
    )
