"""Sequencing's executor: from a scenario's performed lines to a ``Block``.

The block is executed as performed, and each conflicting pair of actions once more in the
other order, to learn what a flipped pair breaks (see ``mtgrules.model.actions``).
Moved here as it was from ``model/``; a later issue rebuilds it on the temporal core.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from mtgrules.encodings.sequencing.lines import Line, parse_line
from mtgrules.encodings.sequencing.plan import (
    FREE_VERBS,
    Board,
    Pick,
    Plan,
    Situation,
    Slot,
    board_of,
    object_is,
    plan_for,
    some,
)
from mtgrules.model.actions import (
    Action,
    Block,
    Choice,
    Condition,
    Conflict,
    Precedence,
    Reveal,
    Violation,
    Window,
)
from mtgrules.model.edition import Edition
from mtgrules.model.state import GameState

# =========================================================================================
# Matching lines to slots, executing, and building the Block
# =========================================================================================

@dataclass(frozen=True)
class Performed:
    """One action ready to execute: its line, the slot it fills, and its fixed selection."""

    id: str
    line: Line
    slot: Slot | None


@dataclass(frozen=True)
class Outcome:
    board: Board
    legal: bool
    why: str = ""
    moved: tuple[tuple[str, tuple[str, str] | None, tuple[str, str]], ...] = ()
    """(object, from, to) for every object the action moved."""
    options: tuple[str, ...] | None = None
    """For a choice: the options it had."""
    selection: tuple[str, ...] = ()


class Executor:
    """Executes actions on a ``Board`` under the scenario's state and cards."""

    def __init__(self, state: GameState):
        self.state = state
        self.owner = {o.id: o.owner for _, _, o in state.objects()}
        self.controller = {o.id: o.controller for _, _, o in state.objects()}

    def candidates(self, board: Board, pick: Pick) -> tuple[str, ...]:
        objs = board.zone(pick.holder, pick.zone)
        if pick.zone == "battlefield":
            objs = tuple(o for o in self.all_on_battlefield(board)
                         if self.controller.get(o) == pick.holder)
        return tuple(o for o in objs if o != pick.exclude and
                     (pick.zone in ("hand", "library") and pick.what == "card"
                      or object_is(self.state, o, pick.what, board)))

    def all_on_battlefield(self, board: Board) -> tuple[str, ...]:
        return tuple(o for (h, z), objs in board.zones if z == "battlefield" for o in objs)

    def forced(self, pick: Pick, options: int) -> bool:
        return options <= forced_at_most(pick)

    def run(self, board: Board, step: Performed, recompute: bool, forced_as_performed: bool) -> Outcome:
        line, slot = step.line, step.slot
        actor, verb, objs = line.actor, line.verb, line.objects
        pick = slot.pick if slot else None
        options: tuple[str, ...] | None = None
        declining = bool(pick and pick.decline and verb == "sacrifice")
        if pick is not None:
            options = self.candidates(board, pick)
            if recompute and forced_as_performed and verb != "search" and not pick.decline:
                # A forced choice was the game's, not the player's: in another order the game
                # picks again from what is there then.
                if self.forced(pick, len(options)):
                    if pick.keep is None:
                        objs = tuple(options[:pick.count])
                    else:
                        objs = () if pick.keep and len(options) <= pick.keep else options
        moved: list = []
        b = board

        def move(o: str, zone: str, holder: str | None = None) -> None:
            nonlocal b
            src = b.where(o)
            dest = (holder or self.owner.get(o, actor), zone)
            b = b.move(o, *dest)
            moved.append((o, src, dest))

        def bad(why: str) -> Outcome:
            return Outcome(b, False, why, tuple(moved), options, objs)

        if verb in ("sacrifice", "to-graveyard"):
            for o in objs:
                where = b.where(o)
                if verb == "sacrifice" and (where is None or where[1] != "battlefield"
                                            or self.controller.get(o) != actor):
                    return bad(f"{o} is not a permanent {actor} controls then")
                if verb == "to-graveyard" and (where is None or where[1] not in ("stack", "battlefield")):
                    return bad(f"{o} is not on the stack or the battlefield then")
                if options is not None and not declining and o not in options:
                    return bad(f"{o} is not one of the options then")
                move(o, "graveyard")
        elif verb == "discard":
            if line.count is not None and not line.objects:
                hand = b.zone(actor, "hand")
                objs = hand[:line.count]
                if len(objs) < line.count:
                    return bad(f"{actor} has fewer than {line.count} cards in hand then")
            for o in objs:
                if o not in b.zone(actor, "hand"):
                    return bad(f"{o} is not in {actor}'s hand then")
                move(o, "graveyard")
        elif verb == "return":
            for o in objs:
                if options is not None and o not in options:
                    return bad(f"{o} is not a card {actor} may return then")
                move(o, "hand", actor)
        elif verb == "draw":
            n = line.count or 1
            for o in b.zone(actor, "library")[:n]:
                move(o, "hand", actor)
        elif verb == "search":
            for o in objs:
                if options is not None and o not in options:
                    return bad(f"{o} is not a card {actor} may find then")
                move(o, "battlefield", actor)
            b = replace(b, seen_libraries=b.seen_libraries | {actor})
        elif verb == "shuffle":
            b = replace(b, seen_libraries=b.seen_libraries - {actor})
        elif verb == "untap":
            mine = {o for o in self.all_on_battlefield(b) if self.controller.get(o) == actor}
            b = replace(b, tapped=b.tapped - mine)
        elif verb == "tap-mana":
            for o in objs:
                if (b.where(o) or ("", ""))[1] != "battlefield" or o in b.tapped:
                    return bad(f"{o} is not an untapped permanent then")
                b = replace(b, tapped=b.tapped | {o})
        elif verb == "animate":
            for o in objs:
                if (b.where(o) or ("", ""))[1] != "battlefield":
                    return bad(f"{o} is not on the battlefield then")
                b = replace(b, animated=b.animated | {o})
        elif verb == "block":
            for o in objs:
                if (b.where(o) or ("", ""))[1] != "battlefield" or self.controller.get(o) != actor:
                    return bad(f"{o} is not a permanent {actor} controls then")
                if not object_is(self.state, o, "creature", b):
                    return bad(f"{o} is not a creature then")
                if o in b.tapped:
                    return bad(f"{o} is tapped then, and tapped creatures can't block")
                b = replace(b, blocking=b.blocking | {o})
        elif verb in ("gain-life", "lose-life"):
            b = b.add_life(actor, (line.count or 0) * (1 if verb == "gain-life" else -1))
        if pick is not None and options is not None and verb != "draw":
            n = len(options)
            need = n - pick.keep if pick.keep is not None else min(pick.count, n)
            chosen = len(objs)
            if pick.up_to and chosen > pick.count:
                return bad(f"{actor} may choose at most {pick.count}")
            if not pick.up_to and not declining and chosen != need:
                return bad(f"{actor} must choose {need} of the {n} options then, not {chosen}")
        return Outcome(b, True, "", tuple(moved), options, objs)


