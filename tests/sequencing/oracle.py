"""A brute-force oracle for out-of-order sequencing (MTR 4.3), in plain Python.

Written from MTR 4.3 and the CR (101.4 APNAP, 111.1, 117.1a, 117.3c, 117.5, 120.3, 120.6, 307.1,
514.1, 601.2, 603.2-603.3d, 603.6a, 603.10a, 608.1, 608.2c, 701.20a, 701.22a, 701.23a, 701.24a,
704.3, 704.5d, 704.5g) and the input conventions of
``encodings/sequencing/CORE.md`` (what a line, an act, a block are) — never from the
encodings. It is never imported by the package; it only checks it. Where it reads a class
differently from CORE.md, ``ORACLE.md`` says so.

The oracle steps the situation itself (a spell cast or resolving, creatures dying at once,
steps of the turn), enumerating every **correct run**: every way the block's lines can answer
the run's choices, every free order of each controller's triggered abilities, every legal
pick a line leaves open. Each correct run is judged against the **performed run** (the lines
executed literally, in the order performed) on five conditions. The answer is ``stands`` when
some run meets all five; otherwise the failed conditions of the run that fails fewest (ties,
as CORE.md: fewest lines unmatched, then fewest illegal lines, then the smallest sorted tuple).

**The block's extent.** A block about a spell runs until the game would next wait for a
player's free decision with an empty stack: the triggered abilities the spell's own events
caused (a discard, a creature dying, a permanent entering) are put on the stack when a player
would next receive priority (CR 603.3) and resolve inside the block, as do the triggers their
resolution causes.

**Knowledge** is a set of facts per player, kept as the run goes (``State.learned``):
``("id", "card@zone")`` — the player has seen which card a hidden card is, and in which
hidden zone (a draw shows it in the hand; a look, a search or a reveal where it lies; a card
moved from a hidden zone to a public one, where it came from); ``("pick", line)`` — the player
saw the outcome of another player's pick among at least two options that player tells apart
(or of a random result). Where a library's cards lie is known until a shuffle (CR 701.24a)
and matters at a draw (below). Condition 3 compares, for each choice with two or more options
its chooser tells apart, the chooser's facts just before the choice in the performed run with
their facts just before it in the correct run (a search or scry chooses after its own look,
in both): a fact the performed run had and the correct run did not is information gained too
early (MTR 4.3) — except a card seen in a library by one who knows where it went since. A
fact the correct run already gives (a reveal before a forced discard) is no leak however
early the line showing it again comes.

**Randomness.** A shuffle leaves an order nobody knows; a draw from a library whose top card
its drawer does not know is blind — the same in both runs, whichever card the convention
deals — but a draw of a card the drawer knew to be on top is *foreseen*: a performed run that
draws a foreseen card where the correct run's draw is blind has both reached another state
(the card in hand is the known one, not a random one) — a same-state failure; it is no leak
of its own, since the drawer learns nothing they did not know and a draw is no decision (MTR
4.3's leak is information that could affect a later decision). A random discard is no choice: its line reports the outcome, any outcome is
legal, and it is never judged for a leak itself (every player, its owner too, learns its
outcome: nobody chose it).

Conventions (from CORE.md unless said):
* a choice act is answered by an unused fitting line (the solver chooses which); a choice no
  line answers is forgotten, and the rules' run still makes it: every legal pick is tried;
* a choice with nothing to pick (a pick of zero) may take a line naming nothing ("returns
  nothing"), or one naming something (illegal there), or none — a later instruction of the
  same verb may be the line's (every way is tried); Balance's player with the fewest has no
  pick at all;
* a line that answers a choice illegally fails ``legal-in-order``; the correct run takes a
  legal pick instead (every one is tried);
* a draw takes a library's unnamed cards first, then named ones in listing order (an unseen
  library has no order), with cards put on the bottom last; the same in both runs;
* the performed run executes each line literally: an object moves only from the zone its
  verb takes it from; elsewhere the line does nothing;
* an act the block may leave unsaid (the spell put into its graveyard, a reveal of a card a
  search line names, a forced reveal whose cards the block shows anyway) happens in the
  performed run too where it changes the state;
* a discard by count takes the cards that were in hand longest first;
* state-based actions (CR 704.5a) are checked whenever a player would receive priority in the
  correct run, and at the end of the performed run; with two players the game ends there;
* a triggered ability's target (CR 603.3d) is a choice of its controller made as it is put
  on the stack, among players and (for "any" or "creature") creatures; it is said by a line
  naming it (``alice targets Grizzly Bears``) or, for a player, by the damage it deals (``bob
  loses 2 life``); for no-interaction the first is timed by the choice, the second by the
  damage;
* damage to a creature is marked on it (CR 120.3e) and needs no line, in both runs; a
  creature with lethal damage is put into its owner's graveyard by a state-based action
  (704.5g), an act its controller says (``bob puts Grizzly Bears into the graveyard``), which
  the performed run does only by that line;
* tokens made inside a block (``alice creates 2 Goblin tokens``): one act per instruction and
  player, which needs a line; the tokens enter under their maker's control (CR 111.1) and
  their enters triggers resolve in the block (603.6a); a token off the battlefield ceases to
  exist (704.5d);
* a second spell cast in a casting block (``alice casts Peek targeting bob``): cast by the
  caster holding priority right after the situation's spell (CR 117.3c), an instant or a
  spell with flash only (117.1a, 307.1), paid like the first; it resolves first (608.1). A
  cast no game can make then is left out of the correct run and its line is illegal.
"""
from __future__ import annotations

import itertools
import re
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any

CONDITIONS = ("legal-in-order", "same-state", "no-leak", "no-interaction",
              "nothing-added-or-forgotten")
HIDDEN = ("library", "hand")
OPTION_CAP = 64
MAX_HAND = 7
SUPPORTED_STEPS = ("untap", "upkeep", "draw", "declare-attackers", "declare-blockers", "end",
                   "cleanup")


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
    bottom: int = 0           # put on the bottom of its library (the n-th time)
    foreseen: bool = False    # drawn by a player who knew it was on top
    new: bool = False         # came under its controller's control this turn (CR 302.6)
    damage: int = 0           # damage marked on it (CR 120.3e)
    token: bool = False


Fact = tuple[str, str]        # ("id", "card@zone") | ("pick", line)


