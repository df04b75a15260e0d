"""Pow Wow's French texts (English in ``locale/``): rules broken, outcomes, roles, log lines.

Log lines are built from the public events of the move (``after.events``) and never name a card
while the game is on: a swap is "le joueur 1 échange une carte avec le joueur 3", nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

RULE_MESSAGES = {
    "game_over": gettext_lazy("La partie est terminée."),
    "not_your_turn": gettext_lazy("Ce n'est pas à vous de jouer."),
    "malformed_move": gettext_lazy("Ce coup est mal formé."),
    "must_roll": gettext_lazy("Le lanceur doit d'abord lancer les dés."),
    "must_take_die": gettext_lazy("Prenez d'abord un des dés."),
    "die_not_available": gettext_lazy("Aucun dé restant ne montre cette couleur."),
    "must_swap_or_decline": gettext_lazy(
        "Case mocassins : échangez une carte ou renoncez à l'échange."
    ),
    "no_prediction_stone": gettext_lazy("Vous n'avez pas de pierre de prédiction à utiliser."),
    "must_advance": gettext_lazy("Déplacez une pierre de progression."),
    "stone_waits_at_end": gettext_lazy(
        "Cette pierre attend au bout de son couloir que les cinq y soient arrivées."
    ),
    "back_only_on_dark": gettext_lazy("Un Indien ne recule que depuis une case foncée."),
    "back_past_start": gettext_lazy("Un Indien ne recule jamais au-delà de la case de départ."),
    "card_not_in_hand": gettext_lazy("Vous ne pouvez donner qu'une de vos propres cartes."),
    "bad_swap_target": gettext_lazy("Échangez avec un autre joueur (ou le tas neutre à deux)."),
}

OUTCOME_REASONS = {
    "indian_finished": gettext_lazy("un Indien a atteint l'arrivée"),
    "card_in_neutral_pile": gettext_lazy(
        "l'Indien arrivé avait sa carte dans le tas neutre : personne ne gagne"
    ),
    "max_plies": gettext_lazy("la partie a atteint sa durée maximale : personne ne gagne"),
}

ROLE_LABELS = {
    "roller": gettext_lazy("lance les dés"),
    "player": gettext_lazy("joueur"),
}

OPTION_LABELS = {"first_roller": gettext_lazy("Premier lanceur de dés")}
OPTION_CHOICE_LABELS = {
    "first_roller": {0: gettext_lazy("joueur 1"), "random": gettext_lazy("tiré au sort")}
}

COLOUR_NAMES = {
    "red": gettext_lazy("rouge"),
    "yellow": gettext_lazy("jaune"),
    "green": gettext_lazy("vert"),
    "blue": gettext_lazy("bleu"),
    "black": gettext_lazy("noir"),
    "white": gettext_lazy("blanc"),
}
POWWOW_CARD = gettext_lazy("POW WOW")

HOUSE_RULES = (
    (
        gettext_lazy("Le parcours"),
        gettext_lazy(
            "Le parcours va de la case 0 (la flèche) à la case 48 (le double trait). Cases "
            "pierres : 8, 20, 32 et 44 ; cases mocassins : 14, 26 et 38. Un déplacement de zéro "
            "case ne déclenche rien ; un Indien qui finit sur une case spéciale en reculant en "
            "profite aussi."
        ),
    ),
    (
        gettext_lazy("Le tipi"),
        gettext_lazy(
            "Couloirs A à E de gauche à droite, du centre vers l'extérieur : A et E 1, 3, 4, 6, "
            "7 ; B et D 1, 2, 4, 5, 6 ; C 2, 3, 5, 6, 8. Le centre vaut 0. Cases foncées : le "
            "centre et les anneaux 2 et 4. Quand la cinquième pierre atteint le bord, les cinq "
            "repartent ensemble vers le centre, puis de nouveau vers le bord."
        ),
    ),
    (
        gettext_lazy("Reculer"),
        gettext_lazy(
            "Un Indien peut reculer exactement jusqu'à la case de départ, jamais au-delà. Une "
            "pierre qui entre au centre fait avancer l'Indien de 0 case."
        ),
    ),
    (
        gettext_lazy("Les pierres de prédiction"),
        gettext_lazy(
            "Le tas compte 25 pierres ; un tas vide ne donne plus rien. On les utilise au début "
            "de son déplacement, avant de bouger une pierre de progression, autant qu'on veut, "
            "une à une, relances et échanges mélangés. Toute pierre utilisée retourne au tas."
        ),
    ),
    (
        gettext_lazy("L'échange"),
        gettext_lazy(
            "Celui qui échange choisit la carte qu'il donne ; celle qu'il prend est tirée au "
            "hasard dans la main choisie (ou le tas neutre à deux joueurs) ; le joueur volé ne "
            "choisit rien. Le journal dit seulement qui a échangé avec qui."
        ),
    ),
    (
        gettext_lazy("Le tour de table"),
        gettext_lazy(
            "On tourne dans l'ordre des joueurs (joueur 1, 2, 3…). Le dernier joueur reçoit le "
            "dernier dé sans choisir. La partie s'arrête dès qu'un Indien atteint la case 48, "
            "même au milieu d'un round."
        ),
    ),
    (
        gettext_lazy("Durée maximale"),
        gettext_lazy(  # (state.MAX_PLIES)
            "Une partie où aucun Indien n'est arrivé après 2 000 coups s'arrête : personne ne "
            "gagne."
        ),
    ),
)

LEVEL_DESCRIPTIONS = {
    "beginner": gettext_lazy(
        "Joue le meilleur coup immédiat pour ses propres cartes et se débarrasse de ses cartes "
        "POW WOW. Mesuré contre des joueurs qui jouent au hasard : il gagne de 92 à 97 % des "
        "parties selon le nombre de joueurs (100 parties ou plus à chaque nombre)."
    ),
    "intermediate": gettext_lazy(
        "Imagine les cartes des autres au hasard et essaie plusieurs suites possibles. Mesuré "
        "contre le débutant, il n'est pas plus fort que lui (de 41 à 50 % des parties, 126 à 400 "
        "parties à chaque nombre de joueurs) : il n'est donc proposé à aucune table."
    ),
    "strong": gettext_lazy(
        "Devine qui tient quelle carte d'après la façon dont chacun déplace les Indiens et "
        "essaie de nombreuses suites possibles. Mesuré contre le débutant : il gagne 65 % de "
        "100 parties à cinq joueurs et 74 % de 100 parties à six. À trois joueurs, 55 % de 110 "
        "parties, trop peu pour dire qu'il est plus fort ; à deux et quatre joueurs, il n'a pas "
        "encore été mesuré."
    ),
}


def seat_name(index: Any) -> str:
    """A seat as the whole play page names it (« Joueur 2 »), inside a sentence."""
    return _("le joueur %(n)d") % {"n": index + 1}


def colour_name(colour: str) -> str:
    return str(COLOUR_NAMES.get(colour, colour))


def card_name(card: str) -> str:
    return str(POWWOW_CARD) if card == "powwow" else colour_name(card)


def describe_events(events: list[Mapping[str, Any]]) -> str:
    """The log line of a move's public events, each sentence starting with a capital."""
    return " ".join(_capitalised(_event(e)) for e in events)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def _event(e: Mapping[str, Any]) -> str:
    kind = e["kind"]
    values: dict[str, Any] = {}
    if "seat" in e:
        values["seat"] = seat_name(e["seat"])
    if "colour" in e:
        values["colour"] = colour_name(e["colour"])
    if kind == "roll":
        dice = ", ".join(colour_name(c) for c in e["dice"])
        return _("%(seat)s lance les dés : %(dice)s.") % {**values, "dice": dice}
    if kind == "take":
        return _("%(seat)s prend le dé %(colour)s.") % values
    if kind == "last_die":
        return _("%(seat)s reçoit le dernier dé, %(colour)s.") % values
    if kind == "reroll":
        return (
            _("%(seat)s utilise une pierre de prédiction et relance son dé : %(colour)s.") % values
        )
    if kind == "swap":
        target = _("le tas neutre") if e["target"] == "neutral" else seat_name(e["target"])
        values["target"] = target
        if e.get("paid"):
            return (
                _("%(seat)s utilise une pierre de prédiction et échange une carte avec %(target)s.")
                % values
            )
        return _("%(seat)s échange une carte avec %(target)s.") % values
    if kind == "advance":
        values.update(corridor=e["corridor"], number=e["number"], to=e["to"])
        if e["back"]:
            text = ngettext(
                "%(seat)s amène la pierre %(corridor)s sur le %(number)d : l'Indien %(colour)s "
                "recule de %(number)d case, jusqu'à la case %(to)d.",
                "%(seat)s amène la pierre %(corridor)s sur le %(number)d : l'Indien %(colour)s "
                "recule de %(number)d cases, jusqu'à la case %(to)d.",
                e["number"],
            )
        else:
            text = ngettext(
                "%(seat)s amène la pierre %(corridor)s sur le %(number)d : l'Indien %(colour)s "
                "avance de %(number)d case, jusqu'à la case %(to)d.",
                "%(seat)s amène la pierre %(corridor)s sur le %(number)d : l'Indien %(colour)s "
                "avance de %(number)d cases, jusqu'à la case %(to)d.",
                e["number"],
            )
        return text % values
    if kind == "stones_turn":
        return _("Les cinq pierres de progression repartent dans l'autre sens.")
    if kind == "stone":
        return _("%(seat)s reçoit une pierre de prédiction.") % values
    if kind == "moccasin":
        return _("Case mocassins : %(seat)s peut échanger une carte.") % values
    if kind == "decline":
        return _("%(seat)s garde ses cartes.") % values
    if kind == "finish":
        if e["winner"] is None:
            return (
                _(
                    "L'Indien %(colour)s arrive : sa carte est dans le tas neutre, "
                    "personne ne gagne."
                )
                % values
            )
        values["winner"] = seat_name(e["winner"])
        return _("L'Indien %(colour)s arrive : %(winner)s tient sa carte et gagne !") % values
    if kind == "max_plies":
        return _("%(plies)d coups joués, la durée maximale : personne ne gagne.") % {
            "plies": e["plies"]
        }
    return str(kind)


