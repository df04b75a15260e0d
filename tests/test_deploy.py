"""Production settings: configured from the environment, and Django's deploy checks pass."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    environment.update(DJANGO_SETTINGS_MODULE="ludotheque.settings.production", **env)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_passes_with_production_settings():
    result = manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DJANGO_SECRET_KEY="a-long-random-production-secret-" + "x7Qp" * 10,
        DJANGO_ALLOWED_HOSTS="ludotheque.example.org",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    result = manage("check", DJANGO_ALLOWED_HOSTS="ludotheque.example.org")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr
