"""The record's examples: Jean's move, the draft of four dice and Pierre's re-rolls."""

from __future__ import annotations

import random
from typing import Any

from django.utils.translation import gettext_lazy

from play.games.base import Scenario, ScenarioStep

from .engine import PowwowEngine

# The record's examples. Jean (seat 0) rolled and kept the red die; two stones stand on a 2.
JEAN_RINGS = {"A": 1, "B": 2, "C": 1, "D": 2, "E": 0}
# Pierre's re-rolls: with this seed the first re-roll shows green again and the second red.
PIERRE_SEED = "pierre-90"


def scenarios() -> tuple[Scenario, ...]:
    engine = PowwowEngine()
    return (_jean_scenario(engine), _draft_scenario(), _pierre_scenario(engine))


def _start(engine: PowwowEngine, seats: int) -> dict[str, Any]:
    return engine.to_dict(engine.new_game(seats=seats, options={}, rng=random.Random("record")))


def _jean_scenario(engine: PowwowEngine) -> Scenario:
    data = _start(engine, 4)
    data.update(phase="move", taken=["red", "green", "blue", "white"], stones=dict(JEAN_RINGS))
    return Scenario(
        key="two_to_four",
        title=gettext_lazy("La pierre du 2 de droite amenée sur le 4"),
        text=gettext_lazy(
            "Jean est le lanceur de dés. Il est donc le premier à pouvoir choisir un dé… et il "
            "sera le premier à déplacer un indien. Supposons qu'il choisit le dé rouge."
        ),
        seats=4,
        state=data,
        steps=(
            ScenarioStep(
                0,
                {"type": "advance", "corridor": "D", "back": False},
                gettext_lazy(
                    "Il prend, par exemple, la pierre qui se trouve sur le 2 de droite et l'amène "
                    "sur le 4. En conséquence, il doit déplacer l'indien rouge de 4 cases."
                ),
            ),
        ),
    )


def _draft_scenario() -> Scenario:
    engine = PowwowEngine()
    data = _start(engine, 4)
    data.update(phase="draft", dice=["green", "green", "red", "yellow"])
    take_words = (
        gettext_lazy("Le lanceur choisit le premier le dé jaune."),
        gettext_lazy("Le suivant choisit le vert…"),
        gettext_lazy("… et le troisième le rouge : le dernier joueur doit se contenter du vert."),
    )
    takes = tuple(
        ScenarioStep(seat, {"type": "take", "colour": colour}, words)
        for seat, colour, words in zip(
            range(3), ("yellow", "green", "red"), take_words, strict=True
        )
    )
    moves = tuple(
        ScenarioStep(seat, {"type": "advance", "corridor": corridor, "back": False}, words)
        for seat, corridor, words in (
            (0, "A", gettext_lazy("Le jaune progresse une fois.")),
            (1, "C", gettext_lazy("Le vert progresse…")),
            (2, "B", gettext_lazy("Le rouge progresse une fois.")),
            (
                3,
                "E",
                gettext_lazy(
                    "… et le vert une seconde fois, tandis que les autres indiens restent "
                    "stationnaires."
                ),
            ),
        )
    )
    return Scenario(
        key="green_green_red_yellow",
        title=gettext_lazy("Vert, vert, rouge et jaune"),
        text=gettext_lazy(
            "Le lanceur de dés obtient sur les 4 dés vert, vert, rouge et jaune. Durant ce round, "
            "le vert progressera donc deux fois, les rouge et jaune une fois."
        ),
        seats=4,
        state=data,
        steps=takes + moves,
    )


def _pierre_scenario(engine: PowwowEngine) -> Scenario:
    data = _start(engine, 3)
    data.update(
        phase="move",
        taken=["green", "blue", "white"],
        hands=[["red", "yellow"], ["blue", "green"], ["black", "white"]],
        prediction_stones=[2, 0, 0],
        supply=23,
    )
    return Scenario(
        key="pierre_rerolls",
        title=gettext_lazy("Pierre relance son dé vert"),
        text=gettext_lazy(
            "Pierre a hérité du dé vert. Cette couleur ne l'intéresse pas car il possède les "
            "cartes rouge et jaune. Il est justement en possession de deux pierres de prédiction."
        ),
        seats=3,
        state=data,
        seed=PIERRE_SEED,
        steps=(
            ScenarioStep(
                0,
                {"type": "reroll"},
                gettext_lazy(
                    "Il relance le dé et rend une pierre de prédiction au tas. Pas de chance, le "
                    "dé tombe à nouveau sur la face verte."
                ),
            ),
            ScenarioStep(
                0,
                {"type": "reroll"},
                gettext_lazy(
                    "Pierre sacrifie sa seconde pierre de prédiction et lance une seconde fois le "
                    "dé. Il obtient rouge."
                ),
            ),
            ScenarioStep(
                0,
                {"type": "advance", "corridor": "C", "back": False},
                gettext_lazy("Il a eu de la chance : il peut déplacer l'indien rouge."),
            ),
        ),
    )
