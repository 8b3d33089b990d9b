"""The facts the temporal core reads: a game state, its cards, the laws of an edition,
and the players' decisions. Values in, clingo terms out — no rule is decided here.

Every term is built as a ``clingo.Symbol`` and written with its own escaping, so no text
from a scenario is ever pasted into a program.
"""
from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any

import clingo

from mtgrules.model import vocabulary
from mtgrules.model.cards import Card, Instruction
from mtgrules.model.edition import Edition, rulebook
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.mana import ManaCost, ManaCostError, parse_pool
from mtgrules.model.state import GameObject, GameState
from mtgrules.model.timeline import END, Condition, Decision, Point

Sym = clingo.Symbol
F = clingo.Function
S = clingo.String
N = clingo.Number

COLOUR = {"W": "w", "U": "u", "B": "b", "R": "r", "G": "g", "C": "c"}
STEP_ATOM = {s: s.replace("-", "_") for s in (
    "untap", "upkeep", "draw", "main1", "beginning-of-combat", "declare-attackers",
    "declare-blockers", "combat-damage", "end-of-combat", "main2", "end", "cleanup")}
TRIGGERS = {when: when.replace("-", "_") for when in vocabulary.TRIGGERS}
# Who an instruction names, as the core reads it.
WHO = {"you": "you", "target": "target", "each-player": "each_player",
       "opponents": "each_opponent", "that-player": "that_player"}
assert set(WHO) == set(vocabulary.WHO)
SEARCHABLE = {"basic-land": "basic_land", "land": "land", "creature": "creature", "card": "card"}
TARGET_KINDS = ("any", "player", "opponent", "creature", "spell")


def a(name: str, *args: Sym) -> Sym:
    return F(name, list(args))


def fact(symbol: Sym) -> str:
    """A fact in program text, the symbol escaped by clingo itself."""
    return f"{symbol}."


class Unsupported(UnsupportedQuestion):
    """The state or the question uses something the core does not model yet."""


def state_facts(state: GameState, edition: Edition) -> list[Sym]:
    """Every fact about ``state``: what stays fixed, and its fluents as ``init``."""
    static, fluents = split_state(state, edition)
    return static + [a("init", f) for f in fluents]


def split_state(state: GameState, edition: Edition, stack_targets: dict[str, str] | None = None,
                ) -> tuple[list[Sym], list[Sym]]:
    """The facts that stay fixed through a trace, and the fluents of ``state``;
    ``stack_targets`` gives the target of objects on the stack, where a question knows it."""
    stack_targets = stack_targets or {}
    out: list[Sym] = []
    names = state.names
    for seat, name in enumerate(names):
        out += [a("player", S(name)), a("seat", S(name), N(seat))]
    for key, rule in rulebook().items():
        if rule.holds_in(edition):
            out.append(a("law", S(key)))
    init: list[Sym] = []
    init.append(a("step", F(STEP_ATOM[state.step.value], [])))
    init.append(a("active", S(state.active)))
    init.append(a("turn", N(state.turn or 0)))
    if state.priority:
        if state.step.value == "untap":
            raise Unsupported("no player receives priority in the untap step (CR 502.4); "
                              "start the state in the upkeep, or without 'priority'")
        init.append(a("prio_to", S(state.priority)))
        if state.step.value == "cleanup":
            # priority in cleanup means something happened there: another cleanup follows (514.3a)
            init.append(F("cleanup_again", []))
    else:
        init.append(a("at_start", F(STEP_ATOM[state.step.value], [])))
    stack_position = 0
    for p in state.players:
        init.append(a("life", S(p.name), N(p.life)))
        init.append(a("lands", S(p.name), N(p.lands_played)))
        try:
            pool = parse_pool(p.mana_pool)
        except ManaCostError as exc:
            raise Unsupported(f"{p.name}'s mana pool: {exc}") from None
        for letter, amount in pool.items():
            init.append(a("pool", S(p.name), F(COLOUR[letter], []), N(amount)))
        for zone, objects in p.zones:
            for position, obj in enumerate(objects, start=1):
                out += object_facts(state, obj)
                init.append(a("zone", S(obj.id), F(zone, [])))
                if zone == "library":
                    out.append(a("libpos", S(obj.id), N(position)))
                if zone == "hand":
                    init.append(a("knows", S(obj.owner), S(obj.id)))
                if zone == "stack":
                    stack_position += 1
                    init.append(a("stack", S(obj.id), N(stack_position)))
                    card = state.card_of(obj)
                    if obj.id in stack_targets:
                        init.append(a("target", S(obj.id), S(stack_targets[obj.id])))
                    elif card and card.targets:
                        raise Unsupported(f"'{obj.id}' is on the stack with a target the state "
                                          "does not give; start before it is cast instead")
                if obj.tapped:
                    init.append(a("tapped", S(obj.id)))
                if obj.attacking:
                    init.append(a("attacking", S(obj.id)))
    for player, object_id in sorted(state.known):
        init.append(a("knows", S(player), S(object_id)))
    out += effect_facts(state)
    return out, init


