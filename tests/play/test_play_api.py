"""The play API and pages: the same machinery seen from a client, errors by code."""

import json
import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from play.models import Match

API = "/api/v1/matches/"


def post(client, url, data, token=None):
    headers = {"HTTP_X_SEAT_TOKEN": token} if token else {}
    return client.post(url, json.dumps(data), content_type="application/json", **headers)


def get(client, url, token=None, **extra):
    if token:
        extra["HTTP_X_SEAT_TOKEN"] = token
    return client.get(url, **extra)


@pytest.fixture
def created(client, buffalo_game):
    response = post(
        client, API, {"game": buffalo_game.slug, "seats": [{"kind": "local"}, {"kind": "invite"}]}
    )
    assert response.status_code == 201
    return response.json()


def test_create_returns_token_url_and_invites(created):
    assert created["token"] and created["url"].endswith("#jeton=" + created["token"])
    assert created["controlled"] == [0] and created["viewer"] == 0
    (invite,) = created["invites"]
    assert invite["seat"] == 1 and "#jeton=" in invite["url"]
    assert created["legal_moves"]  # the buffalo move first
    assert "seed" not in created


def test_create_errors_are_machine_readable(client, buffalo_game):
    response = post(client, API, {"game": buffalo_game.slug, "seats": [{"kind": "local"}]})
    assert response.status_code == 400 and response.json()["code"] == "seat_count"
    response = post(client, API, {"game": buffalo_game.slug, "seats": [{"kind": "alien"}]})
    assert response.status_code == 400 and "seats" in response.json()
    response = post(client, API, {"game": "nope", "seats": [{"kind": "local"}]})
    assert response.status_code == 404


def test_spectator_gets_the_public_view_without_invites(client, created):
    data = get(client, API + created["code"] + "/").json()
    assert data["controlled"] == [] and data["viewer"] is None
    assert data["legal_moves"] == [] and "invites" not in data
    assert data["view"]["chief"] == "f6"


