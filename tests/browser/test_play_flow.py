"""Playing on a phone at a person's pace: the game's prompt in the status line, « Jouer » on a
game page's first screen, taking a move back against the computer, an end screen that tells the
story and « Rejouer » with the same seats, for the host and for a friend.

Screenshots: with ``PLAY_SHOTS_DIR`` set, the tests also save what they show there (phone and
desktop), for a person to look at.
"""

import os
import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from catalogue.models import Game
from play.games.registry import get_engine
from play.models import Match
from play.services.matches import SeatSpec, match_start, seat_range
from play.services.moves import match_play_move
from play.tokens import token_for
from tests.browser.conftest import watch_csp
from tests.browser.test_catalogue_a11y import serious_violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
MY_TURN = (
    "() => document.getElementById('steps-skip').hidden"
    " && (!document.getElementById('move-form').hidden"
    " || !document.getElementById('outcome').hidden)"
)
# Hot-seat moves that leave the buffalo of column a one step from the far side (dogs elsewhere).
BUFFALO_RACE = [
    (0, {"from": "a1", "to": "a2"}),
    (1, {"from": "g6", "to": "k2"}),
    (0, {"from": "a2", "to": "a3"}),
    (1, {"from": "k2", "to": "h2"}),
    (0, {"from": "a3", "to": "a4"}),
    (1, {"from": "h2", "to": "i2"}),
    (0, {"from": "a4", "to": "a5"}),
    (1, {"from": "i2", "to": "h2"}),
    (0, {"from": "a5", "to": "a6"}),
    (1, {"from": "h2", "to": "i2"}),
]


def shot(page, name):
    folder = os.environ.get("PLAY_SHOTS_DIR")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=False)


@pytest.fixture
def phone(browser):
    context = browser.new_context(locale="fr-FR", **PHONE)
    page = context.new_page()
    violations = watch_csp(page)
    yield page
    context.close()
    assert violations == [], f"Content-Security-Policy violations: {violations}"


def open_match(page, live_server, match, token=None):
    fragment = f"#jeton={token}" if token else ""
    page.goto(f"{live_server.url}{match.get_absolute_url()}{fragment}")
    page.wait_for_selector("#board svg")


def buffalo_near_the_end(seats):
    """A Buffalo match whose buffalo a6 crosses on its next move (seat 0 to play)."""
    game = Game.objects.get(slug="prairie-ou-buffalo")
    match, host = match_start(game=game, seats=[SeatSpec("local"), SeatSpec("local")])
    for seat, move in BUFFALO_RACE:
        match_play_move(
            match=match, token=host, seat=seat, move=move, expected_version=match.version
        )
    # The same table, now with the seat the test wants at place 2 (the computer, a friend).
    kind, level = seats
    match.seats.filter(index=1).update(kind=kind, bot_level=level, joined=True)
    return match, host


def test_play_is_within_a_phones_first_screen_on_every_playable_game(catalogue, phone, live_server):
    playable = Game.objects.exclude(engine="").order_by("slug")
    assert playable.count() == 5
    for game in playable:
        phone.goto(live_server.url + game.get_absolute_url())
        button = phone.get_by_role("link", name="Jouer", exact=True)
        box = button.bounding_box()
        assert box["y"] + box["height"] <= 844, (game.slug, box)
        assert box["height"] >= 44  # a thumb-sized target
        if game.engine == "powwow":
            shot(phone, "game-page-phone")


