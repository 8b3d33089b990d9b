"""A brute-force oracle for out-of-order sequencing (MTR 4.3), in plain Python.

Written from MTR 4.3, the CR (101.4 APNAP, 603.3b, 608.2c, 704.3, 500-504, 509.1) and the
written semantics of ``encodings/sequencing/CORE.md`` (the five conditions, acts, lines) —
never from the encodings. It is never imported by the package; it only checks it.

The oracle steps the situation itself (a spell resolving, creatures dying at once, steps of
the turn), enumerating every **correct run**: every way the block's lines can answer the
run's choices and every free order of triggers. Each correct run is judged against the
**performed run** (the lines executed literally, in the order performed) on five conditions.
The answer is ``stands`` when some run meets all five; otherwise the failed conditions of the
run that fails fewest (ties: the smallest sorted tuple).

Conventions the oracle takes (each from CORE.md / DESIGN §5.4 unless said):
* a choice act is answered by an unused line of its chooser of a fitting kind whenever one
  exists (the solver chooses which); a choice no line answers is forgotten (unless implicit),
  and the rules' run still makes it: every legal pick is tried (a forced one is taken);
* a line matched to an act that happens by itself (implicit: the spell put into its
  graveyard) is never retroactive after a pause or reaction (MTR 4.3 speaks of actions a
  player missed; CR 608.2n puts the spell there whatever the players say);
* a line that answers a choice illegally fails ``legal-in-order``; the correct run — the
  rules' own run — then takes one of the legal options (every one is tried);
* a draw takes an unseen library's cards nobody has named first (an unseen library has no
  order, so how a scenario lists its named cards must not matter), then named ones in listing
  order; the same in both runs;
* the performed run executes each line literally: its effect moves an object only from the
  zone its verb takes it from (a discard from a hand, a sacrifice from the battlefield, a
  return from a graveyard, a search from a library); elsewhere the line does nothing;
* an act the block may leave unsaid (the spell put into its graveyard) happens in the
  performed run too;
* a discard by count takes the cards that were in hand longest first (listing order, then
  the order they arrived in);
* state-based actions (CR 704.5a: a player at 0 or less life loses) are checked whenever a
  player would receive priority in the correct run, and at the end of the performed run (the
  point the block reached); with two players the game — and the correct run — ends there;
* knowledge: each player knows their own hand; a draw shows the drawn card to its drawer; a
  search shows the searcher their library until it is shuffled; a look shows the looker; a
  reveal shows everyone; a card moved to a public zone is seen by all.
"""
from __future__ import annotations

import itertools
import re
from dataclasses import dataclass, field, replace
from typing import Any

CONDITIONS = ("legal-in-order", "same-state", "no-leak", "no-interaction",
              "nothing-added-or-forgotten")
HIDDEN = ("library", "hand")
OPTION_CAP = 64


class Unsupported(Exception):
    """The situation uses something the oracle does not model."""


# =========================================================================================
# State
# =========================================================================================

@dataclass
class Obj:
    id: str
    card: str | None          # None: a card nobody has named
    owner: str
    controller: str
    zone: str
    rank: int                 # listing order; a card put into a zone goes after those there
    tapped: bool = False
    animated: bool = False
    blocking: bool = False
    attacking: bool = False


