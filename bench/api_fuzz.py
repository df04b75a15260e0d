"""Fuzz the catalogue API against its own OpenAPI schema with schemathesis, on a live server.

    .venv/bin/pip install schemathesis      # not a project dependency: only this script uses it
    .venv/bin/python bench/api_fuzz.py [--examples 25] [--seed 1]

Starts ``manage.py runserver`` on a free loopback port with a throwaway SQLite database holding
the five sample records and a librarian (API token), loads ``/api/v1/schema/``, and for every
catalogue operation (the play API's ``/matches/`` paths are left to their owners) generates
``--examples`` valid and as many invalid requests. Each response goes through schemathesis'
default checks (no server error, status code / content type / headers / body as documented,
invalid data rejected, valid data accepted). Prints, per operation and in total, the cases run,
the failing cases and the server errors; the server is stopped at the end, whatever happens.
Only 127.0.0.1 is ever contacted.
"""

from __future__ import annotations

import argparse
import collections
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


def _fuzz_operation(operation, mode, figures: Figures, base_url, headers, examples, seed) -> None:
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as hypothesis_seed

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


def fuzz(schema_url: str, base_url: str, token: str, examples: int, seed: int) -> dict:
    import schemathesis
    from schemathesis import GenerationMode

    schema = schemathesis.openapi.from_url(schema_url)
    headers = {"Authorization": f"Token {token}"}
    results: dict[str, Figures] = {}
    for operation_result in schema.get_all_operations():
        operation = operation_result.ok()
        if "/matches/" in operation.path:
            continue
        label = f"{operation.method.upper()} {operation.path}"
        figures = results.setdefault(label, Figures())
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            try:
                _fuzz_operation(operation, mode, figures, base_url, headers, examples, seed)
            except Exception as error:  # the strategy itself could not generate data
                if type(error).__name__ == "Unsatisfiable" and mode == GenerationMode.NEGATIVE:
                    continue  # nothing in this operation can be made invalid
                figures.kinds[f"generation: {type(error).__name__}: {error}"[:200]] += 1
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--examples", type=int, default=25, help="cases per operation and mode")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--details", action="store_true", help="failure kinds per operation")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="ludo-fuzz-") as tmp:
        port = free_port()
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "ludotheque.settings.dev",
            "DATABASE_URL": f"sqlite:///{tmp}/fuzz.sqlite3",
            "API_ANON_RATE": "100000/min",
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
            results = fuzz(f"{base_url}/api/v1/schema/", base_url, token, args.examples, args.seed)
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
