"""Load test: a room full of players (issue 41) against gunicorn and the bot workers, on
PostgreSQL with the production settings.

    .venv/bin/python bench/load.py [--people 8,16,32,64,100] [--answer 2,5] [--seconds 60]
                                   [--level mixed|intermediate|strong] [--workers 4]
                                   [--bot-workers N] [--arrival 10] [--one-address]
                                   [--attacker 16]

Starts a temporary PostgreSQL server (scripts/pgtemp.py), migrates, imports the sample
collection, collects the static files, serves the production settings with
``gunicorn ludotheque.wsgi --workers 4`` on a free loopback port (``DJANGO_SECURE_SSL_REDIRECT=0``:
plain HTTP on loopback) and starts ``manage.py bot_workers`` (``--bot-workers``, default its
own: ``PLAY_BOT_WORKERS``). Then, from client processes separate from the server:

* **people** — each from its own loopback address (127.0.0.10, .11…; all from one with
  ``--one-address``, tablets behind a library's router), sitting down at a random moment of the
  first ``--arrival`` seconds, one table each over the five games in turn, against 1 to 3 bots
  (``--level``; ``mixed``: intermediate or strong, alternately; where a game does not offer
  that level at the table's size, the strongest level it offers below it, as a person would
  pick, and the report counts those tables): polls every 0.7 s with
  ``If-None-Match`` as the page does, and when it is their turn answers after ``--answer``
  seconds (± half) with a random legal move; a new table when one ends;
* **an attacker** (``--attacker N``) — N tables from one more address, each against as many
  bots as the game seats, every move sent as soon as it is its turn (its figures are printed
  apart, prefixed « attacker: »; the people's reply time is what its tables cost them);
* **visitors** (``--visitors``, 2) — the search API and a game page in a loop, as someone
  browsing the catalogue while the room plays.

Each (answer time, people) pair is one run on the same server, after the previous run's bot
jobs have drained; the visitors first browse alone, for the idle latency. Prints, per run, the
bots' reply time (from the person's move to their turn again: p50/p95/max; also by game and
number of bots), moves a minute (people's and bots'), the CPU of the web, the bot workers and
the database and the bots' CPU per move, the visitors' latency, every request kind's errors, and
two bounds: the machine's (every server process's CPU a table costs, against the cores: how many
tables the machine could serve with every core busy; read it from a run below saturation) and
the bots' alone (their CPU per move × the bot moves a table needs a minute, its bots × 60 /
answer time, with every core to the bots). Only loopback addresses are
contacted; every loop stops after ``--seconds``; the servers and the database are stopped at the
end, whatever happens; the server log's tracebacks are counted by exception.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import multiprocessing
import os
import random
import resource
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
# An attacker's tables (--attacker): one address, answers at once, recorded under this prefix.
ATTACKER, ATTACKER_ADDRESS, ATTACKER_ANSWER = "attacker: ", "127.0.0.250", 0.05
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
#: Every game's bot levels, weakest first, as the games list them (Buffalo adds expert).
RANKS = ("beginner", "intermediate", "strong", "expert")
#: Moves whose steadiness the server measures from a press (Bataclan's placements).
GESTURE_MOVES = {("bataclan", "place")}
#: How often a page polls (PLAY_POLL_INTERVAL_MS).
POLL_SECONDS = 0.7


def level_instead(asked: str, offered: list[str]) -> str:
    """The level a person picks when ``asked`` is not offered at the table's size: the strongest
    offered up to it, else the weakest offered (``offered`` weakest first, as the API lists it;
    a level this bench does not know ranks above every other)."""

    def rank(level: str) -> int:
        return RANKS.index(level) if level in RANKS else len(RANKS)

    below = [level for level in offered if rank(level) <= rank(asked)]
    return below[-1] if below else offered[0]


def person(
    port: int,
    index: int,
    deadline: float,
    out: list,
    answer: float,
    level: str,
    shared: bool,
    arrival: float,
    address: str | None = None,
    tag: str = "",
) -> None:
    """One person at a table of their own, playing against bots; records request latencies,
    the bots' reply times (``bot reply``) and finished tables. ``shared``: every person behind
    one address (a ludothèque's tablets behind its router). The person sits down at a random
    moment of the first ``arrival`` seconds (a room fills in; it does not start in one instant).
    ``address`` and ``tag``: an attacker's tables, all from that address, recorded apart (each
    kind of record prefixed with the tag), always against as many bots as the game seats."""
    client = Client(port, address or f"127.0.0.{10 + (0 if shared else index)}")
    rng = random.Random(f"{tag}{index}")

    def note(kind: str, *record) -> None:
        out.append((tag + kind, *record))

    time.sleep(rng.uniform(0, arrival))
    table = index
    match = token = etag = state = None
    moved_at = None  # when the person's move was answered: the bots' clock starts

    while time.monotonic() < deadline:
        if match is None:
            slug, bots = GAMES[table % len(GAMES)], 3 if tag else 1 + table % 3
            level_now = LEVELS[table % len(LEVELS)] if level == "mixed" else level
            table += 1
            asked, count = level_now, bots
            while True:
                seats = [{"kind": "local"}] + [{"kind": "bot", "level": level_now}] * count
                status, content, _e, seconds = client.request(
                    "POST", "/api/v1/matches/", {"game": slug, "seats": seats}
                )
                refusal = _json(content) if status == 400 else {}
                if refusal.get("code") == "level_not_offered" and refusal.get("offered"):
                    instead = level_instead(asked, refusal["offered"])
                    if instead != level_now:
                        level_now = instead
                        continue
                if status != 400 or count == 1:  # a 400 for too many seats: one bot fewer
                    break
                count -= 1
            if level_now != asked:
                note("level instead", (slug, asked, level_now), 0)
            note("play: create", status, seconds)
            if status != 201:
                time.sleep(1)
                continue
            state = _json(content)
            match, token, etag = state["code"], state["token"], None
            note("table", slug, count)
            moved_at = time.monotonic()  # the bots may move first
            continue
        headers = {"X-Seat-Token": token, **({"If-None-Match": etag} if etag else {})}
        status, content, new_etag, seconds = client.request(
            "GET", f"/api/v1/matches/{match}/", headers=headers
        )
        note("play: poll", status, seconds)
        if status == 200:
            state, etag = _json(content), new_etag
            if (state.get("bot_queue") or {}).get("busy"):
                note("busy", match, 0)
        if status not in (200, 304):
            time.sleep(POLL_SECONDS)
            continue
        if state.get("status") == "finished":
            note("finished", match, 0)
            match = None
            continue
        mine = state.get("viewer") in state.get("to_act", []) and state.get("legal_moves")
        if not mine:
            time.sleep(POLL_SECONDS)
            continue
        if moved_at is not None:
            waited = time.monotonic() - moved_at
            note("bot reply", 200, waited)
            note("reply by table", (slug, count), waited)
            moved_at = None
        time.sleep(answer * rng.uniform(0.5, 1.5))  # the person thinks
        move = rng.choice(state["legal_moves"])
        if (slug, move.get("type")) in GESTURE_MOVES:  # the server's challenge, then a press
            asked = {"seat": state["viewer"], "expected_version": state["version"]}
            status, content, _e, seconds = client.request(
                "POST", f"/api/v1/matches/{match}/challenge/", asked, {"X-Seat-Token": token}
            )
            note("play: challenge", status, seconds)
            if status >= 400:
                note("refusal", "challenge", _json(content).get("code", str(status)))
            press = rng.uniform(600, 1400)  # a person presses within about a marker's swing
            time.sleep(press / 1000)
            move = {**move, "challenge": _json(content).get("id"), "press_ms": press}
        body = {"seat": state["viewer"], "move": move, "expected_version": state["version"]}
        status, content, _e, seconds = client.request(
            "POST", f"/api/v1/matches/{match}/moves/", body, {"X-Seat-Token": token}
        )
        note("play: move", status, seconds)
        if status >= 400:
            note("refusal", "move", _json(content).get("code", str(status)))
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


def run(
    port: int,
    people: int,
    visitors: int,
    seconds: float,
    answer: float,
    level: str,
    shared=False,
    arrival: float = 0.0,
    attacker: int = 0,
) -> list:
    """People, visitors and an attacker's ``attacker`` tables (from one address, the bots as
    many as the game seats, moves sent as soon as it is their turn), in processes of their own;
    their records."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    processes = [
        context.Process(
            target=_clients,
            args=(person, port, people, seconds, queue, answer, level, shared, arrival),
        ),
        context.Process(target=_clients, args=(visitor, port, visitors, seconds, queue)),
    ]
    if attacker:
        extra = (ATTACKER_ANSWER, level, True, 0.0, ATTACKER_ADDRESS, ATTACKER)
        processes.append(
            context.Process(target=_clients, args=(person, port, attacker, seconds, queue, *extra))
        )
    for process in processes:
        process.start()
    records = [record for _process in processes for record in queue.get()]
    for process in processes:
        process.join()
    return records


