"""Cost (CR 601.2f–h, 118, 119.4): the plan of a casting worked out against the state.

Which cost modifiers apply, what the base and additional costs are, and which mana, life,
sacrifices and cards are available, become a ``CostProblem`` and a ``PaymentProblem``; z3
(``smt.py``) does the arithmetic and searches the payment.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from mtgrules.encodings.cost import smt as smt_cost
from mtgrules.encodings.cost.smt import CostProblem, ManaAbility, Modifier, PaymentProblem
from mtgrules.model.cards import Card, Instruction
from mtgrules.model.casting import Casting
from mtgrules.model.edition import Edition, rule_holds
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.mana import ManaCost, ManaCostError, parse_pool
from mtgrules.model.state import GameObject, GameState
from mtgrules.model.vocabulary import (
    activated_ability,
    card_at,
    effects_in_force,
    param,
    players_named,
    printed_cost,
    sacrifice_cost,
    sacrifice_prohibitions,
)


@dataclass
class Plan:
    """A casting worked out against the state: the cost problems and resources."""

    casting: Casting
    card: Card
    kind: str
    """``spell``, ``ability`` or ``mana-ability``."""
    base_text: str
    """What the base cost is (mana cost, activation cost, alternative cost)."""
    at_lock: CostProblem | None
    """The cost as determined at 601.2f (``None``: an unpayable cost, CR 118.6)."""
    after: CostProblem | None
    """The same cost with the modifiers as they stand after the 601.2g events."""
    payment: PaymentProblem | None
    modifiers: list[tuple[Modifier, str]] = field(default_factory=list)
    """Every modifier considered, with why it applies or not."""
    ignored: list[tuple[str, str]] = field(default_factory=list)
    """(modifier source, reason) for modifiers that don't apply at the lock."""
    dropped_after: list[tuple[str, str]] = field(default_factory=list)
    """(modifier source, event) for modifiers the 601.2g events remove (too late to matter)."""
    non_mana: list[str] = field(default_factory=list)
    """Descriptions of the non-mana parts of the total cost."""
    rules: set[str] = field(default_factory=set)
    """Rulebook keys the cost involved."""


def mana_value(cost: ManaCost, x: int | None = None) -> int:
    """CR 202.3 (cost.mana-value): the total amount of mana a cost's symbols represent, whatever
    the colour. CR 202.3e: X is 0 except on the stack, where it is the announced value;
    202.3f: a hybrid symbol counts its larger half; 202.3g: a Phyrexian symbol counts one.

    >>> mana_value(ManaCost.parse("{X}{X}{G/U/P}{2/W}")), mana_value(ManaCost.parse("{X}{R}"), x=4)
    (3, 5)
    """
    total = 0
    for symbol in cost:
        if symbol.kind == "generic":
            total += symbol.amount
        elif symbol.kind == "mono-hybrid":
            total += max(symbol.amount, 1)
        elif symbol.kind == "x":
            total += x or 0
        else:
            total += 1
    return total


