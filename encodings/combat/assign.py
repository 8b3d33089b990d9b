#@ second encoding of: combat.damage-assignment
"""One combat damage step's assignments as z3 problems: which divisions of each creature's
combat damage the rules allow, under the edition's regime (``model/combat.py``'s ``REGIMES``).

Every creature that assigns combat damage in the step gets one z3 integer per recipient it
could ever give damage to (the creatures blocking it, the one it blocks, the defending
player), and the rules of its edition as labelled constraints over them:

- all of its power, nothing if its power is 0 or less (CR 510.1a; 310.2a of 2008);
- unblocked: all to the defending player (510.1b; 310.2b);
- blocked: divided among the creatures blocking it now, nothing if none is left (510.1c;
  310.2c); in the ``ordered-blockers`` editions a creature later in the damage assignment
  order gets damage only if every creature before it is assigned lethal damage (510.1c of
  2009-07-11 to 2024-09-20), except for a deathtouch creature in the 2009 editions, which
  divides freely (702.2b of 2009); free division before (310.2c of 2008) and after (510.1c
  of 2024-11-08);
- trample: the player gets damage only if every blocker is assigned lethal damage (702.19b;
  702.17b of 2009; 502.9b of 2008); blocked with no blocker left: all to the player (702.19c,
  702.19d from 2024-07-30, 702.17c, 502.9c);
- a blocker: all to the creature it blocks, nothing if that creature left combat (510.1d;
  310.2d);
- lethal damage: toughness minus damage already marked (510.1c, 702.19b: "take into account
  damage already marked"), and 1 from a deathtouch source where ``deathtouch_lethal``
  (702.2b of 2016, 702.2c from 2024-07-30); never more than what is still missing.

Which creatures assign damage in the step is read from ``Combat.step`` (702.7b, 702.4b;
310.5 of 2008): all in the only step; those with first or double strike in the first; in the
second, those not in ``had_first_strike`` and those that have double strike now.

**Independence.** Each blocker blocks one attacker (the vocabulary has no "can block
additional creatures"), so no creature is assigned damage by two creatures that divide: the
"damage from other creatures that's being assigned during the same combat damage step" of
510.1c and 702.19b never adds anything, and each creature's integers appear in its own
constraints only. The legal assignments of a step are the product of each creature's; counts
multiply. Outcomes (a creature destroyed, a life total) couple them again and are asked of
one solver over all of them.

The functions take a ``Combat`` and answer in its own object ids and player names:

- ``assigning(combat)``: who assigns combat damage in this step;
- ``recipients(combat, source)``, ``is_choice``, ``forced``: what a creature's damage may go
  to, whether its controller has a choice to make (then the script asks for a line), and the
  assignment it must make when not;
- ``check_assignment(combat, source, amounts)``: why an announced assignment is illegal;
- ``assignments``, ``count``: every legal assignment, or how many.

What the step does with them — outcomes reached, the damage dealt, the best assignment for a
goal — is ``outcome.py``'s. In the ``damage-on-stack`` editions lifelink and deathtouch were
triggered abilities (502.68a, 502.63a): a combat in which a creature with either would assign
combat damage is refused (``UnsupportedQuestion``), as the interface decided.
"""
from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product

import z3

from mtgrules.encodings.smt import check, make_solver
from mtgrules.model.combat import DAMAGE_STEPS, REGIMES, Combat, Combatant
from mtgrules.model.errors import UnsupportedQuestion

Amounts = tuple[tuple[str, int], ...]
"""One creature's assignment: ``(recipient, amount)`` for every recipient given a nonzero
amount, in the order of ``recipients`` (blockers in order, then the player)."""

# -- values ---------------------------------------------------------------------------------

@dataclass(frozen=True)
class Assignment:
    """A combat damage assignment of one step: each assigning creature's division."""

    by_source: tuple[tuple[str, Amounts], ...]
    """``(creature, its amounts)`` for every creature that assigns damage (in the order of
    ``assigning``), or only those asked about."""

    def of(self, source: str) -> dict[str, int]:
        """What ``source`` assigns, by recipient (nonzero amounts)."""
        return dict(dict(self.by_source).get(source, ()))

    def to(self, recipient: str) -> int:
        """The combat damage assigned to ``recipient`` by all creatures."""
        return sum(n for _, amounts in self.by_source for r, n in amounts if r == recipient)

    def __str__(self) -> str:
        return "; ".join(f"{s}: " + (", ".join(f"{n} to {r}" for r, n in a) or "nothing")
                         for s, a in self.by_source)


