"""A block stands only when its witness order, replayed in full from the starting state, is
legal and reaches the performed end state — the solvers' pair-by-pair judgement is confirmed,
and a disagreement is reported as unsupported, never turned into a verdict."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mtgrules.encodings.sequencing import decide
from mtgrules.model.actions import Condition, Violation
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.queries import load_scenario
from mtgrules.queries.scenario import builtin_scenario_files

SEQUENCING = [p for p in builtin_scenario_files() if p.stem.startswith("seq_")]


@pytest.mark.parametrize("path", SEQUENCING, ids=[p.stem for p in SEQUENCING])
@pytest.mark.parametrize("backend", ["asp", "smt"])
def test_every_witness_replays_cleanly(path, backend):
    block = load_scenario(path).question.block
    decision = decide(block, backend=backend)
    problem = block.replay(decision.order)
    enforced = {Condition.LEGAL_IN_ORDER, Condition.SAME_STATE} - set(decision.failed)
    assert problem is None or problem.condition not in enforced


def test_the_performed_order_replays_to_its_own_end_state():
    block = load_scenario(next(p for p in SEQUENCING if p.stem == "seq_cruel_ultimatum_in_order")
                          ).question.block
    assert block.replay(block.ids) is None


def test_a_witness_the_replay_rejects_is_unsupported_not_a_verdict():
    path = next(p for p in SEQUENCING if p.stem == "seq_harrow_graveyard_before_search")
    block = load_scenario(path).question.block
    objecting = replace(block, replay=lambda order: Violation(
        Condition.SAME_STATE, tuple(order), "a different end state"))
    for backend in ("asp", "smt"):
        with pytest.raises(UnsupportedQuestion, match="pair by pair"):
            decide(objecting, backend=backend)
