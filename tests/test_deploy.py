"""Production settings: configured from the environment, and Django's deploy checks pass."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


PRODUCTION_ENV = {
    "DJANGO_SECRET_KEY": "a-long-random-production-secret-" + "x7Qp" * 10,
    "DJANGO_ALLOWED_HOSTS": "ludotheque.example.org",
    "DATABASE_URL": "postgres://ludo@127.0.0.1:1/ludo",  # never connected to by these checks
}


def clean_environment() -> dict[str, str]:
    return {
        k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "DATABASE_URL"
    }


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    environment = clean_environment()
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
        **PRODUCTION_ENV,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    result = manage("check", DJANGO_ALLOWED_HOSTS="ludotheque.example.org")
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def load_entry_point(module: str, **env: str) -> subprocess.CompletedProcess:
    """Import ``ludotheque.wsgi`` / ``.asgi`` as a server would, without DJANGO_SETTINGS_MODULE."""
    code = (
        f"import {module}; from django.conf import settings; "
        "print(settings.SETTINGS_MODULE, settings.DEBUG)"
    )
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        env={**clean_environment(), **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("module", ["ludotheque.wsgi", "ludotheque.asgi"])
def test_entry_points_never_fall_back_to_development_settings(module):
    result = load_entry_point(module)
    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr and "DJANGO_SECRET_KEY" in result.stderr
    result = load_entry_point(module, **PRODUCTION_ENV)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["ludotheque.settings.production", "False"]


@pytest.mark.parametrize("missing", sorted(PRODUCTION_ENV))
def test_production_refuses_to_start_without_each_required_variable(missing):
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != missing}
    result = load_entry_point("ludotheque.wsgi", **env)
    assert result.returncode != 0 and missing in result.stderr
