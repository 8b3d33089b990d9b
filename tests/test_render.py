"""``mtgrules explain`` reads in the scenario's own words: a turn trace as a table (step and
whose turn, event, priority, stack top first, life where it changes) and the state it ends in
laid out as a scenario's state; every kind's witness as lines, never raw JSON or solver atoms;
``--json`` clean; ``--svg`` a timeline that parses as XML.

The library-wide checks read the session's ``library_results`` (answered once for the run);
the rest answer a few turn scenarios through the CLI, a second or so each."""
from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgrules.queries import load_scenario
from mtgrules.queries.cli import main
from mtgrules.queries.render import context_of, objects_words, plain, verdict_body
from mtgrules.queries.scenario import builtin_scenario_files
from mtgrules.queries.svg import NoTrace, draw_trace
from mtgrules.queries.trace_render import trace_rows

FILES = {p.stem: p for p in builtin_scenario_files()}
KINDS = ("golden", "apnap", "sequencing", "cast", "cost", "turn")

RAW = {
    "an atom with arguments": r"\b[a-z_]+\((?:\"|[a-z_]+,|-?\d)",   # known("…", act(alice,…, pick(tr(…
    "a tuple of atoms": r"\('[a-z_]+',",
    "mana as an atom": r"\([wubrgc]\)",
    "a JSON escape": r"\\u[0-9a-fA-F]{4}",
    "an atom's name": r"\b[a-z]+_[a-z_]+\b",                          # declare_attackers, look_top
    "JSON": r"\{\"|\[\{|\": ",
    "unnamed cards listed by id": r"\w+:(?:library|hand|graveyard):\d+, \w+:(?:library|hand|graveyard):\d+",
}


def _explain(stem: str, *options: str) -> str:
    out = CliRunner().invoke(main, ["explain", *options, str(FILES[stem])], env={"COLUMNS": "220"})
    assert out.exit_code == 0, out.output
    return out.stdout


def _row(lines: list[str], number: int) -> list[str]:
    """A table row: its line (starting with the event's number) and the lines it wraps onto."""
    start = next(i for i, line in enumerate(lines) if re.match(rf"\s*{number}\s", line))
    end = start + 1
    while end < len(lines) and lines[end].startswith(" ") and not re.match(r"\s*\d+\s", lines[end]):
        end += 1
    return lines[start:end]


# -- the whole library: words, never atoms ------------------------------------------------------

@pytest.mark.parametrize("kind", KINDS)
def test_no_raw_solver_atom_in_any_builtin_explanation(kind, library_results):
    found = []
    for path, result in library_results.items():
        if result.scenario is None or result.scenario.kind != kind:
            continue
        text = result.refusal if result.verdict is None else \
            "\n".join(plain(verdict_body(result.verdict.to_json(), context_of(result.scenario)), 160))
        found += [f"{path.stem}: {what}: {m.group(0)!r}" for what, rx in RAW.items()
                  for m in re.finditer(rx, text)]
    assert not found, "\n".join(found[:20])


def test_every_trace_row_carries_the_objects_on_its_stack(library_results):
    # the stack's contents after each event are as many as the trace's count of them
    for path, result in library_results.items():
        data = result.verdict.to_json() if result.verdict else {}
        if data.get("query") == "turn" and data.get("witness"):
            rows = trace_rows(data["witness"], data["details"]["after each event"])
            assert [len(r["stack"]) for r in rows] == [e["stack"] for e in data["witness"]], path.stem
            assert all(r["active"] for r in rows), path.stem


# -- turn: the table and the state at the end -------------------------------------------------------

