"""Bataclan in a real browser: one person against two bots, from the catalogue to the result.

The person rolls with the button, keeps a die by clicking it, and places dice with the gesture:
the page asks the server for a challenge, the marker sweeps, and the person presses « Poser »
(key-down or pointer-down) at a centre crossing off by a 60 ms timing spread; the server measures
the steadiness.
"""

import random
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from catalogue.models import Game
from play.services.matches import SeatSpec, match_start
from tests.browser.test_catalogue_a11y import serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

MY_TURN = (
    "() => !document.getElementById('outcome').hidden"
    " || document.querySelector('#actions button, .hand-die.movable') !== null"
)

READY = "() => document.querySelector('.gesture-track[data-period-ms]') !== null"

# In the page: press (pointer-down or key-down on « Poser ») at the marker's first centre
# crossing at least 300 ms from now, off by ``error`` ms — a person with a timing spread.
PRESS_AT_CENTRE = """([error, kind]) => {
  const track = document.querySelector('.gesture-track');
  const period = Number(track.dataset.periodMs), phase = Number(track.dataset.phase);
  const shown = Number(track.dataset.shownAt);
  const now = performance.now() - shown + 300;
  const half = period / 2;
  let t = (((0.25 - phase) % 0.5 + 0.5) % 0.5) * period;
  while (t < now) t += half;
  const stop = document.querySelector('.gesture-stop');
  const fire = () => stop.dispatchEvent(kind === 'key'
    ? new KeyboardEvent('keydown', {key: ' ', bubbles: true})
    : new PointerEvent('pointerdown', {button: 0, bubbles: true}));
  setTimeout(fire, Math.max(0, shown + t + error - performance.now()));
}"""


def log_length(page) -> int:
    return page.evaluate("() => document.getElementById('log').children.length")


def wait_for_progress(page, before: int) -> None:
    try:
        page.wait_for_function(
            f"() => document.getElementById('log').children.length > {before}"
            " || !document.getElementById('outcome').hidden"
        )
    except PlaywrightTimeout:
        # Say what the page showed: its message (a refused move?), its status, its buttons.
        shown = page.evaluate(
            "() => ['play-message', 'play-status', 'actions', 'log']"
            ".map((id) => id + ': ' + document.getElementById(id).innerText.slice(-300))"
        )
        raise AssertionError(f"no move logged after {before} lines: {shown}") from None


def test_three_player_game_with_the_gesture_against_two_bots(
    live_server, page, catalogue, match_seed
):
    match_seed("browser/bataclan/3")  # one deal of the dice on every run (the gesture still varies)
    errors = []  # script errors on the page (a board that failed to draw)
    page.on("pageerror", lambda error: errors.append(error.stack))
    page.goto(live_server.url + "/jeux/bataclan/")
    page.get_by_role("link", name="Jouer", exact=True).click()
    page.select_option("#id_players", "3")
    page.select_option("#id_seat_1", "bot:strong")
    page.select_option("#id_seat_2", "bot:beginner")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector("#board svg")
    hand = random.Random(60)  # a person pressing with a 60 ms timing spread
    gestures = keyboard_gestures = keeps = 0
    for _ in range(800):
        page.wait_for_function(MY_TURN)
        if page.locator("#outcome").is_visible():
            break
        before = log_length(page)
        dice = page.locator(".hand-die.movable")
        roll = page.get_by_role("button", name="Lancer les dés")
        if roll.count():
            if dice.count() and keeps < 2:
                dice.first.click()  # keep a die from the last roll
                keeps += 1
            else:
                roll.click()
        elif dice.count():
            # Placements come from the gesture only: the move list offers no steadiness.
            assert page.locator("#move-select option", has_text="stabilité").count() == 0
            dice.first.click()
            panel = page.locator(".bataclan-gesture")
            expect(panel).to_be_visible()
            if gestures == 0:
                assert serious_violations(page) == []
            page.wait_for_function(READY)  # the server's challenge arrived: the marker sweeps
            if gestures == 0:
                page.keyboard.press("Space")  # a real key-down on the focused « Poser »
            else:
                kind = "key" if gestures % 2 else "pointer"
                page.evaluate(PRESS_AT_CENTRE, [hand.gauss(0, 60), kind])
            keyboard_gestures += gestures == 0
            gestures += 1
        else:
            page.get_by_role("button", name="S'arrêter").click()
        wait_for_progress(page, before)
    expect(page.locator("#outcome")).to_be_visible()
    expect(page.locator("#outcome-text")).to_have_text(re.compile(r"Victoire : "))
    log = page.locator("#log").inner_text()
    assert gestures and keyboard_gestures and keeps
    assert re.search(r"pose un dé \w+ \S+ à l'étage \d+ \(stabilité \d,\d\d\)", log)
    assert "garde son dé" in log
    assert serious_violations(page) == []
    assert errors == []