def forced_at_most(pick: Pick) -> int:
    if pick.keep is not None:
        return 10 ** 6 if pick.keep == 0 else pick.keep
    if pick.decline:
        return 1
    return 0 if pick.up_to else pick.count


def _describe_options(options: Sequence[str], pick: Pick) -> str:
    place = {"graveyard": f"in {pick.holder}'s graveyard", "hand": f"in {pick.holder}'s hand",
             "library": f"in {pick.holder}'s library", "battlefield": "on the battlefield"
             }.get(pick.zone, f"in the {pick.zone}")
    names = [o if ":" not in o else "a hidden card" for o in options]
    extra = " (or declining to pay)" if pick.decline else ""
    if not names:
        return f"with no option {place}{extra}"
    if len(names) == 1:
        return f"{names[0]} {place}, the only option{extra}"
    if len(set(names)) == 1 and names[0] == "a hidden card":
        return f"among the {len(names)} cards {place}{extra}"
    return f"between {', '.join(names[:-1])} and {names[-1]} {place}{extra}"


@dataclass(frozen=True)
class Event:
    """A reaction or a substantial pause inside the performed sequence (ends a block)."""

    kind: str
    text: str


def build_block(situation: Situation, entries: Sequence[Line | Event], state: GameState,
                edition: Edition) -> Block:
    """The Block for performed ``entries`` (lines and events, in order) in this situation,
    under the rules in force in ``edition``."""
    plan = plan_for(situation, state, edition)
    lines = [e for e in entries if isinstance(e, Line)]
    barriers, labels = [], []
    count = 0
    for e in entries:
        if isinstance(e, Event):
            if 0 < count:
                barriers.append(count)
                labels.append(f"{e.kind} ({e.text})" if e.text else e.kind)
        else:
            count += 1
    barriers_t = tuple(b for b in barriers if b < len(lines))
    labels_t = tuple(label for b, label in zip(barriers, labels) if b < len(lines))

    # -- match lines to slots -------------------------------------------------------------
    taken: dict[str, int] = {}
    steps: list[Performed] = []
    added: list[str] = []
    for n, line in enumerate(lines, 1):
        slot = _match(line, plan.slots, taken, state)
        if slot is None and line.verb not in FREE_VERBS:
            added.append(f"'{line.text}'")
        steps.append(Performed(f"a{n}", line, slot))
    executor = Executor(state)
    start = board_of(state)
    if situation.kind == "casting" and situation.card is not None:
        # CR 601.2a: casting begins by moving the card to the stack
        caster = situation.caster or state.active
        spell = situation.object or situation.card.name
        if start.where(spell) is not None:
            start = start.move(spell, caster, "stack")
    forgotten = []
    for slot in plan.slots:
        if slot.key in taken or slot.many or slot.optional:
            continue
        if slot.pick is not None and not slot.pick.decline:
            if not executor.candidates(start, slot.pick) and slot.pick.zone != "library":
                continue  # nothing to act on: CR 101.3, the instruction does nothing
        forgotten.append(slot.label)

    # -- precedences between actions --------------------------------------------------------
    by_slot: dict[str, list[str]] = {}
    for s in steps:
        if s.slot is not None:
            by_slot.setdefault(s.slot.key, []).append(s.id)
    precedences: list[Precedence] = []
    for a, b, rule in plan.edges:
        for x in by_slot.get(a, []):
            for y in by_slot.get(b, []):
                precedences.append(Precedence(x, y, rule))
    precedences += _free_dependencies(steps, by_slot)

    # -- execute as performed ----------------------------------------------------------------
    performed = _execute(executor, start, steps, recompute=False, forced=set())
    # "discards 3" from a hidden hand: which three is fixed by what happened as performed
    steps = [replace(s, line=replace(s.line, objects=o.selection))
             if s.line.verb == "discard" and not s.line.objects else s
             for s, o in zip(steps, performed.outcomes)]
    forced_perf = {s.id for s, o in zip(steps, performed.outcomes)
                   if s.slot and s.slot.pick and o.options is not None
                   and executor.forced(s.slot.pick, len(o.options) + (1 if s.slot.pick.decline else 0))}
    actions = _actions(state, executor, start, steps, performed, precedences)
    conflicts, always = _conflicts(executor, start, steps, performed, forced_perf)
    known = frozenset((p, f"card:{o.id}") for p in state.names for _, _, o in state.objects()
                      if state.knows(p, o.id))
    ids = {s.id for s in steps}
    windows = tuple(Window(text, frozenset(x for k in before for x in by_slot.get(k, [])),
                           frozenset(x for k in after for x in by_slot.get(k, [])), rule)
                    for text, before, after, rule in plan.windows)
    windows = tuple(w for w in windows if w.before and w.after)
    windows += _free_windows(steps)
    assert all(p.before in ids and p.after in ids for p in precedences)

    def replay(order: Sequence[str]) -> Violation | None:
        by_id = {s.id: s for s in steps}
        run = _execute(executor, start, [by_id[i] for i in order], recompute=True,
                       forced=forced_perf)
        for action_id, out in zip(order, run.outcomes):
            if not out.legal and action_id not in always:
                return Violation(Condition.LEGAL_IN_ORDER, (action_id,),
                                 f"'{by_id[action_id].line.text}' is not legal there: {out.why}")
        if run.final != performed.final:
            return Violation(Condition.SAME_STATE, tuple(order),
                             _state_difference(performed.final, run.final))
        return None

    return Block(actions=tuple(actions), precedences=tuple(dict.fromkeys(precedences)),
                 barriers=barriers_t, barrier_labels=labels_t, conflicts=tuple(conflicts),
                 always_illegal=tuple(always), initially_known=known, added=tuple(added),
                 forgotten=tuple(forgotten), windows=windows, rules=tuple(sorted(plan.rules)),
                 replay=replay)