def test_the_table_shows_the_stack_top_first_and_who_has_priority():
    lines = _explain("turn_priority_counterspell_resolves_first").splitlines()
    cast = _row(lines, 7)  # bob casts Counterspell on top of alice's Bolt
    assert "bob casts Counterspell targeting Lightning Bolt" in cast[0]
    assert re.search(r"\bbob\s+Counterspell\s*$", cast[0]) and cast[1].strip() == "Lightning Bolt"
    assert re.search(r"\balice\s+Counterspell\s*$", _row(lines, 8)[0])  # bob passed: alice's turn to act
    countered = _row(lines, 11)
    # nobody has priority; Bolt is gone, Counterspell still on the stack as it resolves (CR 608.2n)
    assert "Counterspell: counters Lightning Bolt" in countered[0]
    assert re.search(r"—\s+Counterspell \(resolving\)\s*$", countered[0])
    first = _row(lines, 1)
    assert re.match(r"\s*1\s+main1\s+the main1 step begins\s+alice\s", first[0])
    assert first[1].strip() == "alice's turn"


def test_life_after_the_stack_resolves_and_the_state_at_the_end():
    text = _explain("turn_priority_active_player_after_resolution")
    lines = text.splitlines()
    bolt = next(i for i, line in enumerate(lines) if "Lightning Bolt: 3 damage to bob" in line)
    assert lines[bolt].rstrip().endswith("bob 20 → 17")
    assert "upkeep" in text and "bob's turn" in text  # the step and whose turn it is
    end = text[text.index("the state at the end"):]
    assert "bob's upkeep step (the scenario gives no turn number); bob has priority" in end
    assert "  stack (top first): empty" in end
    bob = end[end.index("  bob:"):]
    assert "    life: 17" in bob and "    hand: 7 unnamed cards" in bob
    assert "    library: 30 unnamed cards" in bob
    assert "alice:library:" not in text and "bob:hand:" not in text  # counted, not listed by id
    alice = end[end.index("  alice:"):end.index("  bob:")]
    assert "    battlefield: Mountain (tapped)" in alice and "    graveyard: Lightning Bolt" in alice


def test_narrower_than_the_table_each_event_is_a_paragraph():
    out = CliRunner().invoke(main, ["explain", str(FILES["turn_priority_active_player_after_resolution"])],
                             env={"COLUMNS": "70"})
    lines = out.stdout.splitlines()
    assert all(len(line) <= 70 for line in lines)
    assert "bob's upkeep step:" in lines and "  5. alice passes" in lines
    # the Bolt deals its damage while it resolves: still on the stack (CR 608.2n)
    text = " ".join(line.strip() for line in lines)
    assert "8. Lightning Bolt: 3 damage to bob (bob's life 20 → 17) priority: nobody; " \
           "stack: Lightning Bolt (resolving); life: bob 20 → 17" in text


def test_the_turn_is_numbered_as_the_scenario_numbers_it():
    assert "turn 3, alice's draw step" in _explain("turn_third_turn_starting_player_draws")
    passed = _explain("turn_order_all_pass_to_bobs_upkeep")
    assert "bob's upkeep step (1st turn after the scenario's; the scenario gives no turn number)" in passed


def test_a_creature_on_the_battlefield_shows_its_power_and_toughness():
    end = _explain("turn_trigger_targets_sparkmage_hits_bob").split("the state at the end")[1]
    assert "Sparkmage Apprentice (1/1)" in end and "Mountain (tapped)" in end


def test_unnamed_cards_are_counted_and_named_ones_listed():
    assert objects_words(["Forest", "alice:library:2", "alice:library:10"], {"Forest": "tapped"}) \
        == "Forest (tapped), 2 unnamed cards"
    assert objects_words([]) == "empty"


# -- the other kinds, and the reasons in words ---------------------------------------------------

