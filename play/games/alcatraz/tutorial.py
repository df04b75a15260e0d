"""Alcatraz's guided first game (issue 51): the learner plays red against a scripted blue.

The goal first, then one rule per step, in the order a game needs them: leaving the cell, the guard
of the row, a capture, not getting caught, moving sideways, no passing over a guard, jumping over a
prisoner, the hatched squares, the alarm (blue boards: the learner rolls the die and sends the
guard), boarding, the guard that blocks the boat and the winning third prisoner. The die the learner
rolls and the one blue rolls after the learner's boarding come from the tutorial's seed: both name
row 7 (``chance_for("alcatraz-3", 17)`` and ``(…, 20)``), which the steps say; the learner's is
also arranged, so that the step's words hold whatever the seed (the tests check they agree, since
the page describes the roll as the engine drew it).

The board, from the top: the boat, rows 1 to 8 (one guard each: e1 a2 i3 a4 i5 a6 i7 a8 at the
start), the row without a number, the cell. Each step below notes the position it leaves.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from play.games.tutorial import Tutorial, TutorialStep

RED, BLUE = 0, 1
ALARM_ROW = 7  # the row the learner's die names (seeded and arranged), and the one blue's names


def move(origin: str, target: str) -> dict[str, str]:
    return {"type": "move", "from": origin, "to": target}


def board(origin: str) -> dict[str, str]:
    return {"type": "board", "from": origin}


ROLL = {"type": "roll"}


def alarm(direction: str) -> dict[str, str]:
    return {"type": "alarm", "direction": direction}


# -- the claims: each step's words, checked on the engine's states (before, after) ---------------


def _data(engine, state) -> dict[str, Any]:
    return engine.to_dict(state)


def _guard(data: dict[str, Any], row: int) -> str:
    return data["guards"][row - 1]


def _on(data: dict[str, Any], seat: int, square: str) -> bool:
    return square in data["prisoners"][seat]


def guard_follows(engine, before, after) -> bool:
    """« le gardien de la rangée 7 avance de 2 cases vers lui »: i7 to g7, c7 safe."""
    b, a = _data(engine, before), _data(engine, after)
    return _guard(b, 7) == "i7" and _guard(a, 7) == "g7" and _on(a, RED, "c7")


def guard_catches(engine, before, after) -> bool:
    """« le prisonnier bleu sur son chemin retourne dans la cellule »: blue's h6 is caught."""
    b, a = _data(engine, before), _data(engine, after)
    return (
        _on(b, BLUE, "h6")
        and not _on(a, BLUE, "h6")
        and _guard(a, 6) == "h6"
        and _on(a, RED, "i6")
        and a["cell"][RED] == b["cell"][RED] - 1
    )


def safe_square(engine, before, after) -> bool:
    """The prisoner stops where its row's guard cannot reach it: c5, the guard on g5."""
    a = _data(engine, after)
    return _on(a, RED, "c5") and _guard(a, 5) == "g5"


def sideways(engine, before, after) -> bool:
    a = _data(engine, after)
    return _on(a, RED, "d5") and not _on(a, RED, "c5")


def below_the_guard(engine, before, after) -> bool:
    """As high as a prisoner goes in column i: i4, below the guard on i3."""
    a = _data(engine, after)
    return _on(a, RED, "i4") and _guard(a, 3) == "i3"


def over_a_prisoner(engine, before, after) -> bool:
    """Out of the cell to b7, over blue's b9, which stays."""
    b, a = _data(engine, before), _data(engine, after)
    return _on(b, BLUE, "b9") and _on(a, BLUE, "b9") and _on(a, RED, "b7")


def on_a_hatched_square(engine, before, after) -> bool:
    """Red stops on d3; blue then boards from f2, and the alarm is the learner's die."""
    b, a = _data(engine, before), _data(engine, after)
    return (
        _on(a, RED, "d3")
        and a["boat"][BLUE] == b["boat"][BLUE] + 1
        and a["phase"] == "roll"
        and a["to_move"] == RED
    )


def die_rolled(engine, before, after) -> bool:
    return _data(engine, after)["phase"] == "direction"


def guard_runs(engine, before, after) -> bool:
    """The guard of the rolled row runs to the end of its row, sending every prisoner on its way
    back to the cell (blue's h7 to the right, red's own b7 to the left); then red plays on."""
    b, a = _data(engine, before), _data(engine, after)
    columns = "abcdefghi"
    start = columns.index(_guard(b, ALARM_ROW)[0])
    end = columns.index(_guard(a, ALARM_ROW)[0])
    if b["roll"] != ALARM_ROW or end not in (0, len(columns) - 1) or end == start:
        return False
    step = 1 if end > start else -1
    path = {f"{columns[c]}{ALARM_ROW}" for c in range(start + step, end + step, step)}
    caught = [sq for squares in b["prisoners"] for sq in squares if sq in path]
    still = {sq for squares in a["prisoners"] for sq in squares}
    return bool(caught) and not path & still and a["to_move"] == RED and a["phase"] == "move"


