"""What players see between their moves: the opponents' moves one at a time, the computer
thinking, an alarm's instructions, square names as the board shows them, whose screen a seat is
on, and English punctuation on English pages."""

import re

import pytest
from playwright.sync_api import expect

from catalogue.models import Game
from play.games.registry import get_engine
from play.services.matches import SeatSpec, match_start
from play.services.moves import match_play_move

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PRISONER_COLOURS = {
    "rgb(198, 40, 40)",
    "rgb(21, 101, 192)",
    "rgb(46, 125, 50)",
    "rgb(249, 168, 37)",
}


def open_match(page, live_server, match, token):
    page.goto(f"{live_server.url}{match.get_absolute_url()}#jeton={token}")
    page.wait_for_selector("#board svg")


def test_the_bots_answer_is_shown_move_by_move(live_server, page, catalogue, settings):
    settings.PLAY_STEP_MS = 1500  # slow enough to watch each step
    game = Game.objects.get(slug="prairie-ou-buffalo")
    match, token = match_start(
        game=game, seats=[SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]
    )
    open_match(page, live_server, match, token)
    page.click('[data-square="c1"]')
    page.click('[data-square="c2"]')
    status = page.locator("#play-status")
    # First the position my move left, while the computer's move is announced…
    expect(status).to_contain_text("réfléchit…")
    expect(page.locator("#steps-skip")).to_be_visible()
    # …then its move, with its log line marked, on a board nobody can click.
    expect(status).to_contain_text(re.compile(r"Coup 1 sur 1 — Joueur 2"))
    expect(page.locator("#log li.current")).to_have_count(1)
    expect(page.locator("#move-form")).to_be_hidden()
    expect(page.locator("#board .cell.last")).to_have_count(2)  # its from and to squares
    # Then the board is mine again.
    expect(status).to_contain_text("À vous de jouer")
    expect(page.locator("#steps-skip")).to_be_hidden()
    expect(page.locator("#move-form")).to_be_visible()


def test_skipping_the_steps_gives_the_board_back_at_once(live_server, page, catalogue, settings):
    settings.PLAY_STEP_MS = 60_000
    game = Game.objects.get(slug="prairie-ou-buffalo")
    match, token = match_start(
        game=game, seats=[SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]
    )
    open_match(page, live_server, match, token)
    page.click('[data-square="c1"]')
    page.click('[data-square="c2"]')
    page.get_by_role("button", name="Passer").click()
    expect(page.locator("#play-status")).to_contain_text("À vous de jouer")
    expect(page.locator("#log li")).to_have_count(2)


def alcatraz_match(**options):
    game = Game.objects.get(slug="alcatraz")
    return match_start(game=game, seats=[SeatSpec("local"), SeatSpec("local")], options=options)


def _row(square: str) -> int:
    return int(square[1:]) if square[1:].isdigit() else 10


def play_until_alarm(match, token) -> None:
    """Hot-seat play that rushes prisoners to the boat until one boards and raises the alarm."""
    engine = get_engine("alcatraz")
    for _ in range(300):
        match.refresh_from_db()
        state = engine.from_dict(match.state)
        if state.phase == "roll":
            return
        seat = engine.to_act(state)[0]
        moves = engine.legal_moves(state, seat)
        boarding = [m for m in moves if m["type"] == "board"]
        walking = sorted(
            (m for m in moves if m["type"] == "move"), key=lambda m: (_row(m["to"]), m["to"])
        )
        move = (boarding or walking or moves)[0]
        match_play_move(
            match=match, token=token, seat=seat, move=move, expected_version=match.version
        )
    raise AssertionError("no alarm was raised")


def test_alarm_status_names_what_to_do_and_hides_the_click_help(live_server, page, catalogue):
    match, token = alcatraz_match(alarm=True)
    play_until_alarm(match, token)
    open_match(page, live_server, match, token)
    status = page.locator("#play-status")
    expect(status).to_contain_text("Alarme : lancez le dé.")
    expect(page.locator("#board-help")).to_be_hidden()
    page.get_by_role("button", name="Lancer le dé (alarme)").click()
    expect(status).to_contain_text(
        re.compile(r"Alarme : choisissez la direction du gardien de la rangée [1-8]\.")
    )
    expect(page.locator("#board-help")).to_be_hidden()
    page.locator("#actions button").first.click()
    expect(status).not_to_contain_text("Alarme")
    expect(page.locator("#board-help")).to_be_visible()


