"""parse_file: decoding, format detection and every way a file is rejected."""

import io
import zipfile
from pathlib import Path

import pytest

from importers.formats import decode, detect_format, parse_file
from importers.pmb_text import parse_pmb_text
from importers.records import RecordError

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "records"
POW_WOW = "000_9488e5f633865ecc.txt"
TA_YU = "001_2eedb90fe3b19964.txt"
ALCATRAZ = "002_fde63279b46173cf.txt"
BATACLAN = "003_7f62d24850ce57d4.txt"
PRAIRIE = "004_f91f1ac09edd42ab.txt"


def raw(name: str) -> bytes:
    return (SAMPLES / name).read_bytes()


def text(name: str) -> str:
    return raw(name).decode("utf-8")


def rejected(name: str, data: bytes) -> RecordError:
    with pytest.raises(RecordError) as caught:
        parse_file(name, data)
    error = caught.value
    assert error.source_name == name
    assert name in str(error)
    return error


# ----------------------------------------------------------------------------- accepted


@pytest.mark.parametrize(
    "name, fmt, title",
    [
        (POW_WOW, "pmb-text", "Pow wow"),
        (TA_YU, "pmb-text", "Ta Yü"),
        (ALCATRAZ, "pmb-text", "Alcatraz"),
        (BATACLAN, "pmb-text", "Bataclan"),
        (PRAIRIE, "rules-page", "Prairie ou Buffalo"),
    ],
)
def test_samples_are_recognised(name, fmt, title):
    found, records = parse_file(name, raw(name))
    assert found == fmt
    assert [r.title for r in records] == [title]
    assert records[0].source_name == name and records[0].source_format == fmt


def test_cp1252_input_gives_the_same_record():
    for name in (TA_YU, PRAIRIE):  # Prairie has typographic apostrophes (0x92 in cp1252)
        legacy = text(name).encode("cp1252")
        with pytest.raises(UnicodeDecodeError):
            legacy.decode("utf-8")
        assert parse_file(name, legacy) == parse_file(name, raw(name))
    assert parse_file(TA_YU, text(TA_YU).encode("cp1252"))[1][0].title == "Ta Yü"


def test_utf8_bom_and_crlf_give_the_same_record():
    expected = parse_file(ALCATRAZ, raw(ALCATRAZ))
    assert parse_file(ALCATRAZ, b"\xef\xbb\xbf" + raw(ALCATRAZ)) == expected
    assert parse_file(ALCATRAZ, raw(ALCATRAZ).replace(b"\n", b"\r\n")) == expected
    crlf_bom = b"\xef\xbb\xbf" + text(BATACLAN).replace("\n", "\r\n").encode("cp1252")
    assert parse_file(BATACLAN, crlf_bom) == parse_file(BATACLAN, raw(BATACLAN))


def test_utf16_with_bom_is_decoded():
    assert parse_file(TA_YU, text(TA_YU).encode("utf-16")) == parse_file(TA_YU, raw(TA_YU))


def test_detect_format():
    assert detect_format(text(POW_WOW)) == "pmb-text"
    assert detect_format(text(PRAIRIE)) == "rules-page"
    assert detect_format("  <!DOCTYPE html><html><body></body></html>") == "pmb-html"
    assert detect_format("Une phrase sans rien.") is None


# ----------------------------------------------------------------------------- empty, binary


@pytest.mark.parametrize("data", [b"", b"   \n\t\r\n", b"\xef\xbb\xbf", b"\xef\xbb\xbf \n"])
def test_empty_file(data):
    error = rejected("vide.txt", data)
    assert error.message == "fichier vide"


def test_binary_files():
    png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256))
    assert "PNG" in rejected("image.png", png).message
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("notice.txt", text(POW_WOW))
    assert "ZIP" in rejected("notices.zip", buffer.getvalue()).message
    assert "binaire" in rejected("nul.txt", b"| Titre : |\nJeu\x00 |\n").message
    controls = bytes([1, 2, 3, 4, 5, 6, 7, 8, 11, 14, 15, 16] * 20) + b"Titre : |\nJeu |\n"
    assert "binaire" in rejected("ctl.txt", controls).message


