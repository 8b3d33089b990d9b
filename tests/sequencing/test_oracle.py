"""The brute-force sequencing oracle (tests/sequencing/oracle.py): it reproduces the built-in
scenarios' expectations and its own hand-written cases (``oracle_cases.py``, derived from MTR 4.3
and the CR before any engine ran), and agrees with the engine on generated blocks (blocks the
engine refuses by name are counted apart and printed).

    pytest tests/sequencing/test_oracle.py
    MTG_EXAMPLES=1000 MTG_SEED=0 pytest tests/sequencing/test_oracle.py -k core_agrees   (the long run)
"""
from __future__ import annotations

import collections
import os
import sys
from pathlib import Path

import pytest
import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent))

from generate import CLASSES, case_class, cases  # noqa: E402
from oracle import Unsupported, oracle_for_scenario  # noqa: E402
from oracle_cases import CASES  # noqa: E402

from mtgrules.encodings.asp import map_in_workers  # noqa: E402
from mtgrules.model.source import Field  # noqa: E402
from mtgrules.queries import check_scenario  # noqa: E402
from mtgrules.queries.scenario import builtin_scenario_files, scenario_from  # noqa: E402

SITUATIONS = ("resolving", "casting", "dying", "steps")
DEFAULT_EXAMPLES = 200
"""Generated blocks the agreement test judges by default (the file runs in about two minutes
on two cores); MTG_EXAMPLES=1000 for the long run."""

KNOWN_WRONG: dict[str, str] = {}
"""Built-in expectations the oracle's author believes wrong under CORE.md and MTR 4.3, with the
rule (none at present)."""


def _docs(files):
    out = []
    for f in files:
        doc = yaml.safe_load(Path(f).read_text(encoding="utf-8"))
        if any(k in doc.get("question", {}) for k in SITUATIONS):
            out.append(pytest.param(doc, id=Path(f).stem))
    return out


def _expected(doc):
    e = doc["expect"]
    return e["verdict"], frozenset(e.get("fails", []))


BUILTIN = _docs(f for f in builtin_scenario_files() if "sequencing" in str(f))


def test_there_are_scenarios_to_check():
    assert len(BUILTIN) >= 70


@pytest.mark.parametrize("doc", BUILTIN)
def test_oracle_reproduces_builtin_scenarios(doc):
    if doc["name"] in KNOWN_WRONG:
        pytest.xfail(KNOWN_WRONG[doc["name"]])
    try:
        answer = oracle_for_scenario(doc)
    except Unsupported as beyond:  # instructions and lines the oracle does not model (scry …)
        pytest.skip(f"beyond the oracle: {beyond}")
    assert (answer.outcome, answer.failed) == _expected(doc)


@pytest.mark.parametrize("doc", [pytest.param(d, id=d["name"]) for d in CASES])
def test_oracle_reproduces_its_own_cases(doc):
    """One negative and one positive block per class of issue 20, expectations by hand."""
    answer = oracle_for_scenario(doc)
    assert (answer.outcome, answer.failed) == _expected(doc)
    scenario_from(Field.of(doc))      # a scenario the project loads


def test_listing_order_of_an_unseen_library_does_not_matter():
    by_name = {p.values[0]["name"]: p.values[0] for p in BUILTIN}
    first = [d for n, d in by_name.items() if "listed first" in n]
    last = [d for n, d in by_name.items() if "listed last" in n]
    assert first and len(first) == len(last)
    for a, b in zip(sorted(first, key=lambda d: d["name"]), sorted(last, key=lambda d: d["name"])):
        assert _expected(a) == _expected(b)
        assert oracle_for_scenario(a).failed == oracle_for_scenario(b).failed
        assert check_scenario(scenario_from(Field.of(a))).failed == \
            check_scenario(scenario_from(Field.of(b))).failed


def test_generated_cases_load_and_the_oracle_answers():
    """A sample of generated cases: each loads as a scenario the project accepts."""
    for doc in cases(40, seed=10_000):
        scenario_from(Field.of(doc))
        answer = oracle_for_scenario(doc)
        assert answer.outcome in ("stands", "does-not-stand")
        assert (answer.outcome == "stands") == (not answer.failed)


def test_generator_is_seeded():
    assert list(cases(5, seed=7)) == list(cases(5, seed=7))


def test_generator_covers_every_class_both_ways():
    """Every class of the generator gives blocks that stand and blocks that don't."""
    seen = collections.defaultdict(set)
    for doc in cases(DEFAULT_EXAMPLES, seed=0):
        seen[case_class(doc)].add(oracle_for_scenario(doc).outcome)
    assert {k: v for k, v in seen.items()} == {k: {"stands", "does-not-stand"} for k in CLASSES}


def _judge(doc):
    """The oracle's verdict and the engine's on one generated block (run in a worker
    process); an engine that refuses the block answers ("refused", its reason)."""
    expected = oracle_for_scenario(doc)
    try:
        verdict = check_scenario(scenario_from(Field.of(doc)))
    except Exception as refused:  # noqa: BLE001 — the refusal is the engine's verdict here
        return doc["name"], (expected.outcome, expected.failed), \
            ("refused", frozenset({f"{type(refused).__name__}: {refused}"[:300]}))
    outcome = str(getattr(verdict.outcome, "value", verdict.outcome))
    failed = frozenset(str(c) for c in verdict.failed)
    return doc["name"], (expected.outcome, expected.failed), (outcome, failed)


