"""The contract every rules engine implements.

An engine is pure Python: no Django, no clock, no global ``random``, no hidden mutable state.
State is an engine-specific object with ``clone``; engines serialise it to plain JSON data with
``to_dict`` and rebuild (and validate) it with ``from_dict``.

Seats are numbered ``0 .. seats-1``. Moves are JSON-serialisable dicts; ``legal_moves`` lists every
move a seat may make now, and ``play`` applies one, returning a *new* state and leaving the old one
untouched, or raising :class:`IllegalMove` naming the rule that forbids it.

Chance: ``play`` and ``new_game`` receive a ``random.Random`` built by the caller from the match's
seed and the move number (see :func:`chance_for`), so a match replays exactly from its seed and move
list and nothing random lives in the state. Hidden information is stripped by ``view``: a seat
sees its own secrets only; ``view(state, None)`` is the public (spectator) view.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

Move = dict[str, Any]
State = TypeVar("State")


class IllegalMove(Exception):
    """A move the rules forbid; ``rule`` is a stable machine-readable code."""

    def __init__(self, rule: str, message: str):
        super().__init__(message)
        self.rule = rule
        self.message = message


class InvalidState(ValueError):
    """Serialised state that does not describe a reachable position of the game."""


class InvalidOptions(ValueError):
    """Game options (variant, seat count, layout…) that the rules do not allow; ``option`` names
    the refused option (empty for the seat count or the options as a whole)."""

    def __init__(self, message: str, *, option: str = ""):
        super().__init__(message)
        self.option = option


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``ranking`` lists groups of seats from best to worst (a group of several seats shares a place:
    a team, or a tie). ``winners`` is the first group, or empty when nobody wins (a draw, or Pow
    Wow's two-player variant where the winning card is in the neutral pile).
    """

    winners: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]
    reason: str
    scores: tuple[float, ...] | None = None
    draw: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "ranking": [list(group) for group in self.ranking],
            "reason": self.reason,
            "scores": None if self.scores is None else list(self.scores),
            "draw": self.draw,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Outcome:
        return cls(
            winners=tuple(data["winners"]),
            ranking=tuple(tuple(group) for group in data["ranking"]),
            reason=data["reason"],
            scores=None if data.get("scores") is None else tuple(data["scores"]),
            draw=bool(data.get("draw", False)),
        )


@dataclass(frozen=True)
class OptionSpec:
    """One table option of a game (a variant switch, a layout, a ranking rule…)."""

    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    help: str = ""


@dataclass(frozen=True)
class EngineInfo:
    slug: str
    title: str
    min_seats: int
    max_seats: int
    options: tuple[OptionSpec, ...] = field(default=())
    teams: bool = False
    hidden_information: bool = False
    chance: bool = False


