"""The HTML PMB parser: same records as the text parser, tolerant markup, data kept literal."""

import dataclasses
import html
import re
from pathlib import Path

import pytest

from importers.formats import parse_file
from importers.pmb_html import parse_pmb_html, read_pmb_html
from importers.pmb_text import parse_pmb_text
from importers.records import RecordError

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "records"
PMB_SAMPLES = [
    "000_9488e5f633865ecc.txt",
    "001_2eedb90fe3b19964.txt",
    "002_fde63279b46173cf.txt",
    "003_7f62d24850ce57d4.txt",
]

PAGE_HEAD = """<!DOCTYPE html>
<html lang="fr">
<head><meta charset="utf-8"><title>Ludothèque - notice</title>
<script type="text/javascript">var tpl = "<table><tr><td>x</td></tr>"; if (a < b) { go(); }</script>
<style>td.bg-grey { background: #eee; }</style>
</head>
<body>
<div id="bandeau"><table class="layout"><tr><td><a href="/">Accueil</a></td></tr></table></div>
<div id="notice"><ul class="onglets_isbd_public"><li>Public</li><li>ISBD</li></ul>
<div id="div_public1"><table>
"""
PAGE_FOOT = """</table></div>
<div id="navigation"><a href="#">Affiner la recherche</a> <a href="#">Interroger des sources
externes</a></div>
</div>
</body>
</html>
"""


def opac_row(label: str, value: str, n: int) -> str:
    """One label/value row, with the variations the OPAC skins use."""
    label_html = html.escape(label)
    label_cell = (
        f"<td align='right' class='bg-grey'><span class='etiq_champ'>{label_html} :</span></td>"
        if n % 2
        else f'<td class="bg-grey"><span class="etiquette">{label_html}&nbsp;:</span></td>'
    )
    value_html = "<br />\n".join(html.escape(line) for line in value.split("\n"))
    if label == "Titre":
        value_html = f"<span class='public_title'>{value_html}</span>"
    spacer = "<tr class='tr_spacer'><td colspan='2' class='td_spacer'>&nbsp;</td></tr>\n"
    return f"<tr>{label_cell}<td class='public_line_value'>{value_html}</td></tr>\n" + (
        spacer if n % 3 == 0 else ""
    )


def opac_html(saved_text: str) -> str:
    """Render a record page saved as text back into the HTML the OPAC serves: every
    ``| Label : |`` + value becomes a table row (values escaped, line breaks as ``<br />``),
    the ISBD summary line closes the public table and opens the ISBD tab's table."""
    out = [PAGE_HEAD]
    label = None
    value_lines: list[str] = []
    n = 0
    for line in saved_text.split("\n"):
        if label is None:
            m = re.fullmatch(r"\|? ?(.+?) : \|", line)
            if m:
                label, value_lines = m.group(1), []
            elif line.strip().strip("|") and not line.startswith("Affiner"):
                out.append(
                    "</table></div>\n<div id='div_isbd1'><p class='isbd'>"
                    f"{html.escape(line.strip())}</p>\n<table>\n"
                )
            continue
        if line.rstrip().endswith("|"):
            value_lines.append(line.rstrip()[:-1])
            n += 1
            out.append(opac_row(label, "\n".join(value_lines).strip(), n))
            label = None
        else:
            value_lines.append(line)
    out.append(PAGE_FOOT)
    return "".join(out)


@pytest.mark.parametrize("name", PMB_SAMPLES)
def test_html_gives_the_same_record_as_text(name):
    text = (SAMPLES / name).read_text(encoding="utf-8")
    page = opac_html(text)
    assert page.count("<tr>") > 10 and "Contenu :" in page
    [from_text] = parse_pmb_text(text, name)
    [from_html] = parse_pmb_html(page, name)
    assert from_html.source_format == "pmb-html"
    assert dataclasses.replace(from_html, source_format="pmb-text") == from_text
    for field in dataclasses.fields(from_text):
        if field.name != "source_format":
            assert getattr(from_html, field.name) == getattr(from_text, field.name), field.name


def test_parse_file_recognises_the_opac_page():
    name = "001_2eedb90fe3b19964.txt"
    page = opac_html((SAMPLES / name).read_text(encoding="utf-8"))
    fmt, [record] = parse_file("notice.html", page.encode("utf-8"))
    assert fmt == "pmb-html"
    assert record.title == "Ta Yü"
    assert record.source_name == "notice.html"


def test_escaped_markup_becomes_literal_text_and_real_scripts_are_skipped():
    page = """<table>
    <tr><td class="bg-grey"><span class="etiquette">Titre :</span></td>
        <td>Pow &lt;b&gt;wow&lt;/b&gt;</td></tr>
    <tr><td class="bg-grey"><span class="etiquette">Principe du jeu :</span></td>
        <td>&lt;script&gt;alert(1)&lt;/script&gt; gagner<script>steal()</script></td></tr>
    </table>"""
    [record] = parse_pmb_html(page, "x.html")
    assert record.title == "Pow <b>wow</b>"
    assert record.principle == "<script>alert(1)</script> gagner"


