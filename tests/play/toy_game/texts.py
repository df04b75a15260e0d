"""The toy game's texts: every name of the contract's ``Texts`` (unused ones ``None`` or empty)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

RULE_MESSAGES = {"bad_bet": _("Pariez sur une carte de 1 à 6.")}
OUTCOME_REASONS = {"guessed": _("une carte a été devinée"), "tie": _("égalité")}
ROLE_LABELS: dict = {}
OPTION_LABELS: dict = {}
OPTION_CHOICE_LABELS: dict = {}
OPTION_REFUSALS: dict = {}
LEVEL_DESCRIPTIONS: dict = {}
HOUSE_RULES = ((_("Égalité"), _("Si les deux devinent, ou aucun, la partie est nulle.")),)
HELP_TEXT = ""  # the site's default help
outcome_reason = None
score_text = None


def describe_move(before, after, seat, move):
    return "annonce" if "claim" in move else "un pari"


def play_texts():
    return {}


def prompt(state, seat):
    return ""
