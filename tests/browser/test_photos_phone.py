"""A game's box photos in a real browser, on a phone (390 × 844, touch) and a desktop: the
photo loads in a modern format at the size the page shows it, nothing moves while it loads, the
search shows thumbnails, and the pages pass the accessibility check."""

from __future__ import annotations

import os

import pytest
from axe_playwright_python.sync_playwright import Axe

from tests.browser.touch import phone_page
from tests.catalogue.photo_files import photo_bytes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = os.environ.get("PHOTO_SHOTS_DIR", "/tmp/shots/photos")

# Layout shifts of the page so far (what Lighthouse sums into CLS), from a buffered observer.
CLS = """() => new Promise((resolve) => {
  let total = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (!entry.hadRecentInput) total += entry.value;
  }).observe({type: 'layout-shift', buffered: true});
  setTimeout(() => resolve(total), 500);
})"""

PHOTO = """() => {
  const img = document.querySelector('.game-photo-main img');
  const box = img.getBoundingClientRect();
  return {complete: img.complete, natural: img.naturalWidth, src: img.currentSrc,
          width: box.width, height: box.height, left: box.left,
          page: document.documentElement.scrollWidth};
}"""


@pytest.fixture
def photographed(live_server, catalogue, media_root):
    """The sample catalogue, two photos on Ta Yü and one on Alcatraz."""
    from catalogue.models import Game
    from catalogue.photos.services import photo_add, photo_prepare

    ta_yu = Game.objects.get(slug="ta-yu")
    for colour, alt in (((180, 30, 30), "Boîte du jeu Ta Yü"), ((30, 30, 160), "Le plateau")):
        processed = photo_prepare(photo_bytes((1600, 1200), colour=colour))
        photo_add(game=ta_yu, processed=processed, alt_text=alt)
    alcatraz = Game.objects.get(slug="alcatraz")
    processed = photo_prepare(photo_bytes((900, 1200), colour=(20, 120, 40)))
    photo_add(game=alcatraz, processed=processed, alt_text="Boîte du jeu Alcatraz")
    return live_server.url


def test_a_games_photo_on_a_phone(browser, photographed):
    context, page = phone_page(browser)
    try:
        page.goto(photographed + "/jeux/ta-yu/")
        page.wait_for_function("document.querySelector('.game-photo-main img').complete")
        shown = page.evaluate(PHOTO)
        assert shown["natural"] > 0, shown  # loaded
        assert shown["src"].endswith((".avif", ".webp")), shown["src"]  # a modern format
        # Full width but for the page's margins, 4:3 as the box; the page does not scroll sideways.
        assert 340 <= shown["width"] <= 390 - 16 and shown["page"] <= 390
        assert abs(shown["height"] - shown["width"] * 3 / 4) < 2
        assert page.evaluate(CLS) < 0.01
        second = page.locator(".game-photo:not(.game-photo-main) img")
        assert second.get_attribute("loading") == "lazy"
        assert second.get_attribute("alt") == "Le plateau"
        page.screenshot(path=f"{SHOTS}/game-phone.png")
        page.screenshot(path=f"{SHOTS}/game-phone-full.png", full_page=True)
        # The search: a thumbnail beside the games that have one.
        page.goto(photographed + "/")
        page.wait_for_load_state("networkidle")
        thumbnails = page.locator(".card-photo img")
        assert thumbnails.count() == 2
        box = thumbnails.first.bounding_box()
        assert round(box["width"]) == 80
        assert page.evaluate(CLS) < 0.01
        page.screenshot(path=f"{SHOTS}/search-phone.png")
    finally:
        context.close()


def test_photo_pages_on_a_desktop_pass_the_accessibility_check(page, photographed):
    for path, name in (("/jeux/ta-yu/", "game"), ("/", "search")):
        page.goto(photographed + path)
        page.wait_for_load_state("networkidle")
        assert page.evaluate(CLS) < 0.01
        violations = Axe().run(page).response["violations"]
        assert [v["id"] for v in violations] == []
        page.screenshot(path=f"{SHOTS}/{name}-desktop.png")
    shown = page.goto(photographed + "/jeux/ta-yu/") and page.evaluate(PHOTO)
    assert round(shown["width"]) == 448  # 28rem, from a 640 or 1280 thumbnail