def test_tolerant_markup():
    page = """<HTML><BODY>
    <TABLE><TBODY>
    <TR><TH>Titre</TH><TD><b>Le</b>   <i>jeu</i></TD></TR>
    <TR><TD><div><b>Auteurs :</b></div></TD><TD><a href="#">Anne Martin</a>, Auteur ;
        <a href="#">Paul Roy</a>, Illustrateur</TD></TR>
    <tr><td>Nombre&nbsp;minimum de joueurs&nbsp;:</td><td> 2 </td><td>extra cell</td></tr>
    <tr><td colspan="2">&nbsp;</td></tr>
    <tr><td>Contenu :</td><td><p>Contenu:</p><p>1 plateau, 4 pions.</p>
        <p>But du jeu:<br>Gagner.<BR/>Vite.</p></td></tr>
    </TBODY></TABLE>
    <table><tr><td><table><tr><td>Editeur :</td><td>Ludo</td></tr></table></td></tr></table>
    </BODY></HTML>"""
    [record] = parse_pmb_html(page, "t.html")
    assert record.title == "Le jeu"
    assert [(a.name, a.role) for a in record.authors] == [
        ("Anne Martin", "Auteur"),
        ("Paul Roy", "Illustrateur"),
    ]
    assert record.min_players == 2
    assert record.publisher == "Ludo"
    assert record.rules_text == "Contenu:\n1 plateau, 4 pions.\nBut du jeu:\nGagner.\nVite."
    assert record.components == "1 plateau, 4 pions."
    assert [s.heading for s in record.rules_sections] == ["Contenu", "But du jeu"]


def test_unknown_labels_are_listed():
    page = (
        "<table><tr><td>Titre :</td><td>Jeu</td></tr><tr><td>Cote :</td><td>J 12</td></tr></table>"
    )
    [raw] = read_pmb_html(page, "u.html")
    assert raw.unknown_labels == ["Cote"]


def test_isbd_copy_in_html_is_kept_once():
    page = opac_html((SAMPLES / "000_9488e5f633865ecc.txt").read_text(encoding="utf-8"))
    assert len(re.findall(r"Contenu(?: |&nbsp;):", page)) == 2
    assert len(parse_pmb_html(page, "p.html")) == 1


def test_several_records_in_one_page():
    page = (
        "<table><tr><td>Titre :</td><td>Un</td></tr><tr><td>Age minimum :</td><td>5</td></tr>"
        "</table><table><tr><td>Titre :</td><td>Deux</td></tr>"
        "<tr><td>Age minimum :</td><td>7</td></tr></table>"
    )
    records = parse_pmb_html(page, "m.html")
    assert [(r.title, r.min_age, r.record_index) for r in records] == [("Un", 5, 0), ("Deux", 7, 1)]


@pytest.mark.parametrize(
    "cut, reason",
    [
        (lambda p: p[: p.index("class='public", p.index("Nombre maximum"))], "balise"),
        (lambda p: p[: p.index("<tr", p.index("Age minimum"))], "tableau"),
        (lambda p: p[: p.rindex("</table>")], "tableau"),
        (lambda p: p[: p.rindex("</html>")], "</html>"),
        (lambda p: p[: p.index("<script") + 20], "script"),
    ],
)
def test_truncated_html_is_rejected(cut, reason):
    name = "002_fde63279b46173cf.txt"
    page = opac_html((SAMPLES / name).read_text(encoding="utf-8"))
    with pytest.raises(RecordError) as caught:
        parse_pmb_html(cut(page), "cut.html")
    error = caught.value
    assert "tronqué" in error.message and reason in error.message
    assert error.source_name == "cut.html"
    assert "cut.html" in str(error)


def test_truncated_html_names_the_record_and_last_field():
    name = "002_fde63279b46173cf.txt"
    page = opac_html((SAMPLES / name).read_text(encoding="utf-8"))
    with pytest.raises(RecordError) as caught:
        parse_file("cut.html", page[: page.index("<tr", page.index("Age minimum"))].encode())
    assert caught.value.record == "Alcatraz"
    assert caught.value.field == "Age minimum"


def test_html_without_label_rows_is_an_unknown_format():
    page = b"<!DOCTYPE html><html><body><table><tr><td>1</td><td>2</td></tr></table></body></html>"
    assert parse_pmb_html(page.decode(), "n.html") == []
    with pytest.raises(RecordError) as caught:
        parse_file("n.html", page)
    assert "format inconnu" in caught.value.message
