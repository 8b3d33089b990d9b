"""The CR text parser: synthetic files in every published layout, and the twelve real files."""
from __future__ import annotations

import pytest
from crfiles import cr_text

from mtgrules.model.crtext import LETTERS, CRFormatError, number_key, parse_rules, read_rules
from mtgrules.model.edition import EDITION_DATES

RULES = [("100.1", "Games need two players or more."), ("100.1a", "Two players is a duel."),
         ("101.1", "Cards may contradict rules."), ("101.2", "Forbidding beats allowing."),
         ("101.2a", "Granting abilities is out of scope."), ("500.1", "A turn has five phases.")]


@pytest.mark.parametrize("newline", ["\r\n", "\n", "\r"])
def test_synthetic_file_parses_whole_document(tmp_path, newline):
    path = tmp_path / "cr.txt"
    text = cr_text("May 2, 2030", RULES, glossary={"Duel": "A game of two.\nSee rule 100.1a.",
                                                   "Turn": "Five phases."},
                   examples={"101.2": ["One says yes, one says no.", "No wins."]}, newline=newline)
    path.write_bytes(text.encode("utf-8"))
    doc = read_rules(path)
    assert doc.iso_date == "2030-05-02"
    assert list(doc.entries) == [n for n, _ in RULES]
    assert doc.entries["101.2"].text == "Forbidding beats allowing."
    assert doc.entries["101.2"].examples == ("Example: One says yes, one says no.", "Example: No wins.")
    assert doc.get("101.2").endswith("No wins.")          # full text carries the examples
    assert doc.entries["101.2a"].examples == ()
    assert doc.sections == {"100": "Section 100", "101": "Section 101", "500": "Section 500"}
    assert doc.chapters == {"1": "Chapter 1", "5": "Chapter 5"}
    assert doc.glossary == {"Duel": "A game of two. See rule 100.1a.", "Turn": "Five phases."}


def test_bom_cp1252_and_current_as_of(tmp_path):
    path = tmp_path / "old.txt"
    text = cr_text("February 1, 2008", [("103.1", "Card text can say otherwise \u2014 it wins.")],
                   current=True, contents=False)
    path.write_bytes(text.encode("cp1252"))
    doc = read_rules(path)
    assert doc.iso_date == "2008-02-01" and "\u2014" in doc.get("103.1")
    path.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert read_rules(path).iso_date == "2008-02-01"


@pytest.mark.parametrize("content, expected", [
    (b"just some notes\n", "does not look like"),
    (b"\x00\x01\x02 binary", "not a text file"),
    (b"These rules are effective as of Smarch 3, 2030.\n100.1. A rule.\n", "does not look like"),
])
def test_a_file_that_is_not_the_cr_is_refused_clearly(tmp_path, content, expected):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(CRFormatError, match=expected) as info:
        read_rules(path)
    assert str(path) in str(info.value)


def test_missing_file_is_a_format_error(tmp_path):
    with pytest.raises(CRFormatError, match="cannot read"):
        read_rules(tmp_path / "absent.txt")


def test_letters_skip_l_and_o_and_order_rules():
    assert "l" not in LETTERS and "o" not in LETTERS and len(LETTERS) == 24
    numbers = ["704.5aa", "704.5m", "704.5k", "704.5", "704.10", "704.9", "704.5z"]
    assert sorted(numbers, key=number_key) == ["704.5", "704.5k", "704.5m", "704.5z", "704.5aa",
                                               "704.9", "704.10"]


def test_quirks_of_the_published_rule_lines():
    doc = parse_rules("These rules are effective as of July 30, 2024.\n\n9. Variants\n\n901. Planes\n\n"
                      "901.4.All plane cards stay in the command zone.\n"
                      "609.6 A top-level rule without its period.\n"
                      "     an indented line continues it.\n704.5aa After z.\n")
    assert doc.get("901.4") == "All plane cards stay in the command zone."
    assert doc.get("609.6") == "A top-level rule without its period. an indented line continues it."
    assert doc.get("704.5aa") == "After z."


# -- the twelve real files --------------------------------------------------------------------

@pytest.fixture(scope="module")
def real(cr_dir):
    return {d: read_rules(cr_dir / f"cr-{d}.txt") for d in EDITION_DATES}


def test_every_real_file_parses_with_its_printed_date(real):
    for date, doc in real.items():
        assert doc.iso_date == date
        assert len(doc.entries) > 1000 and len(doc.glossary) > 300 and len(doc.sections) > 80
        assert "Credits" not in doc.glossary


def test_real_files_attach_examples_and_letters(real):
    newest = real["2026-08-07"]
    assert newest.sections["509"].startswith("Declare Blockers")
    assert newest.chapters["5"] == "Turn Structure"
    assert all("l" not in n.split(".")[1] and "o" not in n.split(".")[1] for n in newest.entries)
    with_examples = [r for r in newest.entries.values() if r.examples]
    assert len(with_examples) > 150
    assert all(e.startswith("Example:") for r in with_examples for e in r.examples)
    assert "Example:" not in newest.entries["101.2"].text   # the rule's own text stops before
    assert real["2008-02-01"].sections["103"].endswith("Golden Rules")
    assert real["2026-01-16"].get("601.2f")                  # bare CR line endings