@dataclass
class State:
    players: tuple[str, ...]
    active: str
    objs: dict[str, Obj]
    life: dict[str, int]
    lost: set[str]
    known: set[tuple[str, str]]          # (player, object id): the player knows that card
    cards: Any                            # name -> card definition (the project's Card)
    pool: dict[str, int] = field(default_factory=dict)
    over: bool = False

    def copy(self) -> State:
        return State(self.players, self.active, {k: replace(v) for k, v in self.objs.items()},
                     dict(self.life), set(self.lost), set(self.known), self.cards,
                     dict(self.pool), self.over)

    # -- reading ---------------------------------------------------------------------------
    def apnap(self) -> list[str]:
        i = self.players.index(self.active)
        return [p for p in self.players[i:] + self.players[:i]]

    def opponents(self, p: str) -> list[str]:
        return [q for q in self.apnap() if q != p]

    def zone(self, owner: str, zone: str) -> list[Obj]:
        return sorted((o for o in self.objs.values() if o.owner == owner and o.zone == zone),
                      key=lambda o: o.rank)

    def battlefield(self, controller: str | None = None) -> list[Obj]:
        return sorted((o for o in self.objs.values() if o.zone == "battlefield"
                       and (controller is None or o.controller == controller)),
                      key=lambda o: o.rank)

    def card(self, o: Obj):
        return self.cards[o.card] if o.card is not None else None

    def is_(self, o: Obj, quality: str, source: str | None = None) -> bool:
        c = self.card(o)
        if quality in ("card", None):
            return True
        if quality == "self":
            return o.id == source
        if c is None:
            return False
        if quality == "creature":
            return "creature" in c.types or o.animated
        if quality == "another-creature":
            return ("creature" in c.types or o.animated) and o.id != source
        if quality == "basic-land":
            return "land" in c.types and "basic" in c.supertypes
        return quality in c.types

    def knows(self, p: str, oid: str) -> bool:
        o = self.objs[oid]
        if o.zone not in HIDDEN:
            return True
        if o.zone == "hand" and o.owner == p:
            return True
        return (p, oid) in self.known

    def kind_for(self, p: str, o: Obj) -> str:
        """How player p tells the card apart: its name, or (unnamed) its identity if p knows
        it, else one kind with every other unnamed card p does not know."""
        if o.card is not None:
            return o.card
        return o.id if self.knows(p, o.id) else "?"

    # -- changing --------------------------------------------------------------------------
    def move(self, oid: str, zone: str) -> None:
        o = self.objs.get(oid)
        if o is None:
            return
        was = o.zone
        o.zone = zone
        o.rank = max((x.rank for x in self.objs.values()), default=0) + 1
        o.controller = o.owner
        o.tapped = o.animated = o.blocking = o.attacking = False
        if zone not in HIDDEN:
            self.known = {(p, x) for p, x in self.known if x != oid}
        elif was not in HIDDEN:        # a public card put into a hidden zone: everyone saw it
            self.known |= {(p, oid) for p in self.players}

    def draw_order(self, owner: str) -> list[Obj]:
        lib = self.zone(owner, "library")
        return [o for o in lib if o.card is None] + [o for o in lib if o.card is not None]

    def draw(self, p: str, n: int) -> list[str]:
        drawn = []
        for o in self.draw_order(p)[:n]:
            self.move(o.id, "hand")
            self.known.add((p, o.id))
            drawn.append(o.id)
        return drawn

    def shuffle(self, p: str) -> None:
        lib = {o.id for o in self.zone(p, "library")}
        self.known = {(q, x) for q, x in self.known if x not in lib}

    def check_sba(self) -> None:
        for p in self.players:
            if self.life[p] <= 0 and p not in self.lost:
                self.lost.add(p)
        if len([p for p in self.players if p not in self.lost]) <= 1 and self.lost:
            self.over = True

    def signature(self) -> tuple:
        """The state as the players can tell it apart (CORE.md condition 2)."""
        zones = []
        for p in self.players:
            for z in ("library", "hand", "graveyard", "battlefield", "stack", "exile"):
                kinds = []
                for o in self.zone(p, z):
                    if o.card is not None:
                        kinds.append(o.card)
                    elif z == "library" and not any(self.knows(q, o.id) for q in self.players):
                        kinds.append("?")
                    else:
                        kinds.append(o.id)
                zones.append((p, z, tuple(sorted(kinds))))
        perm = tuple(sorted((o.card or o.id, o.controller, o.tapped, o.animated, o.blocking)
                            for o in self.objs.values() if o.zone == "battlefield"))
        knowledge = []
        for p in self.players:
            for o in self.objs.values():
                if o.zone in HIDDEN and not (o.zone == "hand" and o.owner == p) \
                        and (p, o.id) in self.known:
                    knowledge.append((p, o.owner, o.zone, o.card or o.id))
        return (tuple(zones), perm, tuple(sorted(self.life.items())), tuple(sorted(self.lost)),
                tuple(sorted(knowledge)))


def state_from(game_state) -> State:
    """Our state from the project's ``GameState`` (its values only)."""
    objs: dict[str, Obj] = {}
    rank = 0
    for ps in game_state.players:
        for zone, objects in ps.zones:
            for g in objects:
                rank += 1
                objs[g.id] = Obj(g.id, g.card, g.owner, g.controller, zone, rank,
                                 tapped=g.tapped, attacking=g.attacking)
    players = tuple(p.name for p in game_state.players)
    return State(players, game_state.active, objs, {p.name: p.life for p in game_state.players},
                 set(), set(game_state.known), game_state.cards)


# =========================================================================================
# Lines
# =========================================================================================

@dataclass(frozen=True)
class Line:
    idx: int            # position among the block's lines (interruptions not counted)
    pos: int            # position in the performed list (interruptions counted)
    actor: str
    verb: str
    objs: tuple[str, ...] = ()
    count: int | None = None
    text: str = ""
    other: str | None = None     # the player whose hand is looked at


@dataclass(frozen=True)
class Interruption:
    pos: int
    kind: str           # pause | reaction


_N = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5}
_PATTERNS = [(v, re.compile(p, re.I)) for v, p in [
    ("sacrifice", r"sacrifices (?P<objs>.+)"),
    ("discard", r"discards (?P<n>\d+|a card|one card|two cards|three cards)"),
    ("discard", r"discards (?P<objs>.+)"),
    ("lose-life", r"loses (?P<n>\d+) life"),
    ("gain-life", r"gains (?P<n>\d+) life"),
    ("return", r"returns nothing"),
    ("return", r"returns (?P<objs>.+?)(?: to (?:their|his|her) hand)?"),
    ("draw", r"draws (?P<n>\d+|a card|one card|two cards|three cards)(?: cards?)?"),
    ("search", r"searches(?: (?:the|their|his|her) library)?(?: and finds nothing)?"),
    ("search", r"searches(?: (?:the|their|his|her) library)? for (?P<objs>.+)"),
    ("shuffle", r"shuffles(?: (?:the|their|his|her) library)?"),
    ("untap", r"untaps(?: (?:all|their|his|her)(?: permanents)?)*"),
    ("to-graveyard", r"puts (?P<objs>.+?) into (?:the|their|his|her|its owner's) graveyard"),
    ("tap-mana", r"taps (?P<objs>.+?) for mana"),
    ("animate", r"animates (?P<objs>.+)"),
    ("block", r"blocks with (?P<objs>.+)"),
    ("block", r"declares (?P<objs>.+?) as (?:a )?blockers?"),
    # lines beyond today's LINE_FORMS (issue 10 asks for them): reveal and look
    ("reveal", r"reveals (?:their|his|her) hand"),
    ("look", r"looks at (?P<other>\w+)'s hand"),
]]


