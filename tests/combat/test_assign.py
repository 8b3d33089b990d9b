"""The z3 encoding of combat damage assignment (encodings/combat/assign.py and outcome.py) against the
brute-force oracle written from the CR text (tests/combat/brute.py) on generated combats of
every regime, and on hand-derived cases whose expectations are worked out from the CR in the
comments.

    pytest tests/combat/test_assign.py
    MTG_EXAMPLES=500 pytest tests/combat/test_assign.py   (a larger sample)
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parent))

import brute  # noqa: E402

from mtgrules.encodings.combat import (  # noqa: E402
    Outcome,
    assigning,
    assignments,
    best,
    check_assignment,
    count,
    deal,
    forced,
    is_choice,
    possible,
    recipients,
)
from mtgrules.model.combat import Combat, Combatant  # noqa: E402
from mtgrules.model.errors import UnsupportedQuestion  # noqa: E402

EXAMPLES = int(os.environ.get("MTG_EXAMPLES", "40"))

EDITIONS = {  # regime -> (edition, deathtouch_lethal, deathtouch_divides) as those texts say
    "damage-on-stack": [("2008-10-01", False, False)],
    "ordered-blockers": [("2009-10-01", False, True), ("2016-11-11", True, False),
                         ("2024-09-20", True, False)],
    "free-division": [("2024-11-08", True, False), ("2026-08-07", True, False)],
}
KEYWORDS = ("trample", "deathtouch", "lifelink", "first strike", "double strike", "indestructible")


def creature(id: str, controller: str, power: int, toughness: int, damage: int = 0,
             keywords: tuple[str, ...] = ()) -> Combatant:
    return Combatant(id, controller, power, toughness, damage, frozenset(keywords))


def combat(edition: str, regime: str, attackers: tuple[Combatant, ...],
           blockers: tuple[Combatant, ...] = (), blocking: tuple[tuple[str, str], ...] = (),
           blocked: tuple[str, ...] = (), **kw: object) -> Combat:
    return Combat(edition, regime, kw.pop("step", "only"), "alice", "bob",  # type: ignore[arg-type]
                  attackers, blockers, blocking,
                  frozenset(blocked) | {a for _, a in blocking}, **kw)  # type: ignore[arg-type]


# -- generated combats ---------------------------------------------------------------------------

@st.composite
def combats(draw: st.DrawFn) -> Combat:
    regime = draw(st.sampled_from(sorted(EDITIONS)))
    edition, lethal, divides = draw(st.sampled_from(EDITIONS[regime]))
    allowed = [k for k in KEYWORDS
               if regime != "damage-on-stack" or k not in ("deathtouch", "lifelink")]

    def one(id: str, controller: str) -> Combatant:
        toughness = draw(st.integers(1, 4))
        keywords = tuple(draw(st.lists(st.sampled_from(allowed), max_size=2, unique=True)))
        marked = draw(st.integers(0, toughness + 1 if "indestructible" in keywords else toughness - 1))
        return creature(id, controller, draw(st.integers(0, 6)), toughness, marked, keywords)

    attackers, blockers, blocking, blocked, order = [], [], [], [], []
    for i in range(draw(st.integers(1, 3))):
        a = one(f"A{i}", "alice")
        attackers.append(a)
        mine = [one(f"B{i}{j}", "bob") for j in range(draw(st.integers(0, 3)))]
        blockers += mine
        blocking += [(b.id, a.id) for b in mine]
        if mine or draw(st.booleans()):  # blocked, perhaps with every blocker gone (509.1h)
            blocked.append(a.id)
        if len(mine) >= 2:
            order.append((a.id, tuple(draw(st.permutations([b.id for b in mine])))))
    if draw(st.booleans()):  # an attacker left combat: its blockers assign nothing (510.1d)
        gone = draw(st.sampled_from(attackers))
        attackers.remove(gone)
    step = draw(st.sampled_from(["only", "first", "second"]))
    had = frozenset(draw(st.lists(st.sampled_from([c.id for c in attackers + blockers]),
                                  unique=True))) if step == "second" and attackers else frozenset()
    return Combat(edition, regime, step, "alice", "bob", tuple(attackers), tuple(blockers),
                  tuple(blocking), frozenset(blocked),
                  tuple(order) if regime == "ordered-blockers" else (), had, lethal, divides)


SETTINGS = settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(combats())
def test_each_creatures_assignments_are_the_oracles(c: Combat) -> None:
    for cr in c.attackers + c.blockers:
        expected = brute.creature_splits(c, cr)
        got = [a.by_source[0][1] for a in assignments(c, cr.id)]
        assert sorted(got) == expected, cr.id
        assert count(c, cr.id) == len(expected)
        assert is_choice(c, cr.id) == (len(expected) > 1)
        assert forced(c, cr.id) == (expected[0] if len(expected) == 1 else None)
        assert (cr.id in assigning(c)) == (expected != [()])


@SETTINGS
@given(combats(), st.data())
def test_an_assignment_is_legal_exactly_when_the_oracle_says(c: Combat, data: st.DataObject) -> None:
    for cr in c.attackers + c.blockers:
        names = brute.candidates(c, cr)
        split = dict(zip(names, data.draw(st.lists(st.integers(0, 6), min_size=len(names),
                                                   max_size=len(names)))))
        ok = brute.legal(c, cr, split)
        reasons = check_assignment(c, cr.id, split)
        assert (reasons == ()) == ok, (cr.id, split, reasons)


def _small(c: Combat) -> bool:
    size = 1
    for cr in c.attackers + c.blockers:
        size *= len(brute.creature_splits(c, cr))
    return size <= 3000


@SETTINGS
@given(combats())
def test_the_whole_step_and_its_outcomes_are_the_oracles(c: Combat) -> None:
    if not _small(c):
        return
    expected = brute.step_assignments(c)
    got = [a.by_source for a in assignments(c)]
    assert sorted(got) == sorted(expected)
    assert count(c) == len(expected)
    effects = [brute.effect(c, a) for a in expected]
    # every creature destroyed in some assignment, surviving in another: possible says so
    for cr in c.attackers + c.blockers:
        for what in ("destroyed", "survives"):
            want = [(cr.id in e.destroyed) == (what == "destroyed") for e in effects]
            found = possible(c, [Outcome(what, cr.id)])
            assert (found is not None) == any(want), (what, cr.id)
            if found is not None:
                assert (cr.id in found.destroyed) == (what == "destroyed")
                assert found.assignment.by_source in expected
                assert found.destroyed == tuple(
                    x.id for x in c.attackers + c.blockers
                    if x.id in brute.effect(c, found.assignment.by_source).destroyed)
    damage = [e.damage.get("bob", 0) for e in effects]
    top = best(c, "most-damage-to-player")
    assert top is not None and top.values == (("most-damage-to-player", max(damage)),)
    assert top.result.assignment.by_source in expected
    killed = [len([x for x in e.destroyed if x.startswith("B")]) for e in effects]
    assert best(c, "most-creatures-destroyed").values[0][1] == max(killed)  # type: ignore[union-attr]
    own = [len([x for x in e.destroyed if x.startswith("A")]) for e in effects]
    assert best(c, "fewest-own-creatures-destroyed").values[0][1] == min(own)  # type: ignore[union-attr]
    life = {"alice": 20, "bob": 20}
    lowest = min(20 - e.damage.get("bob", 0) + e.gains.get("bob", 0) for e in effects)
    hit = possible(c, [Outcome("life", "bob", "<=", lowest)], life=life)
    assert hit is not None and dict(hit.life)["bob"] == lowest
    assert possible(c, [Outcome("life", "bob", "<", lowest)], life=life) is None
    gained = [e.gains.get("alice", 0) for e in effects]
    assert possible(c, [Outcome("gains", "alice", "==", max(gained))]) is not None
    assert possible(c, [Outcome("gains", "alice", ">", max(gained))]) is None


# -- hand-derived cases ------------------------------------------------------------------------

WURM = creature("Wurm", "alice", 5, 5)
BEARS = tuple(creature(f"Bear{i}", "bob", 2, 2) for i in (1, 2, 3))
THREE = tuple((b.id, "Wurm") for b in BEARS)
ORDER = (("Wurm", ("Bear1", "Bear2", "Bear3")),)


def _divisions(c: Combat, source: str = "Wurm") -> set[tuple[int, ...]]:
    names = recipients(c, source)
    return {tuple(a.of(source).get(r, 0) for r in names) for a in assignments(c, source)}


def test_a_5_5_blocked_by_three_2_2s_in_order_2024_09_20():
    # 510.1c (2024-09-20): Bear2 may get damage only if Bear1 is assigned lethal (2), Bear3
    # only if Bear1 and Bear2 both are: (5,0,0) (4,1,0) (3,2,0) (2,3,0) (2,2,1), nothing else
    c = combat("2024-09-20", "ordered-blockers", (WURM,), BEARS, THREE, order=ORDER,
               deathtouch_lethal=True)
    assert _divisions(c) == {(5, 0, 0), (4, 1, 0), (3, 2, 0), (2, 3, 0), (2, 2, 1)}
    assert count(c) == 5
    assert check_assignment(c, "Wurm", {"Bear1": 1, "Bear2": 2, "Bear3": 2})  # Bear1 short
    assert check_assignment(c, "Wurm", {"Bear1": 2, "Bear2": 2, "Bear3": 1}) == ()
    # at most two of the three die: 2+2 leaves 1 for Bear3
    assert best(c, "most-creatures-destroyed").values == (("most-creatures-destroyed", 2),)


def test_announced_assignments_fix_a_creature():
    c = combat("2024-09-20", "ordered-blockers", (WURM,), BEARS, THREE, order=ORDER,
               deathtouch_lethal=True)
    fixed = {"Wurm": {"Bear1": 2, "Bear2": 3}}
    assert [str(a) for a in assignments(c, fixed=fixed)] == [
        "Wurm: 2 to Bear1, 3 to Bear2; Bear1: 2 to Wurm; Bear2: 2 to Wurm; Bear3: 2 to Wurm"]
    assert assignments(c, fixed={"Wurm": {"Bear2": 5}}) == []  # Bear1 first (510.1c)
    r = possible(c, [Outcome("survives", "Bear3")], fixed=fixed)
    assert r is not None and r.destroyed == ("Wurm", "Bear1", "Bear2")
    assert possible(c, [Outcome("destroyed", "Bear3")], fixed=fixed) is None


def test_dealing_the_announced_assignments():
    # 510.2: dealt as assigned; 704.5g: lethal damage destroys; 702.15b: lifelink gains
    link = creature("Wurm", "alice", 5, 5, keywords=("lifelink",))
    c = combat("2024-09-20", "ordered-blockers", (link,), BEARS, THREE, order=ORDER,
               deathtouch_lethal=True)
    r = deal(c, {"Wurm": {"Bear1": 2, "Bear2": 2, "Bear3": 1}}, life={"alice": 10, "bob": 20})
    assert r.destroyed == ("Wurm", "Bear1", "Bear2") and dict(r.life) == {"alice": 15, "bob": 20}
    with pytest.raises(ValueError, match="illegal"):
        deal(c, {"Wurm": {"Bear2": 5}})
    with pytest.raises(ValueError, match="no assignment announced for Wurm"):
        deal(c, {})


def test_the_same_block_divided_freely_2024_11_08():
    # 510.1c (2024-11-08): "divided as its controller chooses among them": every split of 5
    # among three, C(7, 2) = 21 of them, e.g. 1 to each of the first two and 3 to the last
    c = combat("2024-11-08", "free-division", (WURM,), BEARS, THREE, deathtouch_lethal=True)
    assert count(c) == 21
    assert (1, 1, 3) in _divisions(c) and len(_divisions(c)) == 21
    assert check_assignment(c, "Wurm", {"Bear1": 1, "Bear2": 2, "Bear3": 2}) == ()
    assert check_assignment(c, "Wurm", {"Bear1": 1, "Bear2": 1})  # only 2 of its 5 (510.1a)
    assert check_assignment(c, "Wurm", {"Bear1": 4, "bob": 1})  # no trample (510.1c)


def test_trample_with_deathtouch_2026_one_to_each_blocker_is_lethal():
    # 702.2c (2026-08-07): any nonzero deathtouch damage counts as lethal; 702.19b: so 1 to each
    # of three blockers lets 2 trample over to bob; at most 2 (all three must get 1)
    wurm = creature("Wurm", "alice", 5, 5, keywords=("trample", "deathtouch"))
    c = combat("2026-08-07", "free-division", (wurm,), BEARS, THREE, deathtouch_lethal=True)
    assert check_assignment(c, "Wurm", {"Bear1": 1, "Bear2": 1, "Bear3": 1, "bob": 2}) == ()
    assert check_assignment(c, "Wurm", {"Bear1": 1, "Bear2": 1, "bob": 3})  # Bear3 has none
    top = best(c, ["most-damage-to-player", "most-creatures-destroyed"])
    assert top is not None
    assert top.values == (("most-damage-to-player", 2), ("most-creatures-destroyed", 3))
    # 21 splits among the blockers alone, plus 1+1+1 with 1 or 2 spare among four (4 ways)
    assert count(c) == 21 + 4


def test_trample_with_deathtouch_2009_10_01_is_toughness_based():
    # 702.2b (2009-10-01): deathtouch divides freely among the blockers, ignoring the order,
    # but 702.17b's lethal damage is toughness-based: 2+2+2 = 6 > 5, so nothing reaches bob
    wurm = creature("Wurm", "alice", 5, 5, keywords=("trample", "deathtouch"))
    c = combat("2009-10-01", "ordered-blockers", (wurm,), BEARS, THREE, order=ORDER,
               deathtouch_divides=True)
    assert (0, 0, 5, 0) in _divisions(c)  # the last in order first: the order is ignored
    assert all(d[3] == 0 for d in _divisions(c))
    assert count(c) == 21
    assert possible(c, [Outcome("damage", "bob", ">", 0)]) is None
    # with Bear1 already carrying 1 damage, lethal to all is 1+2+2 = 5: still 0 to bob
    hurt = (creature("Bear1", "bob", 2, 2, 1),) + BEARS[1:]
    c2 = combat("2009-10-01", "ordered-blockers", (creature("Wurm", "alice", 6, 6,
                keywords=("trample", "deathtouch")),), hurt, THREE, order=ORDER, deathtouch_divides=True)
    assert best(c2, "most-damage-to-player").values == (("most-damage-to-player", 1),)  # type: ignore[union-attr]


def test_marked_damage_counts_toward_lethal_in_order():
    # 510.1c: "take into account damage already marked": Bear1 with 1 marked needs 1 more
    hurt = (creature("Bear1", "bob", 2, 2, 1),) + BEARS[1:]
    c = combat("2016-11-11", "ordered-blockers", (WURM,), hurt, THREE, order=ORDER,
               deathtouch_lethal=True)
    assert (1, 2, 2) in _divisions(c) and (0, 5, 0) not in _divisions(c)


def test_blocked_with_no_blockers_left():
    # 510.1c: blocked, no creature blocking it now: no combat damage; 702.19d (2024-11-08):
    # with trample, all of it to the player "as though all blocking creatures have been
    # assigned lethal damage"
    c = combat("2024-11-08", "free-division", (WURM,), blocked=("Wurm",), deathtouch_lethal=True)
    assert assigning(c) == () and count(c) == 1 and forced(c, "Wurm") == ()
    assert check_assignment(c, "Wurm", {"bob": 5})
    tramples = creature("Wurm", "alice", 5, 5, keywords=("trample",))
    c = combat("2024-11-08", "free-division", (tramples,), blocked=("Wurm",), deathtouch_lethal=True)
    assert forced(c, "Wurm") == (("bob", 5),) and not is_choice(c, "Wurm")
    assert possible(c, [Outcome("life", "bob", "==", 15)], life={"alice": 20, "bob": 20})


def test_first_and_second_step():
    # 702.7b: only first and double strikers deal damage in the first step; in the second,
    # the others and the double strikers again
    knight = creature("Knight", "alice", 2, 2, keywords=("first strike",))
    giant = creature("Giant", "alice", 3, 3, keywords=("double strike",))
    bear = creature("Bear", "alice", 2, 2)
    c = combat("2024-11-08", "free-division", (knight, giant, bear), deathtouch_lethal=True,
               step="first")
    assert assigning(c) == ("Knight", "Giant")
    c = combat("2024-11-08", "free-division", (knight, giant, bear), deathtouch_lethal=True,
               step="second", had_first_strike=frozenset({"Knight", "Giant"}))
    assert assigning(c) == ("Giant", "Bear")


def test_lifelink_and_unblocked_damage():
    link = creature("Link", "alice", 3, 3, keywords=("lifelink",))
    c = combat("2024-11-08", "free-division", (link,), deathtouch_lethal=True)
    r = possible(c, [], life={"alice": 20, "bob": 20})
    assert r is not None and dict(r.life) == {"alice": 23, "bob": 17}


def test_2008_lifelink_or_deathtouch_in_combat_is_refused():
    # 502.68a / 502.63a (2008): triggered abilities, not modelled in combat
    link = creature("Link", "alice", 3, 3, keywords=("lifelink",))
    with pytest.raises(UnsupportedQuestion):
        count(combat("2008-10-01", "damage-on-stack", (link,)))
    quiet = creature("Link", "alice", 0, 3, keywords=("lifelink",))  # deals none: fine
    assert count(combat("2008-10-01", "damage-on-stack", (quiet,))) == 1


def test_an_order_that_misses_a_blocker_is_a_mistake():
    c = combat("2024-09-20", "ordered-blockers", (WURM,), BEARS, THREE,
               order=(("Wurm", ("Bear1", "Bear2")),), deathtouch_lethal=True)
    with pytest.raises(ValueError, match="damage assignment order"):
        count(c)
