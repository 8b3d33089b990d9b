"""Questions about one combat damage step (the ``combat`` kind): which assignments of combat
damage the edition allows and how many, whether an outcome is possible, the best assignment
for a goal — z3 (``encodings/combat/``: ``assign.py``, ``outcome.py``) on the combat the temporal core reaches after
the script (``encodings.game.combat_at``: characteristics as they are, CR 613) — and whether the
script's declarations of attackers and blockers are legal as a whole (the core's rules,
CR 508.1, 509.1).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mtgrules.encodings import combat as combat_z3
from mtgrules.encodings import game
from mtgrules.encodings.combat import (
    Outcome,
    assignments,
    best,
    check_assignment,
    count,
    forced,
    is_choice,
    possible,
    recipients,
)
from mtgrules.encodings.game import ending
from mtgrules.model.combat import Combat
from mtgrules.model.edition import Edition, cite, rule_holds
from mtgrules.model.read.combat import CombatQuestion, parse_question
from mtgrules.model.read.timeline import read_script, state_of
from mtgrules.model.state import GameState
from mtgrules.model.timeline import END, Decision
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.outcome import CombatOutcome
from mtgrules.queries.trace import trace_of
from mtgrules.queries.verdict import Verdict, citations
from mtgrules.queries.witness import Witness

LISTED = 200
"""The most assignments a verdict lists (the count is always whole)."""


@dataclass(frozen=True)
class CombatDamage(Witness):
    """The combat a question is about, in the scenario's terms, and the assignments that answer
    it: all of them (up to ``LISTED``), or the one that reaches the outcomes or the goal, with
    what it does."""

    combat: Mapping[str, Any]
    assignments: tuple[str, ...] = ()
    result: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"combat": dict(self.combat), "assignments": list(self.assignments)}
        if self.result is not None:
            out["result"] = dict(self.result)
        return out


def combat_words(c: Combat) -> dict[str, Any]:
    def who(x: Any) -> str:
        kw = f" ({', '.join(sorted(x.keywords))})" if x.keywords else ""
        dmg = f", {x.damage} damage" if x.damage else ""
        return f"{x.id} {x.power}/{x.toughness}{dmg}{kw}"
    out: dict[str, Any] = {"regime": c.regime, "step": c.step,
                           "attackers": [who(a) for a in c.attackers],
                           "blockers": [f"{who(b)} blocking {a}" for b in c.blockers
                                        for bb, a in c.blocking if bb == b.id]}
    if c.order:
        out["order"] = {a: list(bs) for a, bs in c.order}
    return out


def result_words(r: combat_z3.Result) -> dict[str, Any]:
    return {"assignment": str(r.assignment), "damage": dict(r.damage),
            "destroyed": list(r.destroyed), "gains": dict(r.gains), "life": dict(r.life)}


def rules_of(c: Combat, edition: Edition) -> list[str]:
    """The rulebook keys behind a combat's assignments: the step and the assignment rules of
    its edition, and the keywords of the creatures assigning (for the citation list)."""
    keys = ["combat.damage-step", "combat.damage-assignment"]
    keys += [k for k in ("combat.damage-stack", "combat.damage-assignment-order")
             if rule_holds(k, edition)]
    if c.blocked - {a for _, a in c.blocking}:
        keys.append("combat.blocked-stays")
    kws = {k for x in (*c.attackers, *c.blockers) for k in x.keywords}
    for kw, key in (("trample", "keyword.trample"), ("first strike", "keyword.first-strike"),
                    ("double strike", "keyword.double-strike"), ("lifelink", "keyword.lifelink"),
                    ("deathtouch", "keyword.deathtouch"), ("deathtouch", "keyword.deathtouch-divides"),
                    ("deathtouch", "sba.deathtouch-damage"), ("indestructible", "keyword.indestructible")):
        if kw in kws and rule_holds(key, edition):
            keys.append(key)
    return keys


def answer(q: CombatQuestion, state: GameState, edition: Edition, backend: str = "smt") -> Verdict:
    """The answer to a ``combat`` question: z3's on the step's assignments, the core's on the
    declarations (one encoding each, whatever ``backend`` asks)."""
    if q.ask == "declaration":
        return _declaration(q, state, edition)
    c, life = game.combat_at(state, edition, q.script)
    cites = citations(cite(k, edition) for k in rules_of(c, edition))
    seen = combat_words(c)
    if q.ask in ("assignments", "count"):
        n = combat_z3.count(c, q.creature)
        listed = [str(a) for a in combat_z3.assignments(c, q.creature)[:LISTED]] \
            if q.ask == "assignments" else []
        whose = f"{q.creature}'s combat damage" if q.creature else "the combat damage of this step"
        reasons = [f"{n} legal assignment{'s' * (n != 1)} of {whose} ({c.regime}, {c.step} step)"]
        if q.ask == "assignments" and n > LISTED:
            reasons.append(f"the first {LISTED} are listed")
        return Verdict("combat", CombatOutcome.COUNT, cites, tuple(reasons),
                       witness=CombatDamage(seen, tuple(listed)), backend="smt",
                       edition=edition.date, total=str(n))
    wanted = [combat_z3.Outcome(o.what, o.subject, o.op, o.value) for o in q.outcomes]
    if q.ask == "possible":
        found = combat_z3.possible(c, wanted, life)
        goal = "; ".join(map(str, q.outcomes))
        if found is None:
            return Verdict("combat", CombatOutcome.IMPOSSIBLE, cites,
                           (f"no legal assignment reaches: {goal}",),
                           counterexample=CombatDamage(seen), backend="smt", edition=edition.date)
        return Verdict("combat", CombatOutcome.POSSIBLE, cites,
                       (f"{found.assignment} reaches: {goal}",),
                       witness=CombatDamage(seen, (str(found.assignment),), result_words(found)),
                       backend="smt", edition=edition.date)
    top = combat_z3.best(c, q.goals, q.player, life, wanted)
    if top is None:
        return Verdict("combat", CombatOutcome.IMPOSSIBLE, cites,
                       ("no legal assignment reaches: " + "; ".join(map(str, q.outcomes)),),
                       counterexample=CombatDamage(seen), backend="smt", edition=edition.date)
    values = ", ".join(f"{g} {v}" for g, v in top.values)
    return Verdict("combat", CombatOutcome.BEST, cites,
                   (f"{top.result.assignment} is best: {values}",),
                   witness=CombatDamage(seen, (str(top.result.assignment),), result_words(top.result)),
                   backend="smt", edition=edition.date, total=str(top.values[0][1]),
                   details={"values": dict(top.values)})


def _declaration(q: CombatQuestion, state: GameState, edition: Edition) -> Verdict:
    """The script's declarations, checked by the core as it runs them (CR 508.1, 509.1)."""
    timeline = game.simulate(state, edition, q.script, END)
    ending.refuse(timeline.stop)
    word, reason = ending.stop_reason(timeline, END, q.script)
    declared = [e for e in timeline.events if e.name in ("attack", "block")]
    rules = citations(cite(k, edition) for k in timeline.rules)
    if word == "illegal-action":
        return Verdict("combat", CombatOutcome.ILLEGAL, rules, (reason,),
                       counterexample=trace_of(timeline), backend="asp", edition=edition.date)
    if not declared:
        raise game.Unsupported("the script declares no attackers or blockers the trace reaches",
                               field="question.script")
    return Verdict("combat", CombatOutcome.LEGAL, rules,
                   tuple(f"{e.text}: legal" for e in declared),
                   witness=trace_of(timeline), backend="asp", edition=edition.date)


