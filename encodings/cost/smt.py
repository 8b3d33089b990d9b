"""Total cost (CR 601.2f) as a z3 problem, and the types of a payment (CR 601.2g–h).

The total cost is built in named stages, one z3 integer per mana component and stage
(``generic@base``, ``generic@increases`` …), so a verdict can show how it was reached:

    base (mana cost, or one alternative cost; hybrid and Phyrexian as announced)
    + additional costs (kicker, costs the card lists)            CR 118.8
    + increases                                                  CR 601.2f
    - reductions, generic only from generic, excess colour to    CR 118.7a, 118.7c
      generic, nothing below zero                                CR 601.2f, 118.7
    then effects that set the total directly (floors)            CR 601.2f
    then locked: later changes have no effect                    CR 601.2f

The payment of such a total, with convoke, improvise and delve (which pay parts of the locked
total and reduce nothing), is ``payment.py``'s; the problem and result types both read are here.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import z3

from mtgrules.encodings.smt import check, make_solver
from mtgrules.model.mana import MANA_TYPES, ManaCost, ManaSymbol, format_counts

COMPONENTS = ("generic", *MANA_TYPES, "S")
"""Mana components of a total cost: generic, the six mana types, and snow."""


# -- inputs ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Modifier:
    """A static ability or effect that changes a spell's total cost (CR 601.2f)."""

    source: str
    """The object (or effect) it comes from, e.g. ``Thalia, Guardian of Thraben``."""
    kind: str
    """``increase``, ``reduction`` or ``floor`` (an effect that sets the total directly)."""
    amount: tuple[tuple[str, int], ...]
    """For increases and reductions: mana per component (``(("generic", 1),)``, ``(("B", 1),)``);
    for a floor: ``(("total", 3),)`` — the least amount of mana the total may ask for."""

    def get(self, component: str) -> int:
        return dict(self.amount).get(component, 0)

    def __str__(self) -> str:
        if self.kind == "floor":
            return f"{self.source}: costs at least {self.get('total')} mana"
        sign = "+" if self.kind == "increase" else "-"
        return f"{self.source}: {sign}{format_counts(Counter(dict(self.amount)))}"


def generic(source: str, kind: str, n: int) -> Modifier:
    """A modifier of ``n`` generic mana (or a floor of ``n``)."""
    return Modifier(source, kind, (("total" if kind == "floor" else "generic", n),))


@dataclass(frozen=True)
class CostProblem:
    """Everything 601.2f needs: the base cost, announcements, additional costs, modifiers."""

    base: ManaCost
    """The mana cost, or the mana part of the one alternative cost chosen (CR 118.9a)."""
    x: int = 0
    """The announced value of X (CR 107.3, 601.2b)."""
    announced: tuple[str | None, ...] = ()
    """For each hybrid or Phyrexian symbol of ``base`` and ``additional`` in order, how it
    will be paid (an entry of ``ManaSymbol.options``); ``None`` leaves it to the solver."""
    additional: ManaCost = ManaCost()
    """Additional mana costs (kicker …), CR 118.8."""
    life: int = 0
    """Life the non-mana part of the cost asks for (an alternative or additional cost)."""
    modifiers: tuple[Modifier, ...] = ()
    """Modifiers in force when the total is determined (CR 601.2f), in order of arrival."""

    @property
    def symbols(self) -> tuple[ManaSymbol, ...]:
        return self.base.symbols + self.additional.symbols

    @property
    def choice_symbols(self) -> tuple[ManaSymbol, ...]:
        return tuple(s for s in self.symbols if s.is_choice)


@dataclass(frozen=True)
class ManaAbility:
    """One way to make mana during 601.2g: an ability of a permanent, usable once."""

    id: str
    """A unique name for this use, e.g. ``Swamp#2`` or ``Ashnod's Altar<-Llanowar Elves``."""
    source: str
    """The permanent whose ability it is."""
    produces: tuple[tuple[str, int], ...]
    """Mana per type, e.g. ``(("C", 2),)``."""
    snow: bool = False
    """Whether the source is a snow permanent (its mana pays {S}, CR 107.4h)."""
    taps: str | None = None
    """The permanent tapped as the cost, if any."""
    sacrifices: str | None = None
    """The creature sacrificed as the cost, if any."""

    def describe(self) -> str:
        made = format_counts(Counter(dict(self.produces)))
        if self.sacrifices and self.sacrifices != self.source:
            return f"sacrifice {self.sacrifices} to {self.source} for {made}"
        if self.sacrifices:
            return f"sacrifice {self.source} for {made}"
        return f"tap {self.source} for {made}"