@dataclass
class State:
    players: tuple[str, ...]
    active: str
    objs: dict[str, Obj]
    life: dict[str, int]
    lost: set[str]
    known: set[tuple[str, str]]          # (player, object id): identity (and library place)
    cards: Any                           # name -> card definition (the project's Card)
    pool: dict[str, Counter[str]] = field(default_factory=dict)
    over: bool = False
    learned: set[tuple[str, str, str]] = field(default_factory=set)   # (player, *Fact)

    def copy(self) -> State:
        return State(self.players, self.active, {k: replace(v) for k, v in self.objs.items()},
                     dict(self.life), set(self.lost), set(self.known), self.cards,
                     {p: Counter(c) for p, c in self.pool.items()}, self.over,
                     set(self.learned))

    # -- reading ---------------------------------------------------------------------------
    def apnap(self) -> list[str]:
        i = self.players.index(self.active)
        return list(self.players[i:] + self.players[:i])

    def opponents(self, p: str) -> list[str]:
        return [q for q in self.apnap() if q != p]

    def zone(self, owner: str, zone: str) -> list[Obj]:
        return sorted((o for o in self.objs.values() if o.owner == owner and o.zone == zone),
                      key=lambda o: o.rank)

    def battlefield(self, controller: str | None = None) -> list[Obj]:
        return sorted((o for o in self.objs.values() if o.zone == "battlefield"
                       and (controller is None or o.controller == controller)),
                      key=lambda o: o.rank)

    def card(self, o: Obj) -> Any:
        return self.cards[o.card] if o.card is not None else None

    def is_(self, o: Obj, quality: str | None, source: str | None = None) -> bool:
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

    def knowledge(self, p: str) -> frozenset[Fact]:
        """Player p's facts now. (Where in a library a card lies is no fact of its own here:
        an order a later shuffle erases can't be used, and one that is used — a foreseen
        draw — is judged at the draw.)"""
        return frozenset((k, key) for q, k, key in self.learned if q == p)

    # -- changing --------------------------------------------------------------------------
    def show(self, p: str, oid: str) -> None:
        """p sees which card oid is, in the hidden zone it is in."""
        if not self.knows(p, oid):
            self.learned.add((p, "id", f"{oid}@{self.objs[oid].zone}"))
        self.known.add((p, oid))

    def tell_pick(self, chooser: str | None, key: str) -> None:
        """Every other player sees the outcome of chooser's pick (of a random result, every
        player: nobody chose it)."""
        for q in self.players:
            if q != chooser:
                self.learned.add((q, "pick", key))

    def move(self, oid: str, zone: str, bottom: bool = False) -> None:
        o = self.objs.get(oid)
        if o is None:
            return
        was = o.zone
        if was in HIDDEN and zone not in HIDDEN:     # everyone sees the card (CR 400.2)
            for q in self.players:
                if not self.knows(q, oid):
                    self.learned.add((q, "id", f"{oid}@{was}"))
        o.zone = zone
        o.rank = max((x.rank for x in self.objs.values()), default=0) + 1
        o.controller = o.owner
        o.tapped = o.animated = o.blocking = o.attacking = o.foreseen = False
        o.bottom = o.damage = 0      # a new object (CR 400.7)
        if bottom:
            o.bottom = 1 + max((x.bottom for x in self.zone(o.owner, "library")), default=0)
        if zone not in HIDDEN:
            self.known = {(p, x) for p, x in self.known if x != oid}
        elif was not in HIDDEN:        # a public card put into a hidden zone: everyone saw it
            self.known |= {(p, oid) for p in self.players}

    def create_token(self, p: str, card: str) -> str:
        """A token of ``card`` made by p, outside the game until it enters the battlefield
        (CR 111.1); named like the project's tokens: "C token", "C token#2", …"""
        if card not in self.cards:
            raise Unsupported(f"a token of {card}, which is no card")
        base = f"{card} token"
        oid = next(x for x in (base if k == 1 else f"{base}#{k}" for k in itertools.count(1))
                   if x not in self.objs)
        self.objs[oid] = Obj(oid, card, p, p, "outside", 0, token=True)
        return oid

    def draw_order(self, owner: str) -> list[Obj]:
        lib = self.zone(owner, "library")
        return sorted(lib, key=lambda o: (o.bottom, o.card is not None, o.rank))

    def draw(self, p: str, n: int) -> list[str]:
        drawn = []
        for o in self.draw_order(p)[:n]:
            foreseen = (p, o.id) in self.known       # p knew this card was on top
            self.move(o.id, "hand")
            self.learned.add((p, "id", f"{o.id}@hand"))     # which card p now holds
            o.foreseen = foreseen
            drawn.append(o.id)
        return drawn

    def shuffle(self, p: str) -> None:
        """CR 701.24a: nobody knows the order any more (identities seen stay learned)."""
        lib = self.zone(p, "library")
        ids = {o.id for o in lib}
        self.known = {(q, x) for q, x in self.known if x not in ids}
        for o in lib:
            o.bottom = 0

    def lethally_damaged(self) -> list[Obj]:
        """Creatures with lethal damage marked on them (CR 120.6, 704.5g)."""
        out = []
        for o in self.battlefield():
            toughness = self.card(o).toughness if self.card(o) is not None else None
            if o.damage and self.is_(o, "creature") and toughness is not None \
                    and 0 < toughness <= o.damage:
                if "indestructible" in self.card(o).keywords:
                    raise Unsupported("lethal damage on an indestructible creature")
                out.append(o)
        return out

    def check_sba(self) -> None:
        for o in self.objs.values():      # a token off the battlefield ceases to exist (CR 704.5d)
            if o.token and o.zone not in ("battlefield", "gone"):
                o.zone = "gone"
        for p in self.players:
            if self.life[p] <= 0 and p not in self.lost:
                if len(self.players) > 2:      # CR 800.4a (leaving the game) is not modelled
                    raise Unsupported("a player loses in a game of more than two")
                self.lost.add(p)
        if len([p for p in self.players if p not in self.lost]) <= 1 and self.lost:
            self.over = True

    def signature(self) -> tuple[Any, ...]:
        """The state as the players can tell it apart (CORE.md condition 2)."""
        zones = []
        for p in self.players:
            for z in ("library", "hand", "graveyard", "battlefield", "stack", "exile"):
                kinds: list[Any] = []
                for o in self.zone(p, z):
                    if o.card is not None:
                        kind = o.card
                    elif z == "library" and not any(self.knows(q, o.id) for q in self.players):
                        kind = "?"
                    else:
                        kind = o.id
                    kinds.append((kind, o.foreseen) if z == "hand" else kind)
                zones.append((p, z, tuple(sorted(kinds, key=repr))))
        perm = tuple(sorted((o.card or o.id, o.controller, o.tapped, o.animated, o.blocking,
                             o.damage, o.token)
                            for o in self.objs.values() if o.zone == "battlefield"))
        knowledge = []
        for p in self.players:
            for o in self.objs.values():
                if o.zone in HIDDEN and not (o.zone == "hand" and o.owner == p) \
                        and (p, o.id) in self.known:
                    knowledge.append((p, o.owner, o.zone, o.card or o.id))
        pools = tuple(sorted((p, tuple(sorted((+c).items()))) for p, c in self.pool.items()
                             if +c))
        return (tuple(zones), perm, tuple(sorted(self.life.items())), tuple(sorted(self.lost)),
                tuple(sorted(knowledge)), pools)


def state_from(game_state: Any) -> State:
    """Our state from the project's ``GameState`` (its values only)."""
    from mtgrules.model.mana import parse_pool
    if game_state.effects:
        raise Unsupported("lasting effects in the state")
    objs: dict[str, Obj] = {}
    rank = 0
    pool: dict[str, Counter[str]] = {}
    for ps in game_state.players:
        for zone, objects in ps.zones:
            for g in objects:
                if g.counters or g.token or g.damage or g.face_down:
                    raise Unsupported("counters, tokens, damage or face-down objects")
                rank += 1
                objs[g.id] = Obj(g.id, g.card, g.owner, g.controller, zone, rank,
                                 tapped=g.tapped, attacking=g.attacking, new=g.new)
        pool[ps.name] = Counter(parse_pool(ps.mana_pool))
    players = tuple(p.name for p in game_state.players)
    st = State(players, game_state.active, objs, {p.name: p.life for p in game_state.players},
               set(), set(game_state.known), game_state.cards, pool)
    for o in st.battlefield():
        c = st.card(o)
        for ins in (c.statics() if c else ()):
            # a prohibition of life gain is checked where life is gained; how a land enters
            # does not matter to a block that puts no such land onto the battlefield
            if (ins.verb, ins.get("action") or ins.get("rule")) not in (
                    ("forbid", "gain-life"), ("override-rule", "enters-untapped")):
                raise Unsupported(f"static ability {ins.verb} on the battlefield")
    return st


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


_N = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "card": 1}
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
    ("target", r"targets (?P<objs>.+)"),
    ("animate", r"animates (?P<objs>.+)"),
    ("block", r"blocks with (?P<objs>.+)"),
    ("block", r"declares (?P<objs>.+?) as (?:a )?blockers?"),
    ("reveal", r"reveals (?:(?:their|his|her) )?hand"),
    ("look", r"looks at (?P<other>[^ ']+)'s hand"),
    ("look-top", r"looks at the top (?P<n>\d+|card|two cards|three cards)(?: cards?)?"
                 r"(?: of (?:his|her|their) library)?"),
    ("scry", r"scries (?P<n>\d+)(?:, putting (?P<objs>.+?) on the bottom)?"),
    ("cast", r"casts (?P<objs>.+?)(?: targeting (?P<other>\S+))?"),
    ("create-token", r"creates (?P<n>\d+|a|an|one|two|three) (?P<objs>.+?) tokens?"),
    ("surveil", r"surveils (?P<n>\d+)(?:, putting (?P<objs>.+?) into "
                r"(?:the|his|her|their) graveyard)?"),
]]


def parse_lines(performed: list[Any], players: tuple[str, ...]) -> list[Line | Interruption]:
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
    kind: str                    # forced | choice | random | implicit | reveal
    verb: str
    actor: str                   # who does it; for a choice, the chooser
    line: int | None = None      # the line matched to it
    legal: bool = True
    options2: bool = False       # a choice with at least two options its chooser tells apart
    public: bool = True          # a pick whose outcome every player sees
    objs: tuple[str, ...] = ()
    text: str | None = None      # the line that says this act (the generator's writer mode)
    know: frozenset[Fact] = frozenset()   # the chooser's facts just before (condition 3)
    done: int | None = None      # a target's: when the ability carrying it resolved
    foreseen: bool = False       # a draw of a card its drawer knew to be on top
    amount: int = 0              # damage marked on a creature (an implicit act)


@dataclass
class Trigger:
    """A triggered ability on the stack or waiting to be put there; or (``spell``) a spell
    cast in the block lying below a later one."""
    source: str
    effect: tuple[Any, ...]
    ctx: Ctx
    batch: int = 0
    spell: bool = False


@dataclass
class Run:
    state: State
    acts: list[Act]
    prio: list[int]              # numbers of acts done when a player receives priority
    used: frozenset[int]
    search_dest: dict[int, tuple[str, bool]] = field(default_factory=dict)
    revealed_search: frozenset[int] = frozenset()   # search lines whose found cards are shown
    pending: list[Trigger] = field(default_factory=list)   # triggered, not yet on the stack
    stack: list[Trigger] = field(default_factory=list)     # bottom first
    resolved: list[tuple[int, str, int, int, int | None]] = field(default_factory=list)
    batches: int = 0
    illegal_cast: bool = False   # the situation's spell could not be paid
    casts: tuple[tuple[str, str, tuple[str, ...]], ...] = ()   # (spell, caster, lands tapped)


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


def says_same(line: Line, verb: str, actor: str, count: int | None = None,
              objs: tuple[str, ...] = ()) -> bool:
    if line.actor != actor or line.verb != verb:
        return False
    if verb in ("draw", "lose-life", "gain-life", "look-top"):
        return line.count == count
    if verb == "create-token":
        return line.count == count and line.objs == objs
    if verb == "to-graveyard":
        return tuple(line.objs) == tuple(objs)
    if verb == "look":
        return line.other == (objs[0] if objs else None)
    return True


def forced_text(verb: str, actor: str, count: int | None = None,
                objs: tuple[str, ...] = ()) -> str | None:
    return {"draw": f"{actor} draws {count}", "lose-life": f"{actor} loses {count} life",
            "gain-life": f"{actor} gains {count} life", "shuffle": f"{actor} shuffles",
            "untap": f"{actor} untaps",
            "to-graveyard": f"{actor} puts {objs[0] if objs else ''} into the graveyard",
            "reveal": f"{actor} reveals their hand",
            "look": f"{actor} looks at {objs[0] if objs else ''}'s hand",
            "look-top": f"{actor} looks at the top {count} cards",
            "create-token": f"{actor} creates {'a' if count == 1 else count} "
                            f"{objs[0] if objs else ''} token{'' if count == 1 else 's'}"}.get(verb)


def n_options(kinds: list[str], k: int, upto: bool = False) -> int:
    """How many different picks (as the chooser tells cards apart): 2 means two or more."""
    if not kinds or k <= 0:
        return 1
    if upto:
        return 2
    if k >= len(kinds):
        return 1
    return 2 if len(set(kinds)) >= 2 else 1