# -- from Python ------------------------------------------------------------------------------

State = GameState | Mapping[str, Any]
Lines = Sequence[Decision | str] | str


def combat_assignments(state: State, script: Lines, creature: str | None = None,
                       edition: Edition | str | None = None) -> Verdict:
    """Every legal assignment of the combat damage step the ``script`` reaches (of
    ``creature`` alone if named), counted (the verdict's ``total``) and listed.

    >>> state = {"players": ["alice", "bob"], "step": "beginning-of-combat",
    ...          "alice": {"battlefield": ["Craw Wurm"]},
    ...          "bob": {"battlefield": ["Grizzly Bears", "Llanowar Elves"]}}
    >>> script = ["alice passes", "bob passes", "alice attacks with Craw Wurm", "alice passes",
    ...           "bob passes", "bob blocks Craw Wurm with Grizzly Bears and Craw Wurm with Llanowar Elves"]
    >>> v = combat_assignments(state, script, "Craw Wurm")
    >>> v.total, v.witness.assignments[0]
    ('7', 'Craw Wurm: 1 to Grizzly Bears, 5 to Llanowar Elves')
    """
    state = state_of(state)
    return answer(CombatQuestion("assignments", read_script(script, state), creature), state,
                  Edition.of(edition))


def combat_possible(state: State, script: Lines, outcomes: Sequence[str],
                    edition: Edition | str | None = None) -> Verdict:
    """Whether some legal assignment of the step reaches every outcome (``Grizzly Bears is
    destroyed``, ``bob's life is at most 15``), with the assignment as witness.

    >>> state = {"players": ["alice", "bob"], "step": "beginning-of-combat",
    ...          "alice": {"battlefield": ["Spined Wurm"]},
    ...          "bob": {"battlefield": ["Giant Spider", "Grizzly Bears"]}}
    >>> script = ["alice passes", "bob passes", "alice attacks with Spined Wurm", "alice passes",
    ...           "bob passes", "bob blocks Spined Wurm with Giant Spider and Spined Wurm with Grizzly Bears"]
    >>> combat_possible(state, script, ["Giant Spider is destroyed", "Grizzly Bears is destroyed"]).outcome
    <CombatOutcome.IMPOSSIBLE: 'impossible'>
    """
    from mtgrules.model.read.combat import parse_outcome
    from mtgrules.model.source import Field
    state = state_of(state)
    wanted = tuple(parse_outcome(Field.of(o, "outcome"), state) for o in outcomes)
    return answer(CombatQuestion("possible", read_script(script, state), outcomes=wanted), state,
                  Edition.of(edition))


