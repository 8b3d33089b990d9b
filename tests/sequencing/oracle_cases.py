"""Blocks written for the oracle from MTR 4.3 and the CR, one class of issue 20 each, every
negative with its positive twin. Each expectation is derived by hand from the rule cited in
its ``source`` (not from any engine); ``test_oracle.py`` checks the oracle reproduces them."""
from __future__ import annotations

from typing import Any

import yaml

_BARGAINS = """
- {name: Open Bargain, cost: "{1}{B}", types: [sorcery], targets: [opponent],
   resolve: [{do: reveal, who: target, what: hand}, {do: sacrifice, who: you, what: creature, count: 1},
             {do: discard, who: target, count: 1}]}
- {name: Closed Bargain, cost: "{1}{B}", types: [sorcery], targets: [opponent],
   resolve: [{do: sacrifice, who: you, what: creature, count: 1}, {do: discard, who: target, count: 1}]}
- {name: Blind Bargain, cost: "{1}{B}", types: [sorcery], targets: [opponent],
   resolve: [{do: sacrifice, who: you, what: creature, count: 1},
             {do: discard, who: target, count: 1, random: true}]}
- {name: Peer and Shuffle, cost: "{U}", types: [sorcery],
   resolve: [{do: look, who: you, at: library-top, count: 1}, {do: shuffle, who: you},
             {do: draw, who: you, count: 1}]}
- {name: Mind Twist Lite, cost: "{1}{B}", types: [sorcery], targets: [opponent],
   resolve: [{do: discard, who: target, count: 1}, {do: draw, who: you, count: 1}]}
- {name: Gen Pinger, cost: "{1}{R}", types: [enchantment],
   triggered: [{when: your-upkeep, effect: [{do: damage, amount: 1, target: player}]}]}
- {name: Land Balance, cost: "{W}", types: [sorcery],
   resolve: [{do: balance, what: land}, {do: sacrifice, who: you, what: land, count: 1}]}
- {name: Gen Shock, cost: "{1}{R}", types: [enchantment],
   triggered: [{when: your-upkeep, effect: [{do: damage, amount: 1, target: any}]}]}
- {name: Gen Quick Study, cost: "{U}", types: [instant], resolve: [{do: draw, who: you, count: 1}]}
- {name: Gen Herald, cost: "{1}{U}", types: [creature], power: 1, toughness: 1,
   triggered: [{when: enters, effect: [{do: draw, who: you, count: 1}]}]}
- {name: Herald's Muster, cost: "{1}{W}", types: [sorcery],
   resolve: [{do: create-token, who: you, card: Gen Herald},
             {do: sacrifice, who: you, what: creature, count: 1}]}
"""


def _case(name: str, source: str, state: str, question: str, expect: str) -> dict[str, Any]:
    doc: dict[str, Any] = {"name": name, "source": source, "edition": "2026-08-07",
                           "cards": yaml.safe_load(_BARGAINS),
                           "state": yaml.safe_load(state), "question": yaml.safe_load(question),
                           "expect": yaml.safe_load(expect)}
    return doc


_BOB_ONE_HIDDEN = """
players: [alice, bob]
alice: {battlefield: [Grizzly Bears, Llanowar Elves], stack: [%s]}
bob: {hand: {hidden: %d}}
"""

