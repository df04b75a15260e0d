"""The search with and without the « disponible maintenant » filter (``available=1``).

    .venv/bin/python bench/availability_bench.py [--sizes 100000] [--engines sqlite,postgres]
        [--repeat 30] [--seed 7]

For each size, the synthetic export of ``bench/api_search_bench.py`` (``catalogue_synth``) is
imported into an empty database (SQLite in a temporary file; PostgreSQL on a throwaway server
from ``scripts/pgtemp.py``); then copies are given to the games as a library has them — 85 %
of the games have 1 to 3 copies, each in with probability 0.55, else on loan (with a return
date), in repair or excluded — and the index is rebuilt. Each of the search bench's query
shapes is then timed through the API (``GET /api/v1/games/``, the full request: form, index,
page, facets — the availability count included — serializers), ``--repeat`` times after a
warm-up, without and with ``available=1``, runs interleaved so that both see the same machine.

The index work alone (count, facets, page of ids on an open searcher) is timed the same way,
which shows the filter's own cost apart from the machine's noise. It prints, per shape, the
matches and p50/p95 (ms) of both, the ratios of the p95s, and the goal over all shapes (the sum
of the p95s with the filter at most 10 % above the sum without).
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))

from api_search_bench import SHAPES, bench_arguments, percentile, run_sizes  # noqa: E402

GOAL = 1.10  # p95 with the filter / p95 without


def give_copies(seed: int) -> dict:
    """Copies for the games, as described in the module docstring; the counts."""
    import datetime

    from catalogue.models import Copy, Game

    rng = random.Random(seed)
    statuses = ["on_loan"] * 6 + ["repair"] + ["excluded"]
    due = datetime.date(2026, 12, 20)
    copies, number = [], 0
    for game_id in Game.objects.values_list("pk", flat=True).iterator(chunk_size=5000):
        if rng.random() >= 0.85:
            continue
        for _ in range(rng.choice((1, 1, 2, 3))):
            number += 1
            status = "available" if rng.random() < 0.55 else rng.choice(statuses)
            copies.append(
                Copy(
                    game_id=game_id,
                    barcode=f"B{number:08d}",
                    call_number=f"J {number % 997}",
                    status=status,
                    due_date=due if status == "on_loan" else None,
                )
            )
    Copy.objects.bulk_create(copies, batch_size=2000)
    return {"copies": len(copies)}


def interleaved(functions: dict, repeat: int) -> dict:
    """p50/p95 (ms) of each function, runs interleaved after one warm-up each."""
    for function in functions.values():
        function()
    values: dict[str, list[float]] = {name: [] for name in functions}
    for _ in range(repeat):
        for name, function in functions.items():
            started = time.perf_counter()
            function()
            values[name].append((time.perf_counter() - started) * 1000)
    return {
        name: {"p50": percentile(v, 50), "p95": percentile(v, 95), "n": len(v)}
        for name, v in values.items()
    }


def index_work(query: dict):
    """The search's index work alone (count, facets, page of ids) on an open searcher."""
    from django.conf import settings

    from catalogue import selectors
    from catalogue.forms import GameSearchForm
    from catalogue.index import store

    form = GameSearchForm(query)
    assert form.is_valid(), form.errors
    params = form.params()
    playable = selectors.playable_engines()
    searcher = store.replica().searcher()

    def run():
        search = selectors._Search(params, playable, searcher=searcher)
        search.facets(settings.CATALOGUE_FACET_SIZE)
        search.ids("relevance" if search.text is not None else "title", 0, 20)

    return run


def child(args) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.test")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from catalogue.index import store

    call_command("migrate", verbosity=0)
    call_command("import_games", args.file, verbosity=0)
    copies = give_copies(args.seed)
    started = time.perf_counter()
    games = store.replica().rebuild()
    rebuild_s = time.perf_counter() - started
    client = Client()
    words = json.loads(args.words)
    rows = []
    for name, make in SHAPES:
        query = make(words)
        counts = {}

        def call(extra: dict, key: str, query=query, counts=counts):
            response = client.get("/api/v1/games/", {**query, **extra})
            assert response.status_code == 200, response.content[:300]
            counts[key] = response.json()["count"]

        measured = interleaved(
            {
                "without": lambda call=call: call({}, "without"),
                "with": lambda call=call: call({"available": "1"}, "with"),
                "index_without": index_work(query),
                "index_with": index_work({**query, "available": "1"}),
            },
            args.repeat,
        )
        rows.append({"shape": name, "matches": counts, **measured})
    print(
        json.dumps(
            {
                "engine": connection.vendor,
                "games": games,
                "rebuild_s": rebuild_s,
                **copies,
                "rows": rows,
            }
        )
    )


def run_child(args, database_url: str, file: Path, words: dict, index_dir: str) -> dict:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "ludotheque.settings.test",
        "SEARCH_INDEX_DIR": index_dir,
    }
    command = [
        sys.executable, __file__, "--child", "--file", str(file), "--words", json.dumps(words),
        "--repeat", str(args.repeat), "--seed", str(args.seed),
    ]  # fmt: skip
    output = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True)
    if output.returncode:
        sys.exit(f"the measuring process failed:\n{output.stderr[-3000:]}")
    return json.loads(output.stdout.strip().splitlines()[-1])


def pair(measure: dict) -> str:
    return f"{measure['p50']:.1f}/{measure['p95']:.1f}"


def print_results(results: list[dict]) -> None:
    header = (
        f"{'engine':<8} {'games':>7}  {'shape':<21} {'matches':>15}  {'API without':>14}  "
        f"{'API available=1':>15}  {'ratio':>5}  {'index without':>13}  {'index avail.':>13}  "
        f"{'ratio':>5}"
    )
    print(header)
    print("-" * len(header))
    totals: dict[tuple, list[float]] = {}
    for result in results:
        for row in result["rows"]:
            ratio = row["with"]["p95"] / max(row["without"]["p95"], 1e-9)
            index = row["index_with"]["p95"] / max(row["index_without"]["p95"], 1e-9)
            key = (result["engine"], result["games"])
            sums = totals.setdefault(key, [0.0, 0.0])
            sums[0] += row["without"]["p95"]
            sums[1] += row["with"]["p95"]
            matches = f"{row['matches']['without']:,} → {row['matches']['with']:,}"
            print(
                f"{result['engine']:<8} {result['games']:>7,}  {row['shape']:<21} {matches:>15}  "
                f"{pair(row['without']):>14}  {pair(row['with']):>15}  {ratio:4.2f}×  "
                f"{pair(row['index_without']):>13}  {pair(row['index_with']):>13}  {index:4.2f}×"
            )
    print()
    for result in results:
        print(
            f"{result['engine']} {result['games']:,} games, {result['copies']:,} copies; index "
            f"rebuilt in {result['rebuild_s']:.1f} s"
        )
    for (engine, games), (without, with_filter) in totals.items():
        ratio = with_filter / max(without, 1e-9)
        verdict = "met" if ratio <= GOAL else "NOT met"
        print(
            f"goal {engine} {games:,}: API p95 with the filter ≤ {GOAL:.2f}× without, over the "
            f"shapes — {with_filter:.1f} ms / {without:.1f} ms = {ratio:.2f}× {verdict}"
        )


def main() -> int:
    args = bench_arguments(sizes="100000", engines="sqlite", repeat=30)
    if args.child:
        child(args)
        return 0
    results, _words = run_sizes(args, run_child)
    print_results(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
