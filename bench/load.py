"""Load test: a room full of players (issue 41) against gunicorn and the bot workers, on
PostgreSQL with the production settings.

    .venv/bin/python bench/load.py [--people 8] [--seconds 60] [--answer 5] [--workers 4]
                                   [--bot-workers N]

Starts a temporary PostgreSQL server (scripts/pgtemp.py), migrates, imports the sample
collection, collects the static files, serves the production settings with
``gunicorn ludotheque.wsgi --workers 4`` on a free loopback port (``DJANGO_SECURE_SSL_REDIRECT=0``:
plain HTTP on loopback) and starts ``manage.py bot_workers`` (``--bot-workers``, default its
own: the cores minus one). Then, from client processes separate from the server:

* **people** — each from its own loopback address (127.0.0.10, .11…), one table each over the
  five games in turn, against 1 to 3 bots (intermediate or strong, alternately): polls every
  0.7 s with ``If-None-Match`` as the page does, and when it is their turn answers after
  ``--answer`` seconds (± half) with a random legal move; a new table when one ends;
* **visitors** (``--visitors``, 2) — the search API and a game page in a loop, as someone
  browsing the catalogue while the room plays.

Prints the bots' reply time (from the person's move to their turn again: p50/p95/max), moves a
minute (people's and bots'), the share of the machine's CPU the bot workers used and their CPU
time per bot move, the visitors' latency, every request kind's errors, and the machine's bound:
the bots' CPU per move × the bot moves a table needs a minute (its bots × 60 / answer time),
against the cores → how many such tables the machine can serve. Only loopback addresses are
contacted; every loop stops after ``--seconds``; the servers and the database are stopped at the
end, whatever happens.
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


GAMES = ["prairie-ou-buffalo", "alcatraz", "bataclan", "pow-wow", "ta-yu"]
LEVELS = ["intermediate", "strong"]
#: How often a page polls (PLAY_POLL_INTERVAL_MS).
POLL_SECONDS = 0.7


def person(port: int, index: int, deadline: float, out: list, answer: float) -> None:
    """One person at a table of their own, playing against bots; records request latencies,
    the bots' reply times (``bot reply``) and finished tables."""
    client = Client(port, f"127.0.0.{10 + index}")
    rng = random.Random(index)
    table = index
    match = token = etag = state = None
    moved_at = None  # when the person's move was answered: the bots' clock starts

    while time.monotonic() < deadline:
        if match is None:
            slug, bots = GAMES[table % len(GAMES)], 1 + table % 3
            level = LEVELS[table % len(LEVELS)]
            table += 1
            for count in range(bots, 0, -1):  # fewer bots where the game seats fewer
                seats = [{"kind": "local"}] + [{"kind": "bot", "level": level}] * count
                status, content, _e, seconds = client.request(
                    "POST", "/api/v1/matches/", {"game": slug, "seats": seats}
                )
                out.append(("play: create", status, seconds))
                if status != 400:
                    break
            if status != 201:
                time.sleep(1)
                continue
            state = _json(content)
            match, token, etag = state["code"], state["token"], None
            out.append(("table", slug, count))
            moved_at = time.monotonic()  # the bots may move first
            continue
        headers = {"X-Seat-Token": token, **({"If-None-Match": etag} if etag else {})}
        status, content, new_etag, seconds = client.request(
            "GET", f"/api/v1/matches/{match}/", headers=headers
        )
        out.append(("play: poll", status, seconds))
        if status == 200:
            state, etag = _json(content), new_etag
            if (state.get("bot_queue") or {}).get("busy"):
                out.append(("busy", match, 0))
        if status not in (200, 304):
            time.sleep(POLL_SECONDS)
            continue
        if state.get("status") == "finished":
            out.append(("finished", match, 0))
            match = None
            continue
        mine = state.get("viewer") in state.get("to_act", []) and state.get("legal_moves")
        if not mine:
            time.sleep(POLL_SECONDS)
            continue
        if moved_at is not None:
            out.append(("bot reply", 200, time.monotonic() - moved_at))
            moved_at = None
        time.sleep(answer * rng.uniform(0.5, 1.5))  # the person thinks
        body = {
            "seat": state["viewer"],
            "move": rng.choice(state["legal_moves"]),
            "expected_version": state["version"],
        }
        status, content, _e, seconds = client.request(
            "POST", f"/api/v1/matches/{match}/moves/", body, {"X-Seat-Token": token}
        )
        out.append(("play: move", status, seconds))
        etag = None
        if status == 200:
            state = _json(content)
            if state.get("status") == "active" and state.get("viewer") not in state["to_act"]:
                moved_at = time.monotonic()


