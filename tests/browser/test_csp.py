"""Every page, the admin and the API docs included, works under the Content-Security-Policy
(the ``page`` fixture fails a test on any violation) — issue 9, item 6."""

import pytest
from django.contrib.auth import get_user_model

from tests.browser.conftest import watch_csp

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_api_docs_render_under_the_policy(live_server, page):
    page.goto(live_server.url + "/api/v1/docs/")
    page.locator("#games_search").wait_for()
    page.click("text=Essayer l’API (console interactive)")
    page.wait_for_url(live_server.url + "/api/v1/docs/essayer/")
    page.locator(".swagger-ui .info .title").wait_for()
    assert "Ludothèque" in page.locator(".swagger-ui .info .title").inner_text()
    page.locator(".opblock-summary").first.click()  # open one operation
    page.locator(".opblock-body").first.wait_for()


def test_admin_works_under_the_policy(live_server, page, catalogue):
    get_user_model().objects.create_superuser("root", password="root-pass-42")
    page.goto(live_server.url + "/admin/")
    page.fill("#id_username", "root")
    page.fill("#id_password", "root-pass-42")
    page.click("input[type=submit]")
    page.locator("#site-name").wait_for()
    page.goto(live_server.url + "/admin/catalogue/game/")
    page.locator("#result_list").wait_for()
    page.locator("#result_list tbody th a").first.click()
    page.locator("#game_form").wait_for()
    page.goto(live_server.url + "/admin/importers/importbatch/add/")
    page.locator("form").first.wait_for()


def test_catalogue_pages_work_under_the_policy(live_server, page, catalogue):
    for path in ("/", "/?q=strategie", "/jeux/alcatraz/", "/jeux/alcatraz/jouer/"):
        page.goto(live_server.url + path)
        page.locator("h1").first.wait_for()


def test_an_inline_script_is_refused_and_reported(live_server, browser, catalogue):
    context = browser.new_context()
    page = context.new_page()
    violations = watch_csp(page)
    page.goto(live_server.url + "/")
    page.evaluate(
        "() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1';"
        " document.body.appendChild(s); }"
    )
    page.wait_for_function("() => true")
    ran = page.evaluate("() => window.ran === 1")
    context.close()
    assert not ran and violations
