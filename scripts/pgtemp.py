"""A throwaway PostgreSQL server for the test suite: initdb + pg_ctl on a temporary directory.

Used by ``scripts/test.py``; also runnable alone (``python scripts/pgtemp.py -- CMD …``) to run
any command with ``DATABASE_URL`` pointing at a fresh server that is stopped afterwards.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

USER = "ludo"


def find_bindir() -> Path:
    """The directory holding initdb and pg_ctl (PG_BINDIR, else the newest Debian install)."""
    if os.environ.get("PG_BINDIR"):
        return Path(os.environ["PG_BINDIR"])
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=lambda p: int(p.split("/")[-2]))
    for candidate in reversed(candidates):
        if (Path(candidate) / "initdb").exists():
            return Path(candidate)
    on_path = shutil.which("initdb")
    if on_path:
        return Path(on_path).parent
    raise RuntimeError(
        "PostgreSQL server binaries not found: install postgresql (Debian: apt-get install "
        "postgresql) or set PG_BINDIR."
    )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _as_server_user(command: list[str]) -> list[str]:
    # initdb refuses to run as root: run the server as the postgres system user then.
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *command]
    return command


@contextlib.contextmanager
def postgres_server() -> Iterator[str]:
    """Start a server, yield its DATABASE_URL, and stop it (and remove its files) afterwards."""
    bindir = find_bindir()
    root = Path(tempfile.mkdtemp(prefix="ludo-pg-"))
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
    data, log = root / "data", root / "server.log"
    port = free_port()
    run = lambda cmd: subprocess.run(_as_server_user(cmd), check=True, capture_output=True)  # noqa: E731
    try:
        run([str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", USER, "-E", "UTF8"])
        options = f"-p {port} -k {root} -c listen_addresses=127.0.0.1 -c fsync=off"
        run([str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-o", options, "-w", "start"])
        yield f"postgres://{USER}@127.0.0.1:{port}/postgres"
    finally:
        if (data / "postmaster.pid").exists():
            subprocess.run(
                _as_server_user([str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "stop"]),
                capture_output=True,
            )
        shutil.rmtree(root, ignore_errors=True)


def main(argv: list[str]) -> int:
    command = argv[argv.index("--") + 1 :] if "--" in argv else argv
    with postgres_server() as url:
        return subprocess.call(command, env={**os.environ, "DATABASE_URL": url})


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
