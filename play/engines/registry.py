"""Registered rules engines, by slug; modules load on first use."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from .base import Engine

ENGINE_PATHS: dict[str, str] = {
    "buffalo": "play.engines.buffalo:BuffaloEngine",
    "alcatraz": "play.engines.alcatraz:AlcatrazEngine",
}


@cache
def get_engine(slug: str) -> Engine:
    """The engine registered under ``slug``; ``KeyError`` if there is none."""
    module_name, class_name = ENGINE_PATHS[slug].split(":")
    return getattr(import_module(module_name), class_name)()


def engine_slugs() -> list[str]:
    return sorted(ENGINE_PATHS)