def object_facts(state: GameState, obj: GameObject) -> Iterator[Sym]:
    o = S(obj.id)
    yield a("object", o)
    yield a("owner", o, S(obj.owner))
    yield a("controller", o, S(obj.controller))
    card = state.card_of(obj)
    if card is None:
        return
    yield a("name", o, S(card.name))
    for t in sorted(card.types):
        yield a("is", o, F(t, []))
    for t in sorted(card.supertypes):
        yield a("super", o, F(t, []))
    for k in sorted(card.keywords):
        yield a("keyword", o, F(k.replace(" ", "_"), []))
    if card.power is not None:
        yield a("power", o, N(card.power))
    if card.toughness is not None:
        yield a("toughness", o, N(card.toughness))
    yield from cost_facts(card, o)
    yield from target_facts(card.targets, a("spell", o), card.name)
    for i, ins in enumerate(card.resolve, start=1):
        yield a("instr", a("spell", o), N(i), instruction_term(ins))
    activated = 0
    for ability in card.abilities:
        if ability.kind == "mana":
            if tuple(ability.cost) != ("tap",) or not ability.produces:
                yield a("odd_mana_ability", o)
                continue
            try:
                pool = parse_pool(ability.produces)
            except ManaCostError:
                pool = None
            if not pool or sum(pool.values()) != 1:
                raise Unsupported(f"{card.name}: a mana ability adding {ability.produces} "
                                  "(the core adds one mana at a time)")
            (letter,) = pool
            yield a("mana_ability", o, F(COLOUR[letter], []))
        elif ability.kind == "activated":
            activated += 1
            number = N(activated)
            yield a("ability", o, number)
            for item in ability.cost:
                for part in cost_items(card, item):
                    yield a("ability_cost", o, number, part)
            targets = tuple(str(i.get("target")) for i in ability.effect
                            if i.get("target") in TARGET_KINDS)
            yield from target_facts(targets[:1], a("ability", o, number), card.name)
            for i, ins in enumerate(ability.effect, start=1):
                yield a("instr", a("ability", o, number), N(i), instruction_term(ins))
        elif ability.kind == "triggered":
            when = TRIGGERS.get(ability.trigger or "")
            if when is None:
                raise Unsupported(f"{card.name}: a trigger on '{ability.trigger}' (the core knows "
                                  + ", ".join(TRIGGERS) + ")")
            number = N(card.abilities.index(ability) + 1)
            yield a("trigger", o, number, F(when, []))
            for i, ins in enumerate(ability.effect, start=1):
                yield a("instr", a("trig", o, number), N(i), instruction_term(ins))
        elif ability.kind == "static":
            for ins in ability.effect:
                yield from static_facts(card, o, ins)


def cost_facts(card: Card, o: Sym) -> Iterator[Sym]:
    if card.is_a("land"):
        return
    if card.alternative_costs or card.kicker:
        yield a("speed", o, F("unsupported", []))
        return
    for i, extra in enumerate(card.additional_costs, start=1):
        (kind, what), = extra if len(extra) == 1 else ((None, None),)
        if kind != "sacrifice" or what not in ("land", "creature", "artifact", "enchantment"):
            yield a("speed", o, F("unsupported", []))
            return
        yield a("add_cost", o, N(i), a("sacrifice", F("you", []), F(str(what), []), N(1)))
    cost = card.mana_cost or ManaCost()
    if cost.choices or cost.x_count:
        yield a("speed", o, F("unsupported", []))
        return
    counts = cost.counts()
    for letter, amount in sorted(counts.items()):
        if letter == "generic":
            yield a("generic", o, N(amount))
        elif letter in COLOUR:
            yield a("cost", o, F(COLOUR[letter], []), N(amount))
    fast = card.is_a("instant") or "flash" in card.keywords
    yield a("speed", o, F("instant" if fast else "sorcery", []))


