"""An independent oracle for tournament shortcuts (MTR 4.2; CR 732.2 for loops), in the
reference stepper's world (reference.py). Written from the MTR texts of each edition
(/work/shared/mtr), never from the ASP encodings: it says which explicit turn-script lines a
shortcut stands for, where it stops, and runs them on the stepper. SHORTCUTS_ORACLE.md lists the
sentences implemented and the readings chosen.

    expand(state, cr_edition, mtr, before, proposal, end, deviation) -> OracleResult
"""
from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field

import reference

from mtgrules.model.read.timeline import parse_condition, parse_line
from mtgrules.model.timeline import END, Decision

MTR_EDITIONS = ["2013-02-01", "2016-09-30", "2019-05-03", "2024-09-23", "2025-11-10", "2026-02-27"]
STOPS = ("expanded", "end-not-reached", "stopped", "illegal", "needs-decision", "not-standard",
         "game-over")
MAX_EVENTS = 600


def mtr_edition(mtr: str | None) -> str:
    """The MTR edition in force at a date (an edition's own date names it); default newest."""
    if not mtr:
        return MTR_EDITIONS[-1]
    mtr = str(mtr)
    ok = [e for e in MTR_EDITIONS if e <= mtr]
    if not ok:
        raise ValueError(f"no MTR edition known in force on {mtr} (the first is {MTR_EDITIONS[0]})")
    return ok[-1]


@dataclass
class OracleResult:
    lines: list                      # the explicit turn-script lines, text
    stop: str                        # one of STOPS
    events: list = field(default_factory=list)   # the stepper's events of before + lines
    mtr: str = ""                    # the MTR edition read
    detail: str = ""                 # why it stopped; the MTR sentence at stake
    then: tuple | None = None        # (player, decision kind) due where the expansion ends
    decisions: list = field(default_factory=list)  # the lines as Decisions
    implied: list = field(default_factory=list)    # per line: implied by the shortcut (not said)
    game: object = None              # the stepper at the end


class Stop(Exception):
    def __init__(self, kind, detail="", then=None):
        super().__init__(detail)
        self.kind, self.detail, self.then = kind, detail, then


# ---- the proposal's words ----------------------------------------------------------------------

@dataclass
class Item:
    kind: str            # go | pass | ready | no-attacks | object | hold | everything | explicit | loop
    player: str
    decision: Decision | None = None
    text: str = ""
    times: int = 0       # loop
    body: list = field(default_factory=list)   # loop: the texts of its lines
    announced: Decision | None = None          # 'P casts X, choosing Y': the choice announced


def parse_proposal(lines, state) -> list:
    items = []
    for text in lines:
        text = " ".join(str(text).split())
        m = re.fullmatch(r"(\w+) (.+)", text)
        if not m:
            raise ValueError(f"'{text}' is not a proposal line")
        p, rest = m.groups()
        if p not in state.names:
            raise ValueError(f"'{text}': unknown player {p}")
        if rest in ("says go", "says go.", 'says "go"'):
            items.append(Item("go", p, text=text))
        elif rest == "passes":
            items.append(Item("pass", p, Decision("pass", p), text=text))
        elif rest == "is ready for combat":
            items.append(Item("ready", p, text=text))
        elif rest == "declares no attacks":
            items.append(Item("no-attacks", p, text=text))
        elif rest == "holds priority":
            items.append(Item("hold", p, Decision("hold", p), text=text))
        elif rest == "attacks with everything":
            items.append(Item("everything", p, text=text))
        elif rest.startswith("repeats "):
            lm = re.fullmatch(r"repeats (\d+) times?: (.+)", rest)
            if not lm:
                raise ValueError(f"'{text}': 'P repeats N times: LINE; LINE'")
            body = [b.strip() for b in lm.group(2).split(";") if b.strip()]
            items.append(Item("loop", p, text=text, times=int(lm.group(1)), body=body))
        else:
            am = re.fullmatch(r"(.+?), choosing (.+)", rest)
            d = parse_line(f"{p} {am.group(1)}" if am else text, state)
            kind = "object" if d.verb in ("cast", "activate") else "explicit"
            ann = parse_line(f"{p} chooses {am.group(2)}", state) if am and kind == "object" else None
            if am and ann is None:
                raise ValueError(f"'{text}': a choice is announced with a spell or ability")
            items.append(Item(kind, p, d, text=f"{p} {am.group(1)}" if am else text, announced=ann))
    players = {i.player for i in items}
    if len(players) > 1:
        raise ValueError("a shortcut is proposed by one player")
    return items


