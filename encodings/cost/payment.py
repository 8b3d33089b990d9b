"""The payment of a locked total cost (CR 601.2g–h, 118.3, 119.4) as a z3 problem.

A payment is a choice of mana abilities to activate (tap a land or creature, sacrifice a
creature to an altar …), of which mana pays which requirement, of creatures to sacrifice and
cards to exile or discard for non-mana costs, of life, and of the objects convoke, improvise
and delve use (CR 702.51a, 702.126a, 702.66a: they pay parts of the locked total, they don't
reduce it), such that every requirement is met exactly (no partial payment, CR 601.2h) and life
is paid only as far as the life total allows (CR 119.4). When none exists, z3's unsatisfiable
core names the requirements that can't all be met together; ``_no_payment`` words them. The
problem and result types and the total cost are ``smt.py``'s.
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import z3

from mtgrules.encodings.cost.smt import (
    COMPONENTS,
    NoPayment,
    Payment,
    PaymentProblem,
    TotalTerms,
    build_total,
    read_total,
    total_cost,
)
from mtgrules.encodings.smt import check, make_solver
from mtgrules.model.errors import BudgetExhausted
from mtgrules.model.mana import COLOR_NAMES, COLORS, MANA_TYPES, format_counts

MINIMISE_STEPS = 6
"""How many times a witness is strengthened (less life, fewer activations, fewer objects
tapped or exiled for convoke, improvise and delve) before it is kept."""


def pay(problem: PaymentProblem, minimise: bool = True) -> Payment | NoPayment:
    """A payment of the locked total cost of ``problem.cost``, or why none exists.

    Feasibility is decided first (the unsatisfiable core explains a failure). With
    ``minimise`` the witness is then improved incrementally on the same solver: first the
    least life paid, then the fewest mana abilities activated, then the fewest objects
    tapped or exiled for convoke, improvise and delve, a few strengthening steps each,
    keeping the last witness found if the budget runs out."""
    return _pay(problem, minimise)


_Picks = tuple[str, tuple[str, ...], list[z3.ArithRef]]
"""One cost that takes an object: its description, the candidate objects, their 0/1 picks."""


def _pick_at_most_once(solver: z3.Solver, tag: str, costs: Sequence[tuple[str, tuple[str, ...]]],
                       uses: dict[str, list[z3.ArithRef]]) -> list[_Picks]:
    """0/1 picks of an object for each cost that takes one (sacrifice, exile, discard), with
    every object used at most once across those costs and the ``uses`` already counted."""
    picked: list[_Picks] = []
    for n, (what, candidates) in enumerate(costs):
        picks = [z3.Int(f"{tag}{n}[{o}]") for o in candidates]
        for o, p in zip(candidates, picks):
            solver.add(p >= 0, p <= 1)
            uses.setdefault(o, []).append(p)
        picked.append((what, candidates, picks))
    for terms in uses.values():
        if len(terms) > 1:  # a single pick is 0/1 already
            solver.add(z3.Sum(terms) <= 1)
    return picked


@dataclass
class _Mechanics:
    """0/1 z3 terms of convoke, improvise and delve: what each object pays."""

    convoke: dict[str, z3.ArithRef]
    """Creature -> tapped for convoke."""
    colour: dict[tuple[str, str], z3.ArithRef]
    """(creature, colour) -> it pays that colour (else, when tapped, generic)."""
    improvise: dict[str, z3.ArithRef]
    delve: dict[str, z3.ArithRef]

    def paid(self, requirement: str) -> z3.ArithRef:
        """What the three pay of one requirement of the total."""
        terms = [v for (_, x), v in self.colour.items() if x == requirement]
        if requirement == "generic":
            terms = [*self.convoke.values(), *[-v for v in self.colour.values()],
                     *self.improvise.values(), *self.delve.values()]
        return z3.Sum(terms) if terms else z3.IntVal(0)

    def objects(self) -> z3.ArithRef:
        """How many objects are tapped or exiled for them."""
        terms = [*self.convoke.values(), *self.improvise.values(), *self.delve.values()]
        return z3.Sum(terms) if terms else z3.IntVal(0)


def _mechanics(solver: z3.Solver, problem: PaymentProblem,
               uses: dict[str, z3.ArithRef]) -> _Mechanics:
    """The choices of convoke, improvise and delve, with each permanent tapped at most once
    (by a mana ability, convoke or improvise) and none tapped while tapped (CR 118.3)."""
    def flag(name: str) -> z3.ArithRef:
        v = z3.Int(name)
        solver.add(v >= 0, v <= 1)
        return v

    m = _Mechanics({}, {}, {}, {})
    # (the core pays with convoke, improvise and delve too, encodings/game/actions.lp: the keys
    # are its; this is the cost question's search for a payment)
    #@ second encoding of: keyword.convoke, keyword.convoke-payment
    for creature, colours in problem.convoke:
        if creature in problem.untapped and creature not in m.convoke:
            m.convoke[creature] = flag(f"convoke[{creature}]")
            # one mana of one of its colours, or generic (CR 702.51a)
            picks = []
            for x in dict.fromkeys(colours):
                if x in COLORS:
                    m.colour[creature, x] = flag(f"convoke[{creature}->{x}]")
                    picks.append(m.colour[creature, x])
            if picks:
                solver.add(z3.Sum(picks) <= m.convoke[creature])
    #@ second encoding of: keyword.improvise
    for artifact in problem.improvise:
        if artifact in problem.untapped and artifact not in m.improvise:
            m.improvise[artifact] = flag(f"improvise[{artifact}]")
    #@ second encoding of: keyword.delve, keyword.delve-payment
    for card in dict.fromkeys(problem.delve):
        m.delve[card] = flag(f"delve[{card}]")

    # CR 118.3: whatever taps a permanent (a mana ability, convoke, improvise), it is tapped once
    #@ implements: cost.resources
    tapped: dict[str, list[z3.ArithRef]] = {}
    for a in problem.abilities:
        if a.taps is not None:
            tapped.setdefault(a.taps, []).append(uses[a.id])
    for o, v in [*m.convoke.items(), *m.improvise.items()]:
        tapped.setdefault(o, []).append(v)
    for terms in tapped.values():
        if len(terms) > 1:
            solver.add(z3.Sum(terms) <= 1)
    # a creature or artifact sacrificed for mana at 601.2g is gone before 601.2h taps it
    for a in problem.abilities:
        if a.sacrifices is not None:
            for v in (m.convoke.get(a.sacrifices), m.improvise.get(a.sacrifices)):
                if v is not None:
                    solver.add(uses[a.id] + v <= 1)
    return m


def _pay(problem: PaymentProblem, minimise: bool) -> Payment | NoPayment:
    solver = make_solver()
    total = build_total(solver, problem.cost, "f")
    need = total.final
    pool = Counter(dict(problem.pool))
    uses = {a.id: z3.Int(f"use[{a.id}]") for a in problem.abilities}
    for a in problem.abilities:
        solver.add(uses[a.id] >= 0, uses[a.id] <= 1)
        if a.taps is not None and a.taps not in problem.untapped:
            #@ implements: cost.resources
            solver.add(uses[a.id] == 0)  # CR 118.3: a tapped permanent can't be tapped again

    # each permanent is sacrificed at most once, whatever it pays for
    sacrificed: dict[str, list[z3.ArithRef]] = {}
    for a in problem.abilities:
        if a.sacrifices:
            sacrificed.setdefault(a.sacrifices, []).append(uses[a.id])
    sac_vars = _pick_at_most_once(solver, "sac", problem.sacrifice, sacrificed)
    mechanics = _mechanics(solver, problem, uses)
    # a card exiled for delve is not also the card another cost exiles or discards
    card_vars = _pick_at_most_once(solver, "card", problem.cards,
                                   {card: [v] for card, v in mechanics.delve.items()})

    #@ implements: cost.snow
    # mana made, by type and by whether it came from a snow source (pool mana: not snow)
    made: dict[tuple[str, bool], z3.ArithRef] = {}
    for t in MANA_TYPES:
        for snow in (False, True):
            terms = [uses[a.id] * n for a in problem.abilities for (tt, n) in a.produces
                     if tt == t and a.snow == snow]
            made[t, snow] = (pool[t] if not snow else 0) + (z3.Sum(terms) if terms else 0)
    # spending: mana of type t (snow or not) goes to requirement t, generic, or {S}
    spend: dict[tuple[str, bool, str], z3.ArithRef] = {}
    for t in MANA_TYPES:
        for snow in (False, True):
            targets = [t, "generic"] + (["S"] if snow else [])
            for r in targets:
                v = z3.Int(f"spend[{t}{'*' if snow else ''}->{r}]")
                solver.add(v >= 0)
                spend[t, snow, r] = v
            solver.add(z3.Sum([spend[t, snow, r] for r in targets]) <= made[t, snow])

    def spent_on(r: str) -> z3.ArithRef:
        terms = [v for (t, s, rr), v in spend.items() if rr == r]
        return z3.Sum(terms) if terms else z3.IntVal(0)

    # each requirement is met exactly, under its own label for the unsatisfiable core
    labels: dict[str, z3.BoolRef] = {}
    requirements: dict[str, z3.BoolRef] = {}
    for c in COMPONENTS:
        requirements[c] = spent_on(c) + mechanics.paid(c) == need[c]
    #@ second encoding of: cost.pay-life
    requirements["life"] = z3.Or(total.life == 0, total.life <= problem.life_total)  # CR 119.4
    # each cost that takes an object needs its own; two costs alike ("discard a card" twice,
    # for escalate) are two requirements, the second named with its number
    for what, _candidates, picks in [*sac_vars, *card_vars]:
        name, n = what, 1
        while name in requirements:
            n += 1
            name = f"{what} ({n})"
        requirements[name] = (z3.Sum(picks) if picks else z3.IntVal(0)) == 1
    # What cost.lp says can't be sacrificed (CR 101.2) is taken by no cost (its own label, so
    # an unpayable cost names it).
    for obj, source in problem.unsacrificeable:
        taking = [p for _, cands, picks in sac_vars for o, p in zip(cands, picks) if o == obj]
        taking += [uses[a.id] for a in problem.abilities if a.sacrifices == obj]
        if taking:
            requirements[f"cant-sacrifice:{obj}:{source}"] = z3.And([t == 0 for t in taking])
    for name, constraint in requirements.items():
        labels[name] = z3.Bool(f"need[{name}]")
        solver.add(z3.Implies(labels[name], constraint))
    if check(solver, *labels.values()):
        model = solver.model()
        if minimise:
            activations = z3.Sum(list(uses.values())) if uses else z3.IntVal(0)
            for goal in (total.life, activations, mechanics.objects()):
                for _ in range(MINIMISE_STEPS):
                    best = model.eval(goal, model_completion=True).as_long()
                    if best == 0:
                        break
                    solver.push()
                    solver.add(goal < best)
                    try:
                        better = check(solver, *labels.values())
                    except BudgetExhausted:  # keep the best payment found so far
                        better = False
                    if better:
                        model = solver.model()
                    solver.pop()
                    if not better:
                        break
                solver.add(goal <= model.eval(goal, model_completion=True).as_long())
        return _read_payment(model, problem, total, uses, spend, sac_vars, card_vars, mechanics)
    core = {str(b) for b in solver.unsat_core()}
    short = tuple(n for n, b in labels.items() if str(b) in core)
    return _no_payment(problem, short)


def _no_payment(problem: PaymentProblem, short: tuple[str, ...]) -> NoPayment:
    """Spell out the core. With every hybrid and Phyrexian symbol announced the total is
    fixed, so each mana type in the core is compared with the most of it that could be paid
    (pool plus every usable ability, plus convoke, improvise and delve); otherwise the core is
    named as it stands."""
    available, most = _most_payable(problem)
    fixed = None
    if len(problem.cost.announced) == len(problem.cost.choice_symbols) and all(
            a is not None for a in problem.cost.announced):
        fixed, _ = total_cost(problem.cost)
        need = fixed.counts()
        direct = [t for t in MANA_TYPES if need[t] > available[t]]
        if fixed.mana_amount > most:
            direct.append("generic")
        if fixed.life > problem.life_total:
            direct.append("life")
        if direct:  # the plain shortages explain it; the core may also list bystanders
            short = tuple(direct)
    convokers = [set(colours) & set(COLORS) for c, colours in problem.convoke
                 if c in problem.untapped]
    keywords = [k for k, usable in (("convoke", convokers),
                                    ("improvise", set(problem.improvise) & set(problem.untapped)),
                                    ("delve", problem.delve)) if usable]
    details = []
    for name in short:
        if name in MANA_TYPES:
            colour = COLOR_NAMES[name]
            convoked = " or paid by convoke" if any(name in c for c in convokers) else ""
            if fixed is not None:
                details.append(f"{colour} is short: the total cost asks for "
                               f"{fixed.counts()[name]} {colour} mana and at most "
                               f"{available[name]} can be made{convoked}")
            else:
                details.append(f"{colour} is short: however the hybrid and Phyrexian symbols "
                               f"are paid, at most {available[name]} {colour} mana can be "
                               f"made{convoked}")
        elif name == "generic":
            asked = f"{fixed.mana_amount} mana in all and " if fixed is not None else ""
            paid = ""
            if keywords:
                paid = " or paid by " + "".join(f"{k}, " for k in keywords[:-2]) + \
                    " or ".join(keywords[-2:])
            details.append(f"not enough mana: the total cost asks for {asked}at most "
                           f"{most} mana can be made{paid}")
        elif name == "S":
            details.append("not enough mana from snow sources for {S}")
        elif name == "life":
            asked = f"{fixed.life} life, " if fixed is not None else "more life than "
            details.append(f"the cost asks for {asked}and a player may pay life only up to "
                           f"their life total ({problem.life_total})")
        elif name.startswith("cant-sacrifice:"):
            _, obj, source = name.split(":", 2)
            details.append(f"{obj} can't be sacrificed ({source} forbids it)")
        else:
            details.append(_objects_short(problem, name))
    return NoPayment(short, fixed, tuple(dict.fromkeys(details)))


def _objects_short(problem: PaymentProblem, name: str) -> str:
    """Why costs that each take an object ("discard a card" twice, for escalate) can't all be
    paid: how many ask for one, and which objects could."""
    what = re.sub(r" \(\d+\)$", "", name)
    costs = [c for w, c in [*problem.sacrifice, *problem.cards] if w == what]
    objects = sorted({o for c in costs for o in c})
    if not objects:
        return f"nothing available to {what}"
    if len(costs) == 1:
        return f"nothing available to {what}"
    return (f"the cost asks {len(costs)} times to {what}, and only {len(objects)} object"
            f"{'s' * (len(objects) != 1)} can: {', '.join(objects)}")


def _most_payable(problem: PaymentProblem) -> tuple[Counter[str], int]:
    """Upper bounds on what can be paid: of each mana type, and in all. A permanent is tapped
    once (CR 118.3), so it counts for the best one of its tapping abilities, convoke or
    improvise; a creature sacrificed for mana at 601.2g can't then be tapped for convoke."""
    convokers = {c: set(colours) & set(COLORS) for c, colours in problem.convoke
                 if c in problem.untapped}
    artifacts = {a for a in problem.improvise if a in problem.untapped}
    usable = [a for a in problem.abilities if a.taps is None or a.taps in problem.untapped]
    permanents = {a.taps for a in usable if a.taps} | set(convokers) | artifacts
    taps: dict[str, list[Counter[str]]] = {o: [] for o in permanents}
    sacrificed: dict[str, Counter[str]] = {o: Counter() for o in permanents}
    per_type = Counter(dict(problem.pool))
    for a in usable:
        made = Counter(dict(a.produces))
        if a.taps is not None:
            taps[a.taps].append(made)
        elif a.sacrifices in sacrificed:
            sacrificed[a.sacrifices].update(made)
        else:
            per_type.update(made)
    most = sum(per_type.values()) + len(set(problem.delve))
    for o in permanents:
        for t in MANA_TYPES:
            per_type[t] += max(max((m[t] for m in taps[o]), default=0) + sacrificed[o][t],
                               int(t in convokers.get(o, ())))
        most += max(max((sum(m.values()) for m in taps[o]), default=0)
                    + sum(sacrificed[o].values()), int(o in convokers or o in artifacts))
    return per_type, most


