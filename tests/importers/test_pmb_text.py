"""The saved-text PMB parser (and the Prairie rules page) against the five real records."""

from pathlib import Path

import pytest

from importers.pmb_text import parse_pmb_text, read_pmb_text
from importers.records import AuthorCredit, RecordError
from importers.rules_page import parse_rules_page

ROOT = Path(__file__).resolve().parents[2]

SAMPLES = ROOT / "samples" / "records"
POW_WOW = "000_9488e5f633865ecc.txt"
TA_YU = "001_2eedb90fe3b19964.txt"
ALCATRAZ = "002_fde63279b46173cf.txt"
BATACLAN = "003_7f62d24850ce57d4.txt"
PRAIRIE = "004_f91f1ac09edd42ab.txt"


def sample(name: str) -> str:
    return (SAMPLES / name).read_text(encoding="utf-8")


def parse_one(name: str):
    records = parse_pmb_text(sample(name), name)
    assert len(records) == 1
    return records[0]


TA_YU_PRINCIPLE = (
    "Chaque joueur cherche, à partir d'une pierre placée au centre du plateau, à créer des "
    "canaux qui relient deux côtés opposés du plan de jeu.(l'un entre le Nord et le Sud; "
    "l'autre entre l'Est et l'Ouest). Chaque fois qu'un canal débouche sur un côté, le joueur "
    "marque un point/il en même deux si le canal arrive en face d'une case face à une "
    "accolade bleue."
)

EXPECTED = {
    POW_WOW: {
        "title": "Pow wow",
        "document_type": "objet à 3 dimensions, artefacts, ...",
        "authors": [AuthorCredit("Ronald corn", "Auteur")],
        "publisher": "Franjos",
        "category_code": "A 406",
        "category_label": "jeu de stratégie",
        "category_family": "jeu de règles",
        "min_players": 3,
        "max_players": 6,
        "min_age": 10,
        "max_age": None,
        "duration_minutes": 45,
        "principle": "",
        "pedagogical_analysis": "",
        "components": (
            "Plan de jeu, 6 indiens, 12 cartes dont 6 POW WOW et 6 indiens, 6 dés et un tas "
            "de perres."
        ),
        "missing_fields": [],
        "rules_start": "Contenu:\nPlan de jeu, 6 indiens,",
        "rules_end": "la toile, il le fait à lui-même.\nFils de la Terre, Chef indien Seattle",
        "headings": [
            "Contenu",
            "Presentation du plan",
            "Préparation",
            "Déroulement",
            "Exemple",
            "Exemple",
            "CASES SPECIALES",
            "Exemple",
            "Fin du jeu",
            "Variante pour 2 joueurs",
            "Quelques conseils",
        ],
    },
    TA_YU: {
        "title": "Ta Yü",
        "document_type": "objet à 3 dimensions, artefacts, ...",
        "authors": [AuthorCredit("Niek Neuwahl", "Auteur")],
        "publisher": "Kosmos",
        "category_code": "A 406",
        "category_label": "jeu de stratégie",
        "category_family": "jeu de règles",
        "min_players": 2,
        "max_players": 4,
        "min_age": 10,
        "max_age": None,
        "duration_minutes": 45,
        "principle": TA_YU_PRINCIPLE,
        "pedagogical_analysis": "Un jeu de domino et circuit.",
        "components": "1 plateau,112 pièces, 1 sachet 1 règle dejeu.",
        "missing_fields": [],
        "rules_start": "Contenu:\n1 plateau,112 pièces,",
        "rules_end": "ajoutez la règle des deux pierres qui est expliquée dans la variante pour "
        "4 joueurs.",
        "headings": [
            "Contenu",
            "But du jeu",
            "Préparation du jeu",
            "Déroulement",
            "Fin du jeu",
            "Points",
            "Tactique",
            "Le jeu pour trois",
            "Le jeu à quatre",
            "Variante",
        ],
    },
    ALCATRAZ: {
        "title": "Alcatraz",
        "document_type": "objet à 3 dimensions, artefacts, ...",
        "authors": [AuthorCredit("Bernhard Weber", "Auteur")],
        "publisher": "F.X.",
        "category_code": "A 406",
        "category_label": "jeu de stratégie",
        "category_family": "jeu de règles",
        "min_players": 2,
        "max_players": 4,
        "min_age": 10,
        "max_age": None,
        "duration_minutes": 25,
        "principle": "",
        "pedagogical_analysis": "",
        "components": (
            "1 plateau de jeu, 8 gardiens, 16 prisonniers, 1 déà 8 faces, 1 règle de jeu."
        ),
        "missing_fields": [],
        "rules_start": "Contenu:\n1 plateau de jeu, 8 gardiens,",
        "rules_end": "pourra monter directement dans le bateau lors de son prochain tour.",
        "headings": [
            "Contenu",
            "But du jeu",
            "Préparation du jeu",
            "Déroulement du jeu",
            "Comment avancent les prisonniers?",
            "Comment avancent les gardiens?",
            "Alarme",
            "Fin du jeu",
            "Variantes de jeu",
            "Exemples",
        ],
    },
    BATACLAN: {
        "title": "Bataclan",
        "document_type": "objet à 3 dimensions, artefacts, ...",
        "authors": [],
        "publisher": "Gigamic",
        "category_code": "A 404",
        "category_label": "jeu d'adresse",
        "category_family": "jeu de règles",
        "min_players": 2,
        "max_players": 6,
        "min_age": 7,
        "max_age": None,
        "duration_minutes": 25,
        "principle": "",
        "pedagogical_analysis": "",
        "components": "28 dès spéciaux en bois (20 standards, 4 moyens, 4 géants) et un gobelet.",
        "missing_fields": ["authors"],
        "rules_start": "PRESENTATION ET PREPARATION - 28 dès spéciaux en bois",
        "rules_end": "celui qui a le moins de dés est déclaré second, etc...",
        "headings": [
            "PRESENTATION ET PREPARATION",
            "BUT DU JEU",
            "DEROULEMENT D'UNE PARTIE",
            "FIN DE LA PARTIE",
        ],
    },
    PRAIRIE: {
        "title": "Prairie ou Buffalo",
        "document_type": "",
        "authors": [],
        "publisher": "",
        "category_code": "",
        "category_label": "",
        "category_family": "",
        "min_players": 2,
        "max_players": 2,
        "min_age": None,
        "max_age": None,
        "duration_minutes": None,
        "principle": "",
        "pedagogical_analysis": "",
        "components": (
            "1 Plateau de jeu (voir fin de partie), 1 Pion indien, 4 Pions chiens, 11 Pions bisons"
        ),
        "missing_fields": [
            "document_type",
            "authors",
            "publisher",
            "category",
            "min_age",
            "max_age",
            "duration_minutes",
        ],
        "rules_start": (
            "COMPOSITION DU JEU:\n1 Plateau de jeu (voir fin de partie)\n1 Pion indien\n"
        ),
        "rules_end": "aide le joueur plus faible à améliorer sa tactique.",
        "headings": [
            "COMPOSITION DU JEU",
            "RÈGLE DU JEU",
            "But du jeu",
            "Préparation",
            "Déplacements",
            "Fin de la partie",
            "Note",
        ],
    },
}

