"""A scenario may expect its question to be refused by name (``expect: {verdict: refused,
says: [...]}``): ``check`` holds the refusal to the words it must say, counts a verdict where a
refusal was expected (or a refusal saying other words) as a mismatch, and keeps an unexpected
refusal an error, as before; an exhausted budget is never an expected refusal."""
from __future__ import annotations

from pathlib import Path

import pytest

from mtgrules.encodings import Budget, limited
from mtgrules.model.errors import MtgRulesError
from mtgrules.queries.api import check_file
from mtgrules.queries.render import explain_page, plain
from mtgrules.queries.scenario import parse_scenario

KICKED = """name: Everflowing Chalice kicked under 2009-10-01
edition: 2009-10-01
state:
  players: [alice, bob]
  step: main1
  alice: {{hand: [Everflowing Chalice], battlefield: [Island, Island], library: {{hidden: 5}}}}
  bob: {{library: {{hidden: 5}}}}
question:
  kind: turn
  ask: trace
  script: [alice taps Island for mana, alice taps Island#2 for mana, {line}]
expect: {expect}
"""


def write(tmp_path: Path, line: str, expect: str) -> Path:
    path = tmp_path / "s.yaml"
    path.write_text(KICKED.format(line=line, expect=expect))
    return path


def test_a_refusal_as_expected_matches(tmp_path: Path) -> None:
    row = check_file(write(tmp_path, "alice casts Everflowing Chalice kicked",
                           "{verdict: refused, says: [multikicker, 2009-10-01]}"))
    assert (row.error, row.verdict, row.word, row.match, row.differs) == (None, None, "refused", True, [])
    assert "2009-10-01" in (row.refusal or "")
    data = row.to_json()
    assert data["verdict"] == "refused" and data["match"] is True and "multikicker" in data["refusal"]
    page = "\n".join(plain(explain_page(row)))
    assert "verdict: refused   expected: refused (matches)" in page and "multikicker" in page


def test_a_refusal_that_does_not_say_the_words_misses(tmp_path: Path) -> None:
    row = check_file(write(tmp_path, "alice casts Everflowing Chalice kicked",
                           "{verdict: refused, says: [buyback]}"))
    assert row.match is False and row.differs == ["refusal: does not say 'buyback'"]


def test_a_verdict_where_a_refusal_was_expected_misses(tmp_path: Path) -> None:
    row = check_file(write(tmp_path, "alice casts Everflowing Chalice", "{verdict: refused}"))
    assert row.error is None and row.refusal is None and row.word == "needs-decision"
    assert row.match is False and row.differs == ["verdict: needs-decision, expected refused"]


def test_an_unexpected_refusal_stays_an_error(tmp_path: Path) -> None:
    row = check_file(write(tmp_path, "alice casts Everflowing Chalice kicked", "{verdict: reached}"))
    assert row.refusal is None and row.match is False and "multikicker" in (row.error or "")


def test_an_exhausted_budget_is_no_expected_refusal(tmp_path: Path) -> None:
    with limited(Budget(ground_atoms=50)):
        row = check_file(write(tmp_path, "alice casts Everflowing Chalice kicked", "{verdict: refused}"))
    assert row.refusal is None and row.match is False and "budget" in (row.error or "")


@pytest.mark.parametrize("expect, words", [
    ("{verdict: refused, cites: [CR 601.2]}", "cites no rules"),
    ("{verdict: reached, says: [x]}", "only an expected refusal says words"),
    ("{verdict: refused, says: ['']}", "an empty word"),
])
def test_the_expectation_is_validated(expect: str, words: str) -> None:
    with pytest.raises(MtgRulesError, match=words) as info:
        parse_scenario(KICKED.format(line="alice casts Everflowing Chalice", expect=expect), "s.yaml")
    assert "expect" in str(info.value)
