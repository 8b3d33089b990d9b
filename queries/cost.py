"""Cost questions (CR 601.2f–h, 118, 119.4): what is the locked total cost of this spell or
ability, and can it be paid — with which payment, or why not?

A ``Casting`` says what the player proposes (the card, X, targets, division, alternative and
additional costs, kicker, how each hybrid and Phyrexian symbol will be paid) and what their
mana abilities do during 601.2g. The cost modifiers come from the permanents on the
battlefield and the effects in the state; the mana from the pool and the mana abilities of
the caster's permanents. The arithmetic is z3's (``encodings/smt/cost.py``).

Public functions: ``total_cost(casting, state, edition)`` and ``payment(casting, state, edition)``.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from mtgrules.encodings.smt import cost as smt_cost
from mtgrules.encodings.smt.cost import CostProblem, ManaAbility, Modifier, PaymentProblem
from mtgrules.model.cards import Card
from mtgrules.model.edition import Citation, Edition, cite, rule_holds
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.mana import ManaCost, ManaCostError, parse_pool
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.verdict import Verdict, citations

CASTING_FIELDS = ["player", "card", "from", "ability", "x", "mode", "targets", "division",
                  "alternative", "kicked", "pay", "sacrifice", "exile", "during"]
TARGET_KINDS = ("any", "creature", "player", "opponent", "spell")
SORCERY_SPEED = ("sorcery", "creature", "artifact", "enchantment", "planeswalker", "battle",
                 "kindred")


@dataclass(frozen=True)
class DuringEvent:
    """Something a mana ability does during 601.2g: ``tap`` an object for its mana ability,
    or ``sacrifice`` a creature to a permanent's mana ability (``to``)."""

    action: str
    object: str
    to: str | None = None

    def __str__(self) -> str:
        return f"{self.action} {self.object}" + (f" to {self.to}" if self.to else "")


@dataclass(frozen=True)
class Casting:
    """A proposed cast of a spell, or activation of an ability, with its announcements."""

    player: str
    card: str
    """The object id: a card in ``zone`` (usually the hand), or the permanent whose ability
    is activated."""
    zone: str = "hand"
    ability: int | None = None
    """For an activation: which activated or mana ability of the card (1-based, activated
    abilities first, then mana abilities); ``None`` casts the card as a spell."""
    x: int | None = None
    mode: str | None = None
    targets: tuple[str, ...] = ()
    division: tuple[int, ...] | None = None
    alternatives: tuple[str, ...] = ()
    """Alternative costs announced: ``"card"`` (the card's own, e.g. Force of Will's) or the
    object whose effect allows casting without paying the mana cost (Omniscience). The rules
    allow at most one (CR 118.9a); more is proposed only to be refused."""
    kicked: bool = False
    pay: tuple[str | None, ...] = ()
    """For each hybrid or Phyrexian symbol, in order: a mana letter, ``life`` or ``2`` (the
    generic half of {2/W}); ``None`` leaves the choice to the solver."""
    sacrifice: tuple[str, ...] = ()
    """Objects named for sacrifice costs (default: the solver picks)."""
    exile: tuple[str, ...] = ()
    """Cards named for exile or discard costs (default: the solver picks)."""
    during: tuple[DuringEvent, ...] = ()
    """Mana abilities activated during 601.2g that change the game (and maybe the modifiers)."""
    ask: str = "payment"
    """For cost questions: ``total`` or ``payment``."""

    def __str__(self) -> str:
        verb = "activate" if self.ability is not None else "cast"
        extra = f" X={self.x}" if self.x is not None else ""
        extra += f" → {', '.join(self.targets)}" if self.targets else ""
        return f"{self.player} {verb}s {self.card}{extra}"


# -- parsing --------------------------------------------------------------------------------

