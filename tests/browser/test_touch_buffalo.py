"""Prairie / Buffalo on a phone: a whole game against the computer, by taps on the board.

On a touch screen the squares are about 31 px wide, so a tap on a destination only shows the move
(the piece drawn there, its name under the board); a second tap on it, or « Valider », plays it.
"""

import pytest

from tests.browser.touch import check_fits, phone_page, play_by_taps, start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The buffalo furthest up the board first: the quickest way to an end.
FURTHEST = """squares => squares.map((s) => s.dataset.square)
  .sort((a, b) => parseInt(b.slice(1), 10) - parseInt(a.slice(1), 10))"""


def tap_move(page, confirm_with_button: bool) -> None:
    for origin in page.eval_on_selector_all("#board .movable[data-square]", FURTHEST):
        page.locator(f'#board [data-square="{origin}"]').tap()
        targets = page.locator("#board [data-square]:has(.target-mark)")
        if not targets.count():
            continue
        target = targets.first.get_attribute("data-square")
        page.locator(f'#board [data-square="{target}"]').tap()
        # The first tap only chose: nothing is played until it is confirmed.
        assert page.locator("#board .board-confirm-move").inner_text().endswith(f"→ {target}")
        if confirm_with_button:
            page.locator("#board .board-confirm-ok").tap()
        else:
            page.locator(f'#board [data-square="{target}"]').tap()
        return
    raise AssertionError("no movable piece")


def test_whole_game_by_taps_on_a_phone(live_server, browser, catalogue, match_seed):
    match_seed("touch/buffalo")
    context, page = phone_page(browser)
    try:
        start_match(page, live_server.url, "prairie-ou-buffalo", 2)
        check_fits(page)
        # « Annuler » forgets the chosen destination; the piece stays chosen.
        page.locator('#board [data-square="c1"]').tap()
        page.locator('#board [data-square="c2"]').tap()
        page.locator("#board .board-confirm-cancel").tap()
        assert page.locator("#board .board-confirm").count() == 0
        assert page.locator('#board [data-square="c2"] .target-mark').count() == 1
        assert page.locator("#log li").count() == 0
        turns = {"n": 0}

        def turn() -> None:
            turns["n"] += 1
            tap_move(page, confirm_with_button=turns["n"] % 2 == 0)

        assert play_by_taps(page, turn) > 3
        assert "Victoire" in page.locator("#play-status").inner_text()
    finally:
        context.close()
