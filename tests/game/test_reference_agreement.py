"""The temporal core against an independent reference stepper (reference.py), event by event,
on generated small states and scripts. MTG_EXAMPLES raises the number of examples."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
import reference  # noqa: E402

from mtgrules.encodings.game import simulate  # noqa: E402
from mtgrules.model.edition import Edition  # noqa: E402
from mtgrules.model.timeline import END, Decision, Point  # noqa: E402
from mtgrules.model.turn import Step  # noqa: E402
from mtgrules.queries.scenario import parse_scenario  # noqa: E402

EXAMPLES = int(os.environ.get("MTG_EXAMPLES", "500"))
# MTG_AVOID_KNOWN=1: leave out states that reach the disagreements already reported (a turn
# number left unsaid, priority given in a cleanup step), to look for further ones.
AVOID_KNOWN = os.environ.get("MTG_AVOID_KNOWN") == "1"
MAX_EVENTS = 60
NAMES = ["alice", "bob", "carol"]
LANDS = ["Mountain", "Forest", "Island", "Swamp", "Plains", "Reliquary Tower"]
PERMANENTS = ["Grizzly Bears", "Llanowar Elves", "Phyrexian Arena", "Sulfuric Vortex",
              "Font of Mythos", "Megrim"]
SPELLS = ["Lightning Bolt", "Lava Spike", "Divination", "Revitalize", "Grizzly Bears",
          "Llanowar Elves"]
START_STEPS = ["untap", "upkeep", "draw", "main1", "beginning-of-combat", "declare-attackers",
               "end-of-combat", "main2", "end", "cleanup"]
POINT_STEPS = ["upkeep", "draw", "main1", "beginning-of-combat", "declare-attackers",
               "end-of-combat", "main2", "end", "cleanup"]
EDITIONS = ["2008-10-01", "2026-08-07"]

# Why an action is illegal, as the core words it (trace.WHY), back to the stepper's keys.
WORDS = [
    ("does not have priority", "no_priority"), ("the land is not in", "land_not_in_hand"),
    ("is not in", "not_in_hand"),
    ("only in one's own turn", "land_not_your_turn"),
    ("needs a main phase", "not_main_phase"), ("own turn", "not_your_turn"),
    ("needs an empty stack", "stack_not_empty"), ("it needs a target", "missing_target"),
    ("it has no target", "no_target_wanted"), ("does not control", "not_controller"),
    ("not on the battlefield", "not_on_battlefield"), ("already tapped", "already_tapped"),
    ("since the start of their turn", "summoning_sick"), ("no mana ability", "no_mana_ability"),
    ("no such ability", "no_such_ability"), ("is not a land", "not_a_land"),
    ("the land is not in", "land_not_in_hand"), ("lands are played in a main", "land_not_main_phase"),
    ("only with an empty stack", "land_stack_not_empty"),
    ("no land play left", "no_land_plays_left"), ("played, not cast", "land_not_cast"),
    ("can't play lands", "cant_play_lands"), ("is not a legal target", "bad_target"),
    ("can't pay", "cant_pay"), ("can't attack", "cant_attack"), ("can't block", "cant_block"),
    ("can't be chosen", "not_chosen_from"), ("card(s) named", "wrong_count"),
    ("ask for another decision", "mismatch"),
]


def reason_key(what: str) -> str:
    for words, key in WORDS:
        if words in what:
            return key
    return what


# ---- generating states and scripts -----------------------------------------------------------

@st.composite
def player_spec(draw, big_hand: bool):
    hand = draw(st.lists(st.sampled_from(SPELLS * 2 + LANDS[:3]), max_size=9 if big_hand else 4))
    hidden_hand = draw(st.integers(0, 2))
    lib_named = draw(st.lists(st.sampled_from(SPELLS + LANDS[:2]), max_size=2))
    lib_hidden = draw(st.integers(0, 3))
    lands = draw(st.lists(st.tuples(st.sampled_from(LANDS), st.booleans()), max_size=3))
    perms = draw(st.lists(st.sampled_from(PERMANENTS), max_size=2))
    spec = {"life": draw(st.integers(4 if AVOID_KNOWN else 1, 20))}
    spec["hand"] = hand + ([{"hidden": hidden_hand}] if hidden_hand else [])
    spec["library"] = lib_named + ([{"hidden": lib_hidden}] if lib_hidden else [])
    spec["battlefield"] = [{"card": n, "tapped": tp} for n, tp in lands] + perms
    if draw(st.integers(0, 1)) == 0:
        colours = draw(st.lists(st.sampled_from("RGUBWC"), min_size=1, max_size=3))
        spec["mana-pool"] = "".join(f"{{{c}}}" for c in colours)
    if draw(st.integers(0, 4)) == 0:
        spec["lands-played"] = 1
    return spec


@st.composite
def examples(draw):
    n = draw(st.sampled_from([2, 2, 2, 3]))
    names = NAMES[:n]
    step = draw(st.sampled_from(START_STEPS))
    active = draw(st.sampled_from(names))
    big = step in ("end", "cleanup", "main2") and draw(st.booleans())
    doc = {"players": names, "active": active, "step": step}
    if step != "untap" and draw(st.integers(0, 3)) == 0 and not (AVOID_KNOWN and step == "cleanup"):
        doc["priority"] = draw(st.sampled_from(names))
    turn = draw(st.sampled_from([2, 1, 2, 3] if AVOID_KNOWN else [None, None, 1, 2, 3]))
    if turn:
        doc["turn"] = turn
    for p in names:
        doc[p] = draw(player_spec(big and p == active))
        for k in list(doc[p]):
            if doc[p][k] == []:
                del doc[p][k]
    import json
    text = ("name: generated\nquestion: {kind: turn, ask: trace}\nstate: "
            + json.dumps(doc) + "\n")
    state = parse_scenario(text).state
    ids = {z: [(p, o.id) for p, zz, o in state.objects(z)] for z in ("hand", "battlefield", "library")}
    named = lambda z: [x for x in ids[z] if not x[1].count(":")]  # noqa: E731
    edition = draw(st.sampled_from(EDITIONS))

    def point():
        kind = draw(st.sampled_from(["step", "step", "player-step", "next-turn"]))
        if kind == "next-turn":
            return Point("next-turn")
        s = Step(draw(st.sampled_from(POINT_STEPS)))
        if kind == "step":
            return Point("step", s)
        return Point("player-step", s, draw(st.sampled_from(names)))

    def random_decision():
        verb = draw(st.sampled_from(["pass", "pass", "pass", "until", "mana", "mana", "cast", "cast",
                                     "play", "hold", "attack", "discard", "order"]))
        p = draw(st.sampled_from(names + [active] * 2))
        return decision_of(verb, p)

    def decision_of(verb, p):
        if verb == "pass":
            return Decision("pass", p)
        if verb == "hold":
            return Decision("hold", p)
        if verb == "until":
            return Decision("pass-until", until=point())
        if verb == "mana" and named("battlefield"):
            mine = [x for x in named("battlefield") if x[0] == p] or named("battlefield")
            owner, o = draw(st.sampled_from(mine if draw(st.integers(0, 5)) else named("battlefield")))
            return Decision("mana", p, (o,))
        if verb == "cast" and named("hand"):
            mine = [x for x in named("hand") if x[0] == p] or named("hand")
            owner, o = draw(st.sampled_from(mine if draw(st.integers(0, 5)) else named("hand")))
            target = draw(st.sampled_from([None, *names, *names, *[x for _, x in named("battlefield")]]))
            if o.split("#")[0] in ("Lightning Bolt", "Lava Spike") and draw(st.integers(0, 4)):
                target = draw(st.sampled_from(names + [x for _, x in named("battlefield") if "Bears" in x or "Elves" in x]))
            elif o.split("#")[0] not in ("Lightning Bolt", "Lava Spike") and draw(st.integers(0, 4)):
                target = None
            paying = ()
            if draw(st.integers(0, 5)) == 0:
                paying = tuple(sorted({c: 1 for c in draw(st.lists(st.sampled_from("RGUBWC"), max_size=2))}.items()))
            return Decision("cast", p, (o,), target=target, paying=paying)
        if verb == "play" and named("hand"):
            mine = [x for x in named("hand") if x[0] == p and x[1].split("#")[0] in LANDS] or named("hand")
            owner, o = draw(st.sampled_from(mine))
            return Decision("play", p, (o,))
        if verb == "attack":
            cands = [o for q, o in named("battlefield") if ("Bears" in o or "Elves" in o)]
            return Decision("attack", p, tuple(draw(st.lists(st.sampled_from(cands), max_size=1)))
                            if cands and draw(st.integers(0, 3)) == 0 else ())
        if verb == "discard":
            objs = [o for q, o in ids["hand"] if q == p] or [o for q, o in ids["hand"]]
            if objs:
                k = draw(st.integers(1, min(3, len(objs))))
                return Decision("discard", p, tuple(draw(st.lists(st.sampled_from(objs), min_size=k,
                                                                  max_size=k, unique=True))))
        if verb == "order":
            srcs = [o for q, o in named("battlefield") if q == p and any(
                k in o for k in ("Arena", "Vortex", "Font", "Megrim"))]
            if srcs:
                return Decision("order", p, tuple(draw(st.permutations(srcs))))
        return Decision("pass", p)

    # Steer the script by the reference stepper: mostly the decision the rules ask for next.
    script = []
    for _ in range(draw(st.integers(0, 10))):
        if draw(st.integers(0, 9)) == 0:
            script.append(random_decision())
            continue
        try:
            r = reference.run(state, edition, script, END, max_events=MAX_EVENTS)
        except reference.Unmodelled:
            break
        kind, p, what, _ = r.stop
        if kind != "needs-decision" or what == "payment":
            break
        if what == "priority":
            g = r.game
            untapped = [o.id for o in g.battlefield() if o.controller == p and not o.tapped
                        and o.cd and o.cd.mana and not o.sick]
            spells = [o.id for o in g.hand(p) if o.cd and not o.cd.land]
            lands = [o.id for o in g.hand(p) if o.cd and o.cd.land]
            options = ["pass", "pass", "until", "hold"]
            payable = [o for o in spells if not g.pay_problems(p, g.objs[o].cd, Decision("cast", p, (o,)))
                       and (g.objs[o].cd.instant_speed or (p == g.active and not g.stack
                                                           and g.step in ("main1", "main2")))]
            options += ["mana"] * 3 * bool(untapped) + ["cast"] * bool(spells and g.pool_total(p))
            if payable:
                options, spells = ["cast"] * 6 + options, payable
            options += ["play"] * 2 * bool(lands and p == g.active and g.step in ("main1", "main2"))
            verb = draw(st.sampled_from(options))
            if verb == "mana":
                script.append(Decision("mana", p, (draw(st.sampled_from(untapped)),)))
                continue
            if verb == "play":
                script.append(Decision("play", p, (draw(st.sampled_from(lands)),)))
                continue
            if verb == "cast":
                o = draw(st.sampled_from(spells))
                target = None
                if o.split("#")[0] in ("Lightning Bolt", "Lava Spike"):
                    creatures = [c.id for c in g.battlefield() if c.is_("creature")]
                    target = draw(st.sampled_from(names + creatures * (o.startswith("Lightning"))))
                script.append(Decision("cast", p, (o,), target=target))
                continue
            if verb == "until" and draw(st.booleans()):
                nxt = Step(reference.STEPS[(reference.STEPS.index(g.step) + 1) % 12].replace("_", "-"))
                script.append(Decision("pass-until", until=Point("step", nxt)))
                continue
        else:
            verb = {"attack": "attack", "block": "pass", "discard": "discard", "order": "order"}.get(what, "pass")
            if what == "discard" and draw(st.integers(0, 3)):
                g = r.game
                hand = sorted(o.id for o in g.hand(p))
                n = len(hand) - g.max_hand(p)
                script.append(Decision("discard", p, tuple(draw(st.lists(st.sampled_from(hand), min_size=n,
                                                                         max_size=n, unique=True)))))
                continue
            if what == "attack" and draw(st.booleans()):
                verb = "until"
        script.append(decision_of(verb, p))
    until = END
    if draw(st.booleans()):
        last = [d for d in script if d.verb == "pass-until"]
        until = last[-1].until if last and draw(st.booleans()) else point()
    return state, edition, script, until


# ---- comparing -------------------------------------------------------------------------------

def core_events(timeline):
    return [(e.name, tuple(_norm(a) for a in e.args)) for e in timeline.events]


def _norm(a):
    if isinstance(a, list):
        return tuple(a)
    return a


def compare(state, edition, script, until):
    """None when the core and the stepper agree; else a description of the difference."""
    tl = simulate(state, Edition(edition), script, until, max_events=MAX_EVENTS)
    try:
        ref = reference.run(state, edition, script, until, max_events=MAX_EVENTS)
    except reference.Unmodelled:
        return None
    core = core_events(tl)
    mine = [(n, tuple(a)) for n, a in ref.events]
    stop = tl.stop
    problems = []
    n = min(len(core), len(mine))
    first = next((i for i in range(n) if core[i] != mine[i]), None)
    if first is None and len(core) != len(mine):
        first = n
    if first is not None:
        problems.append(f"event {first + 1}: core {core[first:first + 3]} / reference {mine[first:first + 3]}")
    else:
        kind, player, what, entry = ref.stop
        if stop.kind != kind:
            problems.append(f"stop: core {stop} / reference {ref.stop}")
        elif kind == "game-over" and stop.player not in ref.losers:
            problems.append(f"loser: core {stop.player} / reference {ref.losers}")
        elif kind == "needs-decision" and (stop.player, stop.what) != (player, what):
            problems.append(f"needs: core {stop} / reference {ref.stop}")
        elif kind == "illegal-action":
            key = reason_key(stop.what)
            if stop.entry != entry or stop.player != player:
                problems.append(f"illegal: core {stop} / reference {ref.stop}")
            elif what == "mismatch" and key != "mismatch":
                problems.append(f"illegal: core {stop} / reference {ref.stop}")
            elif what == "illegal" and not {reason_key(r) for r in stop.what.split("; ")} <= ref.reasons:
                # the core gives every reason, in a fixed order; each must be one of the stepper's
                problems.append(f"illegal reason: core {stop.what!r} / reference {sorted(ref.reasons)}")
    if problems:
        return "\n".join(problems) + "\n" + describe(state, edition, script, until, tl, ref)
    return None


def describe(state, edition, script, until, tl=None, ref=None) -> str:
    lines = [f"edition {edition}; until {until}", repr(state_text(state))]
    lines += [f"  {i + 1}. {words(d)}" for i, d in enumerate(script)]
    if tl is not None:
        lines.append("core: " + " ".join(f"{e.name}{tuple(e.args)}" for e in tl.events) + f" | {tl.stop}")
    if ref is not None:
        lines.append("reference: " + " ".join(f"{n}{tuple(a)}" for n, a in ref.events) + f" | {ref.stop}")
    return "\n".join(lines)


def words(d) -> str:
    if d.verb == "pass-until":
        return f"all pass until {d.until}"
    extra = f" targeting {d.target}" if d.target else ""
    extra += f" paying {d.paying}" if d.paying else ""
    return f"{d.player} {d.verb} {', '.join(d.objects)}{extra}".strip()


def state_text(state) -> str:
    parts = [f"active {state.active}, step {state.step.value}, priority {state.priority}, turn {state.turn}"]
    for p in state.players:
        zones = "; ".join(f"{z}: {[('T:' if o.tapped else '') + o.id for o in objs]}" for z, objs in p.zones)
        parts.append(f"{p.name} life {p.life} pool {p.mana_pool!r} lands {p.lands_played}: {zones}")
    return " | ".join(parts)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(examples())
def test_core_agrees_with_the_reference_stepper(example):
    state, edition, script, until = example
    diff = compare(state, edition, script, until)
    assert diff is None, diff
