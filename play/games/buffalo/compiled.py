"""The compiled alpha-beta core (``_search*.c``), given the Python modules' tables and weights.

:func:`load` returns the extension module, configured, or ``None`` when it is not built or when
the environment variable ``BUFFALO_PURE_PYTHON`` is set (to anything but ``""`` or ``"0"``): the
bots then search in pure Python. The weights stay in :mod:`~play.games.buffalo.evaluation`;
nothing here is a second copy of them.
"""

from __future__ import annotations

import os
from types import ModuleType

from . import board as bb
from . import evaluation as ev
from .solver import PROVEN

PURE_PYTHON_VARIABLE = "BUFFALO_PURE_PYTHON"


def pure_python_forced() -> bool:
    return os.environ.get(PURE_PYTHON_VARIABLE, "") not in ("", "0")


def load(**search_constants: object) -> ModuleType | None:
    """The configured ``_search`` module, or ``None``; ``search_constants`` are bots.py's."""
    if pure_python_forced():
        return None
    try:
        from . import _search
    except ImportError:
        return None
    _search.configure(
        {
            "columns": bb.COLUMNS,
            "rows": bb.ROWS,
            "king_targets": bb.KING_TARGETS,
            "neighbours": ev.NEIGHBOURS,
            "free_table": ev.FREE_TABLE,
            "blocked_table": ev.BLOCKED_TABLE,
            "threat_bonus": ev.THREAT_BONUS,
            "spare_dog": ev.SPARE_DOG,
            "tempo": ev.TEMPO,
            "mate": ev.MATE,
            "mate_bound": ev.MATE_BOUND,
            "proven": PROVEN,
            **search_constants,
        }
    )
    return _search
