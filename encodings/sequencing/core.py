"""Sequencing on the temporal core: the performed run and the correct run as one trace of
``encodings/game/game.lp``, judged by ``judge.lp`` (see ``CORE.md``).

Python writes the situation's starting state, the lines and the interruptions as facts,
grounds the trace one time step at a time, and reads the judgement. Which conditions fail,
and why, is the solver's answer.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

import clingo

from mtgrules.encodings import asp
from mtgrules.encodings.game import EFFECT_PART, THEORY, with_change
from mtgrules.encodings.game.facts import Unsupported, a, fact, split_state
from mtgrules.encodings.game.trace import (
    COUNTER_WORD,
    Reader,
    duration_words,
    item_words,
    mod_words,
    plural,
    value,
)
from mtgrules.model.edition import Edition
from mtgrules.model.errors import BudgetExhausted
from mtgrules.model.state import GameState

F = clingo.Function
S = clingo.String
N = clingo.Number

LINE_VERB = {"draw": "draw", "lose-life": "lose", "gain-life": "gain", "discard": "discard",
             "sacrifice": "sacrifice", "return": "return", "search": "search", "shuffle": "shuffle",
             "untap": "untap", "to-graveyard": "to_graveyard", "tap-mana": "tap_mana",
             "animate": "animate", "block": "block", "attack": "attack", "reveal": "reveal",
             "look-hand": "look", "look-top": "look_top", "scry": "scry", "surveil": "surveil"}
"""Performed lines the core performs, by their verb (the others are not modelled on it yet)."""
SITUATIONS = ("resolving", "casting", "dying", "steps")
"""Situations the core runs."""
PERFORMED_STRETCH = 10
"""Performed lines grounded per call (the budget is checked between calls)."""
EXTRA_EVENTS = 40
"""How many more events than lines a correct run may take before it counts as not ending."""
CONDITION = {"legal_in_order": "legal-in-order", "same_state": "same-state", "no_leak": "no-leak",
             "no_interaction": "no-interaction",
             "nothing_added_or_forgotten": "nothing-added-or-forgotten"}


@dataclass(frozen=True)
class CoreLine:
    """One performed line as the core reads it."""

    player: str
    verb: str
    """A key of ``LINE_VERB``."""
    objects: tuple[str, ...] = ()
    count: int | None = None
    other: str | None = None
    """Another player the line names (whose hand is looked at)."""


@dataclass
class Judgement:
    """What the solver found: the failed conditions of the best correct run, and why."""

    failed: tuple[str, ...]
    """Condition names as in DESIGN §5.4 (``no-leak`` …); empty: the block stands."""
    correct: list[tuple[int, str, tuple]] = field(default_factory=list)
    """The correct run: (time, event name, arguments), from its start."""
    matched: dict[int, int] = field(default_factory=dict)
    """Line number (1-based) → time of its act in the correct run."""
    leaks: list[tuple[int, int]] = field(default_factory=list)
    """(choice line, earlier line that informed its chooser)."""
    illegal: list[int] = field(default_factory=list)
    differs: dict[str, list[str]] = field(default_factory=dict)
    """How the two runs' ends differ, in words: ``performed`` → what only the performed run
    ends with, ``correct`` → what only the correct run ends with."""
    retroactive: list[tuple[int, int]] = field(default_factory=list)
    """(line, interruption number)."""
    added: list[int] = field(default_factory=list)
    forgotten: list[str] = field(default_factory=list)
    """What the correct run does that no line says, in words (``alice draws 3``, ``bob's pick
    for Cruel Ultimatum: bob sacrifices 1 creature``)."""
    words: dict[int, str] = field(default_factory=dict)
    """Time of the correct run → its event in words, where the trace reader words it."""
    priority_at: list[int] = field(default_factory=list)
    """Times of the correct run at which a player receives priority."""
    rules: tuple[str, ...] = ()
    """Rulebook keys of the laws behind the correct run's events and of the rules that decided a
    condition."""
    rules_at: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Time of the correct run → rulebook keys of its event."""
    shown: dict[int, int] = field(default_factory=dict)
    """Line that informed a chooser too early → how many cards it showed them."""
    options: dict[int, list[str]] = field(default_factory=dict)
    """Choice line that leaked → the options its chooser could tell apart."""
    lines_at: int = 0
    """Time of the reset: the correct run's events are after it."""