def test_decode_keeps_a_stray_control_character():
    assert decode("a.txt", b"Du texte. " * 10 + b"\x1a") == "Du texte. " * 10 + "\x1a"


# ----------------------------------------------------------------------------- unknown format


@pytest.mark.parametrize(
    "data",
    [
        b"Une liste de courses :\n- pain\n- lait\n",
        b'{"title": "Pow wow", "players": 3}',
        b"<html><body><p>Bonjour</p></body></html>",
        b"|\n||||\n|\n",
        "Préparation: rien d'autre".encode(),  # a single rules heading is not a rules page
    ],
)
def test_unknown_format(data):
    assert "format inconnu" in rejected("autre.txt", data).message


# ----------------------------------------------------------------------------- bad values


def replace_all(source: str, old: str, new: str) -> bytes:
    """Change a value in both copies the OPAC prints (public view and ISBD view)."""
    assert source.count(old) == 2
    return source.replace(old, new).encode("utf-8")


@pytest.mark.parametrize(
    "old, new, field",
    [
        ("| Nombre minimum de joueurs : |\n3 |", "| Nombre minimum de joueurs : |\ntrois |",
         "Nombre minimum de joueurs"),
        ("| Nombre maximum de joueurs : |\n6 |", "| Nombre maximum de joueurs : |\n6+ |",
         "Nombre maximum de joueurs"),
        ("| Age minimum : |\n10 |", "| Age minimum : |\n10 ans |", "Age minimum"),
        ("| Age maximum : |\n99 |", "| Age maximum : |\nadulte |", "Age maximum"),
        ("| Durée moyenne (minutes) : |\n45 |", "| Durée moyenne (minutes) : |\n45 min |",
         "Durée moyenne (minutes)"),
        ("| Durée moyenne (minutes) : |\n45 |", "| Durée moyenne (minutes) : |\n-45 |",
         "Durée moyenne (minutes)"),
    ],
)  # fmt: skip
def test_non_numeric_values(old, new, field):
    error = rejected(POW_WOW, replace_all(text(POW_WOW), old, new))
    assert "non numérique" in error.message
    assert error.record == "Pow wow"
    assert error.field == field
    assert "Pow wow" in str(error) and field in str(error)
    assert error.to_dict() == {
        "file": POW_WOW,
        "record": "Pow wow",
        "field": field,
        "message": error.message,
    }


def test_min_players_above_max():
    data = replace_all(text(TA_YU), "| Nombre minimum de joueurs : |\n2 |",
                        "| Nombre minimum de joueurs : |\n5 |")  # fmt: skip
    error = rejected(TA_YU, data)
    assert "minimum (5) dépasse le maximum (4)" in error.message
    assert "joueurs" in error.message
    assert (error.record, error.field) == ("Ta Yü", "Nombre maximum de joueurs")


def test_min_age_above_max():
    data = replace_all(text(TA_YU), "| Age maximum : |\n99 |", "| Age maximum : |\n8 |")
    error = rejected(TA_YU, data)
    assert "minimum (10) dépasse le maximum (8)" in error.message
    assert (error.record, error.field) == ("Ta Yü", "Age maximum")


def test_equal_bounds_are_fine():
    data = replace_all(text(TA_YU), "| Nombre maximum de joueurs : |\n4 |",
                        "| Nombre maximum de joueurs : |\n2 |")  # fmt: skip
    assert parse_file(TA_YU, data)[1][0].max_players == 2


def test_record_without_title():
    source = text(ALCATRAZ)
    error = rejected(ALCATRAZ, source.replace("| Titre : |\nAlcatraz |\n", "").encode())
    assert "sans titre" in error.message
    assert (error.record, error.field) == ("n° 1", "Titre")
    error = rejected(
        ALCATRAZ, source.replace("| Titre : |\nAlcatraz |", "| Titre : |\n |").encode()
    )
    assert "sans titre" in error.message and error.field == "Titre"