# --------------------------------------------------------------------------- figures


def cpu_seconds(group: int | None = None, parent: int | None = None) -> float:
    """CPU seconds used so far by every thread of process group ``group`` (the web server's, or
    the bot workers' supervisor's) and of the group leader's descendants (a worker starts a
    session of its own: core/workers.py), or of process ``parent`` and its children (the
    database server's). Unlike latencies, this does not depend on what else the machine does."""
    tick = os.sysconf("SC_CLK_TCK")
    stats: dict[int, list[str]] = {}
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                stats[int(proc.name)] = (proc / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
    family = _descendants(group, stats) if group is not None else set()
    used = 0.0
    for pid, fields in stats.items():
        ppid = int(fields[1])
        if group is not None and pid not in family and int(fields[2]) != group:
            continue
        if parent is not None and parent not in (pid, ppid):
            continue
        if pid == parent:  # the server's ended backends, counted when it reaped them
            used += (int(fields[13]) + int(fields[14])) / tick  # cutime + cstime
        try:
            tasks = list(Path(f"/proc/{pid}/task").iterdir())
        except OSError:
            continue
        for task in tasks:
            try:
                fields = (task / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            used += (int(fields[11]) + int(fields[12])) / tick  # utime + stime
    return used


def _descendants(root: int, stats: dict[int, list[str]]) -> set[int]:
    children: dict[int, list[int]] = collections.defaultdict(list)
    for pid, fields in stats.items():
        children[int(fields[1])].append(pid)
    found, todo = {root}, [root]
    while todo:
        for child in children[todo.pop()]:
            if child not in found:
                found.add(child)
                todo.append(child)
    return found


def postmaster(database_url: str) -> int | None:
    """The pid of the PostgreSQL server listening on ``database_url``'s port."""
    port = database_url.rsplit(":", 1)[1].split("/")[0]
    for proc in Path("/proc").iterdir():
        try:
            command = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if (
            command
            and command[0].endswith(b"postgres")
            and f"-p {port}".encode() in b" ".join(command)
        ):
            return int(proc.name)
    return None


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


def jobs_waiting(database_url: str) -> int:
    """Bot jobs queued or running (django-tasks' database backend)."""
    import psycopg

    with psycopg.connect(database_url) as connection:
        return connection.execute(
            "SELECT count(*) FROM django_tasks_database_dbtaskresult "
            "WHERE status IN ('READY', 'RUNNING')"
        ).fetchone()[0]


def job_times(database_url: str, since: float) -> tuple[float, float, float, float, int]:
    """The bot jobs that ended in the last ``since`` seconds: mean and 95th percentile wait for
    a worker, mean and 95th percentile time on a worker (seconds), and how many."""
    import psycopg

    with psycopg.connect(database_url) as connection:
        rows = connection.execute(
            "SELECT EXTRACT(EPOCH FROM started_at - enqueued_at), "
            "EXTRACT(EPOCH FROM finished_at - started_at) "
            "FROM django_tasks_database_dbtaskresult WHERE status = 'SUCCESSFUL' "
            "AND finished_at > now() - make_interval(secs => %s)",
            [since],
        ).fetchall()
    if not rows:
        return float("nan"), float("nan"), float("nan"), float("nan"), 0
    waits, runs = [float(r[0]) for r in rows], [float(r[1]) for r in rows]
    return (
        statistics.mean(waits),
        percentile(waits, 95),
        statistics.mean(runs),
        percentile(runs, 95),
        len(rows),
    )


def drain(database_url: str, limit: float = 60) -> None:
    """Between two runs: let the previous run's bot jobs finish (its people have left)."""
    deadline = time.monotonic() + limit
    while jobs_waiting(database_url) and time.monotonic() < deadline:
        time.sleep(1)


def measure(port, url, groups, args, people: int, answer: float, level: str) -> dict:
    """One run: ``people`` tables for ``args.seconds``; prints its details, returns its row."""
    cores = os.cpu_count() or 1
    drain(url)
    bots_before = bot_moves(url)
    database = postmaster(url)

    def used() -> list[float]:
        children = resource.getrusage(resource.RUSAGE_CHILDREN)  # the clients, once joined
        return [
            *(cpu_seconds(group) for group in groups),
            cpu_seconds(parent=database) if database else 0.0,
            children.ru_utime + children.ru_stime,
        ]

    before = used()
    started = time.monotonic()
    records = run(
        port, people, args.visitors, args.seconds, answer, level, args.one_address, args.arrival,
        args.attacker,
    )  # fmt: skip
    elapsed = time.monotonic() - started
    after = used()
    bots_played = bot_moves(url) - bots_before
    wait, wait95, service, service95, jobs = job_times(url, elapsed)
    web_cpu, bot_cpu, db_cpu, client_cpu = (after[i] - before[i] for i in range(4))
    requests = [r for r in records if isinstance(r[1], int)]
    by_table = collections.defaultdict(list)
    for kind, table_kind, seconds in records:
        if kind == "reply by table":
            by_table[table_kind].append(seconds * 1000)
    tables = [r for r in records if r[0] == "table"]
    people_moves = sum(1 for kind, status, _s in requests if kind == "play: move" and status == 200)
    busy_tables = len({match for kind, match, _s in records if kind == "busy"})
    finished = len({match for kind, match, _s in records if kind == "finished"})
    table = summary(requests, elapsed)
    print(
        f"\n=== {people} people at a table each (1–3 bots, {level}, the five games), "
        f"answer time {answer:g} s; {args.visitors} visitors; {elapsed:.0f} s"
    )
    print_table("Requests", table)
    print(f"Tables started: {len(tables)} ({finished} finished); by game and bots:")
    for (slug, count), n in sorted(collections.Counter((r[1], r[2]) for r in tables).items()):
        print(f"  {slug:<20} {count} bot(s): {n}")
    instead = collections.Counter(r[1] for r in records if r[0] == "level instead")
    for (slug, asked, played), n in sorted(instead.items()):
        print(f"  {slug}: {played} instead of {asked} (not offered at that size) × {n}")
    print("Bots' reply by table (game, bots): n, p50, p95, max")
    for (slug, count), waits in sorted(by_table.items()):
        print(
            f"  {slug:<20} {count}  {len(waits):>4}  {statistics.median(waits) / 1000:6.2f} s "
            f"{percentile(waits, 95) / 1000:6.2f} s {max(waits) / 1000:6.2f} s"
        )
    print(f"Tables whose page said « L'ordinateur est occupé » at least once: {busy_tables}")
    print(
        f"Moves a minute: {people_moves * 60 / elapsed:.0f} by people, "
        f"{bots_played * 60 / elapsed:.0f} by bots"
    )
    print(
        f"CPU (share of the machine's {cores} cores): web {web_cpu / elapsed / cores:.0%}, "
        f"bot workers {bot_cpu / elapsed / cores:.0%}, PostgreSQL {db_cpu / elapsed / cores:.0%}, "
        f"the simulated people and visitors {client_cpu / elapsed / cores:.0%}"
    )
    print(
        f"Bot jobs: {jobs} ended; waited {wait:.2f} s on average for a worker (p95 "
        f"{wait95:.2f} s), then {service:.3f} s on it (p95 {service95:.3f} s: thinking, and the "
        "next moves of its table within its slice)"
    )
    refusals = collections.Counter((r[1], r[2]) for r in records if r[0] == "refusal")
    for (what, code), n in refusals.most_common():
        print(f"  refused {what}: {code} × {n}")
    row = {
        "people": people,
        "answer": answer,
        "level": level,
        "reply": table.get("bot reply", {}),
        "moves": (people_moves + bots_played) * 60 / elapsed,
        "bots_share": bot_cpu / elapsed / cores,
        "web_share": web_cpu / elapsed / cores,
        "db_share": db_cpu / elapsed / cores,
        "client_share": client_cpu / elapsed / cores,
        "search": table.get("search API", {}),
        "page": table.get("game page", {}),
        "busy": busy_tables,
        "wait95": wait95,
        "refused": sum(
            sum(r["errors"].values()) for kind, r in table.items() if kind.startswith("play")
        ),
        "bound": None,
        "per_move": None,
    }
    if people:
        # Every server process's CPU (web, bots, database) a table costs at this load: the
        # whole machine's bound, if nothing but CPU limited it and every core were busy.
        per_table = (web_cpu + bot_cpu + db_cpu) / elapsed / people
        row["bound"] = cores / per_table
        print(
            f"Server CPU a table: {per_table:.3f} core → the machine's bound: {cores} cores / "
            f"{per_table:.3f} ≈ {row['bound']:.0f} such tables (read below saturation)"
        )
    if bots_played:
        per_move = bot_cpu / bots_played
        bots_per_table = sum(r[2] for r in tables) / len(tables)
        needed = bots_per_table * 60 / answer  # bot moves a table asks for, a minute
        row["per_move"] = per_move
        print(
            f"Bots' CPU per move: {per_move * 1000:.0f} ms; a table of {bots_per_table:.1f} bots "
            f"whose person answers in {answer:g} s needs {needed:.0f} bot moves a minute"
        )
        print(
            f"The bots' bound: {cores} cores × 60 s / ({per_move:.3f} s × {needed:.0f}) ≈ "
            f"{cores * 60 / (per_move * needed):.0f} such tables (all cores to the bots)"
        )
    load = os.getloadavg()[0]
    print(f"load average of the machine: {load:.1f} ({cores} cores)")
    if load > cores + 0.5:
        print(
            "  (busier than its cores: the bots, which think to a deadline, got less CPU a move "
            "than on a quiet machine, and fewer moves were made, so the bounds above are "
            "optimistic)"
        )
    return row


def numbers(text: str, kind=float) -> list:
    return [kind(part) for part in text.split(",") if part.strip()]


def tracebacks(log: str) -> collections.Counter:
    """The exceptions of the log's tracebacks (each one's last line), counted."""
    found = collections.Counter()
    for block in log.split("Traceback (most recent call last):")[1:]:
        lines = [line for line in block.splitlines() if line and not line.startswith(" ")]
        found[lines[0][:200] if lines else "?"] += 1
    return found


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--people", default="8", help="people, each at a table of bots (a list: 8,16,32)"
    )
    parser.add_argument("--visitors", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=60, help="each run's length")
    parser.add_argument("--answer", default="5", help="a person's answer time in s (a list: 2,5)")
    parser.add_argument(
        "--level", choices=["mixed", *LEVELS], default="mixed", help="the bots' level"
    )
    parser.add_argument(
        "--one-address", action="store_true", help="every person behind one address"
    )
    parser.add_argument(
        "--attacker", type=int, default=0, help="an attacker's tables from one address (16)"
    )
    parser.add_argument(
        "--arrival", type=float, default=10, help="people sit down over the first N seconds"
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--bot-workers", type=int, default=None, help="default: bot_workers' own")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    rows = []
    with tempfile.TemporaryDirectory(prefix="ludo-load-") as tmp, postgres_server() as url:
        port, groups, log = serve(url, args.workers, args.bot_workers, Path(tmp))
        try:
            # Visitors alone first: the idle latency the loaded one is read against.
            run(port, 0, args.visitors, 5, 5, "mixed")  # warm-up: connections, caches
            idle = summary(run(port, 0, args.visitors, 20, 5, "mixed"), 20)
            for answer in numbers(args.answer):
                for people in numbers(args.people, int):
                    rows.append(measure(port, url, groups, args, people, answer, args.level))
        finally:
            stop(groups)
            log.close()
        server_log = (Path(tmp) / "server.log").read_text()
    idle_search = idle.get("search API", {}).get("p95", float("nan"))
    print(
        f"\ngunicorn --workers {args.workers} + bot workers ({args.bot_workers or 'default'}), "
        f"PostgreSQL, production settings; {cores} cores; {args.seconds:g} s a run; "
        f"visitors' search p95 when idle: {idle_search:.0f} ms"
    )
    print(
        "| tables | level | answer | reply p50 | p95 | max | moves/min | bots' CPU | web CPU "
        "| database CPU | clients' CPU | bound (tables) | job wait p95 | search p95 "
        "| ÷ idle | game page p95 | « occupé » | refused |"
    )
    print("|---" * 18 + "|")
    for row in rows:
        reply = row["reply"]
        bound = f"{row['bound']:.0f}" if row["bound"] else "–"
        print(
            f"| {row['people']} | {row['level']} | {row['answer']:g} s "
            f"| {reply.get('p50', float('nan')) / 1000:.2f} s "
            f"| {reply.get('p95', float('nan')) / 1000:.2f} s "
            f"| {reply.get('max', float('nan')) / 1000:.1f} s | {row['moves']:.0f} "
            f"| {row['bots_share']:.0%} | {row['web_share']:.0%} | {row['db_share']:.0%} "
            f"| {row['client_share']:.0%} | {bound} | {row['wait95']:.2f} s "
            f"| {row['search'].get('p95', float('nan')):.0f} ms "
            f"| {row['search'].get('p95', float('nan')) / idle_search:.1f}× "
            f"| {row['page'].get('p95', float('nan')):.0f} ms | {row['busy']} | {row['refused']} |"
        )
    print(f"server log: {server_log.count('Traceback')} traceback(s)")
    for error, n in tracebacks(server_log).most_common():
        print(f"  {n} × {error}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
