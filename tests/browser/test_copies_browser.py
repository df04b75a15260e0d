"""Copies in a real browser, on a phone and a desktop: the game page's « Exemplaires » and the
line near the title, the search's « disponible maintenant » filter; no accessibility violation,
nothing wider than the screen. Screenshots land in /tmp/shots/copies/ for a human to look at."""

from __future__ import annotations

import datetime
from pathlib import Path

import pytest

from tests.browser.conftest import watch_csp
from tests.browser.test_catalogue_a11y import serious_violations
from tests.browser.touch import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path("/tmp/shots/copies")
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture
def shelved(catalogue):
    """The sample catalogue with copies: Ta Yü all out, Alcatraz one in of two."""
    from catalogue.index import store
    from catalogue.models import Copy, Game

    ta_yu, alcatraz = Game.objects.get(slug="ta-yu"), Game.objects.get(slug="alcatraz")
    Copy.objects.create(
        game=ta_yu, barcode="T1", call_number="J STR TAY", location="Ludothèque",
        section="Jeux de règles", status="on_loan", due_date=datetime.date(2026, 12, 20),
    )  # fmt: skip
    Copy.objects.create(game=ta_yu, barcode="T2", call_number="J STR TAY 2", status="repair")
    Copy.objects.create(game=alcatraz, barcode="A1", call_number="J STR ALC", location="Annexe")
    Copy.objects.create(
        game=alcatraz, barcode="A2", call_number="J STR ALC 2", location="Ludothèque",
        status="on_loan", due_date=datetime.date(2027, 1, 8),
    )  # fmt: skip
    store.replica().rebuild()


@pytest.fixture(params=["phone", "desktop"])
def screen(request, browser):
    phone = request.param == "phone"
    context = browser.new_context(
        locale="fr-FR",
        viewport=PHONE if phone else DESKTOP,
        has_touch=phone,
        is_mobile=phone,
    )
    page = context.new_page()
    violations = watch_csp(page)
    yield request.param, page
    context.close()
    assert violations == [], f"Content-Security-Policy violations: {violations}"


def fits(page) -> bool:
    return page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")


def test_game_page_shows_its_copies(live_server, shelved, screen):
    name, page = screen
    page.goto(f"{live_server.url}/jeux/ta-yu/")
    line = page.locator(".availability")
    assert "Tous les exemplaires sont sortis, retour prévu le 20 décembre" in line.inner_text()
    table = page.locator("#exemplaires")
    assert "en prêt jusqu’au 20 décembre" in table.inner_text()
    assert "en réparation" in table.inner_text()
    assert fits(page)
    assert serious_violations(page) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"game-{name}.png"), full_page=name == "desktop")
    # The line near the title leads to the list (keyboard: a link).
    page.goto(f"{live_server.url}/jeux/alcatraz/")
    assert "Disponible : 1 exemplaire sur 2" in page.locator(".availability").inner_text()
    page.locator(".availability a").focus()
    page.keyboard.press("Enter")
    assert page.url.endswith("#exemplaires")
    page.locator("#exemplaires").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"game-copies-{name}.png"))


def test_search_filter_available_now(live_server, shelved, screen):
    name, page = screen
    page.goto(f"{live_server.url}/?available=1")
    assert "1 jeu trouvé" in page.locator("#results-title").inner_text()
    assert "Alcatraz" in page.locator(".results").inner_text()
    assert page.locator("#id_available").is_checked()
    assert fits(page)
    assert serious_violations(page) == []
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"search-available-{name}.png"), full_page=name == "desktop")
    if name == "desktop":
        # The facet offers the filter with its count, from the unfiltered search.
        page.goto(f"{live_server.url}/")
        facet = page.locator(".facet", has_text="Emprunter")
        assert "disponible maintenant" in facet.inner_text() and "1" in facet.inner_text()
