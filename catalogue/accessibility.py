"""The accessibility statement (« déclaration d'accessibilité », RGAA 4.1): the conformance level
the footer of every page mentions, and the results of the audit the statement reports."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext_lazy as _

# The RGAA's three levels. « Non conforme » is the level of a site without a complete audit of
# the RGAA's criteria (an automated check is not one): settings.ACCESSIBILITY_CONFORMANCE says
# which applies, once an auditor has measured the share of criteria met.
CONFORMANCE_LABELS = {
    "full": _("totalement conforme"),
    "partial": _("partiellement conforme"),
    "none": _("non conforme"),
}

RGAA_VERSION = "4.1.2"


@dataclass(frozen=True)
class AuditedPage:
    name: str
    path: str
    violations: int  # axe-core's violations, every impact
    passes: int  # axe-core's rules passed


#: The automated audit (tests/browser/test_catalogue_a11y.py keeps these pages at zero serious
#: violations). Figures of the run of 5 December 2026, Chromium 1280×900, French pages unless
#: said otherwise.
AUDIT_DATE = datetime.date(2026, 12, 5)
AUDIT_TOOL = "axe-core 4.12.1 (axe-playwright-python), Chromium"
AUDITED_PAGES = (
    AuditedPage(_("Accueil : la recherche, sans critère"), "/", 0, 43),
    AuditedPage(_("Recherche avec résultats"), "/?q=strategie&players=4", 0, 43),
    AuditedPage(_("Recherche sans résultat"), "/?q=zzzz", 0, 43),
    AuditedPage(_("Fiche d’un jeu"), "/jeux/prairie-ou-buffalo/", 0, 41),
    AuditedPage(_("Fiche d’un jeu, en anglais"), "/jeux/alcatraz/?lang=en", 0, 40),
    AuditedPage(_("Liste des auteurs"), "/auteurs/", 0, 38),
    AuditedPage(_("Liste des éditeurs"), "/editeurs/", 0, 39),
    AuditedPage(_("Liste des catégories"), "/categories/", 0, 38),
    AuditedPage(_("Déclaration d’accessibilité"), "/accessibilite/", 0, 44),
    AuditedPage(_("Préparation d’une partie en ligne"), "/jeux/pow-wow/jouer/", 0, 39),
    AuditedPage(_("Documentation de l’API"), "/api/v1/docs/", 0, 41),
    AuditedPage(_("Console interactive de l’API (Swagger UI)"), "/api/v1/docs/essayer/", 0, 35),
    AuditedPage(_("Page introuvable"), "/pas-de-page-ici/", 0, 38),
)


def conformance() -> str:
    return settings.ACCESSIBILITY_CONFORMANCE


def conformance_label() -> str:
    return CONFORMANCE_LABELS[conformance()]
