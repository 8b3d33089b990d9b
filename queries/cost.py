"""Cost questions (CR 601.2f–h, 118, 119.4): what is the locked total cost of this spell or
ability, and can it be paid — with which payment, or why not?

A ``Casting`` says what the player proposes (the card, X, targets, division, alternative and
additional costs, kicker, how each hybrid and Phyrexian symbol will be paid) and what their
mana abilities do during 601.2g. The cost modifiers come from the permanents on the
battlefield and the effects in the state; the mana from the pool and the mana abilities of
the caster's permanents. The plan and the arithmetic are the cost area's (``encodings/cost/``: z3 in ``smt.py``).

Public functions: ``total_cost(casting, state, edition)`` and ``payment(casting, state, edition)``.
"""
from __future__ import annotations

from dataclasses import replace

from mtgrules.encodings.cost import Plan, pay, plan
from mtgrules.encodings.cost import smt as smt_cost
from mtgrules.model.cards import Card
from mtgrules.model.casting import Casting, DuringEvent
from mtgrules.model.edition import Citation, Edition, cite
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.mana import ManaCost
from mtgrules.model.source import Field
from mtgrules.model.state import GameState
from mtgrules.model.vocabulary import (
    MAX_AMOUNT,
    card_at,
    mana_abilities_at,
    param,
    printed_cost,
    sacrifice_cost,
    statics_at,
)
from mtgrules.queries.cost_witness import CostStage, CostTotal, NoPayment, Payment
from mtgrules.queries.kinds import QuestionKind, register
from mtgrules.queries.outcome import CostOutcome
from mtgrules.queries.verdict import Verdict, citations

CASTING_FIELDS = ["player", "card", "from", "ability", "x", "mode", "targets", "division",
                  "alternative", "kicked", "pay", "sacrifice", "exile", "during"]
SORCERY_SPEED = ("sorcery", "creature", "artifact", "enchantment", "planeswalker", "battle",
                 "kindred")


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
    card = card_at(state, card_id)
    ability = None
    if activating:
        ability = node["ability"].int(1)
        count = len(card.abilities_of("activated")) + len(card.abilities_of("mana"))
        if ability > count:
            raise node["ability"].error(f"{card.name} has {count} activated or mana abilities",
                                        f"a number from 1 to {count}" if count else
                                        "a card with an activated ability")
    x = node["x"].int(0, MAX_AMOUNT) if node.has("x") else None
    cost = printed_cost(card, ability)
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
    if kicked and card.kicker is None:
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
    during = _during_events(node.get("during", []), state, player)
    ask = node["ask"].choice(("total", "payment"), "cost question") if node.has("ask") else "payment"
    return Casting(player, card_id, zone, ability, x, None, targets, division, alternatives,
                   kicked, pay, sacrifice, exile, during, ask)


def _suggest(name: str, known: list[str]) -> str:
    from mtgrules.model.source import did_you_mean
    return did_you_mean(name, known)


def _target(node: Field, state: GameState) -> str:
    name = node.str()
    known = [*state.names, *(o.id for _, _, o in state.objects("battlefield")),
             *(o.id for _, _, o in state.objects("stack"))]
    if name not in known:
        raise node.unknown(name, known, "target (a player, or an object on the battlefield or "
                           "the stack)")
    return name


def _division(node: Field, targets: tuple[str, ...], card: Card) -> tuple[int, ...]:
    damage = [i for i in card.resolve if i.verb == "damage"]
    divided = [i for i in damage if param(i, "divided") == "announced"]
    if not divided:
        how = [i for i in damage if param(i, "divided")]
        why = (f"{card.name} divides its damage {param(how[0], 'divided')} on its own" if how
               else f"{card.name} divides nothing")
        raise node.error(why, "no 'division' field for this card (CR 601.2d applies only to "
                         "spells whose player announces a division)")
    node.mapping(optional=targets)
    for t in targets:
        if not node.has(t):
            raise node.error(f"the division gives nothing for target '{t}'",
                             f"an amount for each target: {', '.join(targets)}")
    return tuple(node[t].int(0, MAX_AMOUNT) for t in targets)


def _alternative(node: Field, card: Card, state: GameState, player: str) -> str:
    name = node.str()
    if name == "card":
        if not card.alternative_costs:
            raise node.error(f"{card.name} has no alternative cost of its own",
                             "'card' only for a card with an alternative cost, or the name of a "
                             "permanent that lets the spell be cast without paying its mana cost")
        return name
    granting = [o.id for o in state.controlled(player)
                if any(i.verb == "cast-without-paying" for i in statics_at(state, o.id))]
    if name not in granting:
        raise node.unknown(name, ["card", *granting], "alternative cost (or permanent granting one)")
    return name


