"""The record's two examples as scenarios: a start position and the moves that follow."""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext_lazy as _

from play.games.base import Scenario, ScenarioStep

from .engine import AlcatrazEngine


def _position(prisoners: dict[int, list[str]], to_move: int, seats: int = 2) -> dict[str, Any]:
    """The default start with ``prisoners`` {seat: squares} on the board, the rest in the cell."""
    engine = AlcatrazEngine()
    data = engine.to_dict(engine.new_game(seats=seats, options={}, rng=random.Random(0)))
    data["prisoners"] = [list(prisoners.get(s, [])) for s in range(seats)]
    data["cell"] = [4 - len(data["prisoners"][s]) for s in range(seats)]
    data["to_move"] = to_move
    engine.from_dict(data)  # validates
    return data


SCENARIOS = (
    Scenario(
        key="reprise-rangee-7",
        title=_("Un prisonnier repris sur la rangée 7"),
        text=_(
            "Le joueur 0 fait sortir son prisonnier de la cellule et le déplace dans la colonne "
            "qu'il a choisie de 3 cases en direction du bateau. Son tour se termine à la rangée 7. "
            "Le gardien de la rangée 7 avance alors de 3 cases en direction de 0 et reprend X qui "
            "doit retourner dans la cellule."
        ),
        seats=2,
        state=_position({1: ["g7"]}, to_move=0),
        steps=(
            ScenarioStep(
                seat=0,
                move={"type": "move", "from": "cell", "to": "c7"},
                words=_(
                    "Le prisonnier rouge sort de la cellule : 3 cases jusqu'à la rangée 7 ; le "
                    "gardien de la rangée 7 avance de 3 cases vers lui et reprend le prisonnier "
                    "bleu en g7."
                ),
            ),
        ),
    ),
    Scenario(
        key="bateau-barre",
        title=_("Un gardien barre le bateau"),
        text=_(
            "Le joueur X se trouve sur une des cases hachurées situées devant le bateau. Comme un "
            "gardien se trouve devant lui, il ne peut pas monter dans le bateau. Le joueur O, par "
            "contre, pourra monter directement dans le bateau lors de son prochain tour."
        ),
        seats=2,
        state=_position({0: ["e2"], 1: ["f4"]}, to_move=1),
        steps=(
            ScenarioStep(
                seat=1,
                move={"type": "move", "from": "f4", "to": "f3"},
                words=_("Le prisonnier bleu arrive sur la case hachurée f3."),
            ),
            ScenarioStep(
                seat=0,
                move={"type": "move", "from": "cell", "to": "a9"},
                words=_(
                    "Le prisonnier rouge en e2 ne peut pas monter : le gardien de la rangée 1 se "
                    "tient en e1, entre lui et le bateau. Le joueur rouge joue un autre prisonnier."
                ),
            ),
            ScenarioStep(
                seat=1,
                move={"type": "board", "from": "f3"},
                words=_("Au tour suivant, rien ne barre la colonne f : le prisonnier bleu monte."),
            ),
        ),
    ),
)


def scenarios() -> tuple[Scenario, ...]:
    return SCENARIOS
