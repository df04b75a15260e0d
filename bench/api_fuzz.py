"""Fuzz the whole API (catalogue, imports, play) against its own OpenAPI schema with
schemathesis, then with the hostile shapes of :mod:`bench.hostile`, on a live server.

    .venv/bin/python bench/api_fuzz.py [--examples 25] [--seed 1] [--hostile-rounds 1]

Starts ``manage.py runserver`` on a free loopback port with a throwaway SQLite database holding
the five sample records, a librarian (API token) and a match (its seat token), loads
``/api/v1/schema/``, and for every operation generates ``--examples`` valid and as many invalid
requests (the play API's with the match's code and seat token). Each response goes through
schemathesis' default checks (no server error, status code / content type / headers / body as
documented, invalid data rejected, valid data accepted). Then sends every hostile request of
:func:`bench.hostile.hostile_requests` (path, query, body and header shapes), anonymous and
authenticated, ``--hostile-rounds`` times. Prints, per operation and in total, the cases run,
the failing cases and the server errors; the server is stopped at the end, whatever happens.
Only 127.0.0.1 is ever contacted.
"""

from __future__ import annotations

import argparse
import collections
import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from bench.hostile import hostile_requests  # noqa: E402

PYTHON = sys.executable
HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind((HOST, 0))
        return sock.getsockname()[1]


