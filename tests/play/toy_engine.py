"""A tiny hidden-information game, to test the match layer where secrets exist.

Each of two seats is dealt a secret card (1–6) at the start. Both seats then bet at the same time
(a simultaneous decision) on the other's card; when both have bet, the cards are revealed; then
seat 0 claims the result (a move after a reveal, so undo has something not to cross) and whoever
guessed right wins (both or neither: a draw).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from play.engines.base import Engine, EngineInfo, IllegalMove, InvalidState, Outcome

CARDS = range(1, 7)


class GuessEngine(Engine[dict]):
    info = EngineInfo(
        slug="guess", title="Devine", min_seats=2, max_seats=2, hidden_information=True, chance=True
    )
    max_plies = 3  # two bets and a claim

    def new_game(self, *, seats, options, rng):
        return {"cards": [rng.choice(CARDS), rng.choice(CARDS)], "bets": [None, None]}

    def to_act(self, state):
        if state.get("claimed"):
            return ()
        if self._revealed(state):
            return (0,)
        return tuple(seat for seat in (0, 1) if state["bets"][seat] is None)

    def legal_moves(self, state, seat):
        if seat not in self.to_act(state):
            return []
        if self._revealed(state):
            return [{"claim": True}]
        return [{"bet": card} for card in CARDS]

    def play(self, state, seat, move, rng):
        if seat not in self.to_act(state):
            raise IllegalMove("not_your_turn", "this seat has already bet")
        if move not in self.legal_moves(state, seat):
            raise IllegalMove("bad_bet", "bet a card from 1 to 6")
        if "claim" in move:
            return {**self.to_dict(state), "claimed": True}
        bets = list(state["bets"])
        bets[seat] = move["bet"]
        return {"cards": list(state["cards"]), "bets": bets}

    def outcome(self, state):
        if not state.get("claimed"):
            return None
        right = [s for s in (0, 1) if state["bets"][s] == state["cards"][1 - s]]
        if len(right) == 1:
            return Outcome(
                winners=(right[0],), ranking=((right[0],), (1 - right[0],)), reason="guessed"
            )
        return Outcome(winners=(), ranking=((0, 1),), reason="tie", draw=True)

    def view(self, state, seat):
        revealed = self._revealed(state)
        return {
            "cards": [c if revealed or s == seat else None for s, c in enumerate(state["cards"])],
            "bets": [
                b if revealed or s == seat else (b is not None) for s, b in enumerate(state["bets"])
            ],
        }

    def to_dict(self, state):
        return {
            "cards": list(state["cards"]),
            "bets": list(state["bets"]),
            "claimed": bool(state.get("claimed")),
        }

    def from_dict(self, data: Mapping[str, Any]):
        if len(data.get("cards", [])) != 2:
            raise InvalidState("two cards")
        return {
            "cards": list(data["cards"]),
            "bets": list(data["bets"]),
            "claimed": bool(data.get("claimed")),
        }

    def reveals(self, before, after):
        return self._revealed(after) and not self._revealed(before)

    def redeal_hidden(self, state, seat, rng):
        cards = list(state["cards"])
        if not self._revealed(state):
            cards[1 - seat] = rng.choice(CARDS)
        return {"cards": cards, "bets": list(state["bets"]), "claimed": bool(state.get("claimed"))}

    def describe(self, state, seat, move):
        return "claimed" if "claim" in move else "a bet is placed"  # never the bet's value

    @staticmethod
    def _revealed(state):
        return None not in state["bets"]
