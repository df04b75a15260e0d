"""Bataclan's guided first game (« Apprendre à jouer »): two players, the learner is seat 0.

The learner plays a real start against a scripted opponent: a first roll without a G (the turn
passes, the other player's too), a second one with two G, the base G, the climb 2, 3, a stop; after
the opponent's 4, a G kept and used as the joker 5, then a giant die placed with a shaking hand
that brings half the pile down. Then the tutorial jumps to the end: one die left, re-rolled, placed
last: the learner wins.

Chance is the tutorial's ``SEED``: a move's roll and landing depend only on its number, and that
seed was searched for (one of ten among ``tutorial/0`` to ``tutorial/400000``) so that the first
two rolls hold no G, the third two standard G, a 2 and a 3, the opponent's first a 4, the learner's
second roll no 5 but a giant 6, and the shaking giant's landing topples the pile from its fourth
die (a steady hand's would have held). No roll is arranged after the fact, so the log's lines and
the dice shown always agree; only the end is a jump (``END``) to a later position. The steadiness
of every placement is the tutorial's (the page shows the gesture but does not measure it): 1.0 for
the learner's first dice, 0.0 for the giant that falls.
``tests/play/games/bataclan/test_tutorial.py`` holds each of these to the engine.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from play.games.tutorial import Tutorial, TutorialStep

from .physics import GIANT, MEDIUM, STANDARD
from .state import BOX, DEFAULT_TURN_LIMIT, RANKING_ORDER, G, die_key

SEATS, LEARNER, OPPONENT = 2, 0, 1
SEED = "tutorial/314370"
ROLL: dict[str, Any] = {"type": "roll"}
STOP: dict[str, Any] = {"type": "stop"}
# The last die of the learner shows this after the end's roll (drawn from SEED at that move).
LAST_FACE = 2


def _place(die: int, value: int, steadiness: float) -> dict[str, Any]:
    return {"type": "place", "die": die, "as": value, "steadiness": steadiness}


def _keep(die: int) -> dict[str, Any]:
    return {"type": "keep", "die": die}


def _hand(*dice: tuple[str, int | None]) -> list[list]:
    return sorted(([size, face] for size, face in dice), key=die_key)


def _start() -> dict[str, Any]:
    """The set-up for two: 10 standard, 2 medium, 2 giant dice each, not rolled; seat 0 starts."""
    share = [(STANDARD, None)] * 10 + [(MEDIUM, None)] * 2 + [(GIANT, None)] * 2
    return {
        "seats": SEATS,
        "options": {"ranking": RANKING_ORDER, "turn_limit": DEFAULT_TURN_LIMIT, "untimed": False},
        "hands": [_hand(*share), _hand(*share)],
        "kept": [],
        "pile": [],
        "to_move": LEARNER,
        "starter": LEARNER,
        "phase": "roll",
        "founded": False,
        "placed": 0,
        "turn": 1,
        "finished": [],
        "events": [],
        "end_reason": None,
        "ply": 0,
    }


# The end, later in the same game: the learner has one die left (it showed a 4 last time), the
# pile is 13 dice high and waits for a 2, the opponent holds every other die.
END_PILE = [
    {"size": MEDIUM if level == 0 else STANDARD, "value": level % 6 + 1, "wild": False, "x": x}
    for level, x in enumerate(
        (0.0, 0.04, 0.02, -0.03, 0.01, 0.06, 0.03, -0.02, 0.04, 0.08, 0.05, 0.02, 0.07)
    )
]


def _end_hands() -> list[list[list]]:
    left = dict(BOX)
    for die in END_PILE:
        left[die["size"]] -= 1
    left[STANDARD] -= 1  # the learner's last die
    faces = (2, 3, 3, 5, 6, G)  # the opponent's last roll, over and over
    opponent = [
        (size, faces[i % len(faces)])
        for size in (STANDARD, MEDIUM, GIANT)
        for i in range(left[size])
    ]
    return [_hand((STANDARD, 4)), _hand(*opponent)]


END: dict[str, Any] = {
    "hands": _end_hands(),
    "kept": [],
    "pile": END_PILE,
    "to_move": LEARNER,
    "phase": "roll",
    "founded": True,
    "placed": 0,
    "turn": 31,
    "finished": [],
    "events": [],
    "end_reason": None,
}


# -- the claims ----------------------------------------------------------------------------------


def _nobody_started(engine, before, after) -> bool:
    """Neither player rolled a G: the pile is still empty and it is the learner's turn again."""
    return not after.pile and not after.founded and after.to_move == LEARNER and after.turn == 3


