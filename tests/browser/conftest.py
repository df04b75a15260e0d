"""Headless Chromium (Debian's package) driven by Playwright, against pytest-django's live server.

Browser tests are skipped when /usr/bin/chromium is missing on a developer's machine; in CI
(CI=true) a missing browser is an error, so they can never silently stop running there.
"""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

# Playwright's sync API runs an event loop in this thread; Django must allow ORM calls anyway.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"Chromium not found at {CHROMIUM}: CI must run the browser tests")
        pytest.skip("Chromium is not installed (scripts/system_deps.sh installs it)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(locale="fr-FR", viewport={"width": 1280, "height": 900})
    page = context.new_page()
    # The pages must load nothing from elsewhere: fail on any request off the live server.
    outside: list[str] = []
    page.on(
        "request",
        lambda request: (
            outside.append(request.url)
            if not request.url.startswith(("http://localhost", "http://127.0.0.1", "data:"))
            else None
        ),
    )
    yield page
    context.close()
    assert outside == [], f"third-party requests: {outside}"


@pytest.fixture
def catalogue(transactional_db, sample_files):
    """The five sample records, imported (browser tests need committed data: transactional)."""
    from importers.services import import_run

    import_run(files=sample_files, origin="test")
