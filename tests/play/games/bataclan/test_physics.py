"""The physical model of the pile (RULES.md §5): sizes, masses, landings, falls, calibration.

The statistical tests are seeded (deterministic) and use thousands of placements, with margins far
wider than the sampling noise.
"""

from __future__ import annotations

import random
import statistics

from play.games.bataclan import physics
from play.games.bataclan.gesture import TimedHand
from play.games.bataclan.physics import GIANT, MEDIUM, STANDARD, first_failure, landing_sigma

SAMPLES = 4000


def fall_rate(pile, size, steadiness, seed, samples=SAMPLES):
    rng = random.Random(seed)
    return sum(
        physics.place(pile, size, steadiness, rng)[1] is not None for _ in range(samples)
    ) / (samples)


def first_fall_heights(steadiness, piles, seed):
    rng = random.Random(seed)
    heights = []
    for _ in range(piles):
        pile = [(STANDARD, 0.0)]
        while len(pile) < 28:
            x, failing = physics.place(pile, STANDARD, steadiness, rng)
            if failing is not None:
                break
            pile.append((STANDARD, x))
        heights.append(len(pile) - 1)
    return heights


def test_three_sizes_with_mass_growing_as_the_cube():
    assert physics.SIZES == {STANDARD: 1.0, MEDIUM: 1.35, GIANT: 1.7}
    for size, edge in physics.SIZES.items():
        assert physics.mass(size) == edge**3


def test_landing_spread_grows_with_height_and_size_and_shrinks_with_steadiness():
    assert landing_sigma(10, STANDARD, 0.5) > landing_sigma(2, STANDARD, 0.5)
    assert (
        landing_sigma(5, GIANT, 0.5)
        > landing_sigma(5, MEDIUM, 0.5)
        > landing_sigma(5, STANDARD, 0.5)
    )
    assert landing_sigma(5, STANDARD, 0.9) < landing_sigma(5, STANDARD, 0.2)
    assert landing_sigma(5, STANDARD, 1.0) > 0  # even the steadiest hand is not perfect


def test_a_die_is_aimed_at_the_centre_of_the_top_die():
    rng = random.Random(3)
    xs = [
        physics.landing_x([(STANDARD, 0.0), (STANDARD, 0.3)], STANDARD, 0.5, rng)
        for _ in range(4000)
    ]
    assert abs(statistics.mean(xs) - 0.3) < 0.02


def test_a_straight_pile_stands():
    assert first_failure([(STANDARD, 0.0)] * 10) is None


def test_centre_of_mass_outside_the_supporting_face_makes_everything_above_fall():
    # Dice 2 and 3 lean right: their centre of mass (0.55) is past die 1's right edge (0.5).
    pile = [(STANDARD, 0.0), (STANDARD, 0.0), (STANDARD, 0.45), (STANDARD, 0.65)]
    assert first_failure(pile) == 2
    # The same top dice further left stand.
    assert (
        first_failure([(STANDARD, 0.0), (STANDARD, 0.0), (STANDARD, 0.3), (STANDARD, 0.5)]) is None
    )


def test_the_lowest_failing_interface_decides():
    # The top die is off die 2's face, and dice 2-3 together are off die 1's: both fall.
    pile = [(STANDARD, 0.0), (STANDARD, 0.0), (STANDARD, 0.2), (STANDARD, 0.9)]
    assert first_failure(pile) == 2
    assert first_failure(pile[:2] + [(STANDARD, 0.0), (STANDARD, 0.9)]) == 3


def test_a_pile_leaning_past_its_base_collapses_entirely():
    # Each die alone rests on the one below, but together they lean past the first die's face.
    pile = [(STANDARD, 0.0), (STANDARD, 0.35), (STANDARD, 0.7), (STANDARD, 1.05)]
    assert first_failure(pile) == physics.TABLE


def test_interfaces_check_the_overlap_of_the_two_faces():
    # A giant die centred 0.6 off a standard one: its centre is beyond the small die's top face.
    assert first_failure([(STANDARD, 0.0), (GIANT, 0.6)]) == 1
    # A standard die 0.6 off a giant one's centre still rests on the giant's wide face.
    assert first_failure([(GIANT, 0.0), (STANDARD, 0.6)]) is None


