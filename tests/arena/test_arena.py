"""The arena's bookkeeping (places, pair results, intervals, ratings, seat rotation) on toys."""

from __future__ import annotations

import math
import random
import types
from argparse import Namespace

import pytest

from arena import cli, loading, players, report, runner, schedule
from arena.stats import (
    Tally,
    bradley_terry,
    clearance,
    expected_score,
    pair_results,
    places,
    side_result,
    verdict,
    wilson,
)
from tests.arena.toy_race import GAME as RACE

ARGS = Namespace(opening=0, max_plies=1000, max_seconds=0.1)


def test_places_share_a_group_and_a_draw_levels_everyone():
    assert places(((1,), (0, 2)), 3) == [1, 0, 1]
    assert places(((2,), (0,), (1,)), 3) == [1, 2, 0]
    assert places(((0,),), 3) == [0, 1, 1]  # seats the ranking leaves out finish last
    assert places(((0,), (1,)), 2, draw=True) == [0, 0]


def test_pair_results_count_every_pair_of_seats_of_different_players():
    table = ("a", "b", "a")
    found = pair_results(table, [1, 0, 1])
    assert sorted(found) == [("a", "b", 0.0), ("b", "a", 1.0)]  # the two a seats never meet
    four = pair_results(("a", "b", "a", "b"), [0, 1, 1, 1])  # a wins; the others tie
    assert sorted(score for *_, score in four) == [0.5, 0.5, 1.0, 1.0]


def test_side_result_compares_each_players_best_seat():
    assert side_result(("a", "b", "a"), [1, 1, 0], "a") == 1.0
    assert side_result(("a", "b", "a"), [1, 1, 0], "b") == 0.0
    assert side_result(("a", "b"), [0, 0], "a") == 0.5


def test_wilson_interval_is_the_textbook_one():
    low, high = wilson(0.5, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)
    low, high = wilson(1.0, 40)
    assert high == 1.0 and low == pytest.approx(0.9124, abs=1e-4)  # not 1: 40 wins prove less
    assert wilson(0.7, 10)[1] - wilson(0.7, 10)[0] > wilson(0.7, 1000)[1] - wilson(0.7, 1000)[0]


def test_tally_scores_draws_as_half():
    tally = Tally()
    for score in (1.0, 1.0, 0.5, 0.0):
        tally.add(score)
    assert (tally.wins, tally.draws, tally.losses, tally.games) == (2, 1, 1, 4)
    assert tally.score == 0.625


def test_bradley_terry_gap_matches_the_score_between_two_players():
    results = [("a", "b", 1.0)] * 300 + [("a", "b", 0.0)] * 100
    elo = bradley_terry(results, prior=0)
    assert elo["a"] - elo["b"] == pytest.approx(400 * math.log10(3), abs=0.01)
    assert elo["a"] + elo["b"] == pytest.approx(0.0, abs=1e-9)
    assert expected_score(elo["a"], elo["b"]) == pytest.approx(0.75)


def test_bradley_terry_rates_equal_results_equally_and_keeps_a_sweep_finite():
    even = bradley_terry([("a", "b", 1.0), ("a", "b", 0.0), ("b", "c", 0.5)])
    assert even["a"] == pytest.approx(even["b"]) == pytest.approx(even["c"])
    sweep = bradley_terry([("a", "b", 1.0)] * 10 + [("b", "c", 1.0)] * 10)
    assert sweep["a"] > sweep["b"] > sweep["c"] and math.isfinite(sweep["a"])


def test_bradley_terry_counts_draws_as_half_a_win_each_way():
    drawn = bradley_terry([("a", "b", 0.5)] * 2, prior=0)
    split = bradley_terry([("a", "b", 1.0), ("a", "b", 0.0)], prior=0)
    assert drawn == pytest.approx(split)


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_arrangements_give_each_player_each_seat_equally(seats):
    cycle = schedule.arrangements(seats)
    assert len(set(cycle)) == len(cycle)
    for seat in range(seats):
        assert sum(pattern[seat] == 0 for pattern in cycle) * 2 == len(cycle)
    for pattern in cycle:
        assert abs(pattern.count(0) - pattern.count(1)) <= 1


def test_schedule_rotates_seats_and_replays_each_start_for_every_arrangement():
    tasks = schedule.schedule(["x", "y", "z"], [3], 5, seed=7)
    pairs = {task.pair for task in tasks}
    assert pairs == {("x", "y"), ("x", "z"), ("y", "z")}
    xy = [t for t in tasks if t.pair == ("x", "y")]
    assert len(xy) == 6  # 5 rounded up to a whole cycle of the six arrangements
    assert len({t.table for t in xy}) == 6 and len({t.seed for t in xy}) == 1
    assert [t.index for t in tasks] == list(range(len(tasks)))
    assert schedule.schedule(["x", "y"], [2], 4, seed=7)[2].seed != xy[0].seed