def test_unnumbered_row_is_named_as_the_board_shows_it(live_server, page, catalogue):
    match, token = alcatraz_match()
    open_match(page, live_server, match, token)
    options = page.locator("#move-select option").all_inner_texts()
    assert "Sortir un prisonnier de la cellule vers a (rangée sans numéro)" in options
    assert not any(re.search(r"\b[a-i]9\b", text) for text in options)
    label = page.locator('[data-square="a9"]').get_attribute("aria-label")
    assert label.startswith("a (rangée sans numéro)")


def test_destinations_look_like_no_prisoner(live_server, page, catalogue):
    match, token = alcatraz_match()
    open_match(page, live_server, match, token)
    page.click('[data-square="cell"]')
    marks = page.locator("#board .target-mark")
    expect(marks.first).to_be_visible()
    assert marks.first.evaluate("node => node.tagName") == "path"  # a diamond, not a disc
    fills = set(marks.evaluate_all("nodes => nodes.map(n => getComputedStyle(n).fill)"))
    assert fills and not fills & PRISONER_COLOURS


def test_setup_shows_the_seats_of_the_chosen_player_count(live_server, page, catalogue):
    page.goto(live_server.url + "/jeux/alcatraz/jouer/")
    seats = page.locator(".seat-field")
    page.select_option("#id_players", "2")
    expect(seats.nth(1)).to_be_visible()
    expect(seats.nth(2)).to_be_hidden()
    expect(seats.nth(3)).to_be_hidden()
    page.select_option("#id_players", "3")
    expect(seats.nth(2)).to_be_visible()
    expect(seats.nth(3)).to_be_hidden()
    # The alarm checkbox sits right by its label.
    box = page.locator("#id_option_alarm").bounding_box()
    label = page.locator("label[for=id_option_alarm]").bounding_box()
    assert 0 <= label["x"] - (box["x"] + box["width"]) < 24
    assert abs((box["y"] + box["height"] / 2) - (label["y"] + label["height"] / 2)) < 8


def test_setup_lists_only_the_levels_offered_at_the_chosen_player_count(
    live_server, page, catalogue, monkeypatch
):
    from play.games.registry import get_game

    tayu = Game.objects.get(engine="tayu")
    two = ("beginner", "intermediate")
    monkeypatch.setattr(type(get_game("tayu")), "offered_levels", {2: two, 4: two})
    page.goto(f"{live_server.url}/jeux/{tayu.slug}/jouer/")
    strong = page.locator('#id_seat_1 option[value="bot:strong"]')
    notes = page.locator(".levels li")
    page.click(".levels summary")
    page.select_option("#id_players", "3")
    page.select_option("#id_seat_1", "bot:strong")
    expect(strong).to_be_enabled()
    page.select_option("#id_players", "2")
    expect(strong).to_be_disabled()
    expect(page.locator("#id_seat_1")).to_have_value("bot:intermediate")  # the default there
    expect(notes.filter(has_text="Proposé à 3 joueurs")).to_be_hidden()
    page.select_option("#id_players", "3")
    expect(strong).to_be_enabled()
    expect(notes.filter(has_text="Proposé à 3 joueurs")).to_be_visible()


def test_friends_page_says_whose_screen_the_hosts_seat_is_on(live_server, browser, catalogue):
    game = Game.objects.get(slug="prairie-ou-buffalo")
    match, _ = match_start(game=game, seats=[SeatSpec("local"), SeatSpec("invite")])
    from play.tokens import controller_for, token_for

    friend_token = token_for(match, controller_for(match.seats.get(index=1)))
    context = browser.new_context(locale="fr-FR")
    try:
        page = context.new_page()
        open_match(page, live_server, match, friend_token)
        seats = page.locator("#seats li")
        expect(seats.nth(0)).to_contain_text("sur l'écran de l'hôte")
        expect(seats.nth(0)).not_to_contain_text("sur cet écran")
    finally:
        context.close()


def test_english_log_has_english_punctuation(live_server, browser, catalogue):
    context = browser.new_context(locale="en-GB", extra_http_headers={"Accept-Language": "en"})
    try:
        page = context.new_page()
        game = Game.objects.get(slug="prairie-ou-buffalo")
        match, token = match_start(
            game=game, seats=[SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]
        )
        open_match(page, live_server, match, token)
        page.click('[data-square="c1"]')
        page.click('[data-square="c2"]')
        expect(page.locator("#log li")).to_have_count(2)
        for text in page.locator("#log li").all_inner_texts():
            assert " : " not in text and ": " in text, text
        labels = page.locator("#board [aria-label]").evaluate_all(
            "nodes => nodes.map(n => n.getAttribute('aria-label'))"
        )
        assert not [label for label in labels if " : " in label]
    finally:
        context.close()