# ---- driving the stepper decision by decision --------------------------------------------------

class Driver:
    """A reference.Game advanced decision by decision: ``due`` is the decision the game waits
    for, ``give`` makes one (checked by the stepper's own rules)."""

    def __init__(self, state, cr_edition, ed=None):
        self.state, self.cr = state, cr_edition
        self.ed = ed                # the MTR edition (its scry default, below)
        self.g = reference.Game(state, cr_edition, [], END)
        self.before: list = []      # the decisions given before the shortcut
        self.lines: list = []       # the decisions given since
        self.implied: list = []     # for each line: whether the shortcut implies it (not said)
        self.result = None
        self.announced: dict = {}   # object -> (its line's index, the choice announced with it)
        self._advance()

    def rebuild(self, k):
        """Back to where the k first lines had been given (the game is deterministic)."""
        new = Driver(self.state, self.cr, self.ed)
        for d in self.before:
            new.give(d)
        new.before, new.lines, new.implied = list(self.before), [], []
        for d, imp in zip(self.lines[:k], self.implied[:k]):
            new.give(d, imp)
        new.announced = {x: a for x, a in self.announced.items() if a[0] < k}
        self.__dict__.update(new.__dict__)

    def _advance(self):
        self.result = self.g.run(MAX_EVENTS)

    @property
    def due(self):
        """(player, kind) of the decision due, or None when the game stopped otherwise."""
        kind, p, what, _ = self.result.stop
        return (p, what) if kind == "needs-decision" else None

    def check(self):
        kind, p, what, _ = self.result.stop
        if kind == "game-over":
            raise Stop("game-over", f"{', '.join(sorted(self.result.losers))} lost")
        if kind == "horizon":
            raise Stop("end-not-reached", "the shortcut's point is not reached within the stepper's horizon")
        if kind == "unsupported":
            raise reference.Unmodelled(what)
        if kind != "needs-decision":
            raise AssertionError(self.result.stop)

    def legal(self, d) -> set | None:
        """None when ``d`` is legal as the decision due; else the reasons."""
        g = self.g
        p, kind = self.due
        g.script.append(d)
        try:
            r = g.decide(p, kind, dry=True)
        finally:
            g.script.pop()
        if r is None:
            return None
        if r.stop[0] == "needs-decision":        # e.g. how to pay: not said
            return {f"needs {r.stop[2]}"}
        return set(r.reasons) or {r.stop[2]}

    def give(self, d, implied=False):
        why = self.legal(d)
        if why is not None:
            raise Illegal(d, why)
        if implied and d.verb == "choose" and self.ed and self.ed >= "2019-05-03":
            # MTR 4.2 (2019+): a player who does not scry is taken not to have looked
            self.g.not_looked = True
        self.g.script.append(d)
        self.lines.append(d)
        self.implied.append(implied)
        self._advance()
        self.check()

    def snapshot(self):
        return copy.deepcopy(self)


class Illegal(Exception):
    def __init__(self, d, why):
        super().__init__(f"{d.line()}: {', '.join(sorted(why))}")
        self.decision, self.why = d, why


NONE_DECLARED = {"priority": lambda p: Decision("pass", p), "attack": lambda p: Decision("attack", p),
                 "block": lambda p: Decision("block", p)}


