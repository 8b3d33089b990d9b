"""Reading a game state from a scenario's ``state:`` mapping, and the object ids a question
or an effect names (``resolve_object_ids``)."""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from mtgrules.model.card_export import CardExport
from mtgrules.model.cards import CardLibrary, builtin_cards, check_tokens, parse_cards, parse_instruction
from mtgrules.model.errors import MtgRulesError
from mtgrules.model.mana import parse_pool
from mtgrules.model.source import Field
from mtgrules.model.state import (
    MAX_CARDS_IN_ZONE,
    MAX_LIFE,
    MAX_OBJECTS,
    MAX_TURN,
    PLAYER_NAME,
    ZONES,
    Effect,
    GameObject,
    GameState,
    PlayerState,
)
from mtgrules.model.turn import STEP_NAMES, Step
from mtgrules.model.vocabulary import AFFECTING, COUNTER_KINDS, LASTING_VERBS, MAX_COUNT


def scenario_cards(doc: Field) -> CardLibrary:
    """The cards a scenario's names refer to: the built-in library, with the scenario's own
    ``cards:`` (which may take their characteristics from a card export, ``cards-from:``)."""
    cards = builtin_cards()
    export = CardExport.named_by(doc["cards-from"], doc.get("cards")) if doc.has("cards-from") else None
    if doc.has("cards"):
        cards = cards.extended(parse_cards(doc["cards"], export))
        check_tokens(doc["cards"], cards)
    return cards


STATE_FIELDS = ("players", "active", "step", "priority", "effects", "turn")
PLAYER_FIELDS = ["life", "lands-played", "mana-pool", *ZONES]


def parse_state(node: Field, cards: CardLibrary) -> GameState:
    node.mapping(required=["players"], optional=["active", "step", "priority", "effects", "turn",
                                                 *[k for k in node.keys() if k not in
                                                   ("players", "active", "step", "priority",
                                                    "effects", "turn")]])
    names = [_player_name(p) for p in node["players"].list()]
    if len(names) < 2:
        raise node["players"].error(f"got {len(names)} player(s)", "at least two player names")
    for n, name in enumerate(names):
        if name in names[:n]:
            raise node["players"].list()[n].error(f"the player '{name}' is named twice",
                                                 "distinct player names")
    for key, child in node.items():
        if key not in STATE_FIELDS and key not in names:
            raise child.unknown(key, [*STATE_FIELDS, *names],
                                "state field or player")
    active = node["active"].choice(names, "player") if node.has("active") else names[0]
    step = Step(node["step"].choice(STEP_NAMES, "step")) if node.has("step") else Step.MAIN1
    priority = node["priority"].choice(names, "player") if node.has("priority") else None
    turn = node["turn"].int(1, MAX_TURN) if node.has("turn") else None

    used_ids: dict[str, int] = {}
    players = []
    total = 0
    for name in names:
        pnode = node.get(name, {})
        pnode.mapping(optional=PLAYER_FIELDS)
        zones = []
        for zone in ZONES:
            if pnode.has(zone):
                objects = _zone(pnode[zone], name, zone, cards, used_ids, names)
                total += len(objects)
                if total > MAX_OBJECTS:
                    raise pnode[zone].error(f"the game holds more than {MAX_OBJECTS} objects",
                                            f"at most {MAX_OBJECTS} objects in all zones together")
                zones.append((zone, objects))
        players.append(PlayerState(
            name=name,
            life=pnode["life"].int(-MAX_LIFE, MAX_LIFE) if pnode.has("life") else 20,
            zones=tuple(zones),
            lands_played=pnode["lands-played"].int(0, MAX_COUNT) if pnode.has("lands-played") else 0,
            mana_pool=_mana_pool(pnode["mana-pool"]) if pnode.has("mana-pool") else "",
        ))
    state = GameState(players=tuple(players), active=active, step=step, priority=priority,
                      turn=turn, cards=cards)
    effects = tuple(e for entry in node.get("effects", []).list()
                    for e in _effects(resolve_object_ids(entry, state), state))
    return replace(state, effects=effects)


def _player_name(node: Field) -> str:
    return node.name(PLAYER_NAME, "a player name", "one word of letters, digits or _ (no spaces: "
                     "lines such as 'alice passes' name players by one word)")


def _mana_pool(node: Field) -> str:
    """Mana in a pool, in symbols of the six types of mana ('' or left out: empty)."""
    text = node.str()
    try:
        parse_pool(text)
    except MtgRulesError as exc:
        why = str(exc).split(": ", 1)[-1].split(". ")[0]
        raise node.error(f"'{text}' is not a mana pool ({why})", "mana in symbols of the six "
                         "types of mana, e.g. {G}{G}{C} (CR 106.1), or '' for an empty pool") from None
    return text


