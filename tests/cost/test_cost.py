"""Total cost (CR 601.2f) and payment (601.2g–h) in z3, against plain-Python references that
live here: a direct computation of 601.2f, and an exhaustive payment search."""
from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.encodings.cost.payment import pay
from mtgrules.encodings.cost.smt import (
    CostProblem,
    ManaAbility,
    Modifier,
    NoPayment,
    Payment,
    PaymentProblem,
    generic,
    total_cost,
)
from mtgrules.model.mana import MANA_TYPES, ManaCost

# -- the reference: CR 601.2f computed directly ---------------------------------------------


def resolve_choices(problem: CostProblem, announced) -> tuple[Counter, int]:
    """Counts per component and life for a cost whose choice symbols are paid as announced."""
    counts, life, k = Counter(), problem.life, 0
    for s in problem.symbols:
        if s.is_choice:
            option = announced[k]
            k += 1
            if option == "life":
                life += 2
            elif option.startswith("generic:"):
                counts["generic"] += int(option.split(":")[1])
            else:
                counts[option] += 1
        elif s.kind == "generic":
            counts["generic"] += s.amount
        elif s.kind == "x":
            counts["generic"] += problem.x
        elif s.kind == "colored":
            counts[s.colors[0]] += 1
        elif s.kind == "colorless":
            counts["C"] += 1
        elif s.kind == "snow":
            counts["S"] += 1
    return counts, life


def reference_total(problem: CostProblem, announced=None) -> tuple[Counter, int]:
    """Mana cost (or alternative) plus additional costs plus increases, minus reductions
    (coloured first from their colour, the excess and generic reductions from generic, never
    below zero), then floors raise the mana total with generic mana."""
    counts, life = resolve_choices(problem, announced or problem.announced)
    for m in problem.modifiers:
        if m.kind == "increase":
            for c, n in m.amount:
                counts[c] += n
    generic_cut = 0
    for m in problem.modifiers:
        if m.kind == "reduction":
            for c, n in m.amount:
                if c == "generic":
                    generic_cut += n
                else:
                    taken = min(counts[c], n)
                    counts[c] -= taken
                    generic_cut += n - taken
    counts["generic"] = max(0, counts["generic"] - generic_cut)
    for m in problem.modifiers:
        if m.kind == "floor":
            lack = m.get("total") - sum(counts.values())
            if lack > 0:
                counts["generic"] += lack
    return +counts, life


# -- generators -----------------------------------------------------------------------------

PLAIN = ["{1}", "{2}", "{3}", "{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{X}"]
CHOICE = ["{W/U}", "{B/R}", "{2/W}", "{2/G}", "{B/P}", "{R/P}", "{G/U/P}"]


@st.composite
def cost_problems(draw, announce=True, max_symbols=5):
    symbols = draw(st.lists(st.sampled_from(PLAIN + CHOICE), min_size=1, max_size=max_symbols))
    base = ManaCost.parse("".join(symbols))
    announced = tuple(draw(st.sampled_from(s.options)) if announce else None
                      for s in base.choices)
    mods = []
    for i in range(draw(st.integers(0, 4))):
        kind = draw(st.sampled_from(["increase", "reduction", "floor"]))
        if kind == "floor":
            mods.append(generic(f"floor{i}", "floor", draw(st.integers(0, 5))))
        else:
            comp = draw(st.sampled_from(["generic", "generic", "W", "B", "G"]))
            mods.append(Modifier(f"{kind}{i}", kind, ((comp, draw(st.integers(1, 3))),)))
    return CostProblem(base, draw(st.integers(0, 3)), announced, ManaCost(),
                       draw(st.integers(0, 2)), tuple(mods))


@settings(max_examples=60, deadline=None)
@given(cost_problems())
def test_z3_total_equals_the_reference(problem):
    locked, _ = total_cost(problem)
    counts, life = reference_total(problem)
    assert locked.counts() == counts
    assert locked.life == life