# -- the rules of one creature's division ------------------------------------------------------

def _cr(edition: str) -> dict[str, str]:
    """The rule numbers the labels cite, as ``edition`` numbers them."""
    if edition < "2009-07-11":
        return {"power": "310.2a", "unblocked": "310.2b", "blocked": "310.2c",
                "blocker": "310.2d", "trample": "502.9b", "trample-none": "502.9c",
                "strike": "310.5", "deathtouch": "502.63a", "lifelink": "502.68a"}
    old = edition < "2016-07-22"
    return {"power": "510.1a", "unblocked": "510.1b", "blocked": "510.1c", "blocker": "510.1d",
            "trample": "702.17b" if old else "702.19b",
            "trample-none": "702.17c" if old else "702.19c" if edition < "2024-07-30" else "702.19d",
            "strike": "702.7b", "deathtouch": "702.2b" if edition < "2024-07-30" else "702.2c",
            "lifelink": "702.13a" if old else "702.15b"}


@dataclass
class _Division:
    """One creature's combat damage in the step: an integer per recipient it could give damage
    to and the labelled rules they obey (a label says which rule, with its CR number)."""

    source: Combatant
    amount: int
    """What it assigns in all (its power), 0 when it assigns no combat damage."""
    recipients: tuple[str, ...]
    x: dict[str, z3.ArithRef] = field(default_factory=dict)
    rules: list[tuple[str, z3.BoolRef]] = field(default_factory=list)
    none_because: str = ""
    """Why it assigns nothing (when ``amount`` is 0)."""


def _deals_now(combat: Combat, c: Combatant) -> bool:
    """Whether ``c`` assigns combat damage in this step (702.7b, 702.4b; 310.5 of 2008)."""
    strikes = {"first strike", "double strike"} & c.keywords
    if combat.step == "only":
        return True
    if combat.step == "first":
        return bool(strikes)
    return c.id not in combat.had_first_strike or "double strike" in c.keywords


def _lethal(combat: Combat, source: Combatant, blocker: Combatant) -> int:
    """The damage ``source`` must still assign ``blocker`` for it to be lethal: its toughness
    less the damage already marked on it (510.1c, 702.19b), and at most 1 from a deathtouch
    source where any nonzero amount counts as lethal (702.2b of 2016, 702.2c)."""
    missing = max(0, blocker.toughness - blocker.damage)
    if combat.deathtouch_lethal and "deathtouch" in source.keywords:
        return min(1, missing)
    return missing


def _blockers_of(combat: Combat, attacker: str) -> list[Combatant]:
    """The creatures blocking ``attacker`` now, in its damage assignment order where the
    regime has one (509.2; removed blockers drop out of it, 509.2a), else as listed."""
    now = [b for b in combat.blockers if (b.id, attacker) in combat.blocking]
    if combat.regime != "ordered-blockers" or len(now) < 2:
        return now
    order = dict(combat.order).get(attacker)
    if order is None or {b.id for b in now} - set(order):
        raise ValueError(f"{attacker} is blocked by {', '.join(b.id for b in now)}: its damage "
                         "assignment order (Combat.order, CR 509.2) must list them all")
    rank = {o: i for i, o in enumerate(order)}
    return sorted(now, key=lambda b: rank[b.id])


