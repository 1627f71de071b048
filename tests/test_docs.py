"""docs/ is in the repository and says what the code does: every reference from the code to a page (and
a section) exists, every rule id and every stat key is documented, and every folder of the package is
described in the architecture."""

from __future__ import annotations

import re

from conftest import REPO
from samples import tree_files

from studbook.analytics.stats import STATS
from studbook.engine.validate import RULES

DOCS = REPO / "docs"
REFERENCE = re.compile(r"docs/([a-z-]+\.md)(?:,? §(\d+))?")
CODE = [REPO / p for p in tree_files()]


def test_every_reference_in_the_code_points_at_a_page_and_section_that_exist() -> None:
    found = 0
    for path in CODE:
        for page, section in REFERENCE.findall(path.read_text(encoding="utf-8")):
            if page == "adding-a-site.md":  # written by another branch
                continue
            found += 1
            text = (DOCS / page).read_text(encoding="utf-8")
            if section:
                assert re.search(rf"^## {section}\. ", text, re.M), f"{path.name}: {page} has no section §{section}"
    assert found >= 15, "the code's references to the docs were not found"


def test_no_reference_to_the_old_top_level_documents() -> None:
    old = re.compile(r"\b(RULES|STATS|ARCHITECTURE|FORMATS)\.md")
    assert [p.name for p in CODE if old.search(p.read_text(encoding="utf-8"))] == []


def test_every_rule_id_is_documented() -> None:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    assert [rule for rule in RULES if f"`{rule}`" not in text] == []


def test_every_stat_is_documented() -> None:
    text = (DOCS / "stats.md").read_text(encoding="utf-8")
    missing = [s.key for s in STATS if f"`{s.key}`" not in text and f"`{s.key.rsplit('_', 1)[0]}_N`" not in text]
    assert missing == []


def test_the_architecture_describes_every_folder_of_the_package() -> None:
    text = (DOCS / "architecture.md").read_text(encoding="utf-8")
    folders = [p.name for p in REPO.iterdir() if p.is_dir() and (p / "__init__.py").exists()]
    assert [f for f in folders if f"`{f}/`" not in text] == []