def combat_best(state: State, script: Lines, goal: str | Sequence[str],
                player: str | None = None, edition: Edition | str | None = None) -> Verdict:
    """The legal assignment best for ``goal`` (``most-damage-to-player``,
    ``most-creatures-destroyed``, ``fewest-own-creatures-destroyed``), its value the verdict's
    ``total``.

    >>> state = {"players": ["alice", "bob"], "step": "beginning-of-combat",
    ...          "alice": {"battlefield": ["Colossal Dreadmaw"]},
    ...          "bob": {"battlefield": ["Grizzly Bears"]}}
    >>> script = ["alice passes", "bob passes", "alice attacks with Colossal Dreadmaw", "alice passes",
    ...           "bob passes", "bob blocks Colossal Dreadmaw with Grizzly Bears"]
    >>> v = combat_best(state, script, "most-damage-to-player")
    >>> v.total, v.witness.assignments
    ('4', ('Colossal Dreadmaw: 2 to Grizzly Bears, 4 to bob; Grizzly Bears: 2 to Colossal Dreadmaw',))
    """
    state = state_of(state)
    goals = (goal,) if isinstance(goal, str) else tuple(goal)
    return answer(CombatQuestion("best", read_script(script, state), goals=goals, player=player),
                  state, Edition.of(edition))


COMBAT = register(QuestionKind(
    name="combat",
    summary="one combat damage step: legal assignments by edition, outcomes, the best for a goal "
            "(CR 509-510, 702); declarations as a whole (508.1, 509.1)",
    parse=parse_question,
    answer=answer,
    backends=("smt",),
    describe=str,
    reads_mana_pool=True,
))


__all__ = ["CombatDamage", "combat_assignments", "combat_best", "combat_possible",
           # the z3 functions themselves, on a ``Combat`` value built by hand (notebook 08)
           "Outcome", "assignments", "best", "check_assignment", "count", "forced", "is_choice",
           "possible", "recipients"]
