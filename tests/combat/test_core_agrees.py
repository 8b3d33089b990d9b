"""The two encodings of combat damage assignment agree (``combat.damage-assignment``): the
temporal core's ASP (``encodings/game/combat.lp``: whether a script's assignment line is
legal, when a line is asked, and what the damage then does) and z3 (``encodings/combat/
assign.py``: the legal assignments, whether one is a choice, what it does), on generated
combats of every regime reached by the core itself. MTG_EXAMPLES raises the number of
combats (default 20)."""
from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtgrules.encodings import combat as combat_z3
from mtgrules.encodings.game import combat_at, simulate
from mtgrules.model.edition import Edition
from mtgrules.model.read.timeline import parse_line
from mtgrules.model.source import Field
from mtgrules.model.timeline import END
from mtgrules.queries import parse_scenario

EXAMPLES = int(os.environ.get("MTG_EXAMPLES", "20"))
EDITIONS = ["2008-10-01", "2009-10-01", "2016-11-11", "2024-09-20", "2024-11-08", "2026-08-07"]
ATTACKERS = ["Craw Wurm", "Spined Wurm", "Colossal Dreadmaw", "Grizzly Bears", "Child of Night",
             "Ambush Viper", "Typhoid Rats", "Deathcap Wurm"]
BLOCKERS = ["Grizzly Bears", "Llanowar Elves", "Giant Spider", "Wall of Wood", "Standing Troops",
            "Deadly Recluse", "Typhoid Rats", "Craw Wurm"]
CARDS = ('cards:\n  - {name: Deathcap Wurm, cost: "{4}{B}{G}", types: [creature], subtypes: [Wurm], '
         'power: 6, toughness: 6, keywords: [trample, deathtouch]}\n')


@st.composite
def combats(draw):
    edition = draw(st.sampled_from(EDITIONS))
    attackers = draw(st.lists(st.sampled_from(ATTACKERS), min_size=1, max_size=2))
    blockers = draw(st.lists(st.sampled_from(BLOCKERS), max_size=3))
    if edition < "2009-07-11":  # lifelink and deathtouch were triggered then: refused
        attackers = [a for a in attackers if a not in ("Child of Night", "Ambush Viper", "Typhoid Rats",
                                                       "Deathcap Wurm")] or ["Craw Wurm"]
        blockers = [b for b in blockers if b not in ("Deadly Recluse", "Typhoid Rats")]
    # marked damage short of lethal (toughness 2 or more)
    damage = [draw(st.integers(0, 1)) if b not in ("Llanowar Elves", "Typhoid Rats") else 0
              for b in blockers]
    blocks = [(i, draw(st.integers(0, len(attackers) - 1))) for i in range(len(blockers))
              if draw(st.booleans())]
    return edition, attackers, blockers, damage, blocks


def scenario(attackers, blockers, damage):
    """The state: alice's attackers, bob's blockers (each with its marked damage)."""
    bob = [f"{{card: {name}, damage: {d}}}" if d else name for name, d in zip(blockers, damage)]
    text = (f"name: t\n{CARDS}question: {{kind: turn, ask: trace}}\nstate:\n  players: [alice, bob]\n"
            f"  step: beginning-of-combat\n"
            f"  alice: {{battlefield: [{', '.join(attackers)}], library: {{hidden: 3}}}}\n"
            f"  bob: {{battlefield: [{', '.join(bob)}], library: {{hidden: 3}}}}\n")
    return parse_scenario(text).state


def on_battlefield(state, player: str) -> list[str]:
    """A player's permanents as a script names them (a card more than one object shares is
    Name#1 for the first)."""
    shared = [o.card for _, _, o in state.objects()]
    return [o.id if "#" in o.id or shared.count(o.card) < 2 else f"{o.id}#1"
            for p, _, o in state.objects("battlefield") if p == player]


