"""Latency of GET /api/v1/games/ on a synthetic catalogue of 100,000 games, SQLite and PostgreSQL.

    .venv/bin/python bench/api_search_bench.py [--games 100000] [--repeat 20]
        [--engines sqlite,postgres]

For each engine (SQLite in a temporary file; PostgreSQL on a throwaway server from
``scripts/pgtemp.py``) a child process migrates an empty database, bulk-inserts the catalogue and
builds the full-text index (SQLite: fills the FTS5 table with the stems, as
``catalogue.search.index_game`` does, then merges it; PostgreSQL: drops the GIN index, inserts,
re-creates it and ANALYZEs), then times a handful of searches, each ``--repeat`` times after one
warm-up:

* raw SQL — the selector's own result query (count + first page of 20), run on a cursor;
* facets — the selector's facet counts alone (``catalogue.selectors._facets``);
* selector — ``catalogue.selectors.game_search`` (results + facets, what the page and API call);
* API — ``GET /api/v1/games/`` through Django's test client (form, selector, serializers, JSON).

The catalogue: titles, rules and words drawn from the five sample records' vocabulary with
Zipf-like weights (rank^-1.07: a few words are in almost every game, most are rare), rules of
log-normal length (median 180 words, from 15 to 3,000), 3,000 authors and 250 publishers
picked with Zipf weights, 16 ESAR categories, realistic player/age/duration ranges.
Percentiles are nearest-rank over the repeats.
"""

from __future__ import annotations

import argparse
import bisect
import itertools
import json
import math
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

CATEGORIES = [
    ("A 101", "jeu sensoriel sonore", "jeu d'exercice"),
    ("A 102", "jeu sensoriel visuel", "jeu d'exercice"),
    ("A 104", "jeu moteur", "jeu d'exercice"),
    ("A 201", "jeu de rôle", "jeu symbolique"),
    ("A 203", "jeu de représentation", "jeu symbolique"),
    ("A 301", "jeu d'assemblage", "jeu d'assemblage"),
    ("A 302", "jeu de construction", "jeu d'assemblage"),
    ("A 401", "jeu d'association", "jeu de règles"),
    ("A 402", "jeu de séquence", "jeu de règles"),
    ("A 403", "jeu de circuit", "jeu de règles"),
    ("A 404", "jeu d'adresse", "jeu de règles"),
    ("A 405", "jeu sportif", "jeu de règles"),
    ("A 406", "jeu de stratégie", "jeu de règles"),
    ("A 407", "jeu de hasard", "jeu de règles"),
    ("A 408", "jeu de questions et réponses", "jeu de règles"),
    ("A 409", "jeu de vocabulaire", "jeu de règles"),
]
QUERIES = [
    ("browse (no parameter)", {}),
    ("text only", {"q": "{mid}"}),
    ("text, rare word", {"q": "{rare}"}),
    ("filters only", {"players": 4, "age": 8, "max_duration": 60}),
    ("text + filters", {"q": "{mid2}", "players": 3, "age": 10, "category": "A 406"}),
    ("broad word", {"q": "{broad}"}),
]


# --------------------------------------------------------------------------- the catalogue


class Zipf:
    def __init__(self, items: list, rng: random.Random, exponent: float = 1.07):
        self.items, self.rng = items, rng
        self.cumulative = list(
            itertools.accumulate(1 / (r + 1) ** exponent for r in range(len(items)))
        )

    def draw(self, k: int) -> list:
        return self.rng.choices(self.items, cum_weights=self.cumulative, k=k)

    def one(self):
        total = self.cumulative[-1]
        return self.items[bisect.bisect(self.cumulative, self.rng.random() * total)]


def vocabulary() -> list[str]:
    """The sample records' words, most frequent first."""
    from importers.formats import parse_file

    counts: Counter[str] = Counter()
    for path in sorted((ROOT / "samples" / "records").glob("*.txt")):
        for record in parse_file(path.name, path.read_bytes())[1]:
            counts.update(w.lower() for w in re.findall(r"[^\W\d_]{2,}", record.rules_text))
    return [word for word, _ in counts.most_common()]


