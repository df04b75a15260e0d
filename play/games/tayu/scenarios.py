"""The record's examples as scenarios: start positions and moves, with the record's own words."""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext_lazy

from play.games.base import Scenario, ScenarioStep

from .engine import TaYuEngine
from .moves import placements
from .tiles import KINDS

ENGINE = TaYuEngine()
STRAIGHT = KINDS.index((1, 3, 7))  # both ends and one side: a straight channel with a branch
CORNER_STRAIGHT = KINDS.index((0, 3, 7))  # both ends and the side next to one end
TWO_TOPS_AND_END = KINDS.index((0, 2, 7))
# The 6 x 0 example: a channel from the centre straight up to the North edge, then along it.
NORTH_RUN = (
    (STRAIGHT, 9, 9, 1),  # covers the centre; open north and south
    (STRAIGHT, 6, 9, 1),
    (STRAIGHT, 3, 9, 1),
    (CORNER_STRAIGHT, 0, 9, 1),  # opens on North's marked position 9 (2) and east
    (STRAIGHT, 0, 10, 0),  # North position 11 (1)
    (TWO_TOPS_AND_END, 0, 13, 0),  # North positions 13 (1) and 15, marked (2): North has 6
)


def arranged_start(seats: int, kinds: list[int], options: dict | None = None) -> dict[str, Any]:
    """A normal start whose supply column 0 yields ``kinds`` first, in order (copies swapped in
    from elsewhere in the supply, so that every kind is still there four times)."""
    state = ENGINE.new_game(seats=seats, options=options or {}, rng=random.Random("scenario"))
    data = ENGINE.to_dict(state)
    slots = [(0, s, i) for s in range(8) for i in range(len(data["supply"][0][s]) - 1, -1, -1)]
    fixed = set()
    for slot, kind in zip(slots, kinds, strict=False):
        column, stack, index = slot
        supply = data["supply"]
        donor = next(
            (c, s, i)
            for c in range(2)
            for s in range(8)
            for i, k in enumerate(supply[c][s])
            if k == kind and (c, s, i) not in fixed
        )
        dc, ds, di = donor
        supply[column][stack][index], supply[dc][ds][di] = kind, supply[column][stack][index]
        fixed.add(slot)
    return data


TURNS = gettext_lazy(
    "Quand un joueur a posé, le suivant prend la relève... et ainsi de suite. On joue donc à tour "
    "de rôle."
)
EXTEND = gettext_lazy(
    "Chaque pierre devra ensuite être en correspondance avec les canaux ouverts et les prolonger."
)


def _draw(seat: int, words: Any = TURNS) -> ScenarioStep:
    return ScenarioStep(seat, {"type": "draw", "stack": 0}, words)


def _place(
    seat: int, row: int, col: int, rotation: int, words: Any = EXTEND, tile=0
) -> ScenarioStep:
    move = {"type": "place", "tile": tile, "row": row, "col": col, "rotation": rotation}
    return ScenarioStep(seat, move, words)


def scenarios() -> tuple[Scenario, ...]:
    return (_first_stone(), _dead_ends(), _six_times_zero(), _auction(), _four_players())


def _first_stone() -> Scenario:
    return Scenario(
        key="premiere_pierre",
        title=gettext_lazy("La première pierre"),
        text=gettext_lazy(
            "La première pierre doit être posée de manière à couvrir la case centrale et son "
            "dessin."
        ),
        seats=2,
        state=arranged_start(2, [STRAIGHT]),
        steps=(
            _draw(
                0,
                gettext_lazy(
                    "On désigne celui qui commence et celui-là prend la première pierre "
                    "disponible du talon."
                ),
            ),
            _place(
                0,
                9,
                9,
                1,
                gettext_lazy(
                    "La pierre prise est analysée puis posée sur le plan de jeu de manière à "
                    "couvrir précisément trois cases."
                ),
            ),
        ),
    )