def pass_until(dr: Driver, done, snap_for=None, snaps=None):
    """Every player passes (the active player declares no attackers, defenders no blockers)
    until ``done(game, player, kind)`` holds at a decision. ``snap_for``: record a snapshot at
    each of that player's priorities (the places a deviation may land)."""
    while True:
        due = dr.due
        if due is None:
            dr.check()
        p, kind = due
        if done(dr.g, p, kind):
            return
        if kind == "choose" and announced_choice(dr, p) is not None:
            dr.give(announced_choice(dr, p), True)
            continue
        if kind == "choose" and scry_default(dr, p):
            dr.give(Decision("choose", p), True)
            continue
        if kind not in NONE_DECLARED:
            raise Stop("needs-decision", f"{p} has a decision the shortcut does not say: {kind}", due)
        if snaps is not None and p == snap_for and kind == "priority":
            snaps.append(dr.snapshot())
        dr.give(NONE_DECLARED[kind](p), True)


def announced_choice(dr, p):
    """MTR 4.2 (every edition from 2013): choices announced with a spell that are normally made
    as it resolves bind its controller unless an opponent responds to it (an action of
    another player's after it was cast, passes apart)."""
    g = dr.g
    if g.resolving is None or g.resolving[0] not in dr.announced:
        return None
    i, choice = dr.announced[g.resolving[0]]
    if choice.player != p:
        return None
    if any(d.player != p and d.verb not in ("pass", "attack", "block") for d in dr.lines[i + 1:]):
        return None
    return choice


def scry_default(dr, p) -> bool:
    """MTR 4.2: a scry the player does not make — since 2016 taken as leaving the cards in order
    (since 2019 unlooked at), except that since 2019, during the resolution of one's own spell
    or ability, one may not assume an opponent took it (it must be confirmed: not said, the
    decision is needed). Before 2016 there is no such default."""
    g, ed = dr.g, dr.ed
    if g.resolving is None or not ed or ed < "2016-09-30":
        return False
    x, i = g.resolving
    if g.instructions(x)[i - 1][0] != "scry":
        return False
    if ed >= "2019-05-03" and p != g.controller_of(x):
        return False
    return True


def mana_default(dr, d, later, ed):
    """MTR 4.2 (2024+): an object with several mana abilities tapped "for mana" activates the
    one that most specifically applies to the spell the mana is for (read: the proposal's next
    spell; the ability whose colour is the only one of the object's colours that spell's cost
    asks for). Otherwise the line stands as said (and is illegal: which ability, CR 605.3a)."""
    from dataclasses import replace
    g = dr.g
    o = g.objs.get(d.objects[0]) if d.objects else None
    if ed < "2024-09-23" or d.adds or o is None or not o.cd or not o.cd.mana or len(o.cd.mana) < 2:
        return d
    for e in later:
        if e[0] != "item" or e[1].kind not in ("object", "explicit") or e[1].decision.verb != "cast":
            continue
        spell = g.objs.get(e[1].decision.objects[0])
        if spell is None or not spell.cd:
            return d
        asks = [c for c in o.cd.mana if any(c == col for col, _ in spell.cd.colour_cost)]
        return replace(d, adds=asks[0].upper()) if len(asks) == 1 else d
    return d


def topmost_default(dr, d, ed):
    """MTR 4.2 (every edition from 2013: "the legal target"; 2026: "the legal spell"): a
    spell that targets an object on the stack, cast with no target said, targets the legal
    spell closest to the top of the stack."""
    from dataclasses import replace
    g = dr.g
    o = g.objs.get(d.objects[0]) if d.objects else None
    if d.verb != "cast" or d.targets or o is None or not o.cd \
            or o.cd.target != "spell":
        return d
    for y in reversed(g.stack):
        if not isinstance(y, tuple) and g.target_ok("spell", y, d.player):
            return replace(d, targets=(y,))
    return d


def has_priority(player_pred, step=None):
    def done(g, p, kind):
        return kind == "priority" and player_pred(g, p) and (step is None or g.step == step)
    return done


