"""Untrusted input (DESIGN §7): a seeded fuzz campaign over the built-in library, the classic
resource attacks on a YAML reader, and a batch with one broken file."""
from __future__ import annotations

import json
import subprocess
import sys
import textwrap

from click.testing import CliRunner
from fuzz_scenarios import OPERATORS, run, suite_count

from mtgrules.queries.cli import main
from mtgrules.queries.kinds import KINDS


def test_seeded_mutants_of_every_kind_and_the_card_files_no_traceback_nothing_outside_the_schema():
    """``MTG_FUZZ`` mutants (the suite's default, fewer than a campaign's 4,000: see the README):
    every operator and every question kind and the card files, with no traceback, no hang,
    nothing accepted that the JSON Schema refuses, no verdict for a word outside the vocabulary,
    every refusal naming file, line and field, every verdict citing a rule."""
    count = suite_count()
    tally = run(count, seed=2026)
    assert tally.mutants == count
    if count >= 1000:
        assert set(tally.by_operator) == set(OPERATORS)
        assert set(tally.by_kind) == {*KINDS, "card file"}
    assert not tally.tracebacks, tally.tracebacks[:5]
    assert not tally.hangs, tally.hangs
    assert not tally.outside_schema, tally.outside_schema[:5]
    assert not tally.bad_verdicts, tally.bad_verdicts[:5]
    assert not tally.unlocated, tally.unlocated[:5]
    assert not tally.uncited, tally.uncited[:5]  # every verdict names the rules that decided it
    assert tally.refused > 0 and tally.verdicts > 0  # both paths were exercised


