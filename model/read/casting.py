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
    activated_ability,
    card_at,
    mana_abilities_at,
    param,
    printed_cost,
    sacrifice_cost,
    statics_at,
)

CASTING_FIELDS = ["player", "card", "from", "ability", "x", "modes", "targets", "division",
                  "alternative", "kicked", "kicker-x", "entwined", "buyback", "splice", "pay",
                  "sacrifice", "exile", "discard", "convoke", "improvise", "delve", "during"]


def parse_casting(node: Field, state: GameState, extra: tuple[str, ...] = ()) -> Casting:
    """A ``Casting`` from a scenario's question (every mistake names file, line and field).
    The reader checks that each announcement is one the card offers and names things that
    exist; whether the announcements are legal together is the casting rules' to say."""
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
    modes = _modes(node, card, ability)
    targets = tuple(_target(t, state) for t in node.get("targets", []).list())
    division = None
    if node.has("division"):
        division = _division(node["division"], targets, card)
    alternatives = tuple(_alternative(a, card, state, player)
                         for a in node.get("alternative", []).list(allow_single=True))
    kicked, kicker_x = _kicker(node, card)
    entwined = _offered(node, "entwined", card.entwine is not None, f"{card.name} has no entwine")
    buyback = _offered(node, "buyback", card.buyback is not None, f"{card.name} has no buyback")
    splice = tuple(_splice(o, state, player, card_id)
                   for o in node.get("splice", []).list(allow_single=True))
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
    discard = tuple(_own(o, state, player, "hand") for o in
                    node.get("discard", []).list(allow_single=True))
    helpers = {}
    for key, where in (("convoke", "battlefield"), ("improvise", "battlefield"),
                       ("delve", "graveyard")):
        if node.has(key) and key not in card.keywords:
            raise node[key].error(f"{card.name} has no {key}", f"no '{key}' field for this card")
        helpers[key] = tuple(_own(o, state, player, where) for o in
                             node.get(key, []).list(allow_single=True))
    during = _during_events(node.get("during", []), state, player)
    ask = node["ask"].choice(("total", "payment"), "cost question") if node.has("ask") else "payment"
    return Casting(player, card_id, zone, ability, x, modes, targets, division, alternatives,
                   kicked, kicker_x, entwined, buyback, splice, pay, sacrifice, exile, discard,
                   helpers["convoke"], helpers["improvise"], helpers["delve"], during, ask)


def _modes(node: Field, card: Card, ability: int | None) -> tuple[int, ...]:
    """The modes announced (CR 601.2b; an activated ability's, 602.2b): numbers of the card's
    (or the ability's) modes; how many and whether one may repeat is the rules' to say (CR 700.2)."""
    if not node.has("modes"):
        return ()
    modes = card.modes if ability is None else activated_ability(card, ability).modes
    if modes is None:
        raise node["modes"].error(f"{card.name} is not modal" if ability is None else
                                  f"{card.name}'s ability {ability} has no modes",
                                  "no 'modes' field for this card" if ability is None else
                                  "no 'modes' field for this ability")
    count = len(modes.options)
    return tuple(m.int(1, count) for m in node["modes"].list(allow_single=True))


def _kicker(node: Field, card: Card) -> tuple[int, int | None]:
    """How many times the kicker is paid (``kicked: true`` once, a number for multikicker),
    and the X of a kicker with {X}."""
    kicked = 0
    if node.has("kicked"):
        field = node["kicked"]
        if card.kicker is None and card.multikicker is None:
            raise field.error(f"{card.name} has no kicker", "a card with kicker")
        # how many times a kicker may be paid is the rules' to say (CR 702.33a, c)
        kicked = int(field.bool()) if isinstance(field.value, bool) else field.int(0, MAX_AMOUNT)
    kicker = card.kicker or card.multikicker
    has_x = kicker is not None and bool(kicker.x_count)
    kicker_x = node["kicker-x"].int(0, MAX_AMOUNT) if node.has("kicker-x") else None
    if kicker_x is not None and not has_x:
        raise node["kicker-x"].error(f"{card.name} has no kicker with {{X}}", "no 'kicker-x' field")
    if has_x and kicked and kicker_x is None:
        raise node.error(f"{card.name}'s kicker has {{X}} but no value of X is announced",
                         "a field 'kicker-x' (CR 601.2b: X is announced while casting)")
    return kicked, kicker_x


def _offered(node: Field, key: str, offered: bool, why: str) -> bool:
    if not node.has(key):
        return False
    if not offered:
        raise node[key].error(why, f"no '{key}' field for this card")
    return node[key].bool()


def _splice(node: Field, state: GameState, player: str, spell: str) -> str:
    """A card revealed from the caster's hand to splice (whether it may be spliced onto this
    spell is the rules' to say, CR 702.47a)."""
    name = _own(node, state, player, "hand")
    if name == spell:
        raise node.error(f"'{name}' is the spell being cast", "another card in the hand")
    if card_at(state, name).splice_onto is None:
        raise node.error(f"{card_at(state, name).name} has no splice", "a card with splice")
    return name


def _own(node: Field, state: GameState, player: str, zone: str) -> str:
    """An object of ``player``'s in ``zone`` (the battlefield: one they control)."""
    name = node.str()
    known = ([o.id for o in state.controlled(player)] if zone == "battlefield"
             else [o.id for o in state.player(player).zone(zone)])
    if name not in known:
        raise node.unknown(name, known, f"object in {player}'s {zone}" if zone != "battlefield"
                           else f"permanent {player} controls")
    return name


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
    for word, offered in (("flashback", card.flashback), ("face-down", card.morph)):
        if name == word:
            if offered is None:
                raise node.error(f"{card.name} has no {'morph' if word == 'face-down' else word}",
                                 "an alternative cost the card offers")
            return name
    if name == "card":
        if not card.alternative_costs:
            raise node.error(f"{card.name} has no alternative cost of its own",
                             "'card' only for a card with an alternative cost, or the name of a "
                             "permanent that lets the spell be cast without paying its mana cost")
        return name
    granting = [o.id for o in state.controlled(player)
                if any(i.verb == "cast-without-paying" for i in statics_at(state, o.id))]
    if name not in granting:
        raise node.unknown(name, ["card", "flashback", "face-down", *granting],
                           "alternative cost (or permanent granting one)")
    return name


def _choice_symbols(card: Card, ability: int | None, kicked: int,
                    alternatives: tuple[str, ...]) -> list[ManaSymbol]:
    base = printed_cost(card, ability) if not alternatives else ManaCost()
    symbols = list(base.choices if base else ())
    kicker = card.kicker or card.multikicker
    if kicked and kicker is not None:
        symbols += list(kicker.choices) * kicked
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