# ---- the expansion -----------------------------------------------------------------------------

def expand(state, cr_edition: str, mtr: str | None = None, before=(), proposal=(), end=(),
           deviation=None) -> OracleResult:
    ed = mtr_edition(mtr)
    stops_clause = ed >= "2024-09-23"
    dr = Driver(state, cr_edition, ed)
    out = OracleResult([], "expanded", mtr=ed)
    try:
        dr.check()
        for text in before or ():
            dr.give(parse_line(text, state))
    except (Stop, Illegal) as exc:
        raise ValueError(f"the explicit decisions before the shortcut don't run: {exc}") from exc
    dr.before, dr.lines, dr.implied = list(dr.lines), [], []
    items = parse_proposal(proposal, state)
    if deviation is not None:
        deviation = dict(deviation)
        deviation.setdefault("actions", [])
    try:
        ns = not_standard(items, ed, dr)
        if ns:
            raise Stop("not-standard", ns)
        held = held_deviation_point(items, deviation)
        if held:
            raise Stop("illegal", held)
        run_items(dr, items, ed, deviation, state)
        if end:
            x = getattr(dr, "pending_last", None)
            if x is not None and dr.lines and dr.lines[-1].verb == "pass":
                # the proposer says where the game state ends up (MTR 4.2): with a declared end
                # the last object resolves too, the others' passes implied, until the proposer
                # has priority again (settled with the core: whether or not the end needs it)
                proposer = items[0].player
                pass_until(dr, lambda g, q, k: x not in g.stack and g.resolving is None
                           and k == "priority" and q == proposer)
            failing = [c for c in end if not holds(dr.g, parse_condition(c, state))]
            if failing:
                raise Stop("end-not-reached", "the declared end state does not hold: " + "; ".join(failing))
    except Stop as exc:
        out.stop, out.detail = exc.kind, exc.detail
        if exc.kind == "expanded" and end:
            # an interruption played out: the declared end is judged where it leaves the game
            failing = [c for c in end if not holds(dr.g, parse_condition(c, state))]
            if failing:
                out.stop = "end-not-reached"
                out.detail += "; the declared end state does not hold: " + "; ".join(failing)
    except Illegal as exc:
        if stops_clause:
            out.stop = "stopped"
            out.detail = (f"MTR {ed} 4.2: part of the shortcut is illegal ({exc}); the shortcut stops at "
                          f"that point")
        else:
            out.stop = "illegal"
            out.detail = (f"part of the shortcut is illegal ({exc}); MTR {ed} has no clause stopping a "
                          f"shortcut where part of it becomes illegal (it came in 2023)")
    out.decisions = list(dr.lines)
    out.implied = list(dr.implied)
    out.lines = [line_text(d, dr.g) for d in dr.lines]
    out.events = [(n, tuple(a)) for n, a in dr.g.events]
    out.then = dr.due
    out.game = dr.g
    return out


def held_deviation_point(items, deviation) -> str | None:
    """CR 117.3c: a deviation after an object whose caster holds priority has no place — no
    other player can act with it alone on the stack (the question is refused up front)."""
    if not deviation or not deviation.get("at"):
        return None
    n = 0
    for i, it in enumerate(items):
        if it.kind == "object":
            n += 1
            if n == deviation["at"] and i + 1 < len(items) and items[i + 1].kind == "hold":
                deviation["_used"] = True
                return (f"CR 117.3c: {it.player} keeps priority after object {n}; no other player "
                        "can act with it alone on the stack")
    return None