def _report(doc, expected, got) -> str:
    block = "\n".join(f"      {x}" for x in doc["question"]["performed"])
    return (f"- {doc['name']} [class {case_class(doc)}]\n"
            f"    oracle: {expected[0]} {sorted(expected[1])}\n"
            f"    engine: {got[0]} {sorted(got[1])}\n    block:\n{block}")


def test_core_agrees_with_the_oracle():
    """The engine and the brute-force oracle on generated blocks (MTG_EXAMPLES of them,
    DEFAULT_EXAMPLES by default; MTG_SEED moves the sample), judged in parallel on every
    core. Every disagreement is reported with its block, both verdicts and its class."""
    count = int(os.environ.get("MTG_EXAMPLES", str(DEFAULT_EXAMPLES)))
    seed = int(os.environ.get("MTG_SEED", "0"))
    docs = {d["name"]: d for d in cases(count, seed=seed)}
    results = map_in_workers(_judge, list(docs.values()), os.cpu_count() or 1)
    assert len(results) == count
    differ = [(docs[name], expected, got) for name, expected, got in results if expected != got]
    refused = [d for d in differ if d[2][0] == "refused" and _refused_by_name(d[2][1])]
    known = [d for d in differ if d[1][0] == d[2][0] and d[0]["name"] in CONDITIONS_DIFFER
             and seed == 0]
    print(f"{len(known)} of {count} with the same verdict and other failed conditions, known:\n"
          + "\n".join(_report(*d) + f"\n    why: {CONDITIONS_DIFFER[d[0]['name']]}" for d in known))
    wrong = [d for d in differ if d not in refused + known]
    by_class = collections.Counter(case_class(d) for d, _, _ in wrong)
    print(f"{len(refused)} of {count} refused by name by the engine, by class "
          f"{dict(collections.Counter(case_class(d) for d, _, _ in refused))}")
    assert not wrong, (f"{len(wrong)} of {count} disagree, by class {dict(by_class)}:\n"
                       + "\n".join(_report(*w) for w in wrong))


CONDITIONS_DIFFER = {
    "generated case 643 (targeted-trigger)":
        "two lines saying the same life loss, one of them the damage that says a trigger's target: "
        "the engine lets the earlier say the target (lines saying the same are interchangeable, "
        "CORE.md), so no draw comes before it; the oracle takes the later (no-leak)",
    "generated case 756 (spell-trigger)":
        "two triggers of one permanent whose targets only their damage lines say: the oracle also "
        "finds an act no line says (a line added or forgotten), the engine none",
    "generated case 1666 (targeted-trigger)":
        "a trigger's damage never dealt (its source's controller lost first): to the engine the "
        "line saying it is added, to the oracle it says the target",
}
"""Blocks of the seeded sample (MTG_SEED=0) where the oracle and the engine give the same verdict
but name other failed conditions — a reading of CORE.md's choice among failing correct runs
still open (issue 20). Any verdict that differs, and any other difference, fails."""

ENGINE_REFUSES = ("unnamed_mana_sources", '",payment)', "damage_survived_in_block")
"""What the engine refuses by name that the oracle models: a second spell cast inside a block
paid from sources no line names, or with a choice of which mana pays a generic part; damage a
creature survives outside combat (no line says it yet). A refusal is no verdict — never a
silent wrong answer — so a block the engine refuses for a reason listed here is counted and
printed, not failed; any other refusal, and every differing verdict, fails."""


def _refused_by_name(reasons: frozenset[str]) -> bool:
    return any(words in reason for reason in reasons for words in ENGINE_REFUSES)


_REFUSED = [
    ("counters put by a trigger", [{"name": "Gen Martyr", "cost": "{W}", "types": ["creature"],
                                    "power": 1, "toughness": 1,
                                    "triggered": [{"when": "dies", "effect": [
                                        {"do": "put-counters", "kind": "+1/+1", "count": 1,
                                         "target": "creature"}]}]}],
     {"players": ["alice", "bob"], "alice": {"battlefield": ["Gen Martyr", "Grizzly Bears"]}},
     {"kind": "sequencing", "dying": ["Gen Martyr"],
      "performed": ["alice puts Gen Martyr into the graveyard", "alice targets Grizzly Bears"]}),
]


@pytest.mark.parametrize("name, cards, state, question", _REFUSED, ids=[r[0] for r in _REFUSED])
def test_oracle_refuses_what_it_does_not_model(name, cards, state, question):
    """Where the oracle can't model a case it says so (Unsupported), never guesses."""
    doc = {"name": name, "edition": "2026-08-07", "cards": cards, "state": state,
           "question": question}
    scenario_from(Field.of(doc))
    with pytest.raises(Unsupported):
        oracle_for_scenario(doc)
