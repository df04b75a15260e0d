"""Load test: visitors against gunicorn on PostgreSQL with the production settings, quiet and
under attack (issue 9: bot-only matches, throttle bypass, huge moves).

    .venv/bin/python bench/load.py [--visitors 6] [--seconds 20] [--workers 4]

Starts a temporary PostgreSQL server (scripts/pgtemp.py), migrates, imports the sample
collection, collects the static files, and serves the production settings with
``gunicorn ludotheque.wsgi --workers 4`` on a free loopback port (``DJANGO_SECURE_SSL_REDIRECT=0``:
plain HTTP on loopback). Then, from client processes separate from the server:

* **visitors** — each from its own loopback address (127.0.0.10, .11…), in a loop with a
  pause that keeps each under the anonymous API limit: the search API, a game page, the play
  API (a hot-seat Prairie match: polls with ``If-None-Match`` and moves; a new match when one
  ends) and a minimal Django view
  (``/healthz``, no database) for the server's own floor;
* **attackers** (second run only, 8 of them, 127.0.0.100…) — each in a loop: create an
  Alcatraz table of four strong bots with ``turn_limit`` 0 (refused), then one human and three
  strong bots, poll it and move whenever they may (with a copy of the move carrying 1,000 extra
  keys); every third round the search API and the token endpoint with a random
  ``X-Forwarded-For`` (password guesses); every tenth round a 4 MB move body. At
  ``--attack-scale 1`` the eight poll about 200 times a minute in all, the attack of issue 9
  ("eight anonymous pollers, ~200 requests/min"); ``--attack-scale 6`` is six times as fast.

Prints, for each run and request kind, requests/s and p50/p95/p99 latency (ms), what the
attackers got (status counts), and each visitor kind's p95 under attack over its quiet p95.
Only loopback addresses are contacted; every loop stops after ``--seconds``; the server and
the database are stopped at the end, whatever happens.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import multiprocessing
import os
import random
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from pgtemp import postgres_server  # noqa: E402

HOST = "127.0.0.1"
# A visitor's pause between rounds: one search a round stays under the anonymous API limit
# (API_ANON_RATE, 120 a minute per address), as a person's browsing does.
VISITOR_PAUSE = 0.5
PYTHON = sys.executable
GUNICORN = str(Path(PYTHON).with_name("gunicorn"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


# --------------------------------------------------------------------------- one client


class Client:
    """HTTP from one loopback source address (gunicorn's sync workers close each connection)."""

    def __init__(self, port: int, address: str):
        self.port, self.address = port, address

    def request(self, method, path, body=None, headers=None):
        data = body if isinstance(body, (bytes, type(None))) else json.dumps(body).encode()
        headers = {"Host": "localhost", **(headers or {})}
        if data is not None:
            headers.setdefault("Content-Type", "application/json")
        started = time.perf_counter()
        connection = http.client.HTTPConnection(
            HOST, self.port, timeout=60, source_address=(self.address, 0)
        )
        try:
            try:
                connection.request(method, path, body=data, headers=headers)
            except (BrokenPipeError, ConnectionResetError):
                pass  # refused before the body was read: the answer may still be there
            response = connection.getresponse()
            content = response.read()
            status, etag = response.status, response.getheader("ETag")
        except (OSError, http.client.HTTPException) as error:
            status, content, etag = 0, type(error).__name__.encode(), None
        finally:
            connection.close()
        return status, content, etag, time.perf_counter() - started


def _json(content: bytes) -> dict:
    try:
        return json.loads(content)
    except ValueError:
        return {}


def visitor(port: int, index: int, deadline: float, out: list) -> None:
    client = Client(port, f"127.0.0.{10 + index}")
    rng = random.Random(index)
    words = ["strategie", "prisonnier", "buffle", "cartes", "jeu", "ta yu"]
    match, token, etag = None, None, None

    def record(kind, status, seconds):
        out.append((kind, status, seconds))

    while time.monotonic() < deadline:
        status, content, _e, seconds = client.request(
            "GET", f"/api/v1/games/?q={rng.choice(words).replace(' ', '+')}"
        )
        record("search API", status, seconds)
        status, _c, _e, seconds = client.request("GET", "/jeux/alcatraz/")
        record("game page", status, seconds)
        if match is None:
            body = {"game": "prairie-ou-buffalo", "seats": [{"kind": "local"}, {"kind": "local"}]}
            status, content, _e, seconds = client.request("POST", "/api/v1/matches/", body)
            record("play: create", status, seconds)
            state = _json(content)
            match, token, etag = state.get("code"), state.get("token"), None
        else:
            headers = {"X-Seat-Token": token, **({"If-None-Match": etag} if etag else {})}
            status, content, new_etag, seconds = client.request(
                "GET", f"/api/v1/matches/{match}/", headers=headers
            )
            record("play: poll", status, seconds)
            if status == 200:
                state, etag = _json(content), new_etag
                if state.get("status") == "finished" or not state.get("legal_moves"):
                    match = None
                else:
                    body = {
                        "seat": state["viewer"],
                        "move": state["legal_moves"][0],
                        "expected_version": state["version"],
                    }
                    status, _c, _e, seconds = client.request(
                        "POST", f"/api/v1/matches/{match}/moves/", body, {"X-Seat-Token": token}
                    )
                    record("play: move", status, seconds)
        status, _c, _e, seconds = client.request("GET", "/healthz")
        record("minimal view", status, seconds)
        time.sleep(VISITOR_PAUSE)


#: An attacker's pause between rounds at ``--attack-scale 1``: eight poll 200 times a minute.
ATTACKER_PAUSE = 2.4


def attacker(port: int, index: int, deadline: float, out: list, scale: float = 1.0) -> None:
    client = Client(port, f"127.0.0.{100 + index}")
    strong = {"kind": "bot", "level": "strong"}
    options = {"turn_limit": 0}
    match, token = None, None
    huge = b'{"seat": 0, "expected_version": 0, "move": {"pad": "' + b"x" * 4_000_000 + b'"}}'
    n = 0
    while time.monotonic() < deadline:
        n += 1
        time.sleep(ATTACKER_PAUSE / scale)
        if match is None:
            body = {"game": "alcatraz", "seats": [strong] * 4, "options": options}
            out.append(("bots-only table", client.request("POST", "/api/v1/matches/", body)[0]))
            body = {"game": "alcatraz", "seats": [{"kind": "local"}] + [strong] * 3}
            status, content, _e, _s = client.request(
                "POST", "/api/v1/matches/", {**body, "options": options}
            )
            state = _json(content)
            match, token = state.get("code"), state.get("token")
            continue
        status, content, _e, _s = client.request(
            "GET", f"/api/v1/matches/{match}/", headers={"X-Seat-Token": token}
        )
        out.append(("poll bot match", status))
        state = _json(content)
        if status == 200 and state.get("legal_moves"):
            move = {
                "seat": state["viewer"],
                "move": state["legal_moves"][0],
                "expected_version": state["version"],
            }
            extra = {**move, "move": {**move["move"], **{f"k{i}": i for i in range(1000)}}}
            out.append(
                ("move, 1000 extra keys",
                 client.request("POST", f"/api/v1/matches/{match}/moves/", extra,
                                {"X-Seat-Token": token})[0])
            )  # fmt: skip
            out.append(
                ("move (legal)",
                 client.request("POST", f"/api/v1/matches/{match}/moves/", move,
                                {"X-Seat-Token": token})[0])
            )  # fmt: skip
        if status == 200 and state.get("status") == "finished":
            match = None
        if n % 10 == 0:
            status = client.request("POST", f"/api/v1/matches/{match}/moves/", huge)[0]
            out.append(("move, 4 MB body", status))
        if n % 3 == 0:
            forged = {"X-Forwarded-For": ".".join(str(b) for b in secrets.token_bytes(4))}
            status = client.request("GET", "/api/v1/games/?q=x", None, forged)[0]
            out.append(("search, forged XFF", status))
            guess = {"username": "admin", "password": secrets.token_hex(6)}
            status = client.request("POST", "/api/v1/auth/token/", guess, forged)[0]
            out.append(("password guess", status))


def _clients(role, port: int, count: int, seconds: float, queue, *extra) -> None:
    """A client process: ``count`` threads of ``role`` for ``seconds``; results into ``queue``."""
    deadline = time.monotonic() + seconds
    out: list = []
    threads = [
        threading.Thread(target=role, args=(port, index, deadline, out, *extra))
        for index in range(count)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    queue.put(out)


def run(
    port: int, visitors: int, seconds: float, attackers: int, scale: float = 1.0
) -> tuple[list, list]:
    """Visitors (and attackers) in processes of their own; their records."""
    context = multiprocessing.get_context("spawn")
    queues = {"visitors": context.Queue(), "attackers": context.Queue()}
    processes = [
        context.Process(
            target=_clients, args=(visitor, port, visitors, seconds, queues["visitors"])
        )
    ]
    if attackers:
        processes.append(
            context.Process(
                target=_clients,
                args=(attacker, port, attackers, seconds, queues["attackers"], scale),
            )
        )
    for process in processes:
        process.start()
    results = {"visitors": queues["visitors"].get()}
    results["attackers"] = queues["attackers"].get() if attackers else []
    for process in processes:
        process.join()
    return results["visitors"], results["attackers"]


# --------------------------------------------------------------------------- figures


def server_cpu(group: int) -> dict[str, float]:
    """CPU seconds used so far by the server's threads (process group ``group``), split by their
    priority: ``normal`` (requests) and ``low`` (nice > 0: bot searches, password hashes).
    Unlike latencies, these do not depend on what else the machine is doing."""
    tick = os.sysconf("SC_CLK_TCK")
    used = {"normal": 0.0, "low": 0.0}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            if os.getpgid(int(proc.name)) != group:
                continue
            tasks = list((proc / "task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            seconds = (int(fields[11]) + int(fields[12])) / tick  # utime + stime
            used["low" if int(fields[16]) > 0 else "normal"] += seconds
    return used


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def summary(records: list, seconds: float) -> dict[str, dict]:
    by_kind: dict[str, list] = collections.defaultdict(list)
    for kind, status, latency in records:
        by_kind[kind].append((status, latency))
    table = {}
    for kind, items in by_kind.items():
        latencies = [latency * 1000 for status, latency in items if 200 <= status < 400]
        statuses = collections.Counter(status for status, _latency in items)
        table[kind] = {
            "n": len(items),
            "rps": len(items) / seconds,
            "p50": statistics.median(latencies) if latencies else float("nan"),
            "p95": percentile(latencies, 95) if latencies else float("nan"),
            "p99": percentile(latencies, 99) if latencies else float("nan"),
            "errors": {s: c for s, c in statuses.items() if not 200 <= s < 400},
        }
    return table


def print_table(title: str, table: dict[str, dict]) -> None:
    print(f"\n{title}")
    print(
        f"  {'request':<14} {'n':>6} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}  errors"
    )
    for kind in sorted(table):
        row = table[kind]
        print(
            f"  {kind:<14} {row['n']:>6} {row['rps']:>7.1f} {row['p50']:>8.1f} "
            f"{row['p95']:>8.1f} {row['p99']:>8.1f}  {row['errors'] or ''}"
        )


# --------------------------------------------------------------------------- server


def serve(database_url: str, workers: int, tmp: Path):
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
        "DJANGO_SETTINGS_MODULE": "ludotheque.settings.production",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": "localhost,127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DATABASE_URL": database_url,
        "DATABASE_CONN_MAX_AGE": "60",
        "LOG_LEVEL": "WARNING",
    }
    manage = [PYTHON, "manage.py"]
    for command in (["migrate", "--noinput"], ["import_games", "samples/records"],
                    ["collectstatic", "--noinput"]):  # fmt: skip
        subprocess.run([*manage, *command, "-v0"], cwd=ROOT, env=env, check=True)
    port = free_port()
    log = open(tmp / "gunicorn.log", "w")  # noqa: SIM115
    server = subprocess.Popen(
        [GUNICORN, "ludotheque.wsgi", "--workers", str(workers), "--bind", f"{HOST}:{port}",
         "--timeout", "30"],
        cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True,
    )  # fmt: skip
    client = Client(port, HOST)
    for _ in range(100):
        if client.request("GET", "/healthz")[0] == 200:
            return server, port, log
        time.sleep(0.2)
    os.killpg(server.pid, signal.SIGTERM)
    raise RuntimeError("gunicorn did not start; see " + str(tmp / "gunicorn.log"))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--visitors", type=int, default=6)
    parser.add_argument("--attackers", type=int, default=8)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument(
        "--attack-scale", type=float, default=1.0,
        help="attackers' pace: 1 = issue 9's eight pollers (~200 polls/min in all)",
    )  # fmt: skip
    parser.add_argument(
        "--rounds", type=int, default=1,
        help="quiet and attacked runs alternate this many times (their records pooled), so that "
        "a change in the machine's other load weighs on both alike",
    )  # fmt: skip
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="ludo-load-") as tmp, postgres_server() as url:
        server, port, log = serve(url, args.workers, Path(tmp))
        try:
            quiet, attacked, attacks = [], [], []
            cpu = {"quiet": collections.Counter(), "attacked": collections.Counter()}

            def measured(kind, *run_args):
                before = server_cpu(server.pid)
                records = run(port, *run_args)
                after = server_cpu(server.pid)
                cpu[kind].update({k: after[k] - before[k] for k in after})
                return records

            for _round in range(args.rounds):
                quiet += measured("quiet", args.visitors, args.seconds, 0)[0]
                visits, attacks_now = measured(
                    "attacked", args.visitors, args.seconds, args.attackers, args.attack_scale
                )
                attacked += visits
                attacks += attacks_now
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
            log.close()
        tracebacks = (Path(tmp) / "gunicorn.log").read_text().count("Traceback")
    print(f"gunicorn --workers {args.workers}, PostgreSQL, production settings; "
          f"{args.visitors} visitors, {args.rounds} × {args.seconds:.0f} s per run")  # fmt: skip
    seconds = args.seconds * args.rounds
    quiet_table = summary(quiet, seconds)
    attacked_table = summary(attacked, seconds)
    print_table("Quiet run (visitors only)", quiet_table)
    print_table(
        f"Under attack ({args.attackers} attackers, pace ×{args.attack_scale:g}: "
        f"{sum(kind == 'poll bot match' for kind, _status in attacks) * 60 / seconds:.0f}"
        " bot-match polls a minute)",
        attacked_table,
    )
    print("\nWhat the attackers got (status: count)")
    by_kind: dict[str, collections.Counter] = collections.defaultdict(collections.Counter)
    for kind, status in attacks:
        by_kind[kind][status] += 1
    for kind in sorted(by_kind):
        print(f"  {kind:<22} {dict(sorted(by_kind[kind].items()))}")
    print("\nVisitors' p95 under attack / quiet p95")
    worst = 0.0
    for kind in sorted(quiet_table):
        ratio = attacked_table[kind]["p95"] / quiet_table[kind]["p95"]
        few = quiet_table[kind]["n"] < 30
        worst = worst if few else max(worst, ratio)
        print(f"  {kind:<14} {ratio:5.2f}×{'  (too few requests to count)' if few else ''}")
    print(f"  worst          {worst:5.2f}×  (goal: at most 2×)")
    print("\nServer CPU (gunicorn, seconds of CPU per second of run)")
    for kind in ("quiet", "attacked"):
        normal, low = cpu[kind]["normal"] / seconds, cpu[kind]["low"] / seconds
        print(
            f"  {kind:<9} normal priority {normal:5.2f}   lowest priority (bots, hashes) {low:5.2f}"
        )
    print(f"load average of the machine: {os.getloadavg()[0]:.1f} ({os.cpu_count()} cores)")
    print(f"server log: {tracebacks} traceback(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
