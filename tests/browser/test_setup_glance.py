"""« Mise en place » and the rules sheet in a real browser: the player counts as tabs used with
the keyboard, each opening position drawn by the game's board, the pages on a phone, and the
sheet on paper."""

from __future__ import annotations

import pytest

from tests.browser.touch import phone_page

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SELECTED = "() => document.querySelector('[role=tab][aria-selected=true]').textContent.trim()"
SHOWN = "() => [...document.querySelectorAll('.setup-count')].filter((p) => !p.hidden)" + (
    ".map((p) => p.id)"
)


def test_the_player_counts_are_tabs_used_with_the_keyboard(live_server, page, catalogue):
    page.goto(live_server.url + "/jeux/pow-wow/regle/mise-en-place/")
    assert page.evaluate(SELECTED) == "3 joueurs"  # the record's count, not the variant
    assert page.evaluate(SHOWN) == ["joueurs-3"]
    assert page.locator("#joueurs-3 .setup-board svg").count() == 1
    page.locator("[role=tab][aria-selected=true]").focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate(SELECTED) == "4 joueurs"
    assert page.evaluate("() => document.activeElement.textContent.trim()") == "4 joueurs"
    assert page.evaluate(SHOWN) == ["joueurs-4"]
    assert page.locator("#joueurs-4 .setup-board svg").count() == 1
    page.keyboard.press("Home")
    assert page.evaluate(SELECTED) == "2 joueurs (variante)"
    page.keyboard.press("End")
    assert page.evaluate(SELECTED) == "6 joueurs"
    # One tab stop for the list; the address keeps the count chosen.
    assert page.locator("[role=tab][tabindex='0']").count() == 1
    page.reload()
    assert page.evaluate(SELECTED) == "6 joueurs"
    # A box's item is ticked from its words; nothing is sent anywhere.
    page.get_by_text("6 dés", exact=True).click()
    assert page.locator("#contenu-4").is_checked()


def test_the_setup_page_and_the_sheet_fit_a_phone(live_server, browser, catalogue):
    context, phone = phone_page(browser)
    for path in ("/jeux/ta-yu/regle/mise-en-place/", "/jeux/bataclan/regle/imprimer/"):
        phone.goto(live_server.url + path)
        phone.locator(".setup-board svg, .setup-board .dice, .setup-board > *").first.wait_for()
        assert phone.evaluate("() => document.documentElement.scrollWidth") <= 390, path
    phone.goto(live_server.url + "/jeux/ta-yu/regle/mise-en-place/")
    phone.get_by_role("tab", name="4 joueurs").tap()
    assert phone.evaluate(SHOWN) == ["joueurs-4"]
    context.close()


def test_the_sheet_prints_on_a4_without_the_sites_header(live_server, page, catalogue):
    page.goto(live_server.url + "/jeux/alcatraz/regle/imprimer/")
    page.locator(".sheet-board svg").first.wait_for()
    assert page.locator(".print-button").is_visible()  # shown once the script can print
    page.emulate_media(media="print")
    assert not page.locator(".site-header").is_visible()
    assert not page.locator(".sheet-tools").is_visible()
    assert page.locator(".sheet-qr svg").is_visible()
    pdf = page.pdf(format="A4")
    assert pdf.startswith(b"%PDF") and b"/MediaBox [0 0 595" in pdf.replace(b"\n", b" ")
