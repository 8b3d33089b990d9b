"""The cost oracle (tests/cost/cost_oracle.py) on the casting mechanics of issue 26, against
totals worked out by hand from the rules text (tests/cost/cost_hand_cases.py), and on what it
says it doesn't model. The project's cost question is compared with the oracle on the same
casts in tests/cost/test_cost_oracle.py (test_cost_agrees_with_the_oracle_on_casting_mechanics).

    pytest tests/cost/test_cost_oracle_mechanics.py
"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cost_hand_cases import FIREBOLT, HAND  # noqa: E402
from cost_oracle import EDITIONS, FIRST_EDITION, NotModelled, parse_total, total_cost  # noqa: E402

CR = Path("/work/shared/cr")


def _oracle(doc: dict) -> tuple:
    answer = total_cost(doc)
    if answer.illegal:
        return ("illegal",)
    return ("total", answer.mana, answer.life, answer.mana_value, answer.discard)


@pytest.mark.parametrize("doc, expected", [pytest.param(d, e, id=i) for i, d, e in HAND])
def test_oracle_reproduces_hand_totals(doc, expected):
    if expected[0] == "total":
        expected = ("total", parse_total(expected[1]), *expected[2:])
    assert _oracle(doc) == expected, doc["source"]


def test_hand_cases_cover_each_mechanic():
    text = str(HAND)
    for word in ("'modes'", "'entwined'", "'kicker-x'", "'kicked': 2", "'buyback'", "'splice'",
                 "'flashback'", "'face-down'", "'graveyard'", "'discard'", "'convoke'",
                 "'delve'", "'improvise'", "Frogmite", "Trinisphere", "Thalia",
                 "Sphere of Resistance", "Helm of Awakening", "'colors'"):
        assert word in text, word
    assert {e[0] for _, _, e in HAND} == {"total", "illegal"}


def _case(name: str) -> dict:
    return next(d for i, d, _ in HAND if i == name)


def test_what_the_oracle_does_not_model_is_said():
    """Convoke and delve were additional costs that reduced the cost before 2016-07-22; floors
    had no step of their own before 2009-07-11; Phyrexian symbols came after 2009."""
    cruise = _case("treasure_cruise_under_thalia")
    with pytest.raises(NotModelled, match="delve"):
        total_cost({**cruise, "edition": "2009-10-01"})
    frog = _case("frogmite_four_artifacts_under_trinisphere")
    with pytest.raises(NotModelled, match="floor"):
        total_cost({**frog, "edition": "2009-05-01"})
    probe = {**_case("firebolt_flashback"), "edition": "2009-10-01",
             "cards": [{**FIREBOLT, "cost": "{R/P}"}]}
    with pytest.raises(NotModelled, match="R/P"):
        total_cost(probe)
    with pytest.raises(NotModelled, match="among the 12"):
        total_cost({**frog, "edition": "2012-01-01"})


def test_convoke_and_delve_are_no_reductions_from_2016():
    cruise = _case("treasure_cruise_under_thalia")
    for edition in EDITIONS[EDITIONS.index("2016-07-22"):]:
        assert total_cost({**cruise, "edition": edition}).mana == parse_total("{8}{U}")


@pytest.mark.skipif(not CR.is_dir(), reason="the CR texts are not on this machine")
def test_first_editions_match_the_texts():
    """Each mechanic's rule is absent from the editions before its first one and present from
    it on (found by the rule's opening words)."""
    opening = {"kicker": "Kicker is a", "multikicker": "Multikicker is a", "entwine":
               "Entwine is a", "escalate": "Escalate is a", "splice": "Splice is a",
               "buyback": "Buyback appears", "morph": "Morph is a", "flashback":
               "Flashback appears", "retrace": "Retrace ", "convoke": "Convoke is a",
               "delve": "Delve is a", "improvise": "Improvise is a", "affinity": "Affinity is a"}
    import re
    for edition in EDITIONS:
        lines = (CR / f"cr-{edition}.txt").read_text(encoding="utf-8").splitlines()
        rules = [m.group(2) for line in lines
                 if (m := re.match(r"^(\d{3}\.\d+[a-z])\.? (.*)", line))]
        for mechanic, words in opening.items():
            present = any(r.startswith(words) for r in rules)
            assert present == (edition >= FIRST_EDITION[mechanic]), (mechanic, edition)
