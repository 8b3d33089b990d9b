"""The facts the temporal core reads of how a card is cast (CR 601.2b-h): its costs (mana,
additional, optional and alternative: buyback, kicker, entwine, flashback, retrace, morph's
face-down {3}), splice, a modal spell's modes and escalate, and the casting words the core
refuses by name. Values in, clingo terms out — no rule is decided here (``vocabulary.lp`` and
``actions.lp`` decide)."""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from mtgrules.encodings.game.facts import (
    COLOUR,
    TARGET_KINDS,
    F,
    N,
    S,
    Sym,
    a,
    describe_cost,
    instruction_facts,
    target_facts,
    targets_of,
)
from mtgrules.model import vocabulary
from mtgrules.model.cards import Card, Mode, Modes
from mtgrules.model.mana import ManaCost


def cost_facts(card: Card, o: Sym) -> Iterator[Sym]:
    if card.is_a("land"):
        return
    yield a("spell_card", o)
    cost = card.mana_cost or ManaCost()
    # its mana cost's symbols (CR 202.1), read for what it costs (CR 601.2f) and for its mana
    # value (CR 202.3, vocabulary.lp) — even where casting it is refused below: each colour's and
    # the generic part, and each symbol that can be paid more than one way with its ways (how it
    # will be paid is announced, CR 601.2b), and its X symbols (X is announced, CR 107.3a); one
    # with a snow symbol is not read
    if any(sym.kind == "snow" for sym in cost):
        yield a("mana_cost_unread", o)
    else:
        yield from mana_facts(ManaCost(tuple(sym for sym in cost if not sym.is_choice and sym.kind != "x")),
                              lambda part, *args: a(part, o, *args))
        if cost.x_count:
            yield a("x_symbols", o, N(cost.x_count))
        for i, sym in enumerate(cost.choices, start=1):
            yield a("choice_symbol", o, N(i))
            for way in sym.options:
                yield a("symbol_option", o, N(i), way_term(way))
    if card.alternative_costs or casting_words(card) or (card.kicker and card.buyback) \
            or (card.flashback and (card.kicker or card.buyback or card.is_permanent_card
                                    or "retrace" in card.keywords)) \
            or (card.morph and (card.kicker or card.buyback or card.additional_costs
                                or not morph_modelled(card))):
        # (a spell cast with two optional costs announced at once, flashback with another
        # optional cost, or a permanent card with flashback; morph on a card that is not a
        # creature, with an X or a hybrid symbol in its morph cost, or with other costs of its
        # text, which a face-down spell doesn't have, CR 708.2: not modelled)
        yield a("cost_unsupported", o)
        return
    sacrifices = life = 0
    for extra in card.additional_costs:
        (kind, what), = extra if len(extra) == 1 else ((None, None),)
        if kind == "life" and isinstance(what, int):
            life += what  # paid at once as the spell is cast (CR 601.2h)
        elif kind == "sacrifice" and what in ("land", "creature", "artifact", "enchantment"):
            sacrifices += 1  # picked one after another as the cast is paid (resolving.lp)
            yield a("add_cost", o, N(sacrifices), a("sacrifice", F("you", []), F(str(what), []), N(1)))
        else:
            yield a("cost_unsupported", o)
            return
    if life:
        yield a("life_cost", o, N(life))
    if card.mana_cost is None:
        # no mana symbols where the mana cost would be: an unpayable cost (actions.lp)
        yield a("no_mana_cost", o)
    # a multikicker cost is a kicker cost (CR 702.33c): announced once, it is the kicker;
    # more times, multikicker's own announcement (vocabulary.lp)
    if card.multikicker:
        yield a("multikicker", o)
    optional = [(w, c) for w, c in (("buyback", card.buyback), ("kicker", card.kicker or card.multikicker),
                                    ("entwine", card.entwine), ("flashback", card.flashback)) if c is not None]
    if any(c.choices or (c.x_count and not kicker_x(card)) for _, c in optional) \
            or (cost.x_count and (optional or card.morph)):
        # (an optional cost with X or a hybrid symbol, but a plain kicker's {X}; X with another cost
        # announced: not modelled)
        yield a("cost_unsupported", o)
        return
    if card.affinity:
        # CR 702.41a: it costs {1} less for each permanent of that type its caster controls
        yield a("affinity", o, F(card.affinity, []))
    for name, extra in optional:
        # a cost announced as the spell is cast (CR 601.2b): an optional additional cost
        # (buyback 702.27a, kicker 702.33a, entwine 702.42a), or flashback's, an alternative
        # cost paid instead of the mana cost as the card is cast from its owner's graveyard
        # (702.34a, 118.9)
        word = F(name, [])
        yield a("alternative_cost" if name == "flashback" else "optional_cost", o, word)
        yield from mana_facts(extra, lambda part, *args, w=word: a(OPTIONAL_PART[part], o, w, *args))
        if extra.x_count:
            # its {X}: X is announced as the spell is cast (CR 107.3a, 601.2b; vocabulary.lp)
            yield a("optional_x", o, word, N(extra.x_count))
    if "retrace" in card.keywords:
        # cast from its owner's graveyard, a land card discarded besides (CR 702.81a)
        yield a("retrace_card", o)
    if card.morph:
        # it may be cast face down for {3} (CR 702.37c) and turned face up for its morph cost
        # (CR 702.37e)
        yield a("morph", o)
        yield from mana_facts(card.morph, lambda part, *args: a(MORPH_PART[part], o, *args))