BOMB = "\n".join(['a0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
                 + [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]" for i in range(1, 9)])
ATTACKS = {
    "alias bomb": BOMB,
    "10,000-level nesting": "[" * 10000 + "]" * 10000,
    "10,000-level mapping nesting": "{a: " * 10000 + "1" + "}" * 10000,
    "20,000-entry zone": "name: x\nstate:\n  players: [alice, bob]\n  alice:\n    library:\n"
                         + "      - {hidden: 1000}\n" * 20000
                         + "question: {kind: golden, ask: concede, player: alice}\n",
    "1,000 zones of 1,000 hidden cards": "name: x\nstate:\n  players: [alice, bob]\n  alice:\n"
                         "    library:\n" + "      - {hidden: 1000}\n" * 1000
                         + "question: {kind: golden, ask: concede, player: alice}\n",
}


def test_resource_attacks_are_refused_quickly_in_little_memory(tmp_path):
    assert len(BOMB.encode()) <= 500
    for name, text in ATTACKS.items():
        path = tmp_path / "attack.yaml"
        path.write_text(text, encoding="utf-8")
        # A fresh interpreter, so the peak memory measured is this file's alone.
        probe = textwrap.dedent(f"""
            import resource, time, tracemalloc
            from mtgrules.model.errors import MtgRulesError
            from mtgrules.queries.scenario import load_scenario
            tracemalloc.start()
            start = time.perf_counter()
            try:
                load_scenario({str(path)!r})
                print("LOADED")
            except MtgRulesError as exc:
                print("REFUSED", exc)
            peak = tracemalloc.get_traced_memory()[1]
            print(f"{{time.perf_counter() - start:.3f}} {{peak}}")
        """)
        done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                              timeout=60)
        lines = done.stdout.strip().splitlines()
        assert lines and lines[0].startswith("REFUSED"), (name, done.stdout, done.stderr)
        seconds, peak = lines[-1].split()
        assert float(seconds) < 5.0, (name, seconds)  # < 0.1 s here; generous against load
        assert int(peak) < 100 * 2**20, (name, peak)


def test_a_batch_with_one_broken_file_gives_a_row_per_file(tmp_path):
    good = tmp_path / "good.yaml"
    good.write_text("name: concede\nstate: {players: [alice, bob]}\n"
                    "question: {kind: golden, ask: concede, player: alice}\n"
                    "expect: {verdict: allowed}\n")
    broken = tmp_path / "broken.yaml"
    broken.write_bytes("name: café\nstate: {players: [alice, bob]}\n".encode("latin-1"))
    typo = tmp_path / "typo.yaml"
    typo.write_text("name: t\nstate: {players: [alice, bob]}\n"
                    "question: {kind: golden, ask: concede, player: alcie}\n")
    result = CliRunner().invoke(main, ["check", "--json", str(good), str(broken), str(typo)])
    assert result.exit_code == 2
    rows = {r["file"]: r for r in json.loads(result.stdout)["results"]}
    assert rows[str(good)]["match"] is True and rows[str(good)]["error"] is None
    assert rows[str(broken)]["line"] == 1 and "UTF-8" in rows[str(broken)]["error"]
    assert rows[str(typo)]["line"] == 3 and rows[str(typo)]["field"] == "question.player"
    assert "alice" in rows[str(typo)]["error"]  # did you mean


def test_a_mismatch_says_which_part_differs(tmp_path):
    path = tmp_path / "m.yaml"
    path.write_text("name: concede\nstate: {players: [alice, bob]}\n"
                    "question: {kind: golden, ask: concede, player: alice}\n"
                    "expect: {verdict: forbidden, cites: [CR 601.2f]}\n")
    result = CliRunner().invoke(main, ["check", "--json", str(path)])
    assert result.exit_code == 1
    row = json.loads(result.stdout)["results"][0]
    assert [d.split(":")[0] for d in row["differs"]] == ["verdict", "citations"]


def test_an_expectation_outside_the_kinds_words_is_bad_input(tmp_path):
    for expect in ("{verdict: partial}", "{verdict: allowed, fails: [no-leak]}"):
        path = tmp_path / "e.yaml"
        path.write_text("name: concede\nstate: {players: [alice, bob]}\n"
                        "question: {kind: golden, ask: concede, player: alice}\n"
                        f"expect: {expect}\n")
        result = CliRunner().invoke(main, ["check", str(path)])
        assert result.exit_code == 2, expect
    seq = tmp_path / "s.yaml"
    seq.write_text(path.read_text().replace("{verdict: allowed, fails: [no-leak]}",
                                            "{verdict: allowed, fails: [no-leek]}"))
    assert CliRunner().invoke(main, ["check", str(seq)]).exit_code == 2


def test_the_api_refuses_what_the_loader_refuses():
    from mtgrules.model.errors import MtgRulesError
    from mtgrules.queries import GoldenQuestion, ask_golden, parse_scenario

    state = parse_scenario("name: x\nstate: {players: [alice, bob], alice: {battlefield: "
                           "[Grizzly Bears]}}\nquestion: {kind: golden, ask: concede, "
                           "player: alice}\n").state
    for question in (GoldenQuestion("concede", "alcie"),
                     GoldenQuestion("has-ability", object="Nope", ability="flying"),
                     GoldenQuestion("conced", "alice"),
                     GoldenQuestion("has-ability", object="Grizzly Bears", ability="flyng"),
                     GoldenQuestion("sacrifice", "alice", count=2**31, what="creature")):
        try:
            ask_golden(state, question)
        except MtgRulesError:
            continue
        raise AssertionError(f"a verdict for {question}")
    for edition in ("2026-08-07", None):
        assert ask_golden(state, GoldenQuestion("concede", "alice"), edition).outcome == "allowed"
    for edition in (2026, "2026-13-45"):
        try:
            ask_golden(state, GoldenQuestion("concede", "alice"), edition)
        except MtgRulesError:
            continue
        raise AssertionError(f"a verdict under edition {edition!r}")


def test_an_exhausted_budget_is_reported_as_such_with_exit_2():
    from pathlib import Path

    from mtgrules.encodings import Budget, limited
    from mtgrules.queries.scenario import builtin_scenario_files

    files = builtin_scenario_files()
    cost = next(p for p in files if p.parent.name == "cost")
    sequencing = next(p for p in files if p.parent.name == "sequencing")
    for budget, backend, path, solver in ((Budget(rlimit=1), "smt", cost, "z3"),
                                          (Budget(conflicts=0), "asp", sequencing, "clingo")):
        with limited(budget):
            result = CliRunner().invoke(main, ["check", "--json", "--backend", backend, str(path)])
        assert result.exit_code == 2, (solver, result.output)
        row = json.loads(result.stdout)["results"][0]
        assert row["verdict"] is None and "budget" in row["error"] and solver in row["error"]
        assert Path(row["file"]) == path


def test_an_additional_cost_the_encodings_dont_understand_is_refused_not_dropped():
    from mtgrules.model.errors import ScenarioError
    from mtgrules.queries import parse_scenario

    template = ("name: x\ncards:\n  - {name: Test Spell, cost: \"{1}\", types: [sorcery], "
                "additional-costs: [%s]}\nstate: {players: [a, b]}\n"
                "question: {kind: golden, ask: concede, player: a}\n")
    parse_scenario(template % "{sacrifice: creature}")
    for cost in ("{discard: creature}", "{sacrifice: creatur}", "{life: -1}", "{sacrifice: land, life: 2}",
                 "exile a card"):
        try:
            parse_scenario(template % cost)
        except ScenarioError as exc:
            assert "additional-costs[0]" in exc.location.field, exc
            continue
        raise AssertionError(f"{cost} was accepted")


def test_a_named_pipe_among_the_scenarios_is_an_error_row_not_a_hang(tmp_path):
    import os

    if not hasattr(os, "mkfifo"):
        return
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "good.yaml").write_text("name: concede\nstate: {players: [alice, bob]}\n"
                                        "question: {kind: golden, ask: concede, player: alice}\n")
    result = CliRunner().invoke(main, ["check", "--json", str(tmp_path)])
    assert result.exit_code == 2
    rows = {r["file"].rsplit("/", 1)[-1]: r for r in json.loads(result.stdout)["results"]}
    assert "not a regular file" in rows["pipe.yaml"]["error"]
    assert rows["good.yaml"]["verdict"] == "allowed"
