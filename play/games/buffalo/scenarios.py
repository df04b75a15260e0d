"""Prairie / Buffalo's record gives no worked example; the start shows how the chief captures."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from play.games.base import Scenario, ScenarioStep

SCENARIOS = (
    Scenario(
        key="le-chef-prend",
        title=_("Le chef prend un bison"),
        text=_(
            "Les bisons avancent d'une case tout droit ; le chef indien avance d'une case dans "
            "n'importe quelle direction et prend le bison sur lequel il arrive. Les chiens "
            "barrent le passage mais ne prennent jamais."
        ),
        seats=2,
        steps=(
            ScenarioStep(0, {"from": "e1", "to": "e2"}, _("Un bison avance d'une case.")),
            ScenarioStep(1, {"from": "f6", "to": "f5"}, _("Le chef descend vers les bisons.")),
            ScenarioStep(0, {"from": "e2", "to": "e3"}, _("Le bison continue tout droit.")),
            ScenarioStep(1, {"from": "f5", "to": "f4"}, _("Le chef se rapproche encore.")),
            ScenarioStep(0, {"from": "e3", "to": "e4"}, _("Le bison arrive à côté du chef…")),
            ScenarioStep(
                1, {"from": "f4", "to": "e4"}, _("… qui avance en diagonale et le prend.")
            ),
        ),
    ),
)


def scenarios() -> tuple[Scenario, ...]:
    return SCENARIOS
