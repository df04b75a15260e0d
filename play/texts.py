"""French (translatable) texts for what engines express as codes: moves in the log, broken rules.

Engines speak in codes and squares; the site speaks French by default and English on request.
Codes without an entry fall back to the engine's own (English) wording.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

RULE_MESSAGES = {
    # Shared by every engine.
    "not_your_turn": gettext_lazy("Ce n'est pas à vous de jouer."),
    "malformed_move": gettext_lazy("Ce coup est mal formé."),
    "illegal_move": gettext_lazy("Ce coup n'est pas permis."),
    # Prairie / Buffalo.
    "not_your_piece": gettext_lazy("Cette case ne porte pas une de vos pièces."),
    "buffalo_one_step_forward": gettext_lazy("Un bison avance d'une seule case, tout droit."),
    "opening_different_buffalo": gettext_lazy(
        "Pendant le tour de handicap, chaque pas déplace un bison différent."
    ),
    "buffalo_never_captures": gettext_lazy("Un bison ne prend jamais : la case doit être vide."),
    "chief_forbidden_row": gettext_lazy("Le chef n'entre jamais sur la première ni la dernière rangée."),
    "chief_king_step": gettext_lazy("Le chef se déplace d'une case dans n'importe quelle direction."),
    "square_occupied": gettext_lazy("Cette case est occupée."),
    "dog_forbidden_row": gettext_lazy("Les chiens n'entrent jamais sur la première ni la dernière rangée."),
    "dog_queen_line": gettext_lazy("Un chien glisse en ligne droite : rangée, colonne ou diagonale."),
    "dogs_never_capture": gettext_lazy("Un chien ne prend jamais : il s'arrête sur une case vide."),
    "dog_cannot_jump": gettext_lazy("Un chien ne saute pas par-dessus les pièces."),
}

# What each seat plays, where the game gives seats a side (by default options).
SEAT_NAMES = {
    "buffalo": [gettext_lazy("les bisons"), gettext_lazy("le chef indien et ses chiens")],
}

# Labels of the table options the setup form offers, and of their values.
OPTION_LABELS = {
    ("buffalo", "opening_buffalo_moves"): gettext_lazy(
        "Handicap : bisons déplacés au premier tour des bisons"
    ),
    ("buffalo", "buffalo_seat"): gettext_lazy("Qui joue les bisons"),
    ("buffalo", "immobilised_buffalo"): gettext_lazy("Des bisons tous bloqués perdent"),
}
OPTION_CHOICE_LABELS = {
    ("buffalo", "buffalo_seat"): {0: gettext_lazy("place 1"), 1: gettext_lazy("place 2")},
    ("buffalo", "immobilised_buffalo"): {
        "on_their_turn": gettext_lazy("à leur tour de jouer"),
        "at_once": gettext_lazy("aussitôt"),
    },
}

# Why a game ended, by the engines' outcome reason codes.
OUTCOME_REASONS = {
    "buffalo_crossed": gettext_lazy("un bison a traversé la prairie"),
    "all_captured": gettext_lazy("tous les bisons ont été pris"),
    "buffalo_blocked": gettext_lazy("les bisons ne peuvent plus avancer"),
    "no_legal_move": gettext_lazy("le camp au trait ne pouvait plus jouer"),
}

BUFFALO_PIECES = {
    "buffalo": gettext_lazy("bison"),
    "dog": gettext_lazy("chien"),
    "chief": gettext_lazy("chef"),
}


def rule_message(rule: str, fallback: str) -> str:
    message = RULE_MESSAGES.get(rule)
    return str(message) if message is not None else fallback


def describe_move(engine_slug: str, engine, state: Any, seat: int, move: dict) -> str:
    """One public line of the move log, in the active language."""
    if engine_slug == "buffalo":
        from play.engines.buffalo import move_info

        try:
            info = move_info(state, move)
        except Exception:
            return engine.describe(state, seat, move)
        text = _("%(piece)s %(from)s → %(to)s") % {
            "piece": str(BUFFALO_PIECES.get(info["piece"], info["piece"] or "?")).capitalize(),
            "from": info["from"],
            "to": info["to"],
        }
        return text + _(" (prend un bison)") if info["capture"] else text
    return engine.describe(state, seat, move)


def play_texts(engine_slug: str) -> dict[str, Any]:
    """The play page's strings, in the active language, for its script (%s = a value)."""
    from play.bots.registry import LEVEL_LABELS

    return {
        "seat": _("Place %s"),
        "you": _("vous"),
        "local": _("sur cet écran"),
        "invite": _("invité"),
        "notJoined": _("pas encore arrivé"),
        "bot": _("ordinateur, niveau %s"),
        "levels": {key: str(label) for key, label in LEVEL_LABELS.items()},
        "sides": [str(name) for name in SEAT_NAMES.get(engine_slug, [])],
        "yourTurn": _("À vous de jouer : %s."),
        "waiting": _("En attente de : %s."),
        "winner": _("Victoire : %s !"),
        "draw": _("Partie nulle."),
        "noWinner": _("Personne ne gagne."),
        "reason": _("Fin de partie : %s."),
        "reasons": {key: str(value) for key, value in OUTCOME_REASONS.items()},
        "passDevice": _("Au tour de : %s"),
        "replayPosition": _("Position %s sur %s"),
        "start": _("Position de départ"),
        "copy": _("Copier le lien"),
        "copied": _("Lien copié."),
        "joined": _("a rejoint"),
        "network": _("Connexion perdue, nouvel essai…"),
        "spectator": _("Vous regardez la partie."),
        "pieces": {key: str(value) for key, value in BUFFALO_PIECES.items()},
        "empty": _("vide"),
        "selected": _("sélectionné"),
        "target": _("destination possible"),
        "square": _("case %s"),
        "boardLabel": _("Plateau de jeu"),
    }
