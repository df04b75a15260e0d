"""A bounded fuzzing run of the whole API (catalogue, imports, play) against its own OpenAPI
schema: schemathesis' valid and invalid requests, plus the hostile input classes of issue 9 —
deep nesting, NUL, lone surrogates, Unicode digits, huge bodies — on every operation and
parameter. Not one answer may be a server error. Requests go through Django's test client, in
the test's database; hypothesis is derandomised, so a run is reproducible."""

from __future__ import annotations

import json
from urllib.parse import urlencode

import pytest
import schemathesis
from django.test import Client, override_settings
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, Phase, given, settings
from rest_framework.authtoken.models import Token

from bench.hostile import MULTIPART_CONTENT, hostile_requests, multipart
from catalogue.models import Game

pytestmark = pytest.mark.django_db

EXAMPLES = 5  # per operation and generation mode


@pytest.fixture
def api_schema() -> dict:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return json.loads(json.dumps(schema, default=str))


@pytest.fixture
def world(imported, librarian_user):
    """The sample catalogue, a librarian's token, and a match of a playable game with its token."""
    token = Token.objects.create(user=librarian_user).key
    game = Game.objects.exclude(engine="").order_by("slug").first()
    seats = [{"kind": "local"}, {"kind": "bot", "level": "beginner"}]
    created = (
        Client()
        .post(
            "/api/v1/matches/",
            json.dumps({"game": game.slug, "seats": seats}),
            content_type="application/json",
        )
        .json()
    )
    return {"token": token, "game": game.slug, "code": created["code"], "seat": created["token"]}


class Failures(list):
    def check(self, response, what: str) -> None:
        if response.status_code >= 500:
            self.append(f"{what} -> {response.status_code} {response.content[:200]!r}")


def send(client, method, path, *, query=None, body=None, media_type=None, headers=None):
    """One request through the test client; ``body`` str/bytes is sent raw."""
    if query:
        path += "?" + urlencode(query, doseq=True)
    meta = {_meta_key(k): str(v) for k, v in (headers or {}).items()}
    data, content_type = b"", "application/octet-stream"
    if body is not None:
        content_type = media_type or "application/json"
        if isinstance(body, (str, bytes)):
            data = body
        elif content_type == "application/json":
            data = json.dumps(body)
        elif content_type.startswith("multipart/"):
            fields = body if isinstance(body, dict) else {"value": body}
            data, content_type = multipart(fields), MULTIPART_CONTENT
        else:
            fields = body if isinstance(body, dict) else {"value": body}
            data = urlencode({k: "" if v is None else v for k, v in fields.items()}, doseq=True)
    return client.generic(method.upper(), path, data, content_type=content_type, **meta)


def _meta_key(header: str) -> str:
    key = header.upper().replace("-", "_")
    return key if key in ("CONTENT_TYPE", "CONTENT_LENGTH") else f"HTTP_{key}"


def _auth(world, path: str) -> dict:
    if "/matches/" in path:
        return {"X-Seat-Token": world["seat"]}
    return {"Authorization": f"Token {world['token']}"}


def _real_path(operation, world) -> str:
    values = {"code": world["code"], "slug": world["game"], "id": "1"}
    path = operation.path
    for parameter in operation.path_parameters:
        path = path.replace("{" + parameter.name + "}", values.get(parameter.name, "x"))
    return path


def test_schemathesis_valid_and_invalid_requests_never_get_a_server_error(api_schema, world):
    from schemathesis import GenerationMode

    schema = schemathesis.openapi.from_dict(api_schema)
    client, failures = Client(raise_request_exception=False), Failures()
    for result in schema.get_all_operations():
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            run = _fuzzer(operation, mode, client, world, failures)
            try:
                run()
            except Exception as error:  # the strategy could not produce such a case
                if type(error).__name__ not in ("Unsatisfiable", "FailedHealthCheck"):
                    raise
    assert failures == [], "\n".join(failures)


def _fuzzer(operation, mode, client, world, failures):
    from schemathesis import GenerationMode

    @settings(
        max_examples=EXAMPLES, derandomize=True, database=None, deadline=None,
        phases=[Phase.explicit, Phase.generate], suppress_health_check=list(HealthCheck),
    )  # fmt: skip
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case):
        path = case.formatted_path
        if case.path_parameters and mode == GenerationMode.POSITIVE:
            path = _real_path(operation, world)  # reach past the lookups too
        body = None if case.body is None or _unset(case.body) else case.body
        response = send(
            client, case.method, path, query=case.query, body=body, media_type=case.media_type,
            headers={**(case.headers or {}), **_auth(world, operation.path)},
        )  # fmt: skip
        failures.check(response, f"{case.method} {path} {case.query} {str(body)[:80]}")

    return run


def _unset(body) -> bool:
    return type(body).__name__ == "NotSet"


@override_settings(IMPORT_MAX_REQUEST_BYTES=1_000_000)
def test_hostile_input_classes_never_get_a_server_error(api_schema, world):
    failures = Failures()
    requests = list(hostile_requests(api_schema, world))
    assert len(requests) > 300
    for authenticated in (False, True):
        client = Client(raise_request_exception=False)
        for method, path, query, body, media_type, label, extra in requests:
            headers = {**(_auth(world, path) if authenticated else {}), **extra}
            response = send(
                client, method, path, query=query, body=body, media_type=media_type,
                headers=headers,
            )  # fmt: skip
            failures.check(response, f"{method.upper()} {path} {query or ''}: {label}")
    assert failures == [], "\n".join(failures)