class Engine(ABC, Generic[State]):
    """A game's rules. Instances are stateless: every method is a pure function of its arguments."""

    info: EngineInfo
    # The most moves a game can take, whatever its options: the rules end every game by then
    # (by their structure, or with a cap of their own and a stated reason), since a match's
    # every poll replays its whole move log. The conformance suite plays within this bound.
    max_plies: int

    @abstractmethod
    def new_game(self, *, seats: int, options: Mapping[str, Any], rng: random.Random) -> State:
        """The start position; raises :class:`InvalidOptions` for a bad seat count or option."""

    @abstractmethod
    def to_act(self, state: State) -> tuple[int, ...]:
        """Seats that must act now (several when simultaneous); empty once the game is over."""

    @abstractmethod
    def legal_moves(self, state: State, seat: int) -> list[Move]:
        """Every move ``seat`` may make now (empty if it is not asked to act)."""

    @abstractmethod
    def play(self, state: State, seat: int, move: Move, rng: random.Random) -> State:
        """Apply ``move`` by ``seat``: a new state, or :class:`IllegalMove`, input untouched."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome | None:
        """The result once the game is over, else ``None``."""

    @abstractmethod
    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """JSON data a seat may see (``None``: the public view). Never another seat's secrets."""

    @abstractmethod
    def to_dict(self, state: State) -> dict[str, Any]:
        """The full state as plain JSON data (secrets included: server side only)."""

    @abstractmethod
    def from_dict(self, data: Mapping[str, Any]) -> State:
        """Rebuild a state, raising :class:`InvalidState` for data that does not validate."""

    def validate_options(self, seats: int, options: Any) -> dict[str, Any]:
        """A new table's options, checked and completed with their defaults, or
        :class:`InvalidOptions` naming the refused one: every value a client sends reaches the
        rules only through here. By default an option with ``choices`` takes one of them (of the
        same JSON type: ``true`` is not ``1``) and one without keeps its default; engines with
        free-form options (a layout, a limit) override it."""
        if not isinstance(seats, int) or not self.info.min_seats <= seats <= self.info.max_seats:
            raise InvalidOptions(f"{self.info.title} is not played by {seats} players.")
        if not isinstance(options, Mapping):
            raise InvalidOptions("Options must be an object.")
        specs = {spec.name: spec for spec in self.info.options}
        unknown = sorted(str(name) for name in options if name not in specs)
        if unknown:
            raise InvalidOptions(f"Unknown option(s): {', '.join(unknown)}.", option=unknown[0])
        chosen = {}
        for name, spec in specs.items():
            value = options.get(name, spec.default)
            allowed = spec.choices if spec.choices is not None else (spec.default,)
            if not any(same_json(value, choice) for choice in allowed):
                raise InvalidOptions(f"{name}: value not allowed.", option=name)
            chosen[name] = value
        return chosen

    def canonical_move(self, state: State, seat: int, move: Move) -> Move:
        """The engine's own form of ``move`` (what a match stores): by default the element of
        ``legal_moves`` equal to it as JSON (:func:`same_json`: ``true`` is not ``1``), so a move
        with extra keys or values is refused with :class:`IllegalMove` (``illegal_move``).
        Engines whose moves carry a continuous parameter (not enumerable by ``legal_moves``)
        override it."""
        for legal in self.legal_moves(state, seat):
            if same_json(legal, move):
                return legal
        raise IllegalMove("illegal_move", "this move is not one of the legal moves")

    def reveals(self, before: State, after: State) -> bool:
        """Whether a move made hidden information public (undo may not cross it)."""
        return False

    def seat_roles(self, state: State) -> tuple[str, ...]:
        """What each seat plays in ``state``, as role codes (a side, a colour, a team…)."""
        return ()

    def seat_count(self, state: State) -> int:
        """How many seats the game in ``state`` has (bots need it for multi-player search)."""
        if self.info.min_seats == self.info.max_seats:
            return self.info.min_seats
        return int(self.to_dict(state)["seats"])

    # Engines with hidden information also define
    #     redeal_hidden(self, state, seat, rng) -> State
    # a state that ``seat`` cannot tell apart from ``state`` (every secret it may not see drawn
    # again with ``rng``). Bots search such determinisations; the conformance suite checks that
    # ``view(state, seat)`` and ``view(redeal_hidden(state, seat, rng), seat)`` are equal.

    def describe(self, state: State, seat: int, move: Move) -> str:
        """A readable, public log line for ``move`` played from ``state`` (leaks no secret)."""
        return str(move)


def same_json(a: Any, b: Any) -> bool:
    """Whether two JSON values are equal with their JSON types: unlike ``==``, ``True`` is not
    ``1`` and ``1.0`` is not ``1`` (a client's ``true`` never passes for a seat or an index)."""
    if isinstance(a, list | tuple) and isinstance(b, list | tuple):  # both a JSON array
        return len(a) == len(b) and all(same_json(x, y) for x, y in zip(a, b, strict=True))
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return a.keys() == b.keys() and all(same_json(a[k], b[k]) for k in a)
    return a == b


def chance_for(seed: str, ply: int) -> random.Random:
    """The random generator for move number ``ply`` of a match (``ply`` 0 sets the game up)."""
    return random.Random(f"{seed}/{ply}")