def mana_of(st: State, o: Obj) -> str | None:
    """The mana type a land's (or creature's) mana ability makes, as a letter."""
    c = st.card(o)
    for a in (c.abilities_of("mana") if c else []):
        if a.produces and a.cost == ("tap",) and len(a.produces) == 3:
            return str(a.produces[1])
    return None


def generic_order(later: Counter[str]) -> list[str]:
    """The kinds of mana spent on a generic cost, those a spell cast later needs last."""
    return sorted(("C", "W", "U", "B", "R", "G"), key=lambda c: later.get(c, 0) > 0)


def spend(pool: Counter[str], cost: Counter[str], later: Counter[str]) -> None:
    """Pay a mana cost from a pool holding enough (the performed run's payment)."""
    for color in ("W", "U", "B", "R", "G", "C"):
        pool[color] -= min(pool[color], cost.get(color, 0))
    generic = cost.get("generic", 0)
    for color in generic_order(later):
        take = min(pool[color], generic)
        pool[color] -= take
        generic -= take


def pay_cost(st: State, p: str, cost: Counter[str], avoid: set[str],
             check: bool = False, later: Counter[str] | None = None
             ) -> tuple[bool, tuple[str, ...]]:
    """Pay a mana cost from p's pool, then from untapped mana sources the block does not name
    (``avoid``: lands, and creatures not summoning sick, CR 302.6), tapped in listing order
    (CORE.md: the player's choice, the same in both runs). Colored symbols first; for the
    generic part, what the spell cast next (``later``) needs last. Returns whether it could be
    paid and the sources tapped."""
    later = later or Counter()
    pool = Counter(st.pool.get(p, Counter()))

    def source(o: Obj) -> bool:
        c = st.card(o)
        return c is not None and ("land" in c.types or ("creature" in c.types and not o.new))
    lands = sorted((o for o in st.battlefield(p) if not o.tapped and o.id not in avoid
                    and source(o) and mana_of(st, o)),
                   key=lambda o: later.get(mana_of(st, o) or "C", 0) > 0)
    tapped: list[str] = []
    for color in ("W", "U", "B", "R", "G", "C"):
        for _ in range(cost.get(color, 0)):
            if pool[color] > 0:
                pool[color] -= 1
                continue
            land = next((o for o in lands if mana_of(st, o) == color
                         and o.id not in tapped), None)
            if land is None:
                return False, ()
            tapped.append(land.id)
    for _ in range(cost.get("generic", 0)):
        spare = next((c for c in generic_order(later) if pool[c] > 0), None)
        if spare is not None:
            pool[spare] -= 1
            continue
        land = next((o for o in lands if o.id not in tapped), None)
        if land is None:
            return False, ()
        tapped.append(land.id)
    if set(cost) - {"W", "U", "B", "R", "G", "C", "generic"}:
        raise Unsupported("a cost with snow, hybrid or X")
    if not check:
        st.pool[p] = +pool
        for oid in tapped:
            st.objs[oid].tapped = True
    return True, tuple(tapped)


Fits = Callable[[Line], bool]