def boards(engine, before, after) -> bool:
    b, a = _data(engine, before), _data(engine, after)
    return a["boat"][RED] == b["boat"][RED] + 1 and not _on(a, RED, "d3")


def wins(engine, before, after) -> bool:
    result = engine.outcome(after)
    return (
        result is not None and result.winners == (RED,) and _data(engine, after)["boat"][RED] == 3
    )


# -- a few turns later ----------------------------------------------------------------------------
# Two red prisoners in the boat, one on f3 (its way free), one on e2 (the guard of row 1 above it).

LATER = {
    "guards": ["e1", "c2", "g3", "g4", "f5", "h6", "a7", "c8"],
    "prisoners": [["e2", "f3"], ["b9", "h5"]],
    "cell": [0, 1],
    "boat": [2, 1],
    "to_move": RED,
    "phase": "move",
    "roll": None,
    "turn": 30,
    "boarded_turn": 28,
    "winner": None,
    "events": [],
    "recent": [],
}


TUTORIAL = Tutorial(
    seats=2,
    learner=RED,
    options={"alarm": True, "first_player": RED},
    seed="alcatraz-3",  # the dice: both name row 7
    chance_step=9,  # the chance note where the die first matters: the alarm
    chance_note=_(
        "Dans ce tutoriel, le dé est réglé d'avance, pour que chaque règle arrive à son tour."
    ),
    play_options={
        "players": 2,
        "seat_0": "local",
        "seat_1": "bot:beginner",
        "option_alarm": True,
        "option_first_player": 0,
    },
    steps=(
        # 1. The goal and the set-up.
        TutorialStep(
            _(
                "Vous jouez les 4 prisonniers rouges, enfermés dans la cellule en bas du plateau. "
                "Le premier qui fait monter 3 prisonniers dans le bateau, tout en haut, gagne !"
            ),
            rule="regle-alcatraz-but-du-jeu",
        ),
        # 2. Out of the cell, to the row without a number (no guard there).
        TutorialStep(
            _(
                "À votre tour, vous déplacez un prisonnier tout droit. Touchez la cellule, puis le "
                "losange violet juste au-dessus : votre prisonnier sort."
            ),
            moves=(move("cell", "c9"),),
            replies=((BLUE, move("cell", "h9")),),
            check=lambda engine, before, after: _on(_data(engine, after), RED, "c9"),
            rule="regle-alcatraz-sortir-de-la-cellule",
        ),
        # 3. The guard of the row follows the prisoner: i7 → g7. Blue goes to h6 (guard a6 → d6).
        TutorialStep(
            _(
                "Chaque rangée numérotée a son gardien, le pion noir. Avancez votre prisonnier de "
                "2 cases, en c7 : le gardien de la rangée 7 avance alors de 2 cases vers lui."
            ),
            moves=(move("c9", "c7"),),
            replies=((BLUE, move("h9", "h6")),),
            check=guard_follows,
            rule="regle-alcatraz-gardien-de-la-rangee",
        ),
        # 4. A capture: out of the cell to i6 (4 squares), the guard d6 → h6 catches blue.
        TutorialStep(
            _(
                "Vous pouvez aussi sortir un autre prisonnier : envoyez-le en i6. Le gardien de la "
                "rangée 6 avance de 4 cases, et le prisonnier bleu sur son chemin retourne dans la "
                "cellule !"
            ),
            moves=(move("cell", "i6"),),
            replies=((BLUE, move("cell", "f8")),),
            check=guard_catches,
            rule="regle-alcatraz-prisonnier-repris",
        ),
        # 5. Not getting caught: c4 and c1 are refused (the guard would reach the prisoner).
        TutorialStep(
            _(
                "Avancez le prisonnier de c7 vers le bateau : un seul des losanges est permis. "
                "Interdit de s'arrêter là où le gardien de la rangée vous rattraperait !"
            ),
            moves=(move("c7", "c5"),),
            wrong=(move("c7", "c4"), move("c7", "c1")),
            hint=_("Choisissez une case où le gardien ne peut pas vous rattraper."),
            replies=((BLUE, move("f8", "f4")),),
            check=safe_square,
            rule="regle-alcatraz-ne-pas-se-faire-prendre",
        ),
        # 6. Sideways along the row, never aslant.
        TutorialStep(
            _(
                "Un prisonnier peut aussi aller de côté, le long de sa rangée, mais jamais en "
                "biais. Déplacez-le d'une case vers la droite, en d5."
            ),
            moves=(move("c5", "d5"),),
            wrong=(move("c5", "d4"),),
            replies=((BLUE, move("f4", "f2")),),
            check=sideways,
            rule="regle-alcatraz-vertical-ou-horizontal",
        ),
        # 7. No passing over a guard: i2 and i1 lie beyond the guard on i3.
        TutorialStep(
            _(
                "Un prisonnier ne passe jamais par-dessus un gardien. Montez celui de i6 le plus "
                "haut possible."
            ),
            moves=(move("i6", "i4"),),
            wrong=(move("i6", "i2"), move("i6", "i1")),
            hint=_("Plus haut : jusqu'à la case juste sous le gardien."),
            replies=((BLUE, move("cell", "b9")),),
            check=below_the_guard,
            rule="regle-alcatraz-pas-par-dessus-un-gardien",
        ),
        # 8. Over a prisoner (the square counts), never onto one. Blue then goes to h7.
        TutorialStep(
            _(
                "Un prisonnier peut sauter par-dessus d'autres prisonniers, mais il s'arrête "
                "toujours sur une case libre. Sortez un prisonnier en b7, par-dessus le bleu."
            ),
            moves=(move("cell", "b7"),),
            wrong=(move("cell", "b9"),),
            replies=((BLUE, move("cell", "h7")),),
            check=over_a_prisoner,
            rule="regle-alcatraz-depasser-des-prisonniers",
        ),
        # 9. The hatched squares: d3, not straight into the boat. Blue boards from f2: alarm.
        TutorialStep(
            _(
                "Pour monter dans le bateau, un prisonnier doit d'abord s'arrêter sur une case "
                "hachurée, juste devant. Montez celui de d5 en d3."
            ),
            moves=(move("d5", "d3"),),
            wrong=(move("d5", "boat"),),
            replies=((BLUE, board("f2")),),
            check=on_a_hatched_square,
            rule="regle-alcatraz-cases-hachurees",
        ),
        # 10. The alarm: the left neighbour of the boarder (the learner) rolls the die.
        TutorialStep(
            _(
                "Un prisonnier bleu est monté dans le bateau : alarme ! Le voisin de gauche du "
                "joueur bleu lance le dé, c'est vous : touchez « Lancer le dé »."
            ),
            moves=(ROLL,),
            check=die_rolled,
            rule="regle-alcatraz-alarme",
        ),
        # 11. The guard of the rolled row runs to one end: right catches blue's h7, left red's b7.
        TutorialStep(
            _(
                "Le dé donne 7 : le gardien de la rangée 7 court jusqu'au bout, du côté que vous "
                "choisissez. Tous les prisonniers sur son chemin retournent en cellule, même les "
                "vôtres !"
            ),
            moves=(alarm("right"), alarm("left")),
            arrange={"roll": ALARM_ROW},
            check=guard_runs,
            rule="regle-alcatraz-alarme-direction-du-gardien",
        ),
        # 12. After the alarm, a normal turn: d3 boards. Blue's die then names row 7 (the seed).
        TutorialStep(
            _(
                "Après l'alarme, vous jouez votre tour. Votre prisonnier attend en d3 depuis un "
                "tour et aucun gardien n'est au-dessus de lui : touchez-le, puis le bateau."
            ),
            moves=(board("d3"),),
            replies=((BLUE, ROLL), (BLUE, alarm("left")), (BLUE, move("cell", "g9"))),
            check=boards,
            rule="regle-alcatraz-monter-dans-le-bateau",
        ),
        # 13. A few turns later: the third prisoner boards from f3; e2 is blocked by the guard e1.
        TutorialStep(
            _(
                "Votre adversaire a lancé le dé à son tour. Quelques tours plus tard, deux de vos "
                "prisonniers sont dans le bateau : faites monter le troisième, celui qu'aucun "
                "gardien ne bloque."
            ),
            moves=(board("f3"),),
            wrong=(board("e2"),),
            arrange=LATER,
            check=wins,
            rule="regle-alcatraz-bloc-hachure",
        ),
        # 14. The end and the score.
        TutorialStep(
            _(
                "Trois prisonniers dans le bateau : vous avez gagné, la partie s'arrête ! Un "
                "joueur qui ne peut rien jouer passe son tour ; si personne ne monte dans le "
                "bateau pendant 1 000 tours, la partie est nulle."
            ),
            rule="regle-alcatraz-fin-du-jeu",
        ),
        # 15. The variants, and a real game.
        TutorialStep(
            _(
                "Bravo, vous savez jouer ! À 3 ou 4 joueurs, chacun joue à son tour, dans le sens "
                "des aiguilles d'une montre. Variantes : sans alarme, ou avec les gardiens placés "
                "autrement (celui de la rangée 1 reste au milieu)."
            ),
            rule="regle-alcatraz-variante-sans-alarme",
        ),
    ),
)
