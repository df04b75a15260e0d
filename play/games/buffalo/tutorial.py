"""Prairie / Buffalo's guided first game: the learner plays the chief and his dogs against
scripted buffalo, from the record's set-up to the last buffalo taken (play.games.tutorial)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from play.games.tutorial import Tutorial, TutorialStep

BUFFALO, INDIANS = 0, 1


def _chief_captures(engine, state, seat) -> list[dict]:
    """The chief's captures from where he stands."""
    data = engine.to_dict(state)
    return [
        move
        for move in engine.legal_moves(state, seat)
        if move["from"] == data["chief"] and move["to"] in data["buffalo"]
    ]


def _captures(engine, before, after) -> bool:
    """The chief stands where a buffalo stood, and that buffalo is off the board."""
    chief = engine.to_dict(after)["chief"]
    was, now = engine.to_dict(before)["buffalo"], engine.to_dict(after)["buffalo"]
    return chief in was and chief not in now and len(now) == len(was) - 1


def _blocks(column: str):
    """A dog stands right in front of the buffalo of ``column`` (row 1), which cannot move."""

    def check(engine, before, after) -> bool:
        data = engine.to_dict(after)
        return f"{column}2" in data["dogs"] and f"{column}1" in data["buffalo"]

    return check


def _chief_moved_down(engine, before, after) -> bool:
    return engine.to_dict(after)["chief"][1] == "5"


def _indians_win(engine, before, after) -> bool:
    outcome = engine.outcome(after)
    return outcome is not None and outcome.winners == (INDIANS,)


TUTORIAL = Tutorial(
    seats=2,
    learner=INDIANS,
    chance_note="",  # Prairie has no chance
    play_options={"players": 2, "seat_0": "bot:beginner", "seat_1": "local"},
    steps=(
        TutorialStep(
            _(
                "Les 11 bisons partent de la rangée du bas : si l'un d'eux atteint la rangée du "
                "haut, ils gagnent. Vous jouez le chef indien et ses 4 chiens : arrêtez-les !"
            ),
            rule="regle-buffalo-but-buffles",
            replies=((BUFFALO, {"from": "e1", "to": "e2"}),),
        ),
        TutorialStep(
            _(
                "Les bisons ont joué : un bison avance d'une case, tout droit. Votre chef "
                "avance d'une case dans n'importe quelle direction : touchez-le, puis une case "
                "vers le bas."
            ),
            moves=({"from": "f6", "to": "f5"}, {"from": "f6", "to": "e5"}),
            wrong=({"from": "f6", "to": "f7"},),
            hint=_("Descendez plutôt vers le bison qui avance."),
            rule="regle-buffalo-chef-deplacement",
            check=_chief_moved_down,
            replies=((BUFFALO, {"from": "e2", "to": "e3"}),),
        ),
        TutorialStep(
            _(
                "Un chien glisse en ligne droite, aussi loin qu'il veut, comme la reine aux "
                "échecs. Posez le chien de la colonne d juste devant le bison d1."
            ),
            moves=({"from": "d6", "to": "d2"},),
            wrong=({"from": "d6", "to": "d1"},),
            hint=_("Prenez le chien de gauche et descendez-le tout droit, juste devant le bison."),
            rule="regle-buffalo-chien-deplacement",
            check=_blocks("d"),
            replies=((BUFFALO, {"from": "e3", "to": "e4"}),),
        ),
        TutorialStep(
            _(
                "Ce bison-là est bloqué : un bison n'avance que sur une case vide. Les chiens "
                "n'entrent jamais sur la première ni sur la dernière rangée."
            ),
            rule="regle-buffalo-chiens-bloquent",
        ),
        TutorialStep(
            _(
                "Le bison de la colonne e arrive près du chef. Le chef prend un bison en allant "
                "sur sa case : prenez-le !"
            ),
            moves=_chief_captures,
            rule="regle-buffalo-chef-prend-buffle",
            hint=_("Le chef peut prendre le bison juste à côté de lui."),
            check=_captures,
            replies=((BUFFALO, {"from": "h1", "to": "h2"}),),
        ),
        TutorialStep(
            _(
                "Un chien ne prend jamais et ne saute par-dessus aucune pièce. Barrez la route au "
                "bison de h2 : posez le chien de la colonne h juste devant lui."
            ),
            moves=({"from": "h6", "to": "h3"},),
            wrong=({"from": "h6", "to": "h2"}, {"from": "e6", "to": "e3"}),
            hint=_("Descendez le chien de la colonne h tout droit, juste devant le bison."),
            rule="regle-buffalo-chien-sans-saut",
            replies=((BUFFALO, {"from": "g1", "to": "g2"}),),
        ),
        TutorialStep(
            _(
                "Un bison sur l'avant-dernière rangée ne peut plus être barré : la dernière "
                "rangée est interdite aux chiens, seul le chef peut encore le prendre."
            ),
            rule="regle-buffalo-chien-rangees-interdites",
        ),
        TutorialStep(
            _(
                "Avançons la partie : il ne reste que deux bisons, et celui de c6 va traverser. "
                "Prenez-le avec le chef !"
            ),
            arrange={
                "buffalo": ["c6", "h2"],
                "dogs": ["d2", "e6", "g6", "h3"],
                "chief": "d5",
                "side_to_move": "indians",
                "ply": 21,
                "opening_moves_left": 0,
                "opening_moved": [],
                "last_move": None,
            },
            moves=({"from": "d5", "to": "c6"},),
            wrong=({"from": "d5", "to": "c7"},),
            hint=_("Le bison de c6 est juste en diagonale du chef : prenez-le."),
            rule="regle-buffalo-but-chef",
            check=_indians_win,
        ),
        TutorialStep(
            _(
                "Gagné ! Le dernier bison est bloqué par un chien : des bisons qui ne peuvent plus "
                "avancer perdent, comme s'ils étaient tous pris."
            ),
            rule="regle-buffalo-bisons-immobilises",
        ),
        TutorialStep(
            _(
                "Vous savez jouer ! Variantes : une partie en plusieurs manches avec handicap, "
                "et des bisons bloqués qui perdent aussitôt. Jouez une vraie partie contre "
                "l'ordinateur."
            ),
            rule="regle-buffalo-plusieurs-manches",
        ),
    ),
)