def test_a_steadier_hand_falls_less_often():
    pile = [(STANDARD, 0.0)] * 12
    shaky = fall_rate(pile, STANDARD, 0.2, "steady/shaky")
    steady = fall_rate(pile, STANDARD, 0.9, "steady/steady")
    assert shaky > 0.1 and steady < shaky / 5


def test_a_giant_die_on_a_standard_one_falls_more_often_than_the_reverse():
    giant_on_standard = fall_rate([(STANDARD, 0.0)] * 6, GIANT, 0.6, "size/giant-on-standard")
    standard_on_giant = fall_rate(
        [*[(STANDARD, 0.0)] * 5, (GIANT, 0.0)], STANDARD, 0.6, "size/standard-on-giant"
    )
    assert giant_on_standard > 2 * standard_on_giant + 0.05


def test_taller_piles_fall_more_often():
    low = fall_rate([(STANDARD, 0.0)] * 3, STANDARD, 0.5, "height/low")
    high = fall_rate([(STANDARD, 0.0)] * 18, STANDARD, 0.5, "height/high")
    assert high > 2 * low + 0.05


def test_a_careful_player_topples_after_10_to_20_standard_dice():
    heights = first_fall_heights(0.8, 1500, "calibration/careful")
    assert 10 <= statistics.median(heights) <= 20
    shaky = first_fall_heights(0.2, 1500, "calibration/shaky")
    assert statistics.median(shaky) < 10


def test_placements_draw_only_from_the_rng_given():
    pile = [(STANDARD, 0.0)] * 5
    first = [physics.place(pile, MEDIUM, 0.5, random.Random("same")) for _ in range(3)]
    assert first[0] == first[1] == first[2]
    assert physics.place(pile, MEDIUM, 0.5, random.Random("other")) != first[0]


# -- the gesture's curve and the calibration's monotonic facts ----------------------------------


def test_the_steadiness_curve_is_1_at_the_centre_and_falls_to_0_at_its_width():
    assert physics.steadiness_at(0.0) == 1.0
    assert physics.steadiness_at(physics.CURVE_WIDTH) == 0.0 == physics.steadiness_at(1.0)
    points = [physics.steadiness_at(d / 100) for d in range(0, 101, 5)]
    assert points == sorted(points, reverse=True)
    assert physics.steadiness_at(-0.2) == physics.steadiness_at(0.2)


def test_the_marker_sweeps_at_constant_speed_and_crosses_the_centre_when_said():
    period, phase = 1100, 0.3
    assert physics.marker_position(0, period, 0.0) == -1.0
    assert physics.marker_position(period / 2, period, 0.0) == 1.0
    at = physics.centre_crossing(period, phase, 500)
    assert at >= 500 and abs(physics.marker_position(at, period, phase)) < 1e-9
    step = physics.marker_position(at + 10, period, phase) - physics.marker_position(
        at, period, phase
    )
    assert abs(abs(step) - 40 / period) < 1e-9  # 4 / period track-halves per ms


def pile_falls_by(hand, height, piles, seed):
    rng = random.Random(seed)
    falls = 0
    for _ in range(piles):
        pile = []
        while len(pile) < height:
            x, failing = physics.place(pile, STANDARD, hand.draw(rng), rng)
            if failing is not None:
                falls += 1
                break
            pile.append((STANDARD, x))
    return falls / piles


def test_a_steadier_person_falls_less():
    rates = [pile_falls_by(TimedHand(spread), 20, 300, f"spread/{spread}") for spread in (30, 100)]
    assert rates[0] + 0.1 < rates[1]


def test_with_a_60_ms_spread_a_10_die_pile_falls_sometimes_and_a_20_die_pile_usually():
    hand = TimedHand(60)
    assert 0.1 < pile_falls_by(hand, 10, 400, "spread/60/10") < 0.5
    assert pile_falls_by(hand, 20, 400, "spread/60/20") > 0.75


def test_a_giant_on_a_standard_die_falls_more_than_a_standard_on_a_giant_whatever_the_hand():
    for spread in (30, 60, 100):
        hand, rng = TimedHand(spread), random.Random(spread)
        giant_on = sum(
            physics.place([(STANDARD, 0.0)], GIANT, hand.draw(rng), rng)[1] is not None
            for _ in range(1500)
        )
        standard_on = sum(
            physics.place([(GIANT, 0.0)], STANDARD, hand.draw(rng), rng)[1] is not None
            for _ in range(1500)
        )
        assert giant_on > standard_on
