"""French (translatable) texts of Bataclan: rule messages, outcomes, roles, options, log lines."""

from __future__ import annotations

from typing import Any

from django.utils.formats import get_format, number_format
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from play.games.base import grouped

from .engine import UNTIMED_STEADINESS
from .state import DEFAULT_TURN_LIMIT, MAX_PLIES

RULE_MESSAGES = {
    "game_over": gettext_lazy("La partie est terminée."),
    "not_your_turn": gettext_lazy("Ce n'est pas à vous de jouer."),
    "malformed_move": gettext_lazy("Ce coup est mal formé."),
    "not_canonical": gettext_lazy("Ce coup n'est pas écrit sous sa forme permise."),
    "roll_first": gettext_lazy("Lancez d'abord vos dés."),
    "already_rolled": gettext_lazy("Vous avez déjà lancé : posez un dé ou arrêtez-vous."),
    "founding_rolls_all": gettext_lazy(
        "Tant que la pile n'est pas commencée, on lance tous ses dés."
    ),
    "keep_unrolled": gettext_lazy("On ne garde que des dés de son lancer précédent."),
    "reroll_one": gettext_lazy("Il faut relancer au moins un dé."),
    "bad_die": gettext_lazy("Ce n'est pas un de vos dés."),
    "wrong_value": gettext_lazy(
        "Ce dé ne convient pas : la pile monte dans l'ordre G, 2, 3, 4, 5, 6 (le G remplace tout)."
    ),
    "bad_steadiness": gettext_lazy("La stabilité est un nombre de 0 à 1."),
    "place_one": gettext_lazy("Vous devez poser au moins un dé quand vous le pouvez."),
    "untimed_steadiness": gettext_lazy(
        "Dans une partie sans geste, chaque dé est posé avec la même stabilité."
    ),
}

OUTCOME_REASONS = {
    "first_out": gettext_lazy("premier joueur débarrassé de tous ses dés"),
    "finishing_order": gettext_lazy("classement dans l'ordre où chacun a posé son dernier dé"),
    "turn_limit": gettext_lazy("limite de tours atteinte : classement au nombre de dés"),
    "max_plies": gettext_lazy("durée maximale de la partie atteinte : classement au nombre de dés"),
}

ROLE_LABELS = {
    "starter": gettext_lazy("premier joueur"),
    "player": gettext_lazy("joueur"),
}

OPTION_LABELS = {
    "ranking": gettext_lazy("Classement des suivants"),
    "turn_limit": gettext_lazy("Nombre maximal de tours"),
    "untimed": gettext_lazy(
        "Sans geste minuté : chaque dé est posé avec une stabilité fixe et modeste (pour tous)"
    ),
}

OPTION_CHOICE_LABELS = {
    "untimed": {
        False: gettext_lazy("non : chacun arrête le curseur"),
        True: gettext_lazy("oui : stabilité fixe pour tous, sans geste"),
    },
    "ranking": {
        "order": gettext_lazy("dans l'ordre où ils posent leur dernier dé (la partie continue)"),
        "stock": gettext_lazy("au nombre de dés restants (la partie s'arrête)"),
    },
}

LEVEL_DESCRIPTIONS = {
    "beginner": gettext_lazy(
        "Main humaine peu sûre (elle appuie à 90 ms près du bon moment) ; garde les G et la "
        "suite qui prolonge la pile, estime avant chaque dé le risque de faire tomber la pile et "
        "s'arrête quand il est trop grand. Mesuré contre un joueur qui joue au hasard : il finit "
        "devant lui 76 % des fois à deux, 78 % à trois, 68 % à quatre, 71 % à cinq et 67 % à six "
        "(100 parties). À cinq joueurs, c'est le seul niveau proposé : aucun autre ne l'y a battu "
        "de façon mesurable en 400 parties."
    ),
    "intermediate": gettext_lazy(
        "Main humaine sûre (60 ms près) ; décide comme le débutant. Mesuré contre le débutant : "
        "58 % à deux joueurs (180 parties), 60 % à quatre (102 parties). À trois, cinq ou six "
        "joueurs, pas de différence mesurable en 400 parties (de 52 à 54 %) : les dés y décident, "
        "et ce niveau n'y est pas proposé."
    ),
    "strong": gettext_lazy(
        "Main très sûre mais humaine (30 ms près) ; pèse chaque dé en chances de gagner et "
        "garde ses dés de façon à ne pas devoir poser sur une pile branlante. Mesuré contre le "
        "niveau proposé en dessous de lui : 71 % contre l'intermédiaire à deux joueurs, 62 % "
        "contre le débutant à trois et 69 % à six (100 à 126 parties). Pas proposé à quatre "
        "joueurs (51 % contre l'intermédiaire en 400 parties) ni à cinq (54 % contre le "
        "débutant en 400 parties)."
    ),
}

