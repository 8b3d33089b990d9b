"""The facts of a question about the game in time: the players' decisions (a script), the
points of the turn it names, and the conditions it asks about. Values in, clingo terms out —
no rule is decided here (the state's facts are in ``facts.py``)."""
from __future__ import annotations

from collections.abc import Sequence

import clingo

from mtgrules.encodings.game.facts import COLOUR, STEP_ATOM, Sym, Unsupported, a
from mtgrules.model.timeline import END, Condition, Decision, Point

F = clingo.Function
S = clingo.String
N = clingo.Number
MAX_TARGETS = 4
"""The most targets a cast line may name: the core reads target terms ts/1..4 (vocabulary.lp)."""


def point_term(point: Point) -> Sym | None:
    if point.kind == "step":
        return a("step", F(STEP_ATOM[point.step.value], []))  # type: ignore[union-attr]
    if point.kind == "player-step":
        return a("step", S(point.player or ""), F(STEP_ATOM[point.step.value], []))  # type: ignore[union-attr]
    if point.kind == "next-turn":
        return F("next_turn", [])
    return None


def decision_term(k: int, d: Decision) -> Sym:
    """Script entry ``k`` as the core reads it (the inputs of script.lp)."""
    entry = N(k)
    p = S(d.player or "")
    # a cast's targets in the order of its slots (CR 601.2c), ts(Y1,…); an activation's or a
    # trigger's one target; none
    if len(d.targets) > MAX_TARGETS:
        raise Unsupported(f"'{d}': more than {MAX_TARGETS} targets (not modelled)")
    aimed = [S(y) for y in d.targets]
    target = F("none", []) if not aimed else aimed[0] if d.verb != "cast" else a("ts", *aimed)
    # the entry's number where the line says how part of the cost is paid (script_pay, script_help,
    # script_symbol, script_x, script_discard, script_division)
    escalate_discards = d.discarding if d.verb == "cast" and d.announces != "retrace" else ()
    if d.verb == "cast" and d.announces == "retrace" and len(d.discarding) != 1:
        raise Unsupported(f"'{d}': retrace discards one land card (CR 702.81a), named after 'with retrace'")
    if d.verb == "cast" and d.modes and d.announces:
        # (a line can't say it: the reader refuses it; a decision built so is refused, not read
        # as one of the two)
        raise Unsupported(f"'{d}': modes chosen with '{d.announces}' announced (not modelled; entwined "
                          "chooses every mode)")
    if escalate_discards and not d.modes:
        raise Unsupported(f"'{d}': cards discarded with no modes chosen (escalate's discards follow "
                          "the modes; retrace's follow 'with retrace')")
    if d.division and (d.verb != "cast" or len(d.division) != len(d.targets)):
        # (a line can't say it: the reader refuses it)
        raise Unsupported(f"'{d}': a division is one amount for each target of a cast, in order (CR 601.2d)")
    # (a cast with two or more targets too: its total may count them, CR 601.2f, vocabulary.lp)
    pay = entry if d.paying or d.helpers or d.symbols or d.x is not None or escalate_discards or d.division \
        or (d.verb == "cast" and len(d.targets) > 1) else F("auto", [])
    obj = S(d.objects[0]) if d.objects else S("")
    if d.verb in ("pass", "hold"):
        return a(d.verb, p)
    if d.verb == "cast":
        # what was announced (CR 601.2b): the modes chosen (a list m(M,Rest) ending in nil, in
        # the order printed), the cards spliced (a list s(C,Rest) in the order their effects
        # happen, CR 702.47b), a cost (retrace with the land card it discards), or none
        if d.splicing:
            if d.modes or d.announces:
                raise Unsupported(f"'{d}': splicing with modes or another announcement (not modelled)")
            spliced = F("nil", [])
            for c in reversed(d.splicing):
                spliced = a("s", S(c), spliced)
            return a("cast", p, obj, target, pay, a("splice", spliced))
        if d.modes:
            chosen = F("nil", [])
            for m in reversed(d.modes):
                chosen = a("m", N(m), chosen)
            return a("cast", p, obj, target, pay, a("modes", chosen))
        ann = a("retrace", S(d.discarding[0])) if d.announces == "retrace" else F(d.announces or "none", [])
        if d.kicks and (d.announces != "kicker" or d.kicks < 2):
            raise Unsupported(f"'{d}': kicked {d.kicks} times with '{d.announces or 'nothing'}' announced "
                              "(a count of kicks is a kicker's, more than once)")
        if d.kicks:
            # a multikicker cost paid that many times (CR 702.33c, vocabulary.lp)
            ann = a("kicked", N(d.kicks))
        return a("cast", p, obj, target, pay, ann)
    if d.verb == "activate":
        if not d.modes:
            return a("activate", p, obj, N(d.ability), target, pay)
        # the modes chosen as it is activated (CR 700.2a, 602.2b), a list m(M,Rest) ending in nil
        # in the order printed: the ability modes(K,L) (ability_modes.lp)
        chosen = F("nil", [])
        for m in reversed(d.modes):
            chosen = a("m", N(m), chosen)
        return a("activate", p, obj, a("modes", N(d.ability), chosen), target, pay)
    if d.verb == "shortcut":
        return a("shortcut", p, F(d.objects[0], []))
    if d.verb == "turn-up":
        return a("turn_up", p, obj, pay)
    if d.verb in ("mana", "play"):
        return a(d.verb, p, obj)
    if d.verb == "target":
        return a("target", p, obj, target)
    if d.verb in ("attack", "block", "discard", "choose", "order", "order-blockers", "assign"):
        return a(d.verb.replace("-", "_"), p, entry)
    return a("pass_until", point_term(d.until or END) or F("end", []))


