"""rules-diff: encoded rules' text across two CR files, by number (cr-diff aligns by text:
tests/regression/)."""
from __future__ import annotations

from click.testing import CliRunner

from mtgrules.queries.cli import main
from mtgrules.regression.regress import rules_text_diff


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


def test_rules_diff_on_the_real_foundations_update(cr_dir):
    _, _, changes = rules_text_diff(cr_dir / "cr-2024-09-20.txt",
                                    cr_dir / "cr-2024-11-08.txt")
    status = {c.key: c.status for c in changes}
    assert status["combat.damage-assignment-order"] == "removed"
    assert status["golden.cant-beats-can"] == "unchanged"


def test_cli_rules_diff_rejects_a_file_that_is_not_the_cr(tmp_path):
    bogus = tmp_path / "notes.txt"
    bogus.write_text("just some notes\n")
    result = CliRunner().invoke(main, ["rules-diff", str(bogus), str(bogus)])
    assert result.exit_code == 2 and "does not look like" in " ".join(result.stderr.split())
