"""Registered rules engines, by slug; modules load on first use."""

from __future__ import annotations

from functools import cache
from importlib import import_module

from .base import Engine

ENGINE_PATHS: dict[str, str] = {
    "buffalo": "play.engines.buffalo:BuffaloEngine",
    "alcatraz": "play.engines.alcatraz:AlcatrazEngine",
    "tayu": "play.games.tayu.engine:TaYuEngine",
}

# Catalogue titles (lower case, without accents) the importer links to an engine by itself.
TITLE_ENGINES: dict[str, str] = {
    "prairie ou buffalo": "buffalo",
    "prairie": "buffalo",
    "buffalo": "buffalo",
    "alcatraz": "alcatraz",
}


@cache
def get_engine(slug: str) -> Engine:
    """The engine registered under ``slug``; ``KeyError`` if there is none."""
    module_name, class_name = ENGINE_PATHS[slug].split(":")
    return getattr(import_module(module_name), class_name)()


def engine_slugs() -> list[str]:
    return sorted(ENGINE_PATHS)


def engine_for_title(folded_title: str) -> str:
    """The registered engine for a catalogue title, or "" if there is none."""
    slug = TITLE_ENGINES.get(folded_title, "")
    return slug if slug in ENGINE_PATHS else ""


def engine_choices() -> list[tuple[str, str]]:
    return [(slug, get_engine(slug).info.title) for slug in engine_slugs()]
