"""Ta Yü's weight fit: the positions it loads and the two losses it minimises."""

from __future__ import annotations

import json
import math

import pytest

from bench.experiments import tayu_tune


def _record(game, scores, left=100, ends=(), result=1.0):
    return {"game": game, "result": result, "scores": scores, "left": left, "ends": list(ends)}


def test_every_position_carries_its_game_s_last_scores(tmp_path, monkeypatch):
    path = tmp_path / "positions.jsonl"
    lines = [
        _record(2, [0, 0, 0, 0]),
        _record(3, [1, 0, 0, 0], result=0.0),
        _record(2, [1, 2, 0, 0]),
        _record(2, [3, 2, 1, 0]),
    ]
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    monkeypatch.setattr(tayu_tune, "data_path", lambda seats: path)
    even, odd = tayu_tune.load(2)
    assert [p[-1] for p in even] == [[3, 2, 1, 0]] * 3
    assert [p[-1] for p in odd] == [[1, 0, 0, 0]]
    assert [p[3] for p in even] == [1.0] * 3 and odd[0][3] == 0.0


PARAMS = {"reach": 0.5, "decay": 0.5, "toward": 2.0, "away": 0.25, "blocked": 0.3, "scale": 10.0}


def test_the_points_loss_is_the_squared_error_of_the_expected_edge_totals():
    # One open end on row 0, column 4, entered from the south: it heads north. To the North edge
    # it is 0 squares away (toward), to the East 14 and the West 4 (across), the South 18 (away).
    record = _record(0, [1, 0, 2, 0], ends=[(0, 4, 2, 0, 0, 0, 0)])
    position = (*tayu_tune.compact(record), [3, 0, 2, 1])
    across = tayu_tune.ACROSS
    totals = [
        1 + 0.5 * 2.0,
        0.5 * 0.5**14 * across,
        2 + 0.5 * 0.5**18 * 0.25,
        0.5 * 0.5**4 * across,
    ]
    expected = sum((f - t) ** 2 for f, t in zip([3, 0, 2, 1], totals, strict=True)) / 4
    loss, _ = tayu_tune.losses([position], {**PARAMS, "stage": 0.0}, points=True)
    assert loss == pytest.approx(expected)
    # the stage weight scales the ends by the supply left, and never below nothing
    late = (*tayu_tune.compact({**record, "left": 0}), [3, 0, 2, 1])
    loss, _ = tayu_tune.losses([late], {**PARAMS, "stage": 4.0}, points=True)
    assert loss == pytest.approx(((3 - 1) ** 2 + 0 + 0 + 1) / 4)


def test_the_result_loss_is_the_log_loss_of_the_squashed_product_gap():
    record = _record(0, [2, 1, 3, 1], result=1.0)
    position = (*tayu_tune.compact(record), [2, 1, 3, 1])
    q = 1 / (1 + math.exp(-(2 * 3 - 1 * 1) / PARAMS["scale"]))
    loss, right = tayu_tune.losses([position], {**PARAMS, "stage": 0.0})
    assert loss == pytest.approx(-math.log(q)) and right == 1.0