def supports(kind: str, verbs: Sequence[str]) -> bool:
    """Whether the core runs this situation with these performed verbs."""
    return kind in SITUATIONS and all(v in LINE_VERB for v in verbs)


def judge(state: GameState, edition: Edition, situation: clingo.Symbol, init_changes: tuple[
          Sequence[clingo.Symbol], Collection[str]], lines: Sequence[CoreLine],
          interrupts: Sequence[int], stack_targets: dict[str, str] | None = None) -> Judgement:
    """Judge a block. ``situation`` is ``resolving(X)``, ``casting(X,Y)``, ``dying`` or
    ``steps(Last)``; ``init_changes`` the fluents the situation adds to the state and the
    names of those it removes; ``interrupts[k]`` the number of lines before the k-th pause
    or reaction."""
    ctl, n = _grounded(state, edition, situation, init_changes, lines, interrupts, stack_targets,
                       ["--opt-mode=opt"], open_order=False)
    best: list[list[clingo.Symbol]] = []

    def on_model(model: clingo.Model) -> None:
        best[:] = [list(model.symbols(shown=True))]  # what _read needs is shown

    asp.run(ctl, on_model)
    if not best:
        raise Unsupported("the core found no correct run for this block (a gap in the encoding: "
                          "please report it)")
    _refuse_unsupported(best[0], n)
    return _read(best[0], n, state)


def standing_orders(state: GameState, edition: Edition, situation: clingo.Symbol, init_changes: tuple[
                    Sequence[clingo.Symbol], Collection[str]], lines: Sequence[CoreLine],
                    stack_targets: dict[str, str] | None = None,
                    conditions: Sequence[str] = tuple(CONDITION)) -> list[tuple[int, ...]]:
    """Every order of the lines (as line numbers, 1-based) in which the block would meet
    ``conditions`` (their names in judge.lp): the performed order left open, every answer set
    that fails none of them."""
    ctl, n = _grounded(state, edition, situation, init_changes, lines, (), stack_targets,
                       ["0", "--project", "--opt-mode=ignore"], open_order=True)
    wanted = "".join(f"required({c}).\n" for c in conditions)
    ctl.add("stands", [], wanted + ":- fails(C), required(C).\n#project performed_at/2.")
    ctl.ground([("stands", [])])
    orders = set()
    for symbols in asp.each_model(ctl):
        at = {s.arguments[0].number: s.arguments[1].number for s in symbols if s.name == "performed_at"}
        orders.add(tuple(sorted(at, key=at.__getitem__)))
    return sorted(orders)