def _zone(node: Field, owner: str, zone: str, cards: CardLibrary,
          used_ids: dict[str, int], names: list[str]) -> tuple[GameObject, ...]:
    entries = node.list(allow_single=isinstance(node.value, dict))
    objects: list[GameObject] = []
    for entry in entries:
        if len(objects) > MAX_CARDS_IN_ZONE:
            raise node.error(f"the zone holds more than {MAX_CARDS_IN_ZONE} objects",
                             f"at most {MAX_CARDS_IN_ZONE} objects in one zone")
        if isinstance(entry.value, dict) and entry.has("hidden"):
            entry.mapping(required=["hidden"])
            for _ in range(entry["hidden"].int(0, MAX_CARDS_IN_ZONE)):
                used_ids[f"{owner}:{zone}"] = used_ids.get(f"{owner}:{zone}", 0) + 1
                objects.append(GameObject(f"{owner}:{zone}:{used_ids[f'{owner}:{zone}']}",
                                          None, owner, owner))
            continue
        extra: dict[str, Any] = {}
        if isinstance(entry.value, dict):
            permanent_only = ["counters", "token", "damage", "entered-this-turn",
                              "loyalty-activated"]
            entry.mapping(required=["card"], optional=["tapped", "face-down", "attacking", "count",
                                                       "controller", *permanent_only])
            for key in permanent_only:
                if entry.has(key) and zone != "battlefield":
                    raise entry[key].error(f"'{key}' on a card in the {zone}",
                                           "counters, token, damage, entered-this-turn and "
                                           "loyalty-activated only on the battlefield")
            name_node = entry["card"]
            count = entry["count"].int(1, MAX_COUNT) if entry.has("count") else 1
            tapped = entry["tapped"].bool() if entry.has("tapped") else False
            face_down = entry["face-down"].bool() if entry.has("face-down") else False
            attacking = entry["attacking"].bool() if entry.has("attacking") else False
            controller = (entry["controller"].choice(names, "player") if entry.has("controller")
                          else owner)
            if entry.has("counters"):
                extra["counters"] = _counters(entry["counters"])
            if entry.has("token"):
                extra["token"] = entry["token"].bool()
            if entry.has("damage"):
                extra["damage"] = entry["damage"].int(0, MAX_COUNT * 10)
            if entry.has("entered-this-turn"):
                extra["new"] = entry["entered-this-turn"].bool()
            if entry.has("loyalty-activated"):  # a loyalty ability of it, this turn (CR 606.3)
                extra["loyalty_used"] = entry["loyalty-activated"].bool()
        else:
            name_node, count, tapped, face_down, attacking, controller = (
                entry, 1, False, False, False, owner)
        card = cards.lookup(name_node)
        for _ in range(count):
            used_ids[card.name] = used_ids.get(card.name, 0) + 1
            n = used_ids[card.name]
            object_id = card.name if n == 1 else f"{card.name}#{n}"
            objects.append(GameObject(object_id, card.name, owner, controller, tapped=tapped,
                                      face_down=face_down, attacking=attacking, **extra))
    if len(objects) > MAX_CARDS_IN_ZONE:
        raise node.error(f"the zone holds {len(objects)} objects",
                         f"at most {MAX_CARDS_IN_ZONE} objects in one zone")
    return tuple(objects)


def _counters(node: Field) -> tuple[tuple[str, int], ...]:
    """Counters on a permanent: ``{"+1/+1": 2, loyalty: 3}``, each kind once (CR 122)."""
    node.mapping(optional=COUNTER_KINDS)
    return tuple((kind, node[kind].int(0, MAX_COUNT)) for kind in COUNTER_KINDS if node.has(kind))