def build_catalogue(n_games: int, seed: int) -> dict:
    from django.db import connection, transaction
    from django.utils.text import slugify

    from catalogue import search, text
    from catalogue.models import Author, Category, Credit, Game, Publisher

    rng = random.Random(seed)
    words = vocabulary()
    zipf = Zipf(words, rng)
    content = [w for w in words if w not in text.STOP_WORDS and len(w) > 3]
    capital = [w.capitalize() for w in content]

    started = time.perf_counter()
    authors = Author.objects.bulk_create(
        Author(name=f"{a} {b} {i}", slug=f"{slugify(a)}-{slugify(b)}-{i}")
        for i, (a, b) in enumerate(
            zip(rng.choices(capital, k=3000), rng.choices(capital, k=3000), strict=True)
        )
    )
    publishers = Publisher.objects.bulk_create(
        Publisher(name=f"Éditions {w} {i}", slug=f"editions-{slugify(w)}-{i}")
        for i, w in enumerate(rng.choices(capital, k=250))
    )
    categories = Category.objects.bulk_create(
        Category(code=c, label=label, family=family, slug=slugify(f"{c} {label}"))
        for c, label, family in CATEGORIES
    )
    pick_author, pick_publisher = Zipf(authors, rng), Zipf(publishers, rng)
    pick_category = Zipf(categories, rng, exponent=0.8)
    title_words = Zipf(capital[:2000], rng, exponent=0.6)

    games, credits, fts_rows = [], [], []
    for i in range(n_games):
        length = min(3000, max(15, int(rng.lognormvariate(math.log(180), 0.9))))
        rules = " ".join(zipf.draw(length))
        title = " ".join(title_words.draw(rng.choice((1, 1, 2, 2, 3))))
        credited = list(
            dict.fromkeys(pick_author.one() for _ in range(rng.choice((0, 1, 1, 1, 2, 3))))
        )
        publisher = pick_publisher.one() if rng.random() < 0.9 else None
        category = pick_category.one() if rng.random() < 0.95 else None
        min_players = rng.choice((1, 2, 2, 2, 2, 3, 3, 4))
        min_age = rng.choice((3, 4, 5, 6, 7, 8, 8, 10, 10, 12, 14))
        parts = [title, *(a.name for a in credited)]
        parts += [publisher.name] if publisher else []
        parts += [category.code, category.label, category.family] if category else []
        games.append(
            Game(
                title=title,
                sort_title=text.sort_title(title),
                slug=f"{slugify(title)[:280]}-{i}",
                publisher=publisher,
                category=category,
                min_players=min_players,
                max_players=min(12, min_players + rng.choice((0, 1, 2, 2, 3, 4, 6))),
                min_age=min_age,
                max_age=None if rng.random() < 0.85 else min_age + rng.randint(2, 10),
                duration_minutes=rng.choice((10, 15, 20, 25, 30, 30, 45, 45, 60, 90, 120, 180))
                if rng.random() < 0.95
                else None,
                rules_text=rules,
                search_text="\n".join([*parts, rules]),
            )
        )
        credits.append(credited)
    generated = time.perf_counter() - started

    started = time.perf_counter()
    if search.is_postgres():
        with connection.cursor() as cursor:
            cursor.execute("DROP INDEX IF EXISTS catalogue_game_search_idx")
    Game.objects.bulk_create(games, batch_size=2000)
    Credit.objects.bulk_create(
        (
            Credit(game=game, author=author, role="Auteur", position=position)
            for game, credited in zip(games, credits, strict=True)
            for position, author in enumerate(credited)
        ),
        batch_size=5000,
    )
    inserted = time.perf_counter() - started

    started = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        if search.is_postgres():
            cursor.execute("SET maintenance_work_mem = '512MB'")
            for statement in search.POSTGRES_SETUP:
                cursor.execute(statement)
            cursor.execute("ANALYZE")
        else:
            for chunk in range(0, len(games), 2000):
                fts_rows = [
                    (g.pk, " ".join(text.stems(g.title)), " ".join(text.stems(g.search_text)))
                    for g in games[chunk : chunk + 2000]
                ]
                cursor.executemany(
                    f"INSERT INTO {search.FTS_TABLE} (rowid, title, body) VALUES (%s, %s, %s)",
                    fts_rows,
                )
            cursor.execute(
                f"INSERT INTO {search.FTS_TABLE}({search.FTS_TABLE}) VALUES ('optimize')"
            )
    indexed = time.perf_counter() - started
    mean_words = statistics.mean(len(g.rules_text.split()) for g in games)
    return {
        "games": len(games),
        "mean_words": round(mean_words),
        "generate_s": round(generated, 1),
        "insert_s": round(inserted, 1),
        "index_s": round(indexed, 1),
        "broad": content[0],
        "mid": content[60],
        "rare": content[400],
        "mid2": content[25],
    }