def parse_lines(performed: list, players) -> list[Line | Interruption]:
    out: list[Line | Interruption] = []
    idx = 0
    for pos, entry in enumerate(performed):
        if isinstance(entry, dict) or (isinstance(entry, str) and entry.split(":")[0].strip()
                                       in ("pause", "reaction")):
            kind = next(iter(entry)) if isinstance(entry, dict) else entry.split(":")[0].strip()
            out.append(Interruption(pos, kind))
            continue
        text = str(entry).strip()
        actor, _, rest = text.partition(" ")
        if actor not in players:
            raise Unsupported(f"line without a player: {text}")
        for verb, pat in _PATTERNS:
            m = pat.fullmatch(rest.strip())
            if not m:
                continue
            g = m.groupdict()
            count = None
            if g.get("n"):
                w = g["n"].split()[0].lower()
                count = int(w) if w.isdigit() else _N.get(w, 1)
            objs: tuple[str, ...] = ()
            if g.get("objs"):
                # "Name#1" is the first copy, whose id is the bare name (the project's object ids)
                objs = tuple(re.sub(r"#1$", "", re.sub(r"^(?:a|an|the) ", "", s.strip()))
                             for s in re.split(r",\s*|\s+and\s+", g["objs"]) if s.strip())
            out.append(Line(idx, pos, actor, verb, objs, count, text, g.get("other")))
            idx += 1
            break
        else:
            raise Unsupported(f"unknown line: {text}")
    return out


# =========================================================================================
# Acts of the correct run
# =========================================================================================

@dataclass
class Act:
    n: int                       # its time in the correct run
    kind: str                    # forced | choice | implicit
    verb: str
    actor: str
    line: int | None = None      # the line matched to it
    legal: bool = True
    options2: bool = False       # a choice with at least two options its chooser tells apart
    public: bool = True          # a choice whose outcome every player sees
    objs: tuple = ()
    text: str | None = None      # the line that says this act (the generator's writer mode)


@dataclass
class Run:
    state: State
    acts: list[Act]
    prio: list[int]              # numbers of acts done when a player receives priority
    used: frozenset[int]
    search_dest: dict[int, tuple[str, bool]]   # line -> (zone, tapped) for a search line
    sources: dict[int, str]                    # line -> source object (an "unless" cost)


@dataclass(frozen=True)
class Ctx:
    controller: str
    source: str | None
    target: str | None
    that: str | None


def who(state: State, w: str, ctx: Ctx) -> list[str]:
    if w == "you":
        ps = [ctx.controller]
    elif w == "target":
        ps = [ctx.target] if ctx.target else []
    elif w == "opponents":
        ps = state.opponents(ctx.controller)
    elif w == "each-player":
        ps = state.apnap()
    elif w == "that-player":
        ps = [ctx.that] if ctx.that else []
    else:
        raise Unsupported(f"who: {w}")
    return [p for p in ps if p not in state.lost]


CHOICE_VERBS = {
    "discard": ("discard",), "sacrifice": ("sacrifice",), "return": ("return",),
    "search": ("search",), "unless": ("discard", "sacrifice"), "block": ("block",),
    "animate": ("animate",), "tap-mana": ("tap-mana",),
}


def says_same(line: Line, verb: str, actor: str, count=None, objs=()) -> bool:
    if line.actor != actor or line.verb != verb:
        return False
    if verb in ("draw", "lose-life", "gain-life"):
        return line.count == count
    if verb == "to-graveyard":
        return tuple(line.objs) == tuple(objs)
    if verb == "look":
        return line.other == (objs[0] if objs else None)
    return True


def forced_text(verb: str, actor: str, count=None, objs=()) -> str | None:
    return {"draw": f"{actor} draws {count}", "lose-life": f"{actor} loses {count} life",
            "gain-life": f"{actor} gains {count} life", "shuffle": f"{actor} shuffles",
            "untap": f"{actor} untaps",
            "to-graveyard": f"{actor} puts {objs[0] if objs else ''} into the graveyard",
            "reveal": f"{actor} reveals their hand",
            "look": f"{actor} looks at {objs[0] if objs else ''}'s hand"}.get(verb)


def n_options(kinds: list[str], k: int, upto: bool = False) -> int:
    """How many different picks (as the chooser tells cards apart): 2 means two or more."""
    if not kinds or k <= 0:
        return 1
    if upto:
        return 2
    if k >= len(kinds):
        return 1
    return 2 if len(set(kinds)) >= 2 else 1


