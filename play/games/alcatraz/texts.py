"""Alcatraz's French texts (translated with gettext): rules, roles, options, the log, the board."""

from __future__ import annotations

from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from play.games.base import grouped

from .state import MAX_TURN_LIMIT, MAX_TURNS, UNNUMBERED_ROW

RULE_MESSAGES = {
    "game_over": gettext_lazy("La partie est terminée."),
    "no_prisoner_in_cell": gettext_lazy("Vous n'avez plus de prisonnier dans la cellule."),
    "not_your_prisoner": gettext_lazy("Cette case ne porte pas un de vos prisonniers."),
    "not_straight": gettext_lazy(
        "Un prisonnier se déplace en ligne droite, sans changer de direction."
    ),
    "guard_in_path": gettext_lazy("Un prisonnier ne peut pas passer par-dessus un gardien."),
    "would_be_caught": gettext_lazy(
        "Interdit de se faire reprendre : le gardien atteindrait ce prisonnier."
    ),
    "not_on_hatched_square": gettext_lazy(
        "On ne monte dans le bateau que depuis une case hachurée."
    ),
    "arrived_this_turn": gettext_lazy(
        "Un prisonnier arrivé sur une case hachurée ne monte dans le bateau qu'au tour suivant."
    ),
    "boat_blocked_by_guard": gettext_lazy("Un gardien barre le chemin du bateau."),
    "must_pass": gettext_lazy("Aucun coup possible : vous devez passer."),
    "cannot_pass": gettext_lazy("On ne passe que si aucun coup n'est possible."),
    "must_roll": gettext_lazy("Alarme : lancez d'abord le dé."),
    "must_choose_direction": gettext_lazy("Alarme : choisissez la direction du gardien."),
    "no_alarm_pending": gettext_lazy("Aucune alarme en cours."),
    "square_occupied": gettext_lazy("Cette case est occupée."),
}

ROLE_LABELS = {
    "red": gettext_lazy("prisonniers rouges"),
    "blue": gettext_lazy("prisonniers bleus"),
    "green": gettext_lazy("prisonniers verts"),
    "yellow": gettext_lazy("prisonniers jaunes"),
}

OPTION_LABELS = {
    "alarm": gettext_lazy("Alarme quand un prisonnier monte dans le bateau"),
    "first_player": gettext_lazy("Qui commence"),
}
OPTION_CHOICE_LABELS = {
    "first_player": {
        0: gettext_lazy("joueur 1"),
        1: gettext_lazy("joueur 2"),
        2: gettext_lazy("joueur 3"),
        3: gettext_lazy("joueur 4"),
        "random": gettext_lazy("tiré au sort"),
    },
}

# Why a new table's option is refused, in the reader's language (the engine says it in English).
OPTION_REFUSALS = {
    "turn_limit": format_lazy(
        gettext_lazy(
            "le nombre de tours sans embarquement avant la partie nulle est un nombre entier de "
            "1 à {limit}."
        ),
        limit=grouped(MAX_TURN_LIMIT),
    ),
}

OUTCOME_REASONS = {
    "three_prisoners_in_boat": gettext_lazy("trois prisonniers sont dans le bateau"),
    "turn_limit": gettext_lazy("la limite de tours est atteinte"),
    "max_turns": gettext_lazy("la partie a atteint sa durée maximale"),
}

LEVEL_DESCRIPTIONS = {
    "beginner": gettext_lazy(
        "Regarde un coup en avant et joue au hasard une fois sur trois ; bat toujours "
        "un joueur qui joue au hasard"
    ),
    "intermediate": gettext_lazy(
        "Prévoit la riposte de chaque adversaire et son propre coup suivant, "
        "mais joue au hasard un coup sur seize ; bat quatre fois sur cinq un joueur qui ne "
        "regarde qu'un coup en avant"
    ),
    "strong": gettext_lazy(
        "Prévoit six coups à deux joueurs et deux tours de table à plusieurs (trois quand "
        "personne n'a embarqué depuis 150 tours), en se méfiant de la pire riposte du joueur "
        "suivant, en moins d'une seconde ; bat presque toujours un joueur qui ne regarde qu'un "
        "coup en avant, et le niveau intermédiaire deux fois sur trois à deux joueurs et trois "
        "fois sur quatre à trois ou quatre"
    ),
}

