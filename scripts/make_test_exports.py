"""Write the five sample records in every other import format, into ``samples/exports/``.

    .venv/bin/python scripts/make_test_exports.py

Reads ``samples/records/`` with the importers' own parsers, then writes the resulting records as
``catalogue.mrc`` (UNIMARC ISO 2709), ``catalogue.xml`` (UNIMARC MARC XML), ``catalogue.csv``
and ``catalogue.json`` (catalogue-json). The output is deterministic (a fixed cataloguing date),
so re-running it changes no file unless a parser or writer changed; tests/importers check that
every file gives back the same five records, field for field. No Django, no database.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from importers.csv_format import write_csv  # noqa: E402
from importers.formats import parse_file  # noqa: E402
from importers.json_format import write_catalogue_json  # noqa: E402
from importers.marc import write_iso2709, write_marcxml  # noqa: E402
from importers.records import GameRecord  # noqa: E402

RECORDS = ROOT / "samples" / "records"
EXPORTS = ROOT / "samples" / "exports"
ENTERED = "20250101"  # UNIMARC 100 $a date entered on file: fixed, for reproducible files


def sample_records() -> list[GameRecord]:
    records: list[GameRecord] = []
    for path in sorted(RECORDS.glob("*.txt")):
        records += parse_file(path.name, path.read_bytes())[1]
    return records


def exports(records: list[GameRecord]) -> dict[str, bytes]:
    return {
        "catalogue.mrc": write_iso2709(records, entered=ENTERED),
        "catalogue.xml": write_marcxml(records, entered=ENTERED),
        "catalogue.csv": write_csv(records),
        "catalogue.json": write_catalogue_json(records),
    }


def main() -> int:
    EXPORTS.mkdir(parents=True, exist_ok=True)
    records = sample_records()
    for name, data in exports(records).items():
        path = EXPORTS / name
        changed = not path.exists() or path.read_bytes() != data
        if changed:
            path.write_bytes(data)
        print(
            f"{path.relative_to(ROOT)}: {len(records)} records, {len(data)} bytes"
            f"{'' if changed else ' (unchanged)'}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