def not_standard(items, ed, dr) -> str | None:
    g = dr.g
    for it in items:
        if it.kind == "ready" and ed >= "2019-05-03":
            return (f"MTR {ed} 4.2 has no 'I'm ready for combat' shortcut (MTR 2013-02-01 and 2016-09-30 "
                    f"had it; since 2019 an active player's pass in the first main phase stands for it)")
        if it.kind == "no-attacks" and ed >= "2016-09-30":
            return f"MTR {ed} 4.2 has no 'no attacks' shortcut (only MTR 2013-02-01 had it)"
    for it in items[:1]:
        if it.kind == "go" and ed >= "2019-05-03" and it.player != g.active:
            # settled with the core: since 2019 the sentence is the active player's ("if the
            # active player passes … or uses a phrase such as 'Go'")
            return (f"MTR {ed} 4.2: 'go' is the active player's; {it.player} says it in "
                    f"{g.active}'s turn")
        if it.kind == "ready" and (it.player != g.active or reference.STEPS.index(g.step)
                                   > reference.STEPS.index("beginning_of_combat")):
            return ("'I'm ready for combat' is the active player's, before combat (settled with the "
                    f"core): here {it.player} says it in {g.step} of {g.active}'s turn")
        if it.kind == "no-attacks" and (it.player != g.active or reference.PHASE[g.step] != "combat"):
            return ("MTR 2013-02-01 4.2: 'no attacks' is said by the active player during combat; here "
                    f"{it.player} says it in {g.step} of {g.active}'s turn")
    return None


def need_priority(dr, p, what):
    due = dr.due
    if due != (p, "priority") and not dr.lines:
        raise Stop("illegal", f"CR 732.2a: the player with priority proposes a shortcut; {p} does not "
                   f"have priority (the decision due: {due})", due)
    if due != (p, "priority"):
        raise Illegal(Decision("hold", p), {f"{p} does not have priority for {what} (CR 732.2a, 117)"})


def run_items(dr: Driver, items, ed, deviation, state):
    """The proposal's items in order."""
    n_obj = [0]
    flat = []
    for it in items:
        if it.kind == "loop":
            if it.times < 1:
                raise ValueError("a loop repeats at least once")
            if deviation and deviation.get("at") is not None and deviation["at"] >= it.times:
                # settled with the core: an illegal shortening, not a question refused
                deviation["_used"] = True
                raise Stop("illegal", f"a loop is shortened to fewer iterations than proposed "
                           f"(CR 732.2b): at {deviation['at']} of {it.times}")
            for k in range(it.times):
                for text in it.body:
                    flat.append(("loop", k + 1, it.times, text))
                flat.append(("loop-end", k + 1, it.times, it))
        else:
            flat.append(("item", it))
    loops = any(it.kind == "loop" for it in items)
    for i, entry in enumerate(flat):
        later = flat[i + 1:]
        if entry[0] == "loop-end":
            if deviation and loops and deviation.get("at") == entry[1]:
                # CR 732.2b-c: shortened after that iteration; the proposer, with priority
                # there, makes another choice than the loop's (passes) and the other acts
                p = entry[3].player
                need_priority(dr, p, "shortening the loop")
                if not deviation.get("actions"):
                    deviation["_used"] = True
                    raise Stop("expanded", f"CR 732.2b-c: the loop is shortened to {entry[1]} iteration(s); "
                               f"{deviation['by']} does nothing there: priority stays with {p} (MTR {ed} "
                               f"4.2: a request for priority with no action is nullified)")
                dr.give(Decision("pass", p), True)
                deviate(dr, deviation, state, ed)
                raise Stop("expanded", f"CR 732.2b-c: the loop is shortened to {entry[1]} iteration(s); "
                           f"{deviation['by']} acts there")
            continue
        if entry[0] == "loop":
            it = parse_proposal([resolve_names(entry[3], dr, state)], state)[0]
            it.kind = it.kind if it.kind != "loop" else "explicit"
        else:
            it = entry[1]
        next_is_hold = bool(later) and later[0][0] == "item" and later[0][1].kind == "hold"
        more = any(e[0] != "loop-end" for e in later) and not (
            next_is_hold and len(later) == 1)
        if entry[0] == "loop":
            # CR 732.2a: a loop is a sequence of choices for all players: each iteration's
            # objects resolve, the last iteration's too
            more = True
        if it.kind == "hold":
            need_priority(dr, it.player, "holding priority")
            dr.give(it.decision)
            continue
        if it.kind == "object":
            do_object(dr, it, n_obj, more, next_is_hold, deviation if not loops else None, state, ed)
            continue
        if it.kind == "explicit":
            d = it.decision
            if d.verb == "mana":
                d = mana_default(dr, d, later, ed)
            dr.give(d)
            continue
        if it.kind == "everything":
            attack_with_everything(dr, it, deviation, state, ed)
            continue
        passing_shortcut(dr, it, ed, deviation, state, last=not later)
    if deviation and not deviation_used(deviation):
        raise ValueError(f"the deviation ({deviation}) has no place in this shortcut")