def _effects(node: Field, state: GameState) -> list[Effect]:
    """Continuous effects in force: the lasting instructions of a resolved card, or one
    instruction written out (``{from: X, do: forbid, …}``)."""
    names = list(state.names)
    base = {"from", "controller", "target"}
    if node.has("do"):
        node.mapping(required=["from", "controller", "do"], optional=node.keys())
        rest = {k: v for k, v in node.items() if k not in base}
        written = Field({k: v.value for k, v in rest.items()}, node.path, node.file, node.line, rest)
        instructions = [parse_instruction(written, on_card=False)]
        if instructions[0].verb not in LASTING_VERBS:  # a one-shot instruction leaves no effect
            raise node["do"].error(f"'{instructions[0].verb}' makes no lasting effect",
                                   "one of: " + ", ".join(sorted(LASTING_VERBS)))
        if instructions[0].verb in AFFECTING and node.has("what"):
            what = node["what"].str()
            if state.find(what) is None:
                raise node["what"].unknown(what, [o.id for _, _, o in state.objects()], "object")
        elif instructions[0].verb == "forbid" and node.has("what"):
            what = node["what"].str()
            if what != "self" and state.find(what) is None:
                raise node["what"].unknown(what, ["self", *(o.id for _, _, o in state.objects())],
                                           "object")
    else:
        node.mapping(required=["from", "controller"], optional=["target"])
        card = state.cards.lookup(node["from"])
        instructions = [i for i in card.resolve if i.verb in LASTING_VERBS]
        if not instructions:
            raise node["from"].error(f"'{card.name}' leaves no lasting effect",
                                     "a card whose instructions include one of: "
                                     + ", ".join(sorted(LASTING_VERBS)))
    controller = node["controller"].choice(names, "player")
    target = node["target"].choice([*names, *(o.id for _, _, o in state.objects())],
                                    "player or object") if node.has("target") else None
    return [Effect(node["from"].str(), controller, i, target) for i in instructions]


NOT_OBJECT_FIELDS = ("from", "kind", "ask", "choose", "id", "caused-by", "proposed")
"""Fields of a question or an effect whose values are not object ids (a card name of the
library, a zone, a kind, free text, a choice id)."""


LINE_LISTS = ("script", "performed")
"""Lists of a question whose text items are a player's lines: their parsers read each name by
what the line's player does with it (``model.read.lines.line_object``)."""
LINE_FIELD = "<line>"


def resolve_object_ids(node: Field, state: GameState) -> Field:
    """Object ids in a question or an effect, checked against the one ambiguity the id
    convention leaves: a bare card name binds to the first object of that name, so where
    objects of that name are listed under two different players a bare name is refused with
    the ids to use instead; ``Name#1`` is accepted for the first one (and read as ``Name``).
    Applies to a field holding an id; a player's line (``LINE_LISTS``) is left to its parser,
    which knows whose object the line means."""
    by_card: dict[str, list[GameObject]] = {}
    for _, _, obj in state.objects():
        if obj.card:
            by_card.setdefault(obj.card, []).append(obj)
    ids = {obj.id for _, _, obj in state.objects()}
    ambiguous = {name: objs for name, objs in by_card.items()
                 if len({o.owner for o in objs}) > 1 and name in ids}
    firsts = {name for name in by_card if name in ids}
    if not firsts:
        return node

    def ids_of(name: str) -> str:
        return ", ".join(f"'{name}#{n}' ({o.owner}'s)" for n, o in enumerate(ambiguous[name], 1))

    def fix(text: str, field: Field) -> str:
        for name in ambiguous:
            if re.search(rf"(?<![\w#]){re.escape(name)}(?![\w#])", text):
                first = ambiguous[name][0]
                other = next(o for o in ambiguous[name] if o.owner != first.owner)
                raise field.error(
                    f"'{name}' is ambiguous: it names {first.owner}'s {name} (the first listed), "
                    f"but {other.owner} has one too",
                    f"an object id that says which: {ids_of(name)}",
                    f"Did you mean '{other.id}' ({other.owner}'s)?")
        for name in firsts:  # Name#1 is the first object, whose id is the bare name
            text = re.sub(rf"(?<![\w#]){re.escape(name)}#1(?!\d)", name, text)
        return text

    def walk(f: Field, key: str | None) -> Field:
        if key in NOT_OBJECT_FIELDS or (key == LINE_FIELD and isinstance(f.value, str)):
            return f
        if isinstance(f.value, dict):
            kids = {k: walk(v, k) for k, v in f.items()}
            return Field({k: v.value for k, v in kids.items()}, f.path, f.file, f.line, kids)
        if isinstance(f.value, list):
            items = [walk(v, LINE_FIELD if key in LINE_LISTS else None) for v in f.list()]
            return Field([v.value for v in items], f.path, f.file, f.line, items)
        if isinstance(f.value, str):
            return Field(fix(f.value, f), f.path, f.file, f.line)
        return f

    return walk(node, None)


def refuse_mana_pools(node: Field, state: GameState, kind: str) -> None:
    """A state field the question kind does not read is refused, never silently ignored: a
    mana pool, for a ``kind`` whose answer doesn't read pools."""
    for name in state.names:
        if node.has(name) and node[name].has("mana-pool"):
            raise node[name]["mana-pool"].error(
                f"a {kind} question does not read mana pools", "no 'mana-pool' in the "
                "state of this question (the cost, cast, turn and sequencing questions read it)")