class Stepper:
    """Enumerates the correct runs of one situation against one block."""

    def __init__(self, start: State, lines: list[Line], writer=None):
        self.start = start
        self.lines = lines
        self.writer = writer
        """A ``random.Random``: instead of answering choices from lines, make each choice at
        random and write the line that says it (the generator's correct lines)."""

    # every correct run: a generator of Run
    def runs(self, situation: dict) -> list[Run]:
        run = Run(self.start.copy(), [], [], frozenset(), {}, {})
        if "resolving" in situation:
            gen = self._resolving(run, situation)
        elif "dying" in situation:
            gen = self._dying(run, situation["dying"])
        elif "steps" in situation:
            gen = self._steps(run, list(situation["steps"]))
        else:
            raise Unsupported("situation")
        return list(gen)

    # -- helpers -----------------------------------------------------------------------------
    @staticmethod
    def _fork(run: Run) -> Run:
        return Run(run.state.copy(), list(run.acts), list(run.prio), run.used,
                   dict(run.search_dest), dict(run.sources))

    def _forced(self, run: Run, verb: str, actor: str, count=None, objs=(), kind="forced") -> Act:
        act = Act(len(run.acts), kind, verb, actor, objs=tuple(objs),
                  text=forced_text(verb, actor, count, objs))
        for line in self.lines:
            if line.idx not in run.used and says_same(line, verb, actor, count, objs):
                act.line = line.idx
                run.used = run.used | {line.idx}
                break
        run.acts.append(act)
        return act

    def _priority(self, run: Run) -> bool:
        """A player would receive priority: state-based actions first. False: the game ended."""
        run.state.check_sba()
        if run.state.over:
            return False
        run.prio.append(len(run.acts))
        return True

    def _choice(self, run: Run, verb: str, actor: str, options: list, legal_of, apply,
                options2: bool, public: bool = True, implicit_if_none: bool = False,
                text_of=None):
        """A choice act: each fitting unused line of the chooser answers it (the solver picks),
        or none (forgotten). ``options``: the legal picks; ``legal_of(line)``; ``apply(run,
        pick_or_line)``; ``text_of(pick)``: the line that says a pick (writer mode)."""
        if self.writer is not None:
            r = self._fork(run)
            pick = self.writer.choice(options) if options else None
            kind = "implicit" if implicit_if_none else "choice"
            r.acts.append(Act(len(r.acts), kind, verb, actor, None, True, options2, public,
                              text=text_of(pick) if text_of and pick is not None else None))
            if pick is not None:
                apply(r, pick)
            yield r
            return
        fitting = [ln for ln in self.lines if ln.idx not in run.used and ln.actor == actor
                   and ln.verb in CHOICE_VERBS[verb]]
        for ln in fitting:
            ok = legal_of(ln)
            if ok:
                r = self._fork(run)
                r.used = r.used | {ln.idx}
                r.acts.append(Act(len(r.acts), "choice", verb, actor, ln.idx, True, options2,
                                  public))
                apply(r, ln)
                yield r
            else:
                for pick in (options[:OPTION_CAP] or [None]):
                    r = self._fork(run)
                    r.used = r.used | {ln.idx}
                    r.acts.append(Act(len(r.acts), "choice", verb, actor, ln.idx, False,
                                      options2, public))
                    if pick is not None:
                        apply(r, pick)
                    yield r
        if fitting:
            return
        # no line answers it: the rules still make the player choose — every legal pick is
        # tried; the act is forgotten unless it is implicit
        kind = "implicit" if implicit_if_none else "choice"
        for pick in (options[:OPTION_CAP] or [None]):
            r = self._fork(run)
            r.acts.append(Act(len(r.acts), kind, verb, actor, None, True, options2, public))
            if pick is not None:
                apply(r, pick)
            yield r

    # -- instructions ------------------------------------------------------------------------
    def _instructions(self, run: Run, instrs: list, ctx: Ctx):
        if not instrs:
            yield run
            return
        first, rest = instrs[0], instrs[1:]
        for r in self._instruction(run, first, ctx):
            if r.state.over:
                yield r
                continue
            yield from self._instructions(r, rest, ctx)

    def _per_player(self, run: Run, players: list[str], one):
        if not players:
            yield run
            return
        for r in one(run, players[0]):
            yield from self._per_player(r, players[1:], one)

    def _instruction(self, run: Run, ins, ctx: Ctx):
        verb = ins.verb
        st = run.state
        if verb in ("draw", "lose-life", "gain-life", "shuffle", "reveal", "look"):
            players = who(st, ins.get("who", "you"), ctx)

            def one(r: Run, p: str):
                r = self._fork(r)
                if verb == "draw":
                    n = int(ins.get("count", 1))
                    self._forced(r, "draw", p, n)
                    r.state.draw(p, n)
                elif verb in ("lose-life", "gain-life"):
                    n = int(ins.get("amount"))
                    self._forced(r, verb, p, n)
                    r.state.life[p] += n if verb == "gain-life" else -n
                elif verb == "shuffle":
                    self._forced(r, "shuffle", p)
                    r.state.shuffle(p)
                elif verb == "reveal":
                    if ins.get("what", "hand") != "hand":
                        raise Unsupported("reveal of a card")
                    self._forced(r, "reveal", p)
                    for o in r.state.zone(p, "hand"):
                        r.state.known |= {(q, o.id) for q in r.state.players}
                elif verb == "look":
                    if ins.get("at") != "target-hand":
                        raise Unsupported("look at a library")
                    self._forced(r, "look", p, objs=(ctx.target,))
                    for o in r.state.zone(ctx.target, "hand"):
                        r.state.known.add((p, o.id))
                yield r
            yield from self._per_player(run, players, one)
            return
        if verb == "discard":
            if ins.get("random", False):
                raise Unsupported("random discard")
            if ins.get("chosen-by"):
                raise Unsupported("a discard another player chooses")
            k = int(ins.get("count", 1))
            yield from self._per_player(run, who(st, ins.get("who", "you"), ctx),
                                        lambda r, p: self._discard(r, p, k))
            return
        if verb == "sacrifice":
            what = ins.get("what", "creature")
            k = int(ins.get("count", 1))
            unless = ins.get("unless")
            players = who(st, ins.get("who", "you"), ctx)
            if unless is not None:
                yield from self._per_player(run, players,
                                            lambda r, p: self._unless(r, p, ctx, unless))
                return
            yield from self._per_player(run, players,
                                        lambda r, p: self._sacrifice(r, p, what, k, ctx.source))
            return
        if verb == "return":
            what = ins.get("what", "creature")
            k = int(ins.get("count", 1))
            yield from self._per_player(run, who(st, ins.get("who", "you"), ctx),
                                        lambda r, p: self._return(r, p, what, k, ctx.source))
            return
        if verb == "search":
            players = who(st, ins.get("who", "you"), ctx)

            def one(r: Run, p: str):
                for r2 in self._search(r, p, ins):
                    if ins.get("then") == "shuffle":
                        r2 = self._fork(r2)
                        self._forced(r2, "shuffle", p)
                        r2.state.shuffle(p)
                    yield r2
            yield from self._per_player(run, players, one)
            return
        if verb == "balance":
            yield from self._balance(run, ins.get("what", "land"))
            return
        raise Unsupported(f"instruction {verb}")

    # -- choices -----------------------------------------------------------------------------
    def _hand_order(self, st: State, p: str) -> list[Obj]:
        return st.zone(p, "hand")

    def _discard(self, run: Run, p: str, k: int, verb: str = "discard"):
        st = run.state
        hand = self._hand_order(st, p)
        need = min(k, len(hand))
        if need == 0:
            yield run
            return
        kinds = [st.kind_for(p, o) for o in hand]
        picks = [tuple(o.id for o in c) for c in itertools.combinations(hand, need)]

        def legal(ln: Line) -> bool:
            if ln.verb != "discard":
                return False
            if ln.count is not None:
                return ln.count == need
            ids = {o.id for o in hand}
            return len(ln.objs) == need and len(set(ln.objs)) == need and set(ln.objs) <= ids

        def apply(r: Run, x):
            if isinstance(x, Line):
                do_discard(r.state, p, x)
            else:
                for oid in x:
                    r.state.move(oid, "graveyard")
        by_count = any(o.card is None for o in hand)     # unnamed cards: say it by count
        if by_count:
            picks = [tuple(o.id for o in hand[:need])]

        def text_of(x):
            return f"{p} discards {need}" if by_count else f"{p} discards {', '.join(x)}"

        yield from self._choice(run, verb, p, picks, legal, apply, n_options(kinds, need) >= 2,
                                text_of=text_of)

    def _sacrifice(self, run: Run, p: str, what: str, k: int, source, verb="sacrifice"):
        st = run.state
        cands = [o for o in st.battlefield(p) if st.is_(o, what, source)]
        need = min(k, len(cands))
        if need == 0:
            yield run
            return
        kinds = [o.card or o.id for o in cands]
        picks = [tuple(o.id for o in c) for c in itertools.combinations(cands, need)]
        ids = {o.id for o in cands}

        def legal(ln: Line) -> bool:
            return (ln.verb == "sacrifice" and len(ln.objs) == need
                    and len(set(ln.objs)) == need and set(ln.objs) <= ids)

        def apply(r: Run, x):
            for oid in (x.objs if isinstance(x, Line) else x):
                r.state.move(oid, "graveyard")
        yield from self._choice(run, verb, p, picks, legal, apply, n_options(kinds, need) >= 2,
                                text_of=lambda x: f"{p} sacrifices {', '.join(x)}")

    def _return(self, run: Run, p: str, what: str, k: int, source):
        st = run.state
        cands = [o for o in st.zone(p, "graveyard") if st.is_(o, what, source)]
        need = min(k, len(cands))
        kinds = [o.card or o.id for o in cands]
        picks = [tuple(o.id for o in c) for c in itertools.combinations(cands, need)]
        ids = {o.id for o in cands}

        def legal(ln: Line) -> bool:
            return (ln.verb == "return" and len(ln.objs) == need
                    and len(set(ln.objs)) == need and set(ln.objs) <= ids)

        def apply(r: Run, x):
            for oid in (x.objs if isinstance(x, Line) else x):
                r.state.move(oid, "hand")
        yield from self._choice(run, "return", p, picks, legal, apply,
                                n_options(kinds, need) >= 2, implicit_if_none=(need == 0),
                                text_of=lambda x: f"{p} returns {', '.join(x)}" if x
                                else f"{p} returns nothing")

    def _search(self, run: Run, p: str, ins):
        st = run.state
        what = ins.get("what", "card")
        k = int(ins.get("count", 1))
        dest = ins.get("to", "hand")
        tapped = bool(ins.get("tapped", False))
        lib = st.zone(p, "library")
        cands = [o for o in lib if st.is_(o, what)]
        ids = {o.id for o in cands}
        picks: list[tuple[str, ...]] = []
        seen = set()
        for n in range(min(k, len(cands)), -1, -1):
            for c in itertools.combinations(cands, n):
                key = tuple(sorted(o.card or o.id for o in c))
                if key not in seen:
                    seen.add(key)
                    picks.append(tuple(o.id for o in c))

        def legal(ln: Line) -> bool:
            return (ln.verb == "search" and len(ln.objs) <= k and len(set(ln.objs)) == len(ln.objs)
                    and set(ln.objs) <= ids)

        def apply(r: Run, x):
            if isinstance(x, Line):
                r.search_dest[x.idx] = (dest, tapped)
            do_search(r.state, p, x.objs if isinstance(x, Line) else x, dest, tapped)
        yield from self._choice(run, "search", p, picks, legal, apply, bool(cands) and k > 0,
                                public=(dest == "battlefield"), implicit_if_none=not cands,
                                text_of=lambda x: f"{p} searches for {', '.join(x)}" if x
                                else f"{p} searches and finds nothing")

    def _unless(self, run: Run, p: str, ctx: Ctx, unless: dict):
        """"Sacrifice <source> unless you discard a card": pay, or let the source go."""
        st = run.state
        if dict(unless).get("do") != "discard" or int(dict(unless).get("count", 1)) != 1:
            raise Unsupported("unless cost")
        hand = self._hand_order(st, p)
        src = ctx.source
        picks: list = [("pay", o.id) for o in hand] + [("decline",)]
        kinds = {st.kind_for(p, o) for o in hand} | {"decline"}

        def legal(ln: Line) -> bool:
            if ln.verb == "sacrifice":
                return ln.objs == (src,) and st.objs[src].zone == "battlefield"
            if ln.count is not None:
                return ln.count == 1 and len(hand) >= 1
            return len(ln.objs) == 1 and ln.objs[0] in {o.id for o in hand}

        def apply(r: Run, x):
            if isinstance(x, Line):
                r.sources[x.idx] = src
                if x.verb == "sacrifice":
                    r.state.move(src, "graveyard")
                else:
                    do_discard(r.state, p, x)
            elif x[0] == "pay":
                r.state.move(x[1], "graveyard")
            else:
                r.state.move(src, "graveyard")
        yield from self._choice(run, "unless", p, picks, legal, apply, len(kinds) >= 2,
                                text_of=lambda x: f"{p} discards {x[1]}" if x[0] == "pay"
                                else f"{p} sacrifices {src}")

    def _balance(self, run: Run, what: str):
        """Restore Balance's parts (CR 608.2c): counted when the part happens."""
        st = run.state
        players = [p for p in st.apnap() if p not in st.lost]

        def count(p):
            if what == "hand":
                return len(st.zone(p, "hand"))
            return len([o for o in st.battlefield(p) if st.is_(o, what)])
        low = min(count(p) for p in players)

        def one(r: Run, p: str):
            excess = count(p) - low
            if excess <= 0:
                yield r
            elif what == "hand":
                yield from self._discard(r, p, excess)
            else:
                yield from self._sacrifice(r, p, what, excess, None)
        yield from self._per_player(run, players, one)

    # -- situations --------------------------------------------------------------------------
    def _resolving(self, run: Run, sit: dict):
        name = sit["resolving"]
        o = run.state.objs.get(name)
        if o is None or o.zone != "stack":
            raise Unsupported(f"{name} is not on the stack")
        card = run.state.card(o)
        caster = sit.get("caster") or o.controller
        target = sit.get("target")
        if target is None and card.targets:
            t = card.targets[0]
            if t in ("opponent", "player"):
                target = run.state.opponents(caster)[0]
        ctx = Ctx(caster, o.id, target, None)
        for r in self._instructions(run, list(card.resolve), ctx):
            if not r.state.over:
                if "instant" in card.types or "sorcery" in card.types:
                    self._forced(r, "to-graveyard", o.owner, objs=(o.id,), kind="implicit")
                    r.state.move(o.id, "graveyard")
                self._priority(r)
            yield r

    def _triggers(self, run: Run, triggers: list[tuple[str, Any, Ctx]]):
        """Put triggers on the stack in APNAP order, each controller ordering theirs freely
        (CR 603.3b), then resolve them one by one, priority (and state-based actions) before
        each (CR 704.3)."""
        st = run.state
        by: dict[str, list] = {p: [] for p in st.apnap()}
        for t in triggers:
            by[t[2].controller].append(t)
        orders = [list(itertools.permutations(by[p])) for p in st.apnap()]
        combos = list(itertools.product(*orders))
        if self.writer is not None:
            combos = [self.writer.choice(combos)]
        seen = set()
        for combo in combos:
            stack = [t for part in combo for t in part]     # bottom first
            key = tuple((t[0], id(t[1])) for t in stack)
            if key in seen:
                continue
            seen.add(key)
            r = self._fork(run)
            base, top_first = len(r.prio), list(reversed(stack))
            for done in self._resolve_stack(r, top_first):
                if self._block_order_kept(done, base, top_first):
                    yield done

    @staticmethod
    def _block_order_kept(run: Run, base: int, top_first: list) -> bool:
        """CR 603.3b: the order of a controller's own triggers is a decision, and the block shows
        it — the trigger whose actions the block performed first resolves first."""
        bounds = run.prio[base:]
        first: dict[int, int] = {}
        for k in range(min(len(top_first), len(bounds))):
            end = bounds[k + 1] if k + 1 < len(bounds) else len(run.acts)
            lines = [a.line for a in run.acts[bounds[k]:end] if a.line is not None]
            if lines:
                first[k] = min(lines)
        for i in range(len(top_first)):
            for j in range(i + 1, len(top_first)):
                if top_first[i][2].controller == top_first[j][2].controller and \
                        i in first and j in first and first[i] > first[j]:
                    return False
        return True

    def _resolve_stack(self, run: Run, top_first: list):
        if not self._priority(run):
            yield run
            return
        if not top_first:
            yield run
            return
        (_source, effect, ctx), rest = top_first[0], top_first[1:]
        for r in self._instructions(run, list(effect), ctx):
            if r.state.over:
                yield r
                continue
            yield from self._resolve_stack(r, rest)

    def _dying(self, run: Run, dying: list[str]):
        st = run.state
        triggers = []
        for oid in dying:
            o = st.objs[oid]
            self._forced(run, "to-graveyard", o.controller, objs=(oid,))
        for oid in dying:   # all at once (CR 704.3): leave-the-battlefield triggers look back
            o = st.objs[oid]
            c = st.card(o)
            for a in c.abilities_of("triggered"):
                if a.trigger == "dies":
                    triggers.append((oid, a.effect, Ctx(o.controller, oid, None, None)))
        for oid in dying:
            st.move(oid, "graveyard")
        yield from self._triggers(run, triggers)

    def _steps(self, run: Run, steps: list[str]):
        if not steps:
            yield run
            return
        step, rest = steps[0], steps[1:]
        st = run.state
        ap = st.active
        if step == "untap":
            self._forced(run, "untap", ap)
            for o in st.battlefield(ap):
                o.tapped = False
            yield from self._steps(run, rest)       # no priority in the untap step (CR 502.4)
            return
        if step in ("upkeep", "draw"):
            if step == "draw":
                self._forced(run, "draw", ap, 1)
                st.draw(ap, 1)
            wanted = {"upkeep": ("your-upkeep", "each-upkeep"),
                      "draw": ("your-draw-step", "each-draw-step")}[step]
            triggers = []
            for o in st.battlefield():
                c = st.card(o)
                for a in (c.abilities_of("triggered") if c else []):
                    if a.trigger == wanted[0] and o.controller == ap or a.trigger == wanted[1]:
                        triggers.append((o.id, a.effect, Ctx(o.controller, o.id, None, ap)))
            for r in self._triggers(run, triggers):
                if r.state.over:
                    yield r
                else:
                    yield from self._steps(r, rest)
            return
        if step == "declare-attackers":
            yield from self._activations(run, rest)
            return
        if step == "declare-blockers":
            yield from self._blocks(run, rest)
            return
        raise Unsupported(f"step {step}")

    # combat (MTR 4.3 example 5): decisions taken in the declare-attackers step's window,
    # then blockers declared at once (CR 509.1)
    def _activations(self, run: Run, rest):
        lines = [ln for ln in self.lines if ln.verb in ("animate", "tap-mana")]
        for ln in lines:
            r_act = Act(len(run.acts), "choice", ln.verb, ln.actor, ln.idx, True, True, True)
            if ln.verb == "tap-mana":
                r_act.legal = all(o in run.state.objs and run.state.objs[o].zone == "battlefield"
                                  and not run.state.objs[o].tapped for o in ln.objs)
            else:
                r_act.legal = pay_animation(run.state, ln.actor, ln.objs, check=True)
            run.used = run.used | {ln.idx}
            run.acts.append(r_act)
            do_line(run.state, ln, {}, {})
        if self._priority(run):
            yield from self._steps(run, rest)
        else:
            yield run

    def _blocks(self, run: Run, rest):
        st = run.state
        for ln in [ln for ln in self.lines if ln.verb == "block"]:
            ok = all(o in st.objs and st.objs[o].zone == "battlefield"
                     and st.objs[o].controller == ln.actor and not st.objs[o].tapped
                     and st.is_(st.objs[o], "creature") for o in ln.objs)
            run.acts.append(Act(len(run.acts), "choice", "block", ln.actor, ln.idx, ok, True))
            run.used = run.used | {ln.idx}
        for ln in [ln for ln in self.lines if ln.verb == "block"]:
            do_line(st, ln, {}, {})
        if self._priority(run):
            yield from self._steps(run, rest)
        else:
            yield run


