"""Pow Wow's arena players: an oracle that sees every card (bench/arena.py plug-in).

    python bench/arena.py powwow --oracle --players oracle,intermediate --seats 3 --games 40

``--oracle`` adds ``oracle``: the intermediate level's search (same iterations, playouts and
evaluation) run on the true deal instead of redeals of the cards it cannot see. It measures how
much the hidden cards are worth to a searching player: the most a better belief about who holds
which card could bring to that search. For benches only, never a level.
"""

from __future__ import annotations

import random


def add_arguments(parser) -> None:
    parser.add_argument(
        "--oracle", action="store_true", help="add the 'oracle' player (sees every card)"
    )


def extra_players(args) -> list:
    return [Oracle()] if getattr(args, "oracle", False) else []


def _true_deal(state, seat, rng):
    """The determinisation hook of a player that knows every card: the position itself."""
    return state.clone()


class Oracle:
    name = "oracle"

    def choose(self, state, seat, rng: random.Random):
        from play.games.powwow.bots import ENGINE, make_search

        moves = ENGINE.legal_moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        bot = make_search("intermediate", seed=rng.getrandbits(32))
        bot._determinize = _true_deal
        return bot.choose(state, seat)
