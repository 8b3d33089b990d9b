"""The facts the temporal core reads: a game state, its cards and effects, the laws of an
edition (a question's decisions, points and conditions: ``decisions.py``). Values in, clingo
terms out — no rule is decided here.

Every term is built as a ``clingo.Symbol`` and written with its own escaping, so no text
from a scenario is ever pasted into a program.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import clingo

from mtgrules.encodings import asp
from mtgrules.encodings.common import COLOUR_ATOM, WHO, keyword_atom, modifications, static_mods
from mtgrules.model import vocabulary
from mtgrules.model.cards import Card, Instruction
from mtgrules.model.edition import Edition, MtrEdition
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.mana import ManaCost, ManaCostError, parse_pool
from mtgrules.model.state import GameObject, GameState
from mtgrules.model.vocabulary import AFFECTING

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
assert set(WHO) == set(vocabulary.WHO)
SEARCHABLE = {"basic-land": "basic_land", "land": "land", "creature": "creature", "card": "card"}
TARGET_KINDS = vocabulary.TARGETS
COLOUR_WORD = COLOUR_ATOM
"""A card's colour as the core's colour atom (what a creature convokes for, CR 702.51a; what a
colourless target is not, CR 105.2c)."""


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
                mtr: MtrEdition | None = None) -> tuple[list[Sym], list[Sym]]:
    """The facts that stay fixed through a trace, and the fluents of ``state``;
    ``stack_targets`` gives the target of objects on the stack, where a question knows it;
    ``mtr`` the edition of the tournament rules (default: the newest)."""
    from mtgrules.encodings.game.casting_facts import morph_modelled  # (it reads this module)
    stack_targets = stack_targets or {}
    out: list[Sym] = []
    names = state.names
    for seat, name in enumerate(names):
        out += [a("player", S(name)), a("seat", S(name), N(seat))]
    out += asp.in_force_facts(edition, mtr)
    out.append(a("edition", S(str(edition.date))))  # to name it where a rule is missing from it
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
    battlefield_rank = 0
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
                card_ = state.card_of(obj)
                if obj.face_down and zone == "battlefield" and card_ is not None and morph_modelled(card_):
                    # a face-down permanent of a card with morph (CR 702.37c, 708.2)
                    init.append(a("face_down", S(obj.id)))
                elif obj.face_down and zone != "library":
                    raise Unsupported(f"'{obj.id}' is face down in the {zone}: face-down objects "
                                      "(CR 708) are modelled by the core only on the battlefield, "
                                      "of a creature card with morph")
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
                        init.append(a("target", S(obj.id), N(1), S(stack_targets[obj.id])))
                    elif card and card.targets:
                        raise Unsupported(f"'{obj.id}' is on the stack with a target the state "
                                          "does not give; start before it is cast instead")
                if obj.tapped:
                    init.append(a("tapped", S(obj.id)))
                if obj.attacking:
                    init.append(a("attacking", S(obj.id)))
                if zone == "battlefield":
                    battlefield_rank += 1
                    init += permanent_fluents(state, obj, battlefield_rank)
    for player, object_id in sorted(state.known):
        init.append(a("knows", S(player), S(object_id)))
    out += token_slots(state)
    effects = list(effect_facts(state))
    init += effects
    return out, init


STATE_PERMANENT_TIME = -20_000
"""Timestamps (CR 613.7) before the trace's first event: the starting state's permanents in
the order it lists them, then its lasting effects in their order (trace times are positive;
a state holds at most a few thousand of each)."""
STATE_EFFECT_TIME = -10_000


def permanent_fluents(state: GameState, obj: GameObject, rank: int) -> list[Sym]:
    """What a permanent of the starting state carries: its timestamp, counters (a planeswalker
    the state gives no loyalty counters has its printed loyalty, as it would have entered
    with, CR 306.5b), marked damage, and whether it is new to its controller this turn."""
    o = S(obj.id)
    out = [a("since", o, N(STATE_PERMANENT_TIME + rank))]
    counters = dict(obj.counters)
    card = state.card_of(obj)
    if card is not None and card.is_a("planeswalker") and "loyalty" not in counters:
        counters["loyalty"] = card.loyalty or 0
    for kind, n in sorted(counters.items()):
        if n:
            out.append(a("counters", o, F(COUNTER[kind], []), N(n)))
    if obj.damage:
        out.append(a("damage", o, N(obj.damage)))
    if obj.new:
        out.append(a("sick", o))
    if obj.loyalty_used:  # a loyalty ability of it was activated this turn (CR 606.3)
        out.append(a("loyalty_used", o))
    return out


def token_slots(state: GameState) -> Iterator[Sym]:
    """The objects tokens a trace may create will be (``vocabulary.token_ids``)."""
    ranks: dict[tuple[str, str], int] = {}
    for name, object_id, maker in vocabulary.token_ids(state):
        ranks[name, maker] = ranks.get((name, maker), 0) + 1
        o = S(object_id)
        yield a("token_slot", S(name), S(maker), N(ranks[name, maker]), o)
        yield a("token", o)
        yield from card_facts(state.cards[name], o, GameObject(object_id, name, maker, maker))


def object_facts(state: GameState, obj: GameObject) -> Iterator[Sym]:
    o = S(obj.id)
    card = state.card_of(obj)
    if card is None:
        yield from (a("object", o), a("owner", o, S(obj.owner)), a("controller", o, S(obj.controller)))
        return
    if obj.token:
        yield a("token", o)
    where = state.find(obj.id)
    if where is not None and where[1] == "stack" and (card.modes or card.if_kicked or card.buyback or card.kicker
                                                      or card.flashback or card.multikicker):
        # what it does, or where it goes, depends on announcements made as it was cast (CR
        # 700.2, 601.2b; flashback's exile, 702.34a; how many times kicked, 702.33d), which a
        # state does not say
        raise Unsupported(f"{card.name} on the stack: the state does not say what was announced as it "
                          "was cast (modes, kicker, buyback, flashback); start before it is cast instead")
    yield from card_facts(card, o, obj)


def card_facts(card: Card, o: Sym, obj: GameObject) -> Iterator[Sym]:
    """What stays fixed about an object with a known card: who owns and controls it, and the
    card's characteristics and abilities as printed (effects change them in time, characteristics.lp)."""
    yield a("object", o)
    yield a("owner", o, S(obj.owner))
    yield a("controller", o, S(obj.controller))
    yield a("name", o, S(card.name))
    for t in sorted(card.types):
        yield a("is", o, F(t, []))
    for t in sorted(card.supertypes):
        if t in ("world", "elite", "host", "ongoing"):
            # the world rule (CR 704.5k) and the supertypes of other formats are not modelled
            raise Unsupported(f"{card.name}: the supertype {t} is not modelled by the core")
        yield a("super", o, F(t, []))
    for k in sorted(card.keywords):
        yield a("keyword", o, keyword_atom(k))
    for kind in sorted(card.unwritten):
        # printed text the library doesn't write: refused where it may work (characteristics.lp)
        yield a("unwritten", o, F(kind.replace("-", "_"), []))
    for c in sorted(card.colors):
        # its colours (CR 105.2, 202.2): what mana a creature convokes for (CR 702.51a)
        yield a("colour_of", o, F(COLOUR_WORD[c], []))
    said = [*card.resolve, *(i for ability in card.abilities for i in ability.effect)]
    if any(ins.verb == "animate" and ins.get("colors") for ins in said):
        # an effect that sets colours (layer 5) is read by no rule: a creature's colour can't be told
        yield a("colours_change")
    if card.power is not None:
        yield a("power", o, N(card.power))
    if card.toughness is not None:
        yield a("toughness", o, N(card.toughness))
    if card.loyalty is not None:
        yield a("loyalty", o, N(card.loyalty))
    if card.is_a("planeswalker") or card.is_a("instant") or card.is_a("sorcery"):
        # a planeswalker's types (the uniqueness rule), a spell's (what splice is onto, CR 702.47a)
        for sub in sorted(card.subtypes):
            yield a("subtype", o, S(sub))
    # (the casting facts' own module reads this one's term builders: imported where used)
    from mtgrules.encodings.game.casting_facts import (
        ability_mode_facts,
        cost_facts,
        kicked_facts,
        mode_facts,
        splice_facts,
        variable_target_facts,
    )
    yield from cost_facts(card, o)
    yield from variable_target_facts(card, o)
    yield from splice_facts(card, o)
    yield from mode_facts(card, o)
    yield from kicked_facts(card, o)
    yield from target_facts(card.targets, a("spell", o), card.name)
    if set(targets_of(card.resolve)) - set(card.targets):
        raise Unsupported(f"{card.name}: its instructions target "
                          + ", ".join(targets_of(card.resolve)) + " but the card's targets are "
                          + (", ".join(card.targets) or "none"))
    for i, ins in enumerate(card.resolve, start=1):
        yield from instruction_facts(a("spell", o), i, ins)
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
            if ability.per_counter:
                # its one mana once for each counter of that kind on it (CR 106.4: none, none)
                yield a("mana_per_counter", o, F(COUNTER[ability.per_counter], []))
        elif ability.kind == "activated":
            activated += 1
            number = N(activated)
            yield a("ability", o, number)
            for item in ability.cost:
                for part in cost_items(card, item):
                    yield a("ability_cost", o, number, part)
            if loyalty_mixed(card):
                yield a("ability_cost", o, number, a("unsupported", S("a card's loyalty costs")))
            if ability.modes is not None:
                yield from ability_mode_facts(card, o, number, ability.modes)
                continue
            yield from target_facts(ability_targets(ability.effect), a("ability", o, number), card.name)
            for i, ins in enumerate(ability.effect, start=1):
                yield from instruction_facts(a("ability", o, number), i, ins)
        elif ability.kind == "triggered":
            when = TRIGGERS.get(ability.trigger or "")
            if when is None:
                raise Unsupported(f"{card.name}: a trigger on '{ability.trigger}' (the core knows "
                                  + ", ".join(TRIGGERS) + ")")
            number = N(card.abilities.index(ability) + 1)
            yield a("trigger", o, number, F(when, []))
            # CR 603.3d: its targets are chosen as it is put on the stack
            yield from target_facts(targets_of(ability.effect), a("trig", o, number), card.name)
            for i, ins in enumerate(ability.effect, start=1):
                yield from instruction_facts(a("trig", o, number), i, ins)
        elif ability.kind == "static":
            number = N(card.abilities.index(ability) + 1)
            for ins in ability.effect:
                yield from static_facts(card, o, number, ins)