def _choice_symbols(card: Card, ability: int | None, kicked: bool,
                    alternatives: tuple[str, ...]):
    base = printed_cost(card, ability) if not alternatives else ManaCost()
    symbols = list(base.choices if base else ())
    if kicked and card.kicker is not None:
        symbols += card.kicker.choices
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


def _during_events(node: Field, state: GameState, player: str) -> tuple[DuringEvent, ...]:
    """The mana abilities' events of 601.2g, in order. Each names a permanent still there to
    use: one tapped for mana is untapped until then, one sacrificed is used no more."""
    events: list[DuringEvent] = []
    tapped = {o.id for _, _, o in state.objects("battlefield") if o.tapped}
    gone: dict[str, str] = {}
    for entry in node.list():
        event = _during(entry, state, player)
        for name, obj in (("tap", event.object), ("sacrifice", event.object), ("to", event.to)):
            if obj is None or not entry.has(name):
                continue
            if obj in gone:
                raise entry[name].error(f"'{obj}' was sacrificed by an earlier event ({gone[obj]})",
                                        "a permanent still on the battlefield")
            if name == "tap" and obj in tapped:
                raise entry[name].error(f"'{obj}' is tapped already", "an untapped permanent to "
                                        "tap for mana (one tapped in the state or by an earlier "
                                        "event can't be tapped again)")
        if event.action == "tap":
            tapped.add(event.object)
        else:
            gone[event.object] = str(event)
        events.append(event)
    return tuple(events)


def _during(node: Field, state: GameState, player: str) -> DuringEvent:
    node.mapping(optional=["tap", "sacrifice", "to"])
    if node.has("tap") == node.has("sacrifice"):
        raise node.error("a mana-ability event names exactly one of 'tap' or 'sacrifice'",
                         "{tap: OBJECT} or {sacrifice: CREATURE, to: PERMANENT}")
    mine = [o.id for o in state.controlled(player)]
    if node.has("tap"):
        obj = node["tap"].str()
        tappers = [o for o in mine if any(a.cost == ("tap",) for a in mana_abilities_at(state, o))]
        if obj not in tappers:
            raise node["tap"].unknown(obj, tappers, f"permanent {player} can tap for mana")
        return DuringEvent("tap", obj)
    obj = node["sacrifice"].str()
    if not node.has("to"):
        raise node.error("the required field 'to' is missing",
                         "the permanent whose mana ability sacrifices it, e.g. to: Ashnod's Altar")
    altars = [o for o in mine if any(sacrifice_cost(a) for a in mana_abilities_at(state, o))]
    to = node["to"].str()
    if to not in altars:
        raise node["to"].unknown(to, altars, "permanent with a mana ability that sacrifices")
    creatures = [o.id for o in state.controlled(player, "creature")]
    if obj not in creatures:
        raise node["sacrifice"].unknown(obj, creatures, f"creature {player} controls")
    return DuringEvent("sacrifice", obj, to)


# -- answers --------------------------------------------------------------------------------

def cost_steps(plan_: Plan, total: smt_cost.TotalCost) -> tuple[CostStage, ...]:
    """The witness: how the total was built, stage by stage."""
    out = []
    for st in total.stages:
        what = {"base": plan_.base_text}.get(st.name, st.name)
        out.append(CostStage(st.name, st.source if st.name != "base" else what, st.cost))
    return tuple(out)


def _base_citations(plan_: Plan, edition: Edition) -> list[Citation]:
    return [cite(k, edition) for k in sorted(plan_.rules)]


