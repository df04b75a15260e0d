"""Ta Yü's French texts (English in ``locale/en``): rule messages, roles, options, log lines."""

from __future__ import annotations

from typing import Any

from django.utils.text import format_lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from .engine import square_name
from .state import MAX_BID

RULE_MESSAGES = {
    "game_over": gettext_lazy("La partie est terminée."),
    "not_your_turn": gettext_lazy("Ce n'est pas à vous de jouer."),
    "malformed_move": gettext_lazy("Ce coup est mal formé."),
    "auction_first": gettext_lazy("Les enchères d'abord : annoncez un nombre ou passez."),
    "draw_first": gettext_lazy("Prenez d'abord une pierre du talon."),
    "must_place": gettext_lazy("Posez la pierre prise : elle doit être posée si elle le peut."),
    "bad_bid": format_lazy(
        gettext_lazy("Une enchère est un nombre entier de 0 à {max_bid}."), max_bid=MAX_BID
    ),
    "bid_not_lower": gettext_lazy("Une nouvelle enchère doit être plus basse que la précédente."),
    "must_open_bidding": gettext_lazy("Le premier joueur doit ouvrir les enchères."),
    "bad_stack": gettext_lazy("Choisissez la colonne 1 ou 2 du talon."),
    "column_empty": gettext_lazy("Cette colonne du talon est vide."),
    "not_nearest_highest": gettext_lazy(
        "Prenez la pierre la plus proche du plateau et la plus haute."
    ),
    "bad_tile": gettext_lazy("Choisissez une des pierres que vous tenez."),
    "off_board": gettext_lazy("Les côtés du plateau ne peuvent être dépassés."),
    "square_taken": gettext_lazy("La pierre doit couvrir trois cases libres."),
    "first_tile_on_centre": gettext_lazy("La première pierre doit couvrir la case centrale."),
    "channel_mismatch": gettext_lazy(
        "Impasse : une ouverture doit toucher une ouverture, un bord fermé un bord fermé."
    ),
    "no_channel_extended": gettext_lazy("La pierre doit prolonger au moins un canal."),
}

OUTCOME_REASONS = {
    "higher_product": gettext_lazy("le plus grand produit des deux rives l'emporte"),
    "equal_products": gettext_lazy("les produits des deux rives sont égaux"),
    "spoiler_held": gettext_lazy("aucun bâtisseur n'a dépassé l'enchère du gêneur"),
    "bid_beaten": gettext_lazy("l'enchère du gêneur est dépassée"),
}

ROLE_LABELS = {
    "north_south": gettext_lazy("Nord et Sud"),
    "west_east": gettext_lazy("Ouest et Est"),
    "spoiler": gettext_lazy("gêneur"),
    "bidder": gettext_lazy("enchérisseur"),
}

OPTION_LABELS = {
    "supply_rule": gettext_lazy("Prise dans le talon"),
    "two_tiles": gettext_lazy("Règle des deux pierres"),
}

OPTION_CHOICE_LABELS = {
    "supply_rule": {
        "free": gettext_lazy("au choix entre les deux pierres de devant"),
        "nearest_highest": gettext_lazy("la plus proche, puis la plus haute"),
    },
    "two_tiles": {
        False: gettext_lazy("non (toujours à quatre)"),
        True: gettext_lazy("oui"),
    },
}

HOUSE_RULES = (
    (
        gettext_lazy("Les rives"),
        gettext_lazy(
            "Le premier joueur possède le Nord et le Sud, le second l'Ouest et l'Est. À quatre, "
            "les joueurs 1 et 3 forment l'équipe Nord-Sud, les joueurs 2 et 4 l'équipe Ouest-Est."
        ),
    ),
    (
        gettext_lazy("Les accolades bleues"),
        gettext_lazy(
            "Chaque rive a trois positions marquées : les 4e, 10e et 16e cases. Une ouverture sur "
            "une case de coin compte pour la rive vers laquelle elle s'ouvre. Toute ouverture sur "
            "une rive compte, même si son canal ne rejoint pas le centre."
        ),
    ),
    (
        gettext_lazy("Le talon"),
        gettext_lazy(
            "Les 112 pierres forment deux colonnes de 8 piles de 7 pierres. On voit si la pierre "
            "du dessus de chaque pile de devant porte un anneau, et on prend l'une ou l'autre "
            "(variante : la plus proche, puis la plus haute). La partie s'arrête aussi quand le "
            "talon est vide."
        ),
    ),
    (
        gettext_lazy("Les canaux"),
        gettext_lazy(
            "Deux pierres ne se touchent que par un côté commun. Prolonger un canal, c'est placer "
            "une ouverture face à une ouverture déjà posée."
        ),
    ),
    (
        gettext_lazy("À trois joueurs"),
        format_lazy(
            gettext_lazy(
                "Le joueur 1 ouvre les enchères (un nombre entier de 0 à {max_bid}) ; chacun à "
                "son tour annonce moins ou passe, et qui passe ne revient pas. Le moins offrant "
                "est le seul gêneur. Des deux bâtisseurs, le premier assis possède le Nord et le "
                "Sud. Le gêneur gagne si aucun bâtisseur ne dépasse son enchère ; sinon le "
                "meilleur bâtisseur gagne."
            ),
            max_bid=MAX_BID,
        ),
    ),
    (
        gettext_lazy("Les deux pierres"),
        gettext_lazy(
            "Chacun reçoit au départ une pierre visible, prise à l'avant du talon dans l'ordre des "
            "joueurs. La partie s'arrête quand aucune des deux pierres tenues ne peut être posée."
        ),
    ),
)

