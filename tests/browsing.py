"""The headless Chromium the browser tests drive (the system's package, through Selenium and the
system's chromedriver), shared by every browser test module: the module-level skip when there is no
browser (a failure when ``STUDBOOK_REQUIRE_BROWSER=1``, as CI sets it), the ``browser`` and ``shots``
fixtures, opening a page with no console error, and screenshots at desktop and phone sizes.

conftest.py makes the fixtures every module's; a browser test module sets ``pytestmark = NEEDS_BROWSER``
and calls :func:`needs_selenium` first."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any, Iterator

import pytest

CHROMIUM = Path(os.environ.get("STUDBOOK_CHROMIUM", "/usr/bin/chromium"))
CHROMEDRIVER = Path(os.environ.get("STUDBOOK_CHROMEDRIVER", "/usr/bin/chromedriver"))
DESKTOP = (1280, 900)
PHONE = (390, 844)

_missing = [str(p) for p in (CHROMIUM, CHROMEDRIVER) if not p.exists()]
if _missing and os.environ.get("STUDBOOK_REQUIRE_BROWSER") == "1":
    raise RuntimeError(
        f"STUDBOOK_REQUIRE_BROWSER=1 but {', '.join(_missing)} missing: apt-get install chromium chromium-driver"
    )
NEEDS_BROWSER = pytest.mark.skipif(
    bool(_missing),
    reason=f"no browser to test the pages in: {', '.join(_missing)} not installed "
    "(apt-get install chromium chromium-driver; CI does)",
)


def needs_selenium() -> Any:
    """selenium's ``webdriver``, or the calling test module skipped, saying how to install it."""
    return pytest.importorskip("selenium.webdriver", reason="selenium is not installed: pip install -e '.[test]'")


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = Path(os.environ.get("STUDBOOK_SHOTS") or tmp_path_factory.mktemp("shots"))
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """One headless Chromium for the module: no sandbox (CI runs as root), no GPU, nothing fetched in
    the background, a profile of its own thrown away afterwards."""
    webdriver = needs_selenium()
    profile = tempfile.mkdtemp(prefix="studbook-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-dev-shm-usage",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=webdriver.ChromeService(str(CHROMEDRIVER)), options=options)
    driver.set_window_size(*DESKTOP)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


def _errors(driver: Any) -> list[str]:
    """The console's errors since the last call (reading the log empties it)."""
    return [entry["message"] for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]


def _open(driver: Any, path: Path) -> None:
    _errors(driver)
    driver.get(path.resolve().as_uri())
    assert _errors(driver) == [], f"console errors on {path.name}"


def _shoot(driver: Any, shots: Path, name: str, step: int | None = None) -> None:
    for size, label in ((DESKTOP, "desktop"), (PHONE, "phone")):
        driver.set_window_size(*size)
        if step is not None:
            driver.execute_script("document.querySelectorAll('#log li[data-step]')[arguments[0]].click()", step)
            driver.execute_script("window.scrollTo(0, 0)")
        driver.save_screenshot(str(shots / f"{name}-{label}.png"))
    driver.set_window_size(*DESKTOP)
