"""How fast, and in how much memory, a library's whole export imports — and what the hostile
workbooks cost.

For a synthetic export of ``--rows`` games (:mod:`bench.catalogue_synth`, written as CSV, then as
the same sheet in .xlsx — texts in the shared strings table, as Excel writes them — and in .ods),
prints the records per second and the peak memory (the child's maximum resident set) of:

* a full import: ``manage.py import_games FILE`` in a child process, against a throwaway SQLite
  database (migrated once, copied for each run) and search index directory;
* parsing alone: :func:`importers.formats.parse_source` over the file, in a child process.

Then the background job's figures for an upload (:mod:`importers.jobs`): a short export of
``--rows`` games — title, players and age, about 20 bytes a row, under the upload limit like the
attack's honest 100,000-row CSV of 1.2 MB — as CSV, .xlsx and .ods, submitted as the admin does
(:func:`importers.batches.batch_submit`), read (the dry run) and then applied by the job as a
worker runs it, in a child process: records per second of each step and the child's peak memory.

Then, for the hostile files of ``tests/importers/attack_files.py`` (a cell on row 10⁹, a row
repeated a million times, 20 MB of empty cells, a wide row, a large shared strings table), the
time to read or refuse each one and the peak memory of the process that did it.

Goals: ≥ 1,000 records/s and ≤ 200 MB for an import job of 100,000 games.

    .venv/bin/python bench/import_bench.py [--rows N]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.importers import attack_files  # noqa: E402

# Runs a command and prints the largest resident set of its processes (kilobytes, Linux).
_MEASURED = textwrap.dedent(
    """
    import resource, subprocess, sys
    done = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    sys.stderr.write(done.stderr.decode()[-2000:] if done.returncode else "")
    print(peak, done.returncode)
    """
)
_PARSE = textwrap.dedent(
    """
    import json, resource, sys, time
    from pathlib import Path
    from importers.formats import parse_source
    from importers.records import RecordError

    path = Path(sys.argv[1])
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    started = time.perf_counter()
    count, error = 0, None
    try:
        for _record in parse_source(path.name, path).records:
            count += 1
    except RecordError as refused:
        error = refused.message
    elapsed = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"count": count, "error": error, "seconds": elapsed, "peak_kb": peak,
                      "growth_kb": peak - before}))
    """
)


_JOB = textwrap.dedent(
    """
    import json, resource, sys, time
    from pathlib import Path
    import django
    django.setup()
    from importers.batches import batch_confirm, batch_submit
    from importers.jobs import batch_run
    from importers.models import ImportBatch

    path = Path(sys.argv[1])
    batch = batch_submit(files=[(path.name, path.read_bytes())], user=None, origin="bench")
    started = time.perf_counter()
    read = batch_run(batch.pk)
    reading = time.perf_counter() - started
    batch_confirm(batch=ImportBatch.objects.get(pk=batch.pk))
    started = time.perf_counter()
    applied = batch_run(batch.pk)
    applying = time.perf_counter() - started
    batch = ImportBatch.objects.get(pk=batch.pk)
    print(json.dumps({"read": read, "applied": applied, "reading": reading, "applying": applying,
                      "created": batch.created, "error": batch.error,
                      "peak_kb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}))
    """
)


def measured(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """``(seconds, peak MB)`` of a child command."""
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-c", _MEASURED, *command],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    elapsed = time.perf_counter() - started
    peak, code = done.stdout.split()
    if code != "0":
        raise SystemExit(f"{' '.join(command)} failed:\n{done.stderr}")
    return elapsed, int(peak) / 1024


def parse_only(path: Path) -> dict:
    done = subprocess.run(
        [sys.executable, "-c", _PARSE, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


# ----------------------------------------------------------------------------- the export


def _csv_rows(path: Path) -> Iterator[list[str]]:
    with open(path, encoding="utf-8-sig", newline="") as handle:
        yield from csv.reader(handle, delimiter=";")


def _cell_value(text: str):
    return int(text) if text.isdigit() else text


def write_xlsx_from_csv(source: Path, path: Path) -> Path:
    """The CSV's sheet as Excel writes it: numbers as numbers, texts in the shared strings."""
    texts: dict[str, int] = {}

    def rows() -> Iterator[str]:
        for number, row in enumerate(_csv_rows(source), start=1):
            cells = []
            for column, text in enumerate(row, start=1):
                if not text:
                    continue
                reference = f"{attack_files.column_letters(column)}{number}"
                value = _cell_value(text) if number > 1 else text
                if isinstance(value, int):
                    cells.append(f'<c r="{reference}"><v>{value}</v></c>')
                else:
                    index = texts.setdefault(value, len(texts))
                    cells.append(f'<c r="{reference}" t="s"><v>{index}</v></c>')
            yield f'<row r="{number}">{"".join(cells)}</row>'

    def strings() -> Iterator[str]:  # read once the sheet is written, so every text is in
        yield from texts

    return attack_files.write_xlsx(path, rows(), shared_strings=strings())


def write_ods_from_csv(source: Path, path: Path) -> Path:
    rows = (
        attack_files.ods_row([_cell_value(text) if text else None for text in row])
        for row in _csv_rows(source)
    )
    return attack_files.write_ods(path, rows)


def export_files(folder: Path, rows: int) -> dict[str, Path]:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ludotheque.settings.dev")
    django.setup()
    from bench.catalogue_synth import write_export

    source = folder / "export.csv"
    write_export(source, rows)
    return {
        "csv": source,
        "xlsx": write_xlsx_from_csv(source, folder / "export.xlsx"),
        "ods": write_ods_from_csv(source, folder / "export.ods"),
    }


# ----------------------------------------------------------------------------- runs


def fresh_site(folder: Path, env: dict[str, str], name: str) -> dict[str, str]:
    """The environment of a run on an empty database of its own (a copy of one migrated once)
    and a search index directory of its own."""
    template = folder / "template.sqlite3"
    if not template.exists():
        migrate_env = {**env, "DATABASE_URL": f"sqlite:///{template}"}
        subprocess.run(
            [sys.executable, "manage.py", "migrate", "-v", "0"],
            cwd=ROOT, env=migrate_env, check=True,
        )  # fmt: skip
    database = folder / f"{name}.sqlite3"
    shutil.copy(template, database)
    return {
        **env,
        "DATABASE_URL": f"sqlite:///{database}",
        "SEARCH_INDEX_DIR": str(folder / f"search-{name}"),
    }


def import_figures(folder: Path, files: dict[str, Path], rows: int) -> None:
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "ludotheque.settings.dev",
        "PYTHONPATH": str(ROOT),
    }
    print(f"{'file':<8}{'size':>10}  {'import (peak RSS)':>24}  {'parse only (peak, +growth)':>30}")
    for fmt, path in files.items():
        run_env = fresh_site(folder, env, fmt)
        command = [sys.executable, "manage.py", "import_games", "-v", "0", str(path)]
        seconds, peak = measured(command, run_env)
        parsed = parse_only(path)
        assert parsed["count"] == rows, parsed
        size = f"{path.stat().st_size / 1e6:.1f} MB"
        whole = f"{rows / seconds:,.0f} rec/s {peak:,.0f} MB"
        alone = f"{rows / parsed['seconds']:,.0f} rec/s {_peak(parsed)}"
        print(f"{fmt:<8}{size:>10}  {whole:>24}  {alone:>30}")


def write_short_export(path: Path, rows: int) -> Path:
    """A library's export of ``rows`` games with the catalogue's fields filled but no texts."""
    with open(path, "w", encoding="utf-8", newline="") as handle:
        handle.write("titre;joueurs_min;joueurs_max;age_min\n")
        for number in range(rows):
            handle.write(f"Jeu {number};2;4;8\n")
    return path


def job_figures(folder: Path, rows: int) -> None:
    source = write_short_export(folder / "short.csv", rows)
    files = {
        "csv": source,
        "xlsx": write_xlsx_from_csv(source, folder / "short.xlsx"),
        "ods": write_ods_from_csv(source, folder / "short.ods"),
    }
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "ludotheque.settings.dev"}
    print(f"\nimport job, {rows:,} short rows (upload, dry run, then applied; SQLite)")
    print(f"{'file':<8}{'size':>10}{'read (dry run)':>18}{'applied':>16}{'job peak RSS':>16}")
    for fmt, path in files.items():
        run_env = fresh_site(folder, env, f"job-{fmt}")
        done = subprocess.run(
            [sys.executable, "-c", _JOB, str(path)],
            cwd=ROOT, env=run_env, capture_output=True, text=True, check=True,
        )  # fmt: skip
        result = json.loads(done.stdout.splitlines()[-1])
        assert result["created"] == rows, result
        size = f"{path.stat().st_size / 1e6:.2f} MB"
        read = f"{rows / result['reading']:,.0f} rec/s"
        applied = f"{rows / result['applying']:,.0f} rec/s"
        print(f"{fmt:<8}{size:>10}{read:>18}{applied:>16}{result['peak_kb'] / 1024:>13,.0f} MB")


def _peak(result: dict) -> str:
    """The child's peak memory, and how much of it reading the file added."""
    return f"{result['peak_kb'] / 1024:.0f} MB (+{result['growth_kb'] / 1024:.0f})"


ATTACKS = {
    "row 300,000 (.xlsx)": lambda d: attack_files.xlsx_far_row(d / "a.xlsx", 300_000),
    "row 10⁹ (.xlsx)": lambda d: attack_files.xlsx_far_row(d / "b.xlsx", 1_000_000_000),
    "XFD-wide row (.xlsx)": lambda d: attack_files.xlsx_wide_row(d / "c.xlsx"),
    "300,000 shared strings (.xlsx)": lambda d: attack_files.xlsx_huge_shared_strings(
        d / "d.xlsx", 300_000
    ),
    "1,000 rows × 10⁶ (.ods)": lambda d: attack_files.ods_repeated_rows(d / "e.ods"),
    "1,000 empty rows × 10⁶ (.ods)": lambda d: attack_files.ods_repeated_rows(
        d / "f.ods", filled=False
    ),
    "20 MB of empty cells (.ods)": lambda d: attack_files.ods_empty_cells(d / "g.ods"),
}


def attack_figures(folder: Path) -> None:
    print(f"\n{'hostile file':<32}{'size':>10}{'seconds':>9}{'peak (+growth)':>15}  outcome")
    for label, make in ATTACKS.items():
        path = make(folder)  # small: writing them leaves this process small
        result = parse_only(path)
        outcome = f"refused: {result['error']}" if result["error"] else f"{result['count']} game(s)"
        size = f"{path.stat().st_size / 1e3:,.1f} kB"
        print(f"{label:<32}{size:>10}{result['seconds']:>9.2f}{_peak(result):>15}  {outcome[:80]}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--rows", type=int, default=100_000, help="games in the export")
    parser.add_argument("--write-to", type=Path, help=argparse.SUPPRESS)
    options = parser.parse_args()
    if options.write_to:  # the child that writes the files (see below)
        export_files(options.write_to, options.rows)
        return
    with tempfile.TemporaryDirectory(prefix="import-bench-") as temporary:
        folder = Path(temporary)
        started = time.perf_counter()
        # Written by a child: a process started by this one would inherit its peak memory
        # (Linux keeps the resident high-water mark across fork and exec).
        subprocess.run(
            [sys.executable, __file__, "--rows", str(options.rows), "--write-to", str(folder)],
            check=True,
        )
        files = {fmt: folder / f"export.{fmt}" for fmt in ("csv", "xlsx", "ods")}
        print(f"{options.rows:,} synthetic games written in {time.perf_counter() - started:.0f} s")
        import_figures(folder, files, options.rows)
        job_figures(folder, options.rows)
        attack_figures(folder)


if __name__ == "__main__":
    main()