LEVEL_DESCRIPTIONS = {
    "beginner": gettext_lazy(
        "Pose la pierre là où elle rapporte le plus tout de suite. Mesuré contre un joueur qui "
        "joue au hasard : il gagne 98 % des parties à deux joueurs, 94 % à trois et 100 % à "
        "quatre (100 parties)."
    ),
    "intermediate": gettext_lazy(
        "Pour chaque pose, pèse toutes les pierres que le joueur suivant peut tirer et sa "
        "meilleure réponse. Mesuré contre le débutant : il gagne 68 % des parties à deux et à "
        "quatre joueurs (100 parties), 59 % à trois (174 parties). Le tirage pèse lourd : la "
        "même recherche, en voyant les pierres cachées, n'a gagné que 95 % (deux et quatre "
        "joueurs) et 79 % (trois) de ses parties contre un joueur qui joue comme le débutant."
    ),
    # xgettext:no-python-format
    "strong": gettext_lazy(
        "Comme l'intermédiaire, choisit aussi sa colonne du talon en anticipant la réponse "
        "adverse et, à trois joueurs, enchérit jusqu'à 16 pour être le gêneur tant que cette "
        "place vaut mieux que celle d'un bâtisseur. Pas proposé : il n'a pas été mesuré plus fort "
        "que l'intermédiaire (à trois joueurs, 54 % en 174 parties ; à deux et à quatre, 49 et "
        "46 % en 40 parties)."
    ),
}


def tile_text(kind: int) -> str:
    from .tiles import KINDS, RINGED

    points = "-".join(str(p) for p in KINDS[kind])
    return (_("pierre à anneau %s") if RINGED[kind] else _("pierre %s")) % points


def describe_move(before: Any, after: Any, seat: int, move: dict[str, Any]) -> str:
    """The French log line of a move (everything it names is public once played)."""
    kind = move.get("type")
    if kind == "bid":
        return _("annonce %(value)s.") % {"value": move["value"]}
    if kind == "pass":
        text = _("passe.")
        if after is not None and after.spoiler is not None:
            text += " " + _("Le joueur %(seat)s sera le gêneur.") % {"seat": after.spoiler + 1}
        return text
    if kind == "draw":
        tile = after.held[seat][-1] if after is not None else None
        text = _("prend une pierre dans la colonne %(column)s du talon") % {
            "column": move["stack"] + 1
        }
        if tile is not None:
            text += " : " + tile_text(tile)
        text += "."
        if after is not None and after.end == "blocked":
            text += " " + _("Elle ne peut être posée nulle part : fin de la partie.")
        return text
    if kind == "place":
        tile = before.held[seat][move.get("tile", 0)]
        return _("pose la %(tile)s en %(square)s (quart de tour : %(rotation)s).") % {
            "tile": tile_text(tile),
            "square": square_name(move["row"], move["col"]).upper(),
            "rotation": move["rotation"],
        }
    return str(move)


