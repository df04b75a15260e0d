"""Headless Chromium (Debian's package) driven by Playwright, against pytest-django's live server.

Browser tests are skipped when /usr/bin/chromium is missing on a developer's machine; in CI
(CI=true) a missing browser is an error, so they can never silently stop running there. The
launch configuration is the screenshots' too (scripts/chromium.py). Every page runs under the
site's Content-Security-Policy, and any violation it reports fails the test.
"""

from __future__ import annotations

import os

import pytest

from scripts.chromium import CHROMIUM, launch

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
        browser = launch(playwright)
        yield browser
        browser.close()


def watch_csp(page) -> list[str]:
    """The Content-Security-Policy violations ``page`` will report (its own event, and the
    console's « Refused to … » errors), as a list that fills as they happen."""
    violations: list[str] = []
    page.expose_function("__cspViolation", lambda text: violations.append(text))
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', event => "
        "window.__cspViolation(`${event.violatedDirective} ${event.blockedURI} "
        "at ${event.sourceFile}:${event.lineNumber}`));"
    )
    page.on(
        "console",
        lambda message: (
            violations.append(message.text)
            if message.type == "error" and "Content Security Policy" in message.text
            else None
        ),
    )
    return violations


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
    violations = watch_csp(page)
    yield page
    context.close()
    assert outside == [], f"third-party requests: {outside}"
    assert violations == [], f"Content-Security-Policy violations: {violations}"


@pytest.fixture
def catalogue(transactional_db, sample_files):
    """The five sample records, imported (browser tests need committed data: transactional)."""
    from importers.services import import_run

    import_run(files=sample_files, origin="test")


LIBRARIAN_PASSWORD = "bibli-0-theque-test"


@pytest.fixture
def signed_in(live_server, page):
    """The page, signed in to the admin as a librarian (« alice »)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.models import Group

    from catalogue.roles import LIBRARIAN_GROUP

    user = get_user_model().objects.create_user("alice", password=LIBRARIAN_PASSWORD, is_staff=True)
    user.groups.add(Group.objects.get(name=LIBRARIAN_GROUP))
    page.goto(live_server.url + "/admin/login/")
    page.fill("#id_username", "alice")
    page.fill("#id_password", LIBRARIAN_PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url("**/admin/")
    return page