def test_in_a_team_game_no_team_holds_both_players():
    teams = [[0, 2], [1, 3]]
    assert schedule.arrangements(4, teams) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert len(schedule.arrangements(4)) == 6  # without teams: AABB, ABAB, ABBA…
    tasks = schedule.schedule(["x", "y"], [4], 4, seed=1, teams=lambda seats: teams)
    assert {t.table for t in tasks} == {("x", "y", "x", "y"), ("y", "x", "y", "x")}


def test_teams_are_read_from_the_seats_roles_of_a_team_game():
    from play.games.registry import get_game

    tayu = get_game("tayu")
    assert schedule.teams_of(tayu, 4) == [[0, 2], [1, 3]]
    assert schedule.teams_of(tayu, 2) == [] and schedule.teams_of(tayu, 3) == []
    assert schedule.teams_of(get_game("alcatraz"), 4) == []  # not a team game


def test_reference_players_take_the_best_move_by_their_measure():
    state = RACE.engine.new_game(seats=2, options={}, rng=random.Random(0))
    rng = random.Random(1)
    assert players.GreedyPlayer(RACE).choose(state, 0, rng) == {"step": 3}
    assert players.OneplyPlayer(RACE).choose(state, 0, rng) == {"step": 3}
    picks = {tuple(players.RandomPlayer(RACE).choose(state, 0, rng).items()) for _ in range(50)}
    assert len(picks) == 3


def test_arena_ranks_the_stronger_player_first_at_every_seat_count():
    roster = players.build_players(RACE, ["random", "strong"], ARGS)
    tasks = schedule.schedule(list(roster), [2, 3, 4], 12, seed="t")
    records = runner.run(RACE, roster, tasks, ARGS)
    summary = report.summarise(records, list(roster))
    for seats in (2, 3, 4):
        assert summary.elo[seats]["strong"] > summary.elo[seats]["random"]
        tally = summary.tallies[seats, "strong", "random"]
        assert tally.games == 12 and tally.score > 0.5
    assert summary.tallies[2, "strong", "random"].by_seat.keys() == {0, 1}
    assert summary.times["strong"].moves > 0 and summary.times["random"].moves > 0


def test_arena_is_deterministic_for_a_seed():
    roster = players.build_players(RACE, ["random", "greedy"], ARGS)
    tasks = schedule.schedule(list(roster), [2, 3], 6, seed="same")
    first = [r.place for r in runner.run(RACE, roster, tasks, ARGS)]
    again = [r.place for r in runner.run(RACE, roster, tasks, ARGS)]
    other = schedule.schedule(list(roster), [2, 3], 6, seed="other")
    assert first == again
    assert first != [r.place for r in runner.run(RACE, roster, other, ARGS)]


def test_opening_plies_are_random_and_not_timed():
    roster = players.build_players(RACE, ["random", "strong"], ARGS)
    task = schedule.schedule(list(roster), [2], 1, seed="o")[0]
    record = runner.play_game(RACE, roster, task, opening=2)
    timed = sum(t.moves for t in record.times.values())
    assert timed == record.plies - 2


def test_arena_plays_a_simultaneous_hidden_information_game():
    from tests.play.toy_game import GAME as GUESS

    roster = players.build_players(GUESS, None, ARGS)
    assert list(roster) == ["random", "greedy", "oneply", "beginner"]
    records = runner.run(GUESS, roster, schedule.schedule(list(roster), [2], 4, seed=1), ARGS)
    assert all(r.plies == 3 for r in records)


def test_a_games_extra_players_module_is_used(monkeypatch):
    class Fixed:
        name = "fixed-two"

        def choose(self, state, seat, rng):
            return {"step": 2}

    module = types.ModuleType("arena.players.race")
    module.extra_players = lambda args: [Fixed()]
    monkeypatch.setitem(__import__("sys").modules, "arena.players.race", module)
    roster = players.build_players(RACE, None, ARGS)
    assert list(roster) == ["random", "greedy", "oneply", "beginner", "strong", "fixed-two"]


def test_unknown_player_is_refused():
    with pytest.raises(SystemExit, match="Unknown player 'grandmaster'"):
        players.build_players(RACE, ["random", "grandmaster"], ARGS)


