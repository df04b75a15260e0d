"""The guided first game's API and page (« Apprendre à jouer »): steps, verdicts on the learner's
moves (a refusal in the words of its rule), answers that are not the tutorial's, hostile bodies."""

from __future__ import annotations

import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from play.games.registry import games

pytestmark = pytest.mark.django_db

CHIEF_DOWN = {"from": "f6", "to": "f5"}


def _post(client, slug, body, **extra):
    return client.post(
        f"/api/v1/games/{slug}/tutorial/",
        json.dumps(body) if not isinstance(body, str | bytes) else body,
        content_type="application/json",
        **extra,
    )


@pytest.fixture
def slug(buffalo_game):
    return buffalo_game.slug


def test_the_first_step_is_read_and_the_second_waits_for_a_move(client, slug):
    first = _post(client, slug, {"answers": []}).json()
    tutorial = games()["buffalo"].tutorial
    assert (first["step"], first["steps"], first["kind"]) == (0, len(tutorial.steps), "read")
    assert first["text"] == str(tutorial.steps[0].text)
    assert first["legal_moves"] == [] and first["answers"] == []
    assert first["rule"]["url"].endswith(f"/jeux/{slug}/#regle-buffalo-but-buffles")
    second = _post(client, slug, {"answers": [None]}).json()
    assert (second["step"], second["kind"], second["seat"]) == (1, "move", 1)
    # The board offers the step's moves and the mistake it lets the learner try.
    assert second["legal_moves"] == [
        CHIEF_DOWN,
        {"from": "f6", "to": "e5"},
        {"from": "f6", "to": "f7"},
    ]
    # The buffalo's scripted first move was played while the learner read.
    assert "e2" in second["view"]["buffalo"] and "e1" not in second["view"]["buffalo"]


def test_a_wrong_move_is_explained_by_the_rule_it_breaks_and_the_step_stays(client, slug):
    body = _post(client, slug, {"answers": [None], "try": {"from": "f6", "to": "f7"}}).json()
    verdict = body["verdict"]
    assert verdict["accepted"] is False and verdict["code"] == "illegal_move"
    assert verdict["rule_code"] == "chief_forbidden_row"
    assert verdict["rule"]["anchor"] == "regle-buffalo-chef-rangees-interdites"
    assert "première ni sur la dernière ligne" in verdict["rule"]["text"]
    assert verdict["rule"]["url"].startswith("http://testserver/jeux/")
    assert body["step"] == 1 and body["answers"] == [None]


def test_a_legal_move_the_step_does_not_teach_gets_its_hint(client, slug):
    body = _post(client, slug, {"answers": [None], "try": {"from": "f6", "to": "g5"}}).json()
    assert body["verdict"] == {
        "accepted": False,
        "code": "not_this_move",
        "message": "Descendez plutôt vers le bison qui avance.",
        "rule": None,
    }
    assert body["step"] == 1


def test_an_accepted_move_moves_on_with_the_opponents_answer(client, slug):
    body = _post(client, slug, {"answers": [None], "try": CHIEF_DOWN}).json()
    assert body["verdict"] == {"accepted": True}
    assert body["step"] == 2 and body["answers"] == [None, CHIEF_DOWN]
    assert body["view"]["chief"] == "f5" and "e3" in body["view"]["buffalo"]
    assert len(body["moves"]) == 2  # the learner's move and the buffalo's answer, in words


def test_the_last_step_offers_a_real_game_with_the_setup_filled_in(client, slug):
    package = games()["buffalo"]
    answers = []
    body = _post(client, slug, {"answers": answers}).json()
    while body["kind"] != "end":
        if body["kind"] == "read":
            answers.append(None)
        else:
            answers.append(body["legal_moves"][0])
        body = _post(client, slug, {"answers": answers}).json()
    assert body["step"] == len(package.tutorial.steps) - 1
    assert body["play_url"] == (
        f"http://testserver/jeux/{slug}/jouer/?players=2&seat_0=bot%3Abeginner&seat_1=local"
    )
    page = client.get(body["play_url"]).content.decode()
    assert 'value="bot:beginner" selected' in page


def test_answers_that_are_not_the_tutorials_are_refused_with_the_step_to_go_back_to(client, slug):
    for answers, index in (
        ([{"from": "f6", "to": "f5"}], 0),
        ([None, {"from": "f6", "to": "g5"}], 1),
        ([None, CHIEF_DOWN, "bison"], 2),
        ([None] * 40, 1),
    ):
        response = _post(client, slug, {"answers": answers})
        assert response.status_code == 400
        assert response.json()["code"] == "tutorial_mismatch"
        assert response.json()["index"] == index