# =========================================================================================
# Effects of a line (the performed run executes lines literally)
# =========================================================================================

def do_discard(st: State, p: str, ln: Line) -> list[str]:
    if ln.count is not None:
        ids = [o.id for o in st.zone(p, "hand")][:ln.count]
    else:
        ids = list(ln.objs)
    for oid in ids:
        st.move(oid, "graveyard")
    return ids


def do_search(st: State, p: str, found, dest: str, tapped: bool) -> None:
    for o in st.zone(p, "library"):
        st.known.add((p, o.id))
    for oid in found:
        st.move(oid, dest)
        if dest == "battlefield":
            st.objs[oid].tapped = tapped


def pay_animation(st: State, p: str, objs, check=False) -> bool:
    need = 2
    have = st.pool.get(p, 0)
    sources = [o for o in st.battlefield(p) if not o.tapped and o.id not in objs
               and st.card(o) is not None and "land" in st.card(o).types]
    ok = have + len(sources) >= need and all(
        o in st.objs and st.objs[o].zone == "battlefield" and st.objs[o].card == "Treetop Village"
        for o in objs)
    if check:
        return ok
    use = min(have, need)
    st.pool[p] = have - use
    for o in sources[:need - use]:
        o.tapped = True
    return ok


def do_line(st: State, ln: Line, search_dest: dict, sources: dict) -> set[str]:
    """Execute one line; return the players it showed the identity of a card they did not
    know (CORE.md condition 3, first kind of information)."""
    shown: set[str] = set()

    def reveal_move(oid):
        o = st.objs.get(oid)
        if o is not None and o.zone in HIDDEN:
            shown.update(q for q in st.players if not st.knows(q, oid))
    v = ln.verb
    p = ln.actor

    def where(oid, zones):     # an effect moves an object only from where its verb takes it
        o = st.objs.get(oid)
        return o is not None and o.zone in zones
    if v == "draw":
        before = {o.id for o in st.draw_order(p)[:ln.count]}
        if any(not st.knows(p, x) for x in before):
            shown.add(p)
        st.draw(p, ln.count)
    elif v in ("lose-life", "gain-life"):
        st.life[p] += ln.count if v == "gain-life" else -ln.count
    elif v == "discard":
        ids = [o.id for o in st.zone(p, "hand")][:ln.count] if ln.count is not None else ln.objs
        for oid in ids:
            if where(oid, ("hand",)):
                reveal_move(oid)
                st.move(oid, "graveyard")
    elif v in ("sacrifice", "to-graveyard"):
        for oid in ln.objs:
            if where(oid, ("battlefield",) if v == "sacrifice" else ("battlefield", "stack")):
                reveal_move(oid)
                st.move(oid, "graveyard")
    elif v == "return":
        for oid in ln.objs:
            if where(oid, ("graveyard",)):
                st.move(oid, "hand")
    elif v == "search":
        if any(not st.knows(p, o.id) for o in st.zone(p, "library")):
            shown.add(p)
        dest, tapped = search_dest.get(ln.idx, ("battlefield", False))
        found = [oid for oid in ln.objs if where(oid, ("library",))]
        for oid in found:
            if dest == "battlefield":
                reveal_move(oid)
        do_search(st, p, found, dest, tapped)
    elif v == "shuffle":
        st.shuffle(p)
    elif v == "untap":
        for o in st.battlefield(p):
            o.tapped = False
    elif v == "tap-mana":
        for oid in ln.objs:
            if oid in st.objs:
                st.objs[oid].tapped = True
                st.pool[p] = st.pool.get(p, 0) + 1
    elif v == "animate":
        pay_animation(st, p, ln.objs)
        for oid in ln.objs:
            if oid in st.objs:
                st.objs[oid].animated = True
    elif v == "block":
        for oid in ln.objs:
            if oid in st.objs:
                st.objs[oid].blocking = True
    elif v == "reveal":
        for o in st.zone(p, "hand"):
            for q in st.players:
                if not st.knows(q, o.id):
                    shown.add(q)
                st.known.add((q, o.id))
    elif v == "look":
        other = ln.other
        for o in st.zone(other, "hand"):
            if not st.knows(p, o.id):
                shown.add(p)
            st.known.add((p, o.id))
    return shown


