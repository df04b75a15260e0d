"""Catalogue search and import: the full API request, the raw index query and an icontains scan.

    .venv/bin/python bench/api_search_bench.py [--sizes 5000,100000] [--engines sqlite,postgres]
        [--repeat 15] [--seed 7]

For each size a synthetic library export is written once (``bench/catalogue_synth.py``: CSV,
Zipf-like vocabulary, about 270 words of rules a game, seed 7). For each database (SQLite in a
temporary file; PostgreSQL on a throwaway server from ``scripts/pgtemp.py``) a child process
migrates an empty database and imports the file with ``manage.py import_games`` — parsing,
writing and indexing, timed as one: records per second — then measures six query shapes, each
``--repeat`` times after one warm-up (nearest-rank percentiles):

* API — ``GET /api/v1/games/`` through Django's test client: form, change-log check, index
  (page of 20, count, every facet), the page's games by id, serializers, JSON;
* index — the same index work alone on an open searcher (what the API adds is the rest);
* icontains — a naive ``search_text__icontains`` scan per word with the same filters: count and
  the first 20 by title (text shapes only).

It prints, side by side, the API's p50/p95, the raw index query's, the scan's, the API/index
ratio (goal: within 3×) and the scan/API ratio (goal: ≥ 20× on text queries), then the import
throughput and the index's size on disk.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "bench"))

SHAPES = [
    ("broad word", lambda w: {"q": w["broad"]}),
    ("rare word", lambda w: {"q": w["rare"]}),
    ("text + players + age", lambda w: {"q": w["mid"], "players": 3, "age": 8}),
    ("two words", lambda w: {"q": f"{w['mid']} {w['second']}"}),
    ("filters only", lambda w: {"players": 4, "age": 8, "max_duration": 60}),
    ("nothing", lambda w: {}),
]
GOALS = {5_000: 10.0, 100_000: 25.0}  # API p95 in ms


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def timed(function, repeat: int, budget_s: float = 20.0) -> dict:
    """p50/p95 in ms over ``repeat`` runs after a warm-up (fewer, at least 3, if slow)."""
    started = time.perf_counter()
    function()
    first = time.perf_counter() - started
    runs = max(3, min(repeat, int(budget_s / max(first, 1e-6))))
    values = []
    for _ in range(runs):
        started = time.perf_counter()
        function()
        values.append((time.perf_counter() - started) * 1000)
    return {"p50": percentile(values, 50), "p95": percentile(values, 95), "n": runs}


# --------------------------------------------------------------------------- child


def measure_shape(client, query: dict, repeat: int) -> dict:
    from django.conf import settings
    from django.db.models import Q

    from catalogue import selectors, text
    from catalogue.forms import GameSearchForm
    from catalogue.index import store
    from catalogue.models import Game

    form = GameSearchForm(query)
    assert form.is_valid(), form.errors
    params = form.params()
    playable = selectors.playable_engines()
    searcher = store.replica().searcher()
    size = settings.CATALOGUE_PAGE_SIZE

    def api():
        response = client.get("/api/v1/games/", query)
        assert response.status_code == 200, response.content[:300]
        return response

    def index():
        search = selectors._Search(params, playable, searcher=searcher)
        total, _facets = search.facets(settings.CATALOGUE_FACET_SIZE)
        ordering = "relevance" if search.text is not None else "title"
        search.ids(ordering, 0, size)
        return total

    row = {
        "matches": api().json()["count"],
        "api": timed(api, repeat),
        "index": timed(index, repeat),
    }
    assert index() == row["matches"]
    words = [w for w in text.words(params.q) if w not in text.STOP_WORDS]
    if words:
        condition = Q()
        for word in words:
            condition &= Q(search_text__icontains=word)
        if params.players:
            condition &= Q(min_players__lte=params.players, max_players__gte=params.players)
        if params.age is not None:
            condition &= Q(min_age__lte=params.age) & (
                Q(max_age__isnull=True) | Q(max_age__gte=params.age)
            )

        def scan():
            games = Game.objects.filter(condition)
            games.count()
            list(games.order_by("sort_title", "id").values_list("id", flat=True)[:size])

        row["icontains"] = timed(scan, repeat, budget_s=10.0)
    return row


def child(args) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.test")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client

    from catalogue.index import store

    call_command("migrate", verbosity=0)
    started = time.perf_counter()
    call_command("import_games", args.file, verbosity=0)
    import_s = time.perf_counter() - started
    replica = store.replica()
    status = replica.status()
    words = json.loads(args.words)
    client = Client()
    rows = []
    for name, make in SHAPES:
        query = make(words)
        rows.append({"shape": name, "query": query, **measure_shape(client, query, args.repeat)})
    print(
        json.dumps(
            {
                "engine": connection.vendor,
                "games": status["documents"],
                "import_s": import_s,
                "index_bytes": status["bytes"],
                "rows": rows,
            }
        )
    )


# --------------------------------------------------------------------------- parent


def run_child(args, database_url: str, file: Path, words: dict, index_dir: str) -> dict:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "ludotheque.settings.test",
        "SEARCH_INDEX_DIR": index_dir,
    }
    command = [
        sys.executable, __file__, "--child", "--file", str(file), "--words", json.dumps(words),
        "--repeat", str(args.repeat),
    ]  # fmt: skip
    output = subprocess.run(command, env=env, cwd=ROOT, check=True, capture_output=True, text=True)
    return json.loads(output.stdout.strip().splitlines()[-1])


def cell(measure: dict | None) -> str:
    return f"{measure['p50']:7.1f}/{measure['p95']:<7.1f}" if measure else f"{'—':>15}"


def print_results(results: list[dict], words_by_size: dict) -> None:
    header = (
        f"{'engine':<10} {'games':>7}  {'shape':<21} {'matches':>7}  {'API p50/p95 ms':>15}  "
        f"{'index p50/p95':>15}  {'icontains p50/p95':>17}  {'API/index':>9}  {'scan/API':>8}"
    )
    print(header)
    print("-" * len(header))
    for result in results:
        for row in result["rows"]:
            ratio = row["api"]["p95"] / max(row["index"]["p95"], 1e-9)
            scan = row.get("icontains")
            faster = f"{scan['p50'] / max(row['api']['p50'], 1e-9):7.0f}×" if scan else f"{'—':>8}"
            print(
                f"{result['engine']:<10} {result['games']:>7,}  {row['shape']:<21} "
                f"{row['matches']:>7,}  {cell(row['api']):>15}  {cell(row['index']):>15}  "
                f"{cell(scan):>17}  {ratio:8.1f}×  {faster}"
            )
    print()
    columns = ("import + index", "records/s", "index on disk")
    print(f"{'engine':<10} {'games':>7}  {columns[0]:>14}  {columns[1]:>9}  {columns[2]:>13}")
    for result in results:
        print(
            f"{result['engine']:<10} {result['games']:>7,}  {result['import_s']:13.1f}s  "
            f"{result['games'] / result['import_s']:9,.0f}  {result['index_bytes'] / 1e6:10.1f} MB"
        )
    print()
    for result in results:
        goal = GOALS.get(result["games"])
        if goal is None:
            continue
        worst = max(row["api"]["p95"] for row in result["rows"])
        print(
            f"goal {result['engine']} {result['games']:,}: API p95 ≤ {goal:.0f} ms — worst "
            f"{worst:.1f} ms {'met' if worst <= goal else 'NOT met'}"
        )
    for size, words in words_by_size.items():
        print(f"words at {size:,} games: {words}")
    for name, make in SHAPES:
        print(f"  {name}: {make(next(iter(words_by_size.values())))}")


def bench_arguments(sizes: str, engines: str, repeat: int) -> argparse.Namespace:
    """The command line of a search bench (this one's and ``availability_bench``'s)."""
    parser = argparse.ArgumentParser(description=sys.modules["__main__"].__doc__.split("\n")[0])
    parser.add_argument("--sizes", default=sizes)
    parser.add_argument("--engines", default=engines)
    parser.add_argument("--repeat", type=int, default=repeat)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--file", help=argparse.SUPPRESS)
    parser.add_argument("--words", help=argparse.SUPPRESS)
    return parser.parse_args()


def run_sizes(args: argparse.Namespace, run_child) -> tuple[list, dict]:
    """For each size, the synthetic export, then ``run_child(args, url, file, words, index)`` on
    each database (SQLite in a file, PostgreSQL on a throwaway server): the children's results,
    and each size's query words."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.test")
    import django

    django.setup()
    import catalogue_synth

    results, words_by_size = [], {}
    with tempfile.TemporaryDirectory(prefix="ludo-bench-") as tmp:
        for size in (int(s) for s in args.sizes.split(",")):
            file = Path(tmp) / f"export-{size}.csv"
            words = catalogue_synth.write_export(file, size, seed=args.seed)
            words_by_size[size] = {k: words[k] for k in ("broad", "rare", "mid", "second")}
            print(
                f"==> {size:,} games: {file.stat().st_size / 1e6:.0f} MB CSV, "
                f"{words['mean_words']} words of rules a game",
                file=sys.stderr,
                flush=True,
            )
            for engine in args.engines.split(","):
                print(f"==> {engine}, {size:,} games…", file=sys.stderr, flush=True)
                index_dir = str(Path(tmp) / f"index-{engine}-{size}")
                if engine == "sqlite":
                    url = f"sqlite:///{tmp}/bench-{size}.sqlite3"
                    results.append(run_child(args, url, file, words_by_size[size], index_dir))
                else:
                    from pgtemp import postgres_server

                    with postgres_server() as url:
                        results.append(run_child(args, url, file, words_by_size[size], index_dir))
            file.unlink()
    return results, words_by_size


def main() -> int:
    args = bench_arguments(sizes="5000,100000", engines="sqlite,postgres", repeat=15)
    if args.child:
        child(args)
        return 0
    results, words_by_size = run_sizes(args, run_child)
    print_results(results, words_by_size)
    return 0


if __name__ == "__main__":
    sys.exit(main())