def targets_of(instructions: Sequence[Instruction]) -> tuple[str, ...]:
    """The kinds of target an ability's instructions name (one target, used by each)."""
    return tuple(dict.fromkeys(str(i.get("target")) for i in instructions
                               if i.get("target") in TARGET_KINDS))


def ability_targets(instructions: Sequence[Instruction]) -> tuple[str, ...]:
    """The target an activated ability's instructions ask for (CR 602.2b, 601.2c): a kind
    they name, or a player where they address "target" (``who: target``)."""
    kinds = list(targets_of(instructions))
    kinds += ["player" for i in instructions if i.get("who") == "target" and "player" not in kinds]
    return tuple(dict.fromkeys(kinds))


def target_facts(targets: Sequence[str], src: Sym, name: str) -> Iterator[Sym]:
    if len(targets) > 1:
        raise Unsupported(f"{name}: more than one target")
    for kind in targets:
        if kind not in TARGET_KINDS:
            raise Unsupported(f"{name}: a target of kind '{kind}' (the core knows "
                              + ", ".join(TARGET_KINDS) + ")")
        yield a("targets", src, F(kind.replace("-", "_"), []))


def cost_items(card: Card, item: object) -> list[Sym]:
    """One item of an activation cost as the core reads it: {T}, sacrificing the source, or
    mana (each colour's symbols, and the generic part)."""
    if item == "tap":
        return [F("tap", [])]
    if isinstance(item, tuple) and len(item) == 1:
        key, value = item[0]
        if key == "sacrifice" and value == "self":
            return [F("sacrifice", [])]
        if key == "loyalty" and isinstance(value, int) and loyalty_modelled(card):
            # CR 606.4 (loyalty.cost): loyalty counters put on (+N) or removed (-N)
            return [a("loyalty", N(value))]
        if key == "mana":
            cost = ManaCost.parse(str(value))
            if not cost.choices and not any(sym.kind == "snow" for sym in cost):
                out = []
                for letter, amount in sorted(cost.counts().items()):
                    if letter == "generic":
                        out.append(a("generic", N(amount)))
                    elif letter in COLOUR:
                        out.append(a("mana", F(COLOUR[letter], []), N(amount)))
                if cost.x_count:
                    # its {X} symbols: X is announced as it is activated (CR 602.2b, 107.3a;
                    # ability_x.lp)
                    out.append(a("x", N(cost.x_count)))
                if out:
                    return out
    # paid by a rule the core does not model (hybrid, snow; a loyalty cost loyalty_modelled
    # doesn't read): refused if activated
    return [a("unsupported", S(str(describe_cost(item))))]


