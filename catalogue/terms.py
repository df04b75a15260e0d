"""The records' French vocabulary shown to visitors: credit roles and ESAR labels, translatable.

The library's records keep their French words (« Auteur », « jeu de stratégie »); a page in
another language shows the known ones translated and any other word as the record has it.
"""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from .text import fold

_TERMS = {
    # Credit roles (PMB's UNIMARC relator labels the library uses).
    "Auteur": pgettext_lazy("record term", "Auteur"),
    "Illustrateur": pgettext_lazy("record term", "Illustrateur"),
    "Concepteur": pgettext_lazy("record term", "Concepteur"),
    "Traducteur": pgettext_lazy("record term", "Traducteur"),
    "Adaptateur": pgettext_lazy("record term", "Adaptateur"),
    "Éditeur scientifique": pgettext_lazy("record term", "Éditeur scientifique"),
    "Collaborateur": pgettext_lazy("record term", "Collaborateur"),
    # ESAR families.
    "jeu d'exercice": pgettext_lazy("record term", "jeu d'exercice"),
    "jeu symbolique": pgettext_lazy("record term", "jeu symbolique"),
    "jeu d'assemblage": pgettext_lazy("record term", "jeu d'assemblage"),
    "jeu de règles": pgettext_lazy("record term", "jeu de règles"),
    # ESAR categories.
    "jeu sensoriel": pgettext_lazy("record term", "jeu sensoriel"),
    "jeu moteur": pgettext_lazy("record term", "jeu moteur"),
    "jeu de manipulation": pgettext_lazy("record term", "jeu de manipulation"),
    "jeu de construction": pgettext_lazy("record term", "jeu de construction"),
    "jeu d'association": pgettext_lazy("record term", "jeu d'association"),
    "jeu de séquence": pgettext_lazy("record term", "jeu de séquence"),
    "jeu de circuit": pgettext_lazy("record term", "jeu de circuit"),
    "jeu d'adresse": pgettext_lazy("record term", "jeu d'adresse"),
    "jeu sportif": pgettext_lazy("record term", "jeu sportif"),
    "jeu de stratégie": pgettext_lazy("record term", "jeu de stratégie"),
    "jeu de hasard": pgettext_lazy("record term", "jeu de hasard"),
    "jeu de questions et réponses": pgettext_lazy("record term", "jeu de questions et réponses"),
    "jeu de vocabulaire": pgettext_lazy("record term", "jeu de vocabulaire"),
    "jeu de mathématique": pgettext_lazy("record term", "jeu de mathématique"),
    "jeu de rôle": pgettext_lazy("record term", "jeu de rôle"),
    "jeu de réflexion": pgettext_lazy("record term", "jeu de réflexion"),
    "jeu de coopération": pgettext_lazy("record term", "jeu de coopération"),
    "jeu d'ambiance": pgettext_lazy("record term", "jeu d'ambiance"),
    "jeu de cartes": pgettext_lazy("record term", "jeu de cartes"),
    "jeu de plateau": pgettext_lazy("record term", "jeu de plateau"),
    "casse-tête": pgettext_lazy("record term", "casse-tête"),
}
# Records differ in case and accents (« auteur », « Editeur scientifique »): matched folded.
_BY_FOLDED = {fold(french): (french, term) for french, term in _TERMS.items()}


def term_display(text: str) -> str:
    """``text`` in the visitor's language when it is a known record term, else unchanged."""
    known = _BY_FOLDED.get(fold(text or ""))
    if known is None:
        return text
    french, term = known
    translated = str(term)
    # Untranslated (a French page): the record's own spelling, its case and accents, stays.
    return text if translated == french else translated


def category_display(code: str, label: str) -> str:
    """« A 406 jeu de stratégie » with the label in the visitor's language."""
    return f"{code} {term_display(label)}".strip()