# =========================================================================================
# Judging
# =========================================================================================

@dataclass
class Answer:
    outcome: str                      # stands | does-not-stand
    failed: frozenset[str]
    runs: int
    detail: dict = field(default_factory=dict)

    def __iter__(self):
        yield self.outcome
        yield self.failed


def judge(start: State, lines: list, run: Run) -> set[str]:
    block = [x for x in lines if isinstance(x, Line)]
    act_of = {a.line: a for a in run.acts if a.line is not None}
    failed: set[str] = set()
    # 1. legal in order
    if any(not a.legal for a in run.acts if a.line is not None):
        failed.add("legal-in-order")
    # performed run
    perf = start.copy()
    shown: dict[int, set[str]] = {}
    for ln in block:
        shown[ln.idx] = do_line(perf, ln, run.search_dest, run.sources)
    for a in run.acts:     # what the block may leave unsaid: the spell to its graveyard
        if a.kind == "implicit" and a.line is None and a.verb == "to-graveyard":
            for oid in a.objs:
                perf.move(oid, "graveyard")
    perf.check_sba()       # the point the block reached: a player would receive priority
    # 2. same state
    if perf.signature() != run.state.signature():
        failed.add("same-state")
    # 3. no leak
    choice_verbs = ("discard", "sacrifice", "return", "search", "block", "animate", "tap-mana")
    for L in block:
        a = act_of.get(L.idx)
        if a is None or a.kind != "choice" or not a.options2:
            continue
        P = a.actor
        for M in block:
            if M.pos >= L.pos or M.idx == L.idx:
                continue
            informs = P in shown[M.idx]
            am = act_of.get(M.idx)
            if M.actor != P:
                if am is not None:
                    if am.kind == "choice" and am.options2 and am.public:
                        informs = True
                elif M.verb in choice_verbs:
                    informs = True
            if not informs:
                continue
            if am is None or am.n > a.n:
                failed.add("no-leak")
    # 4. no interaction
    for it in [x for x in lines if isinstance(x, Interruption)]:
        before = [act_of[m.idx].n for m in block if m.pos < it.pos and m.idx in act_of]
        if not before:
            continue
        latest = max(before)
        points = [p for p in run.prio if p >= latest + 1]
        point = points[0] if points else float("inf")
        for m in block:   # an act that happens by itself (implicit) can't be taken late
            if m.pos > it.pos and m.idx in act_of and act_of[m.idx].n < point \
                    and act_of[m.idx].kind != "implicit":
                failed.add("no-interaction")
    # 5. nothing added or forgotten
    if any(ln.idx not in act_of for ln in block):
        failed.add("nothing-added-or-forgotten")
    if any(a.line is None and a.kind != "implicit" for a in run.acts):
        failed.add("nothing-added-or-forgotten")
    return failed


