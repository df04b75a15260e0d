"""The record's examples (fig. 1–3, the start and the end) as start positions and moves."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from play.games.base import Scenario, ScenarioStep

from .physics import GIANT, MEDIUM, STANDARD
from .state import BOX, DEFAULT_TURN_LIMIT, RANKING_ORDER, RANKING_STOCK, die_key

Die = tuple[str, int | None]


def position(
    *,
    hands: list[list[Die]],
    pile: list[tuple[str, int, bool, float]],
    phase: str = "place",
    to_move: int = 0,
    ranking: str = RANKING_ORDER,
) -> dict[str, Any]:
    """A 2-player state dict: the given dice, every other die of the box in seat 1's hand."""
    rest = dict(BOX)
    for size, *_ in [*(d for hand in hands for d in hand), *pile]:
        rest[size] -= 1
    hands = [list(hand) for hand in hands]
    hands[1] += [(size, None) for size in (STANDARD, MEDIUM, GIANT) for _ in range(rest[size])]
    return {
        "seats": 2,
        "options": {"ranking": ranking, "turn_limit": DEFAULT_TURN_LIMIT},
        "hands": [sorted(([s, f] for s, f in hand), key=die_key) for hand in hands],
        "kept": [],
        "pile": [{"size": s, "value": v, "wild": w, "x": x} for s, v, w, x in pile],
        "to_move": to_move,
        "starter": 1,
        "phase": phase,
        "founded": True,
        "placed": 0,
        "turn": 5,
        "finished": [],
        "events": [],
        "end_reason": None,
    }


def place(die: int, value: int, steadiness: float = 1.0) -> dict[str, Any]:
    return {"type": "place", "die": die, "as": value, "steadiness": steadiness}


STRAIGHT = [(STANDARD, 1, False, 0.0), (STANDARD, 2, False, 0.0)]
LEANING = [(STANDARD, v, False, round(0.1 * i, 2)) for i, v in enumerate((1, 2, 3, 4, 5))]
FALL_SEED = "scenario/fall/0"  # a seed under which the giant die topples the leaning pile
START_SEED = "scenario/start/52"  # a seed under which the first player rolls no G, the second one


def scenarios() -> tuple[Scenario, ...]:
    return (_start(), _fig1(), _fig3(), _fig2(), _end())


def _start() -> Scenario:
    return Scenario(
        key="start",
        title=gettext_lazy("Début de partie"),
        text=gettext_lazy(
            "Celui-ci lance tous ses dés ; pour entamer la pile, il doit réaliser un G et "
            "poser ce dé au centre de la table. Si le premier joueur ne tire pas de G, la "
            "main passe au joueur suivant."
        ),
        seats=3,
        seed=START_SEED,
        steps=(
            ScenarioStep(0, {"type": "roll"}, gettext_lazy("Pas de G : la main passe.")),
            ScenarioStep(1, {"type": "roll"}, gettext_lazy("Le joueur suivant tire un G.")),
            ScenarioStep(1, place(0, 1), gettext_lazy("Il pose le G de base.")),
        ),
    )


def _fig1() -> Scenario:
    order_hand = [*((STANDARD, f) for f in (1, 2, 3, 4, 5, 6)), (MEDIUM, 5)]
    return Scenario(
        key="fig1",
        title=gettext_lazy("Ordre croissant (fig. 1)"),
        text=gettext_lazy(
            "Il peut empiler ses dés par valeur croissante si son lancer le lui permet : G "
            "puis 2 puis 3 puis 4 puis 5 puis 6 puis à nouveau G, etc."
        ),
        seats=2,
        state=position(hands=[order_hand, []], pile=STRAIGHT),
        steps=(
            ScenarioStep(0, place(2, 3), gettext_lazy("Sur le 2, un 3…")),
            ScenarioStep(0, place(2, 4), gettext_lazy("… puis un 4…")),
            ScenarioStep(0, place(2, 5), gettext_lazy("… un 5…")),
            ScenarioStep(0, place(2, 6), gettext_lazy("… un 6…")),
            ScenarioStep(0, place(0, 1), gettext_lazy("… à nouveau un G…")),
            ScenarioStep(0, place(0, 2), gettext_lazy("… et un 2.")),
        ),
    )


def _fig3() -> Scenario:
    return Scenario(
        key="fig3",
        title=gettext_lazy("Le G joker (fig. 3)"),
        text=gettext_lazy(
            "La face G a valeur de 1, mais également de joker : elle peut remplacer n'importe "
            "quelle valeur. Lorsqu'un G est posé à la place d'une autre valeur que 1, le "
            "joueur le retourne pour afficher sa valeur réelle dans la pile."
        ),
        seats=2,
        state=position(
            hands=[[(STANDARD, 1), (STANDARD, 6), (MEDIUM, 2)], []],
            pile=[*STRAIGHT, (STANDARD, 3, False, 0.0), (STANDARD, 4, False, 0.0)],
        ),
        steps=(
            ScenarioStep(0, place(0, 5), gettext_lazy("La pile attend un 5 : le G le remplace.")),
            ScenarioStep(0, place(0, 6), gettext_lazy("Le 6 suit le G retourné sur 5.")),
        ),
    )


def _fig2() -> Scenario:
    return Scenario(
        key="fig2",
        title=gettext_lazy("Une chute (fig. 2)"),
        text=gettext_lazy(
            "Lorsqu'un joueur fait chuter tout ou partie de la pile, il récupère les dés "
            "tombés et les intègre à son jeu."
        ),
        seats=2,
        seed=FALL_SEED,
        state=position(hands=[[(GIANT, 6), (STANDARD, 3)], []], pile=LEANING),
        steps=(
            ScenarioStep(
                0,
                place(1, 6, 0.0),
                gettext_lazy("Un dé géant, posé d'une main tremblante sur une pile penchée…"),
            ),
        ),
    )


def _end() -> Scenario:
    return Scenario(
        key="end",
        title=gettext_lazy("Fin de partie"),
        text=gettext_lazy("Le premier joueur qui a posé tous ses dés a gagné."),
        seats=2,
        state=position(hands=[[(STANDARD, 3)], []], pile=STRAIGHT, ranking=RANKING_STOCK),
        steps=(ScenarioStep(0, place(0, 3), gettext_lazy("Son dernier dé : il a gagné.")),),
    )
