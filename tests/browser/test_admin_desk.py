"""The librarians' desk and the duplicates' pages in a real browser: the accessibility audit,
the period chosen from the keyboard, a merge confirmed, on a desk and on a phone."""

import os
from datetime import timedelta

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from catalogue.models import Author, Credit
from catalogue.services import author_get_or_create
from desk import counting
from desk.models import WeeklyCount
from tests.factories import make_game

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

Kind = WeeklyCount.Kind
#: Set to a directory to keep the screenshots the tests take (/tmp/shots/desk).
SHOTS = os.environ.get("DESK_SHOTS_DIR", "")


def violations(page) -> list[str]:
    options = {"resultTypes": ["violations"], "rules": {"target-size": {"enabled": True}}}
    results = Axe().run(page, options=options)
    return [
        f"{v['id']} ({v.get('impact')}): {v['help']} {[n['target'] for n in v['nodes']]}"
        for v in results.response["violations"]
    ]


def assert_accessible(page) -> None:
    found = violations(page)
    assert found == [], "\n".join(found)


def shoot(page, name: str) -> None:
    if SHOTS:
        os.makedirs(SHOTS, exist_ok=True)
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.fixture
def counted(db):
    pow_wow = make_game("Pow Wow", authors=("Ronald Corn",))
    make_game("Pow-Wow")
    buffalo = make_game("Prairie ou Buffalo")
    this = counting.this_week()
    for weeks_ago in range(12):
        week = this - timedelta(weeks=weeks_ago)
        add = WeeklyCount.objects.create
        add(week=week, kind=Kind.SEARCH, key="", count=30 + 7 * (weeks_ago % 5))
        add(week=week, kind=Kind.SEARCH_EMPTY, key="dixit", count=1 + weeks_ago % 4)
        add(week=week, kind=Kind.SEARCH_EMPTY, key="les aventuriers du rail", count=weeks_ago % 3)
        add(week=week, kind=Kind.SEARCH_WORD, key="strategie", count=5 + weeks_ago % 6)
        add(week=week, kind=Kind.SEARCH_WORD, key="cooperatif", count=3)
        add(week=week, kind=Kind.FILTER, key="players=4", count=4 + weeks_ago % 2)
        add(week=week, kind=Kind.FILTER, key="age=6", count=2)
        add(week=week, kind=Kind.GAME_VIEW, key=str(pow_wow.pk), count=9 + weeks_ago % 3)
        add(week=week, kind=Kind.GAME_VIEW, key=str(buffalo.pk), count=4)
        add(week=week, kind=Kind.GAME_PLAY, key=str(buffalo.pk), count=weeks_ago % 4)
    return pow_wow, buffalo


def test_the_desk_passes_the_audit_and_its_period_is_chosen_by_keyboard(
    live_server, signed_in, counted
):
    page = signed_in
    page.goto(live_server.url + "/admin/bureau/")
    expect(page.get_by_role("heading", name="Le bureau des bibliothécaires")).to_be_visible()
    expect(page.locator("svg.desk-bar, rect.desk-bar").first).to_be_attached()
    assert_accessible(page)
    shoot(page, "desk-1280")
    link = page.get_by_role("link", name="52 dernières semaines")
    link.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/admin/bureau/?weeks=52")
    expect(page.get_by_role("link", name="52 dernières semaines")).to_have_attribute(
        "aria-current", "page"
    )


def test_the_desk_on_a_phone(live_server, browser, signed_in, counted):
    context = browser.new_context(
        locale="fr-FR", viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    context.add_cookies(signed_in.context.cookies())
    page = context.new_page()
    try:
        page.goto(live_server.url + "/admin/bureau/")
        expect(page.get_by_role("heading", name="Recherches sans résultat")).to_be_visible()
        shoot(page, "desk-390")
        # Nothing wider than the phone's screen: no sideways scrolling.
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert_accessible(page)
        page.goto(live_server.url + "/admin/doublons/")
        expect(page.get_by_role("link", name="Fusionner « Pow-Wow »")).to_be_visible()
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        assert_accessible(page)
        shoot(page, "duplicates-390")
    finally:
        context.close()


def test_a_duplicate_is_merged_from_the_proposals(live_server, signed_in):
    page = signed_in
    corn = author_get_or_create(name="Ronald Corn")
    lower = Author.objects.create(name="Ronald corn", slug="ronald-corn-2")
    Credit.objects.create(game=make_game("Pow Wow"), author=corn)
    Credit.objects.create(game=make_game("Alcatraz"), author=lower)
    make_game("Ta Yü")
    make_game("Ta-Yu")
    page.goto(live_server.url + "/admin/")
    page.get_by_role("link", name="Doublons probables").first.click()
    expect(page.get_by_role("heading", name="Doublons probables")).to_be_visible()
    assert_accessible(page)
    shoot(page, "duplicates-1280")
    page.get_by_role("link", name="Fusionner « Ronald corn »").click()
    expect(page.get_by_text("crédits déplacés vers la fiche gardée : 1")).to_be_visible()
    assert_accessible(page)
    shoot(page, "merge-confirm-1280")
    page.get_by_role("button", name="Fusionner").click()
    expect(page.locator(".messagelist")).to_contain_text("est fusionné dans « Ronald Corn »")
    assert not Author.objects.filter(pk=lower.pk).exists()
    assert corn.credits.count() == 2