def parse_casting(node: Field, state: GameState, extra: tuple[str, ...] = ()) -> Casting:
    """A ``Casting`` from a scenario's question (every mistake names file, line and field)."""
    node.mapping(required=["kind", "card"], optional=[*CASTING_FIELDS, *extra])
    player = (node["player"].choice(state.names, "player") if node.has("player")
              else state.active)
    activating = node.has("ability")
    zone = node["from"].choice(("hand", "graveyard", "exile", "battlefield", "command", "library"),
                               "zone") if node.has("from") else ("battlefield" if activating
                                                                 else "hand")
    card_id = node["card"].str()
    here = [o.id for o in state.player(player).zone(zone)] if zone != "battlefield" else [
        o.id for o in state.controlled(player)]
    if card_id not in here:
        where = "controls on the battlefield" if zone == "battlefield" else f"has in their {zone}"
        raise node["card"].error(f"{player} has no '{card_id}' there",
                                 f"an object {player} {where}: {', '.join(here) or 'none'}",
                                 _suggest(card_id, here))
    card = _card(state, card_id)
    ability = None
    if activating:
        ability = node["ability"].int(1)
        count = len(card.abilities_of("activated")) + len(card.abilities_of("mana"))
        if ability > count:
            raise node["ability"].error(f"{card.name} has {count} activated or mana abilities",
                                        f"a number from 1 to {count}" if count else
                                        "a card with an activated ability")
    x = node["x"].int(0, 1000) if node.has("x") else None
    cost = _printed_cost(card, ability)
    if cost is not None and cost.x_count and x is None:
        raise node.error(f"{card.name}'s cost has {{X}} but no value of X is announced",
                         "a field 'x' (CR 601.2b: X is announced while casting)")
    if x is not None and (cost is None or not cost.x_count):
        raise node["x"].error(f"{card.name}'s cost has no {{X}}", "no 'x' field for this card")
    if node.has("mode"):
        raise node["mode"].error(f"{card.name} is not modal", "no 'mode' field for this card")
    targets = tuple(_target(t, state) for t in node.get("targets", []).list())
    division = None
    if node.has("division"):
        division = _division(node["division"], targets, card)
    alternatives = tuple(_alternative(a, card, state, player)
                         for a in node.get("alternative", []).list(allow_single=True))
    kicked = node["kicked"].bool() if node.has("kicked") else False
    if kicked and not card.kicker:
        raise node["kicked"].error(f"{card.name} has no kicker", "a card with kicker")
    symbols = _choice_symbols(card, ability, kicked, alternatives)
    pay = tuple(_announcement(p, symbols, i) for i, p in enumerate(
        node.get("pay", []).list(allow_single=True)))
    if len(pay) > len(symbols):
        raise node["pay"].error(f"{len(pay)} payment choices for {len(symbols)} hybrid or "
                                "Phyrexian symbols", f"at most {len(symbols)} entries, one per "
                                "symbol in order" + (f" ({''.join(str(s) for s in symbols)})"
                                                     if symbols else ""))
    sacrifice = tuple(_object(o, state, "battlefield") for o in
                      node.get("sacrifice", []).list(allow_single=True))
    exile = tuple(_object(o, state, "hand") for o in node.get("exile", []).list(allow_single=True))
    during = tuple(_during(e, state, player) for e in node.get("during", []).list())
    ask = node["ask"].choice(("total", "payment"), "cost question") if node.has("ask") else "payment"
    return Casting(player, card_id, zone, ability, x, None, targets, division, alternatives,
                   kicked, pay, sacrifice, exile, during, ask)


def _suggest(name: str, known: list[str]) -> str:
    from mtgrules.model.source import did_you_mean
    return did_you_mean(name, known)


def _card(state: GameState, object_id: str) -> Card:
    where = state.find(object_id)
    card = state.card_of(where[2]) if where else None
    if card is None:
        raise UnsupportedQuestion(f"'{object_id}' is a hidden card; its cost can't be known")
    return card


def _printed_cost(card: Card, ability: int | None) -> ManaCost | None:
    if ability is None:
        return ManaCost.parse(card.mana_cost) if card.mana_cost else None
    item = _ability(card, ability)
    mana = [dict(c).get("mana") for c in item.cost if isinstance(c, tuple)]
    text = "".join(m for m in mana if m)
    return ManaCost.parse(text) if text else ManaCost()


def _ability(card: Card, n: int):
    return (card.abilities_of("activated") + card.abilities_of("mana"))[n - 1]