SCALAR_FIELDS = [
    "title",
    "document_type",
    "authors",
    "publisher",
    "category_code",
    "category_label",
    "category_family",
    "min_players",
    "max_players",
    "min_age",
    "max_age",
    "duration_minutes",
    "principle",
    "pedagogical_analysis",
    "components",
    "missing_fields",
]


def parsed(name: str):
    if name == PRAIRIE:
        records = parse_rules_page(sample(name), name)
        assert len(records) == 1
        return records[0]
    return parse_one(name)


@pytest.mark.parametrize("name", list(EXPECTED))
def test_every_field_of_each_sample(name):
    record = parsed(name)
    expected = EXPECTED[name]
    for field in SCALAR_FIELDS:
        assert getattr(record, field) == expected[field], field
    assert record.source_name == name
    assert record.source_format == ("rules-page" if name == PRAIRIE else "pmb-text")
    assert record.record_index == 0
    assert record.rules_text.startswith(expected["rules_start"])
    assert record.rules_text.endswith(expected["rules_end"])
    assert record.rules_text == record.rules_text.strip()
    headings = [section.heading for section in record.rules_sections]
    assert headings == expected["headings"]
    assert len(record.rules_sections) == len(expected["headings"])
    assert record.rules_sections[0].heading == expected["headings"][0]
    assert record.rules_sections[-1].heading == expected["headings"][-1]


def test_rules_text_is_the_contenu_value_verbatim():
    text = sample(TA_YU)
    start = text.index("| Contenu : |\n") + len("| Contenu : |\n")
    end = text.index("\n|\nTa Yü [objet")
    assert parse_one(TA_YU).rules_text == text[start:end]


