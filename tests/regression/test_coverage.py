"""mtgrules coverage: encoded rules of an edition, the scenarios exercising them, the sections
nothing models."""
from __future__ import annotations

import json
import os

from click.testing import CliRunner
from crfiles import cr_text

from mtgrules.model.edition import Edition
from mtgrules.queries.cli import main
from mtgrules.regression.coverage import coverage


def test_static_coverage_of_the_newest_edition():
    cov = coverage(run=False)
    rows = {r.key: r for r in cov.rules}
    assert rows["golden.cant-beats-can"].number == "101.2"
    assert any(e.endswith("/golden.lp") for e in rows["golden.cant-beats-can"].encodings)
    assert "golden_explore_vs_turf_wound" in rows["golden.cant-beats-can"].scenarios
    assert "combat.damage-assignment-order" not in rows       # gone since 2024-11-08
    assert {s.section for s in cov.sections} >= {"101", "601"}


def test_coverage_under_2008_uses_its_numbers_and_runs_the_verdicts(monkeypatch):
    # the verdicts of the library's APNAP and golden scenarios only: the whole library under
    # 2008 (what `mtgrules coverage --edition 2008-02-01` runs) took over two minutes of the suite
    from mtgrules.regression import crdiff
    every = crdiff.scenario_files()
    monkeypatch.setattr(crdiff, "scenario_files", lambda: [p for p in every if p.parent.name in ("apnap", "golden")])
    cov = coverage(edition=Edition("2008-02-01"), workers=os.cpu_count() or 1)
    rows = {r.key: r for r in cov.rules}
    assert rows["golden.cant-beats-can"].number == "103.2"
    assert "apnap.restart" not in rows                        # since 2009-07-11
    # apnap_barter_in_blood cites no rule in its file; its verdict cites 103.4
    assert "apnap_barter_in_blood" in rows["apnap.order"].scenarios


def test_coverage_with_a_file_lists_unmodelled_sections_and_missing_numbers(tmp_path):
    cr = tmp_path / "cr.txt"
    cr.write_text(cr_text("August 7, 2026", [("101.1", "Cards win."), ("101.2", "No beats yes."),
                                             ("900.1", "Casual variants exist.")]))
    result = CliRunner().invoke(main, ["coverage", str(cr), "--static", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["edition"] == "2026-08-07" and data["unmodelled_sections"] == ["900"]
    rows = {r["key"]: r for r in data["rules"]}
    assert rows["golden.cant-beats-can"]["in_file"] is True
    assert rows["apnap.order"]["in_file"] is False             # 101.4 is not in this file
    table = CliRunner().invoke(main, ["coverage", str(cr), "--static"])
    out = " ".join(table.stdout.split())
    assert "not modelled (1): 900" in out and "│ 9 │ 900 Section 900 │ 1 │" in out


def test_coverage_refuses_a_bad_file(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text("no rules here")
    result = CliRunner().invoke(main, ["coverage", str(bad)])
    assert result.exit_code == 2 and "bad.txt" in result.stderr


def test_coverage_of_the_real_newest_file(cr_dir):
    cov = coverage(cr_dir / "cr-2026-08-07.txt", run=False)
    assert all(r.in_file for r in cov.rules if r.document == "CR")
    unmodelled = {s.section for s in cov.unmodelled}
    assert "810" in unmodelled and "101" not in unmodelled    # Two-Headed Giant: not modelled
    assert "732" not in unmodelled                           # shortcuts: 732.2a-b (issue 22)
    assert len(cov.sections) == 147