class Stepper:
    """Enumerates the correct runs of one situation against one block."""

    def __init__(self, start: State, lines: list[Line], writer: Any = None,
                 second_cast: bool = False):
        self.start = start
        self.lines = lines
        self.writer = writer
        """A ``random.Random``: instead of answering choices from lines, make each choice at
        random and write the line that says it (the generator's correct lines)."""
        self.second_cast = second_cast
        """(The writer) cast an instant from hand holding priority after the cast spell."""

    # every correct run
    def runs(self, situation: dict[str, Any]) -> list[Run]:
        run = Run(self.start.copy(), [], [], frozenset())
        gen: Iterator[Run]
        if "resolving" in situation:
            gen = self._resolving(run, situation)
        elif "casting" in situation:
            gen = self._casting(run, situation)
        elif "dying" in situation:
            gen = self._dying(run, situation["dying"])
        elif "steps" in situation:
            gen = self._steps(run, list(situation["steps"]))
        else:
            raise Unsupported("situation")
        return [r for r in gen if self._trigger_order_kept(r)]

    # -- helpers -----------------------------------------------------------------------------
    @staticmethod
    def _fork(run: Run) -> Run:
        return Run(run.state.copy(), list(run.acts), list(run.prio), run.used,
                   dict(run.search_dest), run.revealed_search, list(run.pending),
                   list(run.stack), list(run.resolved), run.batches, run.illegal_cast,
                   run.casts)

    def _forced(self, run: Run, verb: str, actor: str, count: int | None = None,
                objs: tuple[str, ...] = (), kind: str = "forced") -> Act:
        act = Act(len(run.acts), kind, verb, actor, objs=tuple(objs),
                  text=forced_text(verb, actor, count, objs))
        for line in self.lines:
            if line.idx not in run.used and says_same(line, verb, actor, count, objs):
                act.line = line.idx
                run.used = run.used | {line.idx}
                break
        run.acts.append(act)
        return act

    def _move(self, run: Run, oid: str, zone: str, cause: str | None = None,
              tapped: bool = False, bottom: bool = False) -> None:
        """Move an object, noting the triggered abilities the event triggers (CR 603.2):
        a creature dying (looking back, CR 603.10a), a permanent entering, a discard."""
        st = run.state
        o = st.objs[oid]
        was, controller = o.zone, o.controller
        dies = was == "battlefield" and zone == "graveyard" and st.is_(o, "creature")
        st.move(oid, zone, bottom=bottom)
        if zone == "battlefield":
            o.tapped = tapped
        c = st.card(o)
        for a in (c.abilities_of("triggered") if c else []):
            if (a.trigger == "dies" and dies) or (a.trigger == "enters" and zone == "battlefield"
                                                   and was != "battlefield"):
                run.pending.append(Trigger(oid, a.effect, Ctx(controller if dies
                                                              else o.controller, oid, None,
                                                              None)))
        if cause == "discard":
            for perm in st.battlefield():
                pc = st.card(perm)
                for a in (pc.abilities_of("triggered") if pc else []):
                    if a.trigger == "opponent-discards" and perm.controller != o.owner:
                        run.pending.append(Trigger(perm.id, a.effect,
                                                   Ctx(perm.controller, perm.id, None, o.owner)))

    def _choice(self, run: Run, verb: str, actor: str, options: list[Any], fits: Fits,
                legal_of: Fits, apply: Callable[[Run, Any], None], options2: bool,
                public: bool = True, implicit_if_none: bool = False,
                text_of: Callable[[Any], str | None] | None = None,
                kind: str = "choice", allow_none: bool = False) -> Iterator[Run]:
        """A choice act (or a random result, ``kind`` random): each fitting unused line
        answers it (the solver picks), or none when none fits (forgotten). ``options``: the
        legal picks; ``apply(run, pick_or_line)``; ``text_of(pick)``: the line that says a
        pick (writer mode)."""
        know = run.state.knowledge(actor)
        if self.writer is not None:
            r = self._fork(run)
            pick = self.writer.choice(options) if options else None
            r.acts.append(Act(len(r.acts), "implicit" if implicit_if_none else kind, verb,
                              actor, None, True, options2, public, know=know,
                              text=text_of(pick) if text_of and pick is not None else None))
            if pick is not None:
                apply(r, pick)
            self._tell(r, r.acts[-1])
            yield r
            return
        fitting = [ln for ln in self.lines if ln.idx not in run.used and fits(ln)]
        for ln in fitting:
            ok = legal_of(ln)
            for pick in ([ln] if ok else (options[:OPTION_CAP] or [None])):
                r = self._fork(run)
                r.used = r.used | {ln.idx}
                r.acts.append(Act(len(r.acts), kind, verb, actor, ln.idx, ok, options2,
                                  public, know=know))
                if pick is not None:
                    apply(r, pick)
                self._tell(r, r.acts[-1])
                yield r
        if fitting and not allow_none:
            return
        # no line answers it: the rules still make the player choose — every legal pick is
        # tried; the act is forgotten unless it is implicit
        for pick in (options[:OPTION_CAP] or [None]):
            r = self._fork(run)
            r.acts.append(Act(len(r.acts), "implicit" if implicit_if_none else kind, verb,
                              actor, None, True, options2, public, know=know))
            if pick is not None:
                apply(r, pick)
            self._tell(r, r.acts[-1])
            yield r

    @staticmethod
    def _tell(run: Run, act: Act) -> None:
        """Others see the outcome of a pick among options its chooser tells apart; everyone
        sees a random result's."""
        if act.options2 and act.public:
            run.state.tell_pick(None if act.kind == "random" else act.actor,
                                str(act.line) if act.line is not None else f"act{act.n}")

    # -- instructions ------------------------------------------------------------------------
    def _instructions(self, run: Run, instrs: list[Any], ctx: Ctx) -> Iterator[Run]:
        if not instrs:
            yield run
            return
        first, rest = instrs[0], instrs[1:]
        for r in self._instruction(run, first, ctx, rest):
            if r.state.over:
                yield r
                continue
            yield from self._instructions(r, rest, ctx)

    def _per_player(self, run: Run, players: list[str],
                    one: Callable[[Run, str], Iterator[Run]]) -> Iterator[Run]:
        if not players:
            yield run
            return
        for r in one(run, players[0]):
            yield from self._per_player(r, players[1:], one)

    def _instruction(self, run: Run, ins: Any, ctx: Ctx, rest: list[Any]) -> Iterator[Run]:
        verb = ins.verb
        st = run.state
        if verb in ("draw", "lose-life", "gain-life", "shuffle", "reveal", "look"):
            players = who(st, ins.get("who", "you"), ctx)

            def one(r: Run, p: str) -> Iterator[Run]:
                r = self._fork(r)
                self._simple(r, ins, p, ctx)
                yield r
            yield from self._per_player(run, players, one)
            return
        if verb == "damage":
            yield from self._damage(run, ins, ctx)
            return
        if verb in ("scry", "surveil"):
            yield from self._per_player(run, who(st, ins.get("who", "you"), ctx),
                                        lambda r, p: self._scry(r, p, int(ins.get("count", 1)),
                                                                verb))
            return
        if verb == "discard":
            k = int(ins.get("count", 1))
            chosen_by = ins.get("chosen-by")
            rnd = bool(ins.get("random", False))
            yield from self._per_player(
                run, who(st, ins.get("who", "you"), ctx),
                lambda r, p: self._discard(r, p, k, chooser=ctx.controller if chosen_by else p,
                                           random=rnd))
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
            shown = bool(rest) and rest[0].verb == "reveal" and rest[0].get("what") == "card"

            def one_search(r: Run, p: str) -> Iterator[Run]:
                for r2 in self._search(r, p, ins, shown):
                    if ins.get("then") == "shuffle":
                        r2 = self._fork(r2)
                        self._forced(r2, "shuffle", p)
                        r2.state.shuffle(p)
                    yield r2
            yield from self._per_player(run, players, one_search)
            return
        if verb == "balance":
            yield from self._balance(run, ins.get("what", "land"))
            return
        if verb == "create-token":
            players = who(st, ins.get("who", "you"), ctx)

            def create(r: Run, p: str) -> Iterator[Run]:
                r = self._fork(r)
                self._create_tokens(r, p, str(ins.get("card")), int(ins.get("count", 1)))
                yield r
            yield from self._per_player(run, players, create)
            return
        raise Unsupported(f"instruction {verb}")

    def _create_tokens(self, run: Run, p: str, card: str, count: int) -> None:
        """An act that needs a line (it changes what everyone sees): the tokens enter the
        battlefield under p's control (CR 111.1), and their enters triggers trigger (603.6a)."""
        self._forced(run, "create-token", p, count, (card,))
        for _ in range(count):
            self._move(run, run.state.create_token(p, card), "battlefield")

    def _simple(self, r: Run, ins: Any, p: str, ctx: Ctx) -> None:
        """A forced instruction for one player."""
        verb = ins.verb
        st = r.state
        if verb == "draw":
            n = int(ins.get("count", 1))
            act = self._forced(r, "draw", p, n)
            top = st.draw_order(p)[:n]
            act.foreseen = any((p, o.id) in st.known for o in top)
            st.draw(p, n)
        elif verb in ("lose-life", "gain-life"):
            n = ins.get("amount")
            if not isinstance(n, int):
                raise Unsupported("an amount X")
            if verb == "gain-life" and self._gain_forbidden(st):
                raise Unsupported("life gain under a prohibition")
            self._forced(r, verb, p, n)
            st.life[p] += n if verb == "gain-life" else -n
        elif verb == "shuffle":
            self._forced(r, "shuffle", p)
            st.shuffle(p)
        elif verb == "reveal":
            if ins.get("what", "hand") == "card":
                return              # the card a search found: see _search
            hand = tuple(o.id for o in st.zone(p, "hand"))
            self._forced(r, "reveal", p, objs=hand, kind="reveal")
            for oid in hand:
                for q in st.players:
                    st.show(q, oid)
        elif verb == "look":
            if ins.get("at") == "library-top":
                n = int(ins.get("count", 1))
                self._forced(r, "look-top", p, n)
                for o in st.draw_order(p)[:n]:
                    st.show(p, o.id)
                return
            if ins.get("at") != "target-hand" or ctx.target is None:
                raise Unsupported("look at something else than a hand or a library's top")
            self._forced(r, "look", p, objs=(ctx.target,))
            for o in st.zone(ctx.target, "hand"):
                st.show(p, o.id)

    @staticmethod
    def _gain_forbidden(st: State) -> bool:
        for o in st.battlefield():
            c = st.card(o)
            for ins in (c.statics() if c else ()):
                if ins.verb == "forbid" and ins.get("action") == "gain-life":
                    return True
        return False

    def _damage(self, run: Run, ins: Any, ctx: Ctx) -> Iterator[Run]:
        """Damage to a player is life lost (CR 120.3a); to a creature it is marked on it
        (120.3e), and state-based actions deal with it (704.5g)."""
        target = ins.get("target")
        amount = ins.get("amount")
        if not isinstance(amount, int) or ins.get("divided") or ins.get("targets"):
            raise Unsupported("damage divided or of amount X")
        source = run.state.card(run.state.objs[ctx.source]) if ctx.source else None
        if source is not None and {"deathtouch", "lifelink"} & source.keywords:
            raise Unsupported("damage from a source with deathtouch or lifelink")
        if target == "that-player":
            player = ctx.that
        elif target in ("player", "opponent", "any", "creature"):
            player = ctx.target
        else:
            raise Unsupported(f"damage to {target}")
        if player in run.state.objs:
            yield self._damage_creature(run, player, amount, ctx)
            return
        r = self._fork(run)
        if player is None or player in r.state.lost or player not in r.state.players:
            yield r     # its target is gone: nothing happens (CR 608.2b)
            return
        # a target chosen as the ability went on the stack: its line was matched then
        chosen = next((a for a in reversed(r.acts) if a.verb == "target"
                       and a.objs == (ctx.source or "", player) and a.done is None), None)
        # (the generator writes the target's line from the target act: the damage is then its)
        said_by_damage = chosen is not None and chosen.line is not None and \
            next(ln for ln in self.lines if ln.idx == chosen.line).verb == "lose-life"
        if chosen is not None and (said_by_damage or self.writer is not None):
            act = Act(len(r.acts), "implicit", "lose-life", player, objs=(player,))
            r.acts.append(act)
            chosen.done = act.n
        else:   # a target no line said: the damage is an act a line must say, like any other
            if chosen is not None:
                chosen.done = len(r.acts)
            self._forced(r, "lose-life", player, amount)
        r.state.life[player] -= amount
        yield r

    def _damage_creature(self, run: Run, oid: str, amount: int, ctx: Ctx) -> Run:
        """The damage is marked on the creature (CR 120.3e). No line says it (CORE.md: the
        target's line says where it goes; the death it may cause is an act of its own)."""
        r = self._fork(run)
        o = r.state.objs[oid]
        if o.zone != "battlefield" or not r.state.is_(o, "creature"):
            return r    # its target is gone: the ability does nothing (CR 608.2b)
        chosen = next((a for a in reversed(r.acts) if a.verb == "target"
                       and a.objs == (ctx.source or "", oid) and a.done is None), None)
        act = Act(len(r.acts), "implicit", "damage", ctx.controller, objs=(oid,), amount=amount)
        r.acts.append(act)
        if chosen is not None:
            chosen.done = act.n
        o.damage += amount
        return r

    # -- choices -----------------------------------------------------------------------------
    def _discard(self, run: Run, p: str, k: int, chooser: str | None = None,
                 random: bool = False) -> Iterator[Run]:
        st = run.state
        chooser = chooser or p
        hand = st.zone(p, "hand")
        need = min(k, len(hand))
        kinds = [st.kind_for(chooser, o) for o in hand]
        picks = [tuple(o.id for o in c) for c in itertools.combinations(hand, need)]
        ids = {o.id for o in hand}

        def fits(ln: Line) -> bool:
            return ln.actor == p and ln.verb == "discard"

        def legal(ln: Line) -> bool:
            if ln.count is not None:
                return ln.count == need and chooser == p
            return len(ln.objs) == need and len(set(ln.objs)) == need and set(ln.objs) <= ids

        def apply(r: Run, x: Any) -> None:
            chosen = by_count(r.state, p, x.count) if isinstance(x, Line) and x.count \
                else (x.objs if isinstance(x, Line) else x)
            for oid in chosen:
                self._move(r, oid, "graveyard", cause="discard")
        named = all(o.card is not None or st.knows(chooser, o.id) for o in hand)
        if not named and chooser == p:
            picks = [tuple(o.id for o in hand[:need])]      # say it by count

        def text_of(x: Any) -> str | None:
            if not x:
                return None          # nothing to discard: nothing to say
            if named or chooser != p:
                return f"{p} discards {', '.join(x)}"
            return f"{p} discards {need}"

        # a pick of zero (an empty hand): a line naming a card may be meant for it (then
        # illegal) or for a later discard, or none — every way is tried
        yield from self._choice(run, "discard", chooser, picks, fits, legal, apply,
                                n_options(kinds, need) >= 2, text_of=text_of,
                                kind="random" if random else "choice",
                                implicit_if_none=(need == 0), allow_none=(need == 0))

    def _sacrifice(self, run: Run, p: str, what: str, k: int, source: str | None,
                   verb: str = "sacrifice") -> Iterator[Run]:
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

        def apply(r: Run, x: Any) -> None:
            for oid in (x.objs if isinstance(x, Line) else x):
                self._move(r, oid, "graveyard")
        yield from self._choice(run, verb, p, picks,
                                lambda ln: ln.actor == p and ln.verb == "sacrifice", legal, apply,
                                n_options(kinds, need) >= 2,
                                text_of=lambda x: f"{p} sacrifices {', '.join(x)}")

    def _return(self, run: Run, p: str, what: str, k: int, source: str | None) -> Iterator[Run]:
        st = run.state
        cands = [o for o in st.zone(p, "graveyard") if st.is_(o, what, source)]
        need = min(k, len(cands))
        kinds = [o.card or o.id for o in cands]
        picks = [tuple(o.id for o in c) for c in itertools.combinations(cands, need)]
        ids = {o.id for o in cands}

        def fits(ln: Line) -> bool:
            return ln.actor == p and ln.verb == "return"

        def legal(ln: Line) -> bool:
            return (len(ln.objs) == need and len(set(ln.objs)) == need and set(ln.objs) <= ids)

        def apply(r: Run, x: Any) -> None:
            for oid in (x.objs if isinstance(x, Line) else x):
                self._move(r, oid, "hand")
        # a pick of zero: a line naming something may be meant for it (then illegal) or for a
        # later instruction of the same verb — both are tried
        yield from self._choice(run, "return", p, picks, fits, legal, apply,
                                n_options(kinds, need) >= 2, implicit_if_none=(need == 0),
                                allow_none=(need == 0),
                                text_of=lambda x: f"{p} returns {', '.join(x)}" if x
                                else f"{p} returns nothing")

    def _search(self, run: Run, p: str, ins: Any, shown: bool) -> Iterator[Run]:
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
        upto = bool(ins.get("up-to", False))
        low = 0 if upto else min(k, len(cands))
        for n in range(min(k, len(cands)), low - 1, -1):
            for c in itertools.combinations(cands, n):
                key = tuple(sorted(o.card or o.id for o in c))
                if key not in seen:
                    seen.add(key)
                    picks.append(tuple(o.id for o in c))

        run = self._fork(run)
        for o in lib:       # CR 701.23a: the searcher sees the whole library, then picks
            run.state.show(p, o.id)

        def fits(ln: Line) -> bool:
            return ln.actor == p and ln.verb == "search"

        def legal(ln: Line) -> bool:
            return (len(ln.objs) <= k and len(ln.objs) >= low
                    and len(set(ln.objs)) == len(ln.objs) and set(ln.objs) <= ids)

        def apply(r: Run, x: Any) -> None:
            if isinstance(x, Line):
                r.search_dest[x.idx] = (dest, tapped)
                if shown:
                    r.revealed_search = r.revealed_search | {x.idx}
            found = x.objs if isinstance(x, Line) else x
            for oid in found:
                if shown:                               # the card found is revealed
                    for q in r.state.players:
                        r.state.show(q, oid)
                self._move(r, oid, dest, tapped=tapped)
        yield from self._choice(run, "search", p, picks, fits, legal, apply,
                                bool(cands) and k > 0,
                                public=(dest == "battlefield" or shown),
                                implicit_if_none=not cands, allow_none=not cands,
                                text_of=lambda x: f"{p} searches for {', '.join(x)}" if x
                                else f"{p} searches and finds nothing")

    def _scry(self, run: Run, p: str, n: int, verb: str) -> Iterator[Run]:
        """Scry/surveil N (CR 701.22a, 701.25a): look at the top N, then pick the ones put on
        the bottom (into the graveyard); the rest stay on top in their order."""
        st = run.state
        top = st.draw_order(p)[:n]
        if n == 0 or not top:
            yield run
            return
        if len(top) > 1 and verb == "scry":
            raise Unsupported("scry of more than one card (the order of each part)")
        for o in top:
            st.show(p, o.id)
        ids = [o.id for o in top]
        picks = [c for k in range(len(ids) + 1) for c in itertools.combinations(ids, k)]

        def legal(ln: Line) -> bool:
            return ln.count == n and set(ln.objs) <= set(ids)

        def apply(r: Run, x: Any) -> None:
            for oid in (x.objs if isinstance(x, Line) else x):
                if verb == "scry":
                    r.state.move(oid, "library", bottom=True)
                    r.state.known.add((p, oid))
                else:
                    self._move(r, oid, "graveyard")
        where = "on the bottom" if verb == "scry" else "into the graveyard"
        word = "scries" if verb == "scry" else "surveils"
        yield from self._choice(run, verb, p, picks,
                                lambda ln: ln.actor == p and ln.verb == verb, legal, apply,
                                True, public=(verb == "surveil"),
                                text_of=lambda x: f"{p} {word} {n}" + (
                                    f", putting {', '.join(x)} {where}" if x else ""))

    def _unless(self, run: Run, p: str, ctx: Ctx, unless: Any) -> Iterator[Run]:
        """"Sacrifice <source> unless you discard a card": pay, or let the source go."""
        st = run.state
        if dict(unless).get("do") != "discard" or int(dict(unless).get("count", 1)) != 1:
            raise Unsupported("unless cost")
        hand = st.zone(p, "hand")
        src = ctx.source or ""
        picks: list[Any] = [("pay", o.id) for o in hand] + [("decline",)]
        kinds = {st.kind_for(p, o) for o in hand} | {"decline"}

        def fits(ln: Line) -> bool:
            return ln.actor == p and ln.verb in ("discard", "sacrifice")

        def legal(ln: Line) -> bool:
            if ln.verb == "sacrifice":
                return ln.objs == (src,) and st.objs[src].zone == "battlefield"
            if ln.count is not None:
                return ln.count == 1 and len(hand) >= 1
            return len(ln.objs) == 1 and ln.objs[0] in {o.id for o in hand}

        def apply(r: Run, x: Any) -> None:
            if isinstance(x, Line):
                if x.verb == "sacrifice":
                    self._move(r, src, "graveyard")
                else:
                    for oid in (by_count(r.state, p, 1) if x.count else x.objs):
                        self._move(r, oid, "graveyard", cause="discard")
            elif x[0] == "pay":
                self._move(r, x[1], "graveyard", cause="discard")
            else:
                self._move(r, src, "graveyard")
        yield from self._choice(run, "unless", p, picks, fits, legal, apply, len(kinds) >= 2,
                                text_of=lambda x: f"{p} discards {x[1]}" if x[0] == "pay"
                                else f"{p} sacrifices {src}")

    def _balance(self, run: Run, what: str) -> Iterator[Run]:
        """Restore Balance's parts (CR 608.2c): counted when the part happens. The player with
        the fewest has no pick at all (a pick of zero takes no line)."""
        st = run.state
        players = [p for p in st.apnap() if p not in st.lost]

        def count(p: str) -> int:
            if what == "hand":
                return len(st.zone(p, "hand"))
            return len([o for o in st.battlefield(p) if st.is_(o, what)])
        low = min(count(p) for p in players)

        def one(r: Run, p: str) -> Iterator[Run]:
            excess = count(p) - low
            if excess <= 0:
                yield r
            elif what == "hand":
                yield from self._discard(r, p, excess)
            else:
                yield from self._sacrifice(r, p, what, excess, None)
        yield from self._per_player(run, players, one)

    # -- the stack ---------------------------------------------------------------------------
    def _settle(self, run: Run) -> Iterator[Run]:
        """A player would receive priority (CR 117.5): state-based actions first (CR 704.3),
        then the abilities that triggered are put on the stack (CR 603.3), then priority. With
        every player passing, the top object resolves; the block ends with the stack empty."""
        self._state_based(run)
        if run.state.over:
            yield run
            return
        if not run.pending:
            yield from self._give_priority(run)
            return
        for r in self._put_triggers(run):
            yield from self._give_priority(r)

    def _state_based(self, run: Run) -> None:
        """CR 704.3, 117.5: state-based actions until none applies. Creatures with lethal
        damage (704.5g) go to their owners' graveyards at once, one act each (CORE.md: an
        object put into the graveyard by a state-based action), said by their controller;
        their dies triggers trigger."""
        st = run.state
        while True:
            st.check_sba()
            doomed = [] if st.over else st.lethally_damaged()
            if not doomed:
                return
            for o in doomed:
                self._forced(run, "to-graveyard", o.controller, objs=(o.id,))
            for o in doomed:
                self._move(run, o.id, "graveyard")

    def _give_priority(self, run: Run) -> Iterator[Run]:
        run.prio.append(len(run.acts))
        if not run.stack:
            yield run
            return
        top = run.stack.pop()
        if top.spell:       # the spell cast first, below the one that just resolved
            yield from self._resolve_spell(run, run.state.objs[top.source],
                                           {"caster": top.ctx.controller,
                                            "target": top.ctx.target})
            return
        start = len(run.acts)
        for r in self._instructions(run, list(top.effect), top.ctx):
            # the line saying its target is the line of the damage it deals (CR 603.3d)
            said = next((a.line for a in r.acts if a.verb == "target" and a.line is not None
                         and a.objs == (top.source, top.ctx.target)), None)
            r.resolved.append((top.batch, top.ctx.controller, start, len(r.acts), said))
            if r.state.over:
                yield r
                continue
            yield from self._settle(r)

    def _put_triggers(self, run: Run) -> Iterator[Run]:
        """CR 603.3b: each player in APNAP order puts theirs on the stack in any order."""
        st = run.state
        pending, run.pending = run.pending, []
        by: dict[str, list[Trigger]] = {p: [] for p in st.apnap()}
        for t in pending:
            by[t.ctx.controller].append(t)
        orders = [list(itertools.permutations(by[p])) for p in st.apnap()]
        combos = list(itertools.product(*orders))
        if self.writer is not None:
            combos = [self.writer.choice(combos)]
        seen = set()
        for combo in combos:
            items = [t for part in combo for t in part]     # bottom first
            key = tuple((t.source, t.effect, t.ctx) for t in items)   # one source may have two
            if key in seen:
                continue
            seen.add(key)
            r = self._fork(run)
            r.batches += 1
            items = [replace(t, batch=r.batches) for t in items]
            yield from self._put_each(r, items)

    def _put_each(self, run: Run, items: list[Trigger]) -> Iterator[Run]:
        if not items:
            yield run
            return
        t, rest = items[0], items[1:]
        for r in self._targets(run, t):
            yield from self._put_each(r, rest)

    def _targets(self, run: Run, t: Trigger) -> Iterator[Run]:
        """CR 603.3d: a triggered ability's target is chosen as it is put on the stack; with
        no legal target it is removed. The line that says it is the damage the target takes."""
        wanted = [i for i in t.effect if i.verb == "damage"
                  and i.get("target") not in (None, "that-player")]
        if any(i.get("who") == "target" for i in t.effect):
            raise Unsupported("a triggered ability targeting a player for an instruction")
        if not wanted:
            r = self._fork(run)
            r.stack.append(t)
            yield r
            return
        if len(wanted) > 1:
            raise Unsupported("a triggered ability with several targets")
        ins = wanted[0]
        kind, amount = ins.get("target"), ins.get("amount")
        st = run.state
        if kind == "any" and any(st.is_(o, "planeswalker") for o in st.battlefield()):
            raise Unsupported("a target that may be a planeswalker")
        if kind not in ("any", "player", "opponent", "creature"):
            raise Unsupported(f"a trigger targeting a {kind}")
        controller = t.ctx.controller
        players = [] if kind == "creature" else \
            [p for p in (st.opponents(controller) if kind == "opponent" else st.apnap())
             if p not in st.lost]
        # a creature an opponent controls with hexproof is no legal target (CR 702.11b)
        creatures = [] if kind in ("player", "opponent") else \
            [o.id for o in st.battlefield() if st.is_(o, "creature")
             and not ("hexproof" in (st.card(o).keywords if st.card(o) else ())
                      and o.controller != controller)]
        options = players + creatures
        if not options:
            yield self._fork(run)
            return

        # said by its controller announcing it (`alice targets bob`), or, for a player, by
        # the damage it deals (CORE.md); no line says damage to a creature
        def fits(ln: Line) -> bool:
            return (ln.verb == "lose-life" and ln.count == amount and bool(players)) or \
                (ln.verb == "target" and ln.actor == controller)

        def named(ln: Line) -> str | None:
            return ln.objs[0] if ln.verb == "target" and ln.objs else ln.actor

        def legal(ln: Line) -> bool:
            return named(ln) in options

        def apply(r: Run, x: Any) -> None:
            target = named(x) if isinstance(x, Line) else x
            r.acts[-1].objs = (t.source, target)
            r.stack.append(replace(t, ctx=replace(t.ctx, target=target)))

        def text_of(x: str) -> str:
            return f"{x} loses {amount} life" if x in players else f"{controller} targets {x}"
        # a life-loss line may be another act's: where no line names a target, the target may
        # also go unsaid (forgotten); a line naming one is this choice's or another trigger's
        naming = any(ln.idx not in run.used and ln.verb == "target" and ln.actor == controller
                     for ln in self.lines)
        yield from self._choice(run, "target", controller, options, fits, legal, apply,
                                len(options) >= 2, allow_none=not naming, text_of=text_of)

    def _trigger_order_kept(self, run: Run) -> bool:
        """CR 603.3b: the order of a controller's own triggers is a decision, and the block
        shows it — of two put on the stack together, the one whose actions the block performed
        first resolves first."""
        if self.writer is not None:
            return True
        firsts: dict[int, list[tuple[int, str, int]]] = {}
        for k, (batch, controller, start, end, said) in enumerate(run.resolved):
            lines = [a.line for a in run.acts[start:end] if a.line is not None]
            lines += [said] if said is not None else []
            if lines:
                firsts.setdefault(batch, []).append((k, controller, min(lines)))
        for items in firsts.values():
            for (i, ci, li), (j, cj, lj) in itertools.combinations(items, 2):
                if ci == cj and (i < j) != (li < lj):
                    return False
        return True

    # -- situations --------------------------------------------------------------------------
    def _resolving(self, run: Run, sit: dict[str, Any]) -> Iterator[Run]:
        name = sit["resolving"]
        o = run.state.objs.get(name)
        if o is None or o.zone != "stack":
            raise Unsupported(f"{name} is not on the stack")
        yield from self._resolve_spell(run, o, sit)

    def _resolve_spell(self, run: Run, o: Obj, sit: dict[str, Any]) -> Iterator[Run]:
        card = run.state.card(o)
        caster = sit.get("caster") or o.controller
        target = sit.get("target")
        if target is None and card.targets:
            t = card.targets[0]
            if t in ("opponent", "player"):
                target = run.state.opponents(caster)[0]
        if set(card.targets) - {"opponent", "player"}:
            raise Unsupported("a spell targeting an object")
        ctx = Ctx(caster, o.id, target, None)
        for r in self._instructions(run, list(card.resolve), ctx):
            if not r.state.over:
                if "instant" in card.types or "sorcery" in card.types:
                    self._forced(r, "to-graveyard", o.owner, objs=(o.id,), kind="implicit")
                    self._move(r, o.id, "graveyard")
                yield from self._settle(r)
            else:
                yield r

    def _casting(self, run: Run, sit: dict[str, Any]) -> Iterator[Run]:
        """CR 601.2: the spell goes to the stack; mana abilities (601.2g: the lands a line
        taps), then the costs in any order (601.2h: the additional sacrifice or life, and the
        mana, from the pool and from lands the block does not name); then the spell resolves
        if everyone passes. An unpayable cost makes the cast illegal (legal-in-order)."""
        name = sit["casting"]
        st = run.state
        o = st.objs.get(name)
        if o is None or o.zone != "hand":
            raise Unsupported(f"{name} is not in a hand")
        card = st.card(o)
        p = o.controller
        if card.alternative_costs or card.kicker:
            raise Unsupported("alternative costs or kicker of a spell cast")
        run = self._fork(run)
        st = run.state
        st.move(o.id, "stack")
        second = self._second_spell(st, p)
        later = second[1] if second is not None else Counter()
        taps = [ln for ln in self.lines if ln.verb == "tap-mana" and ln.actor == p]
        if self.writer is not None:
            taps = []
            cost = card.mana_cost.counts() if card.mana_cost else Counter()
            ok, lands = pay_cost(st, p, cost + later, set(), check=True)
            if ok and lands and self.writer.random() < 0.8:
                for oid in lands:
                    st.objs[oid].tapped = True
                    st.pool.setdefault(p, Counter())[mana_of(st, st.objs[oid]) or "C"] += 1
                    run.acts.append(Act(len(run.acts), "choice", "tap-mana", p,
                                        text=f"{p} taps {oid} for mana"))
        for ln in taps:      # CR 601.2g: mana abilities before the costs are paid
            ok = all(x in st.objs and st.objs[x].zone == "battlefield"
                     and st.objs[x].controller == p and not st.objs[x].tapped
                     and mana_of(st, st.objs[x]) for x in ln.objs)
            run.acts.append(Act(len(run.acts), "choice", "tap-mana", p, ln.idx, ok))
            run.used = run.used | {ln.idx}
            # the caster may as well tap it with priority before casting (CR 605.3a), and
            # then receives priority again (117.3c): a pause after it leaves the game there
            run.prio.append(len(run.acts))
            if ok:
                for x in ln.objs:
                    st.objs[x].tapped = True
                    st.pool.setdefault(p, Counter())[mana_of(st, st.objs[x]) or "C"] += 1
        named = {x for ln in taps for x in ln.objs}
        costs = [dict(c) for c in card.additional_costs]
        # The mana: mana abilities of sources no line names are activated at 601.2g too, before
        # any cost is paid (a land tapped for mana may then be the one sacrificed, 601.2h).
        cost = card.mana_cost.counts() if card.mana_cost else Counter()
        ok, lands = pay_cost(st, p, cost, named, later=later)
        run.illegal_cast = run.illegal_cast or not ok
        run.casts = ((o.id, p, lands),)

        def pay_rest(r: Run) -> Iterator[Run]:
            r = self._fork(r)
            r.prio.append(len(r.acts))     # the spell on the stack: priority (CR 117.3c)
            if second is not None and not r.illegal_cast:
                yield from self._cast_second(r, o.id, sit.get("target"), second[0], named)
                return
            yield from self._resolve_spell(r, r.state.objs[o.id],
                                           {"caster": p, "target": sit.get("target")})

        def pay_additional(r: Run, rest: list[dict[str, Any]]) -> Iterator[Run]:
            if not rest:
                yield from pay_rest(r)
                return
            c, more = rest[0], rest[1:]
            if "life" in c:
                r = self._fork(r)
                n = int(c["life"])
                if r.state.life[p] < n:
                    r.illegal_cast = True       # CR 119.4: life can't be paid beyond what is had
                self._forced(r, "lose-life", p, n)
                r.state.life[p] -= n
                yield from pay_additional(r, more)
            elif "sacrifice" in c:
                cands = [x for x in r.state.battlefield(p) if r.state.is_(x, c["sacrifice"])]
                if not cands:
                    r = self._fork(r)
                    r.illegal_cast = True
                    yield from pay_additional(r, more)
                    return
                for r2 in self._sacrifice(r, p, c["sacrifice"], 1, o.id):
                    yield from pay_additional(r2, more)
            else:
                raise Unsupported(f"additional cost {c}")
        yield from pay_additional(run, costs)

    def _second_spell(self, st: State, p: str) -> tuple[Line | str, Counter[str]] | None:
        """The spell the caster casts holding priority after the situation's (CR 117.3c): the
        block's ``casts`` line (the writer: an instant in hand, or none), and its mana cost."""
        casts = [ln for ln in self.lines if ln.verb == "cast"]
        if any(ln.actor != p for ln in casts):
            raise Unsupported("a spell cast inside the block by another player than the caster")
        if len(casts) > 1:
            raise Unsupported("a third spell cast inside the block")
        if self.writer is not None:
            if not self.second_cast:
                return None
            instants = [x.id for x in st.zone(p, "hand") if st.card(x) is not None
                        and "instant" in st.card(x).types
                        and set(st.card(x).targets) <= {"opponent", "player"}]
            if not instants or self.writer.random() < 0.25:
                return None
            oid = self.writer.choice(instants)
            return oid, st.card(st.objs[oid]).mana_cost.counts()
        if not casts:
            return None
        o = st.objs.get(casts[0].objs[0]) if casts[0].objs else None
        card = st.card(o) if o is not None else None
        return casts[0], (card.mana_cost.counts() if card and card.mana_cost else Counter())

    def _cast_second(self, run: Run, first: str, first_target: str | None, said: Line | str,
                     named: set[str]) -> Iterator[Run]:
        """A second spell, cast by the caster holding priority (CR 117.3c), paid like the
        first (601.2g-h: from the pool and untapped lands the block does not name). Only an
        instant or a spell with flash can be cast with the first on the stack (117.1a,
        307.1). A cast no legal game makes (not in hand, not then, not payable) is left out
        of the correct run, its line failing legal-in-order. Then the later spell resolves
        first (608.1), and the first after it."""
        st = run.state
        p = run.casts[0][1]
        line = said if isinstance(said, Line) else None
        oid = line.objs[0] if line is not None and line.objs else str(said)
        o = st.objs.get(oid)
        card = st.card(o) if o is not None else None
        if card is not None and (card.alternative_costs or card.kicker
                                 or card.additional_costs):
            raise Unsupported("a second spell with alternative or additional costs or kicker")
        if card is not None and set(card.targets) - {"opponent", "player"}:
            raise Unsupported("a spell targeting an object")
        cost = card.mana_cost.counts() if card is not None and card.mana_cost else Counter()
        castable = (o is not None and o.zone == "hand" and o.owner == p and card is not None
                    and ("instant" in card.types or "flash" in card.keywords)
                    and pay_cost(st, p, cost, named, check=True)[0])
        know = st.knowledge(p)
        if not castable:
            r = self._fork(run)
            r.acts.append(Act(len(r.acts), "choice", "cast", p, line.idx if line else None,
                              False, True, know=know))
            r.used = r.used | ({line.idx} if line else set())
            yield from self._resolve_spell(r, r.state.objs[first],
                                           {"caster": p, "target": first_target})
            return
        targets: list[str | None] = [None]
        if card.targets:
            targets = [q for q in (st.opponents(p) if "opponent" in card.targets
                                   else st.apnap()) if q not in st.lost]
        aimed = line.other if line is not None else None
        legal = aimed in targets if aimed is not None else True
        picks = [aimed] if aimed in targets else targets    # an illegal target: any legal one
        if self.writer is not None:
            picks = [self.writer.choice(targets)]
        for target in picks:
            r = self._fork(run)
            text = f"{p} casts {oid}" + (f" targeting {target}" if target else "")
            act = Act(len(r.acts), "choice", "cast", p, line.idx if line else None, legal,
                      True, know=know, text=text)
            r.acts.append(act)
            r.used = r.used | ({line.idx} if line else set())
            self._tell(r, act)
            r.state.move(oid, "stack")
            _ok, lands = pay_cost(r.state, p, cost, named)
            r.casts = r.casts + ((oid, p, lands),)
            r.stack.append(Trigger(first, (), Ctx(p, first, first_target, None), spell=True))
            r.prio.append(len(r.acts))     # priority again (117.3c); all pass
            yield from self._resolve_spell(r, r.state.objs[oid], {"caster": p, "target": target})

    def _dying(self, run: Run, dying: list[str]) -> Iterator[Run]:
        st = run.state
        for oid in dying:
            o = st.objs[oid]
            self._forced(run, "to-graveyard", o.controller, objs=(oid,))
        for oid in dying:   # all at once (CR 704.3): leave-the-battlefield triggers look back
            self._move(run, oid, "graveyard")
        yield from self._settle(run)

    def _steps(self, run: Run, steps: list[str]) -> Iterator[Run]:
        if not steps:
            yield run
            return
        step, rest = steps[0], steps[1:]
        st = run.state
        ap = st.active
        if step not in SUPPORTED_STEPS:
            raise Unsupported(f"step {step}")
        if step == "untap":
            self._forced(run, "untap", ap)
            for o in st.battlefield(ap):
                o.tapped = False
            yield from self._steps(run, rest)       # no priority in the untap step (CR 502.4)
            return
        if step in ("upkeep", "draw", "end"):
            if step == "draw":
                act = self._forced(run, "draw", ap, 1)
                act.foreseen = any((ap, o.id) in st.known for o in st.draw_order(ap)[:1])
                st.draw(ap, 1)
            wanted = {"upkeep": ("your-upkeep", "each-upkeep"),
                      "draw": ("your-draw-step", "each-draw-step"),
                      "end": ("your-end-step", "each-end-step")}[step]
            for o in st.battlefield():
                c = st.card(o)
                for a in (c.abilities_of("triggered") if c else []):
                    if a.trigger == wanted[0] and o.controller == ap or a.trigger == wanted[1]:
                        run.pending.append(Trigger(o.id, a.effect,
                                                   Ctx(o.controller, o.id, None, ap)))
            for r in self._settle(run):
                if r.state.over:
                    yield r
                else:
                    yield from self._steps(r, rest)
            return
        if step == "cleanup":
            yield from self._cleanup(run, rest)
            return
        if step == "declare-attackers":
            yield from self._activations(run, rest)
            return
        yield from self._blocks(run, rest)

    def _cleanup(self, run: Run, rest: list[str]) -> Iterator[Run]:
        """CR 514.1: the active player discards down to their maximum hand size (a choice);
        no player receives priority then unless something triggered (CR 514.3)."""
        ap = run.state.active
        for o in run.state.battlefield():
            c = run.state.card(o)
            if c is not None and any(i.get("rule") == "maximum-hand-size" for i in c.statics()):
                raise Unsupported("a rule overridden in cleanup")
        excess = len(run.state.zone(ap, "hand")) - MAX_HAND
        for r in (self._discard(run, ap, excess) if excess > 0 else iter([run])):
            if r.pending:
                raise Unsupported("a trigger in the cleanup step (CR 514.3a)")
            yield from self._steps(r, rest)

    # combat (MTR 4.3 example 5): decisions taken in the declare-attackers step's window,
    # then blockers declared at once (CR 509.1)
    def _activations(self, run: Run, rest: list[str]) -> Iterator[Run]:
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
            apply_line(run.state, ln, {})
        run.state.check_sba()
        if not run.state.over:
            run.prio.append(len(run.acts))
            yield from self._steps(run, rest)
        else:
            yield run

    def _blocks(self, run: Run, rest: list[str]) -> Iterator[Run]:
        st = run.state
        for ln in [ln for ln in self.lines if ln.verb == "block"]:
            ok = all(o in st.objs and st.objs[o].zone == "battlefield"
                     and st.objs[o].controller == ln.actor and not st.objs[o].tapped
                     and st.is_(st.objs[o], "creature") for o in ln.objs)
            run.acts.append(Act(len(run.acts), "choice", "block", ln.actor, ln.idx, ok, True))
            run.used = run.used | {ln.idx}
        for ln in [ln for ln in self.lines if ln.verb == "block"]:
            apply_line(st, ln, {})
        st.check_sba()
        if not st.over:
            run.prio.append(len(run.acts))
            yield from self._steps(run, rest)
        else:
            yield run