SIZE_NAMES = {
    "standard": gettext_lazy("standard"),
    "medium": gettext_lazy("moyen"),
    "giant": gettext_lazy("géant"),
}

HOUSE_RULES = (
    (
        gettext_lazy("Partage des dés"),
        gettext_lazy(
            "À 2 joueurs, chacun reçoit 10 dés standard, 2 moyens et 2 géants ; à 3, 6 standard, "
            "1 moyen et 1 géant ; à 4, 5 standard, 1 moyen et 1 géant ; à 5, 4 standard et un gros "
            "dé tiré au hasard parmi les moyens et les géants ; à 6, 3 standard et un gros dé. Les "
            "autres dés restent dans la boîte."
        ),
    ),
    (
        gettext_lazy("Début de partie"),
        gettext_lazy(
            "Un tirage au sort désigne le premier joueur. Tant que la pile n'est pas commencée, "
            "chacun lance tous ses dés ; le premier qui obtient un G le pose et peut continuer."
        ),
    ),
    (
        gettext_lazy("Dés gardés"),
        gettext_lazy(
            "Ensuite, avant de lancer, on met de côté un à un les dés de son lancer précédent que "
            "l'on garde ; il faut en relancer au moins un. Les dés récupérés après une chute sont "
            "toujours lancés."
        ),
    ),
    (
        gettext_lazy("Lancer sans dé posable"),
        gettext_lazy("Si aucun dé du lancer ne convient, le tour passe aussitôt."),
    ),
    (
        gettext_lazy("Chutes"),
        gettext_lazy(
            "Un dé posé retombe un peu à côté du centre : d'autant plus que la pile est haute, "
            "que le dé est gros et que la main tremble. Si le centre de gravité de ce qui est "
            "au-dessus d'un dé sort de la face qui le porte, tout ce qui est au-dessus tombe. Le "
            "joueur récupère les dés tombés et son tour s'arrête. Après un écroulement complet, "
            "la pile recommence par un G."
        ),
    ),
    (
        gettext_lazy("Adresse"),
        gettext_lazy(
            "À l'écran, on arrête un curseur qui va et vient (en appuyant : le moment où l'on "
            "enfonce la touche ou le bouton compte, pas celui où on le relâche) : plus il "
            "s'arrête près du centre, plus la main est sûre. Le serveur donne à chaque dé sa "
            "propre vitesse et son propre point de départ du curseur, et calcule lui-même la "
            "stabilité d'après le moment de l'appui ; il refuse une stabilité envoyée telle "
            "quelle, un défi qui a déjà servi ou trop ancien, et un appui qui n'a pas pu avoir "
            "lieu (avant le défi ou après l'arrivée du coup). Les robots passent par le même "
            "chemin, avec une main humaine : un écart de 90 ms (débutant), 60 ms "
            "(intermédiaire) ou 30 ms (fort) autour du bon moment."
        ),
    ),
    (
        gettext_lazy("Ce que le serveur ne peut pas empêcher"),
        gettext_lazy(
            "Le serveur ne voit pas qui appuie : un programme qui lit le défi et calcule le bon "
            "moment peut appuyer à la place d'une personne et obtenir une main presque parfaite. "
            "Comme tout jeu d'adresse en ligne, une partie entre amis suppose que chacun joue "
            "lui-même ; contre les robots, tricher ne fait de tort qu'à soi."
        ),
    ),
    (
        gettext_lazy("Partie sans geste"),
        format_lazy(
            gettext_lazy(
                "Pour qui ne peut pas utiliser un geste minuté, la table peut choisir une partie "
                "sans geste : chaque dé, de chaque joueur et de chaque robot, est alors posé avec "
                "la même stabilité de {value}, celle d'une main peu sûre. Le choix est affiché à "
                "tous et rappelé dans le journal à chaque dé posé."
            ),
            value=lazy(lambda: number_format(UNTIMED_STEADINESS, 2), str)(),
        ),
    ),
    (
        gettext_lazy("Fin de partie"),
        format_lazy(
            gettext_lazy(
                "Au choix de la table, les suivants sont classés dans l'ordre où ils se "
                "débarrassent de leurs dés, ou au nombre de dés restants. Une partie s'arrête "
                "après {limit} tours : les joueurs encore en jeu sont alors classés au nombre de "
                "dés."
            ),
            limit=DEFAULT_TURN_LIMIT,
        ),
    ),
    (
        gettext_lazy("Durée maximale"),
        format_lazy(
            gettext_lazy(
                "Quelles que soient les options, une partie s'arrête après {plies} coups : les "
                "joueurs encore en jeu sont alors classés au nombre de dés."
            ),
            plies=grouped(MAX_PLIES),
        ),
    ),
)