def _match(line: Line, slots: list[Slot], taken: dict[str, int], state: GameState) -> Slot | None:
    for slot in slots:
        if slot.actor != line.actor or line.verb not in slot.verbs:
            continue
        pick = slot.pick
        if (pick is not None and line.objects and pick.zone == "battlefield"
                and slot.decline_object not in line.objects
                and not all(object_is(state, o, pick.what) for o in line.objects)):
            continue   # "sacrifices Forest" fills a land slot, not a creature one
        if slot.key in taken and not slot.many:
            continue
        if line.verb == "sacrifice" and slot.decline_object and slot.decline_object not in line.objects:
            continue
        if line.verb == "to-graveyard" and slot.source not in line.objects:
            continue
        if slot.count is not None and line.count is not None and slot.count != line.count:
            continue
        taken[slot.key] = taken.get(slot.key, 0) + 1
        return slot
    return None


def _free_dependencies(steps: list[Performed], by_slot: dict[str, list[str]]) -> list[Precedence]:
    """A mana ability comes before the activation it pays for; an animation comes before the
    event that needs the creature (the whole declaration, CR 509.1, since blockers are declared
    at once)."""
    out = []
    for i, s in enumerate(steps):
        if s.line.verb == "tap-mana":
            for t in steps[i + 1:]:
                if t.line.actor == s.line.actor and t.line.verb == "animate":
                    out.append(Precedence(s.id, t.id, "cast.mana-abilities"))
                    break
        if s.line.verb == "animate":
            for t in steps:
                if t.line.verb == "block" and set(t.line.objects) & set(s.line.objects) and t.slot:
                    out += [Precedence(s.id, x, "combat.declare-blockers")
                            for x in by_slot[t.slot.key]]
    return out


