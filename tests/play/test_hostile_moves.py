"""Moves a client forges field by field: every engine refuses them as illegal, never with a server
error, and nothing is written (issue 42, item 3).

For each registered game, positions of every kind (each phase and move type a random game goes
through) are collected; each field of a legal move is replaced by each hostile value, and the
engine must answer :class:`IllegalMove` (or, for ``play`` alone, accept a value equal to the legal
one, as ``True == 1``). Through the API, each mutation of a started match's first legal moves is a
400 ``illegal_move`` that leaves the version and the move log as they were.
"""

from __future__ import annotations

import json
import random

import pytest

from play.engines.base import IllegalMove, chance_for, same_json
from play.games.registry import games, get_engine
from play.models import Match, MoveRecord
from tests.factories import make_game

API = "/api/v1/matches/"

HOSTILE_VALUES = {
    "dict": {},
    "nested_dict": {"a": [1, {"b": None}]},
    "list": [],
    "nested_list": [[[]], {}],
    "null": None,
    "true": True,
    "false": False,
    "float": 1.5,
    "inf": float("inf"),
    "nan": float("nan"),
    "huge_int": 10**30,
    "negative": -1,
    "nan_string": "NaN",
    "empty_string": "",
    "odd_string": "é\x00",
}
# What JSON can carry (no NaN: the API's parser refuses the literal; 1e309 is read as infinity).
JSON_VALUES = {name: value for name, value in HOSTILE_VALUES.items() if name != "nan"}
# Numbers the server does not take (beyond 2**53, infinite): 400 ``invalid_number`` naming where.
UNREPRESENTABLE = ("inf", "huge_int")
RANDOM_PLIES = 400


def move_shape(move) -> tuple:
    return (move.get("type"), tuple(sorted(move)))


def sample_positions(slug: str) -> list[tuple[object, int, dict]]:
    """(state, seat, legal move) for each move shape met in a few seeded random games."""
    engine = get_engine(slug)
    found: dict[tuple, tuple] = {}
    for seats in range(engine.info.min_seats, engine.info.max_seats + 1):
        for game in range(2):
            seed = f"hostile/{slug}/{seats}/{game}"
            pick = random.Random(seed)
            state = engine.new_game(seats=seats, options={}, rng=chance_for(seed, 0))
            for ply in range(1, RANDOM_PLIES):
                acting = engine.to_act(state)
                if not acting:
                    break
                seat = pick.choice(acting)
                legal = engine.legal_moves(state, seat)
                for move in legal:
                    found.setdefault(move_shape(move), (state, seat, move))
                state = engine.play(state, seat, pick.choice(legal), chance_for(seed, ply))
    return list(found.values())


def mutations(move: dict, values: dict) -> list[tuple[str, object]]:
    """(label, mutated move): each field replaced by each value, one field removed, not a dict."""
    out: list[tuple[str, object]] = []
    for key in move:
        for name, value in values.items():
            out.append((f"{key}={name}", {**move, key: value}))
        out.append((f"without {key}", {k: v for k, v in move.items() if k != key}))
    out += [(f"move={name}", v) for name, v in values.items() if not isinstance(v, dict)]
    return out


def is_legal(engine, state, seat, move) -> bool:
    return any(same_json(move, legal) for legal in engine.legal_moves(state, seat))


def canonical_or_none(engine, state, seat, move):
    """The engine's legal form of ``move`` (a free form it accepts, such as a Bataclan placement
    without ``as``), or ``None`` when it refuses it: never any other exception."""
    try:
        return engine.canonical_move(state, seat, move)
    except IllegalMove:
        return None


@pytest.mark.parametrize("slug", sorted(games()))
def test_engines_refuse_every_hostile_field(slug):
    engine = get_engine(slug)
    positions = sample_positions(slug)
    assert positions
    for state, seat, move in positions:
        before = json.dumps(engine.to_dict(state), sort_keys=True)
        for label, hostile in mutations(move, HOSTILE_VALUES):
            where = f"{slug} {move} {label}"
            if isinstance(hostile, dict) and is_legal(engine, state, seat, hostile):
                continue
            accepted = canonical_or_none(engine, state, seat, hostile)
            assert accepted is None or is_legal(engine, state, seat, accepted), where
            try:
                engine.play(state, seat, hostile, chance_for("hostile", 1))
            except IllegalMove:
                pass
            assert json.dumps(engine.to_dict(state), sort_keys=True) == before, where


