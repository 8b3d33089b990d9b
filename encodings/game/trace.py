"""Reading a trace of the core back: its events in the scenario's terms, why it ended,
and the state at its end. Only reads the answer set; decides nothing."""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

import clingo

from mtgrules.encodings.game.casting_facts import casting_words
from mtgrules.encodings.game.words import COLOUR_LETTER, COUNTER_WORD, STEP_NAME, Words, natural
from mtgrules.model.state import GameState
from mtgrules.model.timeline import Decision, Event

if TYPE_CHECKING:  # the game package reads traces with this module; it passes its types in
    from mtgrules.encodings.game import Stop, Timeline

DECISIONS = {"pass", "hold", "cast", "activate", "mana", "mana_as", "play", "turn_up", "attack", "block", "discard",
             "choose", "order", "aim", "keep", "order_blockers", "assign"}
MODE_GAPS = {
    "mode": lambda w: f"choosing its mode {w[1]}: {w[2]} (not modelled)",
    "splice": lambda w: f"splicing {w[1]}, whose splice cost has an {{X}} or a hybrid symbol (not modelled)",
    "kicked": lambda w: f"kicked: what it does if kicked can't be carried out ({w[1]}; not modelled)",
    "escalate": lambda w: f"with an escalate cost of '{w[1]}' paid for the modes beyond the first "
                          "(an escalate cost neither mana nor discarding a card: not modelled)",
    "edition": lambda w: f"a card with escalate under the rules of {w[2]}, an edition without it "
                         "(CR 702.120a came in 2016): not modelled",
}
"""Why the core refuses an announcement: a choice of modes, a splice (actions.lp's unmodelled
reasons)."""
UNWRITTEN_WORDS = {
    "spell": "what it does as it resolves (CR 113.3a)",
    "activated": "an activated ability it may have (CR 113.3b)",
    "triggered": "a triggered ability it has on the battlefield (CR 113.3c, 113.6)",
    "static": "a static ability it has where it is (CR 113.3d, 113.6)",
    "other_zones": "text that works outside the battlefield and the stack (CR 113.6a-p)",
}
"""What of a card's printed text the library doesn't write (characteristics.lp's refusal)."""


def value(s: clingo.Symbol) -> Any:
    if s.type == clingo.SymbolType.Number:
        return s.number
    if s.type == clingo.SymbolType.String:
        return s.string
    if not s.arguments:
        return s.name
    return (s.name, *(value(x) for x in s.arguments))


@dataclass
class Snapshot:
    """The state at one time point of a trace, in the scenario's terms."""

    time: int
    step: str
    turn: int | None
    """The turn's number in the game, counted from the scenario's ``turn``; ``None`` when the
    scenario gives none (the core then numbers no turn)."""
    active: str
    priority: str | None
    life: dict[str, int]
    zones: dict[str, dict[str, list[str]]]
    """player → zone → object ids (the stack is listed separately, bottom first)."""
    stack: list[str]
    pools: dict[str, str]
    tapped: list[str]
    damage: dict[str, int]
    lost: list[str]
    knows: dict[str, list[str]] = field(default_factory=dict)
    """player → hidden objects whose identity they know."""
    counters: dict[str, dict[str, int]] = field(default_factory=dict)
    """object → counters on it by kind (+1/+1, -1/-1, loyalty)."""
    resolving: str = ""
    """The object resolving, if any: the top of ``stack`` (CR 608.2n)."""
    combat: dict[str, Any] = field(default_factory=dict)
    """In a combat: ``attacking`` (ids), ``blocking`` ([blocker, attacker] pairs), ``blocked``
    (attackers that became blocked, CR 509.1h), ``order`` (attacker → blockers in their damage
    assignment order), ``struck first`` (had first or double strike as the first combat damage
    step began), ``assigned first`` (2008 editions: assigned combat damage in the first step),
    ``damage step`` (``first`` or ``second`` of two, when there are two)."""

    def to_json(self) -> dict[str, Any]:
        out = {"time": self.time, "step": self.step, "turn": self.turn, "active": self.active,
               "priority": self.priority, "life": self.life, "zones": self.zones,
               "stack": self.stack, "mana pools": self.pools, "tapped": self.tapped,
               "damage": self.damage, "counters": self.counters, "lost": self.lost}
        if self.resolving:
            out["resolving"] = self.resolving
        if self.combat:
            out["combat"] = self.combat
        return out


