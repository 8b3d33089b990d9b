"""Convoke, improvise, delve and affinity on the core (CR 601.2f-h, 702.51a, 702.126a, 702.66a,
702.41a), against the reference stepper on chosen cases: the stop each case comes to is
written here from the rules, and the core and the stepper must both come to it, event by event."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))
import reference  # noqa: E402
from test_reference_agreement import compare, reason_key  # noqa: E402

from mtgrules.encodings.game import simulate  # noqa: E402
from mtgrules.model.edition import Edition  # noqa: E402
from mtgrules.model.errors import ScenarioError  # noqa: E402
from mtgrules.model.timeline import END, Decision  # noqa: E402
from mtgrules.queries.scenario import parse_scenario  # noqa: E402

NEW = "2026-08-07"


def state_of(alice: str, bob: str = "{library: {hidden: 5}}"):
    return parse_scenario(f"""name: t
question: {{kind: turn, ask: trace}}
state:
  players: [alice, bob]
  step: main1
  alice: {alice}
  bob: {bob}
""").state


STOKE = "{hand: [Stoke the Flames], battlefield: [Mountain, Mountain, {card: Raging Goblin, entered-this-turn: true}, Grizzly Bears, Llanowar Elves], library: {hidden: 5}}"
CRUISE = "{hand: [Treasure Cruise], battlefield: [Island, Island], graveyard: [Opt, Shock, Lightning Bolt, Divination, Grizzly Bears, Llanowar Elves, Forest, Island], library: {hidden: 5}}"
ENGINEER = "{hand: [Reverse Engineer], battlefield: [Island, Island, Island, Memnite, {card: Memnite, entered-this-turn: true}, {card: Memnite, tapped: true}], library: {hidden: 5}}"
TAP2 = ["alice taps Mountain for mana", "alice taps Mountain#2 for mana"]
TAP3U = ["alice taps Island for mana", "alice taps Island#2 for mana", "alice taps Island#3 for mana"]

# (alice's zones, bob's, edition, script lines, the stop — priority: the cast was legal and the
# trace goes on to the next decision; payment: the decision due is how to pay — and the reasons
# of an illegal action)
CASES = {
    # 702.51a: the red Goblin pays {R}, the green Bears {1} (forced: green is not in the cost)
    "convoke": (STOKE, None, NEW, TAP2 + [
        "alice casts Stoke the Flames targeting bob convoking Raging Goblin for {R}, Grizzly Bears",
        "alice passes", "bob passes"], "priority", set()),
    # an opponent's creature can't convoke
    "convoke-opponents": (STOKE, "{battlefield: [Storm Crow], library: {hidden: 5}}", NEW, TAP2 + [
        "alice casts Stoke the Flames targeting bob convoking Grizzly Bears, Storm Crow"],
        "illegal-action", {"cant_help"}),
    # a creature tapped for mana is tapped: it can't convoke too
    "convoke-tapped": (STOKE, None, NEW, TAP2 + [
        "alice taps Llanowar Elves for mana",
        "alice casts Stoke the Flames targeting bob convoking Llanowar Elves, Grizzly Bears"],
        "illegal-action", {"cant_help"}),
    # a green creature can't pay {R}
    "convoke-wrong-colour": (STOKE, None, NEW, TAP2 + [
        "alice casts Stoke the Flames targeting bob convoking Grizzly Bears for {R}, Llanowar Elves"],
        "illegal-action", {"cant_help"}),
    # red could pay {R} or {1}: the caster's choice, unsaid
    "convoke-unsaid": (STOKE, None, NEW, TAP2 + [
        "alice casts Stoke the Flames targeting bob convoking Raging Goblin, Grizzly Bears"],
        "payment", set()),
    # five creatures for four mana
    "convoke-too-many": ("{hand: [Stoke the Flames], battlefield: [Grizzly Bears, Llanowar Elves, "
                         "Raging Goblin, Boggart Brute, Storm Crow], library: {hidden: 5}}", None, NEW, [
        "alice casts Stoke the Flames targeting bob convoking Raging Goblin for {R}, Boggart Brute for {R}, "
        "Grizzly Bears, Llanowar Elves, Storm Crow"], "illegal-action", {"overpaid"}),
    # not enough: two creatures and two mana for {2}{R}{R}, Bears paying {1}, pool short of {1}
    "convoke-short": (STOKE, None, NEW, ["alice taps Mountain for mana", "alice taps Mountain#2 for mana",
        "alice casts Stoke the Flames targeting bob convoking Grizzly Bears"], "illegal-action", {"cant_pay"}),
    # a card without convoke
    "no-convoke": ("{hand: [Lightning Bolt], battlefield: [Mountain, Grizzly Bears], library: {hidden: 5}}",
                   None, NEW, ["alice taps Mountain for mana",
                               "alice casts Lightning Bolt targeting bob convoking Grizzly Bears"],
                   "illegal-action", {"no_help", "overpaid"}),
    # 702.66a: six cards pay six of {7}; {U}{U} the rest
    "delve": (CRUISE, None, NEW, ["alice taps Island for mana", "alice taps Island#2 for mana",
        "alice casts Treasure Cruise delving Opt, Shock, Lightning Bolt, Divination, Grizzly Bears, Llanowar Elves",
        "alice passes", "bob passes"], "priority", set()),
    # eight cards for {7}
    "delve-too-many": (CRUISE, None, NEW, ["alice taps Island for mana", "alice casts Treasure Cruise delving "
        "Opt, Shock, Lightning Bolt, Divination, Grizzly Bears, Llanowar Elves, Forest, Island#3"],
        "illegal-action", {"overpaid"}),
    # a card of the opponent's graveyard
    "delve-opponents": (CRUISE, "{graveyard: [Lava Spike], library: {hidden: 5}}", NEW,
        ["alice taps Island for mana", "alice taps Island#2 for mana", "alice casts Treasure Cruise delving "
         "Opt, Shock, Lightning Bolt, Divination, Grizzly Bears, Lava Spike"], "illegal-action", {"cant_help"}),
    # before 2016-07-22 delve was an additional cost that reduced the total: refused
    "delve-2009": (CRUISE, None, "2009-10-01", ["alice taps Island for mana", "alice taps Island#2 for mana",
        "alice casts Treasure Cruise delving Opt, Shock, Lightning Bolt, Divination, Grizzly Bears, Llanowar Elves"],
        "unsupported", set()),
    # 702.126a: two untapped Memnites (one new) pay {2} of {3}
    "improvise": (ENGINEER, None, NEW, TAP3U + ["alice casts Reverse Engineer improvising Memnite, Memnite#2",
        "alice passes", "bob passes"], "priority", set()),
    "improvise-tapped": (ENGINEER, None, NEW, TAP3U + ["alice casts Reverse Engineer improvising Memnite, Memnite#3"],
        "illegal-action", {"cant_help"}),
    "improvise-2016": (ENGINEER, None, "2016-11-11", TAP3U + [
        "alice casts Reverse Engineer improvising Memnite, Memnite#2"], "unsupported", set()),
    # 702.41a: two artifacts, {4} costs {2}
    "affinity": ("{hand: [Frogmite], battlefield: [Mountain, Mountain, Memnite, Memnite], library: {hidden: 5}}",
                 None, NEW, TAP2 + ["alice casts Frogmite", "alice passes", "bob passes"], "priority", set()),
    "affinity-one": ("{hand: [Frogmite], battlefield: [Mountain, Mountain, Memnite], library: {hidden: 5}}",
                     None, "2008-10-01", TAP2 + ["alice casts Frogmite"], "illegal-action", {"cant_pay"}),
    # the count is of artifacts its caster controls
    "affinity-opponents": ("{hand: [Frogmite], battlefield: [Mountain, Mountain], library: {hidden: 5}}",
                           "{battlefield: [Memnite, Memnite], library: {hidden: 5}}", NEW,
                           TAP2 + ["alice casts Frogmite"], "illegal-action", {"cant_pay"}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_paying_with_objects(name):
    alice, bob, edition, lines, stop, reasons = CASES[name]
    state = state_of(alice, bob or "{library: {hidden: 5}}")
    script = [Decision.parse(line, state) for line in lines]
    ref = reference.run(state, edition, script, END)
    # a legal cast: the trace goes on to the next decision due (priority); an unsaid choice:
    # the payment is the decision due
    assert (ref.stop[2] if stop in ("priority", "payment") else ref.stop[0]) == stop, ref.stop
    assert reasons <= ref.reasons, ref.reasons
    diff = compare(state, edition, script, END)
    assert diff is None, diff
    tl = simulate(state, Edition(edition), script, END)
    if stop == "unsupported":
        # refused, naming the edition and the rule it lacks
        assert edition in tl.stop.what and "keyword." in tl.stop.what, tl.stop.what
    if stop == "illegal-action":
        assert reasons <= {reason_key(r) for r in tl.stop.what.split("; ")}, tl.stop.what


def test_convoked_creatures_end_tapped_and_delved_cards_in_exile():
    state = state_of(STOKE)
    script = [Decision.parse(line, state) for line in CASES["convoke"][3]]
    tl = simulate(state, Edition(NEW), script, END)
    text = " ".join(e.text for e in tl.events)
    assert "convoking Raging Goblin for {R}, Grizzly Bears" in text
    final = tl.final.to_json()
    assert "Raging Goblin" in str(final) and "tapped" in str(final)


@pytest.mark.parametrize(("line", "words"), [
    ("alice casts Stoke the Flames targeting bob convoking Grizzly Bears, Grizzly Bears", "named twice"),
    ("alice casts Stoke the Flames targeting bob convoking Grizzly Bears for {X}", "convokes for"),
    ("alice casts Treasure Cruise delving Opt for {1}", "convokes for"),
    ("alice casts Stoke the Flames targeting bob convoking Grizzly Bears improvising Grizzly Bears",
     "named twice"),
    ("alice casts Stoke the Flames targeting bob convoking Grizly Bears", "Grizzly Bears"),
])
def test_a_bad_payment_line_is_refused_with_what_was_expected(line, words):
    state = state_of(STOKE.replace("hand: [", "hand: [Treasure Cruise, ").replace(
        "battlefield: [", "graveyard: [Opt], battlefield: ["))
    with pytest.raises(ScenarioError, match=re.escape(words)):
        Decision.parse(line, state)


def test_the_line_words_come_back():
    state = state_of(STOKE)
    d = Decision.parse("alice casts Stoke the Flames targeting bob convoking Raging Goblin for {R}, "
                       "Grizzly Bears paying {G}", state)
    assert d.helpers == (("convoke", "Raging Goblin", "R"), ("convoke", "Grizzly Bears", ""))
    assert Decision.parse(d.line(), state) == d
