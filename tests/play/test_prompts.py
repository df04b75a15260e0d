"""The status line in each game's own words, its help text, and the end screen's reason."""

import random

import pytest
from django.utils import translation

from play.games.base import DEFAULT_HELP
from play.games.registry import games, get_game
from play.selectors import match_state
from play.services.matches import SeatSpec, match_start
from tests.factories import make_game

STARTS = {
    "buffalo": "Avancez un bison d'une case.",
    "alcatraz": "Déplacez un prisonnier vers le bateau.",
    "tayu": "Prenez une pierre dans une des deux colonnes du talon.",
    "powwow": "Lancez les dés.",
    "bataclan": "Lancez tous vos dés : la pile commence par un G.",
}


def start_state(slug, seats=2):
    package = get_game(slug)
    return package, package.engine.new_game(seats=seats, options={}, rng=random.Random(1))


@pytest.mark.parametrize("slug", sorted(STARTS))
def test_each_game_says_what_to_do_first(slug):
    package, state = start_state(slug, 3 if slug == "powwow" else 2)
    seat = package.engine.to_act(state)[0]
    with translation.override("fr"):
        assert package.prompt(state, seat) == STARTS[slug]
        # Its own help, not the generic click-a-piece sentence.
        assert package.help_text and package.help_text != str(DEFAULT_HELP)


def test_every_registered_game_has_a_prompt_at_every_turn_of_a_random_game():
    for slug, package in games().items():
        engine = package.engine
        rng = random.Random(slug)
        state = engine.new_game(seats=engine.info.min_seats, options={}, rng=rng)
        for _ in range(60):
            acting = engine.to_act(state)
            if not acting:
                break
            assert package.prompt(state, acting[0]), (slug, engine.to_dict(state))
            move = rng.choice(engine.legal_moves(state, acting[0]))
            state = engine.play(state, acting[0], move, rng)


def test_powwow_prompt_follows_the_phase():
    package, state = start_state("powwow", 3)
    engine = package.engine
    rng = random.Random(2)
    roller = engine.to_act(state)[0]
    state = engine.play(state, roller, {"type": "roll"}, rng)
    with translation.override("fr"):
        assert package.prompt(state, engine.to_act(state)[0]) == "Choisissez un dé."


def test_tayu_says_why_the_game_stopped():
    package, state = start_state("tayu")
    state.phase, state.end = "over", "blocked"
    outcome = package.engine.outcome(state)
    with translation.override("fr"):
        reason = package.outcome_reason(state, outcome)
    assert reason.startswith("la pierre tirée ne se pose nulle part ; ")


def test_match_state_sends_the_prompt_to_the_seat_to_play_only(db):
    game = make_game("Prairie ou Buffalo", engine="buffalo", min_players=2, max_players=2)
    match, token = match_start(game=game, seats=[SeatSpec("local"), SeatSpec("invite")])
    with translation.override("fr"):
        assert match_state(match=match, token=token)["prompt"] == "Avancez un bison d'une case."
        assert match_state(match=match, token=None)["prompt"] == ""
        seats = match_state(match=match, token=token)["seats"]
    assert [s["player"] for s in seats] == ["Joueur 1", "Joueur 2"]