def play_texts() -> dict[str, Any]:
    """Strings for the board script (``ctx.T.game``), in the active language."""
    return {
        "colours": {key: str(value) for key, value in COLOUR_NAMES.items()},
        "powwow": str(POWWOW_CARD),
        "neutral": _("le tas neutre"),
        "board": _("Plateau de Pow Wow : le tipi et le parcours des Indiens"),
        "tipi": _("Le tipi"),
        "track": _("Le parcours"),
        "cell": _("Couloir %s, anneau %s : %s"),
        "dark": _("case foncée"),
        "light": _("case claire"),
        "stoneHere": _("pierre de progression"),
        "backToo": _("on peut aussi reculer"),
        "indian": _("Indien %s, case %s"),
        "square": _("case %s"),
        "stoneSquare": _("case pierre"),
        "moccasinSquare": _("case mocassins"),
        "start": _("départ"),
        "finish": _("arrivée"),
        "dice": _("Dés à choisir"),
        "takenDice": _("Dés choisis"),
        "yourCards": _("Vos cartes"),
        "cardsOf": _("Cartes du %s"),
        "hiddenCard": _("carte cachée"),
        "neutralPile": _("Tas neutre (2 cartes cachées)"),
        "known": _("Vous savez que %s tient la carte %s."),
        "stones": _("Pierres de prédiction : %s"),
        "supply": _("Tas de pierres : %s"),
        "outward": _("Les pierres avancent vers le bord."),
        "inward": _("Les pierres reviennent vers le centre."),
        "roll": _("Lancer les dés"),
        "take": _("Prendre le dé %s"),
        "advance": _("Pierre %s sur le %s : l'Indien %s avance de %s"),
        "back": _("Pierre %s sur le %s : l'Indien %s recule de %s"),
        "reroll": _("Utiliser une pierre : relancer le dé"),
        "swapPaid": _("Utiliser une pierre : donner %s et piocher chez %s"),
        "swap": _("Donner %s et piocher chez %s"),
        "decline": _("Garder mes cartes"),
        "die": _("dé %s"),
        "seatLabel": _("joueur %s"),
        "roller": _("lance les dés"),
        # The position in words, under the board (issue 39).
        "summaryIndians": _("Indiens : %s."),
        "summaryIndian": _("%s case %s"),
        "summaryTipi": _("Tipi : %s."),
        "summaryCorridor": _("couloir %s anneau %s"),
        "summaryDice": _("Dés à choisir : %s."),
        "summarySeat": _("%s : %s ; %s."),
        "none": _("aucun"),
        "noDie": _("aucun dé"),
    }


