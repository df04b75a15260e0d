"""The load bench's choice of level where a game does not offer the one asked at that size."""

from bench.load import level_instead


def test_a_person_takes_the_strongest_level_offered_up_to_the_one_asked():
    # Pow Wow at 5 players offers beginner and strong: intermediate asked, beginner played
    assert level_instead("intermediate", ["beginner", "strong"]) == "beginner"
    # Ta Yü offers no strong: intermediate, not beginner
    assert level_instead("strong", ["beginner", "intermediate"]) == "intermediate"


def test_with_nothing_offered_below_a_person_takes_the_weakest_level_offered():
    assert level_instead("beginner", ["intermediate", "strong"]) == "intermediate"


def test_a_level_the_bench_does_not_know_ranks_above_the_others():
    assert level_instead("strong", ["beginner", "grandmaster"]) == "beginner"
    assert level_instead("grandmaster", ["beginner", "strong"]) == "strong"
