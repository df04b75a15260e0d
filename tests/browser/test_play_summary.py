"""Every game's match page says the position in words (a live region under the board, kept
current after each move), and nothing on the page jumps when the board arrives (issue 39).

The layout shifts are printed, per game and screen size, for the notes.
"""

import time

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from catalogue.models import Game
from play.services.matches import SeatSpec, match_start, seat_range

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ENGINES = ["buffalo", "alcatraz", "tayu", "powwow", "bataclan"]
SIZES = {
    "phone": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}
LAYOUT_SHIFTS = """
window.__shift = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    if (entry.hadRecentInput) continue;
    window.__shift += entry.value;
    (window.__sources = window.__sources || []).push([entry.value, entry.sources.map(
      (s) => s.node ? (s.node.id || s.node.className || s.node.nodeName) : "?").join(", ")]);
  }
}).observe({type: "layout-shift", buffered: true});
"""
MY_TURN = (
    "() => document.getElementById('steps-skip').hidden"
    " && !document.getElementById('move-form').hidden"
)
# What each game's summary says at the start, whatever the seed.
OPENING = {
    "buffalo": "Bisons : a1, b1, c1, d1, e1, f1, g1, h1, i1, j1, k1 ; chef : ",
    "alcatraz": "Gardiens : ",
    "tayu": "Pierres posées : ",
    "powwow": "Indiens : ",
    "bataclan": "Pile : 0 dé",
}


# Each game at its fewest seats, and the boards that grow with the table: more players' dice,
# cards or racks (issue 39: the room kept was tuned on two players).
TABLES = [(engine, None) for engine in ENGINES] + [
    ("alcatraz", 4),
    ("tayu", 4),
    ("powwow", 3),
    ("powwow", 6),
    ("bataclan", 3),
    ("bataclan", 6),
]
# Where the layout shifts come from, for the printout: each shift's moved nodes.
SHIFT_SOURCES = (
    """() => (window.__sources || []).map(([value, nodes]) => value.toFixed(3) + " " + nodes)"""
)


def start(engine, seed, match_seed, seats=None):
    match_seed(seed)
    game = Game.objects.get(engine=engine)
    bots = (seats or seat_range(game)[0]) - 1
    seats = [SeatSpec("local")] + [SeatSpec("bot", bot_level="beginner")] * bots
    return match_start(game=game, seats=seats)


@pytest.fixture
def context_for(browser):
    contexts = []

    def make(size):
        context = browser.new_context(locale="fr-FR", **SIZES[size])
        contexts.append(context)
        return context.new_page()

    yield make
    for context in contexts:
        context.close()


@pytest.mark.parametrize("engine", ENGINES)
def test_the_position_is_said_in_words_and_kept_current(
    catalogue, context_for, live_server, settings, match_seed, engine
):
    settings.PLAY_STEP_MS = 0  # the bots' answers at once: the summary is the live position's
    match, token = start(engine, f"summary-{engine}", match_seed)
    page = context_for("phone")
    page.goto(f"{live_server.url}{match.get_absolute_url()}#jeton={token}")
    page.wait_for_function(MY_TURN)
    summary = page.locator("#board-summary")
    expect(summary).to_have_attribute("aria-live", "polite")
    expect(summary).to_contain_text(OPENING[engine])
    before = summary.text_content()
    print(f"\n{engine}: {before}")
    page.locator("#move-select").select_option(index=0)
    page.locator("#move-form button").tap()
    expect(summary).not_to_have_text(before)
    print(f"{engine} after a move: {summary.text_content()}")


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize(("engine", "seats"), TABLES)
def test_the_board_arrives_without_a_layout_shift(
    catalogue, context_for, live_server, match_seed, engine, seats, size
):
    match, token = start(engine, f"cls-{engine}", match_seed, seats)
    page = context_for(size)
    page.add_init_script(LAYOUT_SHIFTS)
    # The match's state arrives a moment after the page has painted, as over a real network.
    api = reverse("api-match", args=[match.code])
    page.route(f"**{api}", lambda route: (time.sleep(0.4), route.continue_()))
    page.goto(f"{live_server.url}{match.get_absolute_url()}#jeton={token}")
    page.wait_for_selector("#board svg")
    page.wait_for_timeout(1000)
    shift = page.evaluate("window.__shift")
    drawn = page.evaluate(
        "() => { const b = document.getElementById('board'), s = b.querySelector('svg');"
        " return [b.offsetWidth, b.offsetHeight, s.getAttribute('viewBox')]; }"
    )
    table = f"{engine} {match.seats.count()} seats {size}"
    print(f"\nCLS {table}: {shift:.3f} (board {drawn}) {page.evaluate(SHIFT_SOURCES)}")
    assert shift < 0.1