@dataclass(frozen=True)
class PaymentProblem:
    """A locked total cost and the resources available to pay it."""

    cost: CostProblem
    pool: tuple[tuple[str, int], ...] = ()
    """Mana already in the caster's pool, per type."""
    abilities: tuple[ManaAbility, ...] = ()
    life_total: int = 20
    sacrifice: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Non-mana costs that sacrifice: (description, candidate objects); each needs one."""
    cards: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Non-mana costs that discard or exile a card: (description, candidate cards)."""
    untapped: tuple[str, ...] = ()
    """Permanents that are untapped when payment starts (a tapped one can't be tapped again)."""
    unsacrificeable: tuple[tuple[str, str], ...] = ()
    """(object, source): permanents a prohibition says can't be sacrificed (CR 101.2): no
    sacrifice cost and no mana ability may sacrifice them."""
    convoke: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """(creature, its colours as mana letters): creatures the caster may tap for convoke
    (CR 702.51a); a colourless one pays only generic mana."""
    improvise: tuple[str, ...] = ()
    """Artifacts the caster may tap for improvise (CR 702.126a)."""
    delve: tuple[str, ...] = ()
    """Cards in the caster's graveyard that may be exiled for delve (CR 702.66a)."""


# -- results --------------------------------------------------------------------------------

@dataclass(frozen=True)
class Stage:
    """One stage in building the total cost, for the witness."""

    name: str
    """``base``, ``additional``, ``increase``, ``reduction``, ``floor`` or ``locked``."""
    source: str
    """What caused it (the card, the rule)."""
    cost: str
    """The mana component after this stage, in symbols."""
    life: int = 0


@dataclass(frozen=True)
class TotalCost:
    """A locked total cost: its mana component per component and the life it asks for."""

    mana: tuple[tuple[str, int], ...]
    life: int
    announced: tuple[str, ...]
    """How each hybrid/Phyrexian symbol is paid (solver's pick where not announced)."""
    stages: tuple[Stage, ...] = ()

    def counts(self) -> Counter[str]:
        return Counter({k: v for k, v in self.mana if v})

    @property
    def mana_text(self) -> str:
        return format_counts(self.counts())

    @property
    def mana_amount(self) -> int:
        return sum(self.counts().values())

    def __str__(self) -> str:
        return self.mana_text + (f" + {self.life} life" if self.life else "")


@dataclass(frozen=True)
class Payment:
    """A witness payment: abilities activated, mana spent per requirement, objects used."""

    activations: tuple[str, ...]
    spent: tuple[tuple[str, str], ...]
    """(requirement, what paid it): the mana spent on it, e.g. ``("{B}", "{B}{B}")``, and the
    objects convoke, improvise or delve took for it, e.g. ``("generic", "tap Llanowar Elves
    (convoke)")``, ``("generic", "exile Ox, Bauble (delve)")``."""
    life: int
    sacrificed: tuple[str, ...]
    cards: tuple[str, ...]
    total: TotalCost
    """The locked total cost this payment pays."""
    convoked: tuple[tuple[str, str], ...] = ()
    """(creature, what it paid: ``generic`` or a mana letter), CR 702.51a."""
    improvised: tuple[str, ...] = ()
    """Artifacts tapped for improvise, each for generic mana (CR 702.126a)."""
    delved: tuple[str, ...] = ()
    """Cards exiled for delve, each for generic mana (CR 702.66a)."""


@dataclass(frozen=True)
class NoPayment:
    """Why no payment exists: the requirements that can't be met together."""

    short: tuple[str, ...]
    """Requirement names from the unsatisfiable core: mana types, ``generic``, ``S``,
    ``life``, or a non-mana cost's description."""
    total: TotalCost | None = None
    details: tuple[str, ...] = ()


# -- total cost -----------------------------------------------------------------------------

@dataclass
class TotalTerms:
    """z3 terms of one total-cost computation."""

    final: dict[str, z3.ArithRef]
    life: z3.ArithRef
    choices: list[z3.ArithRef]
    stages: list[tuple[str, str, dict[str, z3.ArithRef], z3.ArithRef]] = field(default_factory=list)


def _option_index(symbol: ManaSymbol, option: str) -> int:
    return symbol.options.index(option)


