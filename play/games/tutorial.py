"""A guided first game: the data a game package's tutorial declares, and its replay.

A tutorial is a module of the game's package (``GamePackage.tutorial_path``) declaring
``TUTORIAL``, a :class:`Tutorial`: a start (the game's set-up, or a state), the learner's seat, and
steps. Each step says one rule in a sentence or two and, unless it is only read, waits for the
learner's move: one of the step's accepted moves (``ANY``: any legal move). The scripted opponent's
answers follow. Chance is scripted: a step may ``arrange`` the position before it shows (dice,
cards, tiles, or a jump to a later position), as a change of the engine's ``to_dict``. Chance
drawn inside a move (a die rolled by the move itself) is the tutorial's ``seed``'s: choose the
seed that draws what the step needs, since the log line of that move tells what was drawn.

A step's ``wrong`` moves are mistakes the board lets the learner try (the engine refuses each): the
learner is told the rule it breaks, in the rule book's words. ``check`` is the step's claim
(« this move captures that piece »): the tests replay every tutorial against the engine, along
every accepted move, and fail if a scripted move is illegal or a claim does not hold
(:func:`tutorial_problems`).

The replay is stateless (:func:`tutorial_replay`): a client sends the learner's answers so far, the
server plays them again from the start. Nothing of it is secret (the tutorial is the same for
everyone), but a client is only ever shown the learner's view.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from play.engines.base import Engine, IllegalMove, Move, chance_for, same_json

State = Any

#: Accepted moves of a step where any legal move will do.
ANY = "any"
#: A tutorial longer than this is refused by the checks (and a client's answers are cut there).
MAX_STEPS = 60


@dataclass(frozen=True)
class TutorialStep:
    """One step: a rule said in one or two short sentences, and the move that practises it."""

    text: Any  # lazily translated; one or two sentences a child of the box's age can read
    # The accepted moves: a list, ANY (any legal move), or a function of (engine, state, seat)
    # giving them (« any move of the chief »); empty: the step is only read.
    moves: Sequence[Move] | str | Callable[[Engine, State, int], list[Move]] = ()
    seat: int | None = None  # the seat that moves (None: the tutorial's learner)
    wrong: Sequence[Move] = ()  # mistakes the learner may try: the engine refuses each
    hint: Any = ""  # said when the learner plays a legal move this step does not teach
    replies: Sequence[tuple[int, Move]] = ()  # the scripted opponent's moves after the learner's
    arrange: Mapping[str, Any] = field(default_factory=dict)  # to_dict changes before the step
    check: Callable[[Engine, State, State], bool] | None = None  # the claim (before, after)
    rule: str = ""  # the anchor of the rule the step teaches, in the game's rule book

    @property
    def reading(self) -> bool:
        return not self.moves


@dataclass(frozen=True)
class Tutorial:
    """A game's guided first game (a game package's ``tutorial`` module declares ``TUTORIAL``)."""

    seats: int
    learner: int  # the seat the learner plays; the board shows its view
    steps: tuple[TutorialStep, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    state: Mapping[str, Any] | None = None  # a start other than the game's set-up
    chance_note: Any = ""  # said once, where chance first shows: the tutorial sets it
    chance_step: int | None = None  # where (a step's index) it is said; None: the first move
    play_options: Mapping[str, Any] = field(default_factory=dict)  # « Jouer une vraie partie »
    seed: str = "tutorial"


class TutorialError(ValueError):
    """A client's answers that are not the tutorial's (``code`` machine-readable, ``index`` the
    step at fault)."""

    def __init__(self, code: str, message: str, index: int):
        super().__init__(message)
        self.code, self.message, self.index = code, message, index


@dataclass
class TutorialPosition:
    """Where a learner stands: the step shown (``index``; ``len(steps)`` never happens: the last
    step is read, and ends the tutorial), its state, and the answers that led there."""

    tutorial: Tutorial
    index: int
    state: State
    answers: list[Move | None]
    # every move played since the start: (the state before, the state after, seat, move)
    history: list[tuple[State, State, int, Move]]

    @property
    def step(self) -> TutorialStep:
        return self.tutorial.steps[self.index]

    @property
    def seat(self) -> int:
        step = self.step
        return self.tutorial.learner if step.seat is None else step.seat

    @property
    def last(self) -> bool:
        return self.index == len(self.tutorial.steps) - 1


def accepted_moves(engine: Engine, step: TutorialStep, state: State, seat: int) -> list[Move]:
    """The moves ``step`` accepts from ``state`` (all legal ones for ``ANY``)."""
    if step.moves == ANY:
        return engine.legal_moves(state, seat)
    if callable(step.moves):
        return list(step.moves(engine, state, seat))
    return list(step.moves)


def _merge(target: dict, change: Mapping[str, Any]) -> dict:
    """``target`` with ``change`` merged in: nested objects merged, anything else replaced."""
    for key, value in change.items():
        if isinstance(value, Mapping) and isinstance(target.get(key), dict):
            _merge(target[key], value)
        else:
            target[key] = copy.deepcopy(value)
    return target


def arranged(engine: Engine, state: State, step: TutorialStep) -> State:
    """``state`` as ``step`` arranges it before it shows (unchanged without ``arrange``)."""
    if not step.arrange:
        return state
    return engine.from_dict(_merge(engine.to_dict(state), step.arrange))


def start_state(engine: Engine, tutorial: Tutorial) -> State:
    if tutorial.state is not None:
        return engine.from_dict(tutorial.state)
    return engine.new_game(
        seats=tutorial.seats,
        options=engine.validate_options(tutorial.seats, dict(tutorial.options)),
        rng=chance_for(tutorial.seed, 0),
    )


def _same_move(engine: Engine, state: State, seat: int, a: Move, b: Move, client) -> bool:
    """Whether ``a`` (sent by a client: a gesture's measure left out) is the move ``b``."""
    if same_json(client(a), client(b)):
        return True
    try:
        return same_json(
            engine.canonical_move(state, seat, a), engine.canonical_move(state, seat, b)
        )
    except (IllegalMove, TypeError, ValueError, KeyError, AttributeError, IndexError):
        return False


class Replay:
    """Plays a tutorial's steps from its start, one answer at a time."""

    def __init__(self, engine: Engine, tutorial: Tutorial, client: Callable[[Move], Move]):
        self.engine, self.tutorial, self.client = engine, tutorial, client
        self.index = 0
        self.state = arranged(engine, start_state(engine, tutorial), tutorial.steps[0])
        self.answers: list[Move | None] = []
        self.history: list[tuple[State, State, int, Move]] = []
        self.after = self.state  # the last step's outcome, before the next one's arrangement

    @property
    def position(self) -> TutorialPosition:
        return TutorialPosition(
            self.tutorial, self.index, self.state, list(self.answers), list(self.history)
        )

    def match(self, sent: Move) -> Move | None:
        """The accepted move of the current step that ``sent`` is, or None."""
        position = self.position
        seat = position.seat
        for move in accepted_moves(self.engine, position.step, self.state, seat):
            if _same_move(self.engine, self.state, seat, sent, move, self.client):
                return move
        return None

    def answer(self, sent: Move | None) -> None:
        """Take the learner's answer to the current step; :class:`TutorialError` if it is not
        one the step accepts."""
        position = self.position
        step = position.step
        if position.last:
            raise TutorialError("tutorial_over", "Le tutoriel est terminé.", self.index)
        if step.reading:
            if sent is not None:
                raise TutorialError("not_expected", "Cette étape se lit : aucun coup.", self.index)
            after = self.state
        else:
            move = self.match(sent) if sent is not None else None
            if move is None:
                raise TutorialError(
                    "not_expected", "Ce coup n'est pas celui de cette étape.", self.index
                )
            after = self._play(self.state, position.seat, move)
        for seat, reply in step.replies:  # the opponent's answer (or first move, on a read step)
            after = self._play(after, seat, reply)
        self.answers.append(None if step.reading else self.client(move))
        self.after = after
        self.index += 1
        self.state = arranged(self.engine, after, self.tutorial.steps[self.index])

    def _play(self, state: State, seat: int, move: Move) -> State:
        ply = len(self.history) + 1
        after = self.engine.play(state, seat, move, chance_for(self.tutorial.seed, ply))
        self.history.append((state, after, seat, move))
        return after


def tutorial_replay(
    engine: Engine, tutorial: Tutorial, answers: Sequence[Any], client: Callable[[Move], Move]
) -> TutorialPosition:
    """The position after ``answers`` (a client's moves, None for a read step), from the start;
    :class:`TutorialError` at the first answer that is not one its step accepts."""
    replay = Replay(engine, tutorial, client)
    for sent in answers:
        replay.answer(sent)
    return replay.position


def try_move(
    engine: Engine, position: TutorialPosition, sent: Move, client: Callable[[Move], Move]
) -> tuple[str, str]:
    """Why ``sent`` is not the current step's move: ``("illegal", rule code)`` when the engine
    refuses it, ``("other", "")`` for a legal move the step does not teach."""
    try:
        engine.play(position.state, position.seat, sent, chance_for("tutorial-try", 0))
    except IllegalMove as refusal:
        return "illegal", refusal.rule
    except (TypeError, ValueError, KeyError, AttributeError, IndexError):
        return "illegal", "invalid_move"  # not a move of this game at all
    return "other", ""


# -- checks -------------------------------------------------------------------------------------

_ANCHOR = re.compile(r"^regle-[a-z0-9-]+$")


def tutorial_problems(
    engine: Engine,
    tutorial: Tutorial,
    client: Callable[[Move], Move],
    anchors: frozenset[str] = frozenset(),
    refusals: Mapping[str, str] | None = None,
    max_paths: int = 256,
) -> list[str]:
    """Every way ``tutorial`` fails against ``engine``: a scripted move that is illegal, a claim
    that does not hold, a wrong move the engine accepts (or refuses by a rule the book does not
    explain), an unknown rule anchor. Every accepted move of each step is played (each
    combination while there are at most ``max_paths``, else each alternative on the scripted
    path), so that whatever the learner picks, the rest of the tutorial holds."""
    problems = tutorial_shape_problems(tutorial, anchors)
    if problems:
        return problems
    paths = _paths(engine, tutorial, client, max_paths, problems)
    for path in paths:
        replay = Replay(engine, tutorial, client)
        for index, choice in enumerate(path):
            where = f"step {index + 1}"
            step = tutorial.steps[index]
            position = replay.position
            legal = engine.legal_moves(replay.state, position.seat) if not step.reading else []
            for wrong in step.wrong:
                kind, code = try_move(engine, position, wrong, client)
                if kind != "illegal":
                    problems.append(f"{where}: wrong move {wrong} is legal")
                elif refusals is not None and code not in refusals:
                    problems.append(f"{where}: wrong move {wrong} breaks {code!r}, not in the book")
            if not step.reading:
                offered = accepted_moves(engine, step, replay.state, position.seat)
                illegal = [m for m in offered if not any(same_json(m, o) for o in legal)]
                if illegal:
                    return [*problems, *(f"{where}: move {m} is not legal there" for m in illegal)]
            before = replay.state
            try:
                replay.answer(None if step.reading else client(choice))
            except (IllegalMove, TutorialError) as error:
                problems.append(f"{where}: {error}")
                return problems
            if step.check is not None and not step.check(engine, before, replay.after):
                problems.append(f"{where}: its claim does not hold after {choice}")
        if engine.outcome(replay.state) is not None and not replay.position.last:
            problems.append("the game ends before the tutorial's last step")
    return list(dict.fromkeys(problems))  # each once, though several paths meet it


def _paths(engine, tutorial, client, max_paths, problems) -> list[list[Move | None]]:
    """The answers to replay: every way through the tutorial (each accepted move of each step,
    in the position the earlier choices made), at most ``max_paths`` of them: past that, the
    later branches follow each step's first accepted move."""
    paths: list[list[Move | None]] = []

    def walk(prefix: list[Move | None]) -> None:
        replay = Replay(engine, tutorial, client)
        try:
            for sent in prefix:
                replay.answer(sent)
        except (IllegalMove, TutorialError) as error:
            problems.append(f"step {replay.index + 1}: {error}")
            return
        position = replay.position
        if position.last:
            paths.append(prefix)
            return
        if position.step.reading:
            return walk([*prefix, None])
        options = accepted_moves(engine, position.step, replay.state, position.seat)
        if not options:
            problems.append(f"step {position.index + 1}: no move to accept")
            return
        for rank, option in enumerate(options):
            if rank and len(paths) + rank >= max_paths:
                break
            walk([*prefix, client(option)])

    walk([])
    return paths


def tutorial_shape_problems(tutorial: Any, anchors: frozenset[str] = frozenset()) -> list[str]:
    """What is wrong with a tutorial's shape, without playing it (the contract's check at
    start-up): its type, its length, a last step that is not read, empty texts, unknown rules."""
    problems = []
    if not isinstance(tutorial, Tutorial):
        return ["TUTORIAL is not a play.games.tutorial.Tutorial"]
    if not 2 <= len(tutorial.steps) <= MAX_STEPS:
        problems.append(f"a tutorial has 2 to {MAX_STEPS} steps")
    elif not tutorial.steps[-1].reading:
        problems.append("the last step is read (it offers « Jouer une vraie partie »)")
    for index, step in enumerate(tutorial.steps, start=1):
        if not str(step.text).strip():
            problems.append(f"step {index}: no text")
        if step.rule and (not _ANCHOR.match(step.rule) or (anchors and step.rule not in anchors)):
            problems.append(f"step {index}: rule {step.rule!r} is not an anchor of the book")
        if step.reading and step.wrong:
            problems.append(f"step {index}: a read step has no wrong moves")
        if index == len(tutorial.steps) and step.replies:
            problems.append(f"step {index}: the last step has no replies")
    return problems