# =========================================================================================
# Effects of a line (the performed run executes lines literally)
# =========================================================================================

def by_count(st: State, p: str, n: int | None) -> list[str]:
    """A discard by count: the cards in hand longest first."""
    return [o.id for o in st.zone(p, "hand")][:n or 0]


def pay_animation(st: State, p: str, objs: tuple[str, ...], check: bool = False) -> bool:
    need = 2
    have = sum(st.pool.get(p, Counter()).values())
    sources = [o for o in st.battlefield(p) if not o.tapped and o.id not in objs
               and st.card(o) is not None and "land" in st.card(o).types]
    ok = have + len(sources) >= need and all(
        o in st.objs and st.objs[o].zone == "battlefield" and st.objs[o].card == "Treetop Village"
        for o in objs)
    if check:
        return ok
    use = min(have, need)
    pool = st.pool.setdefault(p, Counter())
    for _ in range(use):
        c = next(k for k, v in pool.items() if v > 0)
        pool[c] -= 1
    st.pool[p] = +pool
    for o in sources[:need - use]:
        o.tapped = True
    return ok


def look_part(st: State, ln: Line) -> None:
    """What a search or a scry shows its player before they pick."""
    if ln.verb == "search":
        for o in st.zone(ln.actor, "library"):
            st.show(ln.actor, o.id)
    elif ln.verb in ("scry", "surveil"):
        for o in st.draw_order(ln.actor)[:ln.count or 0]:
            st.show(ln.actor, o.id)


