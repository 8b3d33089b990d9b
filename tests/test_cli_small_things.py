"""The things a user expects of a command line: ``python -m mtgrules``, a budget set on the
command line, the rules' own text from CR files the user has, shell completion, the vocabulary
rendered on a terminal, a LICENSE and a CHANGELOG, and the CR diffs agreeing on what changed."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgrules.encodings import Budget, budget
from mtgrules.model.edition import rulebook
from mtgrules.queries import cli
from mtgrules.queries.cli import main
from mtgrules.queries.scenario import builtin_scenario_files
from mtgrules.regression.crdiff import cr_diff
from mtgrules.regression.regress import rules_text_diff

ROOT = Path(__file__).resolve().parents[1]


def _cr(date: str, rules: dict[str, str]) -> str:
    """A tiny file shaped like a Comprehensive Rules text (its words invented here)."""
    lines = ["Magic: The Gathering Comprehensive Rules", "", f"These rules are effective as of {date}.",
             "", "Contents", "1. Game Concepts", ""]
    lines += [f"{n}{'.' if n.count('.') == 1 and n[-1].isdigit() else ''} {t}" for n, t in rules.items()]
    lines += ["", "Glossary", "", "Credits"]
    return "\r\n".join(lines)


# -- python -m mtgrules ---------------------------------------------------------------------------

def test_python_dash_m_runs_the_command_line():
    done = subprocess.run([sys.executable, "-m", "mtgrules", "--version"], capture_output=True,
                          text=True, check=True)
    assert done.stdout.startswith("mtgrules, version ")


# -- --budget ------------------------------------------------------------------------------------

def _builtin(stem: str) -> str:
    return str(next(p for p in builtin_scenario_files() if p.stem == stem))


def test_a_tiny_budget_is_unsupported_and_says_how_to_raise_it():
    path = _builtin("turn_cleanup_discard_to_seven")
    result = CliRunner().invoke(main, ["--budget", "50", "check", "--json", path])
    assert result.exit_code == 2
    error = json.loads(result.stdout)["results"][0]["error"]
    assert "unsupported: budget" in error and "more than the budget's 50" in error
    assert "mtgrules --budget" in error and "mtgrules.encodings.limited" in error
    assert budget() == Budget()  # the command's budget ends with it
    enough = CliRunner().invoke(main, ["--budget", "atoms=400000,conflicts=30000000", "check", path])
    assert enough.exit_code == 0, enough.stderr


def test_the_budget_reaches_worker_processes():
    paths = [_builtin("turn_cleanup_discard_to_seven"), _builtin("turn_cleanup_discard_needs_decision")]
    result = CliRunner().invoke(main, ["--budget", "50", "check", "--json", "--jobs", "2", *paths])
    errors = [r["error"] or "" for r in json.loads(result.stdout)["results"]]
    assert result.exit_code == 2 and all("more than the budget's 50" in e for e in errors), errors


@pytest.mark.parametrize(("value", "says"), [
    ("0", "atoms is a whole number from 1"), ("atoms=1e5", "atoms is a whole number"),
    ("seconds=-1", "seconds is a number of seconds"), ("memory=5", "the keys among atoms"),
    ("atoms=5,atoms=6", "each key once"), ("rlimit=99999999999", "rlimit is a whole number"),
])
def test_a_bad_budget_is_a_usage_error(value, says):
    result = CliRunner().invoke(main, ["--budget", value, "editions"])
    assert result.exit_code == 2 and says in " ".join(result.stderr.split())


# -- the rules' own text -------------------------------------------------------------------------

def test_rules_shows_the_text_of_a_cr_file_beside_the_paraphrase(tmp_path, monkeypatch):
    (tmp_path / "cr-2026-08-07.txt").write_text(_cr("August 7, 2026", {
        "101.1": "Invented words one.", "101.2": "Invented words for the test, two."}))
    (tmp_path / "notes.txt").write_text("not a CR file, not read")
    monkeypatch.setenv("MTGRULES_CR_DIR", str(tmp_path))
    result = CliRunner().invoke(main, ["rules", "golden.cant-beats-can"])
    assert result.exit_code == 0, result.stderr
    out = " ".join(result.stdout.split())
    assert rulebook()["golden.cant-beats-can"].paraphrase in out
    assert "CR 101.2 as the 2026-08-07 edition prints it: Invented words for the test, two." in out
    assert "set MTGRULES_CR_DIR" not in out
    # a rule the folder's files don't print says so
    assert "no file in MTGRULES_CR_DIR prints it" in CliRunner().invoke(main, ["rules", "scry"]).stdout


def test_rules_without_cr_files_shows_the_paraphrase_and_how_to_see_the_text(monkeypatch):
    monkeypatch.delenv("MTGRULES_CR_DIR", raising=False)
    out = " ".join(CliRunner().invoke(main, ["rules", "golden.cant-beats-can"]).stdout.split())
    assert rulebook()["golden.cant-beats-can"].paraphrase in out
    assert "set MTGRULES_CR_DIR to a folder of Comprehensive Rules files" in out
    assert "prints it:" not in out


def test_a_cr_folder_that_is_not_one_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("MTGRULES_CR_DIR", str(tmp_path / "nowhere"))
    result = CliRunner().invoke(main, ["rules", "101.2"])
    assert result.exit_code == 2 and "not a folder" in result.stderr


# -- shell completion, vocabulary, LICENSE, CHANGELOG -------------------------------------------

def test_the_bash_completion_script_is_produced():
    done = subprocess.run([sys.executable, "-m", "mtgrules"], capture_output=True, text=True,
                          env={**_env(), "_MTGRULES_COMPLETE": "bash_source"}, check=True)
    assert "_mtgrules_completion()" in done.stdout and "complete -o nosort" in done.stdout
    assert "_MTGRULES_COMPLETE=bash_source mtgrules" in (ROOT / "README.md").read_text()


def _env() -> dict[str, str]:
    import os

    return dict(os.environ)


def test_vocabulary_is_rendered_on_a_terminal_and_markdown_when_piped(monkeypatch):
    piped = CliRunner().invoke(main, ["vocabulary"]).stdout
    assert "| `do:` | what it does | parameters |" in piped
    monkeypatch.setattr(cli, "_is_terminal", lambda: True)
    rendered = CliRunner().invoke(main, ["vocabulary"]).stdout
    assert "| `do:` |" not in rendered and "`do:`" not in rendered
    assert "do:" in rendered and "draws cards" in rendered


def test_license_is_mit_and_names_the_developers():
    text = (ROOT / "LICENSE").read_text()
    assert text.startswith("MIT License") and "Copyright (c) 2026 The mtgrules developers" in text
    assert "## " in (ROOT / "CHANGELOG.md").read_text()


# -- cr-diff and rules-diff ----------------------------------------------------------------------

BASE = {"101.1": "Invented words one.", "101.2": "Invented words two, see rule 101.1.",
        "509.1": "Invented blockers words."}


def _files(tmp_path: Path, new_rules: dict[str, str]) -> tuple[Path, Path]:
    old, new = tmp_path / "old.txt", tmp_path / "new.txt"
    old.write_text(_cr("August 7, 2026", BASE))
    new.write_text(_cr("December 1, 2026", new_rules))
    return old, new


def test_a_cross_reference_alone_is_no_change_for_either_diff(tmp_path):
    old, new = _files(tmp_path, {**BASE, "101.2": "Invented words two, see rule 102.7."})
    texts = {c.key: c.status for c in rules_text_diff(old, new)[2]}
    assert texts["golden.cant-beats-can"] == "unchanged"
    by_text = {c.old: c for c in cr_diff(old, new).rules}
    assert by_text["101.2"].status == "unchanged" and by_text["101.2"].references_only
    reworded = _files(tmp_path, {**BASE, "101.2": "Other invented words two, see rule 101.1."})
    assert {c.key: c.status for c in rules_text_diff(*reworded)[2]}["golden.cant-beats-can"] == "changed"


def test_cr_diff_section_exits_0_and_says_so_when_nothing_there_changed(tmp_path):
    old, new = _files(tmp_path, {**BASE, "101.2": "Other invented words two, see rule 101.1."})
    result = CliRunner().invoke(main, ["cr-diff", str(old), str(new), "--section", "509"])
    assert result.exit_code == 0, result.stdout
    assert "No rule of section 509 changed" in " ".join(result.stdout.split())
    changed = CliRunner().invoke(main, ["cr-diff", str(old), str(new), "--section", "101"])
    assert changed.exit_code == 1  # a rule the encodings cite changed there


def test_a_library_is_checked_with_a_worker_per_core_unless_told(monkeypatch):
    asked: list[int] = []
    real = cli.batch.check_run

    def spy(files, edition, backend, workers=0):
        asked.append(workers)
        return real(files, edition, backend, workers=workers)

    monkeypatch.setattr(cli.batch, "check_run", spy)
    monkeypatch.setattr(cli.os, "sched_getaffinity", lambda pid: {0, 1, 2}, raising=False)
    path = _builtin("turn_cleanup_discard_to_seven")
    assert CliRunner().invoke(main, ["check", path]).exit_code == 0
    assert CliRunner().invoke(main, ["check", "--jobs", "1", path]).exit_code == 0
    assert asked == [3, 1]
