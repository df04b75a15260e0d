"""Run the whole test suite on SQLite, then on a temporary PostgreSQL server.

Extra arguments go to pytest (e.g. ``-k search``). ``TEST_DATABASES=sqlite`` (or ``postgres``)
runs one engine only, for quick local work; CI runs both.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pgtemp import postgres_server  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def pytest(args: list[str], counts: dict[str, int], **env: str) -> int:
    environment = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    environment.update(env)
    with tempfile.TemporaryDirectory() as tmp:
        junit = Path(tmp) / "junit.xml"
        code = subprocess.call(
            [sys.executable, "-m", "pytest", f"--junitxml={junit}", *args],
            cwd=ROOT,
            env=environment,
        )
        if junit.exists():
            for suite in ET.parse(junit).getroot().iter("testsuite"):
                total = int(suite.get("tests", 0))
                failed = int(suite.get("failures", 0)) + int(suite.get("errors", 0))
                skipped = int(suite.get("skipped", 0))
                counts["passed"] += total - failed - skipped
                counts["failed"] += failed
                counts["skipped"] += skipped
    return code


def main(args: list[str]) -> int:
    engines = os.environ.get("TEST_DATABASES", "sqlite,postgres").split(",")
    results: dict[str, int] = {}
    counts = {"passed": 0, "failed": 0, "skipped": 0}
    if "sqlite" in engines:
        print("==> Test suite on SQLite", flush=True)
        results["sqlite"] = pytest(args, counts)
    if "postgres" in engines:
        print("==> Test suite on PostgreSQL (temporary server)", flush=True)
        with postgres_server() as url:
            results["postgres"] = pytest(args, counts, DATABASE_URL=url)
    for engine, code in results.items():
        print(f"==> {engine}: {'passed' if code == 0 else f'FAILED (exit {code})'}")
    # One closing line over both databases.
    print(
        f"total: {counts['passed']} passed, {counts['failed']} failed, {counts['skipped']} skipped"
    )
    return 0 if results and all(code == 0 for code in results.values()) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