def manage(env: dict, *args: str) -> str:
    return subprocess.run(
        [PYTHON, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    ).stdout


def prepare(env: dict) -> str:
    """Migrate, import the samples, create a librarian; return the librarian's API token."""
    manage(env, "migrate", "--noinput")
    manage(env, "import_games", "samples/records", "--verbosity", "0")
    script = (
        "from django.contrib.auth import get_user_model;"
        "from rest_framework.authtoken.models import Token;"
        "from catalogue.roles import librarian_group_ensure;"
        "u = get_user_model().objects.create_user('fuzz', password='fuzz-fuzz-42', is_staff=True);"
        "u.groups.add(librarian_group_ensure());"
        "print(Token.objects.create(user=u).key)"
    )
    return manage(env, "shell", "-c", script).strip().splitlines()[-1]  # after shell's banner


def wait_for(url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except OSError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


class Figures:
    def __init__(self) -> None:
        self.cases = 0
        self.failures = 0
        self.server_errors = 0
        self.kinds: collections.Counter[str] = collections.Counter()
        self.examples: dict[str, str] = {}


def _fuzz_operation(operation, mode, figures: Figures, base_url, world, examples, seed) -> None:
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hypothesis_seed
    from schemathesis import GenerationMode

    play = "/matches/" in operation.path
    headers = {"X-Seat-Token": world["seat"]} if play else {"Authorization": world["auth"]}

    @hypothesis_seed(seed)
    @settings(
        max_examples=examples,
        deadline=None,
        database=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(generation_mode=mode))
    def run(case):
        figures.cases += 1
        if mode == GenerationMode.POSITIVE and "code" in (case.path_parameters or {}):
            case.path_parameters["code"] = world["code"]  # reach past the lookup too
        response = case.call(base_url=base_url, headers=headers, timeout=60)
        if response.status_code >= 500:
            figures.server_errors += 1
        try:
            case.validate_response(response)
        except (Exception, BaseExceptionGroup) as error:  # a Failure, or a FailureGroup
            figures.failures += 1
            for failure in getattr(error, "exceptions", None) or [error]:
                kind = getattr(failure, "title", type(failure).__name__)
                figures.kinds[kind] += 1
                figures.examples.setdefault(
                    kind,
                    f"{case.method} {case.formatted_path} {case.query or ''} -> "
                    f"{response.status_code} {response.text[:150]!r}",
                )

    run()


def fuzz(schema_url: str, base_url: str, world: dict, examples: int, seed: int) -> dict:
    import schemathesis
    from schemathesis import GenerationMode

    schema = schemathesis.openapi.from_url(schema_url)
    results: dict[str, Figures] = {}
    for operation_result in schema.get_all_operations():
        operation = operation_result.ok()
        label = f"{operation.method.upper()} {operation.path}"
        figures = results.setdefault(label, Figures())
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            try:
                _fuzz_operation(operation, mode, figures, base_url, world, examples, seed)
            except Exception as error:  # the strategy itself could not generate data
                if type(error).__name__ == "Unsatisfiable" and mode == GenerationMode.NEGATIVE:
                    continue  # nothing in this operation can be made invalid
                figures.kinds[f"generation: {type(error).__name__}: {error}"[:200]] += 1
    return results


def start_match(port: int) -> tuple[str, str]:
    """A match of a playable game against a bot: its code and the creator's seat token."""
    connection = http.client.HTTPConnection(HOST, port, timeout=60)
    connection.request("GET", "/api/v1/games/?playable=1")
    slug = json.loads(connection.getresponse().read())["results"][0]["slug"]
    seats = [{"kind": "local"}, {"kind": "bot", "level": "beginner"}]
    body = json.dumps({"game": slug, "seats": seats})
    connection.request("POST", "/api/v1/matches/", body, {"Content-Type": "application/json"})
    created = json.loads(connection.getresponse().read())
    return created["code"], created["token"]


def hostile(port: int, schema: dict, world: dict, rounds: int) -> dict[str, Figures]:
    """Every hostile request, anonymous and with the right credentials, ``rounds`` times."""
    from urllib.parse import urlencode

    results: dict[str, Figures] = {}
    requests = list(hostile_requests(schema, world))
    for _ in range(rounds):
        for authenticated in (False, True):
            for method, path, query, body, media_type, label, extra in requests:
                headers = dict(extra)
                if authenticated:
                    key = "/matches/" in path
                    headers.setdefault(*(
                        ("X-Seat-Token", world["seat"]) if key
                        else ("Authorization", world["auth"])
                    ))  # fmt: skip
                if body is not None:
                    headers["Content-Type"] = media_type
                    body = body.encode("utf-8", "surrogatepass") if isinstance(body, str) else body
                url = path + ("?" + urlencode(query, doseq=True) if query else "")
                figures = results.setdefault(f"hostile: {label.split(' in ')[0]}", Figures())
                figures.cases += 1
                connection = http.client.HTTPConnection(HOST, port, timeout=60)
                try:
                    connection.request(method.upper(), url, body, headers)
                    status = connection.getresponse().status
                except (OSError, http.client.HTTPException) as error:
                    status = 599  # the server dropped the connection: count it as an error
                    figures.kinds[f"connection: {type(error).__name__}"] += 1
                finally:
                    connection.close()
                if status >= 500:
                    figures.server_errors += 1
                    figures.failures += 1
                    figures.examples.setdefault(label, f"{method.upper()} {url[:80]} -> {status}")
                    figures.kinds[f"{status} on {label}"] += 1
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--examples", type=int, default=25, help="cases per operation and mode")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--details", action="store_true", help="failure kinds per operation")
    parser.add_argument("--hostile-rounds", type=int, default=1, help="times each hostile request")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="ludo-fuzz-") as tmp:
        port = free_port()
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "ludotheque.settings.dev",
            "DATABASE_URL": f"sqlite:///{tmp}/fuzz.sqlite3",
            "API_ANON_RATE": "100000/min",
            "PLAY_API_RATE": "100000/min",
            "IMPORT_MAX_UPLOAD_BYTES": str(200_000),
        }
        token = prepare(env)
        server = subprocess.Popen(
            [PYTHON, "manage.py", "runserver", f"{HOST}:{port}", "--noreload", "--nothreading"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=open(Path(tmp) / "server.log", "w"),  # noqa: SIM115
            start_new_session=True,
        )
        started = time.monotonic()
        try:
            base_url = f"http://{HOST}:{port}"
            wait_for(f"{base_url}/api/v1/schema/")
            code, seat = start_match(port)
            world = {"auth": f"Token {token}", "code": code, "seat": seat, "id": "1"}
            with urllib.request.urlopen(f"{base_url}/api/v1/schema/?format=json") as response:
                schema = json.loads(response.read())
            world["game"] = "alcatraz"
            results = fuzz(f"{base_url}/api/v1/schema/", base_url, world, args.examples, args.seed)
            results.update(hostile(port, schema, world, args.hostile_rounds))
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
        elapsed = time.monotonic() - started
        log = (Path(tmp) / "server.log").read_text()

    width = max(len(label) for label in results)
    print(f"{'operation':<{width}}  {'cases':>6}  {'failing':>7}  {'5xx':>4}")
    for label, figures in sorted(results.items(), key=lambda item: item[0].split()[::-1]):
        print(
            f"{label:<{width}}  {figures.cases:>6}  {figures.failures:>7}  "
            f"{figures.server_errors:>4}"
        )
        if args.details:
            for kind, count in figures.kinds.most_common():
                print(f"    {count:>4} × {kind}: e.g. {figures.examples.get(kind, '')}")
    totals = Figures()
    for figures in results.values():
        totals.cases += figures.cases
        totals.failures += figures.failures
        totals.server_errors += figures.server_errors
        totals.kinds.update(figures.kinds)
        for kind, example in figures.examples.items():
            totals.examples.setdefault(kind, example)
    print(
        f"{'total':<{width}}  {totals.cases:>6}  {totals.failures:>7}  {totals.server_errors:>4}"
        f"   ({len(results)} operations, {elapsed:.0f} s)"
    )
    for kind, count in totals.kinds.most_common():
        print(f"  {count:>4} × {kind}: e.g. {totals.examples.get(kind, '')}")
    tracebacks = log.count("Traceback (most recent call last)")
    print(f"server log: {tracebacks} traceback(s)")
    return 0 if totals.server_errors == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
