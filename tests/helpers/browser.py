"""Debian's headless Chromium, driven by Playwright, for the report's browser tests: it only
drives the system's ``/usr/bin/chromium`` (``.ci/run`` installs the package), never a
browser of its own."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


@contextmanager
def chromium() -> Iterator[Any]:
    """A launched headless Chromium (Playwright's browser object)."""
    from playwright import sync_api

    if not Path(CHROMIUM).is_file():
        raise FileNotFoundError(
            f"{CHROMIUM} not found: install Debian's chromium package (.ci/run does)"
        )
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            yield browser
        finally:
            browser.close()


class Opened:
    """A page opened from disk, with what it logged and asked for."""

    def __init__(self, browser: Any, path: Path, width: int = 1280, height: int = 900):
        self.url = path.resolve().as_uri()
        self.page = browser.new_page(viewport={"width": width, "height": height})
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.goto(self.url, wait_until="load")

    def texts(self, selector: str) -> list[str]:
        return [t.strip() for t in self.page.locator(selector).all_inner_texts()]

    def visible_rows(self, table: str) -> list[Any]:
        return [r for r in self.page.locator(f"#{table} > tbody > tr").all() if r.is_visible()]

    def column(self, table: str, index: int) -> list[str]:
        return [r.locator("td").nth(index).inner_text().strip() for r in self.visible_rows(table)]
