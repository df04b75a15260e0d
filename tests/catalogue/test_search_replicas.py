"""Scale-out: two server processes on one database, each with its own index replica.

Each server is a real ``manage.py runserver`` process with its own ``SEARCH_INDEX_DIR``; the
test writes through the services (committed: a transactional test) and asks both servers.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import quote

import pytest
from django.db import connection

from catalogue import services
from tests.factories import make_game

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.django_db(transaction=True)


def database_url() -> str:
    """The test database as a DATABASE_URL the child processes can use."""
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    password = f":{quote(s['PASSWORD'])}" if s.get("PASSWORD") else ""
    return f"postgres://{s['USER']}{password}@{s['HOST']}:{s['PORT']}/{s['NAME']}"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextmanager
def server(index_dir: Path):
    port = free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "DJANGO_SETTINGS_MODULE": "ludotheque.settings.test",
        "SEARCH_INDEX_DIR": str(index_dir),
    }
    process = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):  # wait until it answers (up to 30 s on a busy machine)
            try:
                urllib.request.urlopen(f"{base}/api/v1/games/", timeout=2)
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        process.kill()
        process.wait()


def found(base: str, q: str) -> list[str]:
    with urllib.request.urlopen(f"{base}/api/v1/games/?q={quote(q)}", timeout=10) as response:
        return [game["title"] for game in json.loads(response.read())["results"]]


def found_soon(base: str, q: str, expected: list[str]) -> list[str]:
    """What ``found`` gives once it gives ``expected``, or after a few seconds: a server reads the
    change log's end every SEARCH_SYNC_INTERVAL_SECONDS (0.1 s); the margin is for a busy
    machine."""
    deadline = time.monotonic() + 5
    while (titles := found(base, q)) != expected and time.monotonic() < deadline:
        time.sleep(0.05)
    return titles


def both(a: str, b: str, q: str, expected: list[str]) -> bool:
    return found_soon(a, q, expected) == found_soon(b, q, expected) == expected


def test_an_edit_reaches_both_servers_each_with_its_own_replica(tmp_path):
    make_game("Zanzibar", rules_text="Des épices et des dhows.")
    with server(tmp_path / "replica-a") as a, server(tmp_path / "replica-b") as b:
        assert found(a, "epices") == found(b, "epices") == ["Zanzibar"]
        game = make_game("Kraken", rules_text="Un calamar géant.")
        assert both(a, b, "calamar", ["Kraken"])
        game.rules_text = "Une pieuvre géante."
        services.game_save(game=game)
        assert both(a, b, "pieuvre", ["Kraken"])
        assert both(a, b, "calamar", [])
        services.game_delete(game=game)
        assert both(a, b, "pieuvre", [])
    assert (tmp_path / "replica-a" / "state.json").exists()
    assert (tmp_path / "replica-b" / "state.json").exists()
