"""What a game package provides to the generic play machinery.

A game is one package under ``play/games/<slug>/`` whose ``game.py`` declares ``GAME``, an instance
of a :class:`GamePackage` subclass that names the package's parts: its rules engine, its texts (log
lines, rule messages, seat roles, option labels, in French with gettext), its bots, the record's
examples and, where a move is measured from a timed gesture, its gesture module. Its board script
and styles live in ``static/`` inside the package. What each part provides is the contract of
:mod:`play.games.contract`, which the registry checks at start-up. The services, selectors, API,
views, templates, ``play.js`` and the site stylesheet only ever talk to this interface.
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
from play.engines.base import Engine, InvalidOptions, Move, Outcome
from play.games.rulebook import RuleBook, load_rule_book
from play.games.tutorial import Tutorial

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
    """Base class of a game package's ``GAME`` object: it declares the game and names its parts
    (dotted paths, imported on first use); what each part provides is :mod:`play.games.contract`."""

    slug: ClassVar[str]
    engine_path: ClassVar[str]  # "module:Class" of the rules engine, loaded on first use
    texts_path: ClassVar[str] = ""  # the texts module (contract.Texts)
    bots_path: ClassVar[str] = ""  # the bots module (contract.Bots)
    scenarios_path: ClassVar[str] = ""  # the record's examples (contract.Scenarios)
    # The gesture module (contract.Gesture), for a game whose move's continuous parameter is
    # measured by the server from a timed gesture (a steadiness); "" for the others.
    gesture_path: ClassVar[str] = ""
    # The rules in small pieces: a ``rules.toml`` file of the package (play.games.rulebook); ""
    # for a game whose rule book is not written yet.
    rules_file: ClassVar[str] = ""
    # The guided first game: a module declaring ``TUTORIAL`` (play.games.tutorial); "" for a game
    # without one yet.
    tutorial_path: ClassVar[str] = ""
    # Catalogue titles (lower case, accents removed) that the importer links to this game.
    titles: ClassVar[tuple[str, ...]] = ()
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

    @cached_property
    def texts(self) -> Any:
        """The texts module (:class:`play.games.contract.Texts`)."""
        return import_module(self.texts_path) if self.texts_path else None

    @cached_property
    def bots(self) -> Any:
        """The bots module (:class:`play.games.contract.Bots`); ``None`` for a package without."""
        return import_module(self.bots_path) if self.bots_path else None

    @cached_property
    def rule_book(self) -> RuleBook | None:
        """The rules in small pieces, or ``None`` while the game has none."""
        return load_rule_book(self.package_dir / self.rules_file) if self.rules_file else None

    @cached_property
    def tutorial(self) -> Tutorial | None:
        """The guided first game, or ``None`` while the game has none."""
        return import_module(self.tutorial_path).TUTORIAL if self.tutorial_path else None

    def client_move(self, move: Move) -> Move:
        """A move as a client sends it (a measured parameter left out)."""
        if self.gesture is None or not isinstance(move, Mapping):
            return move
        return self.gesture.client_move(move)

    @cached_property
    def gesture(self) -> Any:
        """The gesture module (:class:`play.games.contract.Gesture`), or ``None``."""
        return import_module(self.gesture_path) if self.gesture_path else None

    def client_moves(self, moves: list[Move], options: Mapping[str, Any]) -> list[Move]:
        """The legal moves as a client sends them (a measured parameter left out)."""
        return moves if self.gesture is None else self.gesture.client_moves(moves, options)

    def bot_press(self, params: Mapping[str, Any], *, level: str, rng: random.Random) -> float:
        """When a bot of ``level`` presses (ms after the challenge ``params`` showed)."""
        if self.gesture is None:
            raise NotImplementedError(f"{self.slug} has no timed bots")
        return self.bots.bot_press(params, level=level, rng=rng)

    @property
    def rule_messages(self) -> Mapping[str, Any]:
        return self.texts.RULE_MESSAGES

    @property
    def outcome_reasons(self) -> Mapping[str, Any]:
        return self.texts.OUTCOME_REASONS

    @property
    def role_labels(self) -> Mapping[str, Any]:
        return self.texts.ROLE_LABELS

    @property
    def option_labels(self) -> Mapping[str, Any]:
        return self.texts.OPTION_LABELS

    @property
    def option_choice_labels(self) -> Mapping[str, Mapping[Any, Any]]:
        return self.texts.OPTION_CHOICE_LABELS

    @property
    def level_descriptions(self) -> Mapping[str, Any]:
        """How each bot level is described to players (in words matching its measured strength)."""
        return self.texts.LEVEL_DESCRIPTIONS

    @property
    def house_rules(self) -> tuple[tuple[Any, Any], ...]:
        """Decisions the engine takes where the record is silent: (heading, paragraph) pairs."""
        return self.texts.HOUSE_RULES

    @cached_property
    def engine(self) -> Engine:
        module_name, class_name = self.engine_path.split(":")
        return getattr(import_module(module_name), class_name)()

    @property
    def package_dir(self) -> Path:
        return Path(import_module(type(self).__module__).__file__).parent

    @cached_property
    def scenarios(self) -> tuple[Scenario, ...]:
        """The record's examples (the scenarios module's ``scenarios()``)."""
        if not self.scenarios_path:
            return ()
        return tuple(import_module(self.scenarios_path).scenarios())

    def validate_options(self, *, seats: int, options: Any) -> dict[str, Any]:
        """A new table's options as the rules take them (defaults filled in), or
        :class:`~play.engines.base.InvalidOptions` naming the refused one, with the reason in the
        reader's language where the texts' ``OPTION_REFUSALS`` give one. The match layer calls
        it before anything else reads the options (the series adapter included)."""
        try:
            return self.engine.validate_options(seats, options)
        except InvalidOptions as error:
            reason = self.texts.OPTION_REFUSALS.get(error.option)
            if reason is None:
                raise
            raise InvalidOptions(str(reason), option=error.option) from None

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
        return self.texts.describe_move(before, after, seat, move)

    def play_texts(self) -> dict[str, Any]:
        """Strings for the board script (``T.game`` in JavaScript), in the active language."""
        return self.texts.play_texts()

    def prompt(self, state: Any, seat: int) -> str:
        """What ``seat`` is asked to do now, in the game's own words (« Choisissez un dé. »), for
        the status line; empty when the game has nothing to say. From the texts' ``prompt``."""
        return str(self.texts.prompt(state, seat))

    @property
    def help_text(self) -> str:
        """How moves are made on this game's board (the texts' ``HELP_TEXT``), in a sentence."""
        return str(self.texts.HELP_TEXT or DEFAULT_HELP)

    def outcome_reason(self, state: Any, outcome: Outcome) -> str:
        """Why the game ended, in words: the texts' ``outcome_reason(state, outcome)`` when the
        final position says more than the engine's reason code, else ``OUTCOME_REASONS``."""
        reason = self.texts.outcome_reason
        if reason is not None:
            return str(reason(state, outcome))
        return str(self.outcome_reasons.get(outcome.reason, ""))

    def score_text(self, score: float) -> str:
        """A seat's final score as the end screen shows it (the texts' ``score_text``)."""
        text = self.texts.score_text
        if text is not None:
            return str(text(score))
        return f"{score:g}"

    def evaluate(self, state: Any) -> list[float]:
        """The game's own evaluation (the bots' ``evaluate``): a value in [0, 1] per seat (1 =
        surely wins). Bots' searches and the arena's one-ply reference player use it. Without
        bots, :func:`finished_evaluation`."""
        if self.bots is None:
            return finished_evaluation(self.engine, state)
        return self.bots.evaluate(state)

    def gain(self, before: Any, after: Any, seat: int) -> float:
        """The immediate gain of a move for ``seat`` (points, captures, progress): the arena's
        greedy reference player takes the move with the largest one (the bots' ``gain``)."""
        if self.bots is None:
            return evaluation_gain(self.evaluate, before, after, seat)
        return self.bots.gain(before, after, seat)

    def bot_move(
        self, state: Any, seat: int, *, level: str, rng: random.Random, seconds: float
    ) -> Move:
        """The move a bot of ``level`` picks for ``seat``, thinking at most ``seconds``."""
        if self.bots is None:
            raise NotImplementedError(f"{self.slug} has no bots")
        return self.bots.bot_move(state, seat, level=level, rng=rng, seconds=seconds)


def finished_evaluation(engine: Engine, state: Any) -> list[float]:
    """An evaluation that knows only finished games and calls every other position even:
    winners 1, others 0; without a winner, the search's rewards (``outcome_values``: a draw or one
    shared place 0.5 each, as the arena scores it). For bots without an evaluation of their own."""
    seats = engine.seat_count(state)
    outcome = engine.outcome(state)
    if outcome is None:
        return [0.5] * seats
    if not outcome.winners:
        return outcome_values(outcome, seats)
    return [1.0 if seat in outcome.winners else 0.0 for seat in range(seats)]


def evaluation_gain(evaluate: Any, before: Any, after: Any, seat: int) -> float:
    """A move's gain: the progress of ``evaluate`` for ``seat`` (bots without a gain)."""
    return evaluate(after)[seat] - evaluate(before)[seat]
