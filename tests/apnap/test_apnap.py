"""APNAP order: the ASP and SMT encodings agree with each other and with a brute-force oracle,
on the built-in scenarios and on generated problems."""
from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules.encodings import Budget, limited
from mtgrules.encodings.apnap import misplaced_asp, misplaced_smt, solve_asp
from mtgrules.encodings.apnap import smt as smt_apnap
from mtgrules.model.apnap import Choice, ChoiceProblem
from mtgrules.model.edition import Edition
from mtgrules.queries import check_scenario, load_scenario
from mtgrules.queries.scenario import builtin_scenario_files

from apnap_oracle import correct_orders, knowledge, made_choices

NEWEST = Edition.newest()
APNAP_FILES = [p for p in builtin_scenario_files() if p.name.startswith("apnap_")]


def _both(problem: ChoiceProblem, edition: Edition = NEWEST):
    return solve_asp(problem, edition), smt_apnap.solve(problem, edition)


def assert_encodings_and_oracle_agree(problem: ChoiceProblem, edition: Edition) -> None:
    """ASP and SMT find the same orders, knowledge and rules; the oracle the same orders."""
    by_asp, by_smt = _both(problem, edition)
    assert by_asp.orders == by_smt.orders
    assert by_asp.knowledge == by_smt.knowledge
    assert by_asp.rules == by_smt.rules
    assert by_asp.undecided == by_smt.undecided
    assert by_asp.no_choice == by_smt.no_choice == {c.id for c in problem.choices} - made_choices(problem)
    assert set(by_asp.orders) == correct_orders(problem)
    for order, known in zip(by_asp.orders, by_asp.knowledge):
        assert known == knowledge(problem, order)


@pytest.mark.parametrize("path", APNAP_FILES, ids=[p.stem for p in APNAP_FILES])
def test_backends_and_oracle_agree_on_builtin_scenario(path):
    scenario = load_scenario(path)
    assert_encodings_and_oracle_agree(scenario.question.problem, scenario.edition)


def test_two_players_active_first_and_second_knows_first():
    p = ChoiceProblem(("alice", "bob"), "bob",
                      (Choice("a", "alice", "x"), Choice("b", "bob", "y")))
    by_asp, by_smt = _both(p)
    assert by_asp.orders == by_smt.orders == (("b", "a"),)
    assert ("a", "b") in by_asp.knowledge[0]
    assert ("b", "a") not in by_asp.knowledge[0]


def test_face_down_choice_is_unknown_to_later_players_but_known_to_its_chooser():
    p = ChoiceProblem(("alice", "bob"), "alice",
                      (Choice("a1", "alice", "card", face_down=True, written=1),
                       Choice("a2", "alice", "card", written=2),
                       Choice("b", "bob", "card")))
    by_asp, by_smt = _both(p)
    assert by_asp.knowledge == by_smt.knowledge
    known = by_asp.knowledge[0]
    assert ("a2", "a1") in known and ("b", "a1") not in known and ("b", "a2") in known
    assert "apnap.hidden-face-down" in by_asp.rules


def test_restart_puts_caused_choice_before_outstanding_ones():
    p = ChoiceProblem(("a", "b", "c", "d"), "a",
                      (Choice("a1", "a", "x"), Choice("b1", "b", "x"), Choice("c1", "c", "x"),
                       Choice("d1", "d", "x"), Choice("a2", "a", "x", caused_by="c1")))
    by_asp, by_smt = _both(p)
    assert by_asp.orders == by_smt.orders == (("a1", "b1", "c1", "a2", "d1"),)
    assert "apnap.restart" in by_asp.rules


def test_restart_is_undecided_before_it_existed():
    p = ChoiceProblem(("a", "b"), "a", (Choice("a1", "a", "x"), Choice("b1", "b", "x"),
                                        Choice("a2", "a", "x", caused_by="b1")))
    by_asp, by_smt = _both(p, Edition("2009-05-01"))
    assert by_asp.undecided == by_smt.undecided == {"apnap.restart"}