def script_facts(script: Sequence[Decision], until: Point) -> list[Sym]:
    out: list[Sym] = []
    for k, d in enumerate(script, start=1):
        K = N(k)
        term = decision_term(k, d)
        out.append(a("script", K, term))
        if d.verb in ("attack", "discard", "choose", "order", "order-blockers", "assign"):
            for i, o in enumerate(d.objects, start=1):
                out.append(a("script_list", K, N(i), S(o)))
        for recipient, amount in d.assignment:
            out.append(a("script_amount", K, S(recipient), N(amount)))
        for blocker, attacker in d.blocks:
            out.append(a("script_pair", K, S(blocker), S(attacker)))
        for letter, amount in d.paying:
            out.append(a("script_pay", K, F(COLOUR[letter], []), N(amount)))
        if d.verb == "cast" and d.announces != "retrace":
            # the cards discarded for escalate, in the order named (CR 702.120a, 601.2h)
            for i, o in enumerate(d.discarding, start=1):
                out.append(a("script_discard", K, N(i), S(o)))
        for how, o, mana in d.helpers:
            paid = "any" if not mana else "generic" if mana == "1" else COLOUR[mana]
            out.append(a("script_help", K, F(how, []), S(o), F(paid, [])))
        for i, n in enumerate(d.division, start=1):
            out.append(a("script_division", K, N(i), N(n)))  # the I-th target's share (CR 601.2d)
        if d.x is not None:
            out.append(a("script_x", K, N(d.x)))  # the value of X it announces (CR 107.3a)
        for i, (_, choice) in enumerate(d.symbols, start=1):
            # how the line's I-th hybrid or Phyrexian symbol will be paid (CR 601.2b)
            way = a("generic", N(2)) if choice == "2" else F("life", []) if choice == "life" \
                else F(COLOUR[choice], [])
            out.append(a("script_symbol", K, N(i), way))
        if d.adds:
            out.append(a("script_adds", K, F(COLOUR[d.adds], [])))
        if d.verb == "pass-until" and d.until is not None:
            pt = point_term(d.until)
            if pt is not None:
                out.append(a("point", pt))
    end = point_term(until)
    if end is not None:
        out += [a("point", end), a("until", end)]
    return out


def condition_facts(conditions: Sequence[Condition]) -> list[Sym]:
    out = []
    for i, c in enumerate(conditions, start=1):
        args: list[Sym] = []
        for value in c.args:
            if isinstance(value, int):
                args.append(N(value))
            elif c.kind in ("in_zone",) and value in ("hand", "library", "battlefield", "graveyard",
                                                      "stack", "exile") and args:
                args.append(F(str(value), []))
            elif c.kind == "count" and len(args) == 1:
                args.append(F(str(value), []))
            elif c.kind == "step":
                args.append(F(STEP_ATOM[str(value)], []))
            elif c.kind in ("type", "not_type", "keyword", "not_keyword", "counters") and args:
                args.append(F(str(value), []))
            else:
                args.append(S(str(value)))
        out.append(a("cond", N(i), F(c.kind, args) if args else F(c.kind, [])))
    return out