def test_status_line_says_what_the_game_asks(catalogue, phone, live_server, match_seed):
    match_seed("prompts")
    game = Game.objects.get(slug="prairie-ou-buffalo")
    match, token = match_start(
        game=game, seats=[SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]
    )
    open_match(phone, live_server, match, token)
    status = phone.locator("#play-status")
    expect(status).to_have_text("À vous de jouer. Avancez un bison d'une case.")
    expect(phone.locator("#board-help")).to_contain_text("Touchez un bison")
    tayu = Game.objects.get(engine="tayu")
    match, token = match_start(
        game=tayu, seats=[SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]
    )
    open_match(phone, live_server, match, token)
    expect(status).to_contain_text("Prenez une pierre dans une des deux colonnes du talon.")
    expect(phone.locator("#seats li").first).to_contain_text("Joueur 1")
    shot(phone, "tayu-match-phone")
    phone.set_viewport_size(DESKTOP["viewport"])
    shot(phone, "tayu-match-desktop")


def test_undo_against_the_computer_from_the_page(catalogue, phone, live_server, settings):
    settings.PLAY_STEP_MS = 900
    game = Game.objects.get(slug="prairie-ou-buffalo")
    match, token = match_start(
        game=game, seats=[SeatSpec("local"), SeatSpec("bot", bot_level="beginner")]
    )
    open_match(phone, live_server, match, token)
    phone.tap('[data-square="c1"]')
    phone.tap('[data-square="c2"]')
    phone.locator("#board .board-confirm-ok").tap()  # on a touch screen a move is confirmed
    # A tap anywhere skips the replay of the computer's answer.
    expect(phone.locator("#steps-skip")).to_be_visible()
    phone.tap("h1")
    expect(phone.locator("#steps-skip")).to_be_hidden()
    expect(phone.locator("#log li")).to_have_count(2)
    phone.get_by_role("button", name="Reprendre mon coup").tap()
    expect(phone.locator("#log li")).to_have_count(0)
    expect(phone.locator("#play-status")).to_have_text(
        "À vous de jouer. Avancez un bison d'une case."
    )
    expect(phone.locator("#undo-button")).to_be_hidden()
    match.refresh_from_db()
    assert match.plies == 0


def test_end_screen_and_rematch_with_the_same_seats(catalogue, phone, live_server):
    match, token = buffalo_near_the_end(("bot", "beginner"))
    open_match(phone, live_server, match, token)
    shot(phone, "buffalo-match-phone")
    phone.tap('[data-square="a6"]')
    phone.tap('[data-square="a7"]')
    phone.locator("#board .board-confirm-ok").tap()
    outcome = phone.locator("#outcome")
    expect(outcome).to_be_visible()
    expect(phone.locator("#outcome-title")).to_have_text("Vous avez gagné !")
    expect(phone.locator("#outcome-text")).to_have_text(
        "Victoire : Joueur 1 ! Fin de partie : un bison a traversé la prairie."
    )
    expect(phone.locator("#outcome-ranking li")).to_have_count(2)
    expect(phone.locator("#play-status")).to_be_hidden()  # nothing « in progress » is left
    assert outcome.bounding_box()["y"] < 844  # the end is on the first screen
    shot(phone, "buffalo-end-phone")
    assert serious_violations(phone) == []
    phone.get_by_role("button", name="Rejouer").tap()
    phone.wait_for_url(re.compile(r"/parties/(?!" + match.code + r")\w+/"))
    phone.wait_for_selector("#board svg")
    match.refresh_from_db()
    new = match.rematch
    assert new is not None and new.status == Match.Status.ACTIVE
    assert [(s.kind, s.bot_level) for s in new.seats.all()] == [
        ("local", ""),
        ("bot", "beginner"),
    ]
    expect(phone.locator("#play-status")).to_contain_text("À vous de jouer")