def _free_windows(steps: list[Performed]) -> tuple[Window, ...]:
    out = []
    for s in steps:
        if s.line.verb == "animate":
            later = frozenset(t.id for t in steps if t.line.verb == "block")
            if later:
                out.append(Window(f"after {s.line.actor} activates the ability of "
                                  f"{', '.join(s.line.objects)}, before it resolves and before "
                                  "blockers are declared", frozenset({s.id}), later,
                                  "stack.resolve-all-pass"))
    return tuple(out)


@dataclass(frozen=True)
class Run:
    outcomes: tuple[Outcome, ...]
    final: tuple
    boards: tuple[Board, ...]
    """The board before each action."""


def _execute(executor: Executor, start: Board, steps: Sequence[Performed], recompute: bool,
             forced: set[str]) -> Run:
    board, outs, boards = start, [], []
    for s in steps:
        boards.append(board)
        out = executor.run(board, s, recompute, s.id in forced)
        if not out.legal:
            # Carry on as if it happened as written, so later actions can still be judged.
            loose = executor.run(board, Performed(s.id, s.line, None), recompute, False)
            out = replace(out, board=loose.board, moved=loose.moved)
        outs.append(out)
        board = out.board
    return Run(tuple(outs), board.final(), tuple(boards))


def _actions(state: GameState, executor: Executor, start: Board, steps: list[Performed], run: Run,
             precedences: list[Precedence]) -> list[Action]:
    # the board at each choice's moment in a canonical correct order, for descriptions
    canonical = canonical_order([s.id for s in steps], precedences)
    by_id = {s.id: s for s in steps}
    correct_run = _execute(executor, start, [by_id[i] for i in canonical], False, set())
    options_then = {i: o.options for i, o in zip(canonical, correct_run.outcomes)}
    actions = []
    for s, out in zip(steps, run.outcomes):
        line, slot = s.line, s.slot
        reveals = _reveals(state, s, out, run.boards[steps.index(s)])
        choice = None
        if slot and slot.pick and out.options is not None:
            pick = slot.pick
            extra = 1 if pick.decline else 0
            base = len(executor.candidates(start, pick)) + extra
            deltas = []
            for t, tout in zip(steps, run.outcomes):
                if t.id == s.id:
                    continue
                d = 0
                for o, src, dest in tout.moved:
                    ok = o != pick.exclude and (pick.what == "card" or object_is(state, o, pick.what))
                    if ok and dest == (pick.holder, pick.zone):
                        d += 1
                    if ok and src == (pick.holder, pick.zone):
                        d -= 1
                if d:
                    deltas.append((t.id, d))
            shown = options_then.get(s.id) or out.options
            choice = Choice(line.actor,
                            _describe_options(shown, pick), base, forced_at_most(pick),
                            tuple(deltas))
        actions.append(Action(id=s.id, actor=line.actor, text=line.text, verb=line.verb,
                              objects=out.selection or line.objects,
                              step=slot.step if slot else state.step,
                              slot=slot.label if slot else None,
                              position=slot.position if slot else None,
                              choice=choice, reveals=reveals))
    return actions