# --------------------------------------------------------------------------- proposals

FACET_INDEX = (
    "CREATE INDEX bench_game_facets ON catalogue_game (min_players, max_players, min_age, "
    "max_age, duration_minutes, category_id, publisher_id)"
)
PG_STORED_VECTOR = [
    "ALTER TABLE catalogue_game ADD COLUMN search_vector tsvector GENERATED ALWAYS AS "
    "(to_tsvector('french'::regconfig, ludo_unaccent(search_text))) STORED",
    "DROP INDEX catalogue_game_search_idx",
    "CREATE INDEX bench_game_search_vector ON catalogue_game USING gin (search_vector)",
]


def apply_proposals() -> dict:
    """What the report proposes, applied to this database only (nothing in the app changes):
    a covering index for the facet counts, and on PostgreSQL a stored tsvector column that
    ranking reads instead of parsing every matching game's text again."""
    from django.db import connection

    from catalogue import search

    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute(FACET_INDEX)
        if search.is_postgres():
            for statement in PG_STORED_VECTOR:
                cursor.execute(statement)
            cursor.execute("VACUUM ANALYZE catalogue_game")
            search.pg_document = lambda column: column.replace('"search_text"', '"search_vector"')
        else:
            cursor.execute("ANALYZE")
    return {"proposals_s": round(time.perf_counter() - started, 1)}


# --------------------------------------------------------------------------- measuring


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(p / 100 * len(ordered)) - 1)]


def timed(function, repeat: int, budget_s: float = 30.0) -> dict:
    """p50/p95 over ``repeat`` runs after a warm-up — fewer (at least 3) when a run is so slow
    that ``repeat`` runs would exceed ``budget_s``."""
    started = time.perf_counter()
    function()  # warm-up (and caches)
    first = time.perf_counter() - started
    runs = max(3, min(repeat, int(budget_s / max(first, 1e-6))))
    values = []
    for _ in range(runs):
        started = time.perf_counter()
        function()
        values.append((time.perf_counter() - started) * 1000)
    return {"p50": percentile(values, 50), "p95": percentile(values, 95), "n": runs}


def measure(words: dict, repeat: int) -> list[dict]:
    from django.test import Client

    client = Client()
    rows = []
    for name, template in QUERIES:
        query = {k: (v.format(**words) if isinstance(v, str) else v) for k, v in template.items()}
        rows.append({"query": name, "params": query, **measure_query(client, query, repeat)})
    return rows