CASES: list[dict[str, Any]] = [
    # -- knowledge, not line positions ------------------------------------------------------
    _case("reveal conveyed by the discard, no reveal line",
          "MTR 4.3: the correct run shows alice bob's only card (the reveal) before her choice; "
          "the forced discard said early shows her nothing more, and shows the reveal's content",
          _BOB_ONE_HIDDEN % ("Open Bargain", 1),
          "{kind: sequencing, resolving: Open Bargain, performed: [bob discards 1, "
          "alice sacrifices Llanowar Elves]}", "{verdict: stands}"),
    _case("no reveal: the early forced discard leaks",
          "MTR 4.3: without a reveal, the early discard shows alice bob's card before her choice",
          _BOB_ONE_HIDDEN % ("Closed Bargain", 1),
          "{kind: sequencing, resolving: Closed Bargain, performed: [bob discards 1, "
          "alice sacrifices Llanowar Elves]}", "{verdict: does-not-stand, fails: [no-leak]}"),
    _case("revealed, but bob's own pick said before alice's",
          "MTR 4.3, CR 608.2c: bob's pick between two revealed cards comes after alice's choice",
          _BOB_ONE_HIDDEN % ("Open Bargain", 2),
          "{kind: sequencing, resolving: Open Bargain, performed: [bob reveals his hand, "
          "bob discards bob:hand:2, alice sacrifices Llanowar Elves]}",
          "{verdict: does-not-stand, fails: [no-leak]}"),
    _case("revealed, picks in order",
          "CR 608.2c: reveal, alice's sacrifice, then bob's pick",
          _BOB_ONE_HIDDEN % ("Open Bargain", 2),
          "{kind: sequencing, resolving: Open Bargain, performed: [bob reveals his hand, "
          "alice sacrifices Llanowar Elves, bob discards bob:hand:2]}", "{verdict: stands}"),
    # -- randomness --------------------------------------------------------------------------
    _case("look at the top, draw before the shuffle",
          "CR 701.24a: after the shuffle nobody knows the top card; drawing the card seen "
          "before shuffling draws a known card where the rules deal a random one: another "
          "state; no leak, as no decision follows the draw (MTR 4.3)",
          "{players: [alice, bob], alice: {library: {hidden: 5}, stack: [Peer and Shuffle]}}",
          "{kind: sequencing, resolving: Peer and Shuffle, performed: [alice looks at the top 1 "
          "cards, alice draws 1, alice shuffles]}",
          "{verdict: does-not-stand, fails: [same-state]}"),
    _case("look at the top, shuffle, draw",
          "CR 608.2c, 701.24a: in order the draw is blind",
          "{players: [alice, bob], alice: {library: {hidden: 5}, stack: [Peer and Shuffle]}}",
          "{kind: sequencing, resolving: Peer and Shuffle, performed: [alice looks at the top 1 "
          "cards, alice shuffles, alice draws 1]}", "{verdict: stands}"),
    _case("random discard seen before alice's choice",
          "MTR 4.3: a random result is not a choice, but its outcome is information alice gets "
          "before the sacrifice the rules put first",
          "{players: [alice, bob], alice: {battlefield: [Grizzly Bears, Llanowar Elves], "
          "stack: [Blind Bargain]}, bob: {hand: [Lightning Bolt, Counterspell]}}",
          "{kind: sequencing, resolving: Blind Bargain, performed: [bob discards Counterspell, "
          "alice sacrifices Llanowar Elves]}", "{verdict: does-not-stand, fails: [no-leak]}"),
    _case("random discard after alice's choice",
          "CR 608.2c: any outcome of the random discard is legal; it is no choice of bob's",
          "{players: [alice, bob], alice: {battlefield: [Grizzly Bears, Llanowar Elves], "
          "stack: [Blind Bargain]}, bob: {hand: [Lightning Bolt, Counterspell]}}",
          "{kind: sequencing, resolving: Blind Bargain, performed: [alice sacrifices Llanowar "
          "Elves, bob discards Counterspell]}", "{verdict: stands}"),
    # -- triggers the spell causes -----------------------------------------------------------
    _case("Liliana's Caress trigger said",
          "CR 603.3: the discard triggers Caress, put on the stack after the spell and resolved "
          "inside the block",
          "{players: [alice, bob], alice: {battlefield: [Liliana's Caress], library: {hidden: 5},"
          " stack: [Mind Twist Lite]}, bob: {hand: [Lightning Bolt, Counterspell]}}",
          "{kind: sequencing, resolving: Mind Twist Lite, performed: [bob discards Lightning "
          "Bolt, alice draws 1, bob loses 2 life]}", "{verdict: stands}"),
    _case("Liliana's Caress trigger forgotten",
          "CR 603.3: the trigger's life loss happens in the correct run; the block leaves it "
          "out",
          "{players: [alice, bob], alice: {battlefield: [Liliana's Caress], library: {hidden: 5},"
          " stack: [Mind Twist Lite]}, bob: {hand: [Lightning Bolt, Counterspell]}}",
          "{kind: sequencing, resolving: Mind Twist Lite, performed: [bob discards Lightning "
          "Bolt, alice draws 1]}",
          "{verdict: does-not-stand, fails: [nothing-added-or-forgotten, same-state]}"),
    # -- targeted triggers -------------------------------------------------------------------
    _case("targeted trigger: target said after the draw",
          "CR 603.3d: the target is chosen as the ability goes on the stack, before Phyrexian "
          "Arena's draw resolves; said after the draw, it could depend on it (MTR 4.3)",
          "{players: [alice, bob], step: untap, alice: {battlefield: [Phyrexian Arena, "
          "Gen Pinger], library: {hidden: 5}}}",
          "{kind: sequencing, steps: [untap, upkeep], performed: [alice untaps, alice draws 1, "
          "alice loses 1 life, bob loses 1 life]}", "{verdict: does-not-stand, fails: [no-leak]}"),
    _case("targeted trigger: target said first",
          "CR 603.3d: the target said before the draw",
          "{players: [alice, bob], step: untap, alice: {battlefield: [Phyrexian Arena, "
          "Gen Pinger], library: {hidden: 5}}}",
          "{kind: sequencing, steps: [untap, upkeep], performed: [alice untaps, bob loses 1 "
          "life, alice draws 1, alice loses 1 life]}", "{verdict: stands}"),
    _case("targeted trigger: a creature survives the damage",
          "CR 603.3d, 120.3e: alice aims the trigger at Serra Angel; the damage is marked on it, "
          "which no line needs to say, and a 4/4 survives 1 damage (704.5g)",
          "{players: [alice, bob], step: untap, alice: {battlefield: [Gen Shock]}, "
          "bob: {battlefield: [Serra Angel, Llanowar Elves]}}",
          "{kind: sequencing, steps: [untap, upkeep], performed: [alice untaps, alice targets "
          "Serra Angel]}", "{verdict: stands}"),
    _case("targeted trigger: the creature's death left unsaid",
          "CR 704.5g: 1 damage is lethal to Llanowar Elves, put into bob's graveyard by a "
          "state-based action before anyone receives priority — an act the block leaves out",
          "{players: [alice, bob], step: untap, alice: {battlefield: [Gen Shock]}, "
          "bob: {battlefield: [Serra Angel, Llanowar Elves]}}",
          "{kind: sequencing, steps: [untap, upkeep], performed: [alice untaps, alice targets "
          "Llanowar Elves]}",
          "{verdict: does-not-stand, fails: [nothing-added-or-forgotten, same-state]}"),
    # -- picks of zero -----------------------------------------------------------------------
    _case("balance: alice has the fewest, her line is the later sacrifice",
          "CR 608.2c: alice keeps her lands in the balance (no pick), then sacrifices one",
          "{players: [alice, bob], alice: {battlefield: [Forest, Island], stack: [Land Balance]},"
          " bob: {battlefield: [Swamp, Plains, Mountain, Wastes]}}",
          "{kind: sequencing, resolving: Land Balance, performed: ['bob sacrifices Swamp, Plains',"
          " alice sacrifices Forest]}", "{verdict: stands}"),
    _case("balance: alice's later sacrifice said before bob's pick",
          "MTR 4.3: bob's pick in the balance comes before alice's sacrifice; bob saw hers",
          "{players: [alice, bob], alice: {battlefield: [Forest, Island], stack: [Land Balance]},"
          " bob: {battlefield: [Swamp, Plains, Mountain, Wastes]}}",
          "{kind: sequencing, resolving: Land Balance, performed: [alice sacrifices Forest, "
          "'bob sacrifices Swamp, Plains']}", "{verdict: does-not-stand, fails: [no-leak]}"),
    # -- casts paid from lands ---------------------------------------------------------------
    _case("Harrow paid from lands the block taps",
          "CR 601.2g-h: mana abilities, then the costs (Mountain sacrificed)",
          "{players: [alice, bob], alice: {battlefield: [Forest, Forest, Island, Mountain], "
          "library: [Plains, {hidden: 5}], hand: [Harrow]}}",
          "{kind: sequencing, casting: Harrow, performed: ['alice taps Forest, Forest#2, Island "
          "for mana', alice sacrifices Mountain, alice searches for Plains, alice shuffles]}",
          "{verdict: stands}"),
    _case("Harrow that can't be paid",
          "CR 601.2h: {2}{G} can't be paid from an Island and a Mountain: the cast is illegal",
          "{players: [alice, bob], alice: {battlefield: [Island, Mountain], "
          "library: [Plains, {hidden: 5}], hand: [Harrow]}}",
          "{kind: sequencing, casting: Harrow, performed: [alice taps Island for mana, "
          "alice sacrifices Mountain, alice searches for Plains, alice shuffles]}",
          "{verdict: does-not-stand, fails: [legal-in-order]}"),
    # -- tokens created in the block ---------------------------------------------------------
    _case("token: its enters trigger's draw said after the sacrifice",
          "CR 111.1, 608.2c: the token enters, then alice sacrifices a creature (three to pick "
          "from, the token among them); the token's enters trigger (603.6a) waits until the "
          "spell has resolved (603.3) and draws after the sacrifice",
          "{players: [alice, bob], alice: {battlefield: [Grizzly Bears, Llanowar Elves], "
          "library: {hidden: 5}, stack: [Herald's Muster]}}",
          "{kind: sequencing, resolving: Herald's Muster, performed: [alice creates a Gen Herald "
          "token, alice sacrifices Llanowar Elves, alice draws 1]}", "{verdict: stands}"),
    _case("token: its enters trigger's draw said before the sacrifice",
          "CR 603.3, 603.6a: the draw comes after the sacrifice; said before it, alice chose "
          "knowing the drawn card (MTR 4.3)",
          "{players: [alice, bob], alice: {battlefield: [Grizzly Bears, Llanowar Elves], "
          "library: {hidden: 5}, stack: [Herald's Muster]}}",
          "{kind: sequencing, resolving: Herald's Muster, performed: [alice creates a Gen Herald "
          "token, alice draws 1, alice sacrifices Llanowar Elves]}",
          "{verdict: does-not-stand, fails: [no-leak]}"),
    _case("token: its creation left unsaid",
          "CR 111.1: making the token changes what every player sees, an act a line must say; "
          "without it the block ends with no token on the battlefield",
          "{players: [alice, bob], alice: {battlefield: [Grizzly Bears, Llanowar Elves], "
          "library: {hidden: 5}, stack: [Herald's Muster]}}",
          "{kind: sequencing, resolving: Herald's Muster, performed: [alice sacrifices Llanowar "
          "Elves, alice draws 1]}",
          "{verdict: does-not-stand, fails: [nothing-added-or-forgotten, same-state]}"),
    # -- a second spell cast in the casting block ---------------------------------------------
    _case("second spell: cast holding priority, said before the first spell's acts",
          "CR 117.3c: after casting Mind Twist Lite alice holds priority and casts an instant, "
          "paid from her untapped lands (601.2g-h); it resolves first (608.1): its draw, then "
          "bob's discard and alice's draw",
          "{players: [alice, bob], alice: {battlefield: [Swamp, Swamp, Island], library: "
          "{hidden: 5}, hand: [Mind Twist Lite, Gen Quick Study]}, bob: {hand: [Lightning Bolt, "
          "Counterspell]}}",
          "{kind: sequencing, casting: Mind Twist Lite, performed: [alice casts Gen Quick Study, "
          "alice draws 1, bob discards Counterspell, alice draws 1]}", "{verdict: stands}"),
    _case("second spell: cast said after bob's discard",
          "CR 117.3c, 608.1: alice casts the instant before Mind Twist Lite resolves; said after "
          "bob's discard, her decision to cast it follows his pick, which she could not have "
          "seen then (MTR 4.3)",
          "{players: [alice, bob], alice: {battlefield: [Swamp, Swamp, Island], library: "
          "{hidden: 5}, hand: [Mind Twist Lite, Gen Quick Study]}, bob: {hand: [Lightning Bolt, "
          "Counterspell]}}",
          "{kind: sequencing, casting: Mind Twist Lite, performed: [bob discards Counterspell, "
          "alice casts Gen Quick Study, alice draws 1, alice draws 1]}",
          "{verdict: does-not-stand, fails: [no-leak]}"),
    _case("second spell: a sorcery cast holding priority",
          "CR 307.1: a sorcery is cast only with an empty stack, so not while Mind Twist Lite is "
          "on it: no game makes this cast, and its two cards drawn are added",
          "{players: [alice, bob], alice: {battlefield: [Swamp, Swamp, Island, Island, Island], "
          "library: {hidden: 5}, hand: [Mind Twist Lite, Divination]}, bob: {hand: [Lightning "
          "Bolt, Counterspell]}}",
          "{kind: sequencing, casting: Mind Twist Lite, performed: [alice casts Divination, "
          "alice draws 2, bob discards Counterspell, alice draws 1]}",
          "{verdict: does-not-stand, fails: [legal-in-order, nothing-added-or-forgotten, "
          "same-state]}"),
    # -- the cleanup discard -----------------------------------------------------------------
    _case("cleanup: discarding down to seven",
          "CR 514.1: the active player discards to their maximum hand size",
          "{players: [alice, bob], step: end, alice: {hand: [Lightning Bolt, Lightning Bolt, "
          "Counterspell, Explore, Explore, Divination, Peek, Peek]}}",
          "{kind: sequencing, steps: [end, cleanup], performed: [alice discards Peek]}",
          "{verdict: stands}"),
    _case("cleanup: one discard too many",
          "CR 514.1: down to seven is one card; the second discard is added",
          "{players: [alice, bob], step: end, alice: {hand: [Lightning Bolt, Lightning Bolt, "
          "Counterspell, Explore, Explore, Divination, Peek, Peek]}, bob: {library: {hidden: 3}}}",
          "{kind: sequencing, steps: [end, cleanup], performed: [alice discards Peek, "
          "alice discards Explore]}",
          "{verdict: does-not-stand, fails: [nothing-added-or-forgotten, same-state]}"),
]