def _rolled_a_g(engine, before, after) -> bool:
    return after.phase == "place" and [STANDARD, G] in after.hands[LEARNER]


def _top_is(value: int, *, wild: bool = False):
    def claim(engine, before, after) -> bool:
        top = after.pile[-1] if after.pile else None
        return top is not None and top["value"] == value and top["wild"] == wild

    return claim


def _opponent_placed(engine, before, after) -> bool:
    """After the learner's stop, the opponent added a 4 and it is the learner's turn again."""
    return after.to_move == LEARNER and [d["value"] for d in after.pile] == [G, 2, 3, 4]


def _g_kept(engine, before, after) -> bool:
    return after.kept == [[STANDARD, G]] and after.phase == "roll"


def _fell(engine, before, after) -> bool:
    """The giant die toppled the pile from its 4th die: those 3 dice are back in the learner's
    hand, not rolled (« ? »)."""
    fallen = sum(1 for _size, face in after.hands[LEARNER] if face is None)
    return fallen == 3 and len(after.hands[LEARNER]) == len(before.hands[LEARNER]) + 2


def _won(engine, before, after) -> bool:
    outcome = engine.outcome(after)
    return outcome is not None and outcome.winners == (LEARNER,)


# -- the steps -----------------------------------------------------------------------------------