def loyalty_mixed(card: Card) -> bool:
    """A card with a loyalty cost whose loyalty costs the core doesn't read (loyalty_modelled):
    each of its activated abilities is refused, the once-a-turn rule's editions differing on
    which of them it is of."""
    return not loyalty_modelled(card) and any(
        isinstance(i, tuple) and dict(i).get("loyalty") is not None
        for ab in card.abilities_of("activated") for i in ab.cost)


def loyalty_modelled(card: Card) -> bool:
    """Whether the core reads the card's loyalty costs: a planeswalker whose every activated
    ability has one. Before 2009-10-01 the once-a-turn rule (212.9f, 306.7) was of every
    activated ability of a planeswalker, from then (606.3) of loyalty abilities of any
    permanent: for such a card the two say the same; for another they would not, and its
    loyalty abilities are refused (not modelled)."""
    return card.is_a("planeswalker") and all(
        any(isinstance(i, tuple) and dict(i).get("loyalty") is not None for i in ab.cost)
        for ab in card.abilities_of("activated"))


def describe_cost(item: object) -> str:
    """An item of a cost in words (a refusal's)."""
    if isinstance(item, tuple) and len(item) == 1:
        key, value = item[0]
        return f"{key} {value}"
    return str(item)


def instruction_facts(src: Sym, i: int, ins: Instruction) -> Iterator[Sym]:
    """The ``i``-th instruction of ``src`` as the core reads it; an effect on characteristics
    comes with what it does (``instr_mod``), one fact per modification."""
    if ins.verb in AFFECTING or ins.verb == "animate":
        found = characteristic_effect(ins)
        if found is not None:
            term, mods = found
            yield a("instr", src, N(i), term)
            for m in mods:
                yield a("instr_mod", src, N(i), m)
            return
        yield a("instr", src, N(i), a("unsupported", S(str(ins))))
        return
    yield a("instr", src, N(i), instruction_term(ins))