def plan(casting: Casting, state: GameState, edition: Edition) -> Plan:
    """The cost plan of ``casting`` under the rules of ``edition``."""
    card = card_at(state, casting.card)
    rules: set[str] = {"cast.total-cost"}
    player = casting.player
    if casting.ability is not None:
        ab = activated_ability(card, casting.ability)
        kind = "mana-ability" if ab.kind == "mana" else "ability"
        base = printed_cost(card, casting.ability) or ManaCost()
        base_text = "activation cost"
        non_mana = []
        sac = []
        for item in ab.cost:
            part = "tap" if item == "tap" else next(iter(dict(item)), None)
            if part not in ("tap", "mana", "sacrifice"):  # never dropped (CR 602.2b pays it all)
                raise UnsupportedQuestion(
                    f"{card.name}'s ability {casting.ability} costs {part} "
                    f"({dict(item)[part]}); the cost encoding understands only tapping, mana "
                    "and sacrifices in an activation cost")
            if item == "tap":
                non_mana.append(f"tap {casting.card}")
            elif isinstance(item, tuple) and dict(item).get("sacrifice"):
                what = dict(item)["sacrifice"]
                sac.append(("sacrifice " + (casting.card if what == "self" else f"a {what}"),
                            (casting.card,) if what == "self" else
                            tuple(o.id for o in state.controlled(player, what))))
        life = 0
        alt_cards: list = []
        mods: list[Modifier] = []  # the modifiers all affect spells only
        modifiers: list[tuple[Modifier, str]] = []
        ignored: list[tuple[str, str]] = []
        after_mods: list[Modifier] = []
        dropped: list[tuple[str, str]] = []
    else:
        kind = "spell"
        life, sac, alt_cards, non_mana = 0, [], [], []
        if casting.alternatives:
            rules.add("cost.alternative-one")
            alt = casting.alternatives[0]
            if alt == "card":
                base = ManaCost.parse("{0}")
                base_text = f"{card.name}'s alternative cost"
                for item in card.alternative_costs[0]:
                    d = dict(item)
                    if "life" in d:
                        life += int(d["life"])
                        non_mana.append(f"pay {d['life']} life")
                    if "exile-from-hand" in d:
                        colour = d["exile-from-hand"]
                        cands = tuple(o.id for o in state.player(player).zone("hand")
                                      if o.id != casting.card and _has_colour(state, o.id, colour))
                        if casting.exile:
                            cands = tuple(c for c in cands if c in casting.exile)
                        alt_cards.append((f"exile a {colour} card from hand", cands))
                        non_mana.append(f"exile a {colour} card from hand")
                    if "mana" in d:
                        base = ManaCost.parse(d["mana"])
            else:
                base = ManaCost.parse("{0}")
                base_text = f"without paying its mana cost ({alt})"
            if rule_holds("cost.alternative-modified", edition):
                rules.add("cost.alternative-modified")
        elif card.mana_cost is None:
            base, base_text = None, "no mana cost"
        else:
            base = card.mana_cost
            base_text = "mana cost"
        for item in card.additional_costs:
            d = dict(item)
            rules.add("cost.additional")
            if "sacrifice" in d:
                what = d["sacrifice"]
                cands = tuple(o.id for o in state.controlled(player, what))
                if casting.sacrifice:
                    cands = tuple(c for c in cands if c in casting.sacrifice)
                sac.append((f"sacrifice a {what}", cands))
                non_mana.append(f"sacrifice a {what}")
            if "life" in d:
                life += int(d["life"])
                non_mana.append(f"pay {d['life']} life")
        modifiers, ignored = _modifiers(card, casting, state, {})
        mods = [m for m, _ in modifiers]
        gone = _removed_by_events(casting, state)
        after_modifiers, _ = _modifiers(card, casting, state, gone)
        after_mods = [m for m, _ in after_modifiers]
        dropped = [(m.source, gone[m.source]) for m in mods
                   if m.source in gone and m not in after_mods]
    if base is None:
        return Plan(casting, card, kind, base_text, None, None, None, modifiers, ignored, [],
                    non_mana, rules | {"cost.increase-reduce"})
    additional = card.kicker if casting.kicked and card.kicker is not None else ManaCost()
    if casting.kicked:  # kicker: an optional additional cost announced in 601.2b (CR 118.8)
        rules |= {"cost.additional", "cast.modes"}
    problem = CostProblem(base, casting.x or 0, casting.pay, additional, life, tuple(mods))
    after = replace(problem, modifiers=tuple(after_mods))
    if problem.choice_symbols:
        rules.add("cast.modes")
    if any(s.kind in ("phyrexian", "hybrid-phyrexian") for s in problem.choice_symbols):
        rules.add("cost.phyrexian")
    if any(s.kind in ("hybrid", "mono-hybrid", "colorless-hybrid", "hybrid-phyrexian")
           for s in problem.choice_symbols):
        rules.add("cost.hybrid")
    if casting.x is not None:
        rules.add("cost.x")
    payment = _payment_problem(problem, casting, state, sac, alt_cards)
    return Plan(casting, card, kind, base_text, problem, after, payment, modifiers, ignored,
                dropped, non_mana, rules)



def _has_colour(state: GameState, object_id: str, colour: str) -> bool:
    where = state.find(object_id)
    card = state.card_of(where[2]) if where else None
    return bool(card and colour in card.colors)


def _removed_by_events(casting: Casting, state: GameState) -> dict[str, str]:
    """Objects whose static abilities stop applying because of the 601.2g events: a
    sacrificed creature; a tapped permanent (for abilities that work only while untapped)."""
    gone = {}
    for e in casting.during:
        gone[e.object] = str(e)
    return gone