def deviation_used(dev):
    return dev.get("_used", False)


def resolve_names(text, dr, state):
    """A loop's line names the same object each iteration (CR 732.2a: the same choices
    repeated; settled with the core — a card already cast can't be cast again, and the loop is
    then illegal where it repeats)."""
    return text


def do_object(dr, it, n_obj, more, held, deviation, state, ed):
    """MTR 4.2: adding an object passes priority unless held; a group of objects without
    holding priority: each resolves before the next is added; a deviation in the middle
    reverses the later ones."""
    p = it.player
    need_priority(dr, p, it.text)
    dr.give(topmost_default(dr, it.decision, ed))
    if it.announced is not None:
        dr.announced[it.decision.objects[0]] = (len(dr.lines) - 1, it.announced)
    n_obj[0] += 1
    if held:
        if deviation and deviation.get("at") == n_obj[0]:
            # CR 117.3c: its caster keeps priority and adds the next on top; nobody can act
            # after this object alone (settled with the core: the question is illegal)
            deviation["_used"] = True
            raise Stop("illegal", f"CR 117.3c: {p} keeps priority after object {n_obj[0]}; no other "
                       "player can act with it alone on the stack")
        return
    x = dr.g.stack[-1] if dr.g.stack else None
    if deviation and deviation.get("at") == n_obj[0]:
        if not deviation.get("actions"):
            deviation["_used"] = True
            raise Stop("expanded", f"MTR {ed} 4.2: {deviation['by']} requests priority after object "
                       f"{n_obj[0]} and does nothing: the request is nullified and priority goes back to "
                       f"{p}, who had it; the later objects are not added")
        dr.give(Decision("pass", p), True)
        deviate(dr, deviation, state, ed)
        raise Stop("expanded", f"{deviation['by']} acts after object {n_obj[0]} is put on the stack; the "
                   f"later objects are reversed (MTR {ed} 4.2)")
    if not more:
        dr.give(Decision("pass", p), True)    # it passes priority; the others decide
        dr.pending_last = x
        return
    # allowing it to resolve before the next is added: everyone passes until it has left the
    # stack, then until the proposer has priority
    pass_until(dr, lambda g, q, kind: x not in g.stack and g.resolving is None
               and kind == "priority" and q == p)


def deviate(dr, deviation, state, ed):
    """The deviating player's actions where they get priority: the passes of the players
    before them are implied; an object they add passes priority unless they hold it (a group:
    each resolves before the next)."""
    by = deviation["by"]
    deviation["_used"] = True
    actions = [parse_line(a, state) for a in deviation.get("actions", [])]
    if not actions:
        return
    pass_until(dr, has_priority(lambda g, q: q == by))
    for i, d in enumerate(actions):
        try:
            dr.give(d)
        except Illegal as exc:
            # not part of the shortcut: the question's deviation can't be made
            raise Stop("illegal", f"the deviation's action is illegal: {exc}", dr.due) from exc
        if d.verb in ("cast", "activate") and (i + 1 == len(actions) or actions[i + 1].verb != "hold"):
            x = dr.g.stack[-1] if dr.g.stack else None
            if i + 1 == len(actions):
                dr.give(Decision("pass", by), True)
            else:
                pass_until(dr, lambda g, q, k, x=x: x not in g.stack and g.resolving is None
                           and k == "priority" and q == by)


