"""Files that claim more than they hold, or hold too much: each is read as what it really holds
(only real rows count) or refused with a message naming the file and what was too large — and
in every case the memory of the process that reads it stays small."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from importers.formats import parse_file, parse_source
from importers.limits import ImportLimits
from importers.records import RecordError
from tests.importers import attack_files

ROOT = Path(__file__).resolve().parents[2]
#: Peak memory a child process may add while reading one file (openpyxl took +2.6 GB for a
#: 4,700-byte workbook whose only game sits on row 300,000).
MAX_RSS_GROWTH_MB = 100

_CHILD = textwrap.dedent(
    """
    import json, resource, sys
    from pathlib import Path
    from importers.formats import parse_source
    from importers.records import RecordError

    path = Path(sys.argv[1])
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    titles, count, error = [], 0, None
    try:
        for record in parse_source(path.name, path).records:
            count += 1
            if len(titles) < 3:
                titles.append((record.title, record.min_players))
    except RecordError as refused:
        error = refused.to_dict()
    after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(json.dumps({"count": count, "titles": titles, "error": error,
                      "growth_mb": (after - before) / 1024}))
    """
)


def read_in_child(path: Path) -> dict:
    """Parse ``path`` in a fresh process: what it read, and how much its peak memory grew."""
    done = subprocess.run(
        [sys.executable, "-c", _CHILD, str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    return json.loads(done.stdout)


def assert_small(result: dict) -> None:
    assert result["growth_mb"] < MAX_RSS_GROWTH_MB, result


# ----------------------------------------------------------------------------- xlsx


@pytest.mark.parametrize("row", [300_000, 1_048_576, 1_000_000_000])
def test_an_xlsx_game_on_a_far_row_is_read_as_one_game_without_padding(tmp_path, row):
    path = attack_files.xlsx_far_row(tmp_path / "loin.xlsx", row)
    assert path.stat().st_size < 5000
    result = read_in_child(path)
    assert result["error"] is None
    assert (result["count"], result["titles"]) == (1, [["Jeu lointain", 2]])
    assert_small(result)


def test_an_xlsx_row_filled_up_to_column_xfd_is_refused(tmp_path):
    path = attack_files.xlsx_wide_row(tmp_path / "large.xlsx")
    result = read_in_child(path)
    assert result["error"] == {
        "file": "large.xlsx",
        "record": "ligne 2",
        "field": "",
        "message": "ligne 2 : classeur Excel (.xlsx) refusé : plus de 1\u202f024 colonnes "
        "(une valeur en colonne n° 1\u202f025)",
    }
    assert_small(result)


def test_an_xlsx_value_alone_in_column_xfd_is_refused_without_allocating_the_gap(tmp_path):
    rows = [attack_files.header_xlsx_row(), attack_files.xlsx_row(2, [(1, "Jeu"), (16_384, 1)])]
    data = attack_files.write_xlsx(tmp_path / "x.xlsx", rows).read_bytes()
    with pytest.raises(RecordError, match="colonne n° 16\u202f384"):
        parse_file("x.xlsx", data)


def test_a_huge_shared_strings_table_is_read_in_bounded_memory(tmp_path):
    """300,000 strings of 100 characters (30 MB): kept in a temporary file, not in memory."""
    path = attack_files.xlsx_huge_shared_strings(tmp_path / "textes.xlsx", 300_000)
    result = read_in_child(path)
    assert (result["error"], result["count"]) == (None, 1)
    assert result["growth_mb"] < 40, result


def test_a_shared_strings_table_over_its_caps_is_refused(tmp_path):
    path = attack_files.xlsx_huge_shared_strings(tmp_path / "textes.xlsx", 1001, length=10)
    with pytest.raises(RecordError) as refused:
        list(
            parse_source("textes.xlsx", path, limits=ImportLimits(max_shared_strings=1000)).records
        )
    assert refused.value.message == (
        "classeur Excel (.xlsx) refusé : plus de 1\u202f000 textes partagés (xl/sharedStrings.xml)"
    )
    with pytest.raises(RecordError, match="de plus de 5\u202f000 caractères"):
        list(
            parse_source("t.xlsx", path, limits=ImportLimits(max_shared_strings_chars=5000)).records
        )


def test_an_xlsx_cell_longer_than_a_csv_cell_is_refused(tmp_path):
    rows = [attack_files.header_xlsx_row(), attack_files.xlsx_row(2, [(1, "x" * 131_073)])]
    data = attack_files.write_xlsx(tmp_path / "x.xlsx", rows).read_bytes()
    with pytest.raises(RecordError) as refused:
        parse_file("x.xlsx", data)
    assert refused.value.record == "ligne 2"
    assert "cellule de plus de 131\u202f072 caractères" in refused.value.message


def test_an_xlsx_with_a_doctype_is_refused(tmp_path):
    path = attack_files.xlsx_far_row(tmp_path / "x.xlsx", 2)
    data = path.read_bytes()
    out = tmp_path / "dtd.xlsx"
    import zipfile

    with zipfile.ZipFile(path) as original, zipfile.ZipFile(out, "w") as changed:
        for item in original.infolist():
            content = original.read(item)
            if item.filename == "xl/worksheets/sheet1.xml":
                content = content.replace(
                    b"<worksheet", b'<!DOCTYPE w [<!ENTITY e "lol">]><worksheet', 1
                )
            changed.writestr(item, content)
    assert data != out.read_bytes()
    with pytest.raises(RecordError, match="déclare une DTD ou des entités"):
        parse_file("dtd.xlsx", out.read_bytes())


# ----------------------------------------------------------------------------- ods


def test_an_ods_repeating_a_thousand_games_a_million_times_is_refused_at_once(tmp_path):
    path = attack_files.ods_repeated_rows(tmp_path / "repete.ods")
    assert path.stat().st_size < 300_000
    started = time.monotonic()
    result = read_in_child(path)
    assert result["error"]["file"] == "repete.ods"
    assert result["error"]["message"] == (
        "ligne 200002 : plus de 200\u202f000 notices dans un seul fichier : découpez l'export en "
        "plusieurs fichiers"
    )
    assert result["count"] == 0  # refused before the first copy is read
    assert time.monotonic() - started < 5
    assert_small(result)


def test_an_ods_repeating_empty_rows_a_billion_times_costs_nothing(tmp_path):
    path = attack_files.ods_repeated_rows(tmp_path / "vide.ods", filled=False)
    result = read_in_child(path)
    assert (result["error"], result["count"]) == (None, 1)
    assert result["titles"] == [["Dernier", 3]]
    assert_small(result)


def test_a_repeated_game_row_counts_as_that_many_games(tmp_path):
    path = attack_files.ods_repeated_rows(tmp_path / "r.ods", rows=2, repeat=3)
    parsed = parse_source("r.ods", path)
    assert [r.title for r in parsed.records] == ["Jeu 0"] * 3 + ["Jeu 1"] * 3 + ["Dernier"]
    assert parsed.position() == (parsed.position()[1],) * 2


def test_an_ods_of_20_mb_of_empty_cells_is_read_in_bounded_memory(tmp_path):
    path = attack_files.ods_empty_cells(tmp_path / "cellules.ods", megabytes=20)
    assert path.stat().st_size < 100_000
    result = read_in_child(path)
    assert (result["error"], result["count"]) == (None, 1)
    assert result["titles"] == [["Jeu du bout", None]]
    assert_small(result)


def test_an_ods_row_repeating_a_value_over_the_columns_cap_is_refused(tmp_path):
    row = "<table:table-row>" + attack_files.ods_cell("x", 16_384) + "</table:table-row>"
    path = attack_files.write_ods(tmp_path / "l.ods", [attack_files.ods_row(["titre"]), row])
    with pytest.raises(RecordError, match="ligne 2 : .*plus de 1\u202f024 colonnes"):
        parse_file("l.ods", path.read_bytes())


def test_an_ods_cell_of_a_billion_spaces_is_refused_before_they_are_built(tmp_path):
    cell = '<table:table-cell><text:p>a<text:s text:c="1000000000"/></text:p></table:table-cell>'
    row = f"<table:table-row>{cell}</table:table-row>"
    path = attack_files.write_ods(tmp_path / "s.ods", [attack_files.ods_row(["titre"]), row])
    with pytest.raises(RecordError, match="cellule de plus de 131\u202f072 caractères"):
        parse_file("s.ods", path.read_bytes())


def test_the_file_wide_caps_name_what_was_too_large(tmp_path):
    path = attack_files.ods_repeated_rows(tmp_path / "r.ods", rows=3, repeat=10)
    cells = ImportLimits(max_cells=40)
    with pytest.raises(RecordError, match="plus de 40 cellules remplies"):
        list(parse_source("r.ods", path, limits=cells).records)
    text = ImportLimits(max_text_chars=100)
    with pytest.raises(RecordError, match="plus de 100 caractères de texte"):
        list(parse_source("r.ods", path, limits=text).records)
    records = ImportLimits(max_records=25)
    with pytest.raises(RecordError, match="ligne 27 : plus de 25 notices"):
        list(parse_source("r.ods", path, limits=records).records)


def test_a_csv_over_the_records_cap_is_refused_naming_the_line(tmp_path):
    path = attack_files.csv_games(tmp_path / "jeux.csv", 30)
    with pytest.raises(RecordError) as refused:
        list(parse_source("jeux.csv", path, limits=ImportLimits(max_records=20)).records)
    assert refused.value.record == "ligne 22"
    assert "plus de 20 notices" in refused.value.message


# ----------------------------------------------------------------------------- streaming


MAKERS = {
    "csv": attack_files.csv_games,
    "xlsx": attack_files.xlsx_games,
    "ods": attack_files.ods_games,
}


@pytest.mark.parametrize("fmt", sorted(MAKERS))
def test_a_100000_game_file_streams_its_first_record_before_reading_the_rest(tmp_path, fmt):
    path = MAKERS[fmt](tmp_path / f"jeux.{fmt}", 100_000)
    parsed = parse_source(path.name, path, stream_bytes=0)
    assert parsed.format == fmt
    assert parsed.position()[0] == 0
    records = iter(parsed.records)
    first = next(records)
    assert (first.title, first.min_players, first.max_players) == ("Jeu numéro 0", 2, 4)
    done, total = parsed.position()
    assert 0 < done < total / 2  # the rest is still unread (an xlsx reads its strings first)
    second = next(records)
    assert second.title == "Jeu numéro 1" and parsed.position()[0] >= done


@pytest.mark.parametrize("fmt", sorted(MAKERS))
def test_a_20000_game_file_is_read_whole_in_bounded_memory(tmp_path, fmt):
    path = MAKERS[fmt](tmp_path / f"jeux.{fmt}", 20_000)
    result = read_in_child(path)
    assert (result["error"], result["count"]) == (None, 20_000)
    assert result["titles"][0] == ["Jeu numéro 0", 2]
    assert_small(result)


@pytest.mark.parametrize("fmt", sorted(MAKERS))
def test_the_position_ends_at_the_total(tmp_path, fmt):
    path = MAKERS[fmt](tmp_path / f"jeux.{fmt}", 50)
    for source in (path, path.read_bytes()):
        parsed = parse_source(path.name, source)
        seen = [parsed.position()]
        for _record in parsed.records:
            seen.append(parsed.position())
        assert seen == sorted(seen)  # monotone
        assert seen[-1][0] == seen[-1][1] > 0