def duration_term(duration: object, controller: Sym | None = None) -> Sym:
    """How long an effect lasts (CR 611.2a): until cleanup, until its controller's next
    turn (the controller written as ``you`` until the effect begins), or indefinitely."""
    if duration == "turn":
        return F("turn", [])
    if duration == "your-next-turn":
        return a("next_turn", controller if controller is not None else F("you", []))
    return F("forever", [])


def characteristic_effect(ins: Instruction) -> tuple[Sym, list[Sym]] | None:
    """``effect(Aff,Dur)`` for an instruction that makes a continuous effect on objects:
    Aff is ``target``, ``self`` or ``set(S)`` (fixed as the effect begins, CR 611.2c)."""
    mods = modifications(ins)
    if mods is None:
        return None
    if ins.verb == "animate" or ins.get("what") == "self":
        aff = F("self", [])
    elif ins.get("target") in ("creature", "creature-you-control"):
        aff = F("target", [])
    elif ins.get("what") in vocabulary.AFFECTED:
        aff = a("set", F(str(ins.get("what")).replace("-", "_"), []))
    else:
        return None
    return a("effect", aff, duration_term(ins.get("duration"))), mods


COUNTER = {"+1/+1": "plus", "-1/-1": "minus", "loyalty": "loyalty", "charge": "charge"}


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
    spec = get("targets")
    if v == "damage" and get("divided") in ("announced", "evenly") and spec is not None and not target:
        # damage divided among a number of targets announced as the spell is cast (CR 601.2c-d):
        # as the caster announced (the shares remembered on the stack), or evenly, rounded down;
        # the number of targets is casting_facts.variable_target_facts'
        how = F(str(get("divided")), [])
        if isinstance(amount, int):
            return a("damage_divided", N(amount), how)
        if amount == "X" and get("divided") == "evenly":
            return a("damage_divided", F("x", []), how)
    # a divided amount or several targets otherwise: the core deals one amount to one
    if v == "damage" and isinstance(amount, int) and target_who and not get("divided") \
            and get("targets") is None:
        plain = a("damage", N(amount), F(target_who, []))
        kicked = get("kicked-amount")
        if kicked is None:
            return plain
        # what it does depends on whether the spell was kicked (CR 702.33d): read as it resolves
        return a("if_kicked", a("damage", N(kicked), F(target_who, [])), plain)
    if v == "damage" and amount == "X" and target_who and not get("divided") and get("targets") is None:
        return a("damage", F("x", []), F(target_who, []))   # X as announced (resolving.lp)
    if v == "damage" and (slot := vocabulary.mana_value_of(amount)) is not None and target_who \
            and get("targets") is None:
        # as much as the mana value of the spell's N-th target (read as it is dealt: resolving.lp)
        return a("damage", a("mana_value_of", N(slot)), F(target_who, []))
    if v == "destroy" and target in TARGET_KINDS:
        return a("destroy", F("target", []))
    if v in ("gain-life", "lose-life") and isinstance(amount, int) and who:
        return a("gain" if v == "gain-life" else "lose", F(who, []), N(amount))
    if v == "draw" and who and isinstance(count, int):
        return a("draw", F(who, []), N(count))
    if v == "discard" and who and isinstance(count, int):
        kind = str(get("what") or "card")
        if get("chosen-by") == "you" and not get("random"):
            # another player picks among the cards of that kind, seeing the hand (CR 701.9a)
            return a("discard_chosen", F(who, []), F("you", []), N(count), F(kind.replace("-", "_"), []))
        if kind != "card":
            pass  # a kind of card picked by its own player or by chance: not modelled
        elif get("random"):
            if get("chosen-by") is None:  # CR 701.9b: chance picks the cards, not a player
                return a("discard_random", F(who, []), N(count))
        else:
            return a("discard", F(who, []), N(count))
    if v in ("scry", "surveil") and who and isinstance(count, int):
        return a(v, F(who, []), N(count))
    if v == "look" and who and get("at") == "library-top" and isinstance(count, int):
        return a("look_top", F(who, []), N(count))
    if v == "look" and who and get("at") == "target-hand":
        return a("look_hand", F(who, []), F("target", []))
    if v == "reveal" and who and get("what") == "hand":
        return a("reveal_hand", F(who, []))
    if v == "reveal" and who == "you" and get("what") == "card":
        return a("reveal_found", F(who, []))  # the card the instruction before found (selections.lp)
    if v == "counter" and target == "spell":
        return a("counter", F("target", []))
    if v == "bounce" and target in TARGET_KINDS:
        return a("bounce", F("target", []))
    to = str(get("to"))
    # ("then: shuffle" is not read here: a card says it with a shuffle instruction of its own)
    if v == "search" and who and isinstance(count, int) and to in ("hand", "battlefield") and not get("then"):
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
    if v == "balance":
        return a("balance", F(str(get("what")), []))
    if v == "put-counters" and isinstance(count, int):
        on = "target" if target == "creature" else "self" if get("what") == "self" else None
        if on:
            return a("counters", F(COUNTER[str(get("kind"))], []), N(count), F(on, []))
    if v == "create-token" and who and isinstance(count, int):
        return a("create", F(who, []), S(str(get("card"))), N(count))
    if (mod := player_mod(ins)) is not None and who:
        return a("player_effect", F(who, []), mod, duration_term(get("duration")))
    if v == "shuffle" and who:
        return a("shuffle", F(who, []))
    return a("unsupported", S(str(ins)))


