"""A budget is the same on every machine: counted in solver work (ground atoms, conflicts, the
events of a trace), so a question gets the same answer on an idle machine and a busy one; the
wall-clock guard says it is the guard when it fires."""
from __future__ import annotations

import multiprocessing
import time
from pathlib import Path

import pytest

from mtgrules.encodings import Budget, limited
from mtgrules.model.errors import BudgetExhausted
from mtgrules.model.read.timeline import parse_line
from mtgrules.model.source import Field
from mtgrules.queries import check_scenario, load_scenario, what_happens

SCENARIOS = Path(__file__).resolve().parents[2] / "queries" / "scenarios" / "turn"


def _hog(seconds: float) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pass


def _answer(path: Path) -> tuple:
    v = check_scenario(load_scenario(path))
    return v.outcome, len(v.witness or ()), tuple(v.citations)


def test_a_search_gets_the_same_answer_under_a_cpu_hog():
    path = SCENARIOS / "turn_way_trigger_target_one_damage_impossible.yaml"
    idle = _answer(path)
    hogs = [multiprocessing.Process(target=_hog, args=(120,), daemon=True)
            for _ in range(2 * (multiprocessing.cpu_count() or 1))]
    for h in hogs:
        h.start()
    try:
        busy = _answer(path)
    finally:
        for h in hogs:
            h.terminate()
    assert busy == idle


def test_a_trace_outgrowing_its_ground_atoms_is_refused_the_same_way_each_time():
    scenario = load_scenario(SCENARIOS / "turn_order_all_pass_to_bobs_upkeep.yaml")
    script = scenario.question.script
    messages = set()
    for _ in range(2):
        with limited(Budget(ground_atoms=3_000)), pytest.raises(BudgetExhausted) as refused:
            what_happens(scenario.state, script)
        messages.add(str(refused.value))
    (message,) = messages
    assert "atoms" in message and "3,000" in message and "events" in message


def test_the_wall_clock_guard_says_it_is_the_guard():
    s = load_scenario(SCENARIOS / "turn_priority_caster_after_cast.yaml")
    with limited(Budget(seconds=0)), pytest.raises(BudgetExhausted, match="guard"):
        what_happens(s.state, [parse_line(Field.of("alice passes", "s"), s.state)])