def _target(node: Field, state: GameState) -> str:
    name = node.str()
    known = [*state.names, *(o.id for _, _, o in state.objects("battlefield")),
             *(o.id for _, _, o in state.objects("stack"))]
    if name not in known:
        raise node.unknown(name, known, "target (a player, or an object on the battlefield or "
                           "the stack)")
    return name


def _division(node: Field, targets: tuple[str, ...], card: Card) -> tuple[int, ...]:
    divided = [i for i in card.resolve if i.get("divided") is True]
    if not divided:
        how = [i for i in card.resolve if i.get("divided")]
        why = (f"{card.name} divides its damage {how[0].get('divided')} on its own" if how
               else f"{card.name} divides nothing")
        raise node.error(why, "no 'division' field for this card (CR 601.2d applies only to "
                         "spells whose player announces a division)")
    node.mapping(optional=targets)
    for t in targets:
        if not node.has(t):
            raise node.error(f"the division gives nothing for target '{t}'",
                             f"an amount for each target: {', '.join(targets)}")
    return tuple(node[t].int(0) for t in targets)


def _alternative(node: Field, card: Card, state: GameState, player: str) -> str:
    name = node.str()
    if name == "card":
        if not card.alternative_costs:
            raise node.error(f"{card.name} has no alternative cost of its own",
                             "'card' only for a card with an alternative cost, or the name of a "
                             "permanent that lets the spell be cast without paying its mana cost")
        return name
    granting = [o.id for o in state.controlled(player)
                if any(i.verb == "cast-without-paying" for i in _statics(state, o.id))]
    if name not in granting:
        raise node.unknown(name, ["card", *granting], "alternative cost (or permanent granting one)")
    return name


def _statics(state: GameState, object_id: str):
    where = state.find(object_id)
    card = state.card_of(where[2]) if where else None
    return list(card.statics()) if card else []


def _choice_symbols(card: Card, ability: int | None, kicked: bool,
                    alternatives: tuple[str, ...]):
    base = _printed_cost(card, ability) if not alternatives else ManaCost()
    symbols = list(base.choices if base else ())
    if kicked and card.kicker:
        symbols += ManaCost.parse(card.kicker).choices
    return symbols


def _announcement(node: Field, symbols, index: int) -> str | None:
    if node.is_none:
        return None
    text = node.str()
    if index >= len(symbols):
        return text  # reported by the caller with the count
    symbol = symbols[index]
    options = [("2" if o.startswith("generic:") else o) for o in symbol.options]
    if text not in options:
        raise node.unknown(text, options, f"way to pay {symbol}")
    return symbol.options[options.index(text)]


def _object(node: Field, state: GameState, zone: str) -> str:
    name = node.str()
    known = [o.id for _, _, o in state.objects(zone)]
    if name not in known:
        raise node.unknown(name, known, f"object in a {zone}")
    return name


def _during(node: Field, state: GameState, player: str) -> DuringEvent:
    node.mapping(optional=["tap", "sacrifice", "to"])
    if node.has("tap") == node.has("sacrifice"):
        raise node.error("a mana-ability event names exactly one of 'tap' or 'sacrifice'",
                         "{tap: OBJECT} or {sacrifice: CREATURE, to: PERMANENT}")
    mine = [o.id for o in state.controlled(player)]
    if node.has("tap"):
        obj = node["tap"].str()
        tappers = [o for o in mine if any(a.cost == ("tap",) for a in _mana(state, o))]
        if obj not in tappers:
            raise node["tap"].unknown(obj, tappers, f"permanent {player} can tap for mana")
        return DuringEvent("tap", obj)
    obj = node["sacrifice"].str()
    if not node.has("to"):
        raise node.error("the required field 'to' is missing",
                         "the permanent whose mana ability sacrifices it, e.g. to: Ashnod's Altar")
    altars = [o for o in mine if any(_sacrifice_what(a) for a in _mana(state, o))]
    to = node["to"].str()
    if to not in altars:
        raise node["to"].unknown(to, altars, "permanent with a mana ability that sacrifices")
    creatures = [o.id for o in state.controlled(player, "creature")]
    if obj not in creatures:
        raise node["sacrifice"].unknown(obj, creatures, f"creature {player} controls")
    return DuringEvent("sacrifice", obj, to)


