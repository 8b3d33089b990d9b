"""The facts ``cost.lp`` reads (CR 601.2b–h, 118): the card and what was announced, the cost
modifiers of the permanents, the mana abilities and the state, each value written as a clingo
symbol (never pasted into a program)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import clingo

from mtgrules.encodings import asp, common
from mtgrules.model.cards import Card, Instruction
from mtgrules.model.casting import Casting
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.mana import ManaCost, parse_pool
from mtgrules.model.state import GameState
from mtgrules.model.vocabulary import (
    CASTING_KEYWORDS,
    activated_ability,
    card_at,
    param,
    printed_cost,
    sacrifice_cost,
    statics_at,
)

KINDS = {"cost-increase": "increase", "cost-reduction": "reduction", "cost-floor": "floor"}
SACRIFICED_KINDS = ("creature", "land", "artifact", "enchantment")
"""The card types a sacrifice cost may name (the vocabulary's)."""


def const(name: str) -> clingo.Symbol:
    """A constant of ``cost.lp`` (``spell``, ``tap``, ``mana_cost`` …)."""
    return clingo.Function(name.replace("-", "_"))


def symbols(which: str, cost: ManaCost | None) -> list[clingo.Symbol]:
    return [asp.fact("symbol", const(which), i, s.kind, s.amount) for i, s in enumerate(cost or ())]


@dataclass(frozen=True)
class Source:
    """A cost modifier as written: where it comes from, whose it is, its colour filter."""

    name: str
    controller: str
    colours: tuple[str, ...]


def card_facts(card: Card, casting: Casting, state: GameState, kind: str) -> list[clingo.Symbol]:
    player = casting.player
    # the modes to choose among: the spell's, or the activated ability's (CR 700.2a, 602.2b)
    modal = card.modes if casting.ability is None else activated_ability(card, casting.ability).modes
    out = [asp.fact("proposal", const(kind.replace("-", "_"))), asp.fact("caster", player),
           asp.fact("cast_object", casting.card), asp.fact("x", casting.x or 0),
           asp.fact("targets", len(casting.targets))]
    out += [asp.fact("player", p) for p in state.names]
    out += [asp.fact("printed_type", t) for t in sorted(card.types)]
    out += [asp.fact("printed_colour", c) for c in sorted(card.colors)]
    out += [asp.fact("printed_keyword", k) for k in sorted(card.keywords & set(CASTING_KEYWORDS))]
    out.append(asp.fact("cast_zone", casting.zone))
    if casting.ask == "payment":
        out.append(asp.fact("payment_question"))
    if casting.x is not None:
        out.append(asp.fact("x_announced"))
    if card.mana_cost is not None:
        out.append(asp.fact("mana_cost"))
        out += symbols("mana_cost", card.mana_cost)
    kicker = kicker_cost(card, casting)
    if kicker is not None:
        out.append(asp.fact("kicker"))
        out += symbols("kicker", kicker)
    if card.multikicker is not None:
        out.append(asp.fact("multikicker"))
    out.append(asp.fact("kicked", casting.kicked))
    for flag, has in (("entwine_cost", card.entwine), ("buyback_cost", card.buyback),
                      ("flashback_cost", card.flashback), ("morph_cost", card.morph)):
        if has is not None:
            out.append(asp.fact(flag))
    for name, cost in (("entwine", card.entwine), ("buyback", card.buyback),
                       ("flashback", card.flashback)):
        out += symbols(name, cost) if cost is not None else []
    if casting.entwined:
        out.append(asp.fact("entwined"))
    if casting.buyback:
        out.append(asp.fact("buyback_paid"))
    out += [asp.fact("mode_chosen", i, m) for i, m in enumerate(casting.modes, start=1)]
    out += [asp.fact("mode_exists", m) for m in range(1, len(modal.options) + 1)] \
        if modal is not None else []
    out += [asp.fact("printed_subtype", t) for t in sorted(card.subtypes)]
    for i, item in enumerate(card.escalate):
        (part, value), = dict(item).items()
        out.append(asp.fact("escalate_item", i, const(part), value))
        if part == "mana":
            out += symbols("escalate", ManaCost.parse(value))
    for i, spliced in enumerate(casting.splice):
        out += [asp.fact("spliced", i, spliced),
                asp.fact("splice_onto", spliced, str(card_at(state, spliced).splice_onto))]
        out += [asp.fact("symbol", asp.fact("splice", spliced), j, s.kind, s.amount)
                for j, s in enumerate(card_at(state, spliced).splice_cost or ())]
    if "retrace" in card.keywords:
        out.append(asp.fact("retrace"))
    if card.affinity is not None:
        out.append(asp.fact("affinity", card.affinity))
    out += [asp.fact("alternative", i, a) for i, a in enumerate(casting.alternatives)]
    for alt in casting.alternatives:  # an effect's offer only for spells cast from one zone
        for ins in (statics_at(state, alt) if state.find(alt) is not None else ()):
            if ins.verb == "cast-without-paying" and ins.get("from") is not None:
                out.append(asp.fact("alternative_zone", alt, str(ins.get("from"))))
    if modal is not None:
        out.append(asp.fact("modal", modal.choose or 0))
        if modal.repeat:
            out.append(asp.fact("repeat_allowed"))
    for j, item in enumerate(card.alternative_costs[0] if card.alternative_costs else ()):
        (part, value), = dict(item).items()
        if part == "mana":
            out += symbols("card", ManaCost.parse(value))
        out.append(asp.fact("card_alternative", j, const(part.replace("exile-from-hand", "exile")),
                            value if part != "mana" else ""))
    for i, item in enumerate(card.additional_costs):
        (part, value), = dict(item).items()
        out.append(asp.fact("additional", i, const(part), value))
        if part == "mana":
            out += [asp.fact("symbol", asp.fact("additional", i), j, s.kind, s.amount)
                    for j, s in enumerate(ManaCost.parse(value))]
    if casting.ability is not None:
        out += symbols("activation", printed_cost(card, casting.ability) or ManaCost())
        for i, item in enumerate(activated_ability(card, casting.ability).cost):
            part = "tap" if item == "tap" else next(iter(dict(item)), None)
            if part not in ("tap", "mana", "sacrifice", "loyalty"):  # never dropped (602.2b)
                raise UnsupportedQuestion(
                    f"{card.name}'s ability {casting.ability} costs {part} "
                    f"({dict(item)[part]}); the cost encoding understands only tapping, mana, "
                    "sacrifices and loyalty in an activation cost")
            if part == "loyalty":
                out.append(asp.fact("activation_item", i, const("loyalty"), int(dict(item)["loyalty"])))
                obj = state.find(casting.card)
                counters = dict(obj[2].counters).get("loyalty", 0) if obj else 0
                out.append(asp.fact("loyalty_counters", counters))
            elif part == "tap":
                out.append(asp.fact("activation_item", i, const("tap"), ""))
            elif part == "sacrifice":
                out.append(asp.fact("activation_item", i, const("sacrifice"),
                                    dict(item)["sacrifice"]))
    return out


def kicker_cost(card: Card, casting: Casting) -> ManaCost | None:
    """The card's kicker (or multikicker) cost, its {X} as announced (CR 107.3)."""
    kicker = card.kicker or card.multikicker
    if kicker is None or not kicker.x_count:
        return kicker
    x = casting.kicker_x or 0
    return ManaCost.parse("".join(f"{{{x}}}" if s.kind == "x" else str(s) for s in kicker))


def modifier_facts(card: Card, casting: Casting,
                    state: GameState) -> tuple[list[clingo.Symbol], list[Source]]:
    """Facts of every cost modifier in force (battlefield order, then lasting effects, then
    the spell's own), and their sources in that order."""
    out: list[clingo.Symbol] = []
    sources: list[Source] = []
    found = [(e.source, e.controller, e.instruction, e.permanent, False)
             for _, e in common.effects_named(state)]
    found += [(card.name, casting.player, ins, None, True) for ins in card.statics()]
    if card.affinity is not None:  # CR 702.41a: {1} less for each permanent of the type
        found.append((card.name, casting.player, Instruction("cost-reduction", (
            ("amount", 1), ("spells", "any"), ("whose", "you"), ("per", "affinity"))), None, True))
    for source, controller, ins, obj, own in found:
        if ins.verb not in KINDS:
            continue
        m = len(sources)
        colours = tuple(param(ins, "colors") or ()) if ins.verb == "cost-reduction" else ()
        sources.append(Source(source, controller, colours))
        out += [asp.fact("modifier", m, source, controller, ins.verb),
                asp.fact("modifier_amount", m, int(param(ins, "amount"))),
                asp.fact("modifier_spells", m, param(ins, "spells"))]
        if own:
            out.append(asp.fact("own_modifier", m))
        if ins.verb != "cost-floor":
            out.append(asp.fact("modifier_whose", m, param(ins, "whose")))
        if ins.verb in ("cost-increase", "cost-reduction") and param(ins, "per"):
            out.append(asp.fact("modifier_per", m, param(ins, "per")))
        if ins.verb == "cost-reduction":
            out += [asp.fact("modifier_colour", m, c) for c in colours]
        if ins.verb == "cost-floor" and param(ins, "while"):
            out.append(asp.fact("modifier_while", m, param(ins, "while")))
        if obj is not None and obj.tapped:
            out.append(asp.fact("source_tapped", m))
    return out, sources


def mana_ability_facts(state: GameState) -> list[clingo.Symbol]:
    """The mana abilities of the permanents: what each one's cost taps or sacrifices, what it
    adds (a cost of anything else is not one a payment can use)."""
    out = []
    for _, _, obj in state.objects("battlefield"):
        c = state.card_of(obj)
        for n, ab in enumerate(c.abilities_of("mana") if c else ()):
            if ab.per_counter:
                raise UnsupportedQuestion(f"{obj.card}: a mana ability adding mana for each "
                                          f"{ab.per_counter} counter on it (not modelled by the cost question)")
            what = sacrifice_cost(ab)
            if what is None and ab.cost == ("tap",):
                out.append(asp.fact("ability_cost_tap", obj.id, n))
            elif what:
                out.append(asp.fact("ability_cost_sacrifice", obj.id, n, what))
            out += [asp.fact("ability_adds", obj.id, n, t, k)
                    for t, k in sorted(parse_pool(ab.produces or "").items())]
    return out




def state_facts(casting: Casting, state: GameState, pool: Counter[str]) -> list[clingo.Symbol]:
    player = casting.player
    out = []
    types = common.types_now(state)  # as they are now (layer 4): an animated land is a creature
    for _, _, obj in state.objects("battlefield"):
        out.append(asp.fact("permanent", obj.id, obj.controller))
        out += [asp.fact("has_type", obj.id, t) for t in SACRIFICED_KINDS if t in types.get(obj.id, ())]
        if obj.tapped:
            out.append(asp.fact("tapped", obj.id))
    for obj in state.player(player).zone("hand"):
        out.append(asp.fact("hand_card", obj.id, player))
        card = state.card_of(obj)
        out += [asp.fact("colour", obj.id, c) for c in sorted(card.colors if card else ())]
        out += [asp.fact("hand_type", obj.id, t) for t in sorted(card.types if card else ())]
    out += [asp.fact("graveyard_card", o.id, player) for o in state.player(player).zone("graveyard")]
    out += [asp.fact("named_discard", o) for o in casting.discard]
    out += [asp.fact(f"named_{key}", o) for key in ("convoke", "improvise", "delve")
            for o in getattr(casting, key)]
    out += common.permanent_facts(state) + common.prohibition_facts(state)
    out += [asp.fact("named_sacrifice", o) for o in casting.sacrifice]
    out += [asp.fact("named_exile", o) for o in casting.exile]
    out += mana_ability_facts(state)
    out += [asp.fact("pool", t, n) for t, n in sorted(pool.items())]
    for n, e in enumerate(casting.during):
        out.append(asp.fact("during", n, const(e.action), e.object, str(e)))
        if e.to is not None:
            out.append(asp.fact("during_to", n, e.to))
    return out