def test_a_friend_follows_the_rematch_with_their_own_seat(catalogue, browser, live_server):
    match, host = buffalo_near_the_end(("invite", ""))
    friend = token_for(match, "seat1")
    host_context = browser.new_context(locale="fr-FR", **DESKTOP)
    friend_context = browser.new_context(locale="fr-FR", **PHONE)
    try:
        host_page, friend_page = host_context.new_page(), friend_context.new_page()
        open_match(host_page, live_server, match, host)
        open_match(friend_page, live_server, match, friend)
        shot(host_page, "buffalo-match-desktop")
        host_page.click('[data-square="a6"]')
        host_page.click('[data-square="a7"]')
        expect(host_page.locator("#outcome-title")).to_have_text("Vous avez gagné !")
        expect(friend_page.locator("#outcome-title")).to_have_text("Vous avez perdu.")
        shot(host_page, "buffalo-end-desktop")
        host_page.get_by_role("button", name="Rejouer").click()
        host_page.wait_for_url(re.compile(r"/parties/(?!" + match.code + r")\w+/"))
        # The friend's page finds the new match on its next look, and offers it.
        join = friend_page.get_by_role("link", name="Rejoindre la nouvelle partie")
        expect(join).to_be_visible(timeout=10_000)
        shot(friend_page, "buffalo-rematch-offer-phone")
        join.click()
        friend_page.wait_for_selector("#board svg")
        match.refresh_from_db()
        assert match.rematch.code in friend_page.url
        # Same link, same seat: the friend plays place 2 of the new match.
        expect(friend_page.locator("#seats li").nth(1)).to_contain_text("vous")
        expect(friend_page.locator("#seats li").nth(0)).not_to_contain_text("vous")
    finally:
        host_context.close()
        friend_context.close()


@pytest.mark.parametrize("engine", ["powwow", "tayu", "alcatraz", "buffalo"])
def test_a_turn_against_the_bots_comes_back_quickly(
    catalogue, phone, live_server, settings, match_seed, engine
):
    """From my move to my next turn, against as many bots as the game seats: the bots' answers
    replayed in about 2 s whatever their number (printed, for the notes)."""
    settings.PLAY_STEP_MS = 900  # the site's default pace
    match_seed(f"pace-{engine}")
    game = Game.objects.get(engine=engine)
    bots = seat_range(game)[1] - 1
    seats = [SeatSpec("local")] + [SeatSpec("bot", bot_level="beginner")] * bots
    match, token = match_start(game=game, seats=seats)
    open_match(phone, live_server, match, token)
    waits = []
    for turn in range(3):
        phone.wait_for_function(MY_TURN)
        if phone.locator("#outcome").is_visible():
            break
        if turn == 1 and engine == "powwow":
            shot(phone, "powwow-match-phone")
        match.refresh_from_db()
        plies, logged = match.plies, len_log(phone)
        phone.locator("#move-select").select_option(index=0)
        started = time.monotonic()
        phone.locator("#move-form button").tap()
        phone.wait_for_function(f"() => document.getElementById('log').children.length > {logged}")
        phone.wait_for_function(MY_TURN, timeout=15_000)
        waits.append(time.monotonic() - started)
        match.refresh_from_db()
        assert match.plies > plies
    rounded = [round(wait, 2) for wait in waits]
    print(f"{engine}, 1 person and {bots} bots: move → next turn (s):", rounded)
    assert waits and max(waits) < 6


# Bataclan's turn is several moves (roll, keep, place…); the table below is untimed, so that a
# tap on a die places it and the test measures the page's pace, not a gesture.
BATACLAN_MY_TURN = (
    "() => document.getElementById('steps-skip').hidden"
    " && (!document.getElementById('outcome').hidden"
    " || document.querySelector('#actions button, .hand-die.movable') !== null)"
)