def passing_shortcut(dr, it, ed, deviation, state, last):
    g = dr.g
    p = it.player
    need_priority(dr, p, it.text)
    new = ed >= "2019-05-03"
    main_pass = it.kind == "pass" and new and p == g.active and not g.stack
    step = g.step
    # the words stand for the proposer's own pass first (the rest is implied)
    dr.give(Decision("pass", p))
    if it.kind == "pass" and not (main_pass and step in ("main1", "main2")):
        # a plain pass (MTR 2013/2016: a pass in a main phase is just a pass)
        if last:
            at_point(dr, deviation, state, ed, p)
        return
    opponent = lambda g, q: q != p                     # noqa: E731
    if it.kind == "ready" or (it.kind == "no-attacks"):
        step = "beginning_of_combat" if it.kind == "ready" else "end_of_combat"
        pass_until(dr, has_priority(opponent, step))
        at_point(dr, deviation, state, ed, p)
        return
    if it.kind == "pass" and step == "main1":
        # 2019+: the non-active player acts in beginning of combat, unless affecting whether a
        # beginning-of-combat ability triggers (then in the first main phase)
        boc_pass(dr, p, deviation, state, ed)
        return
    # "go" (every edition), or 2019+: the active player's pass in main2 with an empty stack
    if new:
        end_step_shortcut(dr, p, deviation, state, ed)
    else:
        pass_until(dr, has_priority(opponent, "end"))
        at_point(dr, deviation, state, ed, p)


def at_point(dr, deviation, state, ed, proposer):
    if deviation and not deviation_used(deviation):
        if deviation.get("actions"):
            deviate(dr, deviation, state, ed)
        else:
            # a request for priority with no action: nullified, priority back to the player
            # who had it — the proposer, before the pass that handed it on
            deviation["_used"] = True
            k = max((i for i, d in enumerate(dr.lines) if d.verb == "pass" and d.player == proposer
                     and dr.implied[i]), default=None)
            if k is None:
                # no pass of the proposer's was implied: the deviator has priority by the
                # proposer's own words, and there is nothing to give back
                return
            dr.rebuild(k)
            raise Stop("expanded", f"MTR {ed} 4.2: {deviation['by']} requests priority and does nothing: "
                       f"the request is nullified and priority goes back to {proposer}, who had it")


def triggers_of(g, step):
    return sorted(e[2:] for e in g.triggered_log if e[0] == g.turn_count and e[1] == step)


def affects_triggers(snap, deviation, state, ed, step):
    """Whether the deviation, made at ``snap`` (before the step), changes which "at the
    beginning of STEP" abilities trigger — against the same passes without it."""
    def reach(dr):
        try:
            pass_until(dr, lambda g, q, k: g.step == step)
        except (Stop, Illegal):
            return None
        return triggers_of(dr.g, step)
    plain = reach(snap.snapshot())
    dev = snap.snapshot()
    try:
        dev_copy = dict(deviation)
        deviate(dev, dev_copy, state, ed)
    except (Stop, Illegal):
        return False
    after = reach(dev)
    return plain is not None and after is not None and plain != after


def boc_pass(dr, p, deviation, state, ed):
    g = dr.g
    a = g.active
    snaps: list = []
    if deviation and deviation.get("actions"):
        by = deviation["by"]
        snaps = []
        trial = dr.snapshot()
        pass_until(trial, lambda gg, q, k: gg.step == "beginning_of_combat", snap_for=by, snaps=snaps)
        if snaps and affects_triggers(snaps[-1], deviation, state, ed, "beginning_of_combat"):
            # they act in the first main phase: at their last priority there
            target = len(snaps[-1].lines)
            pass_until(dr, lambda gg, q, k: len(dr.lines) >= target)
            deviate(dr, deviation, state, ed)
            return
    # the passes up to the active player's priority in beginning of combat
    pass_until(dr, has_priority(lambda gg, q: q == a, "beginning_of_combat"))
    if deviation and not deviation_used(deviation):
        if deviation.get("actions"):
            deviate(dr, deviation, state, ed)
        else:
            # nothing done there: the active player receives priority in beginning of combat
            deviation["_used"] = True


