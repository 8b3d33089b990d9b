"""The check table reads well at any width: never a word split across lines, ✓ never alone on
a line, COLUMNS honoured when piped; its columns are set before the first row (rows are printed
as they come), so every row keeps to them; JSON is never wrapped."""
from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner
from rich.cells import cell_len

from mtgrules.queries import batch
from mtgrules.queries.cli import main
from mtgrules.queries.scenario import builtin_scenario_files

BOX = "│┃┏┓┗┛┡┩└┘┣┫┳┻╇╋━─┼┬┴├┤"


def _render(monkeypatch, results, columns: int) -> list[str]:
    monkeypatch.setattr(batch, "check_run", lambda *args, **kwargs: batch.CheckRun.finished(results))
    out = CliRunner().invoke(main, ["check"], env={"COLUMNS": str(columns)})
    assert out.exit_code in (0, 1, 2), out.output
    return out.stdout.splitlines()


def _assert_reads_well(lines: list[str], results, columns: int) -> None:
    assert all(cell_len(line) <= columns for line in lines), max(lines, key=cell_len)
    for line in lines:  # a mark never wraps onto a line of its own
        filled = [part.strip() for part in re.split(f"[{BOX}]", line) if part.strip()]
        assert filled not in (["✓"], ["✗"]), line
    text = "\n".join(lines)
    words = {r.file.rsplit("/", 1)[-1].removesuffix(".yaml").removesuffix(".yml") for r in results}
    words |= {r.verdict.word for r in results if r.verdict}
    words |= {str(c) for r in results if r.verdict for c in r.verdict.citations}
    for word in words:  # each whole on one line (a citation keeps its number)
        assert re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", text), word


@pytest.mark.parametrize("columns", [80, 100, 200])
def test_the_library_table_splits_no_word(monkeypatch, library_results, columns):
    results = list(library_results.values())  # the session's one answer of the library
    assert len(results) == len(builtin_scenario_files())
    lines = _render(monkeypatch, results, columns)
    _assert_reads_well(lines, results, columns)
    assert lines[-1] == f"{len(results)} of {len(results)} scenarios with an " \
                        "expectation match it."


def test_wide_the_rows_keep_to_the_columns_set_before_the_first(monkeypatch, library_results):
    results = list(library_results.values())
    lines = _render(monkeypatch, results, 200)
    header, body = lines[0], lines[1:-1]  # the summary last
    assert header.split() == ["scenario", "question", "verdict", "expected", "time", "rules"]
    time_ends, rules_start = header.index("time") + len("time"), header.index("rules")
    assert rules_start == time_ends + 2
    for line in body:
        if line.startswith(" "):  # a row's further rules, in the rules column
            assert line[:rules_start].strip() == "" and line[rules_start] != " ", line
        elif "refused" in line.split():  # refused as expected: no rules decided it, the row ends at its time
            assert line[:time_ends].endswith((" ms", " s")) and len(line) == time_ends, line
        else:  # a row: its time right-aligned under the header's, its rules where they start
            assert line[:time_ends].endswith((" ms", " s")) and line[time_ends:rules_start] == "  ", line
            assert line[rules_start:].startswith(("CR ", "MTR ")), line
    assert sum(not line.startswith(" ") for line in body) == len(results)


def test_narrow_each_scenario_is_a_paragraph(monkeypatch, library_results):
    results = list(library_results.values())
    lines = _render(monkeypatch, results, 80)
    names = [line for line in lines if not line.startswith(" ")][:-1]  # the summary last
    assert [name.split(" ", 1)[1] for name in names] == [r.file.rsplit("/", 1)[-1].rsplit(".", 1)[0]
                                                        for r in results]
    assert all(name[0] in "✓✗·" for name in names)


def test_a_mismatch_and_an_error_read_well_narrow_and_wide(tmp_path, monkeypatch):
    (tmp_path / "wrong_expectation_with_a_rather_long_name.yaml").write_text(
        "name: wrong\nstate: {players: [alice, bob]}\n"
        "question: {kind: golden, ask: concede, player: alice}\nexpect: {verdict: forbidden}\n")
    (tmp_path / "broken.yml").write_text("name: broken\nstate: {players: [alice]}\n")
    results = batch.check([tmp_path])
    for columns in (80, 200):
        lines = _render(monkeypatch, results, columns)
        _assert_reads_well(lines, [r for r in results if r.verdict], columns)
        assert "forbidden" in "\n".join(lines)


def test_columns_is_honoured_when_piped(tmp_path):
    path = next(p for p in builtin_scenario_files() if p.stem == "golden_vigilance_attack")
    narrow = CliRunner().invoke(main, ["check", str(path)], env={"COLUMNS": "60"}).stdout
    wide = CliRunner().invoke(main, ["check", str(path)], env={"COLUMNS": "200"}).stdout
    assert max(map(cell_len, narrow.splitlines())) <= 60 < max(map(cell_len, wide.splitlines()))


@pytest.mark.parametrize("command", ["check", "explain"])
def test_json_is_never_wrapped(command):
    path = next(p for p in builtin_scenario_files() if p.stem == "seq_cruel_ultimatum_draw_before_return")
    out = CliRunner().invoke(main, [command, "--json", str(path)], env={"COLUMNS": "20"})
    row = json.loads(out.stdout)
    row = row["results"][0] if command == "check" else row
    longest = max(row["reasons"], key=len)
    assert len(longest) > 20 and json.dumps(longest) in out.stdout
