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
- ``assignments``, ``count``: every legal assignment, or how many;
- ``possible(combat, outcomes)``: an assignment reaching every outcome, or None;
- ``best(combat, goals)``: an assignment best for the goals, in order (z3 Optimize).

In the ``damage-on-stack`` editions the outcomes are those of the damage dealt as assigned
when the combat damage object resolves (310.4). Lifelink and deathtouch were triggered
abilities then (502.68a, 502.63a): a combat in which a creature with either would assign
combat damage is refused (``UnsupportedQuestion``), as the interface decided.
"""
from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import product

import z3

from mtgrules.encodings.smt import check, make_solver
from mtgrules.model.combat import DAMAGE_STEPS, REGIMES, Combat, Combatant
from mtgrules.model.errors import UnsupportedQuestion

Amounts = tuple[tuple[str, int], ...]
"""One creature's assignment: ``(recipient, amount)`` for every recipient given a nonzero
amount, in the order of ``recipients`` (blockers in order, then the player)."""

OUTCOMES = ("destroyed", "survives", "damage", "life", "gains")
"""What an ``Outcome`` may ask of the result: a creature destroyed by the state-based actions
that follow (704.5g lethal damage, 704.5h deathtouch damage; not if indestructible) or not;
the damage a creature or player is dealt in the step; a player's life total after it (life
totals given); the life a player gains by lifelink (from 2009-07-11, 702.15b)."""

GOALS = ("most-damage-to-player", "most-creatures-destroyed", "fewest-own-creatures-destroyed")
"""Goals ``best`` optimises, from the point of view of one player (the attacking player
unless named): the most damage to the defending player; the most creatures of that player's
opponents destroyed; the fewest of that player's own creatures destroyed."""