def test_a_bataclan_turn_against_five_bots_comes_back_quickly(
    catalogue, phone, live_server, settings, match_seed
):
    """My last move of a turn → my next turn, against five bots placing dice (printed)."""
    settings.PLAY_STEP_MS = 900
    match_seed("pace-bataclan")
    game = Game.objects.get(engine="bataclan")
    seats = [SeatSpec("local")] + [SeatSpec("bot", bot_level="beginner")] * 5
    match, token = match_start(game=game, seats=seats, options={"untimed": True})
    open_match(phone, live_server, match, token)
    waits = []
    for _ in range(60):
        phone.wait_for_function(BATACLAN_MY_TURN)
        if phone.locator("#outcome").is_visible() or len(waits) == 3:
            break
        logged = len_log(phone)
        die = phone.locator("#board .hand-die.movable")
        roll = phone.get_by_role("button", name="Lancer les dés")
        started = time.monotonic()
        if die.count() and not roll.count():
            die.first.tap()
        else:
            phone.locator("#actions button").first.tap()
        phone.wait_for_function(f"() => document.getElementById('log').children.length > {logged}")
        phone.wait_for_function(BATACLAN_MY_TURN, timeout=15_000)
        if len_log(phone) > logged + 1:  # the bots played: that was a turn's end
            waits.append(time.monotonic() - started)
    rounded = [round(wait, 2) for wait in waits]
    print("bataclan, 1 person and 5 bots: move → next turn (s):", rounded)
    assert waits and max(waits) < 6


def len_log(page) -> int:
    return page.evaluate("() => document.getElementById('log').children.length")


def test_a_finished_tayu_match_says_why_it_ended_with_the_scores(
    catalogue, browser, live_server, match_seed
):
    match_seed("tayu-end")
    game = Game.objects.get(engine="tayu")
    match, host = match_start(game=game, seats=[SeatSpec("local"), SeatSpec("local")])
    engine = get_engine("tayu")
    while match.status == Match.Status.ACTIVE:
        state = engine.from_dict(match.state)
        seat = engine.to_act(state)[0]
        move = engine.legal_moves(state, seat)[0]
        match_play_move(
            match=match, token=host, seat=seat, move=move, expected_version=match.version
        )
    for name, options in (("phone", PHONE), ("desktop", DESKTOP)):
        context = browser.new_context(locale="fr-FR", **options)
        try:
            page = context.new_page()
            open_match(page, live_server, match, host)
            # Both seats on this screen: the winner is named, not « vous ».
            expect(page.locator("#outcome-title")).to_have_text(
                re.compile(r"^Joueur [12] a gagné\.$")
            )
            expect(page.locator("#outcome-text")).to_contain_text(
                "Fin de partie : la pierre tirée ne se pose nulle part ; "
            )
            expect(page.locator("#outcome-ranking li").first).to_contain_text("(produit ")
            shot(page, f"tayu-end-{name}")
        finally:
            context.close()


HIDE = (
    "hidden => { Object.defineProperty(document, 'hidden', {value: hidden, configurable: true});"
    " document.dispatchEvent(new Event('visibilitychange')); }"
)


def test_a_hidden_tab_stops_polling_and_the_title_says_your_turn(catalogue, phone, live_server):
    game = Game.objects.get(slug="prairie-ou-buffalo")
    match, host = match_start(game=game, seats=[SeatSpec("local"), SeatSpec("invite")])
    friend = token_for(match, "seat1")
    polls = []
    phone.on(
        "request",
        lambda request: (
            polls.append(request.url)
            if request.url.endswith(f"/api/v1/matches/{match.code}/")
            else None
        ),
    )
    open_match(phone, live_server, match, friend)
    expect(phone.locator("#play-status")).to_contain_text("En attente de : Joueur 1.")
    phone.evaluate(HIDE, True)
    phone.wait_for_timeout(300)  # a poll already on its way may still answer
    asked = len(polls)
    phone.wait_for_timeout(2000)  # about three polls' time
    assert len(polls) == asked  # nothing asked while hidden (the next look is in 15 s)
    match_play_move(
        match=match, token=host, seat=0, move={"from": "a1", "to": "a2"}, expected_version=0
    )
    phone.evaluate(HIDE, False)  # back: it catches up at once, and the title says so
    expect(phone.locator("#play-status")).to_contain_text("À vous de jouer.")
    assert phone.title().startswith("À vous ! — ")
    assert len(polls) > asked
