"""Reading a proposed cast or activation (``Casting``) from a scenario's cost or cast question:
the card and where it is, X, targets, division, alternative and additional costs, kicker, how
each hybrid and Phyrexian symbol will be paid, and the mana abilities' events of 601.2g."""
from __future__ import annotations

from collections.abc import Sequence

from mtgrules.model.cards import Card
from mtgrules.model.casting import Casting, DuringEvent
from mtgrules.model.mana import ManaCost, ManaSymbol
from mtgrules.model.source import Field, did_you_mean
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

CASTING_FIELDS = ["player", "card", "from", "ability", "x", "mode", "targets", "division",
                  "alternative", "kicked", "pay", "sacrifice", "exile", "during"]


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
                                 did_you_mean(card_id, here))
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
                    alternatives: tuple[str, ...]) -> list[ManaSymbol]:
    base = printed_cost(card, ability) if not alternatives else ManaCost()
    symbols = list(base.choices if base else ())
    if kicked and card.kicker is not None:
        symbols += card.kicker.choices
    return symbols


def _announcement(node: Field, symbols: Sequence[ManaSymbol], index: int) -> str | None:
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