@settings(max_examples=40, deadline=None)
@given(cost_problems(), st.data())
def test_changes_during_mana_abilities_never_change_the_locked_total(problem, data):
    """601.2f: once locked, later changes to the modifiers (removed, added, reordered during
    601.2g) have no effect on what is paid."""
    later = list(data.draw(st.permutations(problem.modifiers)))
    if later:
        del later[data.draw(st.integers(0, len(later) - 1))]
    later.append(generic("arrives-during-g", data.draw(st.sampled_from(
        ["increase", "reduction", "floor"])), data.draw(st.integers(1, 4))))
    after = CostProblem(problem.base, problem.x, problem.announced, problem.additional,
                        problem.life, tuple(later))
    locked, would_be = total_cost(problem, after)
    alone, _ = total_cost(problem)
    assert locked == alone
    assert locked.counts() == reference_total(problem)[0]
    assert would_be.counts() == reference_total(after)[0]


@settings(max_examples=30, deadline=None)
@given(cost_problems(), st.data())
def test_order_of_arrival_of_modifiers_does_not_matter(problem, data):
    shuffled = data.draw(st.permutations(problem.modifiers))
    other = CostProblem(problem.base, problem.x, problem.announced, problem.additional,
                        problem.life, tuple(shuffled))
    assert total_cost(problem)[0].counts() == total_cost(other)[0].counts()


def test_stages_show_how_the_total_was_built():
    problem = CostProblem(ManaCost.parse("{R}"), modifiers=(
        generic("Sphere of Resistance", "increase", 1), generic("Helm of Awakening", "reduction", 1),
        generic("Trinisphere", "floor", 3)))
    locked, _ = total_cost(problem)
    assert [(s.name, s.source, s.cost) for s in locked.stages] == [
        ("base", "mana cost", "{R}"), ("increase", "Sphere of Resistance", "{1}{R}"),
        ("reduction", "Helm of Awakening", "{R}"), ("floor", "Trinisphere", "{2}{R}")]


def test_generic_reduction_leaves_colours_and_snow():
    problem = CostProblem(ManaCost.parse("{U}{U}{S}"), modifiers=(generic("Helm", "reduction", 2),))
    assert total_cost(problem)[0].mana_text == "{U}{U}{S}"


def test_coloured_reduction_excess_goes_to_generic():
    problem = CostProblem(ManaCost.parse("{3}{B}"), modifiers=(
        Modifier("cheaper black", "reduction", (("B", 2),)),))
    assert total_cost(problem)[0].mana_text == "{2}"


# -- payment against an exhaustive search ---------------------------------------------------


def exhaustive_payable(problem: PaymentProblem) -> bool:
    """Try every set of mana abilities (each creature sacrificed at most once, tapped ones
    never tapped), every way to pay the choice symbols and every creature for each sacrifice
    cost; pay coloured requirements with their colour and generic with whatever is left."""
    cost = problem.cost
    choice_sets = itertools.product(*[s.options for s in cost.choice_symbols]) if not all(
        a is not None for a in cost.announced) or len(cost.announced) < len(cost.choice_symbols) \
        else [cost.announced]
    choice_sets = [c for c in choice_sets if all(
        a is None or a == b for a, b in zip(cost.announced, c))]
    abilities = [a for a in problem.abilities if a.taps is None or a.taps in problem.untapped]
    for announced in choice_sets:
        need, life = reference_total(cost, announced)
        if life > problem.life_total and life > 0:
            continue
        for r in range(len(abilities) + 1):
            for used in itertools.combinations(abilities, r):
                sacrificed = [a.sacrifices for a in used if a.sacrifices]
                if len(sacrificed) != len(set(sacrificed)):
                    continue
                if not _sacrifices_possible(problem.sacrifice, set(sacrificed)):
                    continue
                mana = Counter(dict(problem.pool))
                for a in used:
                    for t, n in a.produces:
                        mana[t] += n
                if all(mana[t] >= need[t] for t in MANA_TYPES) and \
                        sum(mana.values()) - sum(need[t] for t in MANA_TYPES) >= need["generic"]:
                    return True
    return False