def script_for(state, blocks, order=None):
    """Declarations: alice attacks with everything, bob blocks as drawn (blocker index,
    attacker index), alice orders each attacker's blockers as listed where asked."""
    mine, theirs = on_battlefield(state, "alice"), on_battlefield(state, "bob")
    pairs = [(theirs[b], mine[a]) for b, a in blocks]
    lines = ["alice passes", "bob passes", f"alice attacks with {', '.join(mine)}",
             "alice passes", "bob passes",
             "bob blocks " + " and ".join(f"{a} with {b}" for b, a in pairs) if pairs
             else "bob blocks with nothing"]
    if order:
        for a in mine:
            bs = [b for b, aa in pairs if aa == a]
            if len(bs) > 1:
                lines.append(f"alice orders blockers for {a}: {', '.join(bs)}")
    return [parse_line(Field.of(t, "script"), state) for t in lines]


def line(source: str, amounts) -> str:
    return f"alice assigns combat damage from {source}: " + ", ".join(f"{n} to {r}" for r, n in amounts)


@settings(max_examples=EXAMPLES, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(combats(), st.randoms(use_true_random=False))
def test_the_core_and_z3_agree_on_assignments(example, rnd):
    edition_date, attackers, blockers, damage, blocks = example
    edition = Edition(edition_date)
    state = scenario(attackers, blockers, damage)
    script = script_for(state, blocks, order="2009-07-11" <= edition.date < "2024-11-08")
    c, life = combat_at(state, edition, script)
    choices = [s for s in combat_z3.assigning(c) if combat_z3.is_choice(c, s)]
    pass_on = parse_line(Field.of("all pass until main2", "script"), state)
    to_damage = parse_line(Field.of("all pass until combat-damage", "script"), state)
    # with no assignment lines, the core asks for one exactly where z3 finds a choice
    bare = simulate(state, edition, [*script, pass_on], END)
    asked = bare.stop.kind == "needs-decision" and bare.stop.what == "assign"
    assert asked == bool(choices), (edition_date, attackers, blockers, blocks, choices, bare.stop)
    # each chosen creature: a legal assignment is accepted, and what the damage does agrees
    picked = {s: rnd.choice(combat_z3.assignments(c, s)).of(s) for s in choices}
    lines = [parse_line(Field.of(line(s, a.items()), "script"), state) for s, a in picked.items()]
    run = simulate(state, edition, [*script, to_damage, *lines, pass_on], END)
    assert run.stop.kind == "needs-decision" and run.stop.what == "priority", run.stop
    result = combat_z3.possible(c, [], life, fixed=picked)
    assert result is not None
    final = run.final
    assert final.life == {**life, **dict(result.life)}, (result, final.life)
    graveyard = {o for p in final.zones.values() for o in p.get("graveyard", [])}
    assert set(result.destroyed) == graveyard
    # an illegal assignment of a chosen creature is refused by the core, with z3's reason
    for s in choices:
        power = next(x.power for x in (*c.attackers, *c.blockers) if x.id == s)
        recipients = combat_z3.recipients(c, s)
        wrong = {recipients[-1]: power} if len(recipients) > 1 else {recipients[0]: power + 1}
        if not combat_z3.check_assignment(c, s, wrong):
            continue
        bad = parse_line(Field.of(line(s, wrong.items()), "script"), state)
        refused = simulate(state, edition, [*script, to_damage, bad], END)
        assert refused.stop.kind == "illegal-action", (s, wrong, refused.stop)


def test_the_generator_reaches_choices_in_every_regime():
    """Guard for the generator: a blocked Craw Wurm with two blockers is a choice in each regime."""
    for edition in ("2008-10-01", "2024-09-20", "2026-08-07"):
        state = scenario(["Craw Wurm"], ["Grizzly Bears", "Llanowar Elves"], [0, 0])
        script = script_for(state, [(0, 0), (1, 0)], order=edition == "2024-09-20")
        c, _ = combat_at(state, Edition(edition), script)
        assert combat_z3.is_choice(c, on_battlefield(state, "alice")[0])


pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")
