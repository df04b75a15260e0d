"""The game contract in one place: what a game package and each of its parts provide.

A game is one package under ``play/games/<slug>/`` whose ``game.py`` declares ``GAME``, an instance
of a :class:`~play.games.base.GamePackage` subclass naming its parts by dotted path: the rules
engine (:class:`~play.engines.base.Engine`), its texts, its bots and its scenarios, and, for games
that need them, a timed gesture. Each part is a module with the names of its protocol below.

The registry checks every registered package with :func:`check_package` when it loads the games
(first use; ``manage.py check`` too), so that a missing or misspelt part fails at start-up with the
game's and the part's names (:class:`GameContractError`), not in the middle of a match.
"""

from __future__ import annotations

import collections.abc
import inspect
import random
import types
import typing
from collections.abc import Callable, Mapping, Sequence
from importlib import import_module
from typing import Any, Protocol

from django.core.exceptions import ImproperlyConfigured

from play.engines.base import Engine, Move, Outcome
from play.games.rulebook import RuleBookError, check_rule_book, load_rule_book
from play.games.tutorial import tutorial_shape_problems

State = Any


class GameContractError(ImproperlyConfigured):
    """A registered game package that breaks the contract; ``problems`` name each broken part."""

    def __init__(self, slug: str, problems: Sequence[str]):
        self.slug = slug
        self.problems = tuple(problems)
        super().__init__(f"Game package {slug!r} breaks the game contract: " + "; ".join(problems))


class Texts(Protocol):
    """The texts module: engine codes -> lazily translated French texts, and the game's words.

    ``HELP_TEXT`` empty: the site's default help. ``outcome_reason`` and ``score_text`` ``None``:
    the end screen says ``OUTCOME_REASONS[outcome.reason]`` and the score as a number."""

    RULE_MESSAGES: Mapping[str, Any]
    OUTCOME_REASONS: Mapping[str, Any]
    ROLE_LABELS: Mapping[str, Any]
    OPTION_LABELS: Mapping[str, Any]
    OPTION_CHOICE_LABELS: Mapping[str, Mapping[Any, Any]]
    OPTION_REFUSALS: Mapping[str, Any]  # option -> why a new table may not take its value
    LEVEL_DESCRIPTIONS: Mapping[str, Any]
    HOUSE_RULES: (
        tuple  # (heading, paragraph) pairs: what the engine decides where the record is silent
    )
    HELP_TEXT: Any
    outcome_reason: Callable[[State, Outcome], str] | None
    score_text: Callable[[float], str] | None

    def describe_move(self, before: State, after: State, seat: int, move: Move) -> str:
        """One public line of the move log; leaks no secret."""

    def play_texts(self) -> dict[str, Any]:
        """Strings for the board script (``T.game`` in JavaScript)."""

    def prompt(self, state: State, seat: int) -> str:
        """What ``seat`` is asked to do now, for the status line (empty: nothing to say)."""


class Bots(Protocol):
    """The bots module: the computer's moves and the game's evaluation (searches, the arena)."""

    def bot_move(
        self, state: State, seat: int, *, level: str, rng: random.Random, seconds: float
    ) -> Move:
        """The move a bot of ``level`` picks for ``seat``, thinking at most ``seconds``."""

    def evaluate(self, state: State) -> list[float]:
        """A value in [0, 1] per seat (1 = surely wins)."""

    def gain(self, before: State, after: State, seat: int) -> float:
        """The immediate gain of a move for ``seat`` (the arena's greedy player)."""


class TimedBots(Bots, Protocol):
    """The bots of a game with a :class:`Gesture`: they press like a person of their level."""

    def bot_press(self, params: Mapping[str, Any], *, level: str, rng: random.Random) -> float:
        """When a bot of ``level`` presses (ms after the challenge ``params`` showed)."""


