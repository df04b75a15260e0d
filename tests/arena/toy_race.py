"""A toy race for the arena's tests: 2 to 4 seats take turns to advance 1 to 3 steps; the first to
reach the goal wins, the others rank by distance covered (ties share a place). A game package of
its own (``GAME``), plugged in by module path, so the arena sees it as it would any game."""

from __future__ import annotations

from play.engines.base import Engine, EngineInfo, IllegalMove, InvalidState, Outcome
from play.games.base import GamePackage

GOAL = 10
STEPS = (1, 2, 3)


class RaceEngine(Engine[dict]):
    info = EngineInfo(slug="race", title="Course", min_seats=2, max_seats=4, chance=False)

    def new_game(self, *, seats, options, rng):
        return {"seats": seats, "at": [0] * seats, "to_move": 0}

    def to_act(self, state):
        return () if max(state["at"]) >= GOAL else (state["to_move"],)

    def legal_moves(self, state, seat):
        return [{"step": s} for s in STEPS] if seat in self.to_act(state) else []

    def play(self, state, seat, move, rng):
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("bad_step", "advance 1 to 3 steps on your turn")
        at = list(state["at"])
        at[seat] += move["step"]
        return {"seats": state["seats"], "at": at, "to_move": (seat + 1) % state["seats"]}

    def outcome(self, state):
        if self.to_act(state):
            return None
        at = state["at"]
        levels = sorted(set(at), reverse=True)
        ranking = tuple(tuple(s for s in range(len(at)) if at[s] == v) for v in levels)
        return Outcome(winners=ranking[0], ranking=ranking, reason="goal")

    def view(self, state, seat):
        return self.to_dict(state)

    def to_dict(self, state):
        return {"seats": state["seats"], "at": list(state["at"]), "to_move": state["to_move"]}

    def from_dict(self, data):
        if len(data.get("at", [])) != data.get("seats"):
            raise InvalidState("one position per seat")
        return self.to_dict(data)


class RaceGame(GamePackage):
    slug = "race"
    engine_path = "tests.arena.toy_race:RaceEngine"
    bot_levels = ("beginner", "strong")

    def evaluate(self, state):
        at = state["at"]
        return [min(1.0, a / GOAL) for a in at]

    def gain(self, before, after, seat):
        return after["at"][seat] - before["at"][seat]

    def bot_move(self, state, seat, *, level, rng, seconds):
        if level == "strong":
            return {"step": 3}
        return {"step": rng.choice(STEPS)}


GAME = RaceGame()
