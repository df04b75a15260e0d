"""The ladder: each offered level against the one below it, the weakest against random."""

from __future__ import annotations

from arena import ladder
from tests.arena.toy_race import GAME as RACE


def test_the_rungs_follow_the_levels_offered_at_each_seat_count(monkeypatch):
    assert ladder.rungs(RACE, 2) == [("beginner", "random"), ("strong", "beginner")]
    monkeypatch.setattr(type(RACE), "offered_levels", {3: ("strong",)})
    assert ladder.rungs(RACE, 3) == [("strong", "random")]
    assert ladder.rungs(RACE, 3, all_levels=True) == ladder.rungs(RACE, 2)


def test_the_tasks_interleave_rungs_and_seat_counts_and_are_numbered():
    tasks = ladder.ladder_tasks(RACE, [2, 3], 12, seed="l")
    assert [t.index for t in tasks] == list(range(len(tasks)))
    assert {(t.seats, t.pair) for t in tasks[:4]} == {
        (2, ("beginner", "random")),
        (2, ("strong", "beginner")),
        (3, ("beginner", "random")),
        (3, ("strong", "beginner")),
    }
    assert len(tasks) == 2 * 12 + 2 * 12


def test_the_ladder_prints_a_line_a_rung_with_how_it_ended(capsys):
    ladder.main(["tests.arena.toy_race", "--seats", "2,3", "--games", "40", "--min-games", "20"])
    out = capsys.readouterr().out
    lines = [line.split() for line in out.splitlines()[2:]]
    # the toy's beginner plays at random: even with random, so never cleared; strong clears
    assert lines[0][:3] == ["2", "beginner", "random"] and "not cleared within 40" in out
    assert lines[1][:3] == ["2", "strong", "beginner"] and "cleared after 20" in out
    assert lines[3][:3] == ["3", "strong", "beginner"] and "cleared after 24" in out
