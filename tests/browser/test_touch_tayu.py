"""Ta Yü on a phone: a whole two-player game against the computer, by taps only.

The 19 × 19 squares are about 16 px wide on a 390 px screen, so a first tap shows the whole tile
where it would land (Go apps do the same) and a second tap inside it, or « Valider », places it;
« Tourner » turns it, no key needed.
"""

import pytest

from tests.browser.touch import (
    check_fits,
    phone_page,
    play_by_taps,
    start_match,
    tap_first_action,
    wait_for,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def tap_move(page, confirm_with_button: bool) -> None:
    if tap_first_action(page):  # draw from a column of the supply
        return
    for _turn in range(4):  # turn the tile until it fits somewhere
        if page.locator("#board .square.movable").count():
            break
        page.locator("#board .rotate").tap()
    square = page.locator("#board .square.movable").first.get_attribute("data-square")
    page.locator(f'#board [data-square="{square}"]').tap()
    # The first tap placed nothing: it shows the whole tile (three squares) and names the move.
    assert page.locator("#board .preview .ghost .stone").count() == 1
    assert page.locator("#board .board-confirm-move").inner_text().startswith("Poser la pierre")
    chosen = page.locator(f'#board [data-square="{square}"]').get_attribute("aria-label")
    assert "sélectionné" in chosen
    if confirm_with_button:
        page.locator("#board .board-confirm-ok").tap()
    else:
        page.locator(f'#board [data-square="{square}"]').tap()


def test_whole_game_by_taps_on_a_phone(live_server, browser, catalogue, match_seed):
    match_seed("browser/tayu/2")
    context, page = phone_page(browser)
    try:
        start_match(page, live_server.url, "ta-yu", 2)
        # The squares are named on the board as in the log: letters west to east, numbers down.
        coords = page.eval_on_selector_all(
            "#board svg.tayu .coord", "ts => ts.map(t => t.textContent)"
        )
        assert coords[:4] == ["A", "1", "B", "2"] and "S" in coords and "19" in coords
        tap_first_action(page)
        page.wait_for_selector("#board .square.movable")
        check_fits(page)
        rotation = page.locator("#board .rotation").inner_text()
        page.locator("#board .rotate").tap()  # « Tourner »: an on-screen button, no key
        assert page.locator("#board .rotation").inner_text() != rotation
        turns = {"n": 0}

        def turn() -> None:
            turns["n"] += 1
            tap_move(page, confirm_with_button=turns["n"] % 4 == 0)

        assert play_by_taps(page, turn, max_turns=200) > 10
        assert "pose la pierre" in page.locator("#log").inner_text()
    finally:
        context.close()


def test_a_tap_made_while_the_last_answer_is_on_its_way_is_sent_after_it(
    live_server, browser, catalogue, match_seed
):
    """A poll can show the new turn before the answer to the previous move arrives (the server
    has played it; its answer is still on the way): a move tapped then is sent once that answer
    is in, not dropped. (It was dropped, and the page waited for ever.)"""
    match_seed("browser/tayu/2")
    context, page = phone_page(browser)
    try:
        start_match(page, live_server.url, "ta-yu", 2)
        held = []

        def hold_the_first(route):
            if held:
                route.continue_()
            else:
                held.append((route, route.fetch()))

        page.route("**/moves/", hold_the_first)
        tap_first_action(page)  # the draw: played by the server, its answer held back
        page.wait_for_selector("#board .rotate")  # a poll shows the drawn stone, to place
        assert len(held) == 1 and "pose la pierre" not in page.locator("#log").inner_text()
        tap_move(page, confirm_with_button=True)  # while the draw's answer is still held
        route, response = held[0]
        route.fulfill(response=response)
        page.wait_for_function(
            "() => document.getElementById('log').textContent.includes('pose la pierre')"
        )
        assert page.locator("#play-message").inner_text() == ""
    finally:
        context.close()


def test_a_double_tap_sends_one_move(live_server, browser, catalogue, match_seed):
    """The second tap of a double tap waits for the first one's answer, which moves the match on
    from the position it was made in: it is dropped, not sent to be refused as stale."""
    match_seed("browser/tayu/2")
    context, page = phone_page(browser)
    try:
        start_match(page, live_server.url, "ta-yu", 2)
        held, sent = [], []

        def hold_the_first(route):
            sent.append(route.request.post_data)
            if held:
                route.continue_()
            else:
                held.append((route, route.fetch()))

        page.route("**/moves/", hold_the_first)
        draw = page.locator("#actions button").first
        draw.tap()
        draw.tap()  # the same draw again, while the first one's answer is held
        wait_for(page, lambda: bool(held))  # the handler runs only while the test waits
        route, response = held[0]
        route.fulfill(response=response)
        page.wait_for_selector("#board .rotate")
        # The next move goes after any request queued before it: once it has landed, a second
        # draw would have been sent too.
        tap_move(page, confirm_with_button=True)
        page.wait_for_function(
            "() => document.getElementById('log').textContent.includes('pose la pierre')"
        )
        assert len(sent) == 2 and '"draw"' not in sent[1]
        assert page.locator("#play-message").inner_text() == ""
        assert page.locator("#log").inner_text().count("Joueur 1 : prend une pierre") == 1
    finally:
        context.close()
