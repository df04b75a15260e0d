"""Alcatraz on a phone: a whole game against the computer, every move tapped on the board."""

import pytest

from tests.browser.touch import check_fits, phone_page, play_by_taps, start_match, tap_first_action

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# The origins nearest the boat first (the cell last), the targets nearest the boat first.
ROW = "const row = (name) => parseInt(name.slice(1), 10);"
NEAREST_BOAT = (
    "squares => { " + ROW + " return squares.map((s) => s.dataset.square)"
    ".sort((a, b) => (a === 'cell') - (b === 'cell') || row(a) - row(b)); }"
)
TARGETS = (
    "() => { " + ROW + " return [...document.querySelectorAll('#board [data-square]')]"
    ".filter((s) => s.querySelector('.target-mark, .target-zone')).map((s) => s.dataset.square)"
    ".sort((a, b) => (b === 'boat') - (a === 'boat') || row(a) - row(b)); }"
)


def tap_move(page) -> None:
    if tap_first_action(page):  # the alarm's die and direction, or a pass
        return
    origins = page.eval_on_selector_all("#board .movable[data-square]", NEAREST_BOAT)
    for origin in origins:
        page.locator(f'#board [data-square="{origin}"]').tap()
        targets = page.evaluate(TARGETS)
        if targets:
            page.locator(f'#board [data-square="{targets[0]}"]').tap()
            return
    raise AssertionError(f"no move from {origins}")


def test_whole_game_by_taps_on_a_phone(live_server, browser, catalogue, match_seed):
    match_seed("touch/alcatraz")
    context, page = phone_page(browser)
    try:
        start_match(page, live_server.url, "alcatraz", 2)
        # The dashed and hatched marks are explained under the board.
        legend = page.locator("#board .alcatraz-legend li")
        assert legend.count() == 4
        assert "dernier gardien" in page.locator('#board [data-mark="guard"]').inner_text()
        check_fits(page)
        turns = play_by_taps(page, lambda: tap_move(page))
        assert turns > 5
        assert "Victoire" in page.locator("#play-status").inner_text()
    finally:
        context.close()