HOUSE_RULES = (
    (
        gettext_lazy("Les cases hachurées"),
        gettext_lazy(
            "Le bloc hachuré est formé des rangées 1 à 3 et des colonnes d à f ; le bateau est "
            "au-dessus de la colonne e. On monte dans le bateau tout droit, en remontant sa "
            "colonne, au tour qui suit l'arrivée sur la case hachurée, si aucun gardien ne se "
            "trouve entre le prisonnier et le bateau dans cette colonne (les prisonniers ne "
            "bloquent pas)."
        ),
    ),
    (
        gettext_lazy("Les gardiens au départ"),
        gettext_lazy(
            "Un gardien par rangée numérotée : e1, a2, i3, a4, i5, a6, i7, a8. La rangée sans "
            "numéro, devant la cellule, n'a jamais de gardien."
        ),
    ),
    (
        gettext_lazy("L'alarme"),
        gettext_lazy(
            "Le gardien en alerte court jusqu'au bout de sa rangée et renvoie en cellule tous les "
            "prisonniers qu'il croise, ceux du lanceur compris ; un prisonnier sur sa case de "
            "départ n'est pas sur son chemin. Les deux directions sont toujours permises."
        ),
    ),
    (
        gettext_lazy("Limite de tours"),
        gettext_lazy(
            "Une partie où aucun prisonnier n'embarque pendant 1 000 tours est déclarée nulle, "
            "pour que des joueurs prudents ne déplacent pas leurs prisonniers sans fin."
        ),
    ),
    (
        gettext_lazy("Durée maximale"),
        format_lazy(
            gettext_lazy(
                "Quelles que soient les options, une partie s'arrête sur un nul après {turns} "
                "tours."
            ),
            turns=grouped(MAX_TURNS),
        ),
    ),
    (
        gettext_lazy("Qui commence"),
        gettext_lazy("Le joueur 1 commence, sauf si la table choisit un autre joueur ou le sort."),
    ),
)


def _seat(index: int) -> int:
    """The seat's number as the play page shows it (« joueur 2 »)."""
    return index + 1


def square_label(name: str) -> str:
    """A square as the board shows it: the row in front of the cell has no number."""
    if isinstance(name, str) and name[1:] == str(UNNUMBERED_ROW):
        return _("%(column)s de la rangée sans numéro") % {"column": name[0]}
    return name


def describe_event(e: dict) -> str:
    """One event of a turn (prisoner, guard, capture, alarm…) in the active language."""
    kind = e.get("kind")
    values = {k: square_label(v) if k in ("from", "to", "square") else v for k, v in e.items()}
    values.pop("seat", None)
    if "seat" in e:
        values["seat"] = _seat(e["seat"])
    if kind == "prisoner" and e["from"] == "cell":
        return (
            ngettext(
                "Un prisonnier sort de la cellule vers %(to)s (%(distance)s case).",
                "Un prisonnier sort de la cellule vers %(to)s (%(distance)s cases).",
                e["distance"],
            )
            % values
        )
    if kind == "prisoner":
        return (
            ngettext(
                "Prisonnier %(from)s → %(to)s (%(distance)s case).",
                "Prisonnier %(from)s → %(to)s (%(distance)s cases).",
                e["distance"],
            )
            % values
        )
    if kind == "guard" and e.get("cause") == "alarm":
        values["direction"] = (
            _("vers la gauche") if e["direction"] == "left" else _("vers la droite")
        )
        return (
            _("Alerte : le gardien de la rangée %(row)s court %(direction)s, de %(from)s à %(to)s.")
            % values
        )
    if kind == "guard":
        return _("Le gardien de la rangée %(row)s va de %(from)s à %(to)s.") % values
    if kind == "capture":
        return _("Le prisonnier du joueur %(seat)s en %(square)s est repris !") % values
    if kind == "board":
        return _("Un prisonnier monte dans le bateau depuis %(from)s.") % values
    if kind == "alarm_raised":
        return _("Alarme ! Le joueur %(seat)s lance le dé.") % values
    if kind == "roll":
        return (
            _("Le dé donne %(value)s : le gardien de la rangée %(value)s est en alerte.") % values
        )
    if kind == "win":
        return _("Trois prisonniers dans le bateau : le joueur %(seat)s gagne !") % values
    if kind == "pass":
        return _("Aucun coup possible : le joueur %(seat)s passe.") % values
    if kind == "draw":
        return _("Aucun prisonnier n'a embarqué depuis %(turns)s tours : partie nulle.") % values
    if kind == "max_turns":
        return _("La partie a duré %(turns)s tours, sa durée maximale : partie nulle.") % values
    return str(e)