STEPS = (
    TutorialStep(
        _(
            "Bataclan : chacun pose ses dés sur une seule pile, qui monte, monte… "
            "Le premier qui a posé tous ses dés a gagné !"
        ),
        rule="regle-bataclan-but-du-jeu",
    ),
    TutorialStep(
        _("Vous avez 14 dés : 10 petits, 2 moyens et 2 géants. Touchez « Lancer les dés »."),
        moves=(ROLL,),
        replies=((OPPONENT, ROLL),),
        check=_nobody_started,
        rule="regle-bataclan-partage-des-des",
    ),
    TutorialStep(
        _(
            "La pile commence toujours par un G. Personne n'en a eu : la main passe, "
            "alors relancez tous vos dés !"
        ),
        moves=(ROLL,),
        check=_rolled_a_g,
        rule="regle-bataclan-la-main-passe",
    ),
    TutorialStep(
        _("Vous avez deux G ! Touchez un G, puis « Poser » quand le curseur passe au milieu."),
        moves=(_place(0, G, 1.0),),
        hint=_("Commencez la pile avec un petit G."),
        check=_top_is(G),
        rule="regle-bataclan-g-de-base",
    ),
    TutorialStep(
        _("La pile monte dans l'ordre : G, 2, 3, 4, 5, 6, puis G encore. Posez un 2."),
        moves=(_place(1, 2, 1.0),),
        # Every die that does not fit is offered, and refused by the order's rule: a 3, a 5,
        # a 6, the medium 5 and 6, the giant 6.
        wrong=tuple(_place(die, 2, 1.0) for die in (4, 5, 7, 9, 10, 12)),
        hint=_("Posez un petit 2 : gardez votre G et vos gros dés pour plus tard."),
        check=_top_is(2),
        rule="regle-bataclan-ordre-croissant",
    ),
    TutorialStep(
        _(
            "Plus vous appuyez près du milieu, plus votre main est sûre. "
            "Ici, le tutoriel décide de votre adresse : posez votre 3."
        ),
        moves=(_place(3, 3, 1.0),),
        hint=_("Posez votre 3 : gardez votre G pour plus tard."),
        check=_top_is(3),
        rule="regle-bataclan-geste-du-curseur",
    ),
    TutorialStep(
        _(
            "Après chaque dé posé, vous pouvez vous arrêter. "
            "Gardez votre G pour plus tard : touchez « S'arrêter »."
        ),
        moves=(STOP,),
        hint=_("Gardez votre G pour plus tard : touchez « S'arrêter »."),
        replies=((OPPONENT, ROLL), (OPPONENT, _place(7, 4, 0.8)), (OPPONENT, STOP)),
        check=_opponent_placed,
        rule="regle-bataclan-poser-au-moins-un-de",
    ),
    TutorialStep(
        _(
            "L'autre joueur a posé un 4. Avant de lancer, vous pouvez garder des dés : "
            "touchez votre G pour le mettre de côté."
        ),
        moves=(_keep(0),),
        hint=_("Gardez votre G : touchez-le."),
        check=_g_kept,
        rule="regle-bataclan-garder-des-des",
    ),
    TutorialStep(
        _("On ne lance qu'une fois par tour. Touchez « Lancer les dés » : votre G reste de côté."),
        moves=(ROLL,),
        hint=_("Touchez « Lancer les dés »."),
        rule="regle-bataclan-deroulement-du-tour",
    ),
    TutorialStep(
        _(
            "La pile attend un 5 et vous n'en avez pas. Le G est un joker : "
            "posez-le, il devient un 5 !"
        ),
        moves=(_place(0, 5, 1.0),),
        wrong=(STOP,),  # no 5: stop? Not before one die is placed, and the G fits
        hint=_("Posez votre G : il compte pour 5."),
        check=_top_is(5, wild=True),
        rule="regle-bataclan-face-g-joker",
    ),
    TutorialStep(
        _(
            "Plus la pile est haute, plus un dé retombe loin du milieu, surtout un gros. "
            "Posez votre dé géant : ici, votre main va trembler."
        ),
        moves=(_place(9, 6, 0.0),),
        hint=_("Posez votre dé géant 6."),
        replies=(
            (OPPONENT, ROLL),
            (OPPONENT, _place(6, 4, 0.8)),
            (OPPONENT, _place(0, 5, 0.8)),
            (OPPONENT, STOP),
        ),
        check=_fell,
        rule="regle-bataclan-ou-se-pose-le-de",
    ),
    TutorialStep(
        _(
            "Patatras ! Vous reprenez les 3 dés tombés (« ? »), votre tour s'arrête "
            "et l'autre joueur rejoue."
        ),
        rule="regle-bataclan-chute-de-la-pile",
    ),
    TutorialStep(
        _("Un dé tombé ne se garde pas : il est toujours relancé. Touchez « Lancer les dés »."),
        moves=(ROLL,),
        wrong=(_keep(6), _keep(11)),  # a fallen standard die, the fallen giant
        hint=_("Touchez « Lancer les dés »."),
        rule="regle-bataclan-mettre-de-cote",
    ),
    TutorialStep(
        _(
            "Bien plus tard, il ne vous reste qu'un dé. Il faut toujours relancer au moins un dé : "
            "touchez « Lancer les dés »."
        ),
        moves=(ROLL,),
        wrong=(_keep(0),),
        arrange=END,
        check=lambda engine, before, after: after.hands[LEARNER] == [[STANDARD, LAST_FACE]],
        rule="regle-bataclan-relancer-au-moins-un-de",
    ),
    TutorialStep(
        _("Un 2, juste ce qu'attend la pile ! Posez votre dernier dé : s'il tient, vous gagnez."),
        moves=(_place(0, LAST_FACE, 0.9),),
        check=_won,
        rule="regle-bataclan-gagnant",
    ),
    TutorialStep(
        _(
            "Bravo, vous avez gagné ! À plus de deux, les autres continuent : ils sont classés "
            "dans l'ordre où ils posent leur dernier dé."
        ),
        rule="regle-bataclan-classement",
    ),
    TutorialStep(
        _(
            "Variantes : classer les suivants au nombre de dés qui leur restent, ou jouer sans "
            "geste (la même adresse pour tous). À vous de jouer une vraie partie !"
        ),
        rule="regle-bataclan-classement-au-choix",
    ),
)

TUTORIAL = Tutorial(
    seats=SEATS,
    learner=LEARNER,
    steps=STEPS,
    state=_start(),
    seed=SEED,
    chance_note=_(
        "Ici, le tutoriel choisit les dés et la sûreté de votre main, "
        "pour que chaque règle arrive au bon moment."
    ),
    # The setup form's fields: two players, the learner against the beginner bot.
    play_options={
        "players": 2,
        "seat_0": "local",
        "seat_1": "bot:beginner",
        "option_ranking": RANKING_ORDER,
    },
)