def started_match(client, slug: str) -> dict:
    engine = get_engine(slug)
    seats = engine.info.min_seats
    make_game(f"Jeu {slug}", engine=slug, min_players=seats, max_players=engine.info.max_seats)
    game_slug = f"jeu-{slug}"
    body = {"game": game_slug, "seats": [{"kind": "local"}] * seats}
    response = client.post(API, json.dumps(body), content_type="application/json")
    assert response.status_code == 201, response.content
    return response.json()


@pytest.mark.parametrize("slug", sorted(games()))
def test_api_answers_400_to_every_hostile_move(client, db, slug):
    created = started_match(client, slug)
    url = API + created["code"] + "/moves/"
    seat = created["viewer"]
    engine = get_engine(slug)
    state = engine.from_dict(Match.objects.get(code=created["code"]).state)
    shapes: dict[tuple, dict] = {}
    for move in created["legal_moves"]:
        shapes.setdefault(move_shape(move), move)
    for move in shapes.values():
        for label, hostile in mutations(move, JSON_VALUES):
            if canonical_or_none(engine, state, seat, hostile) is not None:
                continue  # a legal move (or a free form of one) that the engine accepts
            body = {"seat": seat, "move": hostile, "expected_version": created["version"]}
            text = json.dumps(body)  # infinity is written Infinity: the parser refuses it
            response = client.post(
                url, text, content_type="application/json", HTTP_X_SEAT_TOKEN=created["token"]
            )
            where = f"{slug} {move} {label}"
            assert response.status_code == 400, where
            answer = response.json()
            key, _sep, value = label.partition("=")
            if value in UNREPRESENTABLE:
                assert answer["code"] == "invalid_number", where
                assert answer["field"] == ("move" if key == "move" else f"move.{key}"), where
            else:
                assert answer.get("code") in ("illegal_move", "parse_error", None), where
        match = Match.objects.get(code=created["code"])
        assert match.version == created["version"] and not MoveRecord.objects.exists()


@pytest.mark.parametrize("slug", sorted(games()))
def test_api_refuses_a_1e309_field(client, db, slug):
    """JSON's 1e309 is read as infinity, which the move field refuses (not JSON it can store)."""
    created = started_match(client, slug)
    move = created["legal_moves"][0]
    key = next(iter(move))
    text = json.dumps(
        {"seat": created["viewer"], "move": {**move, key: "@"}, "expected_version": 0}
    ).replace('"@"', "1e309")
    response = client.post(
        API + created["code"] + "/moves/",
        text,
        content_type="application/json",
        HTTP_X_SEAT_TOKEN=created["token"],
    )
    assert response.status_code == 400
    answer = response.json()
    assert answer["code"] == "invalid_number" and answer["field"] == f"move.{key}"
    assert Match.objects.get().version == 0 and not MoveRecord.objects.exists()


@pytest.mark.parametrize("direction", [{}, [], None, 1, ["left"], {"left": 1}])
def test_alcatraz_alarm_direction_of_the_wrong_type_is_an_illegal_move(client, db, direction):
    """The issue's case: in the alarm phase, ``{}`` as the direction was a 500 (unhashable)."""
    created = started_match(client, "alcatraz")
    engine = get_engine("alcatraz")
    state, seat, move = next(
        (s, seat, m) for s, seat, m in sample_positions("alcatraz") if m["type"] == "alarm"
    )
    match = Match.objects.get(code=created["code"])
    match.state, match.seats_count = engine.to_dict(state), state.seats
    match.save()
    match.seats.exclude(index__lt=state.seats).delete()
    for index in range(match.seats.count(), state.seats):
        match.seats.create(index=index, kind="local")
    body = {"seat": seat, "move": {**move, "direction": direction}, "expected_version": 0}
    response = client.post(
        API + created["code"] + "/moves/",
        json.dumps(body),
        content_type="application/json",
        HTTP_X_SEAT_TOKEN=created["token"],
    )
    assert response.status_code == 400
    answer = response.json()
    assert answer["code"] == "illegal_move" and answer["rule"] == "malformed_move"
    assert answer["message"] == "Ce coup est mal formé."
    assert Match.objects.get().version == 0 and not MoveRecord.objects.exists()
