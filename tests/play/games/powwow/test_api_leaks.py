"""No secret leaves the server: every API answer of random Pow Wow games is scanned.

Each game is played through the API by one invited token per seat, choosing random legal moves.
After every move (every third one, and every swap, for the views of all seats), the match as
each seat sees it, the public match, the log, the legal moves and
a refused move are fetched; in each answer, no hand but the viewer's, no neutral pile, no card
another seat learnt from a swap, no POW WOW card outside the viewer's hand, no swap's card in the
log; and the seed only once the game is over.
"""

from __future__ import annotations

import json
import random
import re

import pytest

from play.games.powwow.state import POWWOW
from play.models import Match
from tests.factories import make_game

API = "/api/v1/matches/"
SEAT_COUNTS = (2, 3, 4, 5, 6)
FULL_CHECK_STRIDE = 3  # every seat's answer every 3rd move, and after every swap


@pytest.fixture
def powwow(db):
    return make_game("Pow Wow", engine="powwow", min_players=2, max_players=6)


def post(client, url, data, token):
    return client.post(
        url, json.dumps(data), content_type="application/json", HTTP_X_SEAT_TOKEN=token
    )


def start(client, game, seats: int) -> tuple[str, list[str]]:
    response = post(client, API, {"game": game.slug, "seats": [{"kind": "invite"}] * seats}, None)
    assert response.status_code == 201, response.content
    created = response.json()
    tokens = [None] * seats
    for invite in created["invites"]:
        tokens[invite["seat"]] = invite["url"].split("#jeton=")[1]
    assert all(tokens)
    return created["code"], tokens


SWAP_LINE = re.compile(
    r"^(Player \d+( spends a prediction stone and)? swaps a card with "
    r"(player \d+|the neutral pile)\."
    r"|Le joueur \d+ (utilise une pierre de prédiction et )?échange une carte avec "
    r"(le joueur \d+|le tas neutre)\.)$"
)


def check_answer(body: bytes, match: Match, viewer: int | None) -> None:
    text = body.decode()
    assert match.token_salt not in text
    if match.status == Match.Status.FINISHED:
        return
    assert match.seed not in text
    data = json.loads(text)
    state = match.state
    own = [] if viewer is None else state["hands"][viewer]
    legal = data.pop("legal_moves", [])
    view = data.get("view")
    if view is not None:
        legal += view.pop("legal_moves")
        assert view["neutral"] is None
        for seat, hand in enumerate(view["hands"]):
            assert hand == (own if seat == viewer else None)
        mine = [] if viewer is None else [[h, c] for h, c in state["knowledge"][viewer]]
        assert [[f["holder"], f["card"]] for f in view["known"]] == mine
        for event in view["last_events"]:
            if event["kind"] == "swap":
                assert set(event) == {"kind", "seat", "target", "paid"}
    for move in legal:
        assert move.get("give", own[0] if own else None) in own
    data.pop("engine", None)  # the game's slug is also the POW WOW card's code
    for other in nested_views(data):  # the public positions of recent moves, the view itself
        other.pop("game")
        if other is not view:
            assert all(hand is None for hand in other["hands"]) and other["neutral"] is None
            assert other["known"] == [] and other["legal_moves"] == []
    learnt = sum(1 for fact in (view or {}).get("known", []) if fact["card"] == POWWOW)
    assert json.dumps(data).count(f'"{POWWOW}"') <= own.count(POWWOW) + learnt
    for line in data.get("log", []):
        if "swaps a card" in line["text"] or "change une carte" in line["text"]:
            assert SWAP_LINE.match(line["text"]), line


def nested_views(data):
    """Every engine view in an answer (a dict with ``hands``), wherever it sits."""
    if isinstance(data, dict):
        if "hands" in data and "game" in data:
            yield data
        for value in list(data.values()):
            yield from nested_views(value)
    elif isinstance(data, list):
        for value in data:
            yield from nested_views(value)


def check_log(client, code: str) -> None:
    check_answer(client.get(API + code + "/log/").content, Match.objects.get(code=code), None)


@pytest.mark.parametrize("seats", SEAT_COUNTS)
def test_no_api_answer_leaks_a_card(client, powwow, seats, match_seed):
    # A fixed deal: a random one once gave a 2-seat game that ended before any swap was on
    # offer, and the test must scan swaps every time.
    match_seed(f"leaks/{seats}")
    code, tokens = start(client, powwow, seats)
    assert Match.objects.get(code=code).seed == f"leaks/{seats}"
    url = API + code + "/"
    pick = random.Random(f"leaks/{seats}")
    swaps = 0
    for ply in range(400):
        match = Match.objects.get(code=code)
        if match.status == Match.Status.FINISHED:
            break
        swapped = any(e["kind"] == "swap" for e in match.state["events"])
        if ply % FULL_CHECK_STRIDE == 0 or swapped:
            for seat, token in [(None, None), *enumerate(tokens)]:
                headers = {"HTTP_X_SEAT_TOKEN": token} if token else {}
                check_answer(client.get(url, **headers).content, match, seat)
        actor = match.state["to_move"]
        legal = client.get(url + "legal-moves/", HTTP_X_SEAT_TOKEN=tokens[actor])
        check_answer(legal.content, match, actor)
        moves = legal.json()["legal_moves"]
        if any(m["type"] == "swap" for m in moves):
            refused = post(
                client,
                url + "moves/",
                {"seat": actor, "move": {"type": "swap", "give": "nothing", "target": "x"},
                 "expected_version": match.version},
                tokens[actor],
            )  # fmt: skip
            assert refused.status_code == 400
            check_answer(refused.content, match, actor)
            swaps_first = [m for m in moves if m["type"] == "swap"]
            move = pick.choice(swaps_first) if pick.random() < 0.5 else pick.choice(moves)
        else:
            move = pick.choice(moves)
        swaps += move["type"] == "swap"
        answer = post(
            client,
            url + "moves/",
            {"seat": actor, "move": move, "expected_version": match.version},
            tokens[actor],
        )
        assert answer.status_code == 200, answer.content
        check_answer(answer.content, Match.objects.get(code=code), actor)
        if ply % 25 == 0:
            check_log(client, code)
    match = Match.objects.get(code=code)
    assert match.status == Match.Status.FINISHED and swaps
    check_log(client, code)
    final = client.get(url).json()
    assert final["view"]["hands"] == match.state["hands"] and final["seed"] == match.seed