def test_section_bodies_of_pow_wow():
    sections = parse_one(POW_WOW).rules_sections
    assert sections[0].body == EXPECTED[POW_WOW]["components"]
    assert sections[1].body.startswith("Le plan de jeu se compose de deux parties")
    assert sections[-2].heading == "Variante pour 2 joueurs"
    assert sections[-2].body.startswith("Si vous désirez jouer à deux")


def test_prairie_keeps_every_word_of_the_page_without_pipes():
    record = parsed(PRAIRIE)
    assert "|" not in record.rules_text
    page_words = sample(PRAIRIE).replace("|", " ").split()
    assert ["PRAIRIE", "ou", "BUFFALO"] + record.rules_text.split() == page_words


# ----------------------------------------------------------------------------- edge cases


def record_text(title="Jeu test", rows=None, *, leading_pipe=True):
    """A minimal saved PMB page; ``rows`` are (label, value lines) pairs after the title."""
    rows = rows or [
        ("Nombre minimum de joueurs", "2"),
        ("Nombre maximum de joueurs", "4"),
        ("Age minimum", "8"),
        ("Age maximum", "99"),
    ]
    pipe = "| " if leading_pipe else ""
    lines = [f"{pipe}Titre : |", f"{title} |"]
    for label, value in rows:
        lines += [f"{pipe}{label} : |", f"{value} |"]
    return "\n".join(lines) + "\n"


def test_bataclan_has_no_leading_pipe_and_no_authors():
    record = parse_one(BATACLAN)
    assert record.authors == []
    assert "authors" in record.missing_fields
    assert record.publisher == "Gigamic"


def test_rows_with_and_without_leading_pipe_give_the_same_record():
    with_pipe = parse_pmb_text(record_text(), "a.txt")
    without = parse_pmb_text(record_text(leading_pipe=False), "a.txt")
    assert with_pipe == without
    assert with_pipe[0].min_players == 2 and with_pipe[0].max_players == 4


def test_wrapped_values():
    text = (
        "| Titre : |\nLe grand\njeu des |\n"
        "| Auteurs : |\nAnne Martin, Auteur ;\nPaul Roy, Illustrateur |\n"
        "| Editeur : |\nLes éditions\ndu coin |\n"
        "| Principe du jeu : |\nPremière ligne.\nSeconde ligne. |\n"
        "| Nombre minimum de joueurs : |\n2\n|\n"
    )
    [record] = parse_pmb_text(text, "w.txt")
    assert record.title == "Le grand jeu des"
    assert record.authors == [
        AuthorCredit("Anne Martin", "Auteur"),
        AuthorCredit("Paul Roy", "Illustrateur"),
    ]
    assert record.publisher == "Les éditions du coin"
    assert record.principle == "Première ligne.\nSeconde ligne."
    assert record.min_players == 2


def test_author_separators_and_roles():
    text = record_text(rows=[("Auteurs", "A Un, Auteur ; B Deux, Illustrateur / C Trois")])
    [record] = parse_pmb_text(text, "a.txt")
    assert record.authors == [
        AuthorCredit("A Un", "Auteur"),
        AuthorCredit("B Deux", "Illustrateur"),
        AuthorCredit("C Trois", "Auteur"),
    ]


def test_duplicated_block_is_kept_once():
    text = sample(POW_WOW)
    assert text.count("| Contenu : |") == 2
    records = parse_pmb_text(text, POW_WOW)
    assert len(records) == 1
    record = records[0]
    assert "[objet à 3 dimensions" not in record.rules_text
    assert record.rules_text.count("Fils de la Terre, Chef indien Seattle") == 1
    # the first copy only: the text up to the ISBD summary line
    assert record.rules_text == text[text.index("Contenu:\n") : text.index("\n|\nPow wow [")]


def test_a_second_copy_that_differs_is_an_error():
    text = record_text() + "Jeu test [objet] . - Ed, [s.d.].\n| Age minimum : |\n9 |\n"
    with pytest.raises(RecordError) as caught:
        parse_pmb_text(text, "dup.txt")
    assert caught.value.record == "Jeu test"
    assert caught.value.field == "Age minimum"


