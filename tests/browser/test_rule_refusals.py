"""Every refusal cites its rule (issue 50), in a real browser, one refusal per game.

The play page only offers legal moves, so the test swaps the move the page posts for an illegal
one (Playwright's ``page.route`` on the move API): the server refuses it, the page shows the
refusal with « Pourquoi ? », whose address is the game page at the rule the move breaks, and
following it lands on that rule. The API's answer carries the same ``rule_url``.
"""

from __future__ import annotations

import json

import pytest

from play.rules import rule_book_for
from tests.browser.touch import start_match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# engine → (catalogue slug, players, the illegal move sent instead of the page's first move,
# the engine's refusal code for it)
REFUSALS = {
    "buffalo": ("prairie-ou-buffalo", 2, {"from": "a1", "to": "a3"}, "buffalo_one_step_forward"),
    "alcatraz": ("alcatraz", 2, {"type": "pass"}, "cannot_pass"),
    "tayu": ("ta-yu", 2, {"type": "draw", "stack": 7}, "bad_stack"),
    "powwow": ("pow-wow", 3, {"type": "take", "die": 0}, "must_roll"),
    "bataclan": ("bataclan", 2, {"type": "stop"}, "roll_first"),
}

MY_TURN = (
    "() => !document.getElementById('move-form').hidden"
    " || document.querySelector('#actions button') !== null"
)


def make_a_move(page) -> None:
    """The player's first move, as the page offers it: the list of moves, or an action button."""
    page.wait_for_function(MY_TURN)
    if page.locator("#move-form").is_visible():
        page.locator("#move-form button").click()
    else:
        page.locator("#actions button").first.click()


@pytest.mark.parametrize("engine", REFUSALS)
def test_a_refused_move_shows_why_with_a_link_to_its_rule(live_server, page, catalogue, engine):
    slug, players, illegal, code = REFUSALS[engine]
    anchor = rule_book_for(engine).refusals[code]
    rule_url = f"{live_server.url}/jeux/{slug}/#{anchor}"
    start_match(page, live_server.url, slug, players)

    sent = []

    def swap(route):
        body = route.request.post_data_json
        sent.append(body["move"])
        route.continue_(post_data=json.dumps({**body, "move": illegal}))

    page.route("**/api/v1/matches/*/moves/", swap, times=1)
    with page.expect_response("**/api/v1/matches/*/moves/") as answer:
        make_a_move(page)
    assert sent and sent[0] != illegal  # the page sent a legal move, swapped on its way
    refusal = answer.value
    assert refusal.status == 400
    body = refusal.json()
    assert (body["code"], body["rule"], body["rule_url"]) == ("illegal_move", code, rule_url)

    why = page.locator("#play-message a.play-why")
    why.wait_for()
    assert why.inner_text() == "Pourquoi ?"
    assert why.get_attribute("href") == rule_url
    message = page.locator("#play-message").inner_text()
    assert message.removesuffix("Pourquoi ?").strip() == body["message"]

    why.click()
    page.wait_for_url(rule_url)
    assert page.evaluate("() => document.querySelector(':target')?.id") == anchor
    rule = page.locator(f"#{anchor}")
    assert rule.is_visible()
    assert rule.evaluate("(el) => el.getBoundingClientRect().top") < 900  # in view