def play_texts() -> dict:
    return {
        "guard": _("gardien"),
        "prisoner": _("prisonnier (%s)"),
        "hatched": _("case hachurée"),
        "boat": _("Bateau"),
        "cell": _("Cellule"),
        "leave": _("Sortir un prisonnier de la cellule vers %s"),
        "move": _("Prisonnier %s → %s"),
        "board": _("Monter dans le bateau depuis %s"),
        "roll": _("Lancer le dé (alarme)"),
        "left": _("Gardien de la rangée %s vers la gauche"),
        "right": _("Gardien de la rangée %s vers la droite"),
        "pass": _("Passer (aucun coup possible)"),
        "die": _("Dé : %s"),
        "caught": _("repris"),
        "unnumbered": _("%s (rangée sans numéro)"),
        # The position in words, under the board (issue 39).
        "summaryGuards": _("Gardiens : %s."),
        "summarySeat": _("%s : %s ; %s en cellule, %s dans le bateau."),
        "summaryOnBoard": _("prisonniers en %s"),
        "none": _("aucun prisonnier sur le plateau"),
        "alarmRoll": _("Alarme : lancez le dé."),
        "alarmDirection": _("Alarme : choisissez la direction du gardien de la rangée %s."),
        "lastMove": _("dernier coup"),
        "legend": _("Légende du plateau"),
        "legendTarget": _("destination possible du prisonnier choisi"),
        "legendGuard": _("tirets orange carrés : départ et arrivée du dernier gardien déplacé"),
        "legendPrisoner": _(
            "tirets orange arrondis : départ et arrivée du dernier prisonnier déplacé"
        ),
        "legendHatched": _(
            "case hachurée : un prisonnier qui y commence son tour peut monter dans le bateau"
        ),
    }


HELP_TEXT = gettext_lazy(
    "Touchez la cellule ou un de vos prisonniers, puis une case en surbrillance ; au clavier, "
    "flèches pour se déplacer sur le plateau, Entrée pour choisir."
)


def prompt(state, seat: int) -> str:
    """What the status line asks of ``seat``: a prisoner to move, or the alarm's die and guard."""
    if state.phase == "roll":
        return _("Alarme : lancez le dé.")
    if state.phase == "direction":
        return _("Alarme : choisissez la direction du gardien de la rangée %(row)s.") % {
            "row": state.roll
        }
    if state.phase == "move":
        from .moves import prisoner_moves

        if not prisoner_moves(state, seat):
            return _("Aucun coup possible : passez.")
        return _("Déplacez un prisonnier vers le bateau.")
    return ""


def score_text(score: float) -> str:
    count = int(score)
    return ngettext(
        "%(n)d prisonnier dans le bateau", "%(n)d prisonniers dans le bateau", count
    ) % {"n": count}


outcome_reason = None  # the end screen says OUTCOME_REASONS[outcome.reason]


def describe_move(before, after, seat: int, move: dict) -> str:
    return " ".join(describe_event(event) for event in after.events)
