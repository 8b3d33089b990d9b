"""An independent reference stepper of the game in time, written from the Comprehensive
Rules (CR 103.8a, 117, 405, 500-514, 603.3, 608, 704; 2008 CR 300.3 for mana burn) and the
modelling conventions of the temporal core (one event per time step, named as the core names
them). It is NOT a transliteration of the ASP encodings and is never imported by the package:
it only serves to check the core's traces event by event (test_reference_agreement.py).

Scope: the cards of the test generator (basic lands, Reliquary Tower, Grizzly Bears,
Llanowar Elves, Phyrexian Arena, Sulfuric Vortex, Font of Mythos, Megrim, Lightning Bolt,
Lava Spike, Divination, Revitalize) and hidden cards; 2+ players; scripts of passes, holds,
mana, casts, land plays, attacks, blocks, cleanup discards, trigger orders, `all pass until`.
"""
from __future__ import annotations

from dataclasses import dataclass, field

STEPS = ["untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup"]
PHASE = {"untap": "beginning", "upkeep": "beginning", "draw": "beginning", "main1": "main1",
         "beginning_of_combat": "combat", "declare_attackers": "combat",
         "declare_blockers": "combat", "combat_damage": "combat", "end_of_combat": "combat",
         "main2": "main2", "end": "ending", "cleanup": "ending"}
PRIORITY_STEPS = set(STEPS) - {"untap", "cleanup"}   # CR 502.4, 514.3


@dataclass(frozen=True)
class CardDef:
    types: frozenset
    colour_cost: tuple = ()          # ((colour letter, n), ...)
    generic: int = 0
    target: str | None = None        # any | player
    instructions: tuple = ()         # ("damage", n, who) | ("draw", who, n) | ("gain", who, n) | ("lose", who, n)
    trigger: str | None = None       # your_upkeep | each_upkeep | each_draw_step | opponent_discards
    trigger_effect: tuple = ()
    mana: str | None = None          # colour a {T} mana ability adds
    toughness: int | None = None
    no_max_hand: bool = False        # Reliquary Tower
    no_life_gain: bool = False       # Sulfuric Vortex
    trigger_index: int = 1           # the core's number for the triggered ability (its position
                                     # among the card's abilities: Vortex lists its static first)

    @property
    def land(self):
        return "land" in self.types

    @property
    def instant_speed(self):
        return "instant" in self.types

    @property
    def permanent(self):
        return not ({"instant", "sorcery"} & self.types)


def _land(colour):
    return CardDef(frozenset({"land"}), mana=colour)


# Written from the printed cards (Oracle text), not from the project's card files.
CARDS = {
    "Forest": _land("g"), "Island": _land("u"), "Swamp": _land("b"), "Mountain": _land("r"),
    "Plains": _land("w"), "Wastes": _land("c"),
    "Reliquary Tower": CardDef(frozenset({"land"}), mana="c", no_max_hand=True),
    "Grizzly Bears": CardDef(frozenset({"creature"}), (("g", 1),), 1, toughness=2),
    "Llanowar Elves": CardDef(frozenset({"creature"}), (("g", 1),), 0, mana="g", toughness=1),
    "Phyrexian Arena": CardDef(frozenset({"enchantment"}), (("b", 2),), 1, trigger="your_upkeep",
                               trigger_effect=(("draw", "you", 1), ("lose", "you", 1))),
    "Sulfuric Vortex": CardDef(frozenset({"enchantment"}), (("r", 2),), 1, trigger="each_upkeep",
                               trigger_effect=(("damage", 2, "that_player"),), no_life_gain=True,
                               trigger_index=2),
    "Font of Mythos": CardDef(frozenset({"artifact"}), (), 4, trigger="each_draw_step",
                              trigger_effect=(("draw", "that_player", 2),)),
    "Megrim": CardDef(frozenset({"enchantment"}), (("b", 1),), 2, trigger="opponent_discards",
                      trigger_effect=(("damage", 2, "that_player"),)),
    "Lightning Bolt": CardDef(frozenset({"instant"}), (("r", 1),), 0, target="any",
                              instructions=(("damage", 3, "target"),)),
    "Lava Spike": CardDef(frozenset({"sorcery"}), (("r", 1),), 0, target="player",
                          instructions=(("damage", 3, "target"),)),
    "Divination": CardDef(frozenset({"sorcery"}), (("u", 1),), 2,
                          instructions=(("draw", "you", 2),)),
    "Revitalize": CardDef(frozenset({"instant"}), (("w", 1),), 1,
                          instructions=(("gain", "you", 3), ("draw", "you", 1))),
}