def _reveals(state: GameState, s: Performed, out: Outcome, before: Board) -> tuple[Reveal, ...]:
    line = s.line
    others = [p for p in state.names if p != line.actor]
    found: list[Reveal] = []
    if line.verb == "draw":
        label = f"the {some(len(out.moved), 'card')} drawn by '{line.text}'".replace(
            "the a card", "the card")
        found += [Reveal(f"card:{o}", line.actor, label) for o, _, _ in out.moved]
    if line.verb == "search":
        label = f"the contents of {line.actor}'s library, seen in '{line.text}'"
        found += [Reveal(f"card:{o}", line.actor, label)
                  for o in before.zone(line.actor, "library")]
        found += [Reveal(f"card:{o}", p, f"the cards found by '{line.text}'")
                  for o, _, _ in out.moved for p in others]
    if line.verb == "discard":
        found += [Reveal(f"card:{o}", p, f"the cards discarded in '{line.text}'")
                  for o, _, _ in out.moved for p in others]
    if s.slot and s.slot.pick and line.verb in ("sacrifice", "discard", "return", "block", "search"):
        found += [Reveal(f"choice:{s.id}", p, f"what {line.actor} chose in '{line.text}'")
                  for p in others]
    return tuple(found)


def canonical_order(ids: Sequence[str], precedences: Sequence[Precedence],
                    extra: Sequence[tuple[str, str]] = ()) -> list[str]:
    """A linear extension of the precedences (plus ``extra`` pairs), as close to ``ids``'
    order as possible (Kahn's algorithm, ties broken by the given order)."""
    succ: dict[str, set[str]] = {i: set() for i in ids}
    indeg = {i: 0 for i in ids}
    for a, b in [(p.before, p.after) for p in precedences] + list(extra):
        if b not in succ[a]:
            succ[a].add(b)
            indeg[b] += 1
    rank = {i: n for n, i in enumerate(ids)}
    ready = sorted((i for i in ids if indeg[i] == 0), key=rank.__getitem__)
    out = []
    while ready:
        i = ready.pop(0)
        out.append(i)
        for j in succ[i]:
            indeg[j] -= 1
            if indeg[j] == 0:
                ready.append(j)
        ready.sort(key=rank.__getitem__)
    if len(out) != len(ids):
        raise ValueError("the precedences have a cycle")
    return out


