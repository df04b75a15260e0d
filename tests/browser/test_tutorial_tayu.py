"""Ta Yü's guided first game on a phone, by taps only, to « Jouer une vraie partie »: two
mistakes on the way (a dead end, a tile past the edge), each explained by its rule."""

import time

import pytest

from tests.browser.test_catalogue_a11y import serious_violations
from tests.browser.touch import phone_page
from tests.browser.tutorial import (
    finish,
    first_step,
    last_step,
    read_on,
    sentences,
    setup_fields,
    shoot,
    step_number,
    wait_feedback,
    wait_step,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]
GAME = "ta-yu"


def place(page, square: str, then: int | None = None) -> None:
    """A tile on the board by taps: a first tap shows it where it would land, a second places it;
    ``then``: the step the move leads to, awaited."""
    target = page.locator(f'#board [data-square="{square}"]')
    target.tap()
    page.wait_for_selector("#board .preview .ghost")
    page.locator(f'#board [data-square="{square}"]').tap()
    if then is not None:
        wait_step(page, then)


def draw(page, column: int, then: int | None = None) -> None:
    """A tile drawn from the supply's ``column``; ``then``: the step the move leads to, awaited."""
    page.get_by_role("button", name=f"Prendre dans la colonne {column}").tap()
    if then is not None:
        wait_step(page, then)


def test_the_whole_tutorial_by_taps_on_a_phone(live_server, browser, catalogue):
    context, page = phone_page(browser)
    try:
        started = first_step(page, live_server.url, GAME, 14, "vos deux rives, le Nord et le Sud")
        read = read_on(page)  # sentences a learner reads
        # Step 2: the first move, a draw; the supply is scripted, and the page says so once.
        assert "rangées d'avance" in page.locator("#tutorial-chance").inner_text()
        read += sentences(page)  # the note on the supply too
        draw(page, 1, then=3)
        print(f"first move accepted {time.monotonic() - started:.1f} s after opening")
        assert page.locator("#tutorial-chance").is_hidden()
        # Step 3: the first tile over the centre (j10), by two taps.
        read += sentences(page)
        shoot(page, GAME, "03-first-tile")
        place(page, "j10", then=4)
        assert "pose la pierre" in page.locator("#tutorial-moves").inner_text()
        read += sentences(page)
        draw(page, 2, then=5)
        # Step 5: the board first shows the tile lying across the channel: a dead end.
        read += sentences(page)
        shoot(page, GAME, "05-dead-end-shown-first")
        place(page, "j9")
        text = wait_feedback(page)
        assert "sans jamais créer d'illogisme" in text  # the rule's own words
        link = page.locator("#tutorial-feedback a")
        assert link.get_attribute("href").endswith(f"/jeux/{GAME}/#regle-tayu-canaux-ouverts")
        assert step_number(page) == 5
        assert serious_violations(page) == []  # the explanation shown, on a phone
        page.locator("#board .rotate").tap()  # « Tourner »: the tile stands up
        place(page, "j8", then=6)
        # Step 6: the ring on the back of column 2's front tile.
        assert "anneau" in page.locator("#board .tayu-supply li.ringed").inner_text()
        read += sentences(page)
        draw(page, 2, then=7)
        read += sentences(page)
        place(page, "j5", then=8)
        # Step 8: against the edge, not past it: j1 shows the tile sticking out, and is refused.
        read += sentences(page)
        place(page, "j1")
        text = wait_feedback(page)
        assert "Les côtés du plateau ne peuvent être dépassés" in text
        link = page.locator("#tutorial-feedback a")
        assert link.get_attribute("href").endswith(f"/jeux/{GAME}/#regle-tayu-bords-du-plateau")
        shoot(page, GAME, "08-middle-refused")
        place(page, "j2", then=9)
        assert "Nord 2" in page.locator("#board .tayu-scores").inner_text()
        read += sentences(page)
        place(page, "l1", then=10)
        read += sentences(page)
        assert "Nord 4 × Sud 0 = 0" in page.locator("#tutorial-text").inner_text()
        place(page, "j19", then=11)
        assert "Nord 4 × Sud 2 = 8" in page.locator("#board .tayu-scores").inner_text()
        # Step 11: another tile instead? No: a tile drawn must be placed.
        read += sentences(page)
        shoot(page, GAME, "11-anywhere")
        draw(page, 1)
        assert "doit toujours être posée" in wait_feedback(page)
        assert (
            page.locator("#tutorial-feedback a")
            .get_attribute("href")
            .endswith("#regle-tayu-pierre-a-poser")
        )
        place(page, "l8", then=12)
        read += sentences(page)
        draw(page, 1, then=13)
        assert "La pierre prise ne peut être posée." in page.locator("#board").inner_text()
        read += read_on(page)
        # The last step: the variants, and a real game with the setup filled in.
        last_step(page, GAME, 14, "gêneur", started=started, read=read)
        finish(page, live_server.url, GAME)
        assert setup_fields(page, "players", "seat_0", "seat_1") == ("2", "local", "bot:beginner")
    finally:
        context.close()
