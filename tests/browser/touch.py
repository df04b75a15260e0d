"""Shared steps of the touch-screen browser tests (tests/browser/test_touch_<game>.py): a phone-
sized touch context, a match against beginner bots, the page's fit on the screen, and the loop
that plays one tapped move per turn until the result shows."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import TimeoutError as PlaywrightTimeoutError

PHONE = {"width": 390, "height": 844}

# The smallest rendered height of the board's SVG texts, and the page's width beyond the screen.
MEASURE = """() => {
  const heights = [...document.querySelectorAll('#board svg text')]
    .filter((t) => t.textContent.trim() && t.getClientRects().length)
    .map((t) => t.getBoundingClientRect().height);
  return {
    width: document.documentElement.scrollWidth,
    smallest: heights.length ? Math.min(...heights) : null,
    texts: heights.length,
  };
}"""

MOVED = """before => document.getElementById('log').textContent !== before
  || !document.getElementById('outcome').hidden"""

MY_TURN_OR_OVER = """() => !document.getElementById('outcome').hidden
  || (document.getElementById('steps-skip').hidden
      && document.getElementById('play-status').textContent.startsWith('À vous de jouer'))"""


def wait_for(page, condition: Callable[[], bool], timeout_ms: int = 10_000) -> None:
    """Let the page's events run (route handlers included: the sync API calls them only while
    it waits) until `condition()` holds, or fail after `timeout_ms`."""
    for _ in range(timeout_ms // 50):
        if condition():
            return
        page.wait_for_timeout(50)
    assert condition(), "the awaited condition never held"


def phone_page(browser):
    """A new page in a 390 × 844 touch context (a phone held upright), in French."""
    context = browser.new_context(locale="fr-FR", viewport=PHONE, has_touch=True, is_mobile=True)
    return context, context.new_page()


def start_match(page, base_url: str, game: str, players: int, options: dict | None = None):
    """The setup page: seat 1 is this screen, every other seat a beginner bot."""
    page.goto(f"{base_url}/jeux/{game}/jouer/")
    if players and page.locator("#id_players").count():
        page.select_option("#id_players", str(players))
    for seat in range(1, players):
        page.select_option(f"#id_seat_{seat}", "bot:beginner")
    for name, value in (options or {}).items():
        page.select_option(f"#id_{name}", value)
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector("#board svg")


def check_fits(page) -> dict:
    """No horizontal scrolling, and every text drawn on the board at least 10 px tall."""
    measured = page.evaluate(MEASURE)
    assert measured["width"] <= PHONE["width"], f"the page scrolls sideways: {measured}"
    if measured["texts"]:
        assert measured["smallest"] >= 10, f"a board text under 10 px: {measured}"
    return measured


def log_length(page) -> int:
    return page.evaluate("() => document.getElementById('log').children.length")


PAGE_STATE = """() => ({
  status: document.getElementById('play-status').textContent,
  message: document.getElementById('play-message').textContent,
  skip: !document.getElementById('steps-skip').hidden,
  confirm: !!document.querySelector('#board .board-confirm-ok'),
  log: document.getElementById('log').children.length,
})"""


def play_by_taps(page, turn: Callable[[], None], max_turns: int = 300) -> int:
    """Until the result shows: wait for this screen's turn, check the fit, and let ``turn()`` tap
    one move (it must change the match). Returns the number of turns played."""
    exchanges: list[str] = []  # the page's last requests, said if a move never lands
    page.on("request", lambda r: exchanges.append(f"→ {r.method} {r.url}"))
    page.on("response", lambda r: exchanges.append(f"← {r.request.method} {r.url} {r.status}"))
    page.on("requestfailed", lambda r: exchanges.append(f"✗ {r.method} {r.url} {r.failure}"))
    page.on("console", lambda m: exchanges.append(f"console {m.type}: {m.text}"))
    for played in range(max_turns):
        page.wait_for_function(MY_TURN_OR_OVER)
        if page.locator("#outcome").is_visible():
            check_fits(page)
            return played
        if played % 5 == 0:
            check_fits(page)
        before = page.evaluate("() => document.getElementById('log').textContent")
        turn()
        try:
            page.wait_for_function(MOVED, arg=before, timeout=30_000)
        except PlaywrightTimeoutError:
            raise AssertionError(
                f"turn {played}: the tapped move never landed; page {page.evaluate(PAGE_STATE)}; "
                f"last requests {exchanges[-12:]}"
            ) from None
    raise AssertionError("the game did not end")


def tap_first_action(page) -> bool:
    """Tap the first button under the board (a die to roll, a direction, a pass), if any."""
    buttons = page.locator("#actions button")
    if buttons.count():
        buttons.first.tap()
        return True
    return False