def apply_line(st: State, ln: Line, search_dest: dict[int, tuple[str, bool]],
               revealed_search: frozenset[int] = frozenset()) -> tuple[bool, ...]:
    """Execute one line literally; returns, for a draw, whether each card was foreseen."""
    v = ln.verb
    p = ln.actor

    def where(oid: str, zones: tuple[str, ...]) -> bool:   # a verb's own zone only
        o = st.objs.get(oid)
        return o is not None and o.zone in zones
    if v == "draw":
        top = st.draw_order(p)[:ln.count or 0]
        foreseen = tuple((p, o.id) in st.known for o in top)
        st.draw(p, ln.count or 0)
        return foreseen
    if v in ("lose-life", "gain-life"):
        st.life[p] += (ln.count or 0) if v == "gain-life" else -(ln.count or 0)
    elif v == "discard":
        ids = by_count(st, p, ln.count) if ln.count is not None else list(ln.objs)
        for oid in ids:
            if where(oid, ("hand",)):
                st.move(oid, "graveyard")
    elif v in ("sacrifice", "to-graveyard"):
        for oid in ln.objs:
            if where(oid, ("battlefield",) if v == "sacrifice" else ("battlefield", "stack")):
                st.move(oid, "graveyard")
    elif v == "return":
        for oid in ln.objs:
            if where(oid, ("graveyard",)):
                st.move(oid, "hand")
    elif v == "search":
        dest, tapped = search_dest.get(ln.idx, ("battlefield", False))
        found = [oid for oid in ln.objs if where(oid, ("library",))
                 and st.objs[oid].owner == p]
        for o in st.zone(p, "library"):
            st.show(p, o.id)
        for oid in found:
            if ln.idx in revealed_search:
                for q in st.players:
                    st.show(q, oid)
            st.move(oid, dest)
            if dest == "battlefield":
                st.objs[oid].tapped = tapped
    elif v == "shuffle":
        st.shuffle(p)
    elif v == "cast":
        if where(ln.objs[0], ("hand",)) and st.objs[ln.objs[0]].owner == p:
            st.move(ln.objs[0], "stack")
    elif v == "create-token":
        for _ in range(ln.count or 0):
            st.move(st.create_token(p, ln.objs[0]), "battlefield")
    elif v == "untap":
        for o in st.battlefield(p):
            o.tapped = False
    elif v == "tap-mana":
        for oid in ln.objs:
            if oid in st.objs and st.objs[oid].zone == "battlefield" and not st.objs[oid].tapped:
                st.objs[oid].tapped = True
                st.pool.setdefault(p, Counter())[mana_of(st, st.objs[oid]) or "C"] += 1
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
                st.show(q, o.id)
    elif v == "look":
        for o in st.zone(ln.other or "", "hand"):
            st.show(p, o.id)
    elif v == "look-top":
        for o in st.draw_order(p)[:ln.count or 0]:
            st.show(p, o.id)
    elif v in ("scry", "surveil"):
        top = st.draw_order(p)[:ln.count or 0]
        for o in top:
            st.show(p, o.id)
        for oid in ln.objs:
            if oid in {o.id for o in top}:
                if v == "scry":
                    st.move(oid, "library", bottom=True)
                    st.known.add((p, oid))
                else:
                    st.move(oid, "graveyard")
    return ()