def test_check_mode_backends_agree_on_leak():
    p = ChoiceProblem(("a", "b", "c"), "a",
                      (Choice("a1", "a", "x"), Choice("b1", "b", "x", face_down=True),
                       Choice("c1", "c", "x")))
    proposed = ("c1", "b1", "a1")
    assert misplaced_asp(p, proposed, NEWEST) == misplaced_smt(p, proposed, NEWEST)
    misplaced, learned = misplaced_asp(p, proposed, NEWEST)
    assert ("a1", "c1") in learned and ("a1", "b1") not in learned and ("a1", "b1") in misplaced


# -- generated problems ---------------------------------------------------------------------

@st.composite
def problems(draw):
    n = draw(st.integers(2, 6))
    players = tuple(f"p{i}" for i in range(n))
    first = draw(st.sampled_from(players))
    choices: list[Choice] = []
    total = draw(st.integers(1, 6))
    for k in range(total):
        player = draw(st.sampled_from(players))
        cause = None
        uncaused = [c.id for c in choices if c.caused_by is None]
        if uncaused and draw(st.booleans()) and draw(st.booleans()):
            cause = draw(st.sampled_from(uncaused))
        written = None if cause else draw(st.one_of(st.none(), st.integers(1, 4)))
        event = 0 if cause else draw(st.integers(0, 1))
        face_down = draw(st.booleans())
        # what it chooses among: not listed, nothing, or some objects a prohibition may take
        options = draw(st.one_of(st.none(), st.lists(st.sampled_from(OBJECTS), max_size=2,
                                                     unique=True).map(tuple)))
        choices.append(Choice(f"c{k}", player, "x", event=event, written=written,
                              face_down=face_down, caused_by=cause, options=options))
    return ChoiceProblem(players, first, tuple(choices),
                         starting_game=draw(st.booleans()) and draw(st.booleans()),
                         unavailable=tuple(draw(st.lists(st.sampled_from(OBJECTS), max_size=2,
                                                         unique=True))))


OBJECTS = ("o1", "o2", "o3")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems(), st.sampled_from(["2008-02-01", "2009-07-11", "2026-08-07"]))
def test_generated_problems_asp_smt_and_oracle_agree(problem, date):
    assert_encodings_and_oracle_agree(problem, Edition(date))


@settings(max_examples=30, deadline=None)
@given(problems(), st.randoms(use_true_random=False))
def test_generated_proposed_orders_judged_alike(problem, rnd):
    ids = [c.id for c in problem.choices]
    rnd.shuffle(ids)
    proposed = tuple(ids)
    by_asp = misplaced_asp(problem, proposed, NEWEST)
    by_smt = misplaced_smt(problem, proposed, NEWEST)
    assert by_asp == by_smt
    # the oracle: d before c is misplaced exactly when no correct order has d before c; a
    # choice not made (nothing to choose) is never misplaced nor a source of a leak
    orders = correct_orders(problem)
    made = [c for c in proposed if c in made_choices(problem)]
    expected = {(c, d) for j, c in enumerate(made) for d in made[:j]
                if not any(o.index(d) < o.index(c) for o in orders)}
    assert by_asp[0] == expected


@pytest.mark.parametrize("path", APNAP_FILES, ids=[p.stem for p in APNAP_FILES])
def test_verdicts_from_both_backends_agree(path):
    scenario = load_scenario(path)
    by_asp = check_scenario(scenario, backend="asp")
    by_smt = check_scenario(scenario, backend="smt")
    assert by_asp.same_answer(by_smt)
    assert by_asp.witness == by_smt.witness


def test_innocent_blood_among_sixty_players_is_quick_on_both_backends():
    """The grounding stays small (pairs, not positions): 60 players within a tight budget."""
    players = tuple(f"p{i:02}" for i in range(60))
    choices = tuple(Choice(f"{p}-sacrifice", p, "sacrifices a creature") for p in players)
    problem = ChoiceProblem(players=players, first="p07", choices=choices)
    expected = tuple(f"{p}-sacrifice" for p in players[7:] + players[:7])
    with limited(Budget(seconds=10, rlimit=5_000_000)):
        by_asp, by_smt = _both(problem)
    assert by_asp.orders == by_smt.orders == (expected,)
    assert by_asp.knowledge == by_smt.knowledge