def _attacker(combat: Combat, a: Combatant, cr: dict[str, str]) -> _Division:
    player = combat.defending_player
    if a.power <= 0:
        return _Division(a, 0, (), none_because=f"its power is {a.power} (CR {cr['power']})")
    blocked = a.id in combat.blocked or any(x == a.id for _, x in combat.blocking)
    blockers = _blockers_of(combat, a.id) if blocked else []
    trample = "trample" in a.keywords
    if not blocked:
        d = _Division(a, a.power, (player,))
        _var(d, player, cr)
        d.rules.append((f"CR {cr['unblocked']}: {a.id} is unblocked and assigns all its combat "
                        f"damage, {a.power}, to {player}", d.x[player] == a.power))
        return d
    if not blockers and not trample:
        return _Division(a, 0, (), none_because=f"it is blocked and no creature blocks it now "
                         f"(CR {cr['blocked']})")
    if not blockers:
        d = _Division(a, a.power, (player,))
        _var(d, player, cr)
        d.rules.append((f"CR {cr['trample-none']}: {a.id} has trample and no creature blocks it "
                        f"now: all its combat damage, {a.power}, is assigned to {player}",
                        d.x[player] == a.power))
        return d
    d = _Division(a, a.power, tuple(b.id for b in blockers) + ((player,) if trample else ()))
    for r in d.recipients:
        _var(d, r, cr)
    d.rules.append((f"CR {cr['power']}: {a.id} assigns combat damage equal to its power, "
                    f"{a.power}", z3.Sum(list(d.x.values())) == a.power))
    divides = combat.deathtouch_divides and "deathtouch" in a.keywords  # 702.2b of 2009
    if combat.regime == "ordered-blockers" and not divides:
        # 510.1c (2009-07-11 to 2024-09-20): not to a blocker unless each one before it in
        # the damage assignment order is assigned lethal damage
        for i, b in enumerate(blockers):
            for before in blockers[:i]:
                need = _lethal(combat, a, before)
                if need:
                    d.rules.append((
                        f"CR {cr['blocked']}: {a.id} can't assign combat damage to {b.id} unless "
                        f"{before.id}, before it in the damage assignment order, is assigned "
                        f"lethal damage ({need})", z3.Implies(d.x[b.id] > 0, d.x[before.id] >= need)))
    if trample:
        # 702.19b: not to the player unless every blocker is assigned lethal damage
        for b in blockers:
            need = _lethal(combat, a, b)
            if need:
                d.rules.append((
                    f"CR {cr['trample']}: {a.id} can't assign combat damage to {player} unless "
                    f"each creature blocking it is assigned lethal damage ({b.id}: {need})",
                    z3.Implies(d.x[player] > 0, d.x[b.id] >= need)))
    return d


def _blocker(combat: Combat, b: Combatant, cr: dict[str, str]) -> _Division:
    if b.power <= 0:
        return _Division(b, 0, (), none_because=f"its power is {b.power} (CR {cr['power']})")
    blocks = [x for y, x in combat.blocking if y == b.id]
    if not blocks or blocks[0] not in {a.id for a in combat.attackers}:
        return _Division(b, 0, (), none_because=f"it blocks no creature now (CR {cr['blocker']})")
    d = _Division(b, b.power, (blocks[0],))
    _var(d, blocks[0], cr)
    d.rules.append((f"CR {cr['blocker']}: {b.id} blocks {blocks[0]} and assigns all its combat "
                    f"damage, {b.power}, to it", d.x[blocks[0]] == b.power))
    return d


def _var(d: _Division, recipient: str, cr: dict[str, str]) -> None:
    d.x[recipient] = z3.Int(f"{d.source.id}->{recipient}")
    d.rules.append((f"CR {cr['power']}: an amount of combat damage is not negative",
                    d.x[recipient] >= 0))


def _check_combat(combat: Combat) -> None:
    if combat.regime not in REGIMES or combat.step not in DAMAGE_STEPS:
        raise ValueError(f"a combat's regime is one of {REGIMES} and its step one of "
                         f"{DAMAGE_STEPS}, not {combat.regime!r}, {combat.step!r}")
    ids = [c.id for c in combat.attackers + combat.blockers]
    if len(set(ids)) != len(ids):
        raise ValueError(f"a creature is listed twice in the combat: {ids}")
    blocking = [b for b, _ in combat.blocking]
    if len(set(blocking)) != len(blocking):  # what makes the creatures' divisions independent
        raise ValueError("a creature blocks only one attacker (CR 509.1a; the vocabulary has no "
                         f"'can block additional creatures'): {combat.blocking}")


