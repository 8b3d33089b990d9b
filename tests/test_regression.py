"""Regression checks for a rules update: verdicts across editions, rule text across CR files."""
from __future__ import annotations

import json

from click.testing import CliRunner

from mtgrules.model.edition import Edition
from mtgrules.queries.cli import main
from mtgrules.queries.regression import compare_editions, rules_text_diff
from mtgrules.queries.scenario import builtin_scenario_files


def _file(stem):
    return next(p for p in builtin_scenario_files() if p.stem == stem)


def test_restart_verdict_changes_with_the_magic_2010_rules():
    [change] = compare_editions(Edition("2009-05-01"), Edition("2009-07-11"), [_file("apnap_restart")])
    assert (change.old, change.new) == ("not-decided", "determined")
    assert "CR 101.4d" in change.new_citations


def test_golden_verdict_stays_but_is_renumbered():
    [change] = compare_editions(Edition("2008-02-01"), Edition.newest(),
                                [_file("golden_explore_vs_turf_wound")])
    assert not change.verdict_changed and change.renumbered
    assert "CR 103.2" in change.old_citations and "CR 101.2" in change.new_citations


def _cr(date: str, rules: dict[str, str]) -> str:
    lines = ["Magic: The Gathering Comprehensive Rules", "", f"These rules are effective as of {date}.",
             "", "Contents", "1. Game Concepts", ""]
    lines += [f"{n}{'.' if n.count('.') == 1 and n[-1].isdigit() else ''} {t}" for n, t in rules.items()]
    lines += ["", "Glossary", "", "Credits"]
    return "\r\n".join(lines)


def test_rules_diff_finds_a_changed_rule_in_user_supplied_files(tmp_path):
    old = tmp_path / "old.txt"
    new = tmp_path / "new.txt"
    base = {"101.1": "Cards beat rules.", "101.2": "Can't beats can.", "101.3": "Impossible is ignored."}
    old.write_text(_cr("August 7, 2026", base))
    new.write_text(_cr("December 1, 2026", {**base, "101.2": "Can’t  beats can, always."}).replace("\r\n", "\r"))
    old_date, new_date, changes = rules_text_diff(old, new)
    assert (old_date, new_date) == ("2026-08-07", "2026-12-01")
    status = {c.key: c.status for c in changes}
    assert status["golden.cant-beats-can"] == "changed"
    assert status["golden.card-overrides-rule"] == "unchanged"
    assert status["golden.impossible-ignored"] == "unchanged"
    assert status["apnap.order"] == "missing"  # the rulebook expects 101.4, the file lacks it


def test_rules_diff_on_the_real_foundations_update(shared_dir):
    _, _, changes = rules_text_diff(shared_dir / "cr" / "cr-2024-09-20.txt",
                                    shared_dir / "cr" / "cr-2024-11-08.txt")
    status = {c.key: c.status for c in changes}
    assert status["combat.damage-assignment-order"] == "removed"
    assert status["golden.cant-beats-can"] == "unchanged"


def test_cli_rules_diff_rejects_a_file_that_is_not_the_cr(tmp_path):
    bogus = tmp_path / "notes.txt"
    bogus.write_text("just some notes\n")
    result = CliRunner().invoke(main, ["rules-diff", str(bogus), str(bogus)])
    assert result.exit_code == 2 and "does not look like" in " ".join(result.stderr.split())


def test_cli_compare_json():
    result = CliRunner().invoke(main, ["compare", "2016-11-11", "2026-08-07", "--json",
                                       str(_file("apnap_starting_game"))])
    [row] = json.loads(result.stdout)["changes"]
    assert (row["old"], row["new"], row["verdict_changed"]) == ("not-decided", "determined", True)