def measure_query(client, query: dict, repeat: int) -> dict:
    from django.conf import settings
    from django.db import connection

    from catalogue import selectors
    from catalogue.selectors import ORDERINGS, SearchParams

    params = SearchParams(**query)
    queryset, ranked = selectors._filtered(params)
    ordering = "relevance" if ranked else "title"
    page = queryset.order_by(*ORDERINGS[ordering])[: settings.CATALOGUE_PAGE_SIZE]
    page_sql, page_params = page.query.sql_with_params()
    count_sql, count_params = queryset.order_by().values("id").query.sql_with_params()

    def raw_sql():
        with connection.cursor() as cursor:
            cursor.execute(f"SELECT COUNT(*) FROM ({count_sql}) AS matched", count_params)
            cursor.fetchone()
            cursor.execute(page_sql, page_params)
            cursor.fetchall()

    def selector():
        result = selectors.game_search(params=params)
        list(result.page.object_list)

    def api():
        response = client.get("/api/v1/games/", query)
        assert response.status_code == 200, response.content[:200]

    return {
        "matches": queryset.count(),
        "raw": timed(raw_sql, repeat),
        "facets": timed(lambda: selectors._facets(params), repeat),
        "selector": timed(selector, repeat),
        "api": timed(api, repeat),
    }


def child(args) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.test")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    call_command("migrate", verbosity=0)
    built = build_catalogue(args.games, args.seed)
    if args.proposals:
        built.update(apply_proposals())
    rows = measure(built, args.repeat)
    print(json.dumps({"engine": connection.vendor, "build": built, "rows": rows}))


# --------------------------------------------------------------------------- orchestration


def run_child(args, database_url: str) -> dict:
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "DJANGO_SETTINGS_MODULE": "ludotheque.settings.test",
    }
    command = [
        sys.executable, __file__, "--child", "--games", str(args.games), "--repeat",
        str(args.repeat), "--seed", str(args.seed), *(["--proposals"] if args.proposals else []),
    ]  # fmt: skip
    output = subprocess.run(command, env=env, cwd=ROOT, check=True, capture_output=True, text=True)
    return json.loads(output.stdout.strip().splitlines()[-1])


def print_table(results: list[dict]) -> None:
    for result in results:
        b = result["build"]
        print(
            f"{result['engine']}: {b['games']:,} games, {b['mean_words']} words of rules on "
            f"average; generated {b['generate_s']} s, inserted {b['insert_s']} s, "
            f"full-text index {b['index_s']} s"
            + (f", proposals {b['proposals_s']} s" if "proposals_s" in b else "")
            + f"; words: broad « {b['broad']} », "
            f"« {b['mid']} », « {b['mid2']} », rare « {b['rare']} »"
        )
    print()
    header = (
        f"{'engine':<10} {'query':<22} {'matches':>8}  {'raw SQL p50/p95':>16}  "
        f"{'facets p50/p95':>16}  {'selector p50/p95':>17}  {'API p50/p95':>16}"
    )
    print(header)
    print("-" * len(header))
    for result in results:
        for row in result["rows"]:
            cells = [
                f"{row[k]['p50']:>7.0f}/{row[k]['p95']:<6.0f}ms"
                for k in ("raw", "facets", "selector", "api")
            ]
            print(
                f"{result['engine']:<10} {row['query']:<22} {row['matches']:>8}  {cells[0]:>16}  "
                f"{cells[1]:>16}  {cells[2]:>17}  {cells[3]:>16}"
            )
    print()
    for index, row in enumerate(results[0]["rows"]):
        runs = "; ".join(
            f"{r['engine']} "
            + ", ".join(str(r["rows"][index][k]["n"]) for k in ("raw", "facets", "selector", "api"))
            for r in results
        )
        print(f"  {row['query']}: {row['params']} (runs per column: {runs})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--engines", default="sqlite,postgres")
    parser.add_argument(
        "--proposals",
        action="store_true",
        help="measure with the proposed facet index and (PostgreSQL) stored tsvector",
    )
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args)
        return 0
    results = []
    for engine in args.engines.split(","):
        print(f"==> {engine}: building {args.games:,} games…", file=sys.stderr, flush=True)
        if engine == "sqlite":
            with tempfile.TemporaryDirectory(prefix="ludo-bench-") as tmp:
                results.append(run_child(args, f"sqlite:///{tmp}/bench.sqlite3"))
        else:
            from pgtemp import postgres_server

            with postgres_server() as url:
                results.append(run_child(args, url))
    print_table(results)
    return 0


if __name__ == "__main__":
    sys.exit(main())
