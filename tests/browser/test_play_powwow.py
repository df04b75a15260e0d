"""Pow Wow in a real browser: one person against three bots, from the catalogue to the result.

The page must never hold another seat's cards: every API answer the page receives is checked
(no hand but seat 1's, no neutral pile before the end) and so is the board (face-up cards only in
the player's own panel). Hot-seat play hides the board behind a « pass the device » screen.
"""

import json
import re

import pytest
from playwright.sync_api import expect

from tests.browser.test_catalogue_a11y import serious_violations
from tests.browser.test_play_buffalo import play_until_over as play_first_moves_until_over

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def watch_answers(page) -> list[dict]:
    answers: list[dict] = []

    def keep(response):
        if "/api/v1/matches/" in response.url and response.status == 200:
            try:
                answers.append(json.loads(response.body()))
            except Exception:  # noqa: BLE001 - a 304 or a non-JSON body holds no view
                pass

    page.on("response", keep)
    return answers


def check_answers(answers: list[dict], own_seat: int) -> None:
    for data in answers:
        view = data.get("view")
        if not view or data.get("status") == "finished":
            continue
        assert view["neutral"] is None
        for seat, hand in enumerate(view["hands"]):
            assert (hand is not None) == (seat == own_seat), f"seat {seat}'s cards reached the page"


def check_board(page, own_seat: int) -> None:
    faces = page.eval_on_selector_all(
        "#board [data-card]",
        "cards => cards.map(c => [c.closest('[data-seat]')?.dataset.seat, c.dataset.card])",
    )
    if page.locator("#outcome").is_visible():
        return
    for seat, card in faces:
        if card != "hidden":
            assert seat == str(own_seat), f"a face-up card {card} outside the player's hand"
    assert sum(card != "hidden" for seat, card in faces) == 2


def play_until_over(page, own_seat: int, answers, max_moves=200) -> None:
    """The shared keyboard loop, checking the board and every answer for secrets each turn."""

    def check() -> None:
        check_board(page, own_seat)
        check_answers(answers, own_seat)

    play_first_moves_until_over(page, max_moves=max_moves, each_turn=check)


def test_four_player_game_against_three_bots(live_server, page, catalogue, match_seed):
    match_seed("browser/4")  # a random deal once gave a game too short to scan the page much
    answers = watch_answers(page)
    page.goto(live_server.url + "/jeux/pow-wow/")
    page.get_by_role("link", name="Jouer", exact=True).click()
    page.select_option("#id_players", "4")
    for seat in (1, 2, 3):
        page.select_option(f"#id_seat_{seat}", "bot:beginner")
    page.get_by_role("button", name="Commencer la partie").click()
    page.wait_for_selector("#board svg")
    assert page.locator("#pass-device").is_hidden()  # one person: nothing to hide from
    # Seat 1 rolls (a button), then takes a die by its button.
    page.get_by_role("button", name="Lancer les dés").click()
    page.wait_for_function("() => document.getElementById('log').children.length >= 1")
    assert "lance les dés" in page.locator("#log li").first.inner_text()
    page.get_by_role("button", name=re.compile("^Prendre le dé")).first.click()
    page.wait_for_function("() => document.querySelectorAll('#board .target-mark').length > 0")
    # Then moves a progress stone with the keyboard: focus the tipi, reach a highlighted cell.
    assert serious_violations(page) == []
    page.locator('#board [role="grid"] [tabindex="0"]').focus()  # corridor A, outer ring
    for _ in range(4):
        page.keyboard.press("ArrowUp")  # toward the centre, to ring 1: the stones' next cell
    assert page.evaluate("() => document.activeElement.dataset.square") == "A1"
    page.keyboard.press("Enter")
    page.wait_for_function("() => /amène la pierre/.test(document.getElementById('log').innerText)")
    play_until_over(page, 0, answers)
    expect(page.locator("#outcome-text")).to_have_text(re.compile(r"(Victoire|Personne)"))
    faces = page.eval_on_selector_all(
        "#board [data-card]", "cards => cards.map(c => c.dataset.card)"
    )
    assert "hidden" not in faces  # every card is shown once the game is over
    assert len(answers) > 20


def test_hot_seat_hides_cards_until_the_next_player_is_ready(live_server, page, catalogue):
    answers = watch_answers(page)
    page.goto(live_server.url + "/jeux/pow-wow/")
    page.get_by_role("link", name="Jouer", exact=True).click()
    page.select_option("#id_players", "3")
    page.select_option("#id_seat_1", "local")
    page.select_option("#id_seat_2", "bot:beginner")
    page.get_by_role("button", name="Commencer la partie").click()
    pass_screen = page.locator("#pass-device")
    expect(pass_screen).to_be_visible()
    assert page.locator("#board [data-card]").count() == 0
    page.get_by_role("button", name="C’est moi, montrer mon jeu").click()
    page.get_by_role("button", name="Lancer les dés").click()
    page.wait_for_function("() => document.getElementById('log').children.length >= 1")
    page.get_by_role("button", name=re.compile("^Prendre le dé")).first.click()
    # Seat 2 drafts next: the board hides until they say they hold the device.
    expect(pass_screen).to_be_visible()
    assert page.locator("#board [data-card]").count() == 0
    page.get_by_role("button", name="C’est moi, montrer mon jeu").click()
    expect(page.locator("#board svg")).to_be_visible()
    check_board(page, 1)
    assert serious_violations(page) == []
    for data in answers:  # each answer holds the cards of the seat on screen, and only those
        if data.get("view"):
            shown = [s for s, hand in enumerate(data["view"]["hands"]) if hand is not None]
            assert shown == [data["viewer"]]


# Each card's name against its card, in the picture's units.
OVERFLOWING_LABELS = """() => [...document.querySelectorAll('#board .card')].filter((card) =>
  card.querySelector('.card-label').getBBox().width
    > card.querySelector('.card-face').getBBox().width
).map((card) => card.querySelector('.card-label').textContent)"""


def test_every_card_name_fits_its_card(live_server, page, catalogue, match_seed):
    """« POW WOW » was wider than its card, over the next one."""
    from catalogue.models import Game
    from play.services.matches import SeatSpec, match_start

    match_seed("browser/powwow/cards")
    game = Game.objects.get(engine="powwow")
    seats = [SeatSpec("local")] + [SeatSpec("bot", bot_level="beginner")] * 5
    # Six players: two « Pow Wow » cards among the twelve, wherever the deal puts them.
    match, token = match_start(game=game, seats=seats)
    page.goto(f"{live_server.url}{match.get_absolute_url()}#jeton={token}")
    page.wait_for_selector("#board svg .card.face-up")
    names = page.locator("#board .face-up .card-label").all_text_contents()
    assert "POW WOW" in names  # the seed deals this screen a « Pow Wow » card
    assert page.evaluate(OVERFLOWING_LABELS) == []
