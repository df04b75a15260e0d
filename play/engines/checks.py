"""Checks every engine repeats: the opening checks of a new table's options, and the wrapper that
turns a stored state's malformed data into :class:`InvalidState`.

Each game keeps its own messages for what is its own (how many players it takes, its states'
name); the messages shared by every game are this module's.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from typing import Any, TypeVar

from play.engines.base import InvalidOptions, InvalidState

State = TypeVar("State")

# What a malformed stored state raises while a game rebuilds it (a missing key, a value of the
# wrong type, options no longer valid…), turned into InvalidState by :func:`state_from_data`.
MALFORMED_STATE_ERRORS: tuple[type[Exception], ...] = (
    InvalidOptions,
    KeyError,
    TypeError,
    ValueError,
    AttributeError,
)


def check_seats(seats: Any, low: int, high: int, message: str) -> None:
    """Refuse a seat count that is not a whole number from ``low`` to ``high`` (``True`` is not
    one) with :class:`InvalidOptions` saying ``message``."""
    if not isinstance(seats, int) or isinstance(seats, bool) or not low <= seats <= high:
        raise InvalidOptions(message)


def check_option_names(options: Any, names: Collection[str]) -> None:
    """Refuse options that are not a mapping, or that name an option outside ``names`` (the
    first unknown one, in sorted order, is the refused ``option``)."""
    if not isinstance(options, Mapping):
        raise InvalidOptions("Options must be an object.")
    unknown = sorted(str(name) for name in set(options) - set(names))
    if unknown:
        raise InvalidOptions(f"Unknown option(s): {', '.join(unknown)}.", option=unknown[0])


def state_from_data(
    parse: Callable[[Mapping[str, Any]], State],
    data: Mapping[str, Any],
    game: str,
    *,
    also: tuple[type[Exception], ...] = (),
) -> State:
    """``parse(data)``, its :class:`InvalidState` kept and the errors malformed data raises
    (:data:`MALFORMED_STATE_ERRORS`, and ``also``) turned into « Invalid ``game`` state: … »."""
    try:
        return parse(data)
    except InvalidState:
        raise
    except (*MALFORMED_STATE_ERRORS, *also) as error:
        raise InvalidState(f"Invalid {game} state: {error}") from None


def check(condition: bool, message: str) -> None:
    """Refuse a stored state that breaks a rule: :class:`InvalidState` saying ``message``."""
    if not condition:
        raise InvalidState(message)