def _divisions(combat: Combat) -> list[_Division]:
    """The division of every creature in combat, attackers first, each in listed order; one
    that doesn't assign damage in this step has no recipients."""
    _check_combat(combat)
    cr = _cr(combat.edition)
    out = []
    for c, side in [(a, "a") for a in combat.attackers] + [(b, "b") for b in combat.blockers]:
        if not _deals_now(combat, c):
            out.append(_Division(c, 0, (), none_because=f"it doesn't assign combat damage in the "
                                 f"{combat.step} combat damage step (CR {cr['strike']})"))
            continue
        d = _attacker(combat, c, cr) if side == "a" else _blocker(combat, c, cr)
        if combat.regime == "damage-on-stack" and d.amount and \
                {"lifelink", "deathtouch"} & c.keywords:
            which = "lifelink" if "lifelink" in c.keywords else "deathtouch"
            raise UnsupportedQuestion(
                f"{c.id} has {which}, a triggered ability in the {combat.edition} rules (CR "
                f"{cr[which]}); combat damage with a {which} creature under those rules is not "
                "modelled")
        out.append(d)
    return out


def _division(combat: Combat, source: str) -> _Division:
    for d in _divisions(combat):
        if d.source.id == source:
            return d
    raise ValueError(f"{source} is neither attacking nor blocking in this combat")


# -- one creature -----------------------------------------------------------------------------

def assigning(combat: Combat) -> tuple[str, ...]:
    """The creatures that assign combat damage in this step (a nonzero amount: power above 0,
    dealing in this step, with something to assign it to), attackers first."""
    return tuple(d.source.id for d in _divisions(combat) if d.amount)


def recipients(combat: Combat, source: str) -> tuple[str, ...]:
    """Whom ``source``'s combat damage may go to by the rules of assignment as they stand
    (blockers in damage assignment order, then the player); ``()`` if it assigns none."""
    return _division(combat, source).recipients


def _solver(divisions: Sequence[_Division]) -> z3.Solver:
    solver = make_solver()
    for d in divisions:
        solver.add([rule for _, rule in d.rules])
    return solver


def _amounts(model: z3.ModelRef, d: _Division) -> Amounts:
    values = ((r, model.eval(d.x[r], model_completion=True).as_long()) for r in d.recipients)
    return tuple((r, int(n)) for r, n in values if n)


def is_choice(combat: Combat, source: str) -> bool:
    """Whether ``source``'s controller has a choice to make: two different legal assignments
    of its damage exist, i.e. it could legally go to two or more different recipients. Only
    then does the script ask for an ``assigns combat damage`` line; otherwise ``forced``."""
    d = _division(combat, source)
    if not d.amount:
        return False
    solver = _solver([d])
    if not check(solver):
        raise AssertionError(f"{source} has no legal assignment")  # a bug: power always fits
    first = solver.model()
    solver.add(z3.Or([d.x[r] != first.eval(d.x[r], model_completion=True) for r in d.recipients]))
    return check(solver)


def forced(combat: Combat, source: str) -> Amounts | None:
    """The one legal assignment of ``source``'s damage (``()`` when it assigns none), or
    ``None`` when its controller has a choice (``is_choice``)."""
    d = _division(combat, source)
    if not d.amount:
        return ()
    if is_choice(combat, source):
        return None
    solver = _solver([d])
    check(solver)
    return _amounts(solver.model(), d)


def check_assignment(combat: Combat, source: str,
                     amounts: Mapping[str, int] | Amounts) -> tuple[str, ...]:
    """Why assigning ``amounts`` (recipient → damage; zeros may be left out) from ``source``
    is illegal — every rule it breaks, each with its CR number — or ``()`` when it is legal
    (510.1; 510.1e of 2016 on: an illegal assignment is undone)."""
    d = _division(combat, source)
    given = dict(amounts)
    nonzero = {r: n for r, n in given.items() if n}
    if not d.amount:
        return (f"{source} assigns no combat damage: {d.none_because}",) if nonzero else ()
    cr = _cr(combat.edition)
    wrong = [f"CR {cr['unblocked']}-{cr['blocker'][-1]}: {r} can't be assigned combat damage by "
             f"{source} (it may go to {', '.join(d.recipients)})" for r in nonzero if r not in d.x]
    values = [(d.x[r], z3.IntVal(given.get(r, 0))) for r in d.recipients]
    broken = [label for label, rule in d.rules
              if z3.is_false(z3.simplify(z3.substitute(rule, *values)))]
    return tuple(wrong + broken)