def _footprint(executor: Executor, s: Performed, out: Outcome) -> set:
    line = s.line
    fp: set = set()
    for o, src, dest in out.moved:
        fp |= {("obj", o), ("zone", *dest)} | ({("zone", *src)} if src else set())
    for o in line.objects:
        fp.add(("obj", o))
    if s.slot and s.slot.pick:
        fp.add(("zone", s.slot.pick.holder, s.slot.pick.zone))
        if s.slot.pick.zone == "battlefield":
            fp.add(("battlefield", s.slot.pick.holder))
    if line.verb in ("draw", "search", "shuffle"):
        fp.add(("zone", line.actor, "library"))
    if line.verb in ("tap-mana", "block"):
        fp |= {("tap", o) for o in line.objects}
    if line.verb == "untap":
        fp |= {("tap", o) for o, c in executor.controller.items() if c == line.actor}
    for o, src, dest in out.moved:
        if "battlefield" in (dest[1], src[1] if src else None):
            fp.add(("battlefield", executor.controller.get(o, dest[0])))
    return fp


def _conflicts(executor: Executor, start: Board, steps: list[Performed], performed: Run,
               forced: set[str]) -> tuple[list[Conflict], list[str]]:
    prints = [_footprint(executor, s, o) for s, o in zip(steps, performed.outcomes)]
    illegal_perf = {s.id for s, o in zip(steps, performed.outcomes) if not o.legal}
    conflicts: list[Conflict] = []
    fixed: set[str] = set()
    n = len(steps)
    for i in range(n):
        for j in range(i + 1, n):
            if not (prints[i] & prints[j]):
                continue
            between = range(i + 1, j)
            order = list(steps)
            if not any(prints[j] & prints[k] for k in between):
                order.insert(i, order.pop(j))          # move the later one just before
            else:
                order.insert(j, order.pop(i))          # move the earlier one just after
            run = _execute(executor, start, order, recompute=True, forced=forced)
            illegal = {s.id for s, o in zip(order, run.outcomes) if not o.legal}
            flipped: set[Condition] = set()
            kept: set[Condition] = set()
            whys = []
            if illegal - illegal_perf:
                flipped.add(Condition.LEGAL_IN_ORDER)
                whys += [o.why for s, o in zip(order, run.outcomes) if s.id in illegal - illegal_perf]
            if illegal_perf - illegal:
                kept.add(Condition.LEGAL_IN_ORDER)
                fixed |= illegal_perf - illegal
                whys += [o.why for s, o in zip(steps, performed.outcomes)
                         if s.id in illegal_perf - illegal]
            if run.final != performed.final and not illegal - illegal_perf:
                flipped.add(Condition.SAME_STATE)
                whys.append(_state_difference(performed.final, run.final))
            if flipped or kept:
                a, b = steps[i], steps[j]
                why = (f"'{a.line.text}' and '{b.line.text}' in the other order: "
                       + "; ".join(w for w in whys if w))
                conflicts.append(Conflict(a.id, b.id, frozenset(flipped), frozenset(kept), why))
    always = [s.id for s in steps if s.id in illegal_perf and s.id not in fixed]
    return conflicts, always


def _state_difference(a: tuple, b: tuple) -> str:
    za, zb = dict(a[0]), dict(b[0])
    for key in sorted(set(za) | set(zb)):
        if za.get(key, ()) != zb.get(key, ()):
            holder, zone = key
            extra = sorted(set(zb.get(key, ())) - set(za.get(key, ())))
            if extra:
                return f"{', '.join(extra)} would end in {holder}'s {zone} instead"
            if zone == "library":
                return f"{holder}'s library would end shuffled instead of in a seen order"
            return f"{holder}'s {zone} would end differently"
    if a[5] != b[5]:
        return "a library searched after its shuffle would not be random"
    names = ["zones", "tapped permanents", "animated permanents", "blockers", "life totals"]
    for i, name in enumerate(names):
        if a[i] != b[i]:
            return f"the {name} would end differently"
    return "the game would end in a different state"


__all__ = ["Board", "Situation", "Line", "Event", "Slot", "Plan", "plan_for", "parse_line",
           "build_block", "canonical_order", "FREE_VERBS"]