def visitor(port: int, index: int, deadline: float, out: list) -> None:
    """Someone browsing the catalogue while the room plays."""
    client = Client(port, f"127.0.0.{200 + index}")
    rng = random.Random(index)
    words = ["strategie", "prisonnier", "buffle", "cartes", "jeu", "ta yu"]
    while time.monotonic() < deadline:
        query = rng.choice(words).replace(" ", "+")
        status, _c, _e, seconds = client.request("GET", f"/api/v1/games/?q={query}")
        out.append(("search API", status, seconds))
        status, _c, _e, seconds = client.request("GET", f"/jeux/{rng.choice(GAMES)}/")
        out.append(("game page", status, seconds))
        time.sleep(VISITOR_PAUSE)


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


def run(port: int, people: int, visitors: int, seconds: float, answer: float) -> list:
    """People and visitors in processes of their own; their records."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    processes = [
        context.Process(target=_clients, args=(person, port, people, seconds, queue, answer)),
        context.Process(target=_clients, args=(visitor, port, visitors, seconds, queue)),
    ]
    for process in processes:
        process.start()
    records = queue.get() + queue.get()
    for process in processes:
        process.join()
    return records


# --------------------------------------------------------------------------- figures


def cpu_seconds(group: int) -> float:
    """CPU seconds used so far by every thread of process group ``group`` (the web server's, or
    the bot workers'). Unlike latencies, this does not depend on what else the machine does."""
    tick = os.sysconf("SC_CLK_TCK")
    used = 0.0
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
            used += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
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
            "max": max(latencies) if latencies else float("nan"),
            "errors": {s: c for s, c in statuses.items() if not 200 <= s < 400},
        }
    return table


def print_table(title: str, table: dict[str, dict]) -> None:
    print(f"\n{title}")
    print(
        f"  {'request':<14} {'n':>6} {'req/s':>7} {'p50 ms':>8} {'p95 ms':>8} {'max ms':>8}  errors"
    )
    for kind in sorted(table):
        row = table[kind]
        print(
            f"  {kind:<14} {row['n']:>6} {row['rps']:>7.1f} {row['p50']:>8.1f} "
            f"{row['p95']:>8.1f} {row['max']:>8.1f}  {row['errors'] or ''}"
        )


def bot_moves(database_url: str) -> int:
    """How many bot moves the database holds."""
    import psycopg

    with psycopg.connect(database_url) as connection:
        return connection.execute("SELECT count(*) FROM play_moverecord WHERE by_bot").fetchone()[0]


# --------------------------------------------------------------------------- server


def serve(database_url: str, workers: int, bot_workers: int | None, tmp: Path):
    """gunicorn and the bot workers, each in a process group of its own; (port, groups, log)."""
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
    log = open(tmp / "server.log", "w")  # noqa: SIM115
    server = subprocess.Popen(
        [GUNICORN, "ludotheque.wsgi", "--workers", str(workers), "--bind", f"{HOST}:{port}",
         "--timeout", "30"],
        cwd=ROOT, env=env, stdout=log, stderr=log, start_new_session=True,
    )  # fmt: skip
    count = ["--workers", str(bot_workers)] if bot_workers else []
    bots = subprocess.Popen(
        [*manage, "bot_workers", *count], cwd=ROOT, env=env, stdout=log, stderr=log,
        start_new_session=True,
    )  # fmt: skip
    groups = [server.pid, bots.pid]
    client = Client(port, HOST)
    for _ in range(100):
        if client.request("GET", "/healthz")[0] == 200:
            return port, groups, log
        time.sleep(0.2)
    stop(groups)
    raise RuntimeError("gunicorn did not start; see " + str(tmp / "server.log"))