def play_texts() -> dict[str, Any]:
    """The board script's strings (``T.game``)."""
    return {
        "board": _("Plateau de Ta Yü, 19 cases sur 19"),
        "empty": _("vide"),
        "covered": _("couverte"),
        "open": _("ouvert vers"),
        "centre": _("case centrale"),
        "marked": _("position marquée"),
        "fits": _("la pierre peut aller ici"),
        "directions": [
            pgettext("compass", "nord"),
            pgettext("compass", "est"),
            pgettext("compass", "sud"),
            pgettext("compass", "ouest"),
        ],
        "edges": {
            "N": pgettext("compass", "Nord"),
            "E": pgettext("compass", "Est"),
            "S": pgettext("compass", "Sud"),
            "W": pgettext("compass", "Ouest"),
        },
        "rotate": _("Tourner la pierre (touche R)"),
        "rotation": _("Rotation : %s quarts de tour"),
        "supply": _("Talon"),
        "column": _("Colonne %s"),
        "height": _("%s pierres"),
        "ring": _("anneau au dos"),
        "noRing": _("sans anneau"),
        "emptyColumn": _("vide"),
        "draw": _("Prendre dans la colonne %s"),
        "drawRing": _("Prendre dans la colonne %s (anneau)"),
        "held": _("Pierres tenues"),
        "hand": _("Joueur %s"),
        "choose": _("Choisir cette pierre"),
        "placeTile": _("Poser la pierre %s en %s, rotation %s"),
        "bid": _("Annoncer %s"),
        "pass": pgettext("bidding", "Passer"),
        "auction": _("Enchère la plus basse : %s (joueur %s)"),
        "noBid": _("Aucune enchère"),
        "spoiler": _("Gêneur : joueur %s, enchère %s"),
        "scores": _("Points par rive"),
        "product": _("%s : %s × %s = %s"),
        "supplyLeft": _("%s pierres dans le talon"),
        "fitCount": _("%s places possibles"),
        "noFitHere": _("aucune place dans ce sens, tournez la pierre"),
        "askBid": _("Annoncez une enchère plus basse, ou passez."),
        "askDraw": _("Prenez une pierre dans une des deux colonnes du talon."),
        "askPlace": _(
            "Posez la pierre : son coin nord-ouest va sur une case en surbrillance (R pour la "
            "tourner)."
        ),
        "askPlaceAnyInput": _(
            "Posez la pierre : choisissez une case en surbrillance pour la voir en place, puis "
            "confirmez ; « Tourner » la fait pivoter."
        ),
        "turn": _("Tourner"),
        # The position in words, under the board (issue 39).
        "summaryPlaced": _("Pierres posées : %s."),
        "summaryHeld": _("Pierres tenues : %s."),
        "summaryScores": _("Points par rive : %s."),
        "none": _("aucune"),
        "placedAt": _("coin nord-ouest en %s"),
        "confirm": _("Valider"),
        "cancel": _("Annuler"),
        "roles": {code: str(label) for code, label in ROLE_LABELS.items()},
        "ended": {
            "blocked": _("La pierre prise ne peut être posée."),
            "supply_empty": _("Le talon est vide."),
        },
    }


HELP_TEXT = gettext_lazy(
    "Prenez une pierre dans une colonne du talon, puis touchez la case où poser son coin "
    "nord-ouest ; « Tourner la pierre » (ou la touche R) la fait pivoter."
)

END_CAUSES = {
    "blocked": gettext_lazy("la pierre tirée ne se pose nulle part"),
    "blocked_two": gettext_lazy("aucune des deux pierres tenues ne se pose nulle part"),
    "supply_empty": gettext_lazy("le talon est vide"),
}


def prompt(state: Any, seat: int) -> str:
    """What the status line asks of ``seat`` in this phase."""
    if state.phase == "bid":
        if state.bid is None:
            return _("Ouvrez les enchères : annoncez un nombre de 0 à %(max)s.") % {"max": MAX_BID}
        return _("Annoncez moins de %(bid)s, ou passez.") % {"bid": state.bid}
    if state.phase == "draw":
        return _("Prenez une pierre dans une des deux colonnes du talon.")
    if state.phase == "place":
        if len(state.held[seat]) > 1:
            return _("Choisissez une de vos pierres, puis posez-la sur une case en surbrillance.")
        return _("Posez la pierre : son coin nord-ouest va sur une case en surbrillance.")
    return ""


def outcome_reason(state: Any, outcome: Any) -> str:
    """Why the game stopped (the drawn stone fits nowhere, the supply is empty), then who won."""
    cause = state.end
    if cause == "blocked" and state.two_tiles:
        cause = "blocked_two"
    reason = OUTCOME_REASONS.get(outcome.reason, "")
    if cause in END_CAUSES:
        return _("%(cause)s ; %(reason)s") % {"cause": END_CAUSES[cause], "reason": reason}
    return str(reason)


def score_text(score: float) -> str:
    return _("produit %(value)s") % {"value": f"{score:g}"}


OPTION_REFUSALS: dict[str, Any] = {}
