"""One headless Chromium launch, shared by the browser tests and ``scripts/screenshots.py``.

Debian's ``/usr/bin/chromium`` driven by Playwright: no browser download (never run
``playwright install``), no network beyond the site under test.
"""

from __future__ import annotations

import os
import shutil

CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def launch(playwright):
    """A headless Chromium browser from ``playwright`` (a started ``sync_playwright()``)."""
    return playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
