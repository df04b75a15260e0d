"""Prairie / Buffalo's French texts (translated with gettext): rules, roles, options, the log."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .engine import move_info

RULE_MESSAGES = {
    "game_over": gettext_lazy("La partie est terminée."),
    "not_your_piece": gettext_lazy("Cette case ne porte pas une de vos pièces."),
    "buffalo_one_step_forward": gettext_lazy("Un bison avance d'une seule case, tout droit."),
    "opening_different_buffalo": gettext_lazy(
        "Pendant le tour de handicap, chaque pas déplace un bison différent."
    ),
    "buffalo_never_captures": gettext_lazy("Un bison ne prend jamais : la case doit être vide."),
    "chief_forbidden_row": gettext_lazy(
        "Le chef n'entre jamais sur la première ni la dernière rangée."
    ),
    "chief_king_step": gettext_lazy(
        "Le chef se déplace d'une case dans n'importe quelle direction."
    ),
    "square_occupied": gettext_lazy("Cette case est occupée."),
    "dog_forbidden_row": gettext_lazy(
        "Les chiens n'entrent jamais sur la première ni la dernière rangée."
    ),
    "dog_queen_line": gettext_lazy(
        "Un chien glisse en ligne droite : rangée, colonne ou diagonale."
    ),
    "dogs_never_capture": gettext_lazy("Un chien ne prend jamais : il s'arrête sur une case vide."),
    "dog_cannot_jump": gettext_lazy("Un chien ne saute pas par-dessus les pièces."),
}

ROLE_LABELS = {
    "buffalo": gettext_lazy("les bisons"),
    "indians": gettext_lazy("le chef indien et ses chiens"),
}

OPTION_LABELS = {
    "opening_buffalo_moves": gettext_lazy("Handicap : bisons déplacés au premier tour des bisons"),
    "buffalo_seat": gettext_lazy("Qui joue les bisons"),
    "immobilised_buffalo": gettext_lazy("Des bisons tous bloqués perdent"),
}
OPTION_CHOICE_LABELS = {
    "buffalo_seat": {0: gettext_lazy("joueur 1"), 1: gettext_lazy("joueur 2")},
    "immobilised_buffalo": {
        "on_their_turn": gettext_lazy("à leur tour de jouer"),
        "at_once": gettext_lazy("aussitôt"),
    },
}

OUTCOME_REASONS = {
    "buffalo_crossed": gettext_lazy("un bison a traversé la prairie"),
    "all_captured": gettext_lazy("tous les bisons ont été pris"),
    "buffalo_blocked": gettext_lazy("les bisons ne peuvent plus avancer"),
    "no_legal_move": gettext_lazy("le camp au trait ne pouvait plus jouer"),
}

PIECES = {
    "buffalo": gettext_lazy("bison"),
    "dog": gettext_lazy("chien"),
    "chief": gettext_lazy("chef"),
}

# Measured with bench/buffalo_match.py and python -m arena (40 games a pairing, both sides).
LEVEL_DESCRIPTIONS = {
    "beginner": gettext_lazy(
        "Regarde trois coups en avant ; bat presque toujours un joueur au hasard"
    ),
    "intermediate": gettext_lazy(
        "Calcule cinq ou six coups en avant, plus loin pour les Indiens ; bat "
        "près de neuf fois sur dix un joueur qui ne regarde qu'un coup"
    ),
    "strong": gettext_lazy(
        "Cherche moins d'une seconde par coup en moyenne, plus longtemps pour les "
        "Indiens ; bat l'intermédiaire près de 9 parties sur 10 et presque toujours un joueur qui "
        "ne regarde qu'un coup"
    ),
    "expert": gettext_lazy(
        "Cherche jusqu'à deux secondes par coup et joue les fins de partie prouvées par "
        "son solveur ; gagne plus de 8 parties sur 10 contre Fairy-Stockfish à 100 ms par coup, "
        "une sur trois à une seconde"
    ),
}

HOUSE_RULES = (
    (
        gettext_lazy("Qui ne peut plus jouer perd"),
        gettext_lazy(
            "Le camp au trait qui n'a plus aucun coup possible perd la partie. Des bisons tous "
            "bloqués perdent donc à leur tour de jouer (ou aussitôt, si la table le choisit)."
        ),
    ),
    (
        gettext_lazy("Plusieurs manches : l'échelle des handicaps"),
        gettext_lazy(
            "Le vainqueur garde son camp. Quand les bisons gagnent, la manche suivante se joue "
            "avec un bison de moins (le joueur des bisons choisit la colonne vidée). Quand les "
            "Indiens gagnent, les bisons avancent au premier tour deux bisons différents (puis "
            "trois…). Après des résultats partagés, une victoire reprend d'abord un cran de "
            "handicap avant d'en donner un à l'adversaire : l'échelon où les victoires "
            "s'équilibrent mesure l'écart entre les joueurs. Au plus 6 bisons retirés, au plus "
            "6 bisons au premier tour."
        ),
    ),
    (
        gettext_lazy("Tour de handicap obligatoire"),
        gettext_lazy(
            "Pendant le tour de handicap, chaque pas déplace un bison différent, et tous les pas "
            "sont joués ; aucun de ces pas ne peut atteindre la dernière rangée."
        ),
    ),
)


PROVEN_RESULTS = (
    gettext_lazy("Résultats prouvés"),
    gettext_lazy(
        "Avec cinq bisons ou moins, les Indiens gagnent à coup sûr s'ils jouent sans faute : "
        "notre solveur l'a prouvé en examinant toutes les suites utiles (recherche par nombres "
        "de preuve), pour les départs de l'échelle qui vident les colonnes f, e, g, d, h et c "
        "(il reste a, b, i, j, k), puis aussi i, b, j et a, jusqu'au dernier bison en k. Cinq "
        "bisons demandent environ une minute de calcul, quatre moins d'une seconde. Avec six "
        "bisons ou plus (de 0 à 5 bisons retirés), rien n'est prouvé : ni notre solveur (deux "
        "minutes pour six bisons) ni le moteur Fairy-Stockfish (quinze secondes de réflexion "
        "sur les départs à cinq, six et sept bisons) n'y trouvent de gain forcé. Le niveau "
        "expert joue un coup prouvé gagnant dès que son solveur en trouve un."
    ),
)

HOUSE_RULES = (*HOUSE_RULES, PROVEN_RESULTS)


def describe_move_info(info: dict) -> str:
    """« Bison c1 → c2 », « Chef f6 → e5 (prend un bison) »."""
    text = _("%(piece)s %(from)s → %(to)s") % {
        "piece": str(PIECES.get(info["piece"], info["piece"] or "?")).capitalize(),
        "from": info["from"],
        "to": info["to"],
    }
    return text + _(" (prend un bison)") if info["capture"] else text


def play_texts() -> dict:
    return {
        "pieces": {key: str(value) for key, value in PIECES.items()},
        "seriesChoice": _("Colonne à vider (bisons)"),
        "confirm": _("Valider"),
        "cancel": _("Annuler"),
        # The position in words, under the board (issue 39).
        "summary": _("Bisons : %s ; chef : %s ; chiens : %s."),
        "none": _("aucun"),
    }


HELP_TEXT = gettext_lazy(
    "Touchez un bison, ou le chef ou un chien, puis une case en surbrillance ; au clavier, "
    "flèches pour se déplacer sur le plateau, Entrée pour choisir."
)


def prompt(state, seat: int) -> str:
    """What the status line asks of ``seat``: a buffalo to advance, or the chief or a dog."""
    from . import board

    if state.side == board.BUFFALO_SIDE:
        if state.options.opening_buffalo_moves > 1 and state.opening_left:
            return ngettext(
                "Tour de handicap : avancez un bison différent (encore %(n)d pas).",
                "Tour de handicap : avancez un bison différent à chaque pas (encore %(n)d pas).",
                state.opening_left,
            ) % {"n": state.opening_left}
        return _("Avancez un bison d'une case.")
    return _("Déplacez le chef ou un chien.")


OPTION_REFUSALS: dict = {}
outcome_reason = None  # the end screen says OUTCOME_REASONS[outcome.reason]
score_text = None  # the score as a number


def describe_move(before, after, seat: int, move: dict) -> str:
    return describe_move_info(move_info(before, move))