def end_step_shortcut(dr, p, deviation, state, ed):
    if deviation and deviation.get("actions"):
        by = deviation["by"]
        snaps: list = []
        trial = dr.snapshot()
        try:
            pass_until(trial, lambda gg, q, k: gg.step == "end", snap_for=by, snaps=snaps)
        except Stop:
            snaps = []
        if snaps and affects_triggers(snaps[-1], deviation, state, ed, "end"):
            target = len(snaps[-1].lines)
            pass_until(dr, lambda gg, q, k: len(dr.lines) >= target)
            deviate(dr, deviation, state, ed)
            return
    pass_until(dr, has_priority(lambda gg, q: q != p, "end"))
    at_point(dr, deviation, state, ed, p)


def attack_with_everything(dr, it, deviation, state, ed):
    """Not an MTR shortcut: the declaration of every creature able to attack, the passes up to
    it (as from the first main phase) implied."""
    p = it.player
    pass_until(dr, lambda g, q, k: k == "attack")
    g = dr.g
    if g.active != p:
        raise Illegal(Decision("attack", p), {"not the active player"})
    able = sorted(o.id for o in g.battlefield() if g.is_now(o, "creature") and o.controller == p
                  and not o.tapped and not g.sick(o) and not g.has(o, "defender"))
    dr.give(Decision("attack", p, tuple(able)))


def line_text(d, g) -> str:
    """The decision's line, naming objects so that the line reads back (an id without '#k'
    of which there are others: 'Mountain#1')."""
    def name(x):
        if x and x in g.objs and "#" not in x and f"{x}#2" in g.objs:
            return f"{x}#1"
        return x
    from dataclasses import replace
    return replace(d, objects=tuple(name(x) for x in d.objects), targets=tuple(name(x) for x in d.targets),
                   blocks=tuple((name(b), name(a)) for b, a in d.blocks)).line()


# ---- the declared end state ---------------------------------------------------------------------

def holds(g, c) -> bool:
    k, a = c.kind, c.args
    if k == "life":
        return g.life[a[0]] == a[1]
    if k == "count":
        return len(g.in_zone(a[1], a[0])) == a[2]
    if k == "priority":
        return g.prio_to == a[0]
    if k == "nobody_priority":
        return g.prio_to is None
    if k == "active":
        return g.active == a[0]
    if k == "step":
        return g.step == str(a[0]).replace("-", "_")
    if k == "stack":
        return len(g.stack) == a[0]
    if k == "lost":
        return a[0] in g.lost
    if k == "not_lost":
        return a[0] not in g.lost
    if k == "mana":
        return g.pool_total(a[0]) == a[1]
    if k in ("knows", "not_knows"):
        # a library card a player has looked at (a scry, 701.22a); any other zone: unmodelled
        o = g.objs.get(a[1])
        if o is None or o.zone != "library":
            raise reference.Unmodelled(f"the condition {c}")
        return (a[1] in g.known.get(a[0], set())) == (k == "knows")
    if k == "in_zone":
        o = g.objs.get(a[0])
        return o is not None and o.zone == a[1]
    if k in ("tapped", "untapped"):
        o = g.objs[a[0]]
        return o.zone == "battlefield" and o.tapped == (k == "tapped")
    if k == "damage":
        return g.objs[a[0]].damage == a[1]
    if k in ("power", "toughness"):
        o = g.objs[a[0]]
        return o.zone == "battlefield" and (g.power(o) if k == "power" else g.toughness(o)) == a[1]
    raise reference.Unmodelled(f"the condition {c}")