@dataclass
class Obj:
    id: str
    card: str | None
    owner: str
    controller: str
    zone: str
    libpos: int = 0
    tapped: bool = False
    sick: bool = False
    damage: int = 0
    attacking: bool = False

    @property
    def cd(self) -> CardDef | None:
        return CARDS.get(self.card) if self.card else None

    def is_(self, t):
        return bool(self.cd) and t in self.cd.types


@dataclass
class Result:
    events: list                     # [(name, args)]
    stop: tuple                      # (kind, player|None, what, entry|None)
    losers: set = field(default_factory=set)
    reasons: set = field(default_factory=set)   # every reason an illegal action fails


class Unmodelled(Exception):
    """The stepper does not cover this state or script."""


class Game:
    def __init__(self, state, edition: str, script, until):
        self.edition = edition
        self.old = edition < "2009-07-11"          # mana burn, phase-only emptying
        self.players = list(state.names)
        self.active = state.active
        self.step = state.step.value.replace("-", "_")
        self.turn = state.turn                  # None: not the game's first turn
        self.life = {p.name: p.life for p in state.players}
        self.lands = {p.name: p.lands_played for p in state.players}
        self.pool = {p.name: {} for p in state.players}
        for p in state.players:
            for letter in p.mana_pool.replace("{", " ").replace("}", " ").split():
                c = letter.lower()
                self.pool[p.name][c] = self.pool[p.name].get(c, 0) + 1
        self.objs: dict[str, Obj] = {}
        self.stack: list = []
        for p in state.players:
            for zone, objs in p.zones:
                for i, o in enumerate(objs, start=1):
                    if o.card and o.card not in CARDS:
                        raise Unmodelled(o.card)
                    self.objs[o.id] = Obj(o.id, o.card, o.owner, o.controller, zone,
                                          libpos=i if zone == "library" else 0,
                                          tapped=o.tapped, attacking=o.attacking)
                    if zone == "stack":
                        raise Unmodelled("an object on the stack")
        self.at_start = state.priority is None
        self.prio_to = state.priority
        # CR 514.3a: a cleanup step in which players receive priority is followed by another.
        self.cleanup_again = self.step == "cleanup" and state.priority is not None
        self.passed: set = set()
        self.all_passed = False
        self.due: list = []
        self.pending: list = []
        self.resolving = None            # (X, next instruction index)
        self.targets: dict = {}
        self.drew_empty: set = set()
        self.lost: set = set()
        self.order_given = None          # (player, [object ids])
        self.script = list(script)
        self.k = 0                       # next script entry (0-based)
        self.until = until
        self.events: list = []
        self.turn_changed_now = False

    # ---- reading the state -------------------------------------------------------------
    def in_zone(self, zone, owner=None):
        return [o for o in self.objs.values() if o.zone == zone and (owner is None or o.owner == owner)]

    def battlefield(self):
        return self.in_zone("battlefield")

    def hand(self, p):
        return self.in_zone("hand", p)

    def max_hand(self, p):
        if any(o.cd and o.cd.no_max_hand and o.controller == p for o in self.battlefield()):
            return None
        return 7

    def apnap(self):
        i = self.players.index(self.active)
        return self.players[i:] + self.players[:i]

    def next_player(self, p):
        return self.players[(self.players.index(p) + 1) % len(self.players)]

    def pool_total(self, p):
        return sum(self.pool[p].values())

    def t(self):
        return len(self.events) + 1      # the time of the event about to happen

    def sbas(self):
        out = []
        for p in self.players:
            if p in self.lost:
                continue
            if self.life[p] <= 0:
                out.append(("lose", p))                      # 704.5a
            elif p in self.drew_empty:
                out.append(("lose", p))                      # 704.5b
        for o in self.battlefield():
            if o.is_("creature"):
                tough = o.cd.toughness
                if tough <= 0 or o.damage >= tough:          # 704.5f, 704.5g
                    out.append(("dies", o.id))
        return out

    def kind_of_trigger(self, x):
        _, src, k, q, _ = x
        return (self.objs[src].card, k, q)

    # ---- the next thing that happens ------------------------------------------------------
    def next(self):
        """('game', event) or ('decision', player, kind)."""
        if self.at_start:
            return "game", ("start", (self.step,))
        if self.resolving is not None:
            x, i = self.resolving
            instrs = self.instructions(x)
            if i == 1 and x in self.targets and not self.target_legal(x, self.targets[x]):
                return "game", ("finish", (x,))               # 608.2b
            if i <= len(instrs):
                return "game", ("do", (x, i))
            return "game", ("finish", (x,))
        if self.due:
            tba = self.due[0]
            if tba == "untap":
                return "game", ("untap", (self.active,))
            if tba == "draw":
                return "game", ("draw_step_draw", (self.active,))
            if tba == "discard":
                hand = self.hand(self.active)
                kinds = {o.card for o in hand}
                if len(kinds) > 1:
                    return "decision", self.active, "discard"
                return "game", ("cleanup_discard", (self.active,))
            if tba == "clear":
                return "game", ("cleanup_clear", ())
            if tba == "attack":
                return "decision", self.active, "attack"
            if tba[0] == "block":
                return "decision", tba[1], "block"
        checking = self.prio_to is not None or (
            self.step == "cleanup" and not self.all_passed and (self.sbas() or self.pending))
        if checking:
            if self.sbas():
                return "game", ("sba_check", ())
            if self.pending:
                p = self.putter()
                mine = [x for x in self.pending if self.objs[x[1]].controller == p]
                if len({self.kind_of_trigger(x) for x in mine}) > 1:
                    if self.order_given is None or self.order_given[0] != p:
                        return "decision", p, "order"
                    listed = self.order_given[1]
                    pos = lambda x: listed.index(x[1]) if x[1] in listed else 1000  # noqa: E731
                    x = min(mine, key=lambda x: (pos(x), x))
                else:
                    x = min(mine)
                return "game", ("put_trigger", (x,))
            if self.prio_to is not None:
                return "decision", self.prio_to, "priority"
        if self.all_passed:
            if self.stack:
                return "game", ("resolve", (self.stack[-1],))
            return "game", ("end_step", (self.step,))
        if self.step not in PRIORITY_STEPS:
            return "game", ("end_step", (self.step,))
        raise AssertionError("nothing happens next")

    def putter(self):
        for p in self.apnap():
            if any(self.objs[x[1]].controller == p for x in self.pending):
                return p

    def instructions(self, x):
        if isinstance(x, tuple):
            return self.objs[x[1]].cd.trigger_effect
        return self.objs[x].cd.instructions

    def controller_of(self, x):
        return self.objs[x[1] if isinstance(x, tuple) else x].controller

    def target_legal(self, x, y, caster=None):
        kind = self.objs[x].cd.target
        if y in self.players:
            return y not in self.lost and kind in ("any", "player")
        o = self.objs.get(y)
        return o is not None and kind == "any" and o.zone == "battlefield" and o.is_("creature")

    # ---- the players' decisions ---------------------------------------------------------------
    def run(self, max_events=200) -> Result:
        while True:
            if len(self.events) >= max_events:
                return Result(self.events, ("horizon", None, "", None))
            nxt = self.next()
            if nxt[0] == "game":
                self.apply(nxt[1])
            else:
                _, p, kind = nxt
                stop = self.decide(p, kind)
                if stop is not None:
                    return stop
            stop = self.stopped()
            if stop is not None:
                return stop

    def stopped(self):
        # unsupported first, then game over, then the point reached (the core's ranking)
        if self.step == "combat_damage" and any(o.attacking for o in self.battlefield()):
            return Result(self.events, ("unsupported", None, "combat damage", None))
        if self.lost:
            if len(self.players) > 2:
                return Result(self.events, ("unsupported", None, "leaves", None), self.lost)
            return Result(self.events, ("game-over", None, "", None), set(self.lost))
        if self.reached_now and self.until.kind != "end" and self.point_reached(self.until):
            return Result(self.events, ("reached", None, "", None))
        return None

    def decide(self, p, kind):
        entry = self.script[self.k] if self.k < len(self.script) else None
        if entry is None:
            return Result(self.events, ("needs-decision", p, kind, None))
        if entry.verb == "pass-until":
            if kind == "priority":
                self.apply(("pass", (p,)))
            elif kind == "attack":
                self.apply(("attack", (p, "none")))
            elif kind == "block":
                self.apply(("block", (p, "none")))
            else:
                return Result(self.events, ("needs-decision", p, kind, None))
            return None
        ek = {"pass": "priority", "hold": "priority", "cast": "priority", "activate": "priority",
              "mana": "priority", "play": "priority", "attack": "attack", "block": "block",
              "discard": "discard", "order": "order"}.get(entry.verb, "other")
        num = self.k + 1
        if entry.player != p or ek != kind:
            return Result(self.events, ("illegal-action", entry.player, "mismatch", num))
        reasons = self.why_not(entry, num)
        if reasons == {"payment"}:
            return Result(self.events, ("needs-decision", p, "payment", None))
        if reasons:
            return Result(self.events, ("illegal-action", entry.player, "illegal", num), reasons=reasons)
        self.k += 1
        v = entry.verb
        if v == "pass":
            self.apply(("pass", (p,)))
        elif v == "hold":
            self.apply(("hold", (p,)))
        elif v == "cast":
            self.apply(("cast", (p, entry.objects[0], entry.target or "none", num if entry.paying else "auto")),
                       entry)
        elif v == "activate":
            raise Unmodelled("activated abilities")
        elif v == "mana":
            self.apply(("mana", (p, entry.objects[0])))
        elif v == "play":
            self.apply(("play", (p, entry.objects[0])))
        elif v == "attack":
            self.apply(("attack", (p, num)), entry)
        elif v == "block":
            self.apply(("block", (p, num)), entry)
        elif v == "discard":
            self.apply(("discard", (p, num)), entry)
        elif v == "order":
            self.apply(("order", (p, num)), entry)
        return None

    def why_not(self, d, num):
        """Every reason the rules forbid decision ``d`` (the player has the decision due)."""
        p, why = d.player, set()
        o = self.objs.get(d.objects[0]) if d.objects else None
        if d.verb == "cast":
            cd = o.cd if o else None
            if o is None or o.zone != "hand" or o.owner != p:
                why.add("not_in_hand")                                  # 601.2a
            if cd is None:
                raise Unmodelled("casting a hidden card")
            if cd.land:
                why.add("land_not_cast")                                # 116.2a / 305.1
                return why
            if not cd.instant_speed:                                    # 117.1a, 307.1
                if self.step not in ("main1", "main2"):
                    why.add("not_main_phase")
                if p != self.active:
                    why.add("not_your_turn")
                if self.stack:
                    why.add("stack_not_empty")
            if cd.target and not d.target:
                why.add("missing_target")                               # 601.2c
            if d.target and not cd.target:
                why.add("no_target_wanted")
            if d.target and cd.target and not self.target_ok(cd.target, d.target):
                why.add("bad_target")
            why |= self.pay_problems(p, cd, d)
            return why
        if d.verb == "mana":
            if o is None or not (o.cd and o.cd.mana):
                why.add("no_mana_ability")
            if o is None or o.controller != p:
                why.add("not_controller")
            if o is None or o.zone != "battlefield":
                why.add("not_on_battlefield")
            if o is not None and o.tapped:
                why.add("already_tapped")
            if o is not None and o.sick:
                why.add("summoning_sick")                               # 302.6
            return why
        if d.verb == "play":                                            # 305.1, 305.2
            if o is None or not o.is_("land"):
                why.add("not_a_land")
            if o is None or o.zone != "hand" or o.owner != p:
                why.add("land_not_in_hand")
            if p != self.active:
                why.add("land_not_your_turn")
            if self.step not in ("main1", "main2"):
                why.add("land_not_main_phase")
            if self.stack:
                why.add("land_stack_not_empty")
            if self.lands[p] >= 1:
                why.add("no_land_plays_left")
            return why
        if d.verb == "attack":                                          # 508.1a
            for a in d.objects:
                x = self.objs.get(a)
                if not (x and x.is_("creature") and x.zone == "battlefield" and x.controller == p
                        and not x.tapped and not x.sick):
                    why.add("cant_attack")
            return why
        if d.verb == "block":                                           # 509.1a
            for b, a in d.blocks:
                x, y = self.objs.get(b), self.objs.get(a)
                if not (x and x.is_("creature") and x.zone == "battlefield" and x.controller == p
                        and not x.tapped and y and y.attacking):
                    why.add("cant_block")
            return why
        if d.verb == "discard":                                         # 514.1
            hand = self.hand(p)
            if any(self.objs.get(c) is None or self.objs[c].zone != "hand" or self.objs[c].owner != p
                   for c in d.objects):
                why.add("not_chosen_from")
            if len(set(d.objects)) != len(hand) - self.max_hand(p):
                why.add("wrong_count")
            return why
        return why

    def target_ok(self, kind, y):
        if y in self.players:
            return y not in self.lost
        o = self.objs.get(y)
        return kind == "any" and o is not None and o.zone == "battlefield" and o.is_("creature")

    def pay_problems(self, p, cd, d):
        """601.2g-h: coloured symbols from their colour, generic from what is left; when more
        is left than the generic part needs in more than one colour, how to pay it is a choice."""
        why = set()
        left = dict(self.pool[p])
        for c, n in cd.colour_cost:
            if left.get(c, 0) < n:
                why.add("cant_pay")
            else:
                left[c] -= n
        if why:
            return why
        g = cd.generic
        if d.paying:
            paying = {c.lower(): n for c, n in d.paying}
            if sum(paying.values()) != g or any(left.get(c, 0) < n for c, n in paying.items()):
                why.add("cant_pay")
            return why
        total = sum(left.values())
        if total < g:
            why.add("cant_pay")
        elif g > 0 and total > g and len([c for c, n in left.items() if n > 0]) > 1:
            why.add("payment")
        return why

    def payment(self, p, cd, d):
        spend = dict(cd.colour_cost)
        left = dict(self.pool[p])
        for c, n in cd.colour_cost:
            left[c] -= n
        g = cd.generic
        if d.paying:
            for c, n in d.paying:
                spend[c.lower()] = spend.get(c.lower(), 0) + n
        elif g:
            if sum(left.values()) == g:
                for c, n in left.items():
                    spend[c] = spend.get(c, 0) + n
            else:
                (c,) = [c for c, n in left.items() if n > 0]
                spend[c] = spend.get(c, 0) + g
        return spend

    # ---- points ------------------------------------------------------------------------------
    reached_now = False

    def point_reached(self, pt):
        if pt is None or pt.kind == "end":
            return False
        if pt.kind == "next-turn":
            return self.turn_changed_now
        step = pt.step.value.replace("-", "_")
        if step != self.step:
            return False
        return pt.kind == "step" or pt.player == self.active

    # ---- what events do ----------------------------------------------------------------------
    def apply(self, ev, entry=None):
        name, args = ev
        t = self.t()
        self.events.append(ev)
        self.reached_now = False
        self.turn_changed_now = False
        if name == "start":
            self.at_start = False
            self.begin_step(t)
            self.reached_now = False      # the state's own step is not a point reached
        elif name == "end_step":
            self.end_step(t)
        elif name == "untap":
            for o in self.battlefield():
                if o.controller == args[0]:
                    o.tapped = False
                    o.sick = False        # 302.6: under control since the turn began
            self.due.pop(0)
        elif name == "draw_step_draw":
            self.draw(args[0], 1, t)
            self.due.pop(0)
        elif name == "cleanup_discard":
            p = args[0]
            hand = sorted(self.hand(p), key=lambda o: o.id)
            n = len(hand) - self.max_hand(p)
            self.discard(p, [o.id for o in hand[:n]], t)
            self.due.pop(0)
        elif name == "discard":
            self.discard(args[0], list(entry.objects), t)
            self.due.pop(0)
        elif name == "cleanup_clear":
            for o in self.objs.values():
                o.damage = 0
            self.due.pop(0)
        elif name == "attack":
            if entry is not None:
                for a in entry.objects:
                    self.objs[a].attacking = True
                    self.objs[a].tapped = True                    # 508.1f (no vigilance here)
            self.due.pop(0)
        elif name == "block":
            if entry is not None and entry.blocks:
                raise Unmodelled("blocks")
            self.due.pop(0)
        elif name == "sba_check":
            if self.step == "cleanup" and self.prio_to is None:
                self.open_cleanup()
            for kind, who in self.sbas():
                if kind == "lose":
                    self.lost.add(who)
                else:
                    self.objs[who].zone = "graveyard"
                    self.leave_battlefield(self.objs[who])
            self.drew_empty.clear()
        elif name == "put_trigger":
            if self.step == "cleanup" and self.prio_to is None:
                self.open_cleanup()
            x = args[0]
            self.pending.remove(x)
            self.stack.append(x)
            if self.order_given and not any(self.objs[y[1]].controller == self.order_given[0]
                                             for y in self.pending):
                self.order_given = None
        elif name == "order":
            self.order_given = (args[0], list(entry.objects))
        elif name == "pass":
            p = args[0]
            self.passed.add(p)
            alive = [q for q in self.players if q not in self.lost]
            if all(q in self.passed for q in alive):             # 117.4
                self.all_passed = True
                self.prio_to = None
            else:                                                # 117.3d
                q = self.next_player(p)
                while q in self.lost:
                    q = self.next_player(q)
                self.prio_to = q
        elif name == "hold":
            pass
        elif name in ("cast", "mana", "play"):
            self.passed.clear()                                  # any action breaks the succession
            p = args[0]
            o = self.objs[args[1]]
            if name == "cast":
                spend = self.payment(p, o.cd, entry)
                for c, n in spend.items():
                    self.pool[p][c] -= n
                    if self.pool[p][c] == 0:
                        del self.pool[p][c]
                o.zone = "stack"
                self.stack.append(o.id)
                if args[2] != "none":
                    self.targets[o.id] = args[2]
            elif name == "mana":
                o.tapped = True
                self.pool[p][o.cd.mana] = self.pool[p].get(o.cd.mana, 0) + 1
            else:
                o.zone = "battlefield"
                self.lands[p] += 1
        elif name == "resolve":
            x = self.stack.pop()
            self.resolving = (x, 1)
            self.all_passed = False
            self.passed.clear()
        elif name == "do":
            x, i = args
            self.do(x, self.instructions(x)[i - 1], t)
            self.resolving = (x, i + 1)
        elif name == "finish":
            x = args[0]
            if not isinstance(x, tuple):
                o = self.objs[x]
                fizzled = x in self.targets and not self.target_legal(x, self.targets[x]) \
                    and self.resolving[1] == 1
                if o.cd.permanent and not fizzled:
                    o.zone = "battlefield"                       # 608.3
                    o.sick = o.is_("creature")
                else:
                    o.zone = "graveyard"                         # 608.2n
            self.targets.pop(x, None)
            self.resolving = None
            self.prio_to = self.active                           # 117.3b
        else:
            raise AssertionError(name)
        if self.k < len(self.script) and self.script[self.k].verb == "pass-until" and self.reached_now \
                and self.point_reached(self.script[self.k].until):
            self.k += 1

    def open_cleanup(self):
        # 514.3a: an SBA or a trigger in cleanup: the active player will get priority, and
        # another cleanup step follows once all pass with an empty stack.
        self.prio_to = self.active
        self.cleanup_again = True

    def leave_battlefield(self, o):
        o.tapped = False
        o.damage = 0
        o.sick = False
        o.attacking = False

    def draw(self, p, n, t):
        lib = sorted(self.in_zone("library", p), key=lambda o: o.libpos)
        for o in lib[:n]:
            o.zone = "hand"
        if len(lib) < n:
            self.drew_empty.add(p)                                # 121.4 / 704.5b

    def discard(self, p, ids, t):
        for i in ids:
            self.objs[i].zone = "graveyard"
        for i in ids:                                             # Megrim (603.2)
            for o in self.battlefield():
                if o.cd and o.cd.trigger == "opponent_discards" and o.controller != p:
                    self.pending.append(("tr", o.id, 1, p, i))

    def who(self, x, w):
        if w == "you":
            return self.controller_of(x)
        if w == "that_player":
            return x[3]
        if w == "target":
            return self.targets[x]
        raise AssertionError(w)

    def do(self, x, ins, t):
        verb = ins[0]
        if verb == "damage":
            y = self.who(x, ins[2])
            if y in self.players:
                self.life[y] -= ins[1]                            # 120.3a
            elif self.objs[y].zone == "battlefield":
                self.objs[y].damage += ins[1]                     # 120.3e
        elif verb == "draw":
            self.draw(self.who(x, ins[1]), ins[2], t)
        elif verb == "lose":
            self.life[self.who(x, ins[1])] -= ins[2]
        elif verb == "gain":
            if not any(o.cd and o.cd.no_life_gain for o in self.battlefield()):
                self.life[self.who(x, ins[1])] += ins[2]

    def end_step(self, t):
        old = self.step
        nxt = self.following(old)
        # mana empties: every step end (500.5) — before M10 only a phase end, with burn (300.3)
        if self.old:
            phase_ends = nxt == "untap" or PHASE[nxt] != PHASE[old]
            if phase_ends:
                for p in self.players:
                    self.life[p] -= self.pool_total(p)
                    self.pool[p] = {}
        else:
            for p in self.players:
                self.pool[p] = {}
        if old == "end_of_combat":
            for o in self.objs.values():
                o.attacking = False
        self.passed.clear()
        self.all_passed = False
        self.prio_to = None
        if old == "cleanup":
            self.cleanup_again = False
        if old == "cleanup" and nxt == "untap":                   # a new turn
            self.active = self.next_player(self.active)
            self.turn = None if self.turn is None else self.turn + 1
            for p in self.players:
                self.lands[p] = 0
            self.turn_changed_now = True
        self.step = nxt
        self.begin_step(t)
        self.reached_now = True

    def following(self, s):
        if s == "cleanup":
            return "cleanup" if self.cleanup_again else "untap"
        i = STEPS.index(s) + 1
        while True:
            n = STEPS[i]
            if n == "draw" and self.turn == 1 and len(self.players) == 2:        # 103.8a
                i += 1
                continue
            if n in ("declare_blockers", "combat_damage") and not any(
                    o.attacking for o in self.battlefield()):                    # 508.8
                i += 1
                continue
            return n

    def begin_step(self, t):
        s, a = self.step, self.active
        # 500.6 / 503.1 / 504 / 513: "at the beginning of" triggers
        for o in sorted(self.battlefield(), key=lambda o: o.id):
            tr = o.cd.trigger if o.cd else None
            if (s == "upkeep" and (tr == "each_upkeep" or (tr == "your_upkeep" and o.controller == a))) \
                    or (s == "draw" and tr == "each_draw_step"):
                self.pending.append(("tr", o.id, o.cd.trigger_index, a, t))
        if s == "untap":
            self.due.append("untap")
        elif s == "draw":
            self.due.append("draw")
        elif s == "declare_attackers":
            self.due.append("attack")
        elif s == "declare_blockers":
            for p in self.apnap()[1:]:
                if p not in self.lost:
                    self.due.append(("block", p))
        elif s == "cleanup":
            m = self.max_hand(a)
            if m is not None and len(self.hand(a)) > m:
                self.due.append("discard")
            self.due.append("clear")
        if s in PRIORITY_STEPS:
            self.prio_to = a


def run(state, edition: str, script, until, max_events=200) -> Result:
    game = Game(state, edition, script, until)
    result = game.run(max_events)
    result.game = game
    return result