def stop(groups: list[int]) -> None:
    for group in groups:
        try:
            os.killpg(group, signal.SIGTERM)
        except ProcessLookupError:
            pass
    time.sleep(3)
    for group in groups:
        try:
            os.killpg(group, signal.SIGKILL)
        except ProcessLookupError:
            pass


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--people", type=int, default=8, help="people, each at a table of bots")
    parser.add_argument("--visitors", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--answer", type=float, default=5.0, help="a person's answer time (s)")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument(
        "--bot-workers", type=int, default=None, help="default: bot_workers' own (cores - 1)"
    )
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory(prefix="ludo-load-") as tmp, postgres_server() as url:
        port, groups, log = serve(url, args.workers, args.bot_workers, Path(tmp))
        try:
            bots_before = bot_moves(url)
            before = [cpu_seconds(group) for group in groups]
            started = time.monotonic()
            records = run(port, args.people, args.visitors, args.seconds, args.answer)
            elapsed = time.monotonic() - started
            after = [cpu_seconds(group) for group in groups]
            bots_played = bot_moves(url) - bots_before
        finally:
            stop(groups)
            log.close()
        server_log = (Path(tmp) / "server.log").read_text()
    web_cpu, bot_cpu = (after[i] - before[i] for i in range(2))
    requests = [r for r in records if isinstance(r[1], int)]
    tables = [r for r in records if r[0] == "table"]
    people_moves = sum(1 for kind, status, _s in requests if kind == "play: move" and status == 200)
    busy_tables = len({match for kind, match, _s in records if kind == "busy"})
    finished = len({match for kind, match, _s in records if kind == "finished"})
    print(
        f"gunicorn --workers {args.workers} + bot workers "
        f"({args.bot_workers or 'default'}), PostgreSQL, production settings; {cores} cores"
    )
    print(
        f"{args.people} people at a table each (1–3 bots, intermediate/strong, the five games), "
        f"answer time {args.answer:g} s; {args.visitors} visitors; {elapsed:.0f} s"
    )
    print_table("Requests", summary(requests, elapsed))
    print(f"\nTables started: {len(tables)} ({finished} finished); by game and bots:")
    for (slug, count), n in sorted(collections.Counter((r[1], r[2]) for r in tables).items()):
        print(f"  {slug:<20} {count} bot(s): {n}")
    print(f"Tables whose page said « L'ordinateur est occupé » at least once: {busy_tables}")
    print(
        f"\nMoves a minute: {people_moves * 60 / elapsed:.0f} by people, "
        f"{bots_played * 60 / elapsed:.0f} by bots"
    )
    print(
        f"CPU (share of the machine's {cores} cores): web {web_cpu / elapsed / cores:.0%}, "
        f"bot workers {bot_cpu / elapsed / cores:.0%}"
    )
    if bots_played:
        per_move = bot_cpu / bots_played
        bots_per_table = sum(r[2] for r in tables) / len(tables)
        needed = bots_per_table * 60 / args.answer  # bot moves a table asks for, a minute
        bound = cores * 60 / (per_move * needed)
        print(
            f"Bots' CPU per move: {per_move * 1000:.0f} ms; a table of {bots_per_table:.1f} bots "
            f"whose person answers in {args.answer:g} s needs {needed:.0f} bot moves a minute"
        )
        print(
            f"Machine's bound: {cores} cores × 60 s / ({per_move:.2f} s × {needed:.0f}) ≈ "
            f"{bound:.0f} such tables (all cores to the bots)"
        )
    load = os.getloadavg()[0]
    print(f"load average of the machine: {load:.1f} ({cores} cores)")
    if load > cores:
        print(
            "  (busier than its cores: the bots, which think to a deadline, got less CPU a move "
            "than on a quiet machine, so the bound above is optimistic)"
        )
    print(f"server log: {server_log.count('Traceback')} traceback(s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