# The WCAG contrast of two computed colours (« rgb(r, g, b) »), which axe does not check on SVG.
CONTRAST = """([fore, back]) => {
  const lum = (colour) => {
    const [r, g, b] = colour.match(/\\d+(\\.\\d+)?/g).slice(0, 3).map((v) => Number(v) / 255)
      .map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [a, b] = [lum(fore), lum(back)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""
# Each unrolled die's « ? » and the die under it, as drawn; then the same on each size of die.
UNROLLED = """() => {
  const pairs = [...document.querySelectorAll('.die-face.unrolled')].map((text) =>
    [getComputedStyle(text).fill, getComputedStyle(text.parentNode.querySelector('.die')).fill]);
  const svg = document.querySelector('#board svg');
  for (const size of ['standard', 'medium', 'giant']) {
    const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
    g.setAttribute('class', 'hand-die ' + size);
    g.innerHTML = '<rect class="die" width="30" height="30"/>'
      + '<text class="die-face unrolled">?</text>';
    svg.appendChild(g);
    pairs.push([getComputedStyle(g.lastChild).fill, getComputedStyle(g.firstChild).fill, size]);
    g.remove();
  }
  return pairs;
}"""


def test_an_unrolled_dies_question_mark_is_readable(live_server, page, catalogue, match_seed):
    """The « ? » on a die not rolled yet has a 4.5:1 contrast at least, on every size of die
    (issue 39 measured 1.9 to 3.6:1)."""
    match_seed("browser/bataclan/3")
    game = Game.objects.get(engine="bataclan")
    bots = [SeatSpec("bot", bot_level="beginner")] * 2
    match, token = match_start(game=game, seats=[SeatSpec("local"), *bots])
    page.goto(f"{live_server.url}{match.get_absolute_url()}#jeton={token}")
    page.wait_for_selector("#board svg .die-face.unrolled")
    pairs = page.evaluate(UNROLLED)
    assert {pair[2] for pair in pairs if len(pair) == 3} == {"standard", "medium", "giant"}
    assert len(pairs) > 3  # the players' dice as drawn, before their first roll
    for fore, back, *size in pairs:
        ratio = page.evaluate(CONTRAST, [fore, back])
        assert ratio >= 4.5, f"« ? » {fore} on {back} {size}: {ratio:.2f}:1"


def test_with_reduced_motion_the_gesture_still_works_from_the_keyboard(
    live_server, page, catalogue
):
    page.emulate_media(reduced_motion="reduce")
    page.goto(live_server.url + "/jeux/bataclan/")
    page.get_by_role("link", name="Jouer", exact=True).click()
    page.select_option("#id_seat_1", "bot:beginner")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector("#board svg")
    for _ in range(200):
        page.wait_for_function(MY_TURN)
        before = log_length(page)
        if (
            page.locator(".hand-die.movable").count()
            and not page.get_by_role("button", name="Lancer les dés").count()
        ):
            page.locator(".hand-die.movable").first.focus()
            page.keyboard.press("Enter")  # the die: the gesture opens, its button has the focus
            expect(page.locator(".bataclan-gesture")).to_be_visible()
            page.wait_for_function(READY)
            page.keyboard.press("Enter")  # stops the marker
            wait_for_progress(page, before)
            assert "pose un dé" in page.locator("#log").inner_text()
            return
        try:
            page.locator("#actions button").first.click(timeout=5_000)
        except PlaywrightTimeout:
            # Seen once under a loaded suite: the buttons were redrawn between the look and the
            # click (a poll's answer); look again rather than wait for a button that is gone.
            continue
        wait_for_progress(page, before)
    raise AssertionError("never had a die to place")


def test_an_untimed_game_places_a_die_without_the_gesture_and_says_so(live_server, page, catalogue):
    page.goto(live_server.url + "/jeux/bataclan/")
    page.get_by_role("link", name="Jouer", exact=True).click()
    page.select_option("#id_seat_1", "bot:beginner")
    page.check("#id_option_untimed")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector("#board svg")
    expect(page.locator(".bataclan-untimed")).to_contain_text("sans geste")
    for _ in range(200):
        page.wait_for_function(MY_TURN)
        before = log_length(page)
        if (
            page.locator(".hand-die.movable").count()
            and not page.get_by_role("button", name="Lancer les dés").count()
        ):
            page.locator(".hand-die.movable").first.click()
            wait_for_progress(page, before)
            assert page.locator(".bataclan-gesture").count() == 0
            assert "sans geste, stabilité 0,50" in page.locator("#log").inner_text()
            return
        try:
            page.locator("#actions button").first.click(timeout=5_000)
        except PlaywrightTimeout:
            # Seen once under a loaded suite: the buttons were redrawn between the look and the
            # click (a poll's answer); look again rather than wait for a button that is gone.
            continue
        wait_for_progress(page, before)
    raise AssertionError("never had a die to place")
