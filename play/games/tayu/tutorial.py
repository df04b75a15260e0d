"""Ta Yü's guided first game (« Apprendre à jouer »): the learner holds North and South against a
scripted West-East opponent, one rule a step (:mod:`play.games.tutorial`).

The supply is scripted: the steps are written while a :class:`_Script` plays the tutorial's own
path, and every arrangement (the order of the face-down tiles, a tile handed to the learner, a
jump to later in the game) is the state that path reaches, with its chance set. Where a step lets
the learner draw from either column, both front tiles are the same kind, and the next step deals
the supply again: whichever the learner took, the rest of the tutorial is the same.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from play.games.tutorial import ANY, Tutorial, TutorialStep

from .engine import TaYuEngine
from .state import COLUMNS, STACK_HEIGHT, STACKS_PER_COLUMN
from .tiles import CENTRE, COPIES, EMPTY, KINDS, padded

ENGINE = TaYuEngine()
LEARNER, COMPUTER = 0, 1  # North-South, West-East


def kind(*openings: int) -> int:
    """A tile kind by its openings (points numbered as in :mod:`play.games.tayu.tiles`)."""
    return KINDS.index(tuple(openings))


# The kinds the script deals (points as in :mod:`tiles`: 0-2 on the top side, 3 the right end, 4-6
# on the bottom side, 7 the left end). A ring on the back: openings on three sides.
THROUGH = kind(1, 3, 7)  # ring: both ends and the middle of a side (a channel with a branch)
THROUGH_RIGHT = kind(2, 3, 7)  # ring: both ends and the side square by the right end
THROUGH_LEFT = kind(0, 3, 7)  # ring: both ends and the side square by the left end
END_AND_TWO = kind(1, 2, 7)  # the left end and two squares of a side
FORK = kind(0, 2, 5)  # the outer squares of one side, the middle of the other
PLAIN = kind(0, 1, 4)  # no ring: what column 1 shows when column 2 shows a ring
STAIR = kind(1, 2, 6)  # no ring: the computer's channel turning towards the East
CROSSED = kind(0, 5, 6)  # no ring: the computer's channel reaching the East
SPARE = kind(0, 1, 7)  # no ring: the tile placed for nothing
CLOSED_SIDE = kind(0, 1, 2)  # three openings on one side: the tile that fits nowhere at the end


def place(row: int, col: int, rotation: int) -> dict[str, Any]:
    return {"type": "place", "tile": 0, "row": row, "col": col, "rotation": rotation}


def draw(column: int) -> dict[str, Any]:
    return {"type": "draw", "stack": column}


class _Script:
    """The tutorial's own game, played while its steps are written (seeded, so the same every
    time): it deals the supply so that each draw brings the tile the next rule needs."""

    def __init__(self):
        self.state = ENGINE.new_game(seats=2, options={}, rng=random.Random("tayu-tutorial"))
        self.start = ENGINE.to_dict(self.state)

    def deal(self, first: Sequence[int], second: Sequence[int] = ()) -> dict[str, Any]:
        """The supply dealt again: column 1 yields ``first`` then the rest, column 2 ``second``;
        returns the arrangement (a ``to_dict`` change)."""
        data = ENGINE.to_dict(self.state)
        data["supply"] = _supply(data, first, second)
        self.state = ENGINE.from_dict(data)
        return {"supply": data["supply"]}

    def hand(self, tile: int, *then: int) -> dict[str, Any]:
        """The learner has drawn ``tile`` (from column 1, the computer's next ones under it)."""
        self.deal((tile, *then))
        self.play(LEARNER, draw(0))
        data = ENGINE.to_dict(self.state)
        return {key: data[key] for key in ("supply", "held", "phase", "to_move", "last")}

    def jump(self, tiles: Sequence[tuple[int, int, int, int, int]]) -> dict[str, Any]:
        """Later in the game: ``tiles`` (kind, row, col, rotation, seat) laid after those on the
        board, the learner to draw, the supply dealt again."""
        data = ENGINE.to_dict(self.state)
        data["tiles"] += [
            {"kind": k, "row": r, "col": c, "rotation": q, "seat": s} for k, r, c, q, s in tiles
        ]
        data.update(phase="draw", to_move=LEARNER, last=None, held=[[], []])
        data["supply"] = _supply(data, (), ())
        self.state = ENGINE.from_dict(data)
        return {key: data[key] for key in ("tiles", "supply", "held", "phase", "to_move", "last")}

    def play(self, seat: int, move: dict[str, Any]) -> None:
        self.state = ENGINE.play(self.state, seat, move, random.Random(0))

    def step(self, moves: Sequence[dict[str, Any]], replies=()) -> tuple[Any, tuple]:
        """Play the step's first accepted move and the replies; hand them back for the step."""
        self.play(LEARNER, moves[0])
        for seat, move in replies:
            self.play(seat, move)
        return tuple(moves), tuple(replies)


def _supply(data: dict, first: Sequence[int], second: Sequence[int]) -> list:
    """The supply's tiles (every kind 4 times, less those on the board and in hand) in two
    columns (of the heights the state has, unless a jump laid tiles), ``first`` and ``second``
    drawn first."""
    left = Counter({k: COPIES for k in range(len(KINDS))})
    left.subtract(entry["kind"] for entry in data["tiles"])
    left.subtract(k for hand in data["held"] for k in hand)
    left.subtract([*first, *second])
    if any(count < 0 for count in left.values()):
        raise ValueError("the script uses a kind more than 4 times")
    rest = sorted(left.elements())
    random.Random("tayu-tutorial-supply").shuffle(rest)
    total = len(rest) + len(first) + len(second)
    heights = [sum(map(len, column)) for column in data["supply"]]
    if sum(heights) != total:  # a jump: the tiles left, half in each column
        heights = [(total + 1) // 2, total // 2]
    order = [[*first], [*second]]
    for column in range(COLUMNS):
        while len(order[column]) < heights[column]:
            order[column].append(rest.pop())
    return [_stacks(order[column]) for column in range(COLUMNS)]


def _stacks(drawn_first: list[int]) -> list[list[int]]:
    """A column whose front tops yield ``drawn_first`` in order: empty stacks in front, then a
    partial one, then full ones (each listed bottom to top)."""
    count = -(-len(drawn_first) // STACK_HEIGHT)  # the stacks it fills
    front = len(drawn_first) - STACK_HEIGHT * (count - 1)
    cuts = [0, front, *range(front + STACK_HEIGHT, len(drawn_first) + 1, STACK_HEIGHT)]
    stacks = [drawn_first[a:b][::-1] for a, b in zip(cuts, cuts[1:], strict=False)]
    return [[] for _ in range(STACKS_PER_COLUMN - len(stacks))] + stacks


# -- the claims -----------------------------------------------------------------------------------


def _edges(state: Any) -> dict[str, int]:
    return ENGINE.view(state, None)["edge_scores"]


def _north_gains(points: int):
    return lambda engine, before, after: _edges(after)["N"] == _edges(before)["N"] + points


def _product(state: Any) -> int:
    return ENGINE.view(state, None)["products"][LEARNER]


# -- the steps ------------------------------------------------------------------------------------


def _build() -> tuple[tuple[TutorialStep, ...], _Script]:
    """The steps, written while the script plays them: the first tiles, the channels, the edges
    and their points, the end."""
    script = _Script()
    steps = [*_first_tiles(script), *_channels(script), *_edges_and_points(script)]
    return (*steps, *_the_end(script)), script


def _first_tiles(script: _Script) -> list[TutorialStep]:
    """The goal, a draw, the first tile on the centre, the computer's turn."""
    steps: list[TutorialStep] = []
    add = steps.append
    add(
        TutorialStep(
            gettext_lazy(
                "Dans Ta Yü, chaque pierre porte un morceau de rivière : un canal. Vous gagnez "
                "des points quand vos canaux touchent vos deux rives, le Nord et le Sud ; "
                "l'ordinateur vise l'Ouest et l'Est."
            ),
            rule="regle-tayu-but-du-jeu",
        )
    )
    arrange = script.deal((THROUGH,), (THROUGH,))
    script.play(LEARNER, draw(0))
    add(
        TutorialStep(
            gettext_lazy(
                "À chaque tour, on prend d'abord une pierre du talon, sous le plateau. Touchez "
                "« Prendre dans la colonne 1 »."
            ),
            moves=ANY,
            arrange=arrange,
            rule="regle-tayu-prendre-une-pierre",
        )
    )
    arrange = script.deal((THROUGH_RIGHT, THROUGH), (THROUGH,))
    moves, replies = script.step(
        [place(9, 9, 1)], [(COMPUTER, draw(0)), (COMPUTER, place(10, 10, 0))]
    )
    add(
        TutorialStep(
            gettext_lazy(
                "La première pierre doit couvrir la case centrale, marquée d'un rond. Touchez une "
                "case en surbrillance pour voir la pierre, puis touchez-la encore pour la poser."
            ),
            moves=moves,
            replies=replies,
            arrange=arrange,
            check=lambda engine, before, after: after.board[padded(*CENTRE)] != EMPTY,
            rule="regle-tayu-case-centrale",
        )
    )
    script.play(LEARNER, draw(0))
    add(
        TutorialStep(
            gettext_lazy(
                "L'ordinateur a joué à son tour : il a pris une pierre et l'a posée contre la "
                "vôtre. À vous : prenez une pierre."
            ),
            moves=ANY,
            rule="regle-tayu-tour-de-role",
        )
    )
    return steps


def _channels(script: _Script) -> list[TutorialStep]:
    """Open against open (a dead end to try), the ring on the supply, extending a channel."""
    steps: list[TutorialStep] = []
    add = steps.append
    arrange = script.deal((THROUGH_LEFT, PLAIN), (THROUGH_RIGHT,))
    moves, replies = script.step(
        [place(6, 9, 1)], [(COMPUTER, draw(0)), (COMPUTER, place(10, 13, 0))]
    )
    add(
        TutorialStep(
            gettext_lazy(
                "Chaque pierre continue les canaux : une ouverture contre une ouverture, jamais "
                "contre un côté fermé. Touchez « Tourner » pour mettre la pierre debout, puis "
                "posez-la au-dessus de la première."
            ),
            moves=moves,
            wrong=(place(8, 8, 0),),
            replies=replies,
            arrange=arrange,
            rule="regle-tayu-canaux-ouverts",
        )
    )
    script.play(LEARNER, draw(1))
    add(
        TutorialStep(
            gettext_lazy(
                "Le dos des pierres de devant se voit : un anneau annonce une pierre ouverte sur "
                "trois côtés. Prenez la pierre à anneau, dans la colonne 2."
            ),
            moves=(draw(1),),
            hint=gettext_lazy("Ici, prenez la pierre à anneau : « Prendre dans la colonne 2 »."),
            rule="regle-tayu-choix-dans-le-talon",
        )
    )
    moves, replies = script.step(
        [place(3, 9, 3)], [(COMPUTER, draw(0)), (COMPUTER, place(8, 16, 1))]
    )
    add(
        TutorialStep(
            gettext_lazy(
                "Chaque pierre doit prolonger au moins un canal. Posez celle-ci au bout de votre "
                "canal, vers le Nord."
            ),
            moves=moves,
            replies=replies,
            rule="regle-tayu-prolonger-un-canal",
        )
    )
    return steps


def _edges_and_points(script: _Script) -> list[TutorialStep]:
    """The edge (a tile past it to try), a blue mark and plain points, the multiplication."""
    steps: list[TutorialStep] = []
    add = steps.append
    arrange = script.hand(THROUGH_LEFT, THROUGH)
    moves, replies = script.step(
        [place(0, 9, 1)], [(COMPUTER, draw(0)), (COMPUTER, place(3, 6, 0))]
    )
    add(
        TutorialStep(
            gettext_lazy(
                "Votre pierre suivante est déjà prise. Posez-la tout contre le bord nord, sans "
                "dépasser : les côtés du plateau ne peuvent être dépassés."
            ),
            moves=moves,
            wrong=(place(-1, 9, 1),),
            replies=replies,
            arrange=arrange,
            check=_north_gains(2),
            rule="regle-tayu-bords-du-plateau",
        )
    )
    arrange = script.hand(END_AND_TWO, THROUGH_LEFT)
    moves, replies = script.step(
        [place(0, 10, 0)], [(COMPUTER, draw(0)), (COMPUTER, place(3, 3, 2))]
    )
    add(
        TutorialStep(
            gettext_lazy(
                "Votre canal touche le Nord sur une marque bleue : 2 points. Ailleurs sur le bord, "
                "un canal vaut 1 point : posez cette pierre à sa droite pour en gagner 2 de plus."
            ),
            moves=moves,
            replies=replies,
            arrange=arrange,
            check=_north_gains(2),
            rule="regle-tayu-points-par-canal",
        )
    )
    arrange = script.jump(
        [
            (THROUGH, 12, 9, 3, LEARNER),
            (THROUGH_RIGHT, 3, 0, 0, COMPUTER),
            (THROUGH_RIGHT, 15, 9, 1, LEARNER),
            (STAIR, 9, 17, 1, COMPUTER),
        ]
    )
    arrange.update(script.hand(FORK, CROSSED))
    before = script.state
    moves, replies = script.step(
        [place(18, 8, 2)], [(COMPUTER, draw(0)), (COMPUTER, place(11, 18, 1))]
    )
    add(
        TutorialStep(
            format_lazy(
                gettext_lazy(
                    "Quelques tours plus tard, comptons : on multiplie les points de vos deux "
                    "rives, Nord {north} × Sud {south} = {product} ! Posez cette pierre contre le "
                    "bord sud pour que votre Sud compte aussi."
                ),
                north=_edges(before)["N"],
                south=_edges(before)["S"],
                product=_product(before),
            ),
            moves=moves,
            replies=replies,
            arrange=arrange,
            check=lambda engine, before, after: _product(before) == 0 < _product(after),
            rule="regle-tayu-multiplication",
        )
    )
    return steps


def _the_end(script: _Script) -> list[TutorialStep]:
    """A tile placed for nothing, the tile that fits nowhere, the count, the variants."""
    steps: list[TutorialStep] = []
    add = steps.append
    # Any of these: each scores nothing, and leaves the computer's next tile its place and the
    # last tile none (the one placement of this kind that would not is left out).
    arrange = script.hand(SPARE, FORK)
    moves = [
        place(*where)
        for where in (
            (7, 10, 0), (0, 2, 3), (0, 7, 3), (4, 5, 1), (7, 12, 3), (7, 13, 3), (12, 15, 2),
            (13, 6, 2), (17, 10, 0),
        )
    ]  # fmt: skip
    moves, replies = script.step(moves, [(COMPUTER, draw(0)), (COMPUTER, place(8, 18, 3))])
    add(
        TutorialStep(
            gettext_lazy(
                "Une pierre prise doit toujours être posée, même quand elle ne vous rapporte "
                "rien. Posez celle-ci sur une case en surbrillance : « Tourner » la fait pivoter."
            ),
            moves=moves,
            wrong=(draw(0),),
            replies=replies,
            arrange=arrange,
            check=lambda engine, before, after: (
                _edges(after)["N"] == _edges(before)["N"]
                and _edges(after)["S"] == _edges(before)["S"]
            ),
            rule="regle-tayu-pierre-a-poser",
        )
    )
    arrange = script.deal((CLOSED_SIDE,), (CLOSED_SIDE,))
    script.play(LEARNER, draw(0))
    end = script.state
    add(
        TutorialStep(
            gettext_lazy(
                "La partie s'arrête quand la pierre prise ne peut être posée nulle part, ou quand "
                "le talon est vide. Prenez une pierre."
            ),
            moves=ANY,
            arrange=arrange,
            check=lambda engine, before, after: (
                engine.outcome(after) is not None and engine.view(after, None)["end"] == "blocked"
            ),
            rule="regle-tayu-fin-de-partie",
        )
    )
    scores, products = _edges(end), ENGINE.view(end, None)["products"]
    add(
        TutorialStep(
            format_lazy(
                gettext_lazy(
                    "Cette pierre ne se pose nulle part : fin de la partie ! Vous avez Nord "
                    "{north} × Sud {south} = {mine}, l'ordinateur Ouest {west} × Est {east} = "
                    "{theirs} : le plus grand produit gagne, bravo !"
                ),
                north=scores["N"],
                south=scores["S"],
                mine=products[LEARNER],
                west=scores["W"],
                east=scores["E"],
                theirs=products[COMPUTER],
            ),
            rule="regle-tayu-egalite",
        )
    )
    add(
        TutorialStep(
            gettext_lazy(
                "Il existe des variantes : à trois avec un gêneur choisi aux enchères, à quatre "
                "par équipes, la règle des deux pierres, ou la pierre la plus proche et la plus "
                "haute du talon. À vous : touchez « Jouer une vraie partie »."
            ),
            rule="regle-tayu-encheres-du-geneur",  # the first of the variants
        )
    )
    return steps


STEPS, _SCRIPT = _build()

TUTORIAL = Tutorial(
    seats=2,
    learner=LEARNER,
    steps=STEPS,
    state=_SCRIPT.start,
    chance_note=gettext_lazy(
        "Dans ce tutoriel, les pierres du talon sont rangées d'avance, pour que chaque règle "
        "arrive à son tour."
    ),
    play_options={"players": 2, "seat_1": "bot:beginner"},
)
