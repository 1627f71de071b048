"""The live session page (``studbook import --watch --page``) in headless Chromium, opened from disk.

A watch runs in a child process on a folder with a few hands; the page is opened once and never
loaded again by the test: after a hand is appended to the file, the page must show it by itself
(it reloads every few seconds and the watch rewrites it after each hand stored), link it to its
replay page, and load without a console error each time. The time from the append to the hand
showing is printed, not asserted. Skipped with the browser tests' reason (tests/browsing.py) when there is no browser.
"""

from __future__ import annotations

import re
import signal
import time
from pathlib import Path
from typing import Any

from live_session import HERO, sample_hands, start_watch, wait_for_line
from browsing import NEEDS_BROWSER, _errors, needs_selenium

from studbook.analytics.html_session import REFRESH_SECONDS

pytestmark = NEEDS_BROWSER
needs_selenium()
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.wait import WebDriverWait  # noqa: E402


def _shown(driver: Any) -> int:
    """The hands the page says the session has (``-1`` while it is being reloaded)."""
    found = driver.execute_script(
        "var s = document.getElementById('summary'); return s ? s.getAttribute('data-hands') : null;"
    )
    return int(found) if found is not None else -1


def test_the_live_page_shows_an_appended_hand_by_itself(browser: Any, shots: Path, tmp_path: Path) -> None:
    folder, db, page = tmp_path / "hh", tmp_path / "w.duckdb", tmp_path / "live.html"
    folder.mkdir()
    hands = sample_hands("stud-1-2-8max.txt", 6)
    table = folder / "table.txt"
    table.write_text("".join(hands[:5]), encoding="utf-8")
    watch = start_watch(folder, db, "--page", str(page), "--hero", HERO)
    try:
        wait_for_line(watch, r"table\.txt: \+5 hands")
        deadline = time.monotonic() + 120
        while "data-hands='5'" not in (page.read_text(encoding="utf-8") if page.exists() else ""):
            assert time.monotonic() < deadline and watch.poll() is None, "the page never showed the 5 hands"
            time.sleep(0.1)
        _errors(browser)
        browser.get(page.resolve().as_uri())
        assert _shown(browser) == 5
        assert browser.find_element(By.TAG_NAME, "h1").text == f"Live session: {HERO}"
        for section in ("results", "opponents", "last", "biggest", "allins", "violations"):
            assert browser.find_elements(By.ID, section), f"no {section} section"
        assert "At your tables" in browser.find_element(By.ID, "opponents").text
        browser.save_screenshot(str(shots / "live-session.png"))

        appended = time.monotonic()
        with table.open("a", encoding="utf-8") as f:
            f.write(hands[5])  # complete once the file is quiet for the settle interval
        WebDriverWait(browser, 120, poll_frequency=0.2).until(lambda d: _shown(d) == 6)
        print(
            f"the appended hand showed {time.monotonic() - appended:.1f} s after it was written "
            f"(the page reloads every {REFRESH_SECONDS} s)"
        )
        assert _errors(browser) == [], "console errors on the reloaded page"
        number = re.match(r"PokerStars Hand #(\d+)", hands[5])
        assert number is not None
        newest = browser.find_element(By.CSS_SELECTOR, "#last tbody tr")  # the newest first
        link = newest.find_element(By.TAG_NAME, "a")
        assert link.text == f"pokerstars:{number.group(1)}"
        link.click()
        WebDriverWait(browser, 60).until(lambda d: "replay" in d.title.lower() or number.group(1) in d.title)
        assert _errors(browser) == [], "console errors on the replay page"
        assert browser.find_elements(By.ID, "seats"), "the replay page shows the table"
    finally:
        watch.send_signal(signal.SIGINT)
        watch.wait(timeout=60)
