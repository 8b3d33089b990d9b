"""Any date names the Comprehensive Rules edition in force on it (the newest dated on or before
it), and says which, wherever an edition is read: CLI options, a scenario's ``edition:``, the
Python API. A date before the first edition, or a malformed one, is refused."""
from __future__ import annotations

import json
import warnings

import pytest
from click.testing import CliRunner

from mtgrules.model.edition import EDITION_DATES, Edition, EditionInForce
from mtgrules.model.errors import ScenarioError, UnknownEditionError
from mtgrules.queries import check_scenario, parse_scenario
from mtgrules.queries.cli import main

SCENARIO = """name: t
edition: EDITION
state: {players: [alice, bob]}
question: {kind: golden, ask: concede, player: alice}
"""


@pytest.mark.parametrize(("date", "meant"), [
    ("2010-01-01", "2009-10-01"), ("2009-07-10", "2009-05-01"), ("2009-07-11", "2009-07-11"),
    ("2030-05-05", EDITION_DATES[-1]),
])
def test_a_date_names_the_edition_in_force_on_it(date, meant):
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        assert Edition(date) == Edition(meant) and Edition(date).date == meant
    notes = [str(w.message) for w in said if issubclass(w.category, EditionInForce)]
    if date == meant:
        assert not notes  # a known edition's own date needs no note
    else:
        assert notes[0].startswith(f"{date}: the rules in force were the {meant} edition")


def test_a_date_before_the_first_edition_is_refused_naming_it():
    with pytest.raises(UnknownEditionError, match=f"in force on 2007-12-31: the first \\(oldest\\) is {EDITION_DATES[0]}"):
        Edition("2007-12-31")


@pytest.mark.parametrize("bad", ["2009-7-11", "2010-02-30", "yesterday", ""])
def test_a_malformed_date_is_refused_with_the_closest_spelling(bad):
    with pytest.raises(UnknownEditionError, match="no Comprehensive Rules edition dated"):
        Edition(bad)


def test_an_exact_edition_is_still_required_where_a_date_stands_for_itself():
    with pytest.raises(UnknownEditionError, match="Did you mean 2009-10-01"):
        Edition.exact("2009-10-02")


def test_the_cli_option_says_which_edition_on_stderr():
    result = CliRunner().invoke(main, ["check", "--json", "--edition", "2010-01-01",
                                       "queries/scenarios/golden"])
    assert "note: 2010-01-01: the rules in force were the 2009-10-01 edition" in result.stderr
    rows = json.loads(result.stdout)["results"]
    assert rows and all(r["error"] is None for r in rows)
    refused = CliRunner().invoke(main, ["check", "--edition", "2001-01-01", "queries/scenarios/golden"])
    assert refused.exit_code == 2 and "2008-02-01" in refused.stderr


def test_a_scenarios_edition_field_and_the_python_api_take_a_date(tmp_path):
    with pytest.warns(EditionInForce, match="2016-12-25: the rules in force were the 2016-11-11"):
        scenario = parse_scenario(SCENARIO.replace("EDITION", "2016-12-25"), "dated.yaml")
    assert scenario.edition == Edition("2016-11-11")
    with pytest.warns(EditionInForce):
        assert str(check_scenario(scenario, edition="2025-01-01").edition) == "2024-11-08"
    with pytest.raises(ScenarioError, match=r"dated.yaml, line 2, field 'edition'.*2008-02-01"):
        parse_scenario(SCENARIO.replace("EDITION", "2001-01-01"), "dated.yaml")


def test_a_per_edition_expectation_key_is_an_editions_own_date():
    text = SCENARIO.replace("EDITION", "2026-08-07") + \
        "expect: {default: {verdict: allowed}, 2010-01-01: {verdict: allowed}}\n"
    with pytest.raises(ScenarioError, match="'2010-01-01' is not a known edition"):
        parse_scenario(text, "dated.yaml")


def test_regress_refuses_reversed_editions():
    result = CliRunner().invoke(main, ["regress", "--from", "2026-08-07", "--to", "2009-07-11"])
    assert result.exit_code == 2
    assert "--from 2026-08-07 is later than --to 2009-07-11" in " ".join(result.stderr.split())