def oracle(start: State, situation: dict, performed: list) -> Answer:
    """The oracle's answer for a block performed in a situation from a starting state."""
    lines = parse_lines(performed, start.players)
    block = [x for x in lines if isinstance(x, Line)]
    runs = Stepper(start, block).runs(situation)
    best: tuple | None = None
    for run in runs:
        failed = judge(start, lines, run)
        key = (len(failed), tuple(sorted(failed)))
        if best is None or key < best:
            best = key
        if not failed:
            return Answer("stands", frozenset(), len(runs))
    assert best is not None
    return Answer("does-not-stand", frozenset(best[1]), len(runs))


def situation_of(question: dict) -> dict:
    return {k: question[k] for k in ("resolving", "dying", "steps", "caster", "target")
            if k in question}


def oracle_for_scenario(doc: dict) -> Answer:
    """The oracle's answer for a scenario given as a dict (the YAML document)."""
    from mtgrules.model.cards import builtin_cards, parse_cards
    from mtgrules.model.read.state import parse_state
    from mtgrules.model.source import Field
    cards = builtin_cards()
    if doc.get("cards"):
        cards = cards.extended(parse_cards(Field.of(doc["cards"])))
    game_state = parse_state(Field.of(doc["state"]), cards)
    q = doc["question"]
    return oracle(state_from(game_state), situation_of(q), list(q["performed"]))