def target_facts(targets: Sequence[str], src: Sym, name: str) -> Iterator[Sym]:
    if len(targets) > 1:
        raise Unsupported(f"{name}: more than one target")
    for kind in targets:
        if kind not in TARGET_KINDS:
            raise Unsupported(f"{name}: a target of kind '{kind}' (the core knows "
                              + ", ".join(TARGET_KINDS) + ")")
        yield a("targets", src, F(kind, []))


def cost_items(card: Card, item: object) -> list[Sym]:
    """One item of an activation cost as the core reads it: {T}, sacrificing the source, or
    mana (each colour's symbols, and the generic part)."""
    if item == "tap":
        return [F("tap", [])]
    if isinstance(item, tuple) and len(item) == 1:
        key, value = item[0]
        if key == "sacrifice" and value == "self":
            return [F("sacrifice", [])]
        if key == "mana":
            cost = ManaCost.parse(str(value))
            if not cost.choices and not cost.x_count:
                out = []
                for letter, amount in sorted(cost.counts().items()):
                    if letter == "generic":
                        out.append(a("generic", N(amount)))
                    elif letter in COLOUR:
                        out.append(a("mana", F(COLOUR[letter], []), N(amount)))
                if out:
                    return out
    raise Unsupported(f"{card.name}: an activation cost {item!r} (the core pays {{T}}, "
                      "sacrificing the source, and plain mana)")


def instruction_term(ins: Instruction) -> Sym:
    """An instruction as the core reads it, or ``unsupported(verb)``: the core refuses a
    trace that reaches it, rather than skipping it."""
    v = ins.verb
    given = {p.name for p in vocabulary.VERBS[v].params}

    def get(name: str) -> Any:
        return vocabulary.param(ins, name) if name in given else None

    who = WHO.get(str(get("who")))
    target = get("target")
    target_who = "target" if target in TARGET_KINDS else WHO.get(str(target)) if target else None
    amount = get("amount")
    count = get("count")
    if v == "damage" and isinstance(amount, int) and target_who and not get("divided"):
        return a("damage", N(amount), F(target_who, []))
    if v in ("gain-life", "lose-life") and isinstance(amount, int) and who:
        return a("gain" if v == "gain-life" else "lose", F(who, []), N(amount))
    if v == "draw" and who and isinstance(count, int):
        return a("draw", F(who, []), N(count))
    if v == "discard" and who and isinstance(count, int) and not get("random"):
        if get("chosen-by") == "you":
            return a("discard_chosen", F(who, []), F("you", []), N(count))
        return a("discard", F(who, []), N(count))
    if v in ("scry", "surveil") and who and isinstance(count, int):
        return a(v, F(who, []), N(count))
    if v == "look" and who and get("at") == "library-top" and isinstance(count, int):
        return a("look_top", F(who, []), N(count))
    if v == "look" and who and get("at") == "target-hand":
        return a("look_hand", F(who, []), F("target", []))
    if v == "reveal" and who and get("what") == "hand":
        return a("reveal_hand", F(who, []))
    if v == "counter" and target == "spell":
        return a("counter", F("target", []))
    to = str(get("to"))
    if v == "search" and who and isinstance(count, int) and to in ("hand", "battlefield"):
        return a("search", F(who, []), F(SEARCHABLE[str(get("what"))], []), N(count), F(to, []),
                 F("tapped" if get("tapped") else "untapped", []))
    if v == "sacrifice" and who and isinstance(count, int):
        unless = get("unless")
        unless = dict(unless) if unless is not None else None
        if unless is None:
            return a("sacrifice", F(who, []), F(str(get("what")), []), N(count))
        if (get("what") == "self" and unless.get("do") == "discard" and unless.get("who", "you") == "you"
                and isinstance(unless.get("count", 1), int)):
            return a("unless_discard", F(who, []), N(unless.get("count", 1)))
    if v == "return" and who and isinstance(count, int) and get("from") == "graveyard" \
            and get("to") == "hand":
        return a("return", F(who, []), F(str(get("what")).replace("-", "_"), []), N(count))
    if v == "animate" and get("duration") in (None, "turn"):
        return a("animate")
    if v == "balance":
        return a("balance", F(str(get("what")), []))
    if v == "shuffle" and who:
        return a("shuffle", F(who, []))
    return a("unsupported", S(str(ins)))