# -- every legal assignment -----------------------------------------------------------------

def _all(d: _Division) -> list[Amounts]:
    """Every legal assignment of one creature: z3 models, each blocked once found."""
    if not d.amount:
        return [()]
    solver = _solver([d])
    found = []
    while check(solver):
        model = solver.model()
        found.append(_amounts(model, d))
        solver.add(z3.Or([d.x[r] != model.eval(d.x[r], model_completion=True)
                          for r in d.recipients]))
    return sorted(found)


def _selected(combat: Combat, source: str | None) -> list[_Division]:
    divisions = _divisions(combat)
    if source is None:
        return [d for d in divisions if d.amount]
    chosen = [d for d in divisions if d.source.id == source]
    if not chosen:
        raise ValueError(f"{source} is neither attacking nor blocking in this combat")
    return chosen


def assignments(combat: Combat, source: str | None = None,
                fixed: Mapping[str, Mapping[str, int]] | None = None) -> list[Assignment]:
    """Every legal assignment of the step (of the creatures in ``assigning``), or of
    ``source`` alone (then each ``Assignment`` holds only it; the others are free: their
    choices don't restrict it). ``fixed`` gives some creatures' assignments as announced:
    those appear as given when legal, and nothing is legal when one is not."""
    fixed = fixed or {}
    per: list[list[tuple[str, Amounts]]] = []
    for d in _selected(combat, source):
        if d.source.id in fixed:
            given = fixed[d.source.id]
            if check_assignment(combat, d.source.id, given):
                return []
            per.append([(d.source.id, tuple((r, given[r]) for r in d.recipients
                                            if given.get(r, 0)))])
        else:
            per.append([(d.source.id, a) for a in _all(d)])
    return [Assignment(tuple(choice)) for choice in product(*per)]


def _count(d: _Division) -> int:
    """How many legal assignments one creature has, without listing them.

    z3 lists the *supports* (which recipients get a nonzero amount) that some legal
    assignment has. With the support fixed every rule of a division becomes a lower bound on
    one recipient or nothing (``x >= 0``, ``x > 0`` on the support, ``x = 0`` off it, and each
    "only if lethal" implication either fires or not), so the legal assignments with that
    support are the points ``x_i >= lb_i`` (i in the support) summing to the amount: z3's
    least value of each ``x_i`` gives ``lb_i`` (Optimize, each objective on its own), and
    there are ``C(rest + k - 1, k - 1)`` of them for ``rest`` = the amount less the bounds and
    ``k`` recipients in the support (stars and bars). The tests check the count against the
    listing and against brute force."""
    if not d.amount:
        return 1
    positive = [d.x[r] > 0 for r in d.recipients]
    solver = _solver([d])
    total = 0
    while check(solver):
        model = solver.model()
        support = [z3.is_true(model.eval(p, model_completion=True)) for p in positive]
        literals = [p if on else z3.Not(p) for p, on in zip(positive, support)]
        solver.add(z3.Not(z3.And(literals)))
        opt = make_solver(optimize=True)
        opt.set(priority="box")
        opt.add([rule for _, rule in d.rules] + literals)
        handles = [opt.minimize(d.x[r]) for r, on in zip(d.recipients, support) if on]
        if not check(opt):
            raise AssertionError("a support z3 found has no assignment")  # a bug
        bounds = [opt.lower(h).as_long() for h in handles]
        k = len(bounds)
        total += math.comb(d.amount - sum(bounds) + k - 1, k - 1)
    return total


def count(combat: Combat, source: str | None = None) -> int:
    """How many legal assignments the step has (the product over the creatures that assign
    damage, which choose independently), or ``source`` alone has."""
    return math.prod(_count(d) for d in _selected(combat, source))


# -- outcomes ---------------------------------------------------------------------------------