def build_total(solver: z3.Solver, problem: CostProblem, tag: str,
                 choices: list[z3.ArithRef] | None = None) -> TotalTerms:
    """Constrain fresh variables ``<component>@<stage>/<tag>`` to the total cost of ``problem``."""
    def var(name: str) -> z3.ArithRef:
        return z3.Int(f"{name}/{tag}")

    # base and additional costs, with each choice symbol as an integer picking its option
    own_choices = choices if choices is not None else []
    base: dict[str, z3.ArithRef] = {c: z3.IntVal(0) for c in COMPONENTS}
    added: dict[str, z3.ArithRef] = {c: z3.IntVal(0) for c in COMPONENTS}
    life: z3.ArithRef = z3.IntVal(problem.life)
    k = 0
    for n, symbol in enumerate(problem.symbols):
        # the base's symbols, then the additional costs' (CR 118.8), each a stage of its own
        into = base if n < len(problem.base.symbols) else added
        if symbol.is_choice:
            if choices is None:
                ch = z3.Int(f"choice{k}/{tag}")
                own_choices.append(ch)
                solver.add(ch >= 0, ch < len(symbol.options))
                announced = problem.announced[k] if k < len(problem.announced) else None
                if announced is not None:
                    solver.add(ch == _option_index(symbol, announced))
            ch = own_choices[k]
            for i, option in enumerate(symbol.options):
                picked = z3.If(ch == i, 1, 0)
                if option == "life":
                    life = life + 2 * picked
                elif option.startswith("generic:"):
                    into["generic"] = into["generic"] + int(option.split(":")[1]) * picked
                else:
                    into[option] = into[option] + picked
            k += 1
        elif symbol.kind == "generic":
            into["generic"] = into["generic"] + symbol.amount
        elif symbol.kind == "x":
            into["generic"] = into["generic"] + problem.x
        elif symbol.kind == "colored":
            into[symbol.colors[0]] = into[symbol.colors[0]] + 1
        elif symbol.kind == "colorless":
            into["C"] = into["C"] + 1
        elif symbol.kind == "snow":
            into["S"] = into["S"] + 1
    total = TotalTerms({}, life, own_choices)

    def stage(name: str, source: str, values: dict[str, z3.ArithRef]) -> dict[str, z3.ArithRef]:
        named = {}
        for c in COMPONENTS:
            v = var(f"{c}@{len(total.stages)}:{name}")
            solver.add(v == values[c])
            named[c] = v
        total.stages.append((name, source, named, life))
        return named

    current = stage("base", "mana cost", base)
    if problem.additional.symbols:
        current = stage("additional", "additional costs",
                        {c: current[c] + added[c] for c in COMPONENTS})
    # increases (generic or coloured) add; all apply before any reduction (CR 601.2f)
    #@ implements: cast.total-cost, cost.increase-reduce
    for m in problem.modifiers:
        if m.kind == "increase":
            current = stage("increase", m.source,
                            {c: current[c] + m.get(c) for c in COMPONENTS})
    # reductions: coloured ones first lower their colour and pass any excess to generic
    # (118.7c); generic ones lower only generic (118.7a); never below zero (601.2f)
    #@ implements: cost.generic-reduction, cost.colored-reduction-excess
    for m in problem.modifiers:
        if m.kind != "reduction":
            continue
        nxt = dict(current)
        excess: z3.ArithRef = z3.IntVal(m.get("generic"))
        for c in MANA_TYPES:
            r = m.get(c)
            if r:
                nxt[c] = z3.If(current[c] >= r, current[c] - r, 0)
                excess = excess + z3.If(current[c] >= r, 0, r - current[c])
        nxt["generic"] = z3.If(current["generic"] >= excess, current["generic"] - excess, 0)
        current = stage("reduction", m.source, nxt)
    # effects that set the total directly: a floor raises the mana total with generic mana;
    # life paid for Phyrexian symbols is not mana and doesn't count (601.2f, then locked)
    for m in problem.modifiers:
        if m.kind == "floor":
            amount = sum(current[c] for c in COMPONENTS)
            lack = m.get("total") - amount
            nxt = dict(current)
            nxt["generic"] = current["generic"] + z3.If(lack > 0, lack, 0)
            current = stage("floor", m.source, nxt)
    total.final = current
    return total


def read_total(model: z3.ModelRef, problem: CostProblem, total: TotalTerms) -> TotalCost:
    def val(t: z3.ArithRef) -> int:
        return int(model.eval(t, model_completion=True).as_long())

    stages = tuple(Stage(name, source, format_counts(Counter({c: val(v) for c, v in comps.items()
                                                              if val(v)})), val(life))
                   for name, source, comps, life in total.stages)
    announced = tuple(sym.options[val(ch)] for sym, ch in zip(problem.choice_symbols,
                                                              total.choices))
    return TotalCost(tuple((c, val(total.final[c])) for c in COMPONENTS), val(total.life),
                     announced, stages)


def total_cost(problem: CostProblem, after: CostProblem | None = None) -> tuple[TotalCost, TotalCost | None]:
    """The locked total cost of ``problem`` (every choice symbol must be announced), and —
    when ``after`` gives the modifiers as they stand after the mana abilities of 601.2g —
    what the total would have been had it been determined then. The locked total is the
    first: the solver is asked for a model in which the cost paid equals it."""
    solver = make_solver()
    locked = build_total(solver, problem, "f")
    later = build_total(solver, after, "g", locked.choices) if after is not None else None
    paid = {c: z3.Int(f"{c}@paid") for c in COMPONENTS}
    for c in COMPONENTS:  # CR 601.2f: what is paid is the total determined at (f)
        solver.add(paid[c] == locked.final[c])
    if not check(solver):
        raise AssertionError("the total-cost constraints are contradictory")  # a bug, not a verdict
    model = solver.model()
    result = read_total(model, problem, locked)
    would_be = read_total(model, after, later) if later is not None and after is not None else None
    return result, would_be
