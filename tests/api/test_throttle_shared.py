"""Throttling is shared by every server process, ignores a forged X-Forwarded-For, and the token
endpoint has its own strict limits (issue 9, item 2)."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest
from django.db import connection
from django.test import override_settings
from rest_framework.test import APIClient

ROOT = Path(__file__).resolve().parents[2]
TOKEN_URL = "/api/v1/auth/token/"


def random_xff() -> dict:
    octets = uuid.uuid4().bytes[:4]
    return {"HTTP_X_FORWARDED_FOR": ".".join(str(b) for b in octets)}


def count_in_another_process(key: str) -> int:
    """How many hits another Python process reads from the cache under ``key``."""
    settings_dict = connection.settings_dict
    if connection.vendor == "sqlite":
        url = f"sqlite:///{settings_dict['NAME']}"
    else:
        url = (
            f"postgres://{settings_dict['USER']}@{settings_dict['HOST']}:{settings_dict['PORT']}"
            f"/{settings_dict['NAME']}"
        )
    code = (
        "import django; django.setup(); from django.core.cache import cache; "
        f"print(len(cache.get({key!r}) or []))"
    )
    env = {**os.environ, "DATABASE_URL": url, "DJANGO_SETTINGS_MODULE": "ludotheque.settings.test"}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60
    )
    assert result.returncode == 0, result.stderr
    return int(result.stdout.strip())


@pytest.mark.django_db(transaction=True)
@override_settings(API_ANON_RATE="50/min")
def test_throttle_counts_are_seen_by_another_process():
    client = APIClient()
    for _ in range(3):
        assert client.get("/api/v1/categories/").status_code == 200
    assert count_in_another_process("throttle_anon_127.0.0.1") == 3


@pytest.mark.django_db
@override_settings(API_ANON_RATE="3/min")
def test_forged_x_forwarded_for_does_not_escape_the_throttle(api):
    for _ in range(3):
        assert api.get("/api/v1/games/", **random_xff()).status_code == 200
    for _ in range(20):
        assert api.get("/api/v1/games/", **random_xff()).status_code == 429


@pytest.mark.django_db
def test_with_one_trusted_proxy_its_client_address_is_used(api, settings):
    # One override mechanism only (the fixture): mixed with the decorator they unwind badly.
    settings.API_ANON_RATE = "2/min"
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    # The proxy appends the address it saw; what the client wrote before it is not believed.
    for _ in range(2):
        response = api.get("/api/v1/games/", HTTP_X_FORWARDED_FOR="6.6.6.6, 10.0.0.1")
        assert response.status_code == 200
    assert api.get("/api/v1/games/", HTTP_X_FORWARDED_FOR="7.7.7.7, 10.0.0.1").status_code == 429
    assert api.get("/api/v1/games/", HTTP_X_FORWARDED_FOR="10.0.0.2").status_code == 200


@pytest.mark.django_db
@override_settings(API_TOKEN_RATE="5/min", API_ANON_RATE="1000/min")
def test_token_endpoint_limits_password_guesses_per_address(api, librarian_user):
    answers = [
        api.post(TOKEN_URL, {"username": f"u{n}", "password": "x"}, **random_xff()).status_code
        for n in range(12)
    ]
    assert answers[:5] == [401] * 5 and set(answers[5:]) == {429}
    # Even the right password waits: the limit is on attempts, not on failures.
    right = {"username": "alice", "password": "bibli-0-theque"}
    assert api.post(TOKEN_URL, right).status_code == 429


@pytest.mark.django_db
@override_settings(API_TOKEN_ACCOUNT_RATE="4/hour", API_TOKEN_RATE="1000/min")
def test_token_endpoint_limits_guesses_on_one_account_from_one_address(librarian_user):
    guesser = APIClient(REMOTE_ADDR="192.0.2.1")
    answers = [
        guesser.post(TOKEN_URL, {"username": "alice", "password": "x"}).status_code
        for _ in range(6)
    ]
    assert answers[:4] == [401] * 4 and set(answers[4:]) == {429}
    # « Alice » or « ALICE » is the same account to the count.
    assert guesser.post(TOKEN_URL, {"username": " ALICE", "password": "x"}).status_code == 429
    # The same address may still try another account, and alice from her own address signs in.
    assert guesser.post(TOKEN_URL, {"username": "bob", "password": "x"}).status_code == 401
    owner = APIClient(REMOTE_ADDR="192.0.2.200")
    right = {"username": "alice", "password": "bibli-0-theque"}
    assert owner.post(TOKEN_URL, right).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("body", ["[1, 2]", '"alice"', "null", "{"])
def test_token_endpoint_with_a_body_that_is_no_object_is_a_400(api, body):
    response = api.post(TOKEN_URL, body, content_type="application/json")
    assert response.status_code == 400


@pytest.mark.django_db
@override_settings(API_TOKEN_RATE="10/min", API_TOKEN_ACCOUNT_RATE="30/hour")
def test_guessers_from_many_addresses_never_lock_the_owner_out(librarian_user):
    """The attack: 40 wrong passwords for alice from 40 addresses; alice still signs in."""
    for n in range(40):
        client = APIClient(REMOTE_ADDR=f"198.51.100.{n + 1}")
        assert client.post(TOKEN_URL, {"username": "alice", "password": "x"}).status_code == 401
    owner = APIClient(REMOTE_ADDR="203.0.113.7")
    right = {"username": "alice", "password": "bibli-0-theque"}
    assert owner.post(TOKEN_URL, right).status_code == 200


ADMIN_LOGIN = "/admin/login/"


def admin_login(client, username: str, password: str = "x"):
    return client.post(ADMIN_LOGIN, {"username": username, "password": password})


@pytest.mark.django_db
@override_settings(API_TOKEN_RATE="3/min")
def test_admin_login_limits_password_guesses_per_address(client, librarian_user):
    answers = [admin_login(client, f"u{n}", **{}).status_code for n in range(6)]
    assert answers[:3] == [200] * 3  # the form again, with its error
    assert set(answers[3:]) == {429}
    refused = admin_login(client, "alice", "bibli-0-theque")
    assert refused.status_code == 429 and int(refused["Retry-After"]) >= 1
    assert "Trop de tentatives de connexion" in refused.content.decode()
    assert "_auth_user_id" not in client.session  # nobody signed in


@pytest.mark.django_db
@override_settings(API_TOKEN_RATE="2/min")
def test_admin_login_and_token_endpoint_share_one_count(client, api, librarian_user):
    assert api.post(TOKEN_URL, {"username": "u", "password": "x"}).status_code == 401
    assert admin_login(client, "u").status_code == 200
    assert admin_login(client, "u").status_code == 429
    assert api.post(TOKEN_URL, {"username": "u", "password": "x"}).status_code == 429


@pytest.mark.django_db
@override_settings(API_TOKEN_ACCOUNT_RATE="2/hour", API_TOKEN_RATE="1000/min")
def test_admin_login_limits_guesses_on_one_account_but_never_locks_its_owner(librarian_user):
    from django.test import Client

    guesser = Client(REMOTE_ADDR="192.0.2.1")
    assert [admin_login(guesser, "alice").status_code for _ in range(4)] == [200, 200, 429, 429]
    others = [admin_login(Client(REMOTE_ADDR=f"192.0.2.{n + 2}"), "alice") for n in range(4)]
    assert {response.status_code for response in others} == {200}
    owner = Client(REMOTE_ADDR="203.0.113.7")
    assert admin_login(owner, "alice", "bibli-0-theque").status_code == 302


@pytest.mark.django_db
@override_settings(API_TOKEN_RATE="1/min")
def test_admin_login_page_itself_is_not_counted(client, librarian_user):
    for _ in range(5):
        assert client.get(ADMIN_LOGIN).status_code == 200
    response = admin_login(client, "alice", "bibli-0-theque")
    assert response.status_code == 302  # signed in: the one attempt was allowed


@pytest.mark.django_db
@override_settings(API_TOKEN_RATE="1/min")
def test_admin_login_refusal_in_english_for_an_english_browser(client, librarian_user):
    admin_login(client, "u")
    response = client.post(
        ADMIN_LOGIN, {"username": "u", "password": "x"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == 429
    assert "Too many sign-in attempts" in response.content.decode()