def kicker_x(card: Card) -> bool:
    """Whether the card's kicker cost has an {X} the core announces (CR 107.3a, 702.33a): a
    plain kicker (not multikicker) of mana symbols with one way of payment each, on a card with
    no {X} of its mana cost and no other optional or alternative cost (the others refused by name
    in cost_facts)."""
    kicker, cost = card.kicker, card.mana_cost or ManaCost()
    return kicker is not None and bool(kicker.x_count) and not kicker.choices and not card.multikicker \
        and not cost.x_count and not (card.buyback or card.entwine or card.flashback or card.morph)


def way_term(way: str) -> Sym:
    """One way to pay a hybrid or Phyrexian symbol (``ManaSymbol.options``) as the core reads it."""
    if way.startswith("generic:"):
        return a("generic", N(int(way.split(":")[1])))
    if way == "life":
        return F("life", [])
    return F(COLOUR[way], []) if way in COLOUR else a("unmodelled", S(way))


def splice_facts(card: Card, o: Sym) -> Iterator[Sym]:
    """Splice (CR 702.47a): the card may be spliced from its caster's hand onto a spell of that
    subtype, its splice cost added to that spell's total; one with an {X} or a hybrid symbol
    in its splice cost is marked (splicing it is refused by name)."""
    if not card.splice_onto or card.splice_cost is None:
        return
    if card.splice_cost.choices or card.splice_cost.x_count:
        yield a("splice_unmodelled", o)
        return
    yield a("splice_onto", o, S(card.splice_onto))
    yield from mana_facts(card.splice_cost, lambda part, *args: a(SPLICE_PART[part], o, *args))


MORPH_PART = {"cost": "morph_mana", "generic": "morph_generic"}
SPLICE_PART = {"cost": "splice_mana", "generic": "splice_generic"}
"""A morph cost's mana as the core reads it."""


def morph_modelled(card: Card) -> bool:
    """Morph as the core models it: on a creature card (neither a land nor another type a
    face-down permanent would lose), with a morph cost of plain mana symbols."""
    cost = card.morph
    return cost is not None and card.types == {"creature"} and not cost.choices and not cost.x_count


OPTIONAL_PART = {"cost": "optional_mana", "generic": "optional_generic"}
"""An announced cost's mana (optional or flashback's) as the core reads it: each colour's symbols,
and the generic part."""


def mana_facts(cost: ManaCost, fact: Any) -> Iterator[Sym]:
    """A mana cost's symbols, each colour's and the generic part (``fact(part, *args)``)."""
    for letter, amount in sorted(cost.counts().items()):
        if letter == "generic":
            yield fact("generic", N(amount))
        elif letter in COLOUR:
            yield fact("cost", F(COLOUR[letter], []), N(amount))