# =========================================================================================
# Judging
# =========================================================================================

@dataclass
class Answer:
    outcome: str                      # stands | does-not-stand
    failed: frozenset[str]
    runs: int
    detail: dict[str, Any] = field(default_factory=dict)

    def __iter__(self) -> Iterator[Any]:
        yield self.outcome
        yield self.failed


CHOICE_LINE_VERBS = ("discard", "sacrifice", "return", "search", "block", "animate",
                     "tap-mana", "scry", "surveil")


def perform(start: State, block: list[Line], run: Run, act_of: dict[int, Act]
            ) -> tuple[State, dict[int, frozenset[Fact]], dict[int, bool]]:
    """The performed run: each line literally, in order, with each player's facts just
    before each line (for the line's chooser), and which draws were foreseen."""
    perf = start.copy()
    before: dict[int, frozenset[Fact]] = {}
    foreseen: dict[int, bool] = {}
    if run.casts:           # the situation's spell: on the stack from the start
        perf.move(run.casts[0][0], "stack")
    for ln in block:
        a = act_of.get(ln.idx)
        chooser = a.actor if a is not None else ln.actor
        look_part(perf, ln)     # a search or scry chooses after its own look, in both runs
        before[ln.idx] = perf.knowledge(chooser)
        if ln.verb == "cast" and (a is None or ln.objs[0] not in
                                  {spell for spell, _, _ in run.casts}):
            continue        # no game makes this cast (CR 733: an illegal action is undone)
        out = apply_line(perf, ln, run.search_dest, run.revealed_search)
        foreseen[ln.idx] = any(out)
        # the outcome of a pick: seen by the others, of a random result by everyone (an
        # unmatched pick line tells the others too)
        if a is not None and a.options2 and a.public and a.kind in ("choice", "random"):
            perf.tell_pick(None if a.kind == "random" else a.actor, str(ln.idx))
        elif a is None and ln.verb in CHOICE_LINE_VERBS:
            perf.tell_pick(ln.actor, str(ln.idx))
    costs = [perf.card(perf.objs[spell]).mana_cost for spell, _, _ in run.casts]
    costs_counted = [c.counts() if c else Counter() for c in costs]
    for k, (_spell, caster, lands) in enumerate(run.casts if not run.illegal_cast else ()):
        pool = perf.pool.setdefault(caster, Counter())      # the mana the block didn't name
        for oid in lands:      # (one sacrificed since is tapped no more)
            if perf.objs[oid].zone == "battlefield" and not perf.objs[oid].tapped:
                perf.objs[oid].tapped = True
                pool[mana_of(perf, perf.objs[oid]) or "C"] += 1
        later = costs_counted[k + 1] if k + 1 < len(costs_counted) else Counter()
        spend(pool, costs_counted[k], later)
        perf.pool[caster] = +pool
    for a in run.acts:     # what the block may leave unsaid: the spell to its graveyard,
        if a.kind == "implicit" and a.line is None and a.verb == "to-graveyard":
            for oid in a.objs:
                perf.move(oid, "graveyard")
        if a.kind == "implicit" and a.verb == "damage":     # damage marked on a creature
            o = perf.objs[a.objs[0]]
            if o.zone == "battlefield":
                o.damage += a.amount
    # the point the block reached: a player would receive priority. A creature's death by
    # lethal damage is an act a line says (as in a block of creatures dying): only its line
    # moves it here
    perf.check_sba()
    return perf, before, foreseen


