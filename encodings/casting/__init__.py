"""Casting (CR 601.2a–i, 602.2, 605; 409.1 before July 2009): the steps of a cast or an
activation in order, and where an illegal one fails.

``casting.lp`` decides; this module writes the facts of a proposal, the state and z3's
payment answer, and reads the steps back.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import clingo

from mtgrules.encodings import asp, common
from mtgrules.encodings.cost import Plan
from mtgrules.encodings.cost import smt as smt_cost
from mtgrules.model.cards import Ability, Card, Mode
from mtgrules.model.casting import Casting
from mtgrules.model.edition import Edition, cite, rulebook
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.state import GameState
from mtgrules.model.vocabulary import (
    TARGETS,
    activated_ability,
    card_at,
    instructions_of,
    param,
)

F = clingo.Function
S = clingo.String
N = clingo.Number


@dataclass(frozen=True)
class CastingSteps:
    """What ``casting.lp`` derived."""

    outcome: str
    """``legal`` or ``illegal``."""
    completed: tuple[str, ...]
    """The steps completed (step names of ``casting.lp``), in their order."""
    failed: tuple[tuple[Any, ...], ...]
    """(step, why) for the failed step, if any."""
    rules: frozenset[str]
    """Rulebook keys cited."""
    keys: dict[str, str]
    """Each step of this cast under the edition → the rulebook key of its rule."""


def solve(casting: Casting, p: Plan, state: GameState, payment: Any, edition: Edition) -> CastingSteps:
    """Solve ``casting.lp`` for a proposal under ``edition``."""
    # the steps of this cast under the edition, with their rules and order, shown besides
    model = asp.solve(["casting/casting"],
                      [*facts(casting, p, state, payment), "#show active_step/3."], edition).models[0]
    undecided = sorted(str(k) for (k,) in asp.atoms(model, "undecided"))
    if undecided:
        book = rulebook()
        raise UnsupportedQuestion(
            f"whether {casting.card} may be cast now depends on whether it has flash, which one "
            "effect gives it and another takes away; that is decided by timestamps in the layer "
            f"system ({', '.join(str(cite(k, edition)) for k in undecided)}: "
            f"{book['layers.abilities'].paraphrase.rstrip('.')}), and the state holds none — "
            "not decided, never guessed")
    steps = sorted(asp.atoms(model, "active_step"), key=lambda row: int(row[2]))
    done = {str(s) for (s,) in asp.atoms(model, "completed")}
    return CastingSteps(str(asp.atoms(model, "outcome")[0][0]),
                        tuple(str(s) for s, _, _ in steps if str(s) in done),
                        tuple(asp.atoms(model, "failed")),
                        frozenset(str(k) for (k,) in asp.atoms(model, "cites")),
                        {str(s): str(k) for s, k, _ in steps})


def facts(casting: Casting, p: Plan, state: GameState, payment: Any) -> list[clingo.Symbol]:
    """The facts of the proposal, the state (``common.moment_facts``) and z3's answer."""
    player = casting.player
    proposal = {"spell": "spell", "ability": "ability", "mana-ability": "mana_ability"}[p.kind]
    out = common.moment_facts(state)
    out += [common.a("proposal", F(proposal, [])), common.a("caster", S(player)), common.a("cast_object", S(casting.card))]
    if p.kind == "spell":
        out.append(common.a("cast_zone", S(casting.zone)))
    if p.kind == "ability":
        assert casting.ability is not None
        ability = activated_ability(p.card, casting.ability)
        if ability.modes is None:
            out += _slots(F("spell", []), _ability_targets(ability))
        else:
            # a modal ability (CR 700.2a, 602.2b): each mode's target a slot only if that mode
            # is chosen (700.2c), as a modal spell's
            out.append(common.a("modal", N(ability.modes.choose or 0), N(len(ability.modes.options))))
            for m, mode in enumerate(ability.modes.options, start=1):
                out += _slots(F("mode", [N(m)]), mode.targets)
            out += [common.a("chosen_mode", N(i), N(m)) for i, m in p.modes]
            _colours_known(ability.modes.options, state)
        out += [common.a("target", N(i), S(t)) for i, t in enumerate(casting.targets)]
    if p.kind == "ability" and any(isinstance(i, tuple) and dict(i).get("loyalty") is not None
                                   for i in activated_ability(p.card, casting.ability or 1).cost):
        out.append(common.a("loyalty_proposal"))
        where = state.find(casting.card)
        if where is not None and where[2].loyalty_used:
            out.append(common.a("loyalty_activated", S(casting.card)))
    for e in casting.during:
        if e.action == "sacrifice":
            out.append(common.a("during_sacrifice", S(e.object)))
    if p.payment is not None:
        for _, candidates in p.payment.sacrifice:
            out += [common.a("sacrifice_cost", S(o)) for o in candidates]
    out += common.prohibition_facts(state)
    out += _casting_effects(state)
    # what cost.lp says of the announcements (refusals, the mechanics' rules)
    out += [common.a("announcement_refused", w) for w in p.refused]
    out += [common.a("announcement_rule", S(k)) for k in sorted(p.announced_rules)]
    if p.kind == "spell":
        out += _announcements(casting, p, state)
    # cost and payment (z3)
    if payment is None and p.payment is None:
        out += [common.a("unpayable_by_nature"), common.a("mana_payment")]
    elif isinstance(payment, smt_cost.Payment):
        if payment.total.mana_amount:
            out.append(common.a("mana_payment"))
        out.append(common.a("payable"))
    else:
        out.append(common.a("mana_payment"))
        out += [common.a("unpayable", S("short:" + name)) for name in payment.short]
    out += [common.a("cost_event", S(str(e))) for e in casting.during]
    out += [common.a("lock_ignores", S(source)) for source, _ in p.dropped_after]
    return out