def divided_spec(card: Card) -> dict[str, int] | None:
    """The range of the number of targets of the card's instruction dividing damage among a
    number of targets (``targets: {min, max}``), or ``None``."""
    for ins in card.resolve:
        if ins.verb == "damage" and ins.get("divided") and ins.get("targets") is not None:
            return {str(k): int(v) for k, v in dict(ins.get("targets")).items()}
    return None


def variable_target_facts(card: Card, o: Sym) -> Iterator[Sym]:
    """A spell with a number of targets announced as it is cast (CR 601.2c): at least
    ``targets_min``, at most ``targets_max`` (none: any number), each of its card's one kind of
    target; the instruction dividing damage among them is ``damage_divided`` (facts.py)."""
    spec = divided_spec(card)
    if spec is None or variable_gap(card):
        return
    yield a("targets_min", o, N(spec.get("min", 1)))
    if "max" in spec:
        yield a("targets_max", o, N(spec["max"]))
    for ability in card.abilities:
        for ins in ability.effect:
            if ins.verb == "cost-increase" and ins.get("per") == "target-beyond-first" \
                    and isinstance(ins.get("amount"), int):
                # its own increase for each target beyond the first (CR 601.2f, 113.6d)
                yield a("target_surcharge", o, N(int(ins.get("amount"))))


def variable_gap(card: Card) -> str:
    """Why the core can't cast a card with a number of targets announced, or '': it models a
    card whose text is that one instruction dividing damage, with one kind of target and no
    other choice made while casting it (modes, optional or alternative costs, splice, morph)."""
    if divided_spec(card) is None:
        return ""
    if len(card.resolve) != 1 or len(card.targets) != 1 or card.modes or card.kicker or card.buyback \
            or card.entwine or card.flashback or card.morph or card.splice_onto or card.if_kicked \
            or card.alternative_costs or card.additional_costs or card.multikicker:
        return "a number of targets announced with other text or costs"
    if any(ab.kind != "static" for ab in card.abilities):
        return "a number of targets announced on a card with abilities"
    return ""


def casting_words(card: Card) -> list[str]:
    """The card's words for announcing and paying while casting that the core does not model
    (the casting and cost questions do): casting such a card is refused, never guessed."""
    words = []
    if card.multikicker and (card.kicker or card.buyback or card.flashback or card.modes or card.morph
                             or card.if_kicked or kicked_amounts(card)):
        # (multikicker with another kicker or optional cost, modes, morph, or text that says what
        # a kicked spell does: how many times it was kicked would be guessed there)
        words.append("multikicker with another cost or with kicked text")
    if variable_gap(card):
        words.append(variable_gap(card))
    if card.kicker and card.buyback:
        words.append("kicker with buyback")   # two optional costs announced at once
    if card.modes and (card.kicker or card.buyback):
        words.append("modes with an optional cost")
    if card.modes and card.modes.repeat:
        words.append("the same mode chosen more than once")
    return words + sorted(card.keywords & set(vocabulary.CASTING_KEYWORDS) - set(PAID_BY) - {"retrace"})


def kicked_amounts(card: Card) -> bool:
    """Whether an instruction of the card says what it does kicked (``kicked-amount``)."""
    return any(ins.get("kicked-amount") is not None for ins in card.resolve)


PAID_BY = ("convoke", "improvise", "delve")
"""The keywords that let objects pay part of a spell's locked total (CR 702.51a, 702.126a,
702.66a): the core reads them as the card's ``keyword/2`` facts (actions.lp)."""