HELP_TEXT = gettext_lazy(
    "Les dés, les échanges et les pierres de prédiction sont des boutons sous le plateau ; pour "
    "déplacer un Indien, touchez une pierre du tipi puis la case où l'amener."
)


def prompt(state: Any, seat: int) -> str:
    """What the status line asks of ``seat`` in this phase of the round."""
    if state.phase == "roll":
        return _("Lancez les dés.")
    if state.phase == "draft":
        return _("Choisissez un dé.")
    if state.phase == "moccasin":
        return _("Case mocassins : échangez une carte avec un autre joueur, ou gardez vos cartes.")
    if state.phase == "move":
        values = {"colour": colour_name(state.taken[seat] or "")}
        if state.stones[seat]:
            return (
                _(
                    "Déplacez une pierre du tipi pour faire bouger l'Indien %(colour)s, ou "
                    "utilisez une pierre de prédiction."
                )
                % values
            )
        return _("Déplacez une pierre du tipi pour faire bouger l'Indien %(colour)s.") % values
    return ""


OPTION_REFUSALS: dict[str, Any] = {}
outcome_reason = None  # the end screen says OUTCOME_REASONS[outcome.reason]
score_text = None  # the score as a number


def describe_move(before: Any, after: Any, seat: int, move: Mapping[str, Any]) -> str:
    return describe_events(after.events)