def _announcements(casting: Casting, p: Plan, state: GameState) -> list[clingo.Symbol]:
    """What 601.2b–d read: the card's modes, kicker text and splices with their targets (every
    text that could have targets, ``casting.lp`` says which do), the announcements, the
    targets in order and the division; the spell's characteristics as cast (``cost.lp``)."""
    card, a = p.card, common.a
    out = [a("alternative_named", S(alt)) for alt in casting.alternatives]
    if "retrace" in card.keywords:
        out.append(a("retrace_card"))
    out += [a("cast_colour", S(c)) for c in sorted(p.colours)]
    out += [a("chosen_mode", N(i), N(m)) for i, m in p.modes]
    lo, hi = _target_range(card)
    if (lo, hi) != (len(card.targets), len(card.targets)):  # a number announced (Fireball)
        out.append(a("variable_targets", N(lo), N(hi), _kind(card.targets[0] if card.targets
                                                              else "any")))
    else:
        out += _slots(F("spell", []), card.targets)
    if card.modes is not None:
        out.append(a("modal", N(card.modes.choose or 0), N(len(card.modes.options))))
        for m, mode in enumerate(card.modes.options, start=1):
            out += _slots(F("mode", [N(m)]), mode.targets)
    if card.if_kicked is not None:
        out += _slots(F("kicker", []), card.if_kicked.targets)
    if casting.kicked:
        out.append(a("kicked"))
    for i, spliced in enumerate(casting.splice):
        out.append(a("spliced", N(i), S(spliced)))
        out += _slots(F("splice", [S(spliced)]), card_at(state, spliced).targets)
    for i, t in enumerate(casting.targets):
        out.append(a("target", N(i), S(t)))
        out += [a("same_target", N(j), N(i)) for j in range(i) if casting.targets[j] == t]
    for ins in card.resolve:
        if ins.verb == "damage" and param(ins, "divided") == "announced":
            out.append(a("divides", N(int(param(ins, "amount")))))
    out += [a("division", N(i), N(n)) for i, n in enumerate(casting.division or ())]
    return out


def _colours_known(modes: Sequence[Mode], state: GameState) -> None:
    """A colourless target (CR 105.2c) is read from printed colours: where an effect of the state
    may set colours (layer 5, no words here), such a question is refused by name."""
    if not any("colorless-nonland-permanent" in m.targets for m in modes):
        return
    cards = [state.card_of(o) for _, _, o in state.objects()]
    said = [i for c in cards if c is not None for i in instructions_of(c)]
    said += [e.instruction for e in state.effects]
    if any(i.verb == "animate" and i.get("colors") for i in said):
        raise UnsupportedQuestion("a colourless target while an effect may set colours (layer 5 has "
                                  "no words in the casting question): not modelled")


def _ability_targets(ability: Ability) -> tuple[str, ...]:
    """The targets an activated ability's instructions ask for, in order (CR 602.2b, 601.2c):
    a kind of target they name, or a player where they address "target" (``who: target``)."""
    kinds = [str(i.get("target")) for i in ability.effect if i.get("target") in TARGETS]
    kinds += ["player" for i in ability.effect if i.get("who") == "target"]
    return tuple(dict.fromkeys(kinds))


def _kind(kind: str) -> clingo.Symbol:
    return F(kind.replace("-", "_"), [])


def _slots(source: clingo.Symbol, targets: tuple[str, ...]) -> list[clingo.Symbol]:
    """``slot_of(Source,J,Kind)``: the J-th target a text asks for."""
    return [common.a("slot_of", source, N(j), _kind(k)) for j, k in enumerate(targets)]


def _target_range(card: Card) -> tuple[int, int]:
    for ins in card.resolve:
        spec = param(ins, "targets") if ins.verb == "damage" else None
        if spec:
            d = dict(spec)
            return int(d.get("min", 1)), int(d.get("max", -1))
    return len(card.targets), len(card.targets)


def _casting_effects(state: GameState) -> list[clingo.Symbol]:
    """Permissions and prohibitions to cast spells from a zone, each with its who-word and its
    source's controller and target: ``who.lp`` says whom they name. (One to cast spells at
    all is ``common.prohibition_facts``'.)"""
    out = []
    for eid, effect in common.effects_named(state):
        ins = effect.instruction
        zone, colours = ins.get("zone"), ins.get("colors")
        if ins.verb not in ("permit", "forbid") or param(ins, "action") != "cast-spells" or \
                (zone is None and colours is None):
            continue
        out += common.source_facts(eid, effect, state)
        who = common.who_atom(ins)
        if colours is not None:  # only a prohibition takes colours (the vocabulary's ONLY_WITH)
            out += [common.a("effect_forbids_colour", eid, S(effect.source), who, S(str(c)))
                    for c in colours]
            continue
        verb = "effect_permits_from" if ins.verb == "permit" else "effect_forbids_from"
        out.append(common.a(verb, eid, S(effect.source), who, S(str(zone))))
    return out