def test_command_line_prints_the_table(capsys):
    cli.main(["tests.arena.toy_race", "--games", "4", "--seats", "2,4", "--quiet"])
    out = capsys.readouterr().out
    assert "strong        random" in out and "4 seats" in out and "all" in out
    assert "mean s" in out


def test_process_pool_returns_the_same_games_in_task_order():
    roster = players.build_players(RACE, ["random", "greedy"], ARGS)
    tasks = schedule.schedule(list(roster), [3], 6, seed="pool")
    alone = runner.run(RACE, roster, tasks, ARGS)
    pooled = runner.run(RACE, roster, tasks, ARGS, jobs=2)
    assert [r.task for r in pooled] == tasks
    assert [r.place for r in pooled] == [r.place for r in alone]


def test_pairs_restrict_the_schedule_and_the_table(capsys):
    tasks = schedule.schedule(["x", "y", "z"], [2], 2, seed=1, pairs=[("z", "x")])
    assert {t.pair for t in tasks} == {("z", "x")} and len(tasks) == 2
    cli.main(["tests.arena.toy_race", "--games", "2", "--pairs", "strong:random", "--quiet"])
    out = capsys.readouterr().out
    assert "strong        random" in out and "greedy" not in out


def test_a_game_is_found_by_slug_package_or_the_module_defining_its_class():
    from play.games.registry import get_game

    powwow = get_game("powwow")
    assert loading.load_game("powwow") is powwow
    assert loading.load_game("play.games.powwow") is powwow
    # what a worker process is given for a package outside the registry
    assert loading.load_game(type(powwow).__module__) is powwow


def _tally(wins: int, losses: int, draws: int = 0) -> Tally:
    tally = Tally()
    for score in [1.0] * wins + [0.0] * losses + [0.5] * draws:
        tally.add(score)
    return tally


def test_a_pairing_clears_only_after_the_minimum_and_with_its_interval_above_half():
    assert clearance(_tally(60, 0)) is None  # a sweep of 60 is not yet 100 games
    assert clearance(_tally(59, 41)) is None  # [49.2, 68.1]: undecided
    assert clearance(_tally(60, 40)) == "above"  # [50.2, 69.1]
    assert clearance(_tally(55, 45, draws=20)) is None  # 54.2 % [45.3, 62.8]
    assert clearance(_tally(39, 61)) == "below"  # [30.0, 48.8]
    assert clearance(_tally(7, 3), min_games=10) is None  # [39.7, 89.2]
    assert clearance(_tally(10, 0), min_games=10) == "above"
    assert verdict("above", 120) == "cleared after 120"
    assert verdict("below", 100) == "below 50 % after 100"
    assert verdict(None, 400) == "not cleared within 400"
    assert verdict("interrupted", 140) == "interrupted after 140, not cleared"


def test_until_clear_stops_a_pairing_once_it_clears_and_plays_the_others_to_the_cap():
    roster = players.build_players(RACE, ["random", "greedy", "beginner"], ARGS)
    pairs = [("greedy", "random"), ("beginner", "random")]
    tasks = schedule.schedule(list(roster), [2, 3], 60, seed="clear", pairs=pairs)
    records, decided = runner.run_until_clear(
        RACE,
        roster,
        tasks,
        ARGS,
        min_games=20,
        batch=10,
        cycle=lambda n: len(schedule.arrangements(n)),
    )
    count = {key: 0 for key in decided}
    for record in records:
        count[record.task.seats, *record.task.pair] += 1
    # greedy against random clears at the first check; beginner (random itself) never does
    assert decided[2, "greedy", "random"] == "above" and count[2, "greedy", "random"] == 20
    assert decided[3, "greedy", "random"] == "above" and count[3, "greedy", "random"] == 24
    assert decided[2, "beginner", "random"] is None and count[2, "beginner", "random"] == 60
    assert decided[3, "beginner", "random"] is None and count[3, "beginner", "random"] == 60
    # whole cycles of arrangements: at 3 seats each player holds each seat as often
    seats_held = {}
    for record in records:
        if record.task.seats == 3 and record.task.pair == ("greedy", "random"):
            for seat, name in enumerate(record.task.table):
                seats_held[name, seat] = seats_held.get((name, seat), 0) + 1
    assert len(set(seats_held.values())) == 1


def test_command_line_until_clear_reports_how_each_pairing_ended(capsys):
    cli.main(
        ["tests.arena.toy_race", "--until-clear", "--games", "40", "--min-games", "20",
         "--pairs", "greedy:random,beginner:random", "--seats", "2", "--quiet"]
    )  # fmt: skip
    out = capsys.readouterr().out
    assert "cleared after 20" in out and "not cleared within 40" in out