_OPS: dict[str, Callable[[z3.ArithRef, int], z3.BoolRef]] = {
    "==": lambda a, b: a == b, "!=": lambda a, b: a != b, ">=": lambda a, b: a >= b,
    "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, "<": lambda a, b: a < b}


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


@dataclass(frozen=True)
class Outcome:
    """A condition on the result of the step (see ``OUTCOMES``): ``Outcome("destroyed",
    "Grizzly Bears")``, ``Outcome("life", "bob", "<=", 0)``, ``Outcome("damage", "bob", ">=",
    3)``."""

    what: str
    subject: str
    """A creature's id (``destroyed``, ``survives``, ``damage``) or a player (``damage``,
    ``life``, ``gains``)."""
    op: str = ">="
    value: int = 0


@dataclass(frozen=True)
class Result:
    """A legal assignment and what it does: the witness of ``possible`` and ``best``."""

    assignment: Assignment
    damage: tuple[tuple[str, int], ...]
    """Combat damage dealt to each creature and player (nonzero), as assigned (510.2)."""
    destroyed: tuple[str, ...]
    """Creatures destroyed by the state-based actions that follow (704.5g, 704.5h)."""
    gains: tuple[tuple[str, int], ...]
    """Life each player gains by lifelink (nonzero; 702.15b, from 2009-07-11)."""
    life: tuple[tuple[str, int], ...] = ()
    """Each player's life total after the step, when life totals were given."""


@dataclass(frozen=True)
class Best:
    """The best assignment for some goals, and the value it reaches for each."""

    result: Result
    values: tuple[tuple[str, int], ...]
    """``(goal, value)`` in the order the goals were given (lexicographic optimum)."""


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
    (510.1, and 510.1e of 2016 on: an illegal assignment is undone, 730)."""
    d = _division(combat, source)
    given = dict(amounts)
    nonzero = {r: n for r, n in given.items() if n}
    if not d.amount:
        return (f"{source} assigns no combat damage: {d.none_because}",) if nonzero else ()
    wrong = [f"{r} can't be assigned combat damage by {source} (it may go to "
             f"{', '.join(d.recipients)})" for r in nonzero if r not in d.x]
    values = [(d.x[r], z3.IntVal(given.get(r, 0))) for r in d.recipients]
    broken = [label for label, rule in d.rules
              if z3.is_false(z3.simplify(z3.substitute(rule, *values)))]
    if wrong and not broken:  # the amounts left for legal recipients still add up
        return tuple(wrong)
    return tuple(wrong + [b for b in broken if b not in wrong])


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

@dataclass
class _Step:
    """All the divisions of the step in one solver, and the terms of their outcomes."""

    combat: Combat
    divisions: list[_Division]
    life: Mapping[str, int] | None

    def dealt(self, recipient: str, only: Callable[[_Division], bool] | None = None) -> z3.ArithRef:
        terms = [d.x[recipient] for d in self.divisions
                 if recipient in d.x and (only is None or only(d))]
        return z3.Sum(terms) if terms else z3.IntVal(0)

    def creatures(self) -> tuple[Combatant, ...]:
        return self.combat.attackers + self.combat.blockers

    def destroyed(self, c: Combatant) -> z3.BoolRef:
        """Destroyed by the state-based actions after the damage: lethal damage marked
        (704.5g; 420.5c of 2008) or any damage from a deathtouch source (704.5h, from
        2009-07-11), unless indestructible (702.12b)."""
        if "indestructible" in c.keywords or c.toughness <= 0:
            return z3.BoolVal(False)
        lethal = c.damage + self.dealt(c.id) >= c.toughness
        if self.combat.regime == "damage-on-stack":
            return lethal
        deathtouch = self.dealt(c.id, lambda d: "deathtouch" in d.source.keywords) > 0
        return z3.Or(lethal, deathtouch)

    def gains(self, player: str) -> z3.ArithRef:
        """Life ``player`` gains by lifelink: the damage its lifelink creatures deal (702.15b;
        static from 2009-07-11; the 2008 combats with it are refused)."""
        terms = [z3.Sum(list(d.x.values())) for d in self.divisions
                 if d.x and "lifelink" in d.source.keywords and d.source.controller == player]
        return z3.Sum(terms) if terms else z3.IntVal(0)

    def life_after(self, player: str) -> z3.ArithRef:
        if self.life is None or player not in self.life:
            raise ValueError(f"an outcome about {player}'s life total needs the life totals")
        return self.life[player] - self.dealt(player) + self.gains(player)

    def creature(self, name: str) -> Combatant:
        for c in self.creatures():
            if c.id == name:
                return c
        raise ValueError(f"{name} is neither attacking nor blocking in this combat")

    def term(self, o: Outcome) -> z3.BoolRef:
        if o.what == "destroyed":
            return self.destroyed(self.creature(o.subject))
        if o.what == "survives":
            return z3.Not(self.destroyed(self.creature(o.subject)))
        if o.op not in _OPS:
            raise ValueError(f"an outcome's comparison is one of {sorted(_OPS)}, not {o.op!r}")
        if o.what == "damage":
            return _OPS[o.op](self.dealt(o.subject), o.value)
        if o.what == "life":
            return _OPS[o.op](self.life_after(o.subject), o.value)
        if o.what == "gains":
            return _OPS[o.op](self.gains(o.subject), o.value)
        raise ValueError(f"an outcome is one of {OUTCOMES}, not {o.what!r}")

    def players(self) -> tuple[str, ...]:
        return (self.combat.attacking_player, self.combat.defending_player)

    def result(self, model: z3.ModelRef) -> Result:
        def val(t: z3.ArithRef) -> int:
            return int(model.eval(t, model_completion=True).as_long())

        assignment = Assignment(tuple((d.source.id, _amounts(model, d))
                                      for d in self.divisions if d.amount))
        names = [c.id for c in self.creatures()] + list(self.players())
        damage = tuple((n, val(self.dealt(n))) for n in names if val(self.dealt(n)))
        destroyed = tuple(c.id for c in self.creatures()
                          if z3.is_true(model.eval(self.destroyed(c), model_completion=True)))
        gains = tuple((p, val(self.gains(p))) for p in self.players() if val(self.gains(p)))
        life = tuple((p, val(self.life_after(p))) for p in self.players()
                     if self.life is not None and p in self.life)
        return Result(assignment, damage, destroyed, gains, life)


def _step(combat: Combat, life: Mapping[str, int] | None) -> _Step:
    return _Step(combat, [d for d in _divisions(combat) if d.amount], life)


def possible(combat: Combat, outcomes: Sequence[Outcome], life: Mapping[str, int] | None = None,
             fixed: Mapping[str, Mapping[str, int]] | None = None) -> Result | None:
    """A legal assignment after which every outcome holds, with what it does, or ``None``
    when no legal assignment reaches them all. ``life``: the players' life totals before the
    step (needed by ``life`` outcomes); ``fixed``: assignments already announced."""
    step = _step(combat, life)
    solver = _solver(step.divisions)
    solver.add([step.term(o) for o in outcomes])
    _fix(solver, step, fixed)
    return step.result(solver.model()) if check(solver) else None


def _fix(solver: z3.Solver | z3.Optimize, step: _Step,
         fixed: Mapping[str, Mapping[str, int]] | None) -> None:
    for d in step.divisions:
        if fixed and d.source.id in fixed:
            given = fixed[d.source.id]
            unknown = set(r for r, n in given.items() if n) - set(d.x)
            solver.add(z3.BoolVal(not unknown))
            solver.add([d.x[r] == given.get(r, 0) for r in d.recipients])


def best(combat: Combat, goals: str | Sequence[str], player: str | None = None,
         life: Mapping[str, int] | None = None, outcomes: Sequence[Outcome] = (),
         fixed: Mapping[str, Mapping[str, int]] | None = None) -> Best | None:
    """The legal assignment best for ``goals`` (one of ``GOALS``, or several: the first
    matters most), from ``player``'s point of view (the attacking player's by default), among
    those reaching ``outcomes``; ``None`` if none does. The blockers' damage is forced (each
    blocks one attacker), so the choice is the attacking player's."""
    goals = (goals,) if isinstance(goals, str) else tuple(goals)
    step = _step(combat, life)
    me = combat.attacking_player if player is None else player
    opt = make_solver(optimize=True)
    for d in step.divisions:
        opt.add([rule for _, rule in d.rules])
    opt.add([step.term(o) for o in outcomes])
    _fix(opt, step, fixed)
    terms = []
    for goal in goals:
        if goal == "most-damage-to-player":
            term = step.dealt(combat.defending_player)
            opt.maximize(term)
        elif goal in ("most-creatures-destroyed", "fewest-own-creatures-destroyed"):
            own = goal.startswith("fewest")
            term = z3.Sum([z3.If(step.destroyed(c), 1, 0) for c in step.creatures()
                           if (c.controller == me) == own] or [z3.IntVal(0)])
            (opt.minimize if own else opt.maximize)(term)
        else:
            raise ValueError(f"a goal is one of {GOALS}, not {goal!r}")
        terms.append(term)
    if not check(opt):
        return None
    model = opt.model()
    values = tuple((g, int(model.eval(t, model_completion=True).as_long()))
                   for g, t in zip(goals, terms))
    return Best(step.result(model), values)