def total_cost(casting: Casting, state: GameState, edition: Edition | str | None = None) -> Verdict:
    """The locked total cost of a proposed cast (CR 601.2f) and how it was built: the
    outcome ``CostOutcome.TOTAL``, the total in ``total``, the stages in the witness.

    >>> from mtgrules.model.state import GameState
    >>> state = GameState.from_dict({"players": ["alice", "bob"], "alice": {
    ...     "hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Sphere of Resistance"]}})
    >>> v = total_cost(Casting("alice", "Lightning Bolt", targets=("bob",)), state)
    >>> v.outcome, v.total, [(s.stage, s.mana) for s in v.witness.steps]
    (<CostOutcome.TOTAL: 'total'>, '{1}{R}', [('base', '{R}'), ('increase', '{1}{R}')])
    """
    edition = Edition.of(edition)
    p = plan(casting, state, edition)
    if p.at_lock is None:
        return Verdict("cost", CostOutcome.UNPAYABLE,
                       citations([cite(k, edition) for k in sorted(p.unpayable_rules)]),
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
    witness = CostTotal(str(locked), locked.mana_text, locked.life, tuple(p.non_mana),
                        cost_steps(p, locked), tuple(locked.announced))
    details = {"locked": str(locked), "would_be_after_events": str(would_be) if would_be else None,
               "mana_value": p.mana_value}
    return Verdict("cost", CostOutcome.TOTAL, citations(cited), tuple(reasons), witness=witness,
                   backend="smt", edition=edition.date, details=details, total=locked.mana_text)


def _modifier_reasons(p: Plan, edition: Edition) -> list[str]:
    out = []
    for m, _ in p.modifiers:
        out.append(f"{m} applies.")
    for source, why in p.ignored:
        out.append(f"{source} doesn't apply: {why}.")
    if "floor_last" in p.explains:
        out.append(f"{cite(p.explains['floor_last'], edition)}: an effect that sets the total is applied "
                   "after every increase and reduction, then the total is locked.")
    return out


def _lock_reason(p: Plan, locked, would_be, edition: Edition) -> str:
    events = ", ".join(f"{s} ({e})" for s, e in p.dropped_after)
    return (f"{cite(p.explains['locked_before_events'], edition)}: the total was locked in at "
            f"{locked} before the mana abilities; that {events} no longer matters (determined "
            f"afterwards it would have been {would_be}).")


def payment(casting: Casting, state: GameState, edition: Edition | str | None = None) -> Verdict:
    """Whether the locked total cost can be paid (CR 601.2g–h, 118.3, 119.4), with a
    ``Payment`` or the reason none exists (``NoPayment``).

    >>> from mtgrules.model.state import GameState
    >>> state = GameState.from_dict({"players": ["alice", "bob"], "alice": {
    ...     "hand": ["Lightning Bolt"], "battlefield": ["Mountain", "Sphere of Resistance"]}})
    >>> v = payment(Casting("alice", "Lightning Bolt", targets=("bob",)), state)
    >>> v.outcome, v.counterexample.why
    (<CostOutcome.UNPAYABLE: 'unpayable'>, ...)
    """
    edition = Edition.of(edition)
    p = plan(casting, state, edition)
    result, cited, reasons = pay_plan(p, edition)
    if isinstance(result, smt_cost.Payment):
        witness = payment_witness(p, result)
        return Verdict("cost", CostOutcome.PAYABLE, citations(cited), tuple(reasons), witness=witness,
                       backend="smt", edition=edition.date,
                       details={"locked": str(result.total)})
    counter = NoPayment(tuple(result.short) if result else ("unpayable cost",),
                        tuple(result.details) if result else (f"{p.card.name} has no mana cost",))
    return Verdict("cost", CostOutcome.UNPAYABLE, citations(cited), tuple(reasons), counterexample=counter,
                   backend="smt", edition=edition.date,
                   details={"locked": str(result.total) if result and result.total else None})


def pay_plan(p: Plan, edition: Edition):
    """Run the payment search for a plan; returns (Payment | NoPayment | None, citations,
    reasons). ``None`` means the cost is unpayable by nature (no mana cost, CR 118.6)."""
    paid = pay(p, edition)
    result = paid.result
    cited = _base_citations(p, edition) + [cite(k, edition) for k in sorted(paid.rules)]
    if result is None:
        return None, cited, [f"{p.card.name} has no mana cost, which can't be paid."]
    reasons = _modifier_reasons(p, edition)
    if isinstance(result, smt_cost.Payment):
        total = result.total
        if p.dropped_after:
            assert p.at_lock is not None and p.after is not None  # a payable cost has both
            _, would_be = smt_cost.total_cost(
                replace(p.at_lock, announced=total.announced),
                replace(p.after, announced=total.announced))
            reasons.append(_lock_reason(p, total, would_be, edition))
        reasons.insert(0, f"The locked total cost {total} can be paid.")
        for victim in result.sacrificed:
            if victim in paid.sacrificed_sources:
                reasons.append(f"{victim} is sacrificed while paying ({cite('cast.pay', edition)}), "
                               f"after the total was locked ({cite('cast.total-cost', edition)}): "
                               "its effect on the cost still counts.")
        return result, cited, reasons
    reasons.insert(0, "No payment of the locked total cost exists: " + "; ".join(result.details)
                   + ". Partial payments are not allowed.")
    return result, cited, reasons


def payment_witness(p: Plan, result: smt_cost.Payment) -> Payment:
    return Payment(str(result.total), tuple(str(e) for e in p.casting.during),
                   tuple(result.activations), tuple(f"{mana} for {req}" for req, mana in result.spent),
                   result.life, tuple(result.sacrificed), tuple(result.cards),
                   tuple(result.total.announced), cost_steps(p, result.total))


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