def test_a_move_tried_on_a_read_step_is_refused(client, slug):
    response = _post(client, slug, {"answers": [], "try": CHIEF_DOWN})
    assert response.status_code == 400 and response.json()["code"] == "tutorial_mismatch"


@pytest.mark.parametrize(
    "body",
    [
        "[]",
        '{"answers": "none"}',
        '{"answers": {"a": 1}}',
        '{"answers": [' + "[" * 200 + "]" * 200 + "]}",
        '{"answers": [null], "try": {"from": "f6\\u0000", "to": "f5"}}',
        '{"answers": [null], "try": {"from": "\\ud800", "to": "f5"}}',
        '{"answers": [null], "try": ' + "[" * 300 + "]" * 300 + "}",
        '{"answers": [null], "try": 1e400}',
        '{"answers": [null], "try": NaN}',
        '{"answers": [' + ",".join(["null"] * 61) + "]}",
        "{" + '"answers": [], ' * 2 + '"try": "x"' + "}",
        "not json",
    ],
)
def test_hostile_bodies_get_a_clear_400(client, slug, body):
    response = _post(client, slug, body)
    assert response.status_code == 400, response.content
    assert response["Content-Type"].startswith("application/json")
    assert isinstance(response.json(), dict) and response.json()  # says what is wrong


def test_garbage_moves_are_refused_not_crashed(client, slug):
    for tried in ("f6", 12, [], {"from": 1, "to": None}, {"from": "z9", "to": "a0"}, {}):
        body = _post(client, slug, {"answers": [None], "try": tried}).json()
        assert body["verdict"]["accepted"] is False
        assert body["step"] == 1


def test_a_game_without_a_tutorial_or_unknown_is_a_404(client, db):
    from tests.factories import make_game

    make_game("Un jeu de cartes")
    for slug in ("un-jeu-de-cartes", "nulle-part"):
        response = _post(client, slug, {"answers": []})
        assert response.status_code == 404
    assert response.json()["code"] == "no_tutorial"


def test_the_page_holds_the_first_step_and_links_to_a_real_game(client, slug, buffalo_game):
    html = client.get(f"/jeux/{slug}/apprendre/").content.decode()
    assert str(games()["buffalo"].tutorial.steps[0].text).split(" :")[0] in html
    assert 'id="tutorial-first"' in html and f'href="/jeux/{slug}/jouer/"' in html
    assert "games/buffalo/board.js" in html
    detail = client.get(buffalo_game.get_absolute_url()).content.decode()
    assert f'href="/jeux/{slug}/apprendre/"' in detail
    setup = client.get(f"/jeux/{slug}/jouer/").content.decode()
    assert f'href="/jeux/{slug}/apprendre/"' in setup


def test_the_page_and_the_steps_speak_english_when_asked(client, slug):
    english = {"HTTP_ACCEPT_LANGUAGE": "en"}
    body = _post(client, slug, {"answers": []}, **english).json()
    assert "buffalo" in body["text"].lower() and "bisons" not in body["text"]


def test_nothing_is_written(client, slug):
    with CaptureQueriesContext(connection) as queries:
        _post(client, slug, {"answers": [None], "try": CHIEF_DOWN})
    writes = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].split()[0].upper() in ("INSERT", "UPDATE", "DELETE")
        and "ludotheque_cache" not in q["sql"]  # the throttles' counters
    ]
    assert writes == []


def test_a_link_fills_the_setup_form_in_and_a_bad_value_is_no_choice(client, db):
    from tests.factories import make_game

    game = make_game("Alcatraz", engine="alcatraz", min_players=2, max_players=4)
    url = f"/jeux/{game.slug}/jouer/"

    def checked(query: str) -> bool:
        html = client.get(url + query).content.decode()
        tag = re.search(r'<input[^>]*id="id_option_alarm"[^>]*>', html).group(0)
        return "checked" in tag

    assert checked("?option_alarm=True") and not checked("?option_alarm=False")
    html = client.get(url + "?players=3&seat_1=bot:nulle-part&" + "x" * 100 + "=1").content
    assert 'value="3" selected' in html.decode()
    assert 'value="bot:nulle-part"' not in html.decode()
