"""The toy game's one example."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from play.games.base import Scenario, ScenarioStep


def scenarios():
    return (
        Scenario(
            key="deux-paris",
            title=_("Deux paris"),
            text=_("Chacun parie, puis la place 1 annonce le résultat."),
            seats=2,
            seed="toy",
            steps=(
                ScenarioStep(0, {"bet": 3}, _("La place 1 parie sur 3.")),
                ScenarioStep(1, {"bet": 5}, _("La place 2 parie sur 5.")),
                ScenarioStep(0, {"claim": True}, _("Les cartes sont révélées.")),
            ),
        ),
    )