def test_footer_and_stray_pipes_are_ignored():
    for name in (POW_WOW, TA_YU, ALCATRAZ):
        record = parse_one(name)
        assert "Affiner" not in record.rules_text
        assert "Interroger" not in "".join(s.body for s in record.rules_sections)
        assert not record.rules_text.endswith("|")
    text = "|\n|\n" + record_text() + "|\n|\nAffiner la recherche Interroger des sources externes\n"
    [record] = parse_pmb_text(text, "f.txt")
    assert record.title == "Jeu test"


def test_crlf_line_endings_give_the_same_record():
    text = sample(TA_YU)
    assert parse_pmb_text(text.replace("\n", "\r\n"), TA_YU) == parse_pmb_text(text, TA_YU)


def test_markup_in_text_is_kept_as_literal_text():
    text = record_text(
        title="<b>Jeu</b>",
        rows=[
            ("Principe du jeu", "<script>alert('x')</script> & co"),
            (
                "Contenu",
                "Contenu:\n<img src=x onerror=alert(1)> 2 pions\nBut du jeu:\n<i>gagner</i>",
            ),
        ],
    )
    [record] = parse_pmb_text(text, "s.txt")
    assert record.title == "<b>Jeu</b>"
    assert record.principle == "<script>alert('x')</script> & co"
    assert record.components == "<img src=x onerror=alert(1)> 2 pions"
    assert record.rules_sections[-1].body == "<i>gagner</i>"


def test_several_records_in_one_file():
    text = record_text("Premier") + record_text("Second")
    records = parse_pmb_text(text, "multi.txt")
    assert [(r.title, r.record_index) for r in records] == [("Premier", 0), ("Second", 1)]
    assert all(r.source_name == "multi.txt" for r in records)


def test_unknown_labels_are_listed_not_fatal():
    text = record_text(rows=[("Cote", "J 406"), ("Nombre minimum de joueurs", "3")])
    [raw] = read_pmb_text(text, "u.txt")
    assert raw.unknown_labels == ["Cote"]
    [record] = parse_pmb_text(text, "u.txt")
    assert record.min_players == 3


def test_labels_match_without_accents_or_case():
    text = (
        "| TITRE : |\nJeu |\n| Duree moyenne (minutes) : |\n30 |\n"
        "| categories : |\nB 101 jeu de cartes (jeu de règles)\n|\n| ÂGE MINIMUM: |\n6 |\n"
    )
    [record] = parse_pmb_text(text, "l.txt")
    assert record.title == "Jeu"
    assert record.duration_minutes == 30
    assert (record.category_code, record.category_label, record.category_family) == (
        "B 101",
        "jeu de cartes",
        "jeu de règles",
    )
    assert record.min_age == 6


def test_category_without_code_is_kept_as_label():
    [record] = parse_pmb_text(record_text(rows=[("Catégories", "jeu d'ambiance")]), "c.txt")
    assert (record.category_code, record.category_label, record.category_family) == (
        "",
        "jeu d'ambiance",
        "",
    )
    assert "category" not in record.missing_fields


def test_age_maximum_99_is_no_limit_but_absent_line_is_missing():
    [with_99] = parse_pmb_text(record_text(), "a.txt")
    assert with_99.max_age is None and "max_age" not in with_99.missing_fields
    [absent] = parse_pmb_text(record_text(rows=[("Age minimum", "8")]), "a.txt")
    assert absent.max_age is None and "max_age" in absent.missing_fields
    [empty] = parse_pmb_text("| Titre : |\nJeu |\n| Age maximum : |\n|\n", "a.txt")
    assert empty.max_age is None and "max_age" in empty.missing_fields
    [twelve] = parse_pmb_text(record_text(rows=[("Age maximum", "12")]), "a.txt")
    assert twelve.max_age == 12 and "max_age" not in twelve.missing_fields


def test_missing_fields_of_a_bare_record():
    [record] = parse_pmb_text("| Titre : |\nJeu nu |\n", "b.txt")
    assert record.missing_fields == [
        "authors",
        "publisher",
        "category",
        "min_players",
        "max_players",
        "min_age",
        "max_age",
        "duration_minutes",
        "components",
        "rules_text",
    ]


def test_a_known_label_closes_a_value_whose_pipe_is_missing():
    text = "| Titre : |\nJeu\n| Age minimum : |\n8 |\n"
    [record] = parse_pmb_text(text, "p.txt")
    assert record.title == "Jeu"
    assert record.min_age == 8


def test_text_without_any_label_gives_no_record():
    assert parse_pmb_text("Une simple phrase.\nRien d'autre.\n", "n.txt") == []
