"""Sequencing's plan: the slots a situation's rules and cards call for, in the correct order.

Nothing here is told the correct order. It comes from the situation and the cards:

* a resolving spell's instructions in written order (CR 608.2c), each-player instructions in
  APNAP order (CR 101.4), then an instant or sorcery going to the graveyard (CR 608.2n);
* a spell being cast: its additional costs are paid while casting (CR 601.2h), before it can
  resolve (the stack resolves only when all players pass, CR 405.5);
* steps of the turn in order (CR 500.1): untap (CR 502.3), upkeep triggers (CR 503.1; an
  "unless" cost is a choice made on resolution, CR 118.12a), the draw (CR 504.1), blockers
  declared all at once (CR 509.1);
* creatures dying at once to state-based actions (CR 704.3), then their triggers put on the
  stack in APNAP order and resolved one by one, the nonactive player's first (CR 603.3b);
* free actions (mana abilities, activated abilities) come before what they pay for or enable.

Moved here as it was from ``model/``; a later issue rebuilds it on the temporal core.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from mtgrules.model.cards import Card, Instruction
from mtgrules.model.edition import Edition, rule_holds
from mtgrules.model.state import GameState
from mtgrules.model.turn import Step
from mtgrules.model.vocabulary import param, players_named

FREE_VERBS = ("tap-mana", "animate")
"""Actions a player may take whenever they have priority; the rules place them only by what
they pay for or enable."""


# =========================================================================================
# The board: a small immutable executor state
# =========================================================================================

@dataclass(frozen=True)
class Board:
    """Where every object is, what is tapped, animated or blocking, life totals, and whether
    each library is still random (a search shows its order to the searcher until shuffled)."""

    zones: tuple[tuple[tuple[str, str], tuple[str, ...]], ...]
    """((holder, zone), object ids), libraries top first."""
    tapped: frozenset[str] = frozenset()
    animated: frozenset[str] = frozenset()
    blocking: frozenset[str] = frozenset()
    life: tuple[tuple[str, int], ...] = ()
    seen_libraries: frozenset[str] = frozenset()

    def zone(self, holder: str, zone: str) -> tuple[str, ...]:
        for key, objs in self.zones:
            if key == (holder, zone):
                return objs
        return ()

    def where(self, obj: str) -> tuple[str, str] | None:
        for key, objs in self.zones:
            if obj in objs:
                return key
        return None

    def with_zone(self, holder: str, zone: str, objs: tuple[str, ...]) -> Board:
        rest = tuple((k, v) for k, v in self.zones if k != (holder, zone))
        return replace(self, zones=tuple(sorted(rest + (((holder, zone), objs),))))

    def move(self, obj: str, holder: str, zone: str) -> Board:
        here = self.where(obj)
        board = self
        if here is not None:
            board = board.with_zone(*here, tuple(o for o in board.zone(*here) if o != obj))
        board = board.with_zone(holder, zone, board.zone(holder, zone) + (obj,))
        if zone != "battlefield":
            board = replace(board, tapped=board.tapped - {obj}, animated=board.animated - {obj},
                            blocking=board.blocking - {obj})
        return board

    def add_life(self, player: str, amount: int) -> Board:
        life = dict(self.life)
        life[player] = life.get(player, 20) + amount
        return replace(self, life=tuple(sorted(life.items())))

    def final(self) -> tuple:
        """What 'the same game state' compares: zones (libraries as sets once shuffled)."""
        zones = []
        for (holder, zone), objs in self.zones:
            if zone == "library" and holder not in self.seen_libraries:
                objs = tuple(sorted(objs))
            elif zone != "library":
                objs = tuple(sorted(objs))
            zones.append(((holder, zone), objs))
        return (tuple(z for z in zones if z[1]), self.tapped, self.animated, self.blocking,
                self.life, self.seen_libraries)


def board_of(state: GameState) -> Board:
    zones = []
    for p in state.players:
        for zone, objs in p.zones:
            zones.append(((p.name, zone), tuple(o.id for o in objs)))
    tapped = frozenset(o.id for _, _, o in state.objects() if o.tapped)
    return Board(tuple(sorted(zones)), tapped=tapped,
                 life=tuple(sorted((p.name, p.life) for p in state.players)))


# =========================================================================================
# What the rules require: slots
# =========================================================================================

@dataclass(frozen=True)
class Pick:
    """How a choosing instruction picks: from whose zone, which cards, how many."""

    holder: str
    zone: str
    what: str = "card"
    """creature, land, basic-land, card."""
    count: int = 1
    up_to: bool = False
    keep: int | None = None
    """Balance: how many to keep (the rest are chosen away)."""
    exclude: str | None = None
    """"Another": the source itself is not an option."""
    decline: bool = False
    """An "unless" cost: not paying is one more option (CR 118.12a)."""


@dataclass(frozen=True)
class Slot:
    """One action the rules require (or allow, for ``many``) in the block."""

    key: str
    actor: str
    verbs: tuple[str, ...]
    label: str
    step: Step | None
    position: int | None = None
    count: int | None = None
    """Fixed number: cards drawn, life gained or lost."""
    pick: Pick | None = None
    many: bool = False
    """Any number of lines fill it (blockers in one declaration)."""
    source: str | None = None
    """The object whose instruction this is (for "another", "self")."""
    decline_object: str | None = None
    """For an "unless" cost: the object sacrificed when the player declines."""
    optional: bool = False
    """A game action players seldom announce (a spell going to the graveyard): it may be
    left out of the performed lines without being forgotten."""


@dataclass
class Plan:
    """Slots, their precedences (slot keys) and the windows between slot groups."""

    slots: list[Slot] = field(default_factory=list)
    edges: list[tuple[str, str, str]] = field(default_factory=list)
    windows: list[tuple[str, list[str], list[str], str]] = field(default_factory=list)
    rules: set[str] = field(default_factory=set)

    def chain(self, groups: Sequence[Sequence[str]], rule: str) -> None:
        for earlier, later in zip(groups, groups[1:]):
            for a in earlier:
                for b in later:
                    self.edges.append((a, b, rule))


@dataclass(frozen=True)
class Situation:
    """What the block is about (one of the question's situation fields)."""

    kind: str
    """resolving, casting, steps or dying."""
    card: Card | None = None
    object: str | None = None
    steps: tuple[Step, ...] = ()
    dying: tuple[str, ...] = ()
    caster: str | None = None
    target: str | None = None


def _instruction_slots(ins: Instruction, pos: int, controller: str, target: str | None,
                       state: GameState, board: Board, source: str, name: str,
                       step: Step | None) -> list[Slot]:
    """The slots one instruction creates, one per player it addresses (APNAP order)."""
    out: list[Slot] = []
    # balance: every player chooses, in APNAP order (CR 101.4)
    players = players_named("each-player" if ins.verb == "balance" else param(ins, "who"),
                            controller, target, state)
    where = f"{name}, instruction {pos}"
    for p in players:
        key = f"{source}:{pos}:{p}"
        count = int(param(ins, "count")) if ins.verb in ("sacrifice", "discard", "return", "draw",
                                                         "search") else 1
        if ins.verb == "sacrifice":
            what = param(ins, "what")
            unless = param(ins, "unless")
            if what == "self" and unless:
                cost = dict(unless)
                out.append(Slot(key, p, ("discard", "sacrifice"), f"{p} discards a card or "
                                f"sacrifices {source} ({where})", step, pos,
                                pick=Pick(p, "hand", "card", int(cost.get("count", 1)),
                                          decline=True), source=source, decline_object=source))
            else:
                out.append(Slot(key, p, ("sacrifice",), f"{p} sacrifices {some(count, what)} "
                                f"({where})", step, pos, pick=Pick(p, "battlefield", what, count),
                                source=source))
        elif ins.verb == "discard":
            out.append(Slot(key, p, ("discard",), f"{p} discards {some(count, 'card')} ({where})",
                            step, pos, pick=Pick(p, "hand", "card", count), source=source))
        elif ins.verb in ("lose-life", "gain-life"):
            amount = int(param(ins, "amount"))
            out.append(Slot(key, p, (ins.verb,), f"{p} {'loses' if ins.verb == 'lose-life' else 'gains'}"
                            f" {amount} life ({where})", step, pos, count=amount, source=source))
        elif ins.verb == "return":
            what = str(param(ins, "what"))
            another = what.startswith("another-")   # "another creature card": not the source
            what = what.removeprefix("another-")
            out.append(Slot(key, p, ("return",), f"{p} returns {some(count, what + ' card')} from "
                            f"the graveyard ({where})", step, pos,
                            pick=Pick(p, str(param(ins, "from")), what, count,
                                      exclude=source if another else None),
                            source=source))
        elif ins.verb == "draw":
            out.append(Slot(key, p, ("draw",), f"{p} draws {count} ({where})", step, pos,
                            count=count, source=source))
        elif ins.verb == "search":
            out.append(Slot(key, p, ("search",), f"{p} searches the library ({where})", step, pos,
                            pick=Pick(p, "library", str(param(ins, "what")), count,
                                      up_to=bool(param(ins, "up-to"))), source=source))
        elif ins.verb == "shuffle":
            out.append(Slot(key, p, ("shuffle",), f"{p} shuffles ({where})", step, pos,
                            source=source))
        elif ins.verb == "balance":
            what = str(param(ins, "what"))
            zone, verb = ("hand", "discard") if what == "hand" else ("battlefield", "sacrifice")
            counts = {q: _count(board, state, q, zone, what) for q in state.names}
            fewest = min(counts.values())
            if counts[p] > fewest:
                out.append(Slot(key, p, (verb,), f"{p} {'discards' if verb == 'discard' else 'sacrifices'}"
                                f" {what}s down to {fewest} ({where})", step, pos,
                                pick=Pick(p, zone, "card" if what == "hand" else what,
                                          counts[p] - fewest, keep=fewest), source=source))
    return out


def some(count: int, noun: str) -> str:
    return f"a {noun}" if count == 1 else f"{count} {noun}s"


def object_is(state: GameState, obj: str, what: str, board: Board | None = None) -> bool:
    found = state.find(obj)
    card = state.card_of(found[2]) if found else None
    if what in ("card", "hand"):
        return True
    if card is None:
        return False
    if what == "basic-land":
        return card.is_a("land") and "basic" in card.supertypes
    if what == "creature" and board is not None and obj in board.animated:
        return True
    return card.is_a(what)


def _count(board: Board, state: GameState, player: str, zone: str, what: str) -> int:
    if zone == "battlefield":
        return len([o for o in board.zone(player, zone) if object_is(state, o, what, board)])
    return len(board.zone(player, zone))


def plan_for(situation: Situation, state: GameState, edition: Edition) -> Plan:
    """The required slots and their order, derived from the rules in force in ``edition``
    and the cards."""
    plan = Plan()
    board = board_of(state)
    ap = state.active
    if situation.kind in ("resolving", "casting"):
        card = situation.card
        assert card is not None
        caster = situation.caster or ap
        source = situation.object or card.name
        cost_keys: list[str] = []
        if situation.kind == "casting":
            for n, cost in enumerate(card.additional_costs, 1):
                items = dict(cost) if isinstance(cost, tuple) else {}
                if "sacrifice" in items:
                    what = str(items["sacrifice"])
                    key = f"{source}:cost{n}"
                    plan.slots.append(Slot(key, caster, ("sacrifice",),
                                           f"{caster} sacrifices {some(1, what)} to cast {card.name}",
                                           state.step, None, pick=Pick(caster, "battlefield", what, 1),
                                           source=source))
                    cost_keys.append(key)
            plan.rules.add("cast.pay")
        groups: list[list[str]] = []
        for pos, ins in enumerate(card.resolve, 1):
            slots = _instruction_slots(ins, pos, caster, situation.target, state, board, source,
                                       card.name, state.step)
            plan.slots += slots
            if len(slots) > 1:
                plan.chain([[s.key] for s in slots], "apnap.order")
            if slots:
                groups.append([s.key for s in slots])
        plan.chain(groups, "resolve.written-order")
        resolution = [k for g in groups for k in g]
        if not card.is_permanent_card:
            key = f"{source}:graveyard"
            plan.slots.append(Slot(key, caster, ("to-graveyard",), f"{card.name} is put into its "
                                   "owner's graveyard", state.step, len(card.resolve) + 1,
                                   source=source, optional=True))
            plan.edges += [(k, key, "resolve.to-graveyard") for k in resolution]
            resolution.append(key)
        if cost_keys:
            plan.edges += [(c, r, "stack.resolve-all-pass") for c in cost_keys for r in resolution]
            plan.windows.append((f"after {caster} casts {card.name}, while it waits on the stack",
                                 cost_keys, resolution, "stack.resolve-all-pass"))
    elif situation.kind == "steps":
        stages: list[list[str]] = []
        for step in situation.steps:
            keys: list[str] = []
            if step == Step.UNTAP:
                plan.slots.append(Slot(f"untap:{ap}", ap, ("untap",), f"{ap} untaps their permanents",
                                       step))
                keys.append(f"untap:{ap}")
                plan.rules.add("turn.untap")
            elif step == Step.UPKEEP:
                for _, _, obj in state.objects("battlefield"):
                    card = state.card_of(obj)
                    if obj.controller != ap or card is None:
                        continue
                    for ability in card.abilities_of("triggered"):
                        if ability.trigger not in ("your-upkeep", "upkeep"):
                            continue
                        for pos, ins in enumerate(ability.effect, 1):
                            slots = _instruction_slots(ins, pos, ap, None, state, board, obj.id,
                                                       f"{obj.id}'s upkeep trigger", step)
                            plan.slots += slots
                            keys += [s.key for s in slots]
                            if ins.verb == "sacrifice" and param(ins, "unless"):
                                plan.rules.add("cost.unless")
                if keys:
                    plan.rules.add("turn.upkeep")
                    plan.windows.append((f"in {ap}'s upkeep, with the upkeep trigger on the stack",
                                         [k for s in stages for k in s], list(keys), "turn.upkeep"))
            elif step == Step.DRAW:
                plan.slots.append(Slot(f"draw:{ap}", ap, ("draw",), f"{ap} draws for the turn",
                                       step, count=1))
                keys.append(f"draw:{ap}")
                plan.rules.add("turn.draw")
            elif step == Step.DECLARE_BLOCKERS:
                for p in state.opponents(ap):
                    plan.slots.append(Slot(f"blockers:{p}", p, ("block",), f"{p} declares blockers",
                                           step, many=True))
                    keys.append(f"blockers:{p}")
                plan.rules.add("combat.declare-blockers")
            if keys:
                if stages and step != Step.UPKEEP and step != Step.UNTAP:
                    plan.windows.append((f"before the {step} step begins: the previous step ends "
                                         "only when all players pass priority",
                                         [k for s in stages for k in s], list(keys),
                                         "priority.step-ends-all-pass"))
                stages.append(keys)
        plan.chain(stages, "turn.phase-order")
    elif situation.kind == "dying":
        deaths = []
        for dying in situation.dying:
            found = state.find(dying)
            assert found is not None
            key = f"dies:{dying}"
            plan.slots.append(Slot(key, found[2].controller, ("to-graveyard",),
                                   f"{dying} is put into the graveyard", state.step, source=dying))
            deaths.append(key)
        plan.rules.add("sba.simultaneous")
        by_player: dict[str, list[str]] = {}
        for dying in situation.dying:
            found = state.find(dying)
            assert found is not None
            controller = found[2].controller
            card = state.card_of(found[2])
            for ability in (card.abilities_of("triggered") if card else []):
                if ability.trigger not in ("dies", "leaves-battlefield"):
                    continue
                for pos, ins in enumerate(ability.effect, 1):
                    slots = _instruction_slots(ins, pos, controller, None, state, board, dying,
                                               f"{dying}'s trigger", state.step)
                    plan.slots += slots
                    by_player.setdefault(controller, []).extend(s.key for s in slots)
        triggered = [k for ks in by_player.values() for k in ks]
        plan.edges += [(d, t, "triggers.apnap-stack") for d in deaths for t in triggered]
        # The active player's triggers go on the stack first, so the others' resolve first.
        order = [p for p in reversed(state.apnap()) if p in by_player]
        plan.chain([by_player[p] for p in order], "triggers.apnap-stack")
        if triggered:
            # CR 117.3 (priority.when): players receive priority before each trigger resolves
            plan.windows.append(("after the dying creatures' triggers are put on the stack, "
                                 "before the first resolves", deaths, triggered, "priority.when"))
            ordered = triggered
            for i in range(1, len(ordered)):
                plan.windows.append((f"after a trigger resolves, before the next "
                                     f"({len(ordered) - i} left)", deaths + ordered[:i],
                                     ordered[i:], "stack.resolve-all-pass"))
    # the edition asked about: only the rules in force shape the order and are cited
    plan.rules = {r for r in plan.rules if rule_holds(r, edition)}
    plan.edges = [e for e in plan.edges if rule_holds(e[2], edition)]
    return plan