def _grounded(state: GameState, edition: Edition, situation: clingo.Symbol, init_changes: tuple[
              Sequence[clingo.Symbol], Collection[str]], lines: Sequence[CoreLine], interrupts: Sequence[int],
              stack_targets: dict[str, str] | None, options: list[str], open_order: bool
              ) -> tuple[clingo.Control, int]:
    """The two runs grounded until every correct run has ended, and the judge on top."""
    static, initial = split_state(state, edition, stack_targets or {})
    added, removed = init_changes
    initial = [f for f in initial if f.name not in removed] + list(added)
    facts = [*static, *(a("init", f) for f in initial), a("offset", N(0)), a("situation", situation),
             a("lines", N(len(lines)))]
    for k, line in enumerate(lines, start=1):
        count = line.count if line.count is not None else len(line.objects)
        facts.append(a("line", N(k), S(line.player), F(LINE_VERB[line.verb], []), N(count)))
        for i, obj in enumerate(line.objects, start=1):
            facts.append(a("script_list", N(k), N(i), S(obj)))
        if line.count is not None and not line.objects and line.verb == "discard":
            facts.append(a("counted", N(k)))
        if line.other is not None:
            facts.append(a("line_player", N(k), S(line.other)))
    for e, after in enumerate(interrupts, start=1):
        facts.append(a("interrupt", N(e), N(after)))
    if open_order:
        facts.append(F("open_order", []))
    n = len(lines)
    # every object has its zone at every time point, as a fluent, the state read off it and
    # the zone relation: three atoms a step at the least, over the performed run alone
    objects = sum(1 for f in initial if f.name == "zone")
    asp.check_ground_bound(3 * objects * (n + 2), f"the block's {n} lines over {objects} objects")
    ctl = asp.control(options)
    asp.add_encodings(ctl, (*THEORY, "sequencing/runs", "sequencing/judge"))
    ctl.add("base", [], "\n".join(fact(s) for s in facts))
    # The performed run and the reset (times 1..n+1) need the same parts whatever happens in
    # them, so they are grounded a stretch of steps per call, the first with the starting
    # state: the union of the parts is the same program as one call per step, at a fraction
    # of clingo's cost per call; between stretches the grounding is held to the budget.
    ctl.ground([("base", []), ("derive", [N(0)]), ("resolving", [N(0)]), ("legal", [N(0)])])
    for first in range(1, n + 2, PERFORMED_STRETCH):
        ctl.ground([(part, [N(u)]) for u in range(first, min(first + PERFORMED_STRETCH, n + 2))
                    for part in ("event", *sorted(with_change(_effect_parts(ctl, u - 1, n))), "effect",
                                 "derive", "resolving", "legal")])
        asp.check_ground(ctl, f"the block's {n} lines, performed up to line {first - 1},")
    limit = n + 1 + max(EXTRA_EVENTS, 4 * n)
    t = n + 1
    while True:
        t += 1
        parts = with_change(_effect_parts(ctl, t - 1, n))
        ctl.ground([("event", [N(t)]), *((p, [N(t)]) for p in sorted(parts)), ("effect", [N(t)])])
        # what is legal reads the state derived at t, never the reverse: one call keeps it exact
        resolving = [("resolving", [N(t)])] if _atom(ctl, "resolution_open", t) else []
        ctl.ground([("derive", [N(t)]), *resolving, ("legal", [N(t)])])
        if _fact(ctl, "over", t):
            break
        if _atom(ctl, "over", t) and t % 4 == 0 and _all_over(ctl, t):
            break
        if t >= limit:
            raise BudgetExhausted(f"the correct run had not ended after {t - n - 1} events")
        asp.check_ground(ctl, f"the correct run, at {t - n - 1} events,")
    ctl.ground([*(("cite", [N(u)]) for u in range(n + 2, t + 1)), ("judge", [N(n), N(t)])])
    return ctl, n


def _refuse_unsupported(symbols: list[clingo.Symbol], n: int) -> None:
    for s in symbols:
        if s.name == "stop" and s.arguments[0].name == "unsupported" and s.arguments[1].number > n + 1:
            raise Unsupported(f"the correct run reaches something the core does not model yet: "
                              f"{s.arguments[0].arguments[0]}")


def _effect_parts(ctl: clingo.Control, t: int, n: int) -> set[str]:
    """The parts of game.lp holding the effects of the events that may come after ``t``: a
    line's in the performed run, the game's own or a player's in the correct run."""
    if t < n:
        return {"on_line", "on_stack"}  # a line's moves share the stack part's rules
    if t == n:
        return set()
    parts = set()
    for atom in ctl.symbolic_atoms.by_signature("game_event", 2):
        if atom.symbol.arguments[1].number == t:
            parts.add(EFFECT_PART[atom.symbol.arguments[0].name])
    for atom in ctl.symbolic_atoms.by_signature("decision", 3):
        if atom.symbol.arguments[2].number == t:
            kind = atom.symbol.arguments[1].name
            parts |= {"on_pass", "on_action"} if kind == "priority" else {"on_stack"} \
                if kind == "order" else {"on_game"}
    return parts