def _modifiers(card: Card, casting: Casting, state: GameState,
               gone: dict[str, str]) -> tuple[list[tuple[Modifier, str]], list[tuple[str, str]]]:
    """The cost modifiers in force for this spell, in order of arrival (battlefield order,
    then lasting effects), each with why it applies; and those that don't, with why not."""
    found: list[tuple[Modifier, str]] = []
    ignored: list[tuple[str, str]] = []
    sources = [(e.source, e.controller, e.instruction, e.permanent)
               for e in effects_in_force(state)]
    for ins in card.statics():  # the spell's own (Fireball's extra targets)
        if ins.verb == "cost-increase" and param(ins, "per"):
            sources.append((card.name, casting.player, ins, None))
    colours = {"white", "blue", "black", "red", "green"} & set(card.colors)
    for source, controller, ins, obj in sources:
        if ins.verb not in ("cost-increase", "cost-reduction", "cost-floor"):
            continue
        kind = {"cost-increase": "increase", "cost-reduction": "reduction",
                "cost-floor": "floor"}[ins.verb]
        why_not = _does_not_apply(ins, card, casting, controller, colours, obj, state)
        event = gone.get(source)
        untapped_only = ins.verb == "cost-floor" and param(ins, "while") == "untapped"
        if event and (event.startswith("sacrifice") or untapped_only):
            why_not = why_not or f"'{event}' took its source away"
        if why_not:
            ignored.append((source, why_not))
            continue
        amount = int(param(ins, "amount"))
        if ins.verb == "cost-increase" and param(ins, "per") == "target-beyond-first":
            amount *= max(0, len(casting.targets) - 1)
            if not amount:
                ignored.append((source, "only one target"))
                continue
        found.append((smt_cost.generic(source, kind, amount), ""))
    return found, ignored


def _does_not_apply(ins: Instruction, card: Card, casting: Casting, controller: str,
                    colours: set[str], obj: GameObject | None, state: GameState) -> str:
    spells = param(ins, "spells")
    if spells == "noncreature" and card.is_a("creature"):
        return "the spell is a creature spell"
    if spells == "creature" and not card.is_a("creature"):
        return "the spell is not a creature spell"
    whose = param(ins, "whose") if ins.verb != "cost-floor" else "any"
    if whose != "any" and casting.player not in players_named(whose, controller, None, state):
        return (f"it affects only {controller}'s spells" if whose == "you" else
                f"it affects only the spells of {controller}'s opponents")
    wanted = param(ins, "colors") if ins.verb == "cost-reduction" else None
    if wanted and not (set(wanted) & colours):
        return f"the spell is not {' or '.join(wanted)}"
    if ins.verb == "cost-floor" and param(ins, "while") == "untapped" and obj is not None \
            and obj.tapped:
        return "its source is tapped"
    return ""


def _payment_problem(problem: CostProblem, casting: Casting, state: GameState,
                     sac: list, cards: list) -> PaymentProblem:
    player = casting.player
    ps = state.player(player)
    try:
        pool = parse_pool(ps.mana_pool)
    except ManaCostError as exc:
        raise UnsupportedQuestion(f"{player}'s mana pool: {exc}") from None
    abilities: list[ManaAbility] = []
    untapped = []
    creatures = [o.id for o in state.controlled(player, "creature")]
    for obj in state.controlled(player):
        if not obj.tapped:
            untapped.append(obj.id)
        c = state.card_of(obj)
        snow = bool(c and "snow" in c.supertypes)
        for n, ab in enumerate(c.abilities_of("mana") if c else ()):
            made = tuple(sorted(parse_pool(ab.produces or "").items()))
            what = sacrifice_cost(ab)
            if what in (None,) and ab.cost == ("tap",):
                abilities.append(ManaAbility(obj.id if n == 0 else f"{obj.id}/{n + 1}", obj.id,
                                             made, snow, taps=obj.id))
            elif what == "self":
                abilities.append(ManaAbility(f"{obj.id}!", obj.id, made, snow, sacrifices=obj.id))
            elif what:
                for victim in (creatures if what == "creature" else
                               [o.id for o in state.controlled(player, what)]):
                    abilities.append(ManaAbility(f"{obj.id}<-{victim}", obj.id, made, snow,
                                                 sacrifices=victim))
    # the 601.2g events named in the question happen: their mana enters the pool and the
    # objects they use are used up
    for n, e in enumerate(casting.during):
        if e.action == "tap":
            used = next((a for a in abilities if a.taps == e.object), None)
        else:
            used = next((a for a in abilities if a.source == e.to and a.sacrifices == e.object), None)
        if used is None:  # the question's reader refuses this first; never a guess
            raise UnsupportedQuestion(f"'{e}': no mana ability of the state does that now",
                                      field=f"question.during[{n}]")
        for t, n in used.produces:
            pool[t] += n
        if e.action == "tap":
            untapped = [u for u in untapped if u != e.object]
        abilities = [a for a in abilities if a is not used and a.sacrifices != e.object
                     and a.source != (e.object if e.action == "sacrifice" else None)]
        sac = [(what, tuple(c for c in cands if c != e.object)) for what, cands in sac]
    return PaymentProblem(problem, tuple(sorted(pool.items())), tuple(abilities), ps.life,
                          tuple(sac), tuple(cards), tuple(untapped),
                          tuple(sacrifice_prohibitions(state)))

