"""The rulebook's numbers, checked against the real CR texts where they are available."""
from __future__ import annotations

import pytest

from mtgrules.model.crtext import read_rules
from mtgrules.model.edition import EDITION_DATES, Edition, rulebook

CR_RULES = [r for r in rulebook().values() if r.document == "CR"]


@pytest.fixture(scope="module")
def texts(request):
    cr_dir = request.getfixturevalue("cr_dir")
    return {d: read_rules(cr_dir / f"cr-{d}.txt") for d in EDITION_DATES}


@pytest.mark.parametrize("rule", CR_RULES, ids=[r.key for r in CR_RULES])
def test_rule_number_exists_in_every_edition_where_it_holds(rule, texts):
    for date in EDITION_DATES:
        edition = Edition(date)
        if rule.holds_in(edition):
            number = rule.number_in(edition)
            assert texts[date].get(number), f"{rule.key}: {number} missing from the {date} CR"


def test_reader_handles_all_line_endings_and_finds_dates(texts):
    assert texts["2026-01-16"].get("601.2f")  # bare CR line endings
    assert texts["2026-08-07"].get("601.2i")  # LF
    assert texts["2008-02-01"].get("409.1f")  # CRLF
    assert all(t.effective for t in texts.values())


def test_every_rule_has_a_paraphrase_and_a_number_from_its_first_edition():
    for rule in rulebook().values():
        assert rule.paraphrase and rule.numbers
        assert rule.since is None or rule.numbers[0][0] <= rule.since