class Reader(Words):
    def __init__(self, state: GameState, model: Sequence[clingo.Symbol],
                 script: Sequence[Decision], n_conditions: int = 0, offset: int = 0,
                 steps: Sequence[tuple[Sequence[clingo.Symbol], int]] = (), edition: str = ""):
        """``model``: the shown atoms of a trace; ``steps``: more of them, each group with the
        time its atoms' time arguments count from (a step program's, times 0 and 1)."""
        self.state = state
        self.edition = edition
        """The edition's date, to name it where a rule is absent from it."""
        self.offset = offset
        self.n_conditions = n_conditions
        self.stop_rules: dict[int, set[str]] = defaultdict(set)
        self.script = list(script)
        self.occurs: dict[int, Any] = {}
        self.started: dict[int, list[Any]] = defaultdict(list)
        self.ended: dict[int, list[Any]] = defaultdict(list)
        self.step_at: dict[int, str] = {}
        self.stack_at: dict[int, int] = {}
        self.initial: set[Any] = set()
        self.final: set[Any] = set()
        self.cites: dict[int, set[str]] = defaultdict(set)
        self.stops: dict[int, list[Any]] = defaultdict(list)
        self.priority: dict[int, str] = {}
        self.conds: dict[int, set[int]] = defaultdict(set)
        self.sba: dict[int, list[Any]] = defaultdict(list)
        self.combat: dict[tuple[str, int], list[tuple[Any, ...]]] = defaultdict(list)
        self.why_not: dict[int, list[tuple[Any, Any]]] = defaultdict(list)
        self.declared: dict[int, list[Any]] = defaultdict(list)
        self.names: dict[tuple[Any, Any, int], list[Any]] = defaultdict(list)
        self.instr: dict[tuple[Any, Any, int], Any] = {}
        self.decisions: dict[int, list[tuple[Any, Any]]] = defaultdict(list)
        self.owners = {o.id: o.owner for _, _, o in state.objects()}
        self.mods: dict[tuple[Any, Any, int], list[Any]] = defaultdict(list)
        self.affected: dict[tuple[Any, Any, int], list[Any]] = defaultdict(list)
        self.shares: dict[tuple[Any, Any, int], list[tuple[Any, Any, Any]]] = defaultdict(list)
        self.lost: set[tuple[Any, Any, Any, int]] = set()
        self.pt: dict[int, dict[str, tuple[int, int]]] = defaultdict(dict)
        self.kw: dict[int, dict[str, list[str]]] = defaultdict(lambda: defaultdict(list))
        self._half: dict[str, dict[tuple[int, str], int]] = {"power_at": {}, "toughness_at": {}}
        self.shortcut: set[Any] = set()
        self.proposal_at: list[int] = []
        # one reading per distinct atom: a step program shows the same atoms step after step
        parsed: dict[clingo.Symbol, tuple[str, tuple[Any, ...], int]] = {}
        for symbols, shift in ((model, 0), *steps):
            for s in symbols:
                p = parsed.get(s)
                if p is None:
                    args = s.arguments
                    t = args[-1].number if args and args[-1].type == clingo.SymbolType.Number else -1
                    p = parsed[s] = (s.name, tuple(value(x) for x in args), t)
                self._take(p[0], p[1], p[2] + shift if p[2] >= 0 else p[2])
        for (t, o), power in self._half["power_at"].items():
            if (t, o) in self._half["toughness_at"]:
                self.pt[t][o] = (power, self._half["toughness_at"][t, o])
        self.last = max([0, *self.occurs])

    def _take(self, name: str, v: tuple[Any, ...], t: int) -> None:
        """One shown atom: its name, its arguments' values, its time (-1: none)."""
        if name == "occurs":
            self.occurs[t] = v[0]
        elif name == "started":
            self.started[t].append(v[0])
        elif name == "ended":
            self.ended[t].append(v[0])
        elif name == "step_at":
            self.step_at[t] = STEP_NAME[v[0]]
        elif name == "stack_size":
            self.stack_at[t] = v[0]
        elif name == "initial":
            self.initial.add(v[0])
        elif name == "final":
            self.final.add(v[0])
        elif name == "cites":
            self.cites[t].add(v[0])
        elif name == "stop":
            self.stops[t].append(v[0])
        elif name == "has_priority":
            self.priority[t] = v[0]
        elif name == "cond_true":
            self.conds[t].add(v[0])
        elif name == "sba":
            self.sba[t].append(v[0])
        elif name in ("combat_assigned", "combat_dealt"):
            self.combat[name, t].append(v[:3])
        elif name == "shortcut_fact":
            self.shortcut.add(v[0])
        elif name == "shortcut_meaning":
            self.shortcut.add(("meaning", *v[:3]))
        elif name == "implied_event":
            self.shortcut.add(("implied", t))
        elif name == "shortcut_triggered":
            self.shortcut.add(("triggered", t, v[0], v[1]))
        elif name == "shortcut_open":
            self.shortcut.add(("open", t))
        elif name == "proposal_now":
            self.proposal_at.append(t)
        elif name == "why_not":
            self.why_not[t].append((v[0], v[1]))
        elif name == "names":
            self.names[(v[0], v[1], t)].append(v[2])
        elif name == "instr_of":
            self.instr[(v[0], v[1], t)] = v[2]
        elif name == "mod_of":
            self.mods[(v[0], v[1], t)].append(v[2])
        elif name == "affects":
            self.affected[(v[0], v[1], t)].append(v[2])
        elif name == "divided_to":
            self.shares[(v[0], v[1], t)].append((v[2], v[3], v[4]))
        elif name == "divided_lost":
            self.lost.add((v[0], v[1], v[2], t))
        elif name == "cites_stop":
            self.stop_rules[t].add(v[0])
        elif name == "decision":
            self.decisions[t].append((v[0], v[1]))
        elif name in ("power_at", "toughness_at"):
            self._half[name][t, v[0]] = v[1]
        elif name == "kw_at":
            self.kw[t][v[0]].append(v[1].replace("_", " "))
        elif name == "token_owner":
            self.owners[v[0]] = v[1]
        elif name == "declared":  # declare.lp's answer for a declaration found short (declare.py)
            self.declared[v[0]].append(v[1])

    # -- states --------------------------------------------------------------------------
    def snapshot(self, t: int, fl: set[Any]) -> Snapshot:
        """The state at ``t``, from its fluents ``fl``."""
        def get(name: str) -> list[Any]:
            return [f for f in fl if isinstance(f, tuple) and f[0] == name]

        zones: dict[str, dict[str, list[str]]] = {p: {} for p in self.state.names}
        for _, obj, zone in sorted(get("zone"), key=lambda f: natural(f[1])):
            if zone != "stack":
                zones[self.owners[obj]].setdefault(zone, []).append(obj)
        # an object resolving is still on the stack, above the others (CR 608.2n)
        resolving = next((self.item(x) for _, x, _ in get("resolving")), "")
        stack = [*(self.item(x) for _, x, _ in sorted(get("stack"), key=lambda f: f[2])), *([resolving] if resolving else [])]
        pools: dict[str, str] = {}
        for _, p, c, n in sorted(get("pool")):
            pools[p] = pools.get(p, "") + ("{" + COLOUR_LETTER[c] + "}") * n
        knows: dict[str, list[str]] = defaultdict(list)
        for _, p, o in sorted(get("knows"), key=lambda f: (f[1], natural(f[2]))):
            knows[p].append(o)
        return Snapshot(
            time=t,
            step=STEP_NAME[next(f[1] for f in get("step"))],
            turn=next(f[1] for f in get("turn")) or None,
            active=next(f[1] for f in get("active")),
            priority=self.priority.get(t),
            life={p: n for _, p, n in sorted(get("life"))},
            zones=zones, stack=stack, resolving=resolving, pools=pools,
            tapped=sorted((f[1] for f in get("tapped")), key=natural),
            damage={o: n for _, o, n in get("damage")},
            lost=sorted(f[1] for f in get("lost")),
            knows=dict(knows),
            counters={o: {COUNTER_WORD[k]: n for _, o2, k, n in get("counters") if o2 == o}
                      for o in sorted({f[1] for f in get("counters")}, key=natural)},
            combat=self.combat_of(get),
        )

    @staticmethod
    def combat_of(get: Callable[[str], list[Any]]) -> dict[str, Any]:
        """The combat in a state's fluents (see ``Snapshot.combat``), or nothing."""
        out: dict[str, Any] = {}
        if get("attacking"):
            out["attacking"] = sorted((f[1] for f in get("attacking")), key=natural)
        if get("blocking"):
            out["blocking"] = sorted([f[1], f[2]] for f in get("blocking"))
        if get("became_blocked"):
            out["blocked"] = sorted((f[1] for f in get("became_blocked")), key=natural)
        orders: dict[str, list[tuple[int, str]]] = defaultdict(list)
        for _, att, blocker, i in get("dorder"):
            orders[att].append((i, blocker))
        if orders:
            out["order"] = {att: [b for _, b in sorted(bs)] for att, bs in sorted(orders.items())}
        if get("struck_first"):
            out["struck first"] = sorted((f[1] for f in get("struck_first")), key=natural)
        if get("assigned_first"):
            out["assigned first"] = sorted((f[1] for f in get("assigned_first")), key=natural)
        step = next((f[1] for f in get("damage_step")), None)
        if step:
            out["damage step"] = step
        return out

    # -- words ---------------------------------------------------------------------------
    def events(self) -> list[Event]:
        out = []
        def carried(fluents: Iterable[Any]) -> set[tuple[Any, ...]]:
            """Whose turn it is, the stack and the life totals: what each event row shows."""
            return {f for f in fluents if isinstance(f, tuple) and f[0] in ("active", "stack", "resolving", "life")}

        held = carried(self.initial)
        for t in sorted(self.occurs):
            held = (held - carried(self.ended[t])) | carried(self.started[t])
            # top first: an object resolving is still on the stack, above the others (CR 608.2n)
            resolving = next((self.item(f[1]) for f in held if f[0] == "resolving"), "")
            on_stack = (*([resolving] if resolving else []),
                        *(self.item(f[1]) for f in sorted((f for f in held if f[0] == "stack"), key=lambda f: -f[2])))
            life = {f[1]: f[2] for f in sorted(self.started[t], key=str)
                    if isinstance(f, tuple) and f[0] == "life"}
            e = self.occurs[t]
            name = e if isinstance(e, str) else e[0]
            args = () if isinstance(e, str) else e[1:]
            step = self.step_at.get(t, "")
            stack = self.stack_at.get(t, 0)
            creatures = {o: {"power": p, "toughness": tg, "keywords": sorted(self.kw[t].get(o, []))}
                         for o, (p, tg) in sorted(self.pt[t].items())}
            out.append(Event(time=t + self.offset, name=name, args=args, text=self.describe(t, e),
                             rules=tuple(sorted(self.cites[t])), decision=name in DECISIONS,
                             step=step, priority=self.priority.get(t), stack=stack,
                             creatures=creatures,
                             active=next((f[1] for f in held if f[0] == "active"), ""),
                             on_stack=on_stack, resolving=resolving, life=life))
        return out

    def timeline(self, timeline_type: type[Timeline], stop_type: type[Stop], horizon: int,
                 stuck: bool, max_events: int, ground_seconds: float,
                 solve_seconds: float) -> Timeline:
        events = self.events()
        end = max([0, *self.occurs, *self.stops])
        stops = self.stops.get(end, [])
        stop = self.stop_of(stop_type, stops, end, stuck, horizon, max_events)
        stop = replace(stop, rules=tuple(sorted(self.stop_rules.get(end, ()))))
        rules = sorted({k for e in events for k in e.rules} | set(stop.rules))
        conds = {i: i in self.conds[end] for i in range(1, self.n_conditions + 1)}
        final = replace(self.snapshot(end, self.final), time=end + self.offset)
        return timeline_type(events=events, stop=stop, final=final, conditions=conds,
                             rules=tuple(rules), ground_seconds=ground_seconds,
                             solve_seconds=solve_seconds, shortcut=frozenset(self.shortcut),
                             proposal_at=min(self.proposal_at, default=None))

    def _unpaid_words(self, object_id: str) -> str:
        """Why the core can't cast this card: the words of its casting it doesn't model."""
        where = self.state.find(object_id)
        card = self.state.card_of(where[2]) if where else None
        words = [w.replace("_onto", "").replace("_", "-") for w in casting_words(card)] \
            if card else []
        if words:
            return ("whose casting the core does not model yet (" + ", ".join(words)
                    + "; the cast and cost questions answer it)")
        return ("whose cost the core does not pay yet (snow, X in a cost other than the mana cost or a "
                "kicker's, additional or alternative costs)")

    def stop_of(self, stop_type: type[Stop], stops: list[Any], end: int, stuck: bool,
                horizon: int, max_events: int) -> Stop:
        order = ("unsupported", "game_over", "reached", "achieved", "not_standard", "shortcut_missed",
                 "illegal", "mismatch", "needs")
        # by kind, then by value: two stops of one kind (two reasons an action is illegal) come
        # out in the same order whatever order clingo lists them in
        ranked = sorted(stops, key=lambda s: (order.index(s if isinstance(s, str) else s[0]), repr(s)))
        if not ranked:
            if stuck:
                return stop_type("stuck", what="no rule of the core says what happens next")
            return stop_type("horizon", what=f"the trace reached its bound of {max_events} events")
        s = ranked[0]
        kind = s if isinstance(s, str) else s[0]
        if kind == "reached":
            return stop_type("reached")
        if kind == "achieved":
            return stop_type("achieved")
        if kind == "game_over":
            losers = sorted({r[1] for r in ranked if not isinstance(r, str) and r[0] == "game_over"})
            if len(losers) > 1:  # every player lost at once (stops.lp cites CR 104.4a)
                return stop_type("game-over", player=s[1], what=f"a draw: {' and '.join(losers)} lose the game at once")
            return stop_type("game-over", player=s[1])
        if kind == "unsupported":
            what = s[1]
            words = {"attack_target": "attacking in a game with two or more opponents: which one "
                                      "each creature attacks (CR 508.1b) has no words yet",
                     "win_forbidden": "a game won while an effect says a player can't win (CR 101.2)"}
            if isinstance(what, tuple) and what[0] == "keyword":
                return stop_type("unsupported", what=f"damage dealt by a source with {what[1]}")
            if isinstance(what, tuple) and what[0] == "tokens":
                return stop_type("unsupported", what=f"more tokens of {what[1]} than the core "
                                 "set aside for this question")
            if isinstance(what, tuple) and what[0] == "instruction":
                text = f"the instruction {what[1]}"
            elif isinstance(what, tuple) and what[0] == "leaves":
                text = f"{what[1]} losing a multiplayer game (the others play on, CR 800.4a)"
            elif isinstance(what, tuple) and what[0] == "modes":
                gap = MODE_GAPS.get(what[2][0]) if isinstance(what[2], tuple) else None
                text = f"casting {what[1]}, " + (gap(what[2]) if gap else str(what[2]))
            elif isinstance(what, tuple) and what[0] == "ability_modes":
                # a modal activated ability (ability_modes.lp): a mode without words, or a choice
                # of several modes
                gap = what[2]
                text = (f"activating {what[1]}'s ability, " + (
                    f"choosing its mode {gap[1]}: {gap[2]} (not modelled)" if isinstance(gap, tuple)
                    and gap[0] == "mode" else f"an ability choosing {gap[1]} (not modelled)"
                    if isinstance(gap, tuple) and gap[0] == "modes" else str(gap)))
            elif what == "target_colours":
                text = ("a target that must be colourless while an effect may set colours (layer 5 "
                        "has no words in the core)")
            elif isinstance(what, tuple) and what[0] == "not_in_edition":
                how, key = what[1], what[2]
                text = (f"paying by {how} under the {self.edition or 'asked'} edition of the rules: {key} is not in force "
                        + ("(improvise came later)" if how == "improvise" else
                           f"({how} was an additional cost that reduced the total then, a form the "
                           "core does not model)"))
            elif isinstance(what, tuple) and what[0] == "no_words":
                text = f"{what[1]} resolving: what it does has no words in the card library"
            elif isinstance(what, tuple) and what[0] == "unwritten":
                text = (f"{what[1]}: {UNWRITTEN_WORDS.get(str(what[2]), str(what[2]))} has no words "
                        "in the vocabulary (marked 'unwritten' by its card entry, or its card "
                        "export's rules text, which the scenario doesn't write)")
            elif isinstance(what, tuple) and what[0] == "mana_value":
                text = (f"the mana value of {what[1]} (a cost with a snow symbol, an {{X}} off the "
                        "battlefield, or a card that may have been face down)")
            elif what == "colours_unknown":
                text = ("a creature convoking for a colour while an effect may set colours (layer 5 "
                        "has no words in the core)")
            elif isinstance(what, tuple) and what[0] == "absent":
                rule = str(what[1]).rpartition(".")[2]
                text = (f"casting with {rule}: the {self.edition or 'asked'} edition of the rules has no "
                        f"rule for {rule} ({what[1]})")
            elif isinstance(what, tuple) and what[0] == "ability_cost":
                text = (f"activating an ability of {what[1]} whose cost the core does not pay (a hybrid "
                        "or snow symbol, or a loyalty cost of a card that is not a planeswalker whose every "
                        "activated ability has one)")
            elif isinstance(what, tuple) and what[0] == "last_known":
                text = (f"damage dealt by {what[1]} as it last existed on the battlefield (CR 113.7a, "
                        "608.2h) where an effect may have given or taken away its lifelink or deathtouch "
                        "then: the core keeps its printed abilities only")
            elif isinstance(what, tuple) and what[0] == "mana_cost":
                text = (f"activating a mana ability of {what[1]} whose cost is not just {{T}} (an {{X}}, "
                        "mana, a sacrifice: the core's mana abilities are {T} only)")
            elif isinstance(what, tuple) and what[0] == "cost":
                text = f"casting {what[1]}, {self._unpaid_words(str(what[1]))}"
            else:
                text = words.get(str(what), str(what))
            return stop_type("unsupported", what=text)
        if kind == "needs":
            return stop_type("needs-decision", player=s[1], what=s[2])
        if kind in ("not_standard", "shortcut_missed"):
            entry = s[1]
            d = self.script[entry - 1] if 0 < entry <= len(self.script) else None
            what = str(d) if kind == "not_standard" and d else \
                f"'{d}': its end is not reached this turn" if d else "?"
            return stop_type("not-standard", player=d.player if d else None, entry=entry, what=what)
        if kind == "illegal":
            entry = s[1]
            d = self.script[entry - 1] if 0 < entry <= len(self.script) else None
            who = d.player if d else None
            # every reason the rules give, not one picked at random
            reasons = sorted({self.why_words(r[2], who) for r in ranked
                              if not isinstance(r, str) and r[0] == "illegal" and r[1] == entry})
            return stop_type("illegal-action", player=who, entry=entry, what="; ".join(reasons))
        # mismatch: the script's entry is not the decision the rules ask for now
        entry, player, kind_due = s[1], s[2], s[3]
        d = self.script[entry - 1] if 0 < entry <= len(self.script) else None
        due = {"priority": f"{player} has priority", "attack": f"{player} declares attackers",
               "block": f"{player} declares blockers", "discard": f"{player} chooses cards to discard",
               "order": f"{player} orders their triggers", "choose": f"{player} makes a choice",
               "random": f"the result of {player}'s random discard",
               "target": f"{player} chooses the target of their triggered ability",
               "legend": f"{player} chooses the legendary permanent to keep",
               "order_blockers": f"{player} announces the damage assignment order of an attacker",
               "assign": f"{player} assigns a creature's combat damage"}[kind_due]
        return stop_type("illegal-action", player=d.player if d else None, entry=entry,
                         what=f"the rules ask for another decision here: {due}")