def _sacrifices_possible(costs, taken: set) -> bool:
    if not costs:
        return True
    (_, candidates), rest = costs[0], costs[1:]
    return any(_sacrifices_possible(rest, taken | {c}) for c in candidates if c not in taken)


@st.composite
def payment_problems(draw):
    cost = draw(cost_problems(announce=draw(st.booleans()), max_symbols=4))
    lands = draw(st.lists(st.sampled_from(MANA_TYPES), max_size=5))
    abilities = [ManaAbility(f"land{i}", f"land{i}", ((t, 1),), taps=f"land{i}")
                 for i, t in enumerate(lands)]
    creatures = [f"elf{i}" for i in range(draw(st.integers(0, 2)))]
    for c in creatures:
        abilities.append(ManaAbility(c, c, (("G", 1),), taps=c))
        if draw(st.booleans()):
            abilities.append(ManaAbility(f"altar<-{c}", "altar", (("C", 2),), sacrifices=c))
    untapped = tuple(a.taps for a in abilities if a.taps and draw(st.integers(0, 4)) > 0)
    sacrifice = (("sacrifice a creature", tuple(creatures)),) if draw(st.booleans()) else ()
    pool = tuple(Counter(draw(st.lists(st.sampled_from(MANA_TYPES), max_size=2))).items())
    return PaymentProblem(cost, pool, tuple(abilities), draw(st.integers(0, 6)), sacrifice,
                          (), untapped)


@settings(max_examples=60, deadline=None)
@given(payment_problems())
def test_z3_payment_agrees_with_exhaustive_search(problem):
    result = pay(problem)
    assert isinstance(result, Payment) == exhaustive_payable(problem)
    if isinstance(result, Payment):  # the witness pays exactly the locked total
        spent = Counter()
        for requirement, mana in result.spent:
            spent[requirement] += len(ManaCost.parse(mana).symbols) if mana != "{0}" else 0
        locked = result.total.counts()
        assert sum(spent.values()) == result.total.mana_amount
        assert result.life == result.total.life <= max(problem.life_total, 0) or result.life == 0
        for t in MANA_TYPES:
            assert spent.get(f"{{{t}}}", 0) == locked.get(t, 0)


def test_no_payment_names_the_short_colour():
    problem = PaymentProblem(CostProblem(ManaCost.parse("{U}{U}")), abilities=(
        ManaAbility("Island", "Island", (("U", 1),), taps="Island"),
        ManaAbility("Swamp", "Swamp", (("B", 1),), taps="Swamp")), untapped=("Island", "Swamp"))
    result = pay(problem)
    assert isinstance(result, NoPayment)
    assert result.short == ("U",)
    assert "blue is short" in result.details[0]


def test_life_is_paid_only_up_to_the_life_total():
    probe = CostProblem(ManaCost.parse("{U/P}"), announced=("life",))
    assert isinstance(pay(PaymentProblem(probe, life_total=1)), NoPayment)
    assert isinstance(pay(PaymentProblem(probe, life_total=2)), Payment)


def test_snow_mana_must_come_from_a_snow_source():
    cost = CostProblem(ManaCost.parse("{1}{S}"))
    plain = ManaAbility("Forest", "Forest", (("G", 1),), taps="Forest")
    snowy = ManaAbility("Snow-Covered Forest", "Snow-Covered Forest", (("G", 1),), snow=True,
                        taps="Snow-Covered Forest")
    both = ("Forest", "Forest#2", "Snow-Covered Forest")
    two_plain = (plain, ManaAbility("Forest#2", "Forest#2", (("G", 1),), taps="Forest#2"))
    assert isinstance(pay(PaymentProblem(cost, abilities=two_plain, untapped=both)), NoPayment)
    assert isinstance(pay(PaymentProblem(cost, abilities=(plain, snowy), untapped=both)), Payment)