class Gesture(Protocol):
    """The gesture module of a game whose moves carry a parameter the server measures from a timed
    gesture (a steadiness): the client never sends it (see ``play.services``)."""

    MOVE_TYPES: Sequence[str]  # the moves whose parameter the server measures
    MEASURED_KEYS: Sequence[str]  # what a client may never send
    MAX_AGE_SECONDS: int | float  # a challenge older than this is refused

    def new_challenge(self, rng: random.Random) -> dict[str, Any]:
        """A challenge's parameters (what the page animates), from ``rng``."""

    def measured_move(
        self, move: Mapping[str, Any], params: Mapping[str, Any], press_ms: float
    ) -> Move:
        """The engine's move, its parameter measured from a press ``press_ms`` after showing."""

    def untimed(self, options: Mapping[str, Any]) -> bool:
        """Whether the table plays without the gesture (a fixed parameter)."""

    def untimed_move(self, move: Mapping[str, Any]) -> Move:
        """The engine's move at a table without the gesture."""

    def client_move(self, move: Mapping[str, Any]) -> Move:
        """A legal move as a client sends it (the measured parameter left out)."""

    def client_moves(self, moves: list[Move], options: Mapping[str, Any]) -> list[Move]:
        """The legal moves as a client sends them, each once."""


class HiddenInformationEngine(Protocol):
    """What an engine with hidden information (``info.hidden_information``) adds to
    :class:`~play.engines.base.Engine`: bots search such determinisations, and the conformance
    suite checks that ``view(state, seat)`` equals ``view(redeal_hidden(state, seat, rng),
    seat)``."""

    def redeal_hidden(self, state: State, seat: int | None, rng: random.Random) -> State:
        """A state ``seat`` cannot tell from ``state``: every secret it may not see drawn again."""


class Scenarios(Protocol):
    """The scenarios module: the record's examples, replayed by the tests, shown by the site."""

    def scenarios(self) -> tuple:  # tuple[play.games.base.Scenario, ...]
        """The record's examples, in the order the site lists them."""


class GamePackageContract(Protocol):
    """What the generic machinery reads of a game package (``GAME``)."""

    slug: str
    titles: tuple[str, ...]  # catalogue titles (lower case, accents removed) linked to the game
    engine_path: str  # "module:Class"
    texts_path: str
    bots_path: str
    scenarios_path: str
    gesture_path: str  # "" when the game has no timed gesture
    bot_levels: tuple[str, ...]
    default_level: str
    offered_levels: Mapping[int, tuple[str, ...]]
    variant_seats: tuple[int, ...]
    scripts: tuple[str, ...]
    styles: tuple[str, ...]
    series: Any  # a play.games.base.SeriesAdapter, or None
    rules_file: str  # the package's rule book file (play.games.rulebook): "" while not written
    tutorial_path: str  # the module declaring TUTORIAL (play.games.tutorial): "" while not written


# The parts a package names, each with the protocol its module satisfies.
PARTS: tuple[tuple[str, str, type], ...] = (
    ("texts", "texts_path", Texts),
    ("bots", "bots_path", Bots),
    ("scenarios", "scenarios_path", Scenarios),
)


def check_package(game: Any) -> list[str]:
    """Every way ``game`` breaks the contract, each naming the part (empty: it holds)."""
    problems = _missing(game, GamePackageContract, "package")
    if problems:
        return problems
    modules = {}
    for part, attribute, protocol in PARTS:
        module = _import(getattr(game, attribute), part, problems)
        if module is not None:
            modules[part] = module
            problems += _missing(module, protocol, part)
    engine = _engine(game, problems)
    if engine is not None and engine.info.hidden_information:
        problems += _missing(engine, HiddenInformationEngine, "engine")
    if game.gesture_path:
        gesture = _import(game.gesture_path, "gesture", problems)
        if gesture is not None:
            problems += _missing(gesture, Gesture, "gesture")
        if "bots" in modules:
            problems += _missing(modules["bots"], TimedBots, "bots")
    if game.default_level not in game.bot_levels:
        problems.append(f"package: default_level {game.default_level!r} is not a bot level")
    if game.tutorial_path:
        module = _import(game.tutorial_path, "tutorial", problems)
        if module is not None:
            book = _book(game, problems)
            anchors = frozenset(rule.anchor for rule in book.rules) if book else frozenset()
            problems += [
                f"tutorial: {problem}"
                for problem in tutorial_shape_problems(getattr(module, "TUTORIAL", None), anchors)
            ]
    book = _book(game, problems)
    if book is not None:
        refusals = getattr(modules.get("texts"), "RULE_MESSAGES", {})
        problems += check_rule_book(book, refusals)
    return problems