def _mana(state: GameState, object_id: str):
    where = state.find(object_id)
    card = state.card_of(where[2]) if where else None
    return card.abilities_of("mana") if card else []


def _sacrifice_what(ability) -> str | None:
    for c in ability.cost:
        if isinstance(c, tuple) and dict(c).get("sacrifice"):
            return dict(c)["sacrifice"]
    return None


# -- the plan: everything 601.2b–h needs, built from the state ------------------------------

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


def plan(casting: Casting, state: GameState) -> Plan:
    card = _card(state, casting.card)
    rules: set[str] = {"cast.total-cost"}
    player = casting.player
    if casting.ability is not None:
        ab = _ability(card, casting.ability)
        kind = "mana-ability" if ab.kind == "mana" else "ability"
        base = _printed_cost(card, casting.ability) or ManaCost()
        base_text = "activation cost"
        non_mana = []
        sac = []
        for item in ab.cost:
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
        modifiers, ignored = [], []
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
            if rule_holds("cost.alternative-modified", _NEWEST):
                rules.add("cost.alternative-modified")
        elif card.mana_cost is None:
            base, base_text = None, "no mana cost"
        else:
            base = ManaCost.parse(card.mana_cost)
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
    additional = ManaCost.parse(card.kicker) if casting.kicked and card.kicker else ManaCost()
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


_NEWEST = Edition.newest()


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
    sources = []
    for owner, _, obj in state.objects("battlefield"):
        c = state.card_of(obj)
        for ins in (c.statics() if c else ()):
            sources.append((obj.id, obj.controller, ins, obj))
    for e in state.effects:
        sources.append((e.source, e.controller, e.instruction, None))
    for ins in card.statics():  # the spell's own (Fireball's extra targets)
        if ins.get("per"):
            sources.append((card.name, casting.player, ins, None))
    colours = {"white", "blue", "black", "red", "green"} & set(card.colors)
    for source, controller, ins, obj in sources:
        if ins.verb not in ("cost-increase", "cost-reduction", "cost-floor"):
            continue
        kind = {"cost-increase": "increase", "cost-reduction": "reduction",
                "cost-floor": "floor"}[ins.verb]
        why_not = _does_not_apply(ins, card, casting, controller, colours, obj)
        event = gone.get(source)
        if event and (event.startswith("sacrifice") or ins.get("while") == "untapped"):
            why_not = why_not or f"'{event}' took its source away"
        if why_not:
            ignored.append((source, why_not))
            continue
        amount = int(ins.get("amount", 0))
        if ins.get("per") == "target-beyond-first":
            amount *= max(0, len(casting.targets) - 1)
            if not amount:
                ignored.append((source, "only one target"))
                continue
        found.append((smt_cost.generic(source, kind, amount), ""))
    return found, ignored


def _does_not_apply(ins, card: Card, casting: Casting, controller: str, colours: set[str],
                    obj) -> str:
    spells = ins.get("spells", "any")
    if spells == "noncreature" and card.is_a("creature"):
        return "the spell is a creature spell"
    if spells == "creature" and not card.is_a("creature"):
        return "the spell is not a creature spell"
    whose = ins.get("whose", "any")
    if whose == "you" and casting.player != controller:
        return f"it affects only {controller}'s spells"
    if whose in ("opponent", "opponents") and casting.player == controller:
        return f"it affects only the spells of {controller}'s opponents"
    wanted = ins.get("colors")
    if wanted and not (set(wanted) & colours):
        return f"the spell is not {' or '.join(wanted)}"
    if ins.get("while") == "untapped" and obj is not None and obj.tapped:
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
            what = _sacrifice_what(ab)
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
    for e in casting.during:
        if e.action == "tap":
            used = next(a for a in abilities if a.taps == e.object)
        else:
            used = next(a for a in abilities if a.source == e.to and a.sacrifices == e.object)
        for t, n in used.produces:
            pool[t] += n
        if e.action == "tap":
            untapped = [u for u in untapped if u != e.object]
        abilities = [a for a in abilities if a is not used and a.sacrifices != e.object
                     and a.source != (e.object if e.action == "sacrifice" else None)]
        sac = [(what, tuple(c for c in cands if c != e.object)) for what, cands in sac]
    return PaymentProblem(problem, tuple(sorted(pool.items())), tuple(abilities), ps.life,
                          tuple(sac), tuple(cards), tuple(untapped))


