"""Pow Wow's guided first game (« Apprendre à jouer »): four players, the learner is seat 0.

The learner holds the red card and a POW WOW card: the red Indian is theirs to bring home, the
POW WOW card theirs to get rid of. The first round is played as it falls (the roll, the draft, a
first advance); then each step jumps to a later round of the same game (``arrange``: the dice the
learner got, where the stones and Indians stand) so that each rule shows up when it is taught:
the die of an Indian that is not yours, going back from a dark cell and never past the start, the
stone that waits at the edge, a stone square, a re-roll, a moccasin square and its swap, the
finish. Chance that is played (the roll, the re-roll, the blind draw of the swap) falls from the
tutorial's ``SEED`` (a move's chance depends only on its number), chosen so that the roll shows
red, green, yellow and blue, the re-roll red, and a draw never hands the POW WOW card back.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from play.games.tutorial import ANY, Tutorial, TutorialStep

from .state import COLOURS, PREDICTION_SUPPLY

SEATS, LEARNER = 4, 0
SEED = "powwow-tutorial-189"
# The cards, dealt once: the learner's red card is the one that wins at the end.
HANDS = [["powwow", "red"], ["blue", "yellow"], ["green", "powwow"], ["black", "white"]]


def _start() -> dict[str, Any]:
    """The set-up: six Indians on the start, the five stones at the top of the tipi."""
    return {
        "seats": SEATS,
        "options": {"first_roller": 0},
        "phase": "roll",
        "round": 0,
        "roller": 0,
        "to_move": 0,
        "dice": [],
        "taken": [None] * SEATS,
        "moved": [False] * SEATS,
        "indians": dict.fromkeys(COLOURS, 0),
        "stones": dict.fromkeys("ABCDE", 0),
        "direction": 1,
        "hands": HANDS,
        "neutral": [],
        "prediction_stones": [0] * SEATS,
        "supply": PREDICTION_SUPPLY,
        "knowledge": [[] for _ in range(SEATS)],
        "history": [],
        "events": [],
        "finisher": None,
        "ply": 0,
    }


def _turn(round_: int, taken: list[str], **changes: Any) -> dict[str, Any]:
    """A later round, at the learner's move: the dice drafted (``taken`` by seat), the seats
    before the learner in the round's order (from its roller, ``round_ % SEATS``) done."""
    roller = round_ % SEATS
    done = (LEARNER - roller) % SEATS  # seats that moved before the learner this round
    moved = [(seat - roller) % SEATS < done for seat in range(SEATS)]
    return {
        "round": round_,
        "roller": roller,
        "phase": "move",
        "to_move": LEARNER,
        "dice": [],
        "taken": taken,
        "moved": moved,
        "events": [],
        **changes,
    }


def _advance(corridor: str, back: bool = False) -> dict[str, Any]:
    return {"type": "advance", "corridor": corridor, "back": back}


def _d(engine, state) -> dict[str, Any]:
    return engine.to_dict(state)


def _red_moved_forward(engine, before, after) -> bool:
    return _d(engine, after)["indians"]["red"] > _d(engine, before)["indians"]["red"]


def _blue_went_back(engine, before, after) -> bool:
    return _d(engine, after)["indians"]["blue"] < _d(engine, before)["indians"]["blue"]


def _yellow_on_start(engine, before, after) -> bool:
    was, now = _d(engine, before)["indians"]["yellow"], _d(engine, after)["indians"]["yellow"]
    return was > 0 and now == 0


def _stones_turned(engine, before, after) -> bool:
    return _d(engine, before)["direction"] == 1 and _d(engine, after)["direction"] == -1


def _stone_won(engine, before, after) -> bool:
    gained = _d(engine, after)["prediction_stones"][LEARNER]
    return gained == _d(engine, before)["prediction_stones"][LEARNER] + 1


def _rerolled_red(engine, before, after) -> bool:
    was, now = _d(engine, before), _d(engine, after)
    spent = now["prediction_stones"][LEARNER] == was["prediction_stones"][LEARNER] - 1
    return spent and now["supply"] == was["supply"] + 1 and now["taken"][LEARNER] == "red"


def _on_moccasins(engine, before, after) -> bool:
    now = _d(engine, after)
    return now["phase"] == "moccasin" and now["indians"]["red"] == 26


def _powwow_given(engine, before, after) -> bool:
    hand = _d(engine, after)["hands"][LEARNER]
    return "powwow" in _d(engine, before)["hands"][LEARNER] and "powwow" not in hand


def _learner_wins(engine, before, after) -> bool:
    outcome = engine.outcome(after)
    return outcome is not None and outcome.winners == (LEARNER,)


