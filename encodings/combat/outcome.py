#@ second encoding of: combat.damage-assignment
"""A combat damage step's result as z3 problems over the legal assignments of ``assign.py``:
whether some assignment reaches every outcome asked (a creature destroyed, a life total), what
the step does with the assignments announced, and the best assignment for goals in order.

Outcomes couple the creatures' divisions again (``assign.py``'s are independent): one solver
holds them all, with what each recipient is dealt (CR 510.2), the state-based actions that
follow (704.5g lethal damage, 704.5h deathtouch; not an indestructible creature) and lifelink's
gain (702.15b, from 2009-07-11). In the ``damage-on-stack`` editions the result is that of the
damage dealt as assigned when the combat damage object resolves (310.4 of 2008).
"""
from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import z3

from mtgrules.encodings.combat.assign import (
    Assignment,
    _amounts,
    _Division,
    _divisions,
    _solver,
    assigning,
    check_assignment,
    is_choice,
)
from mtgrules.encodings.smt import check, make_solver
from mtgrules.model.combat import Combat, Combatant

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


def deal(combat: Combat, announced: Mapping[str, Mapping[str, int]],
         life: Mapping[str, int] | None = None) -> Result:
    """What the step does once every creature with a choice (``is_choice``) has announced its
    assignment in ``announced`` (recipient → amount; the others assign as they must,
    ``forced``): the damage dealt as assigned (510.2), the creatures the state-based actions
    then destroy, the life gained and, given life totals, each player's life total after. A
    ValueError names an illegal announced assignment (``check_assignment`` says why) or a
    creature with a choice that announced none: the script asks for those first."""
    for source, amounts in announced.items():
        why = check_assignment(combat, source, amounts)
        if why:
            raise ValueError(f"{source}'s combat damage assignment is illegal: " + "; ".join(why))
    missing = [s for s in assigning(combat) if s not in announced and is_choice(combat, s)]
    if missing:
        raise ValueError(f"no assignment announced for {', '.join(missing)}, whose controller "
                         "has a choice to make")
    found = possible(combat, (), life, fixed=announced)
    assert found is not None, "legal announced assignments and forced ones always fit together"
    return found


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