def static_facts(card: Card, o: Sym, ins: Instruction) -> Iterator[Sym]:
    if ins.verb == "override-rule" and ins.get("rule") == "maximum-hand-size":
        yield a("static", o, F("no_max_hand", []))
    elif ins.verb == "forbid" and ins.get("action") == "gain-life" and ins.get("who") == "each-player":
        yield a("static", o, a("forbid", F("gain_life", []), F("each_player", [])))
    elif ins.verb == "forbid" and ins.get("action") == "lose-game" and ins.get("who") == "you":
        yield a("static", o, F("cant_lose", []))
    elif ins.verb == "override-rule" and ins.get("rule") == "enters-untapped":
        yield a("static", o, F("enters_tapped", []))
    elif ins.verb == "forbid" and ins.get("action") == "win-game":
        pass  # nobody wins in the core: a loss ends the trace
    else:
        raise Unsupported(f"{card.name}: the static ability {ins} is not modelled by the core yet")


def effect_facts(state: GameState) -> Iterator[Sym]:
    """Lasting effects in force (CR 611): extra land plays, and prohibitions on them."""
    for n, effect in enumerate(state.effects, start=1):
        ins = effect.instruction
        if ins.verb == "permit" and ins.get("action") == "play-land" and ins.get("who") == "you":
            yield a("extra_land", S(effect.controller), N(int(ins.get("count", 1))), N(n))
        elif ins.verb == "forbid" and ins.get("action") == "play-land":
            who = ins.get("who")
            players: Iterable[str]
            if who == "target" and effect.target:
                players = (effect.target,)
            elif who == "you":
                players = (effect.controller,)
            elif who == "opponents":
                players = state.opponents(effect.controller)
            elif who == "each-player":
                players = state.names
            else:
                raise Unsupported(f"the effect of {effect.source}: who '{who}'")
            for p in players:
                yield a("no_land", S(p))
        else:
            raise Unsupported(f"the effect of {effect.source} ({ins}) is not modelled by the core yet")


# -- decisions, points, conditions -------------------------------------------------------------

def point_term(point: Point) -> Sym | None:
    if point.kind == "step":
        return a("step", F(STEP_ATOM[point.step.value], []))  # type: ignore[union-attr]
    if point.kind == "player-step":
        return a("step", S(point.player or ""), F(STEP_ATOM[point.step.value], []))  # type: ignore[union-attr]
    if point.kind == "next-turn":
        return F("next_turn", [])
    return None


def decision_term(k: int, d: Decision) -> Sym:
    """Script entry ``k`` as the core reads it (the inputs of script.lp)."""
    entry = N(k)
    p = S(d.player or "")
    target = S(d.target) if d.target else F("none", [])
    pay = entry if d.paying else F("auto", [])
    obj = S(d.objects[0]) if d.objects else S("")
    if d.verb in ("pass", "hold"):
        return a(d.verb, p)
    if d.verb == "cast":
        return a("cast", p, obj, target, pay)
    if d.verb == "activate":
        return a("activate", p, obj, N(d.ability), target, pay)
    if d.verb in ("mana", "play"):
        return a(d.verb, p, obj)
    if d.verb in ("attack", "block", "discard", "choose", "order"):
        return a(d.verb, p, entry)
    return a("pass_until", point_term(d.until or END) or F("end", []))


def script_facts(script: Sequence[Decision], until: Point) -> list[Sym]:
    out: list[Sym] = []
    for k, d in enumerate(script, start=1):
        K = N(k)
        term = decision_term(k, d)
        out.append(a("script", K, term))
        if d.verb in ("attack", "discard", "choose", "order"):
            for i, o in enumerate(d.objects, start=1):
                out.append(a("script_list", K, N(i), S(o)))
        for blocker, attacker in d.blocks:
            out.append(a("script_pair", K, S(blocker), S(attacker)))
        for letter, amount in d.paying:
            out.append(a("script_pay", K, F(COLOUR[letter], []), N(amount)))
        if d.verb == "pass-until" and d.until is not None:
            pt = point_term(d.until)
            if pt is not None:
                out.append(a("point", pt))
    end = point_term(until)
    if end is not None:
        out += [a("point", end), a("until", end)]
    return out


def condition_facts(conditions: Sequence[Condition]) -> list[Sym]:
    out = []
    for i, c in enumerate(conditions, start=1):
        args: list[Sym] = []
        for value in c.args:
            if isinstance(value, int):
                args.append(N(value))
            elif c.kind in ("in_zone",) and value in ("hand", "library", "battlefield", "graveyard",
                                                      "stack", "exile") and args:
                args.append(F(str(value), []))
            elif c.kind == "count" and len(args) == 1:
                args.append(F(str(value), []))
            elif c.kind == "step":
                args.append(F(STEP_ATOM[str(value)], []))
            else:
                args.append(S(str(value)))
        out.append(a("cond", N(i), F(c.kind, args) if args else F(c.kind, [])))
    return out