PLAYER_ACTIONS = {"forbid": ("play-land", "cast-spells", "lose-game", "win-game", "gain-life"),
                  "permit": ("play-land",)}
"""The permissions and prohibitions the core's rules read (prohibited/3 in actions.lp,
player.lp, instructions.lp and ends.lp; permits/4 for land plays): any other is refused by name
(one on sacrificing: the core's sacrifices don't read prohibitions yet)."""


def player_mod(ins: Instruction) -> Sym | None:
    """What a permission or prohibition does for the players it names — ``forbid(Act)`` or
    ``permit(Act,N)`` (common/prohibitions.lp's acts/3) — or ``None`` if the core's rules
    don't read it."""
    action = ins.get("action")
    if ins.verb not in PLAYER_ACTIONS or action not in PLAYER_ACTIONS[ins.verb] \
            or ins.get("zone") is not None or ins.get("colors") is not None:
        return None
    act = F(str(action).replace("-", "_"), [])
    if ins.verb == "forbid":
        return a("forbid", act)
    count = ins.get("count")
    return a("permit", act, N(int(count if count is not None else 1)))


def static_facts(card: Card, o: Sym, number: Sym, ins: Instruction) -> Iterator[Sym]:
    """The fact of a static ability: one that permits, forbids or overrides a rule for the
    players its who-word names (``to_players(Mod,Who)``, common/prohibitions.lp), one making its
    own permanent enter tapped, or one changing characteristics (``static_mods``)."""
    who = F(WHO[str(ins.get("who"))], []) if ins.get("who") in WHO else None
    mod = player_mod(ins)
    if ins.verb == "override-rule" and ins.get("rule") == "maximum-hand-size":
        mod = a("override", S("maximum-hand-size"))
    if mod is not None and who is not None:
        yield a("static", o, a("to_players", mod, who))
    elif ins.verb == "override-rule" and ins.get("rule") == "enters-untapped" and ins.get("who") == "you":
        # its own permanent enters tapped (a tapped land's text); one naming other players'
        # permanents is refused below, not read as this one's
        yield a("static", o, F("enters_tapped", []))
    elif ins.verb == "enters-with-counters" and (
            (ins.get("kind") == "loyalty" and card.is_a("planeswalker"))
            or sum(i.verb == "enters-with-counters" and i.get("kind") == ins.get("kind") for i in card.statics()) > 1):
        # (counters of one kind from two sources as it enters: not modelled)
        raise Unsupported(f"{card.name}: {ins.get('kind')} counters it enters with from two of its "
                          "abilities (not modelled)")
    elif ins.verb == "enters-with-counters":
        # CR 614.1c, 614.12: its own permanent enters with that many counters (a replacement
        # effect); for-each kick: that many for each time the spell was kicked (702.33d)
        yield a("static", o, a("enters_with", F(COUNTER[str(ins.get("kind"))], []),
                               N(int(vocabulary.param(ins, "count"))),
                               F("kick" if ins.get("for-each") == "kick" else "once", [])))
    elif ins.verb == "cost-increase" and ins.get("per") == "target-beyond-first" \
            and ins.get("spells") is None and ins.get("whose") is None and isinstance(ins.get("amount"), int):
        # the spell's own increase for each target beyond the first (CR 601.2f, 113.6d): read
        # with its number of targets (casting_facts.variable_target_facts)
        return
    elif (mods := static_mods(ins, o, number)) is not None:
        yield from mods
    else:
        raise Unsupported(f"{card.name}: the static ability {ins} is not modelled by the core yet")


