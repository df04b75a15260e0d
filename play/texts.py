"""French (translatable) texts for what engines express as codes: moves in the log, broken rules.

Engines speak in codes and squares; the site speaks French by default and English on request.
Codes without an entry fall back to the engine's own (English) wording.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

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
    # Alcatraz.
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
}

# What each seat plays, where the game gives seats a side (by default options).
SEAT_NAMES = {
    "buffalo": [gettext_lazy("les bisons"), gettext_lazy("le chef indien et ses chiens")],
    "alcatraz": [
        gettext_lazy("prisonniers rouges"),
        gettext_lazy("prisonniers bleus"),
        gettext_lazy("prisonniers verts"),
        gettext_lazy("prisonniers jaunes"),
    ],
}

# Labels of the table options the setup form offers, and of their values.
OPTION_LABELS = {
    ("buffalo", "opening_buffalo_moves"): gettext_lazy(
        "Handicap : bisons déplacés au premier tour des bisons"
    ),
    ("buffalo", "buffalo_seat"): gettext_lazy("Qui joue les bisons"),
    ("buffalo", "immobilised_buffalo"): gettext_lazy("Des bisons tous bloqués perdent"),
    ("alcatraz", "alarm"): gettext_lazy("Alarme quand un prisonnier monte dans le bateau"),
    ("alcatraz", "first_player"): gettext_lazy("Qui commence"),
}
OPTION_CHOICE_LABELS = {
    ("buffalo", "buffalo_seat"): {0: gettext_lazy("place 1"), 1: gettext_lazy("place 2")},
    ("buffalo", "immobilised_buffalo"): {
        "on_their_turn": gettext_lazy("à leur tour de jouer"),
        "at_once": gettext_lazy("aussitôt"),
    },
    ("alcatraz", "first_player"): {
        0: gettext_lazy("place 1"),
        1: gettext_lazy("place 2"),
        2: gettext_lazy("place 3"),
        3: gettext_lazy("place 4"),
        "random": gettext_lazy("tiré au sort"),
    },
}

# Why a game ended, by the engines' outcome reason codes.
OUTCOME_REASONS = {
    "buffalo_crossed": gettext_lazy("un bison a traversé la prairie"),
    "all_captured": gettext_lazy("tous les bisons ont été pris"),
    "buffalo_blocked": gettext_lazy("les bisons ne peuvent plus avancer"),
    "no_legal_move": gettext_lazy("le camp au trait ne pouvait plus jouer"),
    "three_prisoners_in_boat": gettext_lazy("trois prisonniers sont dans le bateau"),
    "turn_limit": gettext_lazy("la limite de tours est atteinte"),
}

BUFFALO_PIECES = {
    "buffalo": gettext_lazy("bison"),
    "dog": gettext_lazy("chien"),
    "chief": gettext_lazy("chef"),
}


def rule_message(rule: str, fallback: str) -> str:
    message = RULE_MESSAGES.get(rule)
    return str(message) if message is not None else fallback


def describe_move(engine_slug: str, engine, before: Any, after: Any, seat: int, move: dict) -> str:
    """One public line of the move log, in the active language (``before``/``after`` the move)."""
    if engine_slug == "alcatraz":
        return " ".join(_alcatraz_event(event) for event in after.events)
    if engine_slug == "buffalo":
        from play.engines.buffalo import move_info

        info = move_info(before, move)
        text = _("%(piece)s %(from)s → %(to)s") % {
            "piece": str(BUFFALO_PIECES.get(info["piece"], info["piece"] or "?")).capitalize(),
            "from": info["from"],
            "to": info["to"],
        }
        return text + _(" (prend un bison)") if info["capture"] else text
    return engine.describe(before, seat, move)


def _seat(index: int) -> str:
    return _("place %(n)d") % {"n": index + 1}


def _alcatraz_event(e: dict) -> str:
    kind = e.get("kind")
    values = {k: v for k, v in e.items() if k != "seat"}
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
        return _("Le prisonnier de la %(seat)s en %(square)s est repris !") % values
    if kind == "board":
        return _("Un prisonnier monte dans le bateau depuis %(from)s.") % values
    if kind == "alarm_raised":
        return _("Alarme ! La %(seat)s lance le dé.") % values
    if kind == "roll":
        return (
            _("Le dé donne %(value)s : le gardien de la rangée %(value)s est en alerte.") % values
        )
    if kind == "win":
        return _("Trois prisonniers dans le bateau : la %(seat)s gagne !") % values
    if kind == "pass":
        return _("Aucun coup possible : la %(seat)s passe.") % values
    if kind == "draw":
        return _("Limite de %(turns)s tours atteinte : partie nulle.") % values
    return str(e)


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
        "round": _("manche %s"),
        "seriesRound": _("Manche %s terminée. Vainqueurs des manches : place %s."),
        "alcatraz": {
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
        },
    }