def _book(game: Any, problems: list[str]) -> Any:
    """The package's rule book, or None (none written, or broken: said in ``problems`` once)."""
    if not game.rules_file:
        return None
    try:
        return load_rule_book(game.package_dir / game.rules_file)
    except RuleBookError as error:
        if f"rules: {error}" not in problems:
            problems.append(f"rules: {error}")
        return None


def ensure_package(game: Any) -> None:
    """Raise :class:`GameContractError` naming the game and every broken part, if any."""
    problems = check_package(game)
    if problems:
        raise GameContractError(str(getattr(game, "slug", type(game).__name__)), problems)


def members(protocol: type) -> dict[str, Any]:
    """A protocol's own and inherited members: name -> annotation (data) or function (method)."""
    found: dict[str, Any] = {}
    for cls in reversed(protocol.__mro__):
        if cls in (object, Protocol, typing.Generic) or not getattr(cls, "_is_protocol", False):
            continue
        found.update(typing.get_type_hints(cls))
        found.update(
            {n: v for n, v in vars(cls).items() if inspect.isfunction(v) and not n.startswith("_")}
        )
    return found


def _missing(obj: Any, protocol: type, part: str) -> list[str]:
    problems = []
    for name, spec in members(protocol).items():
        if not hasattr(obj, name):
            problems.append(f"{part} lacks {name}")
        elif inspect.isfunction(spec):
            problems += _callable_problems(getattr(obj, name), spec, f"{part}.{name}")
        elif (expected := _types(spec)) and not isinstance(getattr(obj, name), expected):
            names = " or ".join(t.__name__ for t in expected)
            problems.append(f"{part}.{name} is not a {names}")
    return problems


def _types(spec: Any) -> tuple[type, ...]:
    """The classes a data member's annotation allows (empty: not checked, e.g. ``Any``)."""
    if typing.get_origin(spec) in (typing.Union, types.UnionType):
        allowed = [_types(arg) for arg in typing.get_args(spec)]
        return () if not all(allowed) else tuple(t for group in allowed for t in group)
    if spec is None or spec is type(None):
        return (type(None),)
    origin = typing.get_origin(spec) or spec
    if origin is Any or origin is collections.abc.Callable:
        return ()  # a callable member is checked by its use
    return (origin,) if isinstance(origin, type) else ()


def _callable_problems(value: Any, spec: Callable, where: str) -> list[str]:
    """Whether ``value`` can be called the way the protocol's method ``spec`` is called."""
    if not callable(value):
        return [f"{where} is not callable"]
    try:
        signature = inspect.signature(value)
    except (TypeError, ValueError):  # a builtin without a signature: trust it
        return []
    params = list(inspect.signature(spec).parameters.values())[1:]  # without self
    positional = [p.name for p in params if p.kind is not p.KEYWORD_ONLY]
    keywords = {p.name: p.name for p in params if p.kind is p.KEYWORD_ONLY}
    try:
        signature.bind(*positional, **keywords)
    except TypeError:
        wanted = ", ".join([*positional, *(["*", *keywords] if keywords else [])])
        return [f"{where} does not take ({wanted})"]
    return []


def _import(path: str, part: str, problems: list[str]) -> Any:
    if not path:
        problems.append(f"package names no {part} module")
        return None
    try:
        return import_module(path)
    except ImportError as error:
        problems.append(f"{part} module {path!r} does not import ({error})")
        return None


def _engine(game: Any, problems: list[str]) -> Engine | None:
    try:
        engine = game.engine
    except (ImportError, AttributeError, ValueError) as error:
        problems.append(f"engine {game.engine_path!r} does not load ({error})")
        return None
    if not isinstance(engine, Engine):
        problems.append(f"engine {game.engine_path!r} is not a play.engines.base.Engine")
        return None
    if engine.info.slug != game.slug:
        problems.append(f"engine: info.slug {engine.info.slug!r} is not the package's slug")
    return engine