# -- answers --------------------------------------------------------------------------------

def cost_steps(plan_: Plan, total: smt_cost.TotalCost) -> list[dict[str, Any]]:
    """The witness: how the total was built, stage by stage."""
    out = []
    for st in total.stages:
        what = {"base": plan_.base_text}.get(st.name, st.name)
        out.append({"stage": st.name, "by": st.source if st.name != "base" else what,
                    "mana": st.cost})
    return out


def _base_citations(plan_: Plan, edition: Edition) -> list[Citation]:
    keys = set(plan_.rules)
    kinds = {m.kind for m, _ in plan_.modifiers}
    if kinds & {"increase", "reduction"}:
        keys.add("cost.increase-reduce")
    if "reduction" in kinds and rule_holds("cost.generic-reduction", edition):
        keys.add("cost.generic-reduction")
    if plan_.kind != "spell":
        keys.add("activate.steps")
    return [cite(k, edition) for k in sorted(keys) if rule_holds(k, edition)]


def total_cost(casting: Casting, state: GameState, edition: Edition | None = None) -> Verdict:
    """The locked total cost of a proposed cast (CR 601.2f) and how it was built."""
    edition = edition or Edition.newest()
    p = plan(casting, state)
    if p.at_lock is None:
        return Verdict("cost", "unpayable", citations([cite("cost.increase-reduce", edition)]),
                       (f"{p.card.name} has no mana cost: that cost can't be paid (CR 118.6).",),
                       backend="smt", edition=edition.date)
    unannounced = [str(s) for s, a in zip(p.at_lock.choice_symbols, list(p.at_lock.announced) +
                                          [None] * len(p.at_lock.choice_symbols)) if a is None]
    if unannounced:
        raise UnsupportedQuestion(
            f"the total cost of {p.card.name} depends on how {', '.join(unannounced)} will be "
            "paid, which the player announces while casting (CR 601.2b): add a 'pay' list")
    locked, would_be = smt_cost.total_cost(p.at_lock, p.after if p.dropped_after else None)
    reasons = [f"The total cost of {p.card.name} is {locked} (base: {p.base_text})."]
    reasons += _modifier_reasons(p, edition)
    if p.non_mana:
        reasons.append("It also asks: " + "; ".join(p.non_mana) + ".")
    cited = _base_citations(p, edition)
    if would_be is not None:
        reasons.append(_lock_reason(p, locked, would_be, edition))
    witness = {"total": str(locked), "mana": locked.mana_text, "life": locked.life,
               "other": p.non_mana, "steps": cost_steps(p, locked),
               "announced": list(locked.announced)}
    details = {"locked": str(locked), "would_be_after_events": str(would_be) if would_be else None,
               "mana_value": ManaCost.parse(p.card.mana_cost).mana_value(casting.x)
               if p.card.mana_cost else 0}
    return Verdict("cost", locked.mana_text, citations(cited), tuple(reasons), witness=witness,
                   backend="smt", edition=edition.date, details=details)


def _modifier_reasons(p: Plan, edition: Edition) -> list[str]:
    out = []
    for m, _ in p.modifiers:
        out.append(f"{m} applies.")
    for source, why in p.ignored:
        out.append(f"{source} doesn't apply: {why}.")
    if any(m.kind == "floor" for m, _ in p.modifiers):
        out.append(f"{cite('cast.total-cost', edition)}: an effect that sets the total is applied "
                   "after every increase and reduction, then the total is locked.")
    return out


def _lock_reason(p: Plan, locked, would_be, edition: Edition) -> str:
    events = ", ".join(f"{s} ({e})" for s, e in p.dropped_after)
    return (f"{cite('cast.total-cost', edition)}: the total was locked in at {locked} before "
            f"the mana abilities; that {events} no longer matters (determined afterwards it "
            f"would have been {would_be}).")