def test_sequencing_reasons_say_what_the_runs_do(library_results):
    def reasons(stem: str) -> str:
        return "\n".join(library_results[FILES[stem].resolve()].verdict.reasons)

    unsaid = reasons("seq_cruel_ultimatum_sacrifice_unsaid")
    assert "the performed run ends with bob's Grizzly Bears on the battlefield; the correct run " \
           "with Grizzly Bears in bob's graveyard" in unsaid
    assert "the block leaves out what the correct run does: bob's pick for Cruel Ultimatum: bob " \
           "sacrifices 1 creature" in unsaid
    counted = reasons("seq_balance_counted_before_the_draw")
    assert "3 unnamed cards in bob's graveyard" in counted and "bob knowing 2 unnamed cards in their own hand" in counted
    assert "the block leaves out what the correct run does: alice gains 5 life" in \
        reasons("seq_cruel_ultimatum_forgets_life_gain")
    run = library_results[FILES["seq_treetop_village_block"].resolve()].verdict.to_json()["witness"]["run"]
    assert "Treetop Village's ability resolves" in run and "the declare-attackers step begins" in run
    assert "can't pay the cost from their mana pool ({R})" in reasons("turn_mana_empties_step_2026")


def test_other_kinds_read_as_lines(library_results):
    def page(stem: str) -> str:
        result = library_results[FILES[stem].resolve()]
        return "\n".join(plain(verdict_body(result.verdict.to_json(), context_of(result.scenario)), 200))

    leak = page("apnap_check_bob_first_leak")
    assert "  proposed order:\n    1. bob: chooses a creature to sacrifice [bob-sacrifice-1]" in leak
    assert "counterexample:\n  alice knew 'bob: chooses a creature to sacrifice' [bob-sacrifice-1]" in leak
    cast = page("cast_altars_reap_sacrificing_thunderscape_familiar")
    assert "CR 601.2h  total cost paid: {B} for {B}; sacrifice Thunderscape Familiar" in cast
    assert "short of: {B}" in page("cost_dismember_missing_black")
    assert "    2. alice draws 1" in page("seq_balance_counted_after_the_draw")


# -- --json and --svg --------------------------------------------------------------------------

def test_json_is_clean_utf8_with_unnamed_cards_in_their_order():
    out = _explain("turn_priority_counterspell_resolves_first", "--json")
    assert "\\u" not in out and "→" in out
    final = json.loads(out)["details"]["final state"]
    assert final["zones"]["alice"]["library"] == [f"alice:library:{n}" for n in range(1, 31)]
    assert final["turn"] is None  # the scenario numbers no turn
    after = json.loads(out)["details"]["after each event"]
    assert after[6] == {"t": 7, "active": "alice", "stack": ["Counterspell", "Lightning Bolt"]}


def test_svg_draws_the_trace_and_parses():
    svg = _explain("turn_priority_active_player_after_resolution", "--svg")
    root = ET.fromstring(svg)
    texts = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}text")]
    titles = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert "alice casts Lightning Bolt targeting bob" in " ".join(texts)
    assert any(t.endswith("Lightning Bolt: 3 damage to bob (bob's life 20 → 17)") for t in titles)
    assert {"alice", "bob", "upkeep", "Lightning Bolt", "bob 20 → 17"} <= set(texts)


def test_svg_is_refused_without_a_trace():
    out = CliRunner().invoke(main, ["explain", "--svg", str(FILES["cost_dismember_missing_black"])])
    assert out.exit_code == 2 and "only a turn question has a trace to draw" in out.stderr
    impossible = CliRunner().invoke(main, ["explain", "--svg", str(FILES["turn_way_forest_only_impossible"])])
    assert impossible.exit_code == 2 and "has no trace to draw" in impossible.stderr


def test_a_notebook_gets_the_drawing_from_a_verdict():
    from mtgrules.queries import check_scenario

    scenario = load_scenario(FILES["turn_sba_bolt_kills_bears"])
    drawing = draw_trace(check_scenario(scenario), context=scenario)
    assert drawing._repr_svg_() == drawing.svg and ET.fromstring(drawing.svg).tag.endswith("svg")
    assert scenario.name.split()[0] in drawing.svg
    with pytest.raises(NoTrace):
        draw_trace({"query": "golden", "verdict": "allowed"})


def test_the_readme_shows_the_new_explain():
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    assert "mtgrules explain --svg" in readme and "library: 30 unnamed cards" in readme
