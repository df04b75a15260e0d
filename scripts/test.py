"""Run the whole test suite on SQLite and on a temporary PostgreSQL server, side by side.

Extra arguments go to pytest (e.g. ``-k search``). ``TEST_DATABASES=sqlite`` (or ``postgres``)
runs one engine only, for quick local work; CI runs both. The two runs share nothing (each has
its own database, live server port, index directories) and much of a browser test is waiting,
so on two cores they run at once: SQLite's output shows as it goes, PostgreSQL's when it ends.
``TEST_SEQUENTIAL=1`` runs one after the other.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from contextlib import ExitStack
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pgtemp import postgres_server  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


class Run:
    """One pytest process on one database; its JUnit report gives the counts."""

    def __init__(self, engine: str, args: list[str], tmp: Path, env: dict[str, str], live: bool):
        self.engine, self.junit = engine, tmp / f"junit-{engine}.xml"
        self.output = None if live else open(tmp / f"{engine}.log", "w+")  # noqa: SIM115
        environment = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        environment.update(env)
        later = "" if live else " (its output when it ends)"
        print(f"==> Test suite on {engine}{later}", flush=True)
        self.started = time.monotonic()
        self.process = subprocess.Popen(
            [sys.executable, "-m", "pytest", f"--junitxml={self.junit}", *args],
            cwd=ROOT,
            env=environment,
            stdout=self.output,
            stderr=subprocess.STDOUT if self.output else None,
        )

    def wait(self, counts: dict[str, int]) -> int:
        code = self.process.wait()
        seconds = time.monotonic() - self.started
        if self.output is not None:
            self.output.seek(0)
            print(f"==> Output of the suite on {self.engine}", flush=True)
            sys.stdout.write(self.output.read())
            self.output.close()
        print(f"==> {self.engine}: {seconds:.0f} s", flush=True)
        if self.junit.exists():
            for suite in ET.parse(self.junit).getroot().iter("testsuite"):
                total = int(suite.get("tests", 0))
                failed = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
                skipped = int(suite.get("skipped", 0))
                counts["passed"] += total - failed - skipped
                counts["failed"] += failed
                counts["skipped"] += skipped
        return code


def main(args: list[str]) -> int:
    engines = os.environ.get("TEST_DATABASES", "sqlite,postgres").split(",")
    sequential = os.environ.get("TEST_SEQUENTIAL", "") not in ("", "0")
    results: dict[str, int] = {}
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    with ExitStack() as stack:
        tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        runs: list[Run] = []
        if "sqlite" in engines:
            runs.append(Run("SQLite", args, tmp, {}, live=True))
            if sequential:
                results["sqlite"] = runs.pop().wait(counts)
        if "postgres" in engines:
            url = stack.enter_context(postgres_server())
            live = sequential or not runs
            runs.append(Run("PostgreSQL", args, tmp, {"DATABASE_URL": url}, live=live))
        for run in runs:
            results[run.engine.lower()] = run.wait(counts)
    for engine, code in results.items():
        print(f"==> {engine}: {'passed' if code == 0 else f'FAILED (exit {code})'}")
    # One closing line over both databases.
    print(
        f"total: {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped"
    )
    return 0 if results and all(code == 0 for code in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