def payment(casting: Casting, state: GameState, edition: Edition | None = None) -> Verdict:
    """Whether the locked total cost can be paid (CR 601.2g–h, 118.3, 119.4), with a payment
    or the reason none exists."""
    edition = edition or Edition.newest()
    p = plan(casting, state)
    result, cited, reasons = pay_plan(p, edition)
    if isinstance(result, smt_cost.Payment):
        witness = payment_witness(p, result)
        return Verdict("cost", "payable", citations(cited), tuple(reasons), witness=witness,
                       backend="smt", edition=edition.date,
                       details={"locked": str(result.total)})
    counter = {"short": list(result.short) if result else ["unpayable cost"],
               "why": list(result.details) if result else [f"{p.card.name} has no mana cost"]}
    return Verdict("cost", "unpayable", citations(cited), tuple(reasons), counterexample=counter,
                   backend="smt", edition=edition.date,
                   details={"locked": str(result.total) if result and result.total else None})


def pay_plan(p: Plan, edition: Edition):
    """Run the payment search for a plan; returns (Payment | NoPayment | None, citations,
    reasons). ``None`` means the cost is unpayable by nature (no mana cost, CR 118.6)."""
    cited = _base_citations(p, edition) + [cite("cast.pay", edition)]
    if p.payment is None:
        return None, cited, [f"{p.card.name} has no mana cost, which can't be paid."]
    result = smt_cost.pay(p.payment)
    reasons = _modifier_reasons(p, edition)
    if p.dropped_after:
        cited.append(cite("cast.total-cost", edition))
    if p.casting.during or (isinstance(result, smt_cost.Payment) and result.activations):
        cited += [cite("cast.mana-abilities", edition), cite("mana-ability.during-cast", edition)]
    if isinstance(result, smt_cost.Payment):
        total = result.total
        if p.dropped_after:
            _, would_be = smt_cost.total_cost(
                replace(p.at_lock, announced=total.announced),
                replace(p.after, announced=total.announced))
            reasons.append(_lock_reason(p, total, would_be, edition))
        reasons.insert(0, f"The locked total cost {total} can be paid.")
        sources = {m.source for m, _ in p.modifiers}
        for victim in result.sacrificed:
            if victim in sources:
                reasons.append(f"{victim} is sacrificed while paying ({cite('cast.pay', edition)}), "
                               f"after the total was locked ({cite('cast.total-cost', edition)}): "
                               "its effect on the cost still counts.")
        if total.life:
            cited.append(cite("cost.pay-life", edition))
        return result, cited, reasons
    cited.append(cite("cost.resources", edition))
    if "life" in result.short:
        cited.append(cite("cost.pay-life", edition))
    reasons.insert(0, "No payment of the locked total cost exists: " + "; ".join(result.details)
                   + ". Partial payments are not allowed.")
    return result, cited, reasons


def payment_witness(p: Plan, result: smt_cost.Payment) -> dict[str, Any]:
    return {"total": str(result.total), "before_payment": [str(e) for e in p.casting.during],
            "activate": list(result.activations),
            "spend": [f"{mana} for {req}" for req, mana in result.spent],
            "life": result.life, "sacrifice": list(result.sacrificed),
            "cards": list(result.cards), "announced": list(result.total.announced),
            "steps": cost_steps(p, result.total)}


# -- the question kind -----------------------------------------------------------------------

def parse(node: Field, state: GameState) -> Casting:
    return parse_casting(node, state, extra=("ask",))


def answer(question: Casting, state: GameState, edition: Edition, backend: str = "smt") -> Verdict:
    if question.ask == "total":
        return total_cost(question, state, edition)
    return payment(question, state, edition)


COST = register(QuestionKind(
    name="cost",
    summary="the locked total cost of a spell or ability and whether it can be paid "
            "(CR 601.2f–h, 118, 119.4)",
    parse=parse,
    answer=answer,
    backends=("smt",),
    describe=lambda q: f"{q.ask}: {q}",
))