def _fact(ctl: clingo.Control, name: str, t: int) -> bool:
    atom = ctl.symbolic_atoms[F(name, [N(t)])]
    return atom is not None and atom.is_fact


def _atom(ctl: clingo.Control, name: str, t: int) -> bool:
    return ctl.symbolic_atoms[F(name, [N(t)])] is not None


def _all_over(ctl: clingo.Control, t: int) -> bool:
    """Whether every correct run has ended by ``t`` (no run is still going)."""
    ctl.add(f"open{t}", [], f"#external still({t}).\n:- still({t}), over({t}).")
    ctl.ground([(f"open{t}", [])])
    ctl.assign_external(F("still", [N(t)]), True)
    try:  # out of budget here is out of budget for the question, never "every run ended"
        found = asp.run(ctl).satisfiable
    finally:
        ctl.release_external(F("still", [N(t)]))
    return not found


# -- the judgement in words --------------------------------------------------------------------

def _kind(kind: clingo.Symbol, count: int = 1) -> str:
    """Objects of one kind, counted: a card's name (``2 copies of Forest``) or unnamed cards."""
    if kind.type == clingo.SymbolType.String:
        return kind.string if count == 1 else f"{count} copies of {kind.string}"
    return plural(count, "unnamed card")


def _zone_words(player: str, zone: str, what: str) -> str:
    return f"{player}'s {what} on the battlefield" if zone == "battlefield" else f"{what} in {player}'s {zone}"


def fact_words(fact: clingo.Symbol) -> str:
    """One fact of a run's end as the judge compares the two runs (``sig`` in judge.lp), in
    words: ``3 unnamed cards in bob's graveyard``, ``alice at 25 life``."""
    a = fact.arguments
    v = [value(x) for x in a]
    if fact.name == "zone":
        return _zone_words(v[0], v[1], _kind(a[2], v[3]))
    if fact.name == "tapped":
        return f"{v[0]}'s {_kind(a[1], v[2])} tapped"
    if fact.name == "life":
        return f"{v[0]} at {v[1]} life"
    if fact.name == "effect":
        return f"{_kind(a[0])} {mod_words(v[1])}{duration_words(v[2])}"
    if fact.name == "counters":
        return f"{plural(v[2], COUNTER_WORD.get(v[1], str(v[1])) + ' counter')} on {_kind(a[0])}"
    if fact.name == "attacking":
        return f"{_kind(a[0])} attacking"
    if fact.name == "blocking":
        return f"{_kind(a[0])} blocking {_kind(a[1])}"
    if fact.name == "lost":
        return f"{v[0]} having lost the game"
    if fact.name == "damage":
        return f"{v[2]} damage on {v[0]}'s {_kind(a[1])}"
    if fact.name == "known":
        where = "their own" if v[0] == v[1] else f"{v[1]}'s"
        return f"{v[0]} knowing {_kind(a[3], v[4])} in {where} {v[2]}"
    return fact.name.replace("_", " ")


ACT_WORDS = {"draw": "{p} draws {a}", "lose": "{p} loses {a} life", "gain": "{p} gains {a} life",
             "shuffle": "{p} shuffles", "untap": "{p} untaps", "reveal": "{p} reveals their hand",
             "look": "{p} looks at {a}'s hand", "look_top": "{p} looks at the top {a} of their library",
             "to_graveyard": "{p} puts {a} into the graveyard"}
"""A correct run's act (``act`` in runs.lp) as a performed line would say it."""


def act_words(act: clingo.Symbol, t: int, reader: Reader) -> str:
    """What the correct run does at ``t`` that no line says: an act, as a performed line would
    say it (``alice draws 3``), or a player's pick for a resolving object's instruction."""
    a = act.arguments
    if act.name == "act":
        p, verb, amount = value(a[0]), a[1].name, a[2]
        said = (_kind(amount) if verb == "to_graveyard" else
                plural(amount.number, "card") if verb == "look_top" else value(amount))
        return ACT_WORDS.get(verb, "{p} " + verb.replace("_", " ")).format(p=p, a=said)
    x, i, p = value(a[0]), a[1].number, value(a[2])
    what = reader.instr_words(x, i, t - 1) if (x, i, t - 1) in reader.instr else ""
    return f"{p}'s pick for {item_words(x)}" + (f": {what}" if what else "")