def mode_facts(card: Card, o: Sym) -> Iterator[Sym]:
    """A modal spell's modes (CR 700.2): how many are chosen, and each mode as a source of its
    own (``mode(O,M)``: its target and instructions, read as the spell resolves with the modes
    announced); its escalate cost (702.120a). A mode the core can't carry out is marked
    (``mode_unmodelled``): choosing it is refused by name, never resolved as doing nothing."""
    if card.modes is None:
        return
    yield a("choose_modes", o, N(card.modes.choose) if card.modes.choose else F("one_or_more", []))
    for m, mode in enumerate(card.modes.options, start=1):
        yield a("mode", o, N(m))
        src = a("mode", o, N(m))
        why = mode_gap(mode)
        if why:
            yield a("mode_unmodelled", o, N(m), S(why))
            continue
        yield from target_facts(mode.targets, src, card.name)
        for i, ins in enumerate(mode.resolve, start=1):
            yield from instruction_facts(src, i, ins)
    for item in card.escalate:
        (kind, what), = item if len(item) == 1 else ((None, None),)
        if kind == "mana":
            cost = ManaCost.parse(str(what))
            if not cost.choices and not cost.x_count:
                yield a("escalate", o)
                yield from mana_facts(cost, lambda part, *args: a(ESCALATE_PART[part], o, *args))
                continue
        yield a("escalate", o)
        if item == (("discard", "card"),):
            # a card of the caster's hand discarded for each extra mode (Collective Brutality)
            yield a("escalate_discard", o, N(1))
            continue
        # any other cost in cards or life for each extra mode
        yield a("escalate_unmodelled", o, S(describe_cost(item)))


def ability_mode_facts(card: Card, o: Sym, k: Sym, modes: Modes) -> Iterator[Sym]:
    """An activated ability's modes (CR 700.2a, 602.2b), as a modal spell's (``mode_facts``):
    each mode a source of its own, ``amode(O,K,M)`` (its target and instructions), read when
    the ability is activated with that mode chosen (ability_modes.lp). A mode the core can't
    carry out is marked (``ability_mode_unmodelled``); so is a choice of more than one mode
    (``ability_modes_unmodelled``: an activation names one target): refused by name if chosen."""
    yield a("ability_choose", o, k, N(modes.choose) if modes.choose else F("one_or_more", []))
    if modes.choose != 1 or modes.repeat:
        yield a("ability_modes_unmodelled", o, k,
                S("the same mode more than once" if modes.repeat else "more than one mode"))
    for m, mode in enumerate(modes.options, start=1):
        yield a("ability_mode", o, k, N(m))
        src = a("amode", o, k, N(m))
        why = mode_gap(mode)
        if why:
            yield a("ability_mode_unmodelled", o, k, N(m), S(why))
            continue
        yield from target_facts(mode.targets, src, card.name)
        for i, ins in enumerate(mode.resolve, start=1):
            yield from instruction_facts(src, i, ins)


def kicked_facts(card: Card, o: Sym) -> Iterator[Sym]:
    """The card's text that applies only if it was kicked (CR 702.33e): a source of its own,
    ``kicked(O)`` (its target and instructions), a part of the spell only when kicked
    (vocabulary.lp; CR 702.33g, 601.2c). Text the core can't carry out is marked
    (``kicked_unmodelled``): kicking is then refused by name."""
    if card.if_kicked is None or card.kicker is None:
        return
    src = a("kicked", o)
    yield a("kicked_text", o)
    why = mode_gap(card.if_kicked)
    if why:
        yield a("kicked_unmodelled", o, S(why))
        return
    yield from target_facts(card.if_kicked.targets, src, card.name)
    for i, ins in enumerate(card.if_kicked.resolve, start=1):
        yield from instruction_facts(src, i, ins)


ESCALATE_PART = {"cost": "escalate_mana", "generic": "escalate_generic"}


def mode_gap(mode: Mode) -> str:
    """Why the core can't carry out a mode (or a kicked spell's own text), or ''."""
    if not mode.resolve:
        return "what it does has no words in the library"
    if len(mode.targets) > 1:
        return "more than one target"
    if any(k not in TARGET_KINDS for k in mode.targets):
        return f"a target of kind '{mode.targets[0]}'"
    if set(targets_of(mode.resolve)) - set(mode.targets):
        return "its instructions target what it doesn't"
    return ""