def face_name(face: int) -> str:
    return "G" if face == 1 else str(face)


def die_name(size: str, face: int | None) -> str:
    if face is None:
        return _("dé %(size)s") % {"size": SIZE_NAMES[size]}
    return _("dé %(size)s %(face)s") % {"size": SIZE_NAMES[size], "face": face_name(face)}


def describe_move(before: Any, after: Any, seat: int, move: dict[str, Any]) -> str:
    """The public French log line of ``move`` (``after`` tells what the dice and the pile did)."""
    kind = move.get("type")
    if kind == "keep":
        size, face = before.hands[seat][move["die"]]
        return _("garde son %(die)s") % {"die": die_name(size, face)}
    if kind == "roll":
        rolled = len(before.hands[seat])
        line = ngettext("lance %(n)d dé", "lance %(n)d dés", rolled) % {"n": rolled}
        kept = len(before.kept)
        if kept:
            line += " " + ngettext("(%(n)d gardé)", "(%(n)d gardés)", kept) % {"n": kept}
        faces = next((e["faces"] for e in after.events if e["kind"] == "roll"), [])
        line += " : " + ", ".join(face_name(f) for f in faces)
        if any(e["kind"] == "stuck" for e in after.events):
            line += " — " + _("aucun dé ne convient")
        return line
    if kind == "place":
        size, face = before.hands[seat][move["die"]]
        values = {
            "die": die_name(size, face),
            "level": len(before.pile) + 1,
            "steady": number_format(move["steadiness"], 2),
        }
        if before.options.get("untimed"):
            line = _("pose un %(die)s à l'étage %(level)d (sans geste, stabilité %(steady)s)")
        else:
            line = _("pose un %(die)s à l'étage %(level)d (stabilité %(steady)s)")
        line = line % values
        if face == 1 and move["as"] != 1:
            line += " — " + _("le G compte pour %(value)s") % {"value": move["as"]}
        fall = after.events[-1] if after.events[-1]["kind"] == "fall" else None
        if fall is not None:
            count = len(fall["dice"])
            if fall["full"]:
                line += " — " + ngettext(
                    "toute la pile s'écroule : il récupère %(n)d dé",
                    "toute la pile s'écroule : il récupère %(n)d dés",
                    count,
                ) % {"n": count}
            else:
                line += " — " + ngettext(
                    "la pile tombe à partir de l'étage %(level)d : il récupère %(n)d dé",
                    "la pile tombe à partir de l'étage %(level)d : il récupère %(n)d dés",
                    count,
                ) % {"level": fall["level"] + 1, "n": count}
        if seat in after.finished and seat not in before.finished:
            line += " — " + _("il a posé son dernier dé !")
        return line
    return _("s'arrête")