def _read_payment(model: z3.ModelRef, problem: PaymentProblem, total: TotalTerms,
                  uses: dict[str, z3.ArithRef], spend: dict[tuple[str, bool, str], z3.ArithRef],
                  sac_vars: list[_Picks], card_vars: list[_Picks],
                  mechanics: _Mechanics) -> Payment:
    def val(t: z3.ArithRef) -> int:
        return int(model.eval(t, model_completion=True).as_long())

    locked = read_total(model, problem.cost, total)
    activations = tuple(a.describe() for a in problem.abilities if val(uses[a.id]))
    convoked = tuple((c, next((x for (cc, x), v in mechanics.colour.items()
                               if cc == c and val(v)), "generic"))
                     for c, v in mechanics.convoke.items() if val(v))
    improvised = tuple(o for o, v in mechanics.improvise.items() if val(v))
    delved = tuple(o for o, v in mechanics.delve.items() if val(v))
    spent = []
    for r in COMPONENTS:
        label = "generic" if r == "generic" else ("{S}" if r == "S" else f"{{{r}}}")
        parts: Counter[str] = Counter()
        for (t, _snow, rr), v in spend.items():
            if rr == r and val(v):
                parts[t] += val(v)
        if parts:
            spent.append((label, format_counts(parts)))
        # what convoke, improvise and delve paid of it, one entry for each
        for verb, keyword, objects in (
                ("tap", "convoke", [c for c, x in convoked if x == r]),
                ("tap", "improvise", improvised if r == "generic" else ()),
                ("exile", "delve", delved if r == "generic" else ())):
            if objects:
                spent.append((label, f"{verb} {', '.join(objects)} ({keyword})"))
    sacrificed = tuple(o for _, cands, picks in sac_vars for o, p in zip(cands, picks) if val(p))
    cards = tuple(o for _, cands, picks in card_vars for o, p in zip(cands, picks) if val(p))
    return Payment(activations, tuple(spent), locked.life, sacrificed, cards, locked, convoked,
                   improvised, delved)
