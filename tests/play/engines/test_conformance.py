"""The engine contract (play/engines/base.py), checked on seeded random games of every engine.

For each registered game package, random games are played for every seat count and option preset the
engine's ``EngineInfo`` describes (the defaults, then each listed choice of each option one at a
time; presets the engine refuses with ``InvalidOptions`` are skipped). At every move (every
``SPARSE_STRIDE``-th one after the first ``DENSE_PLIES`` of a long game) the suite checks that
the state serialises to JSON and back unchanged, that views are JSON, that ``play`` leaves its
input untouched, that illegal moves (a move not in ``legal_moves``, a move by a seat that is not
asked to act, a malformed move) raise :class:`IllegalMove` and change nothing; and at the end
that the game replays identically from its seed and move list (``chance_for``), ended within the
engine's bound (``engine.max_plies`` if it has one, else ``DEFAULT_MAX_PLIES``), and that its
outcome agrees with ``to_act``.

Hidden information: an engine with ``info.hidden_information`` must provide
``redeal_hidden(state, seat, rng) -> state``: a state the seat cannot tell apart from ``state``
(same public facts, same secrets of ``seat``) with every other secret drawn again at random
(``seat=None``: every secret). The suite then checks ``view(state, seat) ==
view(redeal_hidden(state, seat, rng), seat)``: a view that changed when only other seats' secrets
changed leaks them. This is sound for any engine (no need to know what its secrets look like) and
the hook is what determinising bots need anyway. Perfect-information engines are not checked.

Size: ``CONFORMANCE_GAMES`` games per engine (default 24, a few seconds per engine); ask for
thousands with e.g. ``CONFORMANCE_GAMES=2000 pytest tests/play/engines/test_conformance.py``.
Every registered game package is checked.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from play.engines.base import (
    Engine,
    EngineInfo,
    IllegalMove,
    InvalidOptions,
    InvalidState,
    Outcome,
    chance_for,
)
from play.games.registry import games, get_engine

GAMES = int(os.environ.get("CONFORMANCE_GAMES", "24"))
DEFAULT_MAX_PLIES = 100_000
DENSE_PLIES = 150  # every move of a game's start is checked in full …
SPARSE_STRIDE = 7  # … then every 7th (long games, e.g. Alcatraz's 1000-turn limit)
GARBAGE_MOVES = [None, "pass", 42, [], {"__conformance__": True}]


def engine_slugs() -> list[str]:
    return sorted(games())


def presets(engine) -> list[tuple[int, dict]]:
    """(seats, options) pairs: defaults for each seat count, then one option choice at a time
    (with the seat counts taken in turn, skipping those the engine refuses for that choice)."""
    info = engine.info
    counts = list(range(info.min_seats, info.max_seats + 1))
    out = [(seats, {}) for seats in counts]
    for spec in info.options:
        for choice in spec.choices or ():
            if choice == spec.default:
                continue
            options = {spec.name: choice}
            turn = len(out) % len(counts)
            for seats in counts[turn:] + counts[:turn]:
                try:
                    engine.new_game(seats=seats, options=options, rng=chance_for("probe", 0))
                except InvalidOptions:
                    continue
                out.append((seats, options))
                break
    return out


def dump(data) -> str:
    return json.dumps(data, sort_keys=True, allow_nan=False)


@pytest.fixture(params=engine_slugs())
def engine(request):
    return get_engine(request.param)


def test_engine_declares_itself(engine):
    info = engine.info
    assert info.slug in engine_slugs() and get_engine(info.slug) is engine
    assert 1 <= info.min_seats <= info.max_seats
    names = [spec.name for spec in info.options]
    assert len(names) == len(set(names))
    for spec in info.options:
        assert spec.choices is None or spec.default in spec.choices or spec.default is None


def test_bad_seat_counts_are_refused(engine):
    for seats in (engine.info.min_seats - 1, engine.info.max_seats + 1):
        with pytest.raises(InvalidOptions):
            engine.new_game(seats=seats, options={}, rng=chance_for("bad", 0))


def test_garbage_states_are_refused(engine):
    for data in ({}, {"garbage": True}):
        with pytest.raises(InvalidState):
            engine.from_dict(data)


def test_random_games_keep_the_contract(engine):
    runnable = presets(engine)
    for seats in range(engine.info.min_seats, engine.info.max_seats + 1):
        assert (seats, {}) in runnable
    for i in range(GAMES):
        seats, options = runnable[i % len(runnable)]
        play_checked_game(engine, seats, options, seed=f"conformance/{engine.info.slug}/{i}")


def play_checked_game(engine, seats: int, options: dict, seed: str) -> None:
    where = f"{engine.info.slug} seats={seats} options={options} seed={seed}"
    pick = random.Random(seed)
    state = engine.new_game(seats=seats, options=options, rng=chance_for(seed, 0))
    history: list[tuple[int, dict, str]] = []
    seen_moves: list[dict] = []
    bound = getattr(engine, "max_plies", DEFAULT_MAX_PLIES)
    while engine.to_act(state):
        ply = len(history) + 1
        assert ply <= bound, f"{where}: no end after {bound} moves"
        assert engine.outcome(state) is None, where
        acting = engine.to_act(state)
        seat = pick.choice(acting)
        legal = engine.legal_moves(state, seat)
        assert legal, f"{where}: seat {seat} must act but has no legal move"
        full = ply <= DENSE_PLIES or ply % SPARSE_STRIDE == 0
        data = dump(engine.to_dict(state))
        if full:
            check_serialisation(engine, state, seats, where)
            assert all(0 <= s < seats for s in acting), where
            for s in range(seats):
                if s not in acting:
                    assert engine.legal_moves(state, s) == [], f"{where}: seat {s} may not act"
            dump(legal)
            check_illegal_moves(engine, state, seats, seat, legal, seen_moves, pick, data, where)
        move = pick.choice(legal)
        after = engine.play(state, seat, move, chance_for(seed, ply))
        assert dump(engine.to_dict(state)) == data, f"{where}: play mutated its input"
        history.append((seat, move, dump(engine.to_dict(after)) if full else None))
        seen_moves.append(move)
        state = after
    check_end(engine, state, seats, where)
    if history:
        history[-1] = (*history[-1][:2], dump(engine.to_dict(state)))
    replay(engine, seats, options, seed, history, where)


def check_serialisation(engine, state, seats: int, where: str) -> str:
    data = dump(engine.to_dict(state))
    rebuilt = engine.from_dict(json.loads(data))
    assert dump(engine.to_dict(rebuilt)) == data, f"{where}: to_dict/from_dict round trip"
    assert engine.to_act(rebuilt) == engine.to_act(state), where
    for seat in [None, *range(seats)]:
        dump(engine.view(state, seat))
    if engine.info.hidden_information:
        check_views_hide_secrets(engine, state, seats, where)
    return data


def check_views_hide_secrets(engine, state, seats: int, where: str) -> None:
    redeal = getattr(engine, "redeal_hidden", None)
    assert redeal is not None, (
        f"{where}: hidden-information engines provide redeal_hidden(state, seat, rng) so that"
        " views can be checked for leaks (see this module's docstring)"
    )
    for seat in [None, *range(seats)]:
        other = redeal(state, seat, random.Random(f"{where}/{seat}"))
        assert dump(engine.view(other, seat)) == dump(engine.view(state, seat)), (
            f"{where}: the view of seat {seat} changes with secrets it may not see"
        )


def check_illegal_moves(engine, state, seats, seat, legal, seen_moves, pick, data, where) -> None:
    def refused(s, move) -> None:
        with pytest.raises(IllegalMove) as error:
            engine.play(state, s, move, chance_for("illegal", 0))
        assert isinstance(error.value.rule, str) and error.value.rule, where
        assert dump(engine.to_dict(state)) == data, f"{where}: a refused move changed the state"

    idle = [s for s in range(seats) if s not in engine.to_act(state)]
    if idle:
        refused(pick.choice(idle), pick.choice(legal))
    stale = [m for m in seen_moves[-20:] if m not in legal]
    if stale:
        refused(seat, pick.choice(stale))
    garbage = pick.choice(GARBAGE_MOVES)
    if garbage not in legal:
        refused(seat, garbage)


def check_end(engine, state, seats: int, where: str) -> None:
    outcome = engine.outcome(state)
    assert isinstance(outcome, Outcome), f"{where}: nobody to act but no outcome"
    assert Outcome.from_dict(json.loads(dump(outcome.to_dict()))) == outcome, where
    placed = [s for group in outcome.ranking for s in group]
    assert sorted(placed) == list(range(seats)), f"{where}: ranking must place every seat once"
    assert set(outcome.winners) <= set(range(seats)), where
    assert outcome.winners == (outcome.ranking[0] if outcome.winners else ()), where
    assert not (outcome.draw and outcome.winners and len(outcome.ranking) > 1), where
    for seat in range(seats):
        assert engine.legal_moves(state, seat) == [], f"{where}: moves after the end"
    check_serialisation(engine, state, seats, where)


def replay(engine, seats: int, options: dict, seed: str, history, where: str) -> None:
    state = engine.new_game(seats=seats, options=options, rng=chance_for(seed, 0))
    for ply, (seat, move, expected) in enumerate(history, start=1):
        state = engine.play(state, seat, move, chance_for(seed, ply))
        if expected is not None:
            assert dump(engine.to_dict(state)) == expected, f"{where}: replay differs at move {ply}"


class _ToyCards(Engine):
    """Two seats each hold a secret number; only used to test the leak check itself."""

    info = EngineInfo("toy", "Toy cards", 2, 2, hidden_information=True)

    def __init__(self, leaky: bool):
        self.leaky = leaky

    def new_game(self, *, seats, options, rng):
        return {"cards": [rng.randrange(10**9) for _ in range(seats)]}

    def to_act(self, state):
        return ()

    def legal_moves(self, state, seat):
        return []

    def play(self, state, seat, move, rng):
        raise IllegalMove("game_over", "nothing to play")

    def outcome(self, state):
        return Outcome((), ((0, 1),), "toy", draw=True)

    def view(self, state, seat):
        mine = None if seat is None else state["cards"][seat]
        return {"mine": mine, "all": state["cards"]} if self.leaky else {"mine": mine}

    def to_dict(self, state):
        return {"cards": list(state["cards"])}

    def from_dict(self, data):
        return {"cards": list(data["cards"])}

    def redeal_hidden(self, state, seat, rng):
        cards = [c if s == seat else rng.randrange(10**9) for s, c in enumerate(state["cards"])]
        return {"cards": cards}


def test_leak_check_catches_a_leaky_view():
    state = _ToyCards(False).new_game(seats=2, options={}, rng=random.Random(1))
    check_views_hide_secrets(_ToyCards(False), state, 2, "honest toy")
    with pytest.raises(AssertionError, match="changes with secrets"):
        check_views_hide_secrets(_ToyCards(True), state, 2, "leaky toy")