def play_texts() -> dict[str, Any]:
    """Strings for the board script (``T.game``)."""
    return {
        "pileLabel": _("La pile de dés, vue de côté"),
        "pileEmpty": _("La pile est vide : elle commence par un G."),
        "pileDie": _("étage %(level)s : %(die)s, décalé de %(offset)s"),
        "wildDie": _("un G qui compte pour %(value)s"),
        "needed": _("La pile attend : %(value)s (ou un G)"),
        "neededG": _("La pile attend un G pour commencer."),
        "hand": _("Dés de %(name)s"),
        "yourHand": _("Vos dés"),
        "kept": _("Dés mis de côté"),
        "notRolled": _("à lancer"),
        "keep": _("Garder %(die)s"),
        "roll": _("Lancer les dés"),
        "stop": _("S'arrêter"),
        "place": _("Poser %(die)s"),
        "placeWild": _("Poser %(die)s comme %(value)s"),
        "steady": _("stabilité %(value)s"),
        "gestureTitle": _("Posez le dé : arrêtez le curseur au centre"),
        "gestureHelp": _(
            "Le curseur va et vient : appuyez sur Espace ou Entrée, ou appuyez sur « Poser », au "
            "moment où il passe au centre (c'est l'instant où vous enfoncez qui compte). Plus il "
            "est près du centre, plus votre main est sûre. Si vous ne pouvez pas suivre un "
            "curseur, choisissez une partie sans geste en créant la table."
        ),
        "gestureStop": _("Poser"),
        "gestureCancel": _("Annuler"),
        "gestureWaiting": _("Préparation du curseur…"),
        "gestureSent": _("Appui envoyé : le serveur mesure la stabilité."),
        "untimedValue": number_format(UNTIMED_STEADINESS, 2),
        "gestureTrack": _("Curseur : %(where)s"),
        "gestureLeft": _("à gauche"),
        "gestureRight": _("à droite"),
        "gestureCentre": _("au centre, appuyez !"),
        "placedSteady": _("%(name)s a posé un dé avec une stabilité de %(value)s."),
        "untimedNote": _(
            "Partie sans geste : chaque dé est posé avec la même stabilité, %(value)s."
        ),
        "fall": _("Chute ! %(name)s récupère %(n)s dé(s)."),
        "fullFall": _("Toute la pile s'est écroulée ! %(name)s récupère %(n)s dé(s)."),
        "stuck": _("%(name)s n'a aucun dé qui convient."),
        "out": _("%(name)s a posé son dernier dé !"),
        "diceLeft": _("%(n)s dé(s)"),
        "finished": _("terminé"),
        "sizes": {size: str(label) for size, label in SIZE_NAMES.items()},
        "die": _("dé %(size)s %(face)s"),
        "dieUnrolled": _("dé %(size)s"),
        "decimal": get_format("DECIMAL_SEPARATOR"),
        "choose": _("Choisissez un dé de votre main à poser ou à garder."),
        # The position in words, under the board (issue 39).
        "summaryPile": _("Pile : %(n)s dé(s)."),
        "summarySeat": _("%(name)s : %(left)s"),
        "summaryHand": _("Dés en jeu de %(name)s : %(dice)s."),
    }


HELP_TEXT = gettext_lazy(
    "Choisissez un dé avec les boutons sous la pile ; pour poser, arrêtez le curseur qui oscille "
    "au plus près du centre (Espace, Entrée ou « Poser ») : plus il est près, plus la pile tient."
)


def prompt(state: Any, seat: int) -> str:
    """What the status line asks of ``seat``: roll, keep, or choose a die for the pile."""
    if state.phase == "roll":
        if not state.founded:
            return _("Lancez tous vos dés : la pile commence par un G.")
        from .engine import keep_choices

        if keep_choices(state):
            return _("Gardez les dés que vous voulez, puis lancez les autres.")
        return _("Lancez vos dés.")
    if state.phase == "place":
        if not state.pile:
            return _("Choisissez un dé : la pile commence par un G.")
        value = {"value": face_name(state.needed)}
        if state.placed:
            return (
                _("Choisissez un autre dé (la pile attend un %(value)s ou un G), ou arrêtez-vous.")
                % value
            )
        return _("Choisissez un dé : la pile attend un %(value)s ou un G.") % value
    return ""


OPTION_REFUSALS: dict[str, Any] = {}
outcome_reason = None  # the end screen says OUTCOME_REASONS[outcome.reason]
score_text = None  # the score as a number
