"""What a game package provides to the generic play machinery.

A game is one package under ``play/games/<slug>/`` whose ``__init__`` exposes ``GAME``, an instance
of a :class:`GamePackage` subclass. The package holds everything that knows the game: its rules
engine, its bots, its texts (log lines, rule messages, seat roles, option labels, in French with
gettext), its board script and styles (``static/`` inside the package), its round/series logic, its
house rules and the record's examples. The services, selectors, API, views, templates, ``play.js``
and the site stylesheet only ever talk to this interface.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import import_module
from pathlib import Path
from typing import Any, ClassVar, Protocol

from django.utils.formats import number_format
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy

from play.bots.mcts import outcome_values
from play.engines.base import Engine, Move, Outcome

# Level codes every bot provider uses; a game may offer a subset or add "expert".
LEVEL_LABELS: dict[str, Any] = {
    "beginner": gettext_lazy("débutant"),
    "intermediate": gettext_lazy("intermédiaire"),
    "strong": gettext_lazy("fort"),
    "expert": gettext_lazy("expert"),
}

# How moves are made, for a game whose texts give no ``HELP_TEXT`` of their own.
DEFAULT_HELP = gettext_lazy(
    "Touchez une de vos pièces, puis une case en surbrillance ; au clavier, flèches pour se "
    "déplacer sur le plateau, Entrée pour choisir."
)


#: A whole number grouped the way the reader's language writes it (« 4 000 », "4,000"), lazily:
#: for texts made at import time and read in the request's language.
grouped = lazy(lambda number: number_format(number, force_grouping=True), str)


class SeriesAdapter(Protocol):
    """Rounds of one table (a handicap series…): the next round is a new match of the same seats."""

    def first(self, options: dict[str, Any]) -> dict[str, Any]: ...

    def choices(self, series: dict[str, Any], outcome: dict[str, Any]) -> dict[str, Any]: ...

    def next(
        self, series: dict[str, Any], outcome: dict[str, Any], choice: str | None
    ) -> tuple[dict[str, Any], dict[str, Any]]: ...

    def round_winners(
        self, series: dict[str, Any], outcome: dict[str, Any] | None
    ) -> list[list[int]]: ...


@dataclass(frozen=True)
class ScenarioStep:
    """One move of a record's example, with the record's own words about it."""

    seat: int
    move: Move
    words: Any = ""  # lazily translated text shown while stepping through the example


@dataclass(frozen=True)
class Scenario:
    """An example of the record: a start position (a state dict, or options) and moves that follow.

    ``state`` is the engine's ``to_dict`` of the starting position (``None``: the game's normal
    start with ``options`` and ``seats``). Tests replay every step through the engine; the game
    page lets visitors step through it on the real board.
    """

    key: str
    title: Any
    text: Any
    seats: int
    steps: tuple[ScenarioStep, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    state: Mapping[str, Any] | None = None
    seed: str = "scenario"


class GamePackage:
    """Base class of a game package's ``GAME`` object. Override what the game needs."""

    slug: ClassVar[str]
    engine_path: ClassVar[str]  # "module:Class" of the rules engine, loaded on first use
    # Catalogue titles (lower case, accents removed) that the importer links to this game.
    titles: ClassVar[tuple[str, ...]] = ()
    # The package's texts module: engine codes -> lazily translated French texts, read from its
    # RULE_MESSAGES, OUTCOME_REASONS, ROLE_LABELS, OPTION_LABELS, OPTION_CHOICE_LABELS,
    # LEVEL_DESCRIPTIONS and HOUSE_RULES (a subclass may also set the attributes below directly).
    texts: ClassVar[Any] = None
    # Bot levels offered, weakest first, and how each is described to players (measured strength).
    bot_levels: ClassVar[tuple[str, ...]] = ("beginner", "intermediate", "strong")
    default_level: ClassVar[str] = "intermediate"
    # The levels offered at a seat count, where fewer than ``bot_levels`` are (weakest first): a
    # level that was not measured stronger than the one below it at that count is not offered
    # there. A seat count missing here offers every level.
    offered_levels: ClassVar[Mapping[int, tuple[str, ...]]] = {}
    # Seat counts outside the record's player range that the game offers as a variant.
    variant_seats: ClassVar[tuple[int, ...]] = ()
    # Static files (paths under the package's ``static/`` folder) the play page loads.
    scripts: ClassVar[tuple[str, ...]] = ()
    styles: ClassVar[tuple[str, ...]] = ()
    series: ClassVar[SeriesAdapter | None] = None
    # The package's bots module (dotted path, imported on first use) may define ``evaluate``,
    # ``gain`` and ``bot_move`` with the signatures of the methods below, which then call them.
    bots_path: ClassVar[str] = ""
    # The package's gesture module (dotted path), for games where a move's continuous parameter
    # is measured by the server from a timed gesture (a steadiness): it defines MOVE_TYPES,
    # MEASURED_KEYS (what a client may never send), MAX_AGE_SECONDS, new_challenge(rng),
    # measured_move(move, params, press_ms), untimed(options), untimed_move(move),
    # client_move(move) and client_moves(moves, options). See play.services.
    gesture_path: ClassVar[str] = ""

    @cached_property
    def gesture(self) -> Any:
        return import_module(self.gesture_path) if self.gesture_path else None

    def client_moves(self, moves: list[Move], options: Mapping[str, Any]) -> list[Move]:
        """The legal moves as a client sends them (a measured parameter left out)."""
        return moves if self.gesture is None else self.gesture.client_moves(moves, options)

    def bot_press(self, params: Mapping[str, Any], *, level: str, rng: random.Random) -> float:
        """When a bot of ``level`` presses (ms after the challenge ``params`` showed)."""
        if (bot_press := self._bots("bot_press")) is None:
            raise NotImplementedError(f"{self.slug} has no timed bots")
        return bot_press(params, level=level, rng=rng)

    def _bots(self, name: str):
        return getattr(import_module(self.bots_path), name, None) if self.bots_path else None

    def _text(self, name: str, default: Any) -> Any:
        return getattr(self.texts, name, default)

    @property
    def rule_messages(self) -> Mapping[str, Any]:
        return self._text("RULE_MESSAGES", {})

    @property
    def outcome_reasons(self) -> Mapping[str, Any]:
        return self._text("OUTCOME_REASONS", {})

    @property
    def role_labels(self) -> Mapping[str, Any]:
        return self._text("ROLE_LABELS", {})

    @property
    def option_labels(self) -> Mapping[str, Any]:
        return self._text("OPTION_LABELS", {})

    @property
    def option_choice_labels(self) -> Mapping[str, Mapping[Any, Any]]:
        return self._text("OPTION_CHOICE_LABELS", {})

    @property
    def level_descriptions(self) -> Mapping[str, Any]:
        """How each bot level is described to players (in words matching its measured strength)."""
        return self._text("LEVEL_DESCRIPTIONS", {})

    @property
    def house_rules(self) -> tuple[tuple[Any, Any], ...]:
        """Decisions the engine takes where the record is silent: (heading, paragraph) pairs."""
        return self._text("HOUSE_RULES", ())

    @cached_property
    def engine(self) -> Engine:
        module_name, class_name = self.engine_path.split(":")
        return getattr(import_module(module_name), class_name)()

    @property
    def package_dir(self) -> Path:
        return Path(import_module(type(self).__module__).__file__).parent

    @property
    def scenarios(self) -> tuple[Scenario, ...]:
        return ()

    def validate_options(self, *, seats: int, options: Any) -> dict[str, Any]:
        """A new table's options as the rules take them (defaults filled in), or
        :class:`~play.engines.base.InvalidOptions` naming the refused one. The match layer calls
        it before anything else reads the options (the series adapter included)."""
        return self.engine.validate_options(seats, options)

    def levels_for(self, seats: int) -> tuple[str, ...]:
        """The bot levels offered at a table of ``seats``, weakest first."""
        return tuple(self.offered_levels.get(seats, self.bot_levels))

    def default_level_for(self, seats: int) -> str:
        """The level a seat starts with at a table of ``seats``: the default level if offered
        there, else the strongest offered level below it (else the weakest offered)."""
        offered = self.levels_for(seats)
        if self.default_level in offered:
            return self.default_level
        below = self.bot_levels[: self.bot_levels.index(self.default_level)]
        weaker = [level for level in offered if level in below]
        return weaker[-1] if weaker else offered[0]

    def level_label(self, level: str) -> str:
        return str(LEVEL_LABELS.get(level, level))

    def seat_role_labels(self, state: Any) -> list[str]:
        """What each seat plays in ``state`` (from the engine's roles), in the active language."""
        return [str(self.role_labels.get(code, code)) for code in self.engine.seat_roles(state)]

    def describe_move(self, before: Any, after: Any, seat: int, move: Move) -> str:
        """One public line of the move log in the active language; leaks no secret."""
        return self.engine.describe(before, seat, move)

    def play_texts(self) -> dict[str, Any]:
        """Strings for the board script (``T.game`` in JavaScript), in the active language."""
        return {}

    def prompt(self, state: Any, seat: int) -> str:
        """What ``seat`` is asked to do now, in the game's own words (« Choisissez un dé. »), for
        the status line; empty when the game has nothing to say. From the texts' ``prompt``."""
        prompt = self._text("prompt", None)
        return str(prompt(state, seat)) if prompt is not None else ""

    @property
    def help_text(self) -> str:
        """How moves are made on this game's board (the texts' ``HELP_TEXT``), in a sentence."""
        return str(self._text("HELP_TEXT", "") or DEFAULT_HELP)

    def outcome_reason(self, state: Any, outcome: Outcome) -> str:
        """Why the game ended, in words: the texts' ``outcome_reason(state, outcome)`` when the
        final position says more than the engine's reason code, else ``OUTCOME_REASONS``."""
        reason = self._text("outcome_reason", None)
        if reason is not None:
            return str(reason(state, outcome))
        return str(self.outcome_reasons.get(outcome.reason, ""))

    def score_text(self, score: float) -> str:
        """A seat's final score as the end screen shows it (the texts' ``score_text``)."""
        text = self._text("score_text", None)
        if text is not None:
            return str(text(score))
        return f"{score:g}"

    def evaluate(self, state: Any) -> list[float]:
        """The game's own evaluation: a value in [0, 1] per seat (1 = surely wins).

        Bots' searches and the arena's one-ply reference player use it. The default knows only
        finished games and calls every other position even: winners 1, others 0; without a
        winner, the search's rewards (``outcome_values``: a draw or one shared place 0.5 each,
        as the arena scores it).
        """
        if (evaluate := self._bots("evaluate")) is not None:
            return evaluate(state)
        seats = self.engine.seat_count(state)
        outcome = self.engine.outcome(state)
        if outcome is None:
            return [0.5] * seats
        if not outcome.winners:
            return outcome_values(outcome, seats)
        return [1.0 if seat in outcome.winners else 0.0 for seat in range(seats)]

    def gain(self, before: Any, after: Any, seat: int) -> float:
        """The immediate gain of a move for ``seat`` (points, captures, progress): the arena's
        greedy reference player takes the move with the largest one. Default: the evaluation."""
        if (gain := self._bots("gain")) is not None:
            return gain(before, after, seat)
        return self.evaluate(after)[seat] - self.evaluate(before)[seat]

    def bot_move(
        self, state: Any, seat: int, *, level: str, rng: random.Random, seconds: float
    ) -> Move:
        """The move a bot of ``level`` picks for ``seat``, thinking at most ``seconds``."""
        if (bot_move := self._bots("bot_move")) is None:
            raise NotImplementedError(f"{self.slug} has no bots")
        return bot_move(state, seat, level=level, rng=rng, seconds=seconds)