def _dead_ends() -> Scenario:
    return Scenario(
        key="impasses",
        title=gettext_lazy("Prolonger sans impasse"),
        text=gettext_lazy(
            "Chaque pierre devra ensuite être en correspondance avec les canaux ouverts et les "
            "prolonger sans jamais créer d'illogisme, c-à-d d'impasses. Un canal au minimum "
            "doit être prolongé."
        ),
        seats=2,
        state=arranged_start(2, [STRAIGHT, STRAIGHT]),
        steps=(
            _draw(0),
            _place(0, 9, 9, 1),
            _draw(1),
            _place(
                1,
                6,
                9,
                1,
                gettext_lazy("Un canal au minimum doit être prolongé."),
            ),
        ),
    )


def _six_times_zero() -> Scenario:
    north_steps = []
    for turn, (_kind, row, col, rotation) in enumerate(NORTH_RUN):
        north_steps += [_draw(turn % 2), _place(turn % 2, row, col, rotation)]
    north_steps[-1] = _place(
        1,
        *NORTH_RUN[-1][1:],
        gettext_lazy(
            "On remarquera donc qu'un joueur qui n'a rejoint qu'une seule de ses deux côtes, ne "
            "reçoit pas de points (par exemple, 6x0=0)."
        ),
    )
    return Scenario(
        key="six_fois_zero",
        title=gettext_lazy("6 × 0 = 0"),
        text=gettext_lazy(
            "Les points sont additionnés séparément pour chaque rive. On multiplie ensuite le "
            "résultat d'une rive par le résultat de l'autre."
        ),
        seats=2,
        state=arranged_start(2, [kind for kind, *_ in NORTH_RUN]),
        steps=tuple(north_steps),
    )


def _auction() -> Scenario:
    return Scenario(
        key="encheres",
        title=gettext_lazy("Le jeu pour trois : les enchères"),
        text=gettext_lazy(
            "Chaque joueur annonce un nombre de points que ni l'un ni l'autre de ses "
            "adversaires ne parviendra à atteindre."
        ),
        seats=3,
        steps=(
            ScenarioStep(
                0,
                {"type": "bid", "value": 20},
                gettext_lazy(
                    "Si un joueur annonce donc 20, cela veut dire qu'il prétend qu'aucun de "
                    "ses adversaires n'atteindra un score supérieur à 20 points."
                ),
            ),
            ScenarioStep(
                1,
                {"type": "bid", "value": 15},
                gettext_lazy(
                    "A partir d'une mise, un autre joueur peut en annoncer une plus basse."
                ),
            ),
            ScenarioStep(
                2,
                {"type": "pass"},
                gettext_lazy(
                    "Est désigné GENEUR de service celui qui offre le moins dans le système "
                    "de mise."
                ),
            ),
            ScenarioStep(
                0,
                {"type": "pass"},
                gettext_lazy(
                    "On descendra ainsi jusqu'au moment où les deux autres joueurs passent. "
                    "C'est ainsi qu'on désigne le GÊNEUR."
                ),
            ),
        ),
    )


def _four_players() -> Scenario:
    four = ENGINE.new_game(seats=4, options={}, rng=random.Random("scenario"))
    drawn = ENGINE.play(four, 0, {"type": "draw", "stack": 0}, random.Random(0))
    row, col, rotation = placements(drawn, drawn.held[0][1])[0]
    return Scenario(
        key="quatre_joueurs",
        title=gettext_lazy("Le jeu à quatre"),
        text=gettext_lazy(
            "Chaque joueur reçoit en début de partie une pierre qu'il pose découverte devant lui."
        ),
        seats=4,
        steps=(
            _draw(0, gettext_lazy("Quand c'est son tour de jouer, il en prend une seconde.")),
            _place(
                0,
                row,
                col,
                rotation,
                gettext_lazy("Il choisit ensuite celle des deux qu'il pose sur le plan de jeu."),
                tile=1,
            ),
        ),
    )