def run_event_words(reader: Reader, t: int, name: str, args: tuple) -> str:
    """An event of the correct run in words: as a trace words it, and the run's own events (a
    round of passes; a pick the rules make, or one no line answers)."""
    if name == "pass_round":
        return "every player passes in turn"
    if name in ("auto", "choose"):
        x, i, p = args if name == "auto" else (args[1], args[2], args[0])
        what = f"{item_words(x)}: {reader.instr_words(x, i, t - 1)}"
        return what + " (nothing to choose)" if name == "auto" else f"{p} chooses for {what}"
    return reader.event_words(t, name, args)


def _read(symbols: list[clingo.Symbol], n: int, state: GameState) -> Judgement:
    j = Judgement(failed=(), lines_at=n + 1)
    failed = []
    rules = set()
    ends: dict[str, list[clingo.Symbol]] = {}
    forgot: list[tuple[clingo.Symbol, int]] = []
    for s in symbols:
        args = s.arguments
        if s.name == "fails" and len(args) == 1:
            failed.append(CONDITION[args[0].name])
        elif s.name == "occurs" and len(args) == 2 and args[1].number > n + 1:
            j.correct.append((args[1].number, args[0].name, tuple(args[0].arguments)))
        elif s.name == "matched" and len(args) == 2 and args[1].number > n + 1:
            j.matched[args[0].number] = args[1].number
        elif s.name == "leak" and len(args) == 2:
            j.leaks.append((args[0].number, args[1].number))
        elif s.name == "illegal" and len(args) == 1:
            j.illegal.append(args[0].number)
        elif s.name == "differs_at" and len(args) == 2:
            ends.setdefault("performed" if args[1].number == n else "correct", []).append(args[0])
        elif s.name == "retroactive" and len(args) == 2:
            j.retroactive.append((args[0].number, args[1].number))
        elif s.name == "added" and len(args) == 1:
            j.added.append(args[0].number)
        elif s.name == "forgot" and len(args) == 2:
            forgot.append((args[0], args[1].number))
        elif s.name == "has_priority" and len(args) == 2 and args[1].number > n + 1:
            j.priority_at.append(args[1].number)
        elif s.name == "judged_by" and len(args) == 1:
            rules.add(args[0].string)
        elif s.name == "cites" and len(args) == 2 and args[1].number > n + 1:
            rules.add(args[0].string)
            j.rules_at.setdefault(args[1].number, ())
            j.rules_at[args[1].number] += (args[0].string,)
        elif s.name == "shown" and len(args) == 3:
            j.shown[args[0].number] = args[2].number
        elif s.name == "options_of" and len(args) == 2:
            kind = args[1]
            j.options.setdefault(args[0].number, []).append(
                kind.string if kind.type == clingo.SymbolType.String else "a card nobody has seen")
    j.failed = tuple(sorted(failed))
    j.correct.sort()
    j.leaks.sort()
    j.illegal.sort()
    j.differs = {run: [fact_words(f) for f in sorted(facts)] for run, facts in ends.items()}
    j.retroactive.sort()
    j.added.sort()
    # the correct run's events, and what it does that no line says, as a trace reads them
    reader = Reader(state, symbols, ())
    j.words = {t: words for t, name, args in j.correct
               if (words := run_event_words(reader, t, name, tuple(value(x) for x in args)))}
    j.forgotten = [act_words(act, t, reader) for act, t in sorted(forgot)]
    j.priority_at.sort()
    j.rules = tuple(sorted(rules))
    for line, names in j.options.items():
        # a hidden card is counted, not named by its id
        named = sorted(o for o in names if (found := state.find(o)) is None or found[2].card)
        hidden = len(names) - len(named)
        j.options[line] = named + ([plural(hidden, "unnamed card")] if hidden else [])
    return j