def effect_facts(state: GameState) -> Iterator[Sym]:
    """Lasting effects the state lists (CR 611), as fluents ``effect(E,Aff,Mod,Dur)``: E their
    timestamp (in the order listed, after the starting permanents'), Aff the object or player
    they apply to, Mod what they do, Dur until when."""
    for n, effect in enumerate(state.effects, start=1):
        ins = effect.instruction
        e = a("e", N(STATE_EFFECT_TIME + n), S(""), N(0))
        duration = duration_term(ins.get("duration"), S(effect.controller))
        if (mod := player_mod(ins)) is not None:
            who = str(vocabulary.param(ins, "who"))
            if who in ("target", "that-player") and effect.target not in state.names:
                raise Unsupported(f"the effect of {effect.source}: who '{who}' with no player targeted")
            target = S(effect.target) if effect.target in state.names else F("none", [])
            # the players it names: who.lp, from its controller and target (characteristics.lp)
            addressed = a("who", F(WHO[who], []), S(effect.controller), target)
            yield a("effect", e, addressed, mod, duration)
            continue
        if ins.verb == "animate" and ins.get("colors"):
            yield a("colours_change")
        mods = modifications(ins) if ins.verb in AFFECTING else None
        what = ins.get("what") or effect.target
        if mods is None or state.find(str(what)) is None:
            raise Unsupported(f"the effect of {effect.source} ({ins}) is not modelled by the core yet")
        for m in mods:
            yield a("effect", e, a("obj", S(str(what))), m, duration)
