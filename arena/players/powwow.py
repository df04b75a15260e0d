"""Pow Wow's arena players: an oracle that sees every card (an arena plug-in).

    python -m arena powwow --oracle --players oracle,intermediate --seats 3 --games 40

``--oracle`` adds ``oracle``: the intermediate level's search (same iterations, playouts and
evaluation) run on the true deal instead of redeals of the cards it cannot see. It measures how
much the hidden cards are worth to a searching player: the most a better belief about who holds
which card could bring to that search. It also adds ``strongOracle``, the strong level's search
(its iterations and clock) on the true deal: the most any belief could bring to that level. For
benches only, never a level.

``--intermediate-iterations 60,120`` adds ``int60`` and ``int120``: the intermediate level with
that many iterations instead of its own (same playouts and uniform redeals, no clock), to measure
how far apart the levels' budgets must be. ``--strong-temperatures 8`` adds ``strongT8``: the
strong level with the race temperature of :mod:`play.games.powwow.bots` set to 8 while it chooses
(its evaluation, its playouts and its heuristic moves), to measure a refit evaluation.
``--strong-explorations 0.3`` adds ``strongC0.3``: the strong level with that UCT exploration
constant instead of the search's default, to measure whether its visits separate moves whose values
differ little; ``--strong-depths 11`` adds ``strongD11``, its playouts cut after 11 plies instead
of 8 (a round at five players). ``--no-draw-share`` adds ``intNoShare`` and ``strongNoShare``:
those levels valuing a win of a neutral card (two players, nobody wins) at nothing instead of half
a win, as they did before December 2026.
"""

from __future__ import annotations

import random


def add_arguments(parser) -> None:
    parser.add_argument(
        "--oracle", action="store_true", help="add the 'oracle' player (sees every card)"
    )
    parser.add_argument(
        "--intermediate-iterations",
        default="",
        help="comma-separated budgets: adds 'int<N>', intermediate with N iterations",
    )
    parser.add_argument(
        "--strong-temperatures",
        default="",
        help="comma-separated temperatures: adds 'strongT<T>', strong with that race temperature",
    )
    parser.add_argument(
        "--strong-explorations",
        default="",
        help="comma-separated constants: adds 'strongC<C>', strong with that UCT exploration",
    )
    parser.add_argument(
        "--strong-depths",
        default="",
        help="comma-separated plies: adds 'strongD<N>', strong with playouts cut after N plies",
    )
    parser.add_argument(
        "--no-draw-share",
        action="store_true",
        help="add 'intNoShare' and 'strongNoShare': a neutral card's win worth nothing to them",
    )


def extra_players(args) -> list:
    seconds = getattr(args, "max_seconds", 2.0)
    players: list = []
    if getattr(args, "oracle", False):
        players += [oracle("intermediate"), oracle("strong", seconds)]
    players += [budgeted(int(n)) for n in _listed(args, "intermediate_iterations")]
    players += [Tempered(float(t), seconds) for t in _listed(args, "strong_temperatures")]
    players += [
        Search(f"strongC{c}", "strong", seconds=seconds, exploration=float(c))
        for c in _listed(args, "strong_explorations")
    ]
    players += [
        Search(f"strongD{d}", "strong", seconds=seconds, playout_depth=int(d))
        for d in _listed(args, "strong_depths")
    ]
    if getattr(args, "no_draw_share", False):
        players += [NoShare("intermediate", seconds), NoShare("strong", seconds)]
    return players


def _listed(args, name: str) -> list[str]:
    """The items of a comma-separated option (none if absent or empty)."""
    return [item.strip() for item in (getattr(args, name, "") or "").split(",") if item.strip()]


def _true_deal(state, seat, rng):
    """The determinisation hook of a player that knows every card: the position itself."""
    return state.clone()


class Search:
    """A level's search with another iteration budget (``iterations``: no clock) or some of its
    attributes replaced (``_determinize``: how it draws the worlds it searches, ``exploration``:
    the UCT constant, ``playout_depth``: plies before the evaluation)."""

    def __init__(
        self,
        name: str,
        level: str,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        **attributes,
    ):
        self.name, self.level, self.iterations, self.seconds = name, level, iterations, seconds
        self.attributes = attributes

    def choose(self, state, seat, rng: random.Random):
        from play.games.powwow.bots import ENGINE, make_search

        moves = ENGINE.legal_moves(state, seat)
        if len(moves) == 1:
            return moves[0]
        bot = make_search(
            self.level, seed=rng.getrandbits(32), seconds=self.seconds, iterations=self.iterations
        )
        for name, value in self.attributes.items():
            setattr(bot, name, value)
        return bot.choose(state, seat)


def oracle(level: str, seconds: float | None = None) -> Search:
    """``level``'s search on the true deal (``oracle`` for intermediate, ``strongOracle`` for
    strong), its worlds keeping no record as the level's own do."""
    from play.games.powwow.bots import unrecorded

    name = "oracle" if level == "intermediate" else f"{level}Oracle"
    return Search(name, level, seconds=seconds, _determinize=unrecorded(_true_deal))


def budgeted(iterations: int) -> Search:
    return Search(f"int{iterations}", "intermediate", iterations=iterations)


class Tempered:
    """The strong level with ``RACE_TEMPERATURE`` set to ``t`` while it chooses (the module's
    constant, put back after each move: players of one arena worker move one at a time)."""

    def __init__(self, t: float, seconds: float):
        self.t, self.seconds, self.name = t, seconds, f"strongT{t:g}"

    def choose(self, state, seat, rng: random.Random):
        from play.games.powwow import bots

        old = bots.RACE_TEMPERATURE
        bots.RACE_TEMPERATURE = self.t
        try:
            return bots.bot_move(state, seat, level="strong", rng=rng, seconds=self.seconds)
        finally:
            bots.RACE_TEMPERATURE = old


class NoShare:
    """``level`` with ``DRAW_SHARE`` at 0 and a search that scores nobody winning as a loss,
    while it chooses (module globals, put back after each move)."""

    def __init__(self, level: str, seconds: float):
        self.level, self.seconds = level, seconds
        self.name = {"intermediate": "intNoShare", "strong": "strongNoShare"}[level]

    def choose(self, state, seat, rng: random.Random):
        from play.bots import mcts
        from play.games.powwow import bots

        shared, values = bots.DRAW_SHARE, mcts.outcome_values

        def nobody_is_a_loss(outcome, seats):
            if not outcome.winners and not outcome.draw:
                return [0.0] * seats
            return values(outcome, seats)

        bots.DRAW_SHARE, mcts.outcome_values = 0.0, nobody_is_a_loss
        try:
            return bots.bot_move(state, seat, level=self.level, rng=rng, seconds=self.seconds)
        finally:
            bots.DRAW_SHARE, mcts.outcome_values = shared, values