STEPS = (
    TutorialStep(
        _(
            "Six Indiens font la course autour du tipi, de la flèche (case 0) jusqu'à la case "
            "48. Si l'Indien d'une de vos cartes arrive le premier, vous gagnez !"
        ),
        rule="regle-powwow-parcours",
    ),
    TutorialStep(
        _(
            "Chaque round commence par un lancer : un dé de couleur par joueur. Vous êtes le "
            "lanceur : touchez « Lancer les dés »."
        ),
        moves=({"type": "roll"},),
        check=lambda engine, before, after: len(_d(engine, after)["dice"]) == SEATS,
        rule="regle-powwow-lancer-les-des",
    ),
    TutorialStep(
        _(
            "Vous êtes le joueur 1. Vos deux cartes, rouge et POW WOW, sont secrètes : les "
            "autres ne les voient pas, et vous ne voyez pas les leurs."
        ),
        rule="regle-powwow-cartes-cachees",
    ),
    TutorialStep(
        _(
            "Le lanceur choisit son dé le premier, puis chacun à son tour ; le dernier prend le "
            "dé qui reste. Touchez le dé rouge : c'est la couleur de votre carte."
        ),
        moves=({"type": "take", "colour": "red"},),
        hint=_("Prenez plutôt le dé rouge : l'Indien rouge est le vôtre."),
        replies=(
            (1, {"type": "take", "colour": "green"}),
            (2, {"type": "take", "colour": "yellow"}),
        ),
        check=lambda engine, before, after: _d(engine, after)["taken"][LEARNER] == "red",
        rule="regle-powwow-choix-d-un-de",
    ),
    TutorialStep(
        _(
            "Touchez un couloir du tipi : sa pierre descend d'une case. Le nombre qu'elle "
            "atteint dit de combien de cases votre Indien rouge avance."
        ),
        moves=ANY,
        replies=((1, _advance("A")), (2, _advance("C")), (3, _advance("E"))),
        check=_red_moved_forward,
        rule="regle-powwow-avancer-une-pierre",
    ),
    TutorialStep(
        _(
            "Quelques rounds plus tard, vous êtes le dernier à choisir : vous recevez le dé qui "
            "reste, le bleu. Vous devez déplacer l'Indien bleu, même sans avoir sa carte."
        ),
        arrange=_turn(
            5,
            ["blue", "black", "green", "yellow"],
            indians={"red": 9, "yellow": 2, "green": 12, "blue": 7, "black": 5, "white": 3},
            stones={"A": 1, "B": 1, "C": 2, "D": 1, "E": 2},
        ),
        rule="regle-powwow-indien-de-son-de",
    ),
    TutorialStep(
        _(
            "Quand la pierre arrive sur une case foncée, l'Indien peut reculer au lieu "
            "d'avancer. Le bleu n'est pas à vous : touchez un bouton « recule » sous le plateau."
        ),
        moves=(_advance("A", True), _advance("B", True), _advance("D", True)),
        wrong=(_advance("C", True),),
        hint=_("Cette fois, faites reculer l'Indien bleu avec un bouton « recule »."),
        check=_blue_went_back,
        rule="regle-powwow-avancer-ou-reculer",
    ),
    TutorialStep(
        _(
            "Un Indien ne recule jamais derrière la flèche du départ. Votre dé est jaune et le "
            "jaune est sur la case 2 : faites-le reculer juste jusqu'à la flèche."
        ),
        arrange=_turn(
            6, ["yellow", "black", "white", "green"], stones={"A": 1, "B": 1, "C": 3, "D": 2}
        ),
        moves=(_advance("B", True),),
        wrong=(_advance("A", True),),
        hint=_("Faites reculer le jaune de 2 cases, pas plus : il s'arrête sur la flèche."),
        replies=((1, _advance("D")),),
        check=_yellow_on_start,
        rule="regle-powwow-pas-au-dela-du-depart",
    ),
    TutorialStep(
        _(
            "Plus tard : une pierre arrivée au bord du tipi attend que les cinq y soient, puis "
            "toutes remontent. Votre dé est rouge : touchez la seule pierre qui peut encore "
            "descendre."
        ),
        arrange=_turn(
            7,
            ["red", "white", "yellow", "green"],
            indians={"red": 9},
            stones={"A": 5, "B": 5, "C": 5, "D": 5, "E": 4},
        ),
        moves=(_advance("E"),),
        wrong=(_advance("C"),),
        hint=_("Seule la pierre du couloir E peut encore descendre."),
        replies=((1, _advance("B")), (2, _advance("D"))),
        check=_stones_turned,
        rule="regle-powwow-pierre-au-bout",
    ),
    TutorialStep(
        _(
            "Un Indien qui s'arrête sur une case pierre vous donne une pierre de prédiction. "
            "Amenez l'Indien rouge sur la case pierre 20 : il lui faut un 4."
        ),
        arrange=_turn(8, ["red", "black", "blue", "white"]),
        moves=(_advance("B"), _advance("D")),
        hint=_("Il faut un 4 pour arriver sur la case 20."),
        replies=((1, _advance("A")), (2, _advance("D")), (3, _advance("B"))),
        check=_stone_won,
        rule="regle-powwow-cases-pierres",
    ),
    TutorialStep(
        _(
            "Votre dé est vert, et vous n'avez pas sa carte. Avant de bouger une pierre du tipi, "
            "rendez une pierre de prédiction pour relancer le dé : touchez « relancer le dé »."
        ),
        arrange=_turn(
            9,
            ["green", "yellow", "black", "blue"],
            stones={"A": 3, "B": 1, "C": 5, "D": 2, "E": 5},
        ),
        moves=({"type": "reroll"},),
        hint=_("Relancez d'abord le dé avec votre pierre de prédiction."),
        check=_rerolled_red,
        rule="regle-powwow-relancer-le-de",
    ),
    TutorialStep(
        _(
            "Rouge ! Une case mocassins permet d'échanger une carte : amenez l'Indien rouge sur "
            "la case 26, il lui faut un 6."
        ),
        moves=(_advance("C"), _advance("E")),
        hint=_("Il faut un 6 pour arriver sur la case mocassins 26."),
        check=_on_moccasins,
        rule="regle-powwow-cases-mocassins",
    ),
    TutorialStep(
        _(
            "Votre carte POW WOW ne fait gagner aucun Indien : qui en tient deux ne peut pas "
            "gagner. C'est le moment de vous en débarrasser."
        ),
        rule="regle-powwow-cartes-pow-wow",
    ),
    TutorialStep(
        _(
            "Donnez votre carte POW WOW à un joueur : touchez un bouton « Donner POW WOW ». En "
            "échange, vous piochez une de ses cartes au hasard."
        ),
        moves=tuple({"type": "swap", "give": "powwow", "target": seat} for seat in (1, 2, 3)),
        hint=_("Donnez plutôt votre carte POW WOW : elle ne fait gagner personne."),
        check=_powwow_given,
        rule="regle-powwow-echange-de-cartes",
    ),
    TutorialStep(
        _(
            "Plus tard, vous avez gagné une autre pierre de prédiction. Au début de votre tour, "
            "elle permet aussi d'échanger une carte, comme sur une case mocassins."
        ),
        arrange=_turn(
            14,
            ["red", "green", "white", "blue"],
            indians={"red": 44, "yellow": 30, "green": 35, "blue": 27, "black": 33, "white": 22},
            stones={"A": 3, "B": 2, "C": 3, "D": 2, "E": 3},
            direction=1,
            prediction_stones=[1, 0, 1, 0],
            supply=PREDICTION_SUPPLY - 2,
        ),
        rule="regle-powwow-echanger-avec-une-pierre",
    ),
    TutorialStep(
        _(
            "Le rouge est sur la case 44 : amenez-le à l'arrivée, pas besoin du compte exact. "
            "Dès qu'un Indien arrive, la partie s'arrête et celui qui a sa carte gagne."
        ),
        moves=tuple(_advance(corridor) for corridor in "ABCDE"),
        hint=_("Pas besoin de pierre de prédiction : touchez un couloir du tipi."),
        check=_learner_wins,
        rule="regle-powwow-fin-du-jeu",
    ),
    TutorialStep(
        _(
            "Vous avez la carte rouge : vous gagnez ! À deux joueurs, deux cartes restent "
            "cachées dans un tas neutre ; le premier lanceur peut aussi être tiré au sort."
        ),
        rule="regle-powwow-variante-deux-joueurs",
    ),
)

TUTORIAL = Tutorial(
    seats=SEATS,
    learner=LEARNER,
    state=_start(),
    steps=STEPS,
    seed=SEED,
    chance_note=_(
        "Dans ce tutoriel, les dés et les cartes piochées sont prévus d'avance, pour que chaque "
        "règle arrive à son tour."
    ),
    play_options={
        "players": SEATS,
        "seat_0": "local",
        **{f"seat_{s}": "bot:beginner" for s in (1, 2, 3)},
    },
)