def test_rules_page_without_title():
    data = text(PRAIRIE).replace("PRAIRIE\nou BUFFALO\n", "").encode()
    error = rejected(PRAIRIE, data)
    assert "sans titre" in error.message and error.field == "Titre"


def test_one_bad_record_rejects_the_whole_file():
    good = text(BATACLAN)
    bad = replace_all(text(TA_YU), "| Age minimum : |\n10 |", "| Age minimum : |\ndix |")
    data = good.encode() + b"\n" + bad
    assert len(parse_file("deux.txt", good.encode() + b"\n" + raw(TA_YU))[1]) == 2
    error = rejected("deux.txt", data)
    assert (error.record, error.field) == ("Ta Yü", "Age minimum")


def test_a_second_record_without_title_is_not_merged_silently():
    second = text(TA_YU).replace("| Titre : |\nTa Yü |\n", "")
    error = rejected("deux.txt", (text(ALCATRAZ) + second).encode())
    assert "deux fois" in error.message


# ----------------------------------------------------------------------------- truncation


def test_label_with_no_value_at_end_of_file():
    data = (text(ALCATRAZ).split("| Age maximum : |")[0] + "| Age maximum : |\n").encode()
    error = rejected(ALCATRAZ, data)
    assert "tronqué" in error.message
    assert (error.record, error.field) == ("Alcatraz", "Age maximum")


def test_last_closing_pipe_missing():
    source = text(BATACLAN)
    assert source.endswith("etc... |\n|")
    error = rejected(BATACLAN, source[: -len(" |\n|")].encode())
    assert "tronqué" in error.message and "|" in error.message
    assert (error.record, error.field) == ("Bataclan", "Contenu")
    # cut in the first copy, in the middle of a wrapped value
    source = text(POW_WOW)
    error = rejected(POW_WOW, source[: source.index("Fin du jeu:")].encode())
    assert (error.record, error.field) == ("Pow wow", "Contenu")


def test_label_cut_in_the_middle():
    source = text(TA_YU)
    data = source[: source.index("| Nombre maximum de joueurs") + len("| Nombre max")].encode()
    error = rejected(TA_YU, data)
    assert "tronqué" in error.message and "| Nombre max" in error.message
    assert error.record == "Ta Yü"


def _scalars(record):
    fields = vars(record).copy()
    for name in ("missing_fields", "rules_sections", "source_name"):
        fields.pop(name)
    return fields


@pytest.mark.parametrize("name", [POW_WOW, TA_YU, ALCATRAZ, BATACLAN])
def test_no_cut_ever_yields_a_partial_value(name):
    """Cut a real file at many points: either it is rejected as truncated, or the cut fell on a
    field boundary and every value that is there is complete (absent ones are flagged)."""
    source = text(name)
    [full] = parse_pmb_text(source, name)
    first_label_end = source.index("Titre : |") + len("Titre : |")
    positions = sorted(set(range(1, len(source), 97)) | set(range(1, 700, 5)))
    outcomes = {"rejected": 0, "accepted": 0}
    for cut in positions:
        try:
            fmt, records = parse_file(name, source[:cut].encode())
        except RecordError as error:
            if cut < first_label_end:  # no complete label yet: nothing says it is PMB
                assert "format inconnu" in error.message, (cut, error)
            else:
                assert "tronqué" in error.message, (cut, error)
            outcomes["rejected"] += 1
            continue
        outcomes["accepted"] += 1
        assert fmt == "pmb-text"
        [record] = records
        for field, value in _scalars(record).items():
            assert value in (getattr(full, field), None, "", []), (cut, field, value)
            if value != getattr(full, field) and field in ("authors", "min_players", "rules_text"):
                assert field in record.missing_fields, (cut, field)
    assert outcomes["rejected"] > outcomes["accepted"] > 0
