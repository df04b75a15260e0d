"""Splitting rules texts into sections: headings found, nothing lost."""

import re
from pathlib import Path

import pytest

from catalogue.rules import RulesSection, extract_components, find_headings, split_sections
from importers.pmb_text import parse_pmb_text
from importers.rules_page import clean_rules_page, parse_rules_page

SAMPLES = Path(__file__).resolve().parents[2] / "samples" / "records"
ALL = sorted(p.name for p in SAMPLES.glob("*.txt"))


def rules_text(name: str) -> str:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    if name.startswith("004"):
        return parse_rules_page(text, name)[0].rules_text
    return parse_pmb_text(text, name)[0].rules_text


def words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


@pytest.mark.parametrize("name", ALL)
def test_sections_keep_every_word_in_order(name):
    text = rules_text(name)
    sections = split_sections(text)
    assert len(sections) >= 4
    rebuilt = " ".join(f"{s.heading} {s.body}" for s in sections)
    assert words(rebuilt) == words(text)


@pytest.mark.parametrize("name", ALL)
def test_each_body_is_a_verbatim_slice_in_order(name):
    text = rules_text(name)
    position = 0
    for section in split_sections(text):
        if section.body:
            found = text.find(section.body, position)
            assert found >= position, section.heading
            position = found + len(section.body)
    # only whitespace and heading marks are left between the bodies
    leftover = text
    for section in split_sections(text):
        leftover = leftover.replace(section.body, " ", 1)
    for heading in find_headings(text):
        leftover = leftover.replace(text[heading.start : heading.body_start], " ", 1)
    assert leftover.strip() == ""


def test_bataclan_run_together_headings():
    sections = split_sections(rules_text("003_7f62d24850ce57d4.txt"))
    assert sections[0] == RulesSection(
        "PRESENTATION ET PREPARATION",
        "- 28 dès spéciaux en bois (20 standards, 4 moyens, 4 géants) et un gobelet. "
        "- Les joueurs se partagent le stock de dès comme suit:",
    )
    assert sections[1] == RulesSection(
        "BUT DU JEU", "Se débarasser de tous ses dès en les empilant sur la pile commune"
    )
    assert sections[2].body.startswith("Début de partie Le lancer d'un dé")
    # "Déroulement de la partie A tour…" is a sub-heading inside the section, not a new one
    assert "\nDéroulement de la partie A tour de rôle" in sections[2].body
    assert sections[3].body.startswith("Le premier joueur qui a posé tous ses dés a gagné.")


def test_prairie_inline_headings():
    sections = split_sections(rules_text("004_f91f1ac09edd42ab.txt"))
    by_heading = {s.heading: s.body for s in sections}
    assert by_heading["RÈGLE DU JEU"] == "D'après le traduction française de François Haffner"
    assert by_heading["But du jeu"].startswith("L'objectif des buffles est d’amener")
    assert by_heading["But du jeu"].endswith("ou de les bloquer avec ses chiens.")
    assert by_heading["Préparation"].startswith("Les 11 buffles sont alignés")
    assert by_heading["Fin de la partie"].endswith("le premier son objectif.")
    assert by_heading["Note"].startswith("Buffalo est un jeu rapide")


def test_clean_rules_page_turns_cells_into_lines():
    assert clean_rules_page("| a | b |\n|||\n c\nd |\n") == "a\nb\nc\nd"


@pytest.mark.parametrize(
    "line",
    ["But du jeu:", "BUT DU JEU :", "but du jeu", "Bût dû jeü:", "  But  du\tjeu:"],
)
def test_headings_match_without_accents_case_or_spacing(line):
    sections = split_sections(f"{line}\nGagner la partie.")
    assert len(sections) == 1
    assert sections[0].body == "Gagner la partie."
    assert words(sections[0].heading.lower()) == words(line.strip().rstrip(":").lower())


def test_preamble_gets_an_empty_heading():
    assert split_sections("Un jeu de pions.\nPréparation du jeu:\nPosez le plateau.") == [
        RulesSection("", "Un jeu de pions."),
        RulesSection("Préparation du jeu", "Posez le plateau."),
    ]


def test_no_heading_gives_one_untitled_section_and_empty_gives_none():
    assert split_sections("Rien que du texte.") == [RulesSection("", "Rien que du texte.")]
    assert split_sections("") == []
    assert split_sections("  \n ") == []


def test_heading_words_inside_sentences_are_not_headings():
    text = (
        "Lisez la préparation du jeu avant.\n"
        "La fin du jeu arrive vite. le déroulement est simple.\n"
        "Points de victoire et autres détails, sans deux-points\n"
        "Exemple de partie longue avec beaucoup trop de mots pour un titre:"
    )
    assert split_sections(text) == [RulesSection("", text)]


def test_heading_shapes():
    text = (
        "Contenu:\n1 plateau.\n"  # A
        "Exemples:Un prisonnier est repris.\n"  # B
        "Variante pour 2 joueurs:\nJouez à deux.\n"  # C
        "FIN DE LA PARTIE Le premier gagne. Note – Rejouez.\n"  # D at line start, D inline
        "Comment avancent les gardiens?\nHorizontalement.\n"
    )
    assert split_sections(text) == [
        RulesSection("Contenu", "1 plateau."),
        RulesSection("Exemples", "Un prisonnier est repris."),
        RulesSection("Variante pour 2 joueurs", "Jouez à deux."),
        RulesSection("FIN DE LA PARTIE", "Le premier gagne."),
        RulesSection("Note", "Rejouez."),
        RulesSection("Comment avancent les gardiens?", "Horizontalement."),
    ]


def test_heading_with_empty_body_and_crlf():
    assert split_sections("But du jeu:\r\nPréparation:\r\nPosez.") == [
        RulesSection("But du jeu", ""),
        RulesSection("Préparation", "Posez."),
    ]


def test_extract_components_rules():
    contenu = [RulesSection("Contenu", "Plan, 6 dés.\n2 pions en plus")]
    assert extract_components(contenu) == "Plan, 6 dés."
    counted = [RulesSection("COMPOSITION DU JEU", "1 plateau\n4 pions\nIl est évident.")]
    assert extract_components(counted) == "1 plateau, 4 pions"
    setup = [RulesSection("Préparation", "- Posez tout. - 12 cartes et un dé. - Jouez.")]
    assert extract_components(setup) == "12 cartes et un dé."
    assert extract_components([RulesSection("But du jeu", "Gagner.")]) == ""
    assert extract_components([]) == ""


def test_decomposed_accents_and_length_changing_characters():
    text = "Intro İ.\nPre\u0301paration du jeu:\nPosez. Fin du jeu Le gagnant."
    assert split_sections(text) == [
        RulesSection("", "Intro İ."),
        RulesSection("Pre\u0301paration du jeu", "Posez."),
        RulesSection("Fin du jeu", "Le gagnant."),
    ]