def test_etag_answers_304_until_something_changes(client, created):
    url = API + created["code"] + "/"
    first = get(client, url, created["token"])
    etag = first["ETag"]
    assert get(client, url, created["token"], HTTP_IF_NONE_MATCH=etag).status_code == 304
    move = created["legal_moves"][0]
    post(client, url + "moves/", {"seat": 0, "move": move, "expected_version": 0}, created["token"])
    again = get(client, url, created["token"], HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 200 and again.json()["version"] == 1


def test_move_then_stale_move_gets_409(client, created):
    url = API + created["code"] + "/moves/"
    move = created["legal_moves"][0]
    ok = post(client, url, {"seat": 0, "move": move, "expected_version": 0}, created["token"])
    assert ok.status_code == 200 and ok.json()["version"] == 1
    stale = post(client, url, {"seat": 0, "move": move, "expected_version": 0}, created["token"])
    assert stale.status_code == 409 and stale.json()["code"] == "stale_version"
    assert Match.objects.get().version == 1


def test_a_move_reads_the_seats_once(client, created):
    """The token's check, whether a bot is to move and the answer share one read of the seats
    (a move is the play API's most frequent write: issue 41's load)."""
    url = API + created["code"] + "/moves/"
    body = {"seat": 0, "move": created["legal_moves"][0], "expected_version": 0}
    with CaptureQueriesContext(connection) as queries:
        assert post(client, url, body, created["token"]).status_code == 200
    seat_reads = [q["sql"] for q in queries.captured_queries if 'FROM "play_seat"' in q["sql"]]
    assert len(seat_reads) == 1, seat_reads


def test_illegal_move_gets_400_with_rule(client, created):
    url = API + created["code"] + "/moves/"
    response = post(
        client,
        url,
        {"seat": 0, "move": {"from": "a1", "to": "a4"}, "expected_version": 0},
        created["token"],
    )
    body = response.json()
    assert response.status_code == 400
    assert body["code"] == "illegal_move" and body["rule"] == "buffalo_one_step_forward"
    assert Match.objects.get().version == 0


def test_malformed_body_gets_field_errors(client, created):
    response = post(client, API + created["code"] + "/moves/", {"seat": "zero"}, created["token"])
    assert response.status_code == 400
    assert {"seat", "move", "expected_version"} <= set(response.json())


@pytest.mark.parametrize("token", [None, "forged", "a" * 36])
def test_forged_or_missing_token_gets_403(client, created, token):
    response = post(
        client,
        API + created["code"] + "/moves/",
        {"seat": 0, "move": created["legal_moves"][0], "expected_version": 0},
        token,
    )
    assert response.status_code == 403 and response.json()["code"] == "seat_token_invalid"


def test_invited_friend_joins_and_plays_their_seat(client, created):
    invite_token = created["invites"][0]["url"].split("#jeton=")[1]
    code = created["code"]
    post(
        client,
        API + code + "/moves/",
        {"seat": 0, "move": created["legal_moves"][0], "expected_version": 0},
        created["token"],
    )
    joined = post(client, API + code + "/join/", {"seat": 1, "name": "Zoé"}, invite_token).json()
    assert joined["seats"][1]["name"] == "Zoé" and joined["seats"][1]["joined"]
    assert joined["controlled"] == [1] and "invites" not in joined
    move = joined["legal_moves"][0]
    response = post(
        client,
        API + code + "/moves/",
        {"seat": 1, "move": move, "expected_version": joined["version"]},
        invite_token,
    )
    assert response.status_code == 200
    # The friend's token is not the host's: it cannot play seat 0.
    response = post(client, API + code + "/join/", {"seat": 0, "name": "x"}, invite_token)
    assert response.status_code == 403


def test_undo_endpoint(client, created):
    code = created["code"]
    after = post(
        client,
        API + code + "/moves/",
        {"seat": 0, "move": created["legal_moves"][0], "expected_version": 0},
        created["token"],
    ).json()
    assert after["can_undo"]
    undone = post(
        client,
        API + code + "/undo/",
        {"seat": 0, "expected_version": after["version"]},
        created["token"],
    )
    assert undone.status_code == 200 and undone.json()["plies"] == 0
    refused = post(
        client,
        API + code + "/undo/",
        {"seat": 0, "expected_version": undone.json()["version"]},
        created["token"],
    )
    assert refused.status_code == 400 and refused.json()["code"] == "undo_refused"


def test_legal_moves_and_log_endpoints(client, created):
    code = created["code"]
    legal = get(client, API + code + "/legal-moves/", created["token"]).json()
    assert legal["seat"] == 0 and {"from": "a1", "to": "a2"} in legal["legal_moves"]
    assert legal["version"] == 0 and len(legal["legal_moves"]) == 11
    spectator = get(client, API + code + "/legal-moves/").json()
    assert spectator == {"seat": None, "version": 0, "legal_moves": []}
    other_seat = get(client, API + code + "/legal-moves/?seat=1", created["token"])
    assert other_seat.status_code == 403 and other_seat.json()["code"] == "seat_token_invalid"
    post(
        client,
        API + code + "/moves/",
        {"seat": 0, "move": {"from": "a1", "to": "a2"}, "expected_version": 0},
        created["token"],
    )
    log = get(client, API + code + "/log/").json()["log"]
    assert log == [{"ply": 1, "seat": 0, "by_bot": False, "text": "Bison a1 → a2"}]


def test_replay_only_once_finished_and_then_the_seed_is_shown(client, buffalo_game):
    response = post(
        client,
        API,
        {
            "game": buffalo_game.slug,
            "seats": [{"kind": "local"}, {"kind": "bot", "level": "beginner"}],
        },
    )
    data = response.json()
    token, code = data["token"], data["code"]
    assert get(client, API + code + "/replay/").status_code == 400
    while data["status"] != "finished":
        move = data["legal_moves"][0]
        data = post(
            client,
            API + code + "/moves/",
            {"seat": 0, "move": move, "expected_version": data["version"]},
            token,
        ).json()
    assert data["seed"] == Match.objects.get().seed
    replay = get(client, API + code + "/replay/").json()
    assert len(replay["positions"]) == data["plies"] + 1
    assert replay["positions"][0]["chief"] == "f6"


def test_unknown_match_is_404_with_code(client, db):
    response = get(client, API + "nope/")
    assert response.status_code == 404 and response.json()["code"] == "match_not_found"


def test_setup_page_starts_a_match_and_sends_the_token_in_the_fragment(client, buffalo_game):
    url = reverse("play:setup", args=[buffalo_game.slug])
    page = client.get(url).content.decode()
    assert "Qui joue à chaque place ?" in page and "les bisons" in page
    response = client.post(
        url,
        {
            "players": "2",
            "seat_0": "local",
            "seat_1": "bot:beginner",
            "option_opening_buffalo_moves": "1",
            "option_buffalo_seat": "0",
            "option_immobilised_buffalo": "on_their_turn",
        },
    )
    assert response.status_code == 302
    match = Match.objects.get()
    assert response["Location"].startswith(f"/parties/{match.code}/#jeton=")
    assert [s.kind for s in match.seats.all()] == ["local", "bot"]


def test_setup_page_queues_the_bots_turn_for_the_client_address(client, buffalo_game, monkeypatch):
    from play.services import matches

    charged = []
    monkeypatch.setattr(
        matches, "match_advance_bots", lambda *, match, client=None: charged.append(client)
    )
    url = reverse("play:setup", args=[buffalo_game.slug])
    data = {
        "players": "2",
        "seat_0": "bot:beginner",
        "seat_1": "local",
        "option_opening_buffalo_moves": "1",
        "option_buffalo_seat": "0",
        "option_immobilised_buffalo": "on_their_turn",
    }
    assert client.post(url, data, REMOTE_ADDR="198.51.100.7").status_code == 302
    assert charged == ["198.51.100.7"]


def test_play_page_shows_the_rules_beside_the_board(client, created, buffalo_game):
    # The game's rule book, not the record's sections (tests/play/test_setup_and_sheet.py has
    # the record's sections for a game without a book).
    buffalo_game.rules_sections = [{"heading": "But du jeu", "body": "Traverser la prairie."}]
    buffalo_game.save()
    html = client.get(f"/parties/{created['code']}/").content.decode()
    assert 'id="board"' in html and "Traverser la prairie." not in html
    assert "Quand il se déplace vers une case occupée par un buffle" in html
    assert 'data-engine="buffalo"' in html


def test_play_page_names_the_seats_before_its_script_runs(client, created):
    """The seats' list and their number come with the page: each game's board.css keeps the
    board's room by the table's size, and the list keeps its own, before the state arrives."""
    html = client.get(f"/parties/{created['code']}/").content.decode()
    assert 'data-seats="2"' in html
    assert '<li class="seat-pending">Joueur 1</li><li class="seat-pending">Joueur 2</li>' in html


def test_play_page_names_its_game_page_as_canonical_and_is_described(client, created):
    """Crawlers may fetch a match page (robots.txt), but it stands for its game: its canonical
    address is the game's catalogue page, its description the game's, and it declares no
    language alternates (they would be addresses that are not canonical)."""
    html = client.get(f"/parties/{created['code']}/", {"lang": "en"}).content.decode()
    canonical = re.findall(r'<link rel="canonical" href="([^"]+)">', html)
    assert canonical == ["http://testserver/jeux/prairie-ou-buffalo/"]
    assert 'rel="alternate"' not in html and "noindex" not in html
    description = re.search(r'<meta name="description" content="([^"]*)">', html).group(1)
    assert description.startswith("Prairie ou Buffalo")


def test_game_page_offers_jouer_only_with_an_engine(client, buffalo_game):
    from tests.factories import make_game

    html = client.get(buffalo_game.get_absolute_url()).content.decode()
    assert reverse("play:setup", args=[buffalo_game.slug]) in html
    other = make_game("Bataclan")
    html = client.get(other.get_absolute_url()).content.decode()
    assert "ne peut pas encore être joué" in html
    assert client.get(reverse("play:setup", args=[other.slug])).status_code == 404


def test_full_answers_of_the_play_api_are_throttled_with_retry_after(client, created, settings):
    from django.core.cache import cache

    cache.clear()
    settings.PLAY_VIEW_RATE = "3/min"
    url = API + created["code"] + "/"
    codes = [get(client, url).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    response = get(client, url)
    assert response.status_code == 429 and int(response["Retry-After"]) > 0
    cache.clear()


def test_play_endpoints_are_in_the_openapi_schema(client, db):
    schema = client.get("/api/v1/schema/", HTTP_ACCEPT="application/json").json()
    paths = set(schema["paths"])
    for suffix in [
        "",
        "moves/",
        "legal-moves/",
        "undo/",
        "join/",
        "log/",
        "replay/",
        "next-round/",
    ]:
        assert "/api/v1/matches/{code}/" + suffix in paths
    move = schema["paths"]["/api/v1/matches/{code}/moves/"]["post"]
    assert {"200", "400", "403", "409"} <= set(move["responses"])
    assert any(p["name"] == "X-Seat-Token" for p in move["parameters"])
