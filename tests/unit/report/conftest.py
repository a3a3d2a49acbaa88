"""The browser the report's page tests open pages in (one a module)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.helpers.browser import chromium


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    pytest.importorskip("playwright.sync_api")
    try:
        with chromium() as launched:
            yield launched
    except FileNotFoundError as exc:
        pytest.fail(str(exc))