def conveyed(act: Act, block: list[Line], end: State) -> bool:
    """A forced reveal the block need not say: every card it shows is named by a line or
    ends in a public zone anyway."""
    named = {x for ln in block for x in ln.objs}
    return all(oid in named or end.objs[oid].zone not in HIDDEN for oid in act.objs)


def extra_facts(performed: frozenset[Fact], correct: frozenset[Fact]) -> set[Fact]:
    """What the chooser knew in the performed run and not in the correct one. Having seen a
    card in a library tells nothing more to one who knows where that card went since."""
    extra = set(performed - correct)
    cards_known = {key.split("@")[0] for kind, key in correct if kind == "id"}
    return {(kind, key) for kind, key in extra
            if not (kind == "id" and key.endswith("@library")
                    and key.split("@")[0] in cards_known)}


def judge(start: State, lines: list[Line | Interruption], run: Run) -> set[str]:
    block = [x for x in lines if isinstance(x, Line)]
    act_of = {a.line: a for a in run.acts if a.line is not None}
    failed: set[str] = set()
    # 1. legal in order
    if run.illegal_cast or any(not a.legal for a in run.acts if a.line is not None):
        failed.add("legal-in-order")
    if run.illegal_cast:    # no legal game casts it: no correct run to compare the rest with
        return failed
    perf, before, _foreseen = perform(start, block, run, act_of)
    # 2. same state
    if perf.signature() != run.state.signature():
        failed.add("same-state")
    # 3. no leak: what the chooser knew when choosing, in each run
    for ln in block:
        a = act_of.get(ln.idx)
        if a is None:
            continue
        if a.kind == "choice" and a.options2 and extra_facts(before[ln.idx], a.know):
            failed.add("no-leak")
        # A foreseen draw (a known card drawn where the rules deal a random one) reaches
        # another state (2. above), but tells its drawer nothing new: MTR 4.3's leak is
        # information that could affect a later decision, and a draw is none.
    # 4. no interaction
    for it in [x for x in lines if isinstance(x, Interruption)]:
        def time(m: Line) -> int:
            a = act_of[m.idx]
            # a target said by its damage (a life-loss line) is said when the damage is dealt;
            # a line naming it, when it is chosen
            return a.done if a.done is not None and m.verb != "target" else a.n
        before_it = [time(m) for m in block if m.pos < it.pos and m.idx in act_of]
        if not before_it:
            continue
        latest = max(before_it)
        points = [p for p in run.prio if p >= latest + 1]
        point = points[0] if points else float("inf")
        for m in block:   # an act that happens by itself (implicit) can't be taken late
            if m.pos > it.pos and m.idx in act_of and time(m) < point \
                    and act_of[m.idx].kind != "implicit":
                failed.add("no-interaction")
    # 5. nothing added or forgotten
    if any(ln.idx not in act_of for ln in block):
        failed.add("nothing-added-or-forgotten")
    for a in run.acts:
        if a.line is None and a.kind not in ("implicit",):
            if a.kind == "reveal" and conveyed(a, block, run.state):
                continue
            failed.add("nothing-added-or-forgotten")
    return failed


def oracle(start: State, situation: dict[str, Any], performed: list[Any]) -> Answer:
    """The oracle's answer for a block performed in a situation from a starting state."""
    lines = parse_lines(performed, start.players)
    block = [x for x in lines if isinstance(x, Line)]
    runs = Stepper(start, block).runs(situation)
    best: tuple[int, int, int, tuple[str, ...]] | None = None
    for run in runs:
        failed = judge(start, lines, run)
        if not failed:
            return Answer("stands", frozenset(), len(runs))
        # CORE.md's choice among failing runs (a convention of the answer, not of the rules):
        # fewest conditions failed, then fewest lines unmatched, then fewest illegal lines
        matched = {a.line: a for a in run.acts if a.line is not None}
        key = (len(failed), len(block) - len(matched),
               sum(1 for a in matched.values() if not a.legal), tuple(sorted(failed)))
        if best is None or key < best:
            best = key
    if best is None:
        raise Unsupported("no correct run")
    return Answer("does-not-stand", frozenset(best[3]), len(runs))


def situation_of(question: dict[str, Any]) -> dict[str, Any]:
    return {k: question[k] for k in ("resolving", "casting", "dying", "steps", "caster",
                                     "target") if k in question}


def oracle_for_scenario(doc: dict[str, Any]) -> Answer:
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
