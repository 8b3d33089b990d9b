"""Hand-written casts with the casting mechanics of issue 26, each with the total worked out by
hand from the rules text before the oracle was run (tests/cost/test_cost_oracle_mechanics.py
checks the oracle against them; tests/cost/test_cost_oracle.py runs the project on them too).

Each case: an id, the scenario document (a plain dict, as YAML gives it) and the expected
answer: ``("total", "{mana}", life, mana value, discards)`` or ``("illegal",)``; the rule
behind it is the case's ``source``.
"""
from __future__ import annotations

from typing import Any

# Cards the library lacks, written here (their real Oracle costs).
FIREBOLT = {"name": "Firebolt", "cost": "{R}", "types": ["sorcery"], "flashback": "{4}{R}",
            "targets": ["any"], "resolve": [{"do": "damage", "amount": 2, "target": "any"}]}
GNARLID_PACK = {"name": "Gnarlid Pack", "cost": "{1}{G}", "types": ["creature"],
                "subtypes": ["Beast"], "power": 2, "toughness": 2, "multikicker": "{1}{G}"}
REVERSE_ENGINEER = {"name": "Reverse Engineer", "cost": "{3}{U}{U}", "types": ["sorcery"],
                    "keywords": ["improvise"],
                    "resolve": [{"do": "draw", "who": "you", "count": 3}]}
TRINKETS = [{"name": n, "cost": "{0}", "types": ["artifact"]}
            for n in ("Trinket A", "Trinket B", "Trinket C", "Trinket D")]


def _doc(name: str, source: str, question: dict, alice: dict | None = None,
         bob: dict | None = None, cards: list | None = None,
         edition: str = "2026-08-07") -> dict[str, Any]:
    bob_zones = {"battlefield": ["Grizzly Bears"], **(bob or {})}
    return {"name": name, "source": source, "edition": edition, "cards": cards or [],
            "state": {"players": ["alice", "bob"], "active": "alice", "step": "main1",
                      "alice": alice or {}, "bob": bob_zones},
            "question": {"kind": "cost", "ask": "total", "player": "alice", **question}}


def _bf(*names: str) -> list[str]:
    return ["Grizzly Bears", *names]


HAND: list[tuple[str, dict, tuple]] = [
    ("frogmite_four_artifacts_under_trinisphere", _doc(
        "Frogmite, four artifacts, Trinisphere",
        "702.41a: {4} less 4 = {0}; 601.2f: the floor after the reduction raises it to {3}",
        {"card": "Frogmite"}, {"hand": ["Frogmite"], "battlefield": [t["name"] for t in TRINKETS]},
        {"battlefield": _bf("Trinisphere")}, TRINKETS),
     ("total", "{3}", 0, 4, ())),
    ("frogmite_four_artifacts", _doc(
        "Frogmite, four artifacts", "702.41a: {1} less for each of the four artifacts: {0}",
        {"card": "Frogmite"}, {"hand": ["Frogmite"], "battlefield": [t["name"] for t in TRINKETS]},
        cards=TRINKETS),
     ("total", "{0}", 0, 4, ())),
    ("frogmite_own_sphere_counts", _doc(
        "Frogmite with its caster's own Sphere of Resistance and two artifacts",
        "601.2f: {4} + 1 (Sphere) - 3 (affinity: the Sphere is an artifact too) = {2}",
        {"card": "Frogmite"},
        {"hand": ["Frogmite"], "battlefield": ["Sphere of Resistance", "Trinket A", "Trinket B"]},
        cards=TRINKETS),
     ("total", "{2}", 0, 4, ())),
    ("frogmite_opponents_artifacts_dont_count", _doc(
        "Frogmite with the artifacts on the other side",
        "702.41a counts artifacts its caster controls: none, {4}",
        {"card": "Frogmite"}, {"hand": ["Frogmite"]},
        {"battlefield": _bf(*[t["name"] for t in TRINKETS])}, TRINKETS),
     ("total", "{4}", 0, 4, ())),
    ("treasure_cruise_under_thalia", _doc(
        "Treasure Cruise under Thalia, delving four",
        "601.2f: {7}{U} + 1 = {8}{U}; delve pays part of the total, it is no reduction (702.66b)",
        {"card": "Treasure Cruise", "delve": ["Lightning Bolt", "Counterspell", "Divination",
                                              "Revitalize"]},
        {"hand": ["Treasure Cruise"],
         "graveyard": ["Lightning Bolt", "Counterspell", "Divination", "Revitalize"]},
        {"battlefield": _bf("Thalia, Guardian of Thraben")}),
     ("total", "{8}{U}", 0, 8, ())),
    ("stoke_the_flames_convoke_under_thalia", _doc(
        "Stoke the Flames under Thalia, convoking two",
        "601.2f: {2}{R}{R} + 1; convoke pays part of the total (702.51b)",
        {"card": "Stoke the Flames", "convoke": ["Llanowar Elves", "Elvish Visionary"],
         "targets": ["bob"]},
        {"hand": ["Stoke the Flames"], "battlefield": ["Llanowar Elves", "Elvish Visionary"]},
        {"battlefield": _bf("Thalia, Guardian of Thraben")}),
     ("total", "{3}{R}{R}", 0, 4, ())),
    ("reverse_engineer_improvise_under_sphere", _doc(
        "Reverse Engineer under Sphere, improvising with two artifacts",
        "601.2f: {3}{U}{U} + 1; improvise pays part of the total (702.126b)",
        {"card": "Reverse Engineer", "improvise": ["Trinket A", "Trinket B"]},
        {"hand": ["Reverse Engineer"], "battlefield": ["Trinket A", "Trinket B"]},
        {"battlefield": _bf("Sphere of Resistance")}, [REVERSE_ENGINEER, *TRINKETS]),
     ("total", "{4}{U}{U}", 0, 5, ())),
    ("improvise_before_its_rule", _doc(
        "Reverse Engineer improvising under the 2016-11-11 rules",
        "702.126a first appears in 2024-07-30: improvise can't be used before",
        {"card": "Reverse Engineer", "improvise": ["Trinket A"]},
        {"hand": ["Reverse Engineer"], "battlefield": ["Trinket A"]},
        cards=[REVERSE_ENGINEER, *TRINKETS], edition="2016-11-11"),
     ("illegal",)),
    ("exalted_angel_face_down_under_thalia", _doc(
        "Exalted Angel face down under Thalia",
        "702.37c: {3} instead of its mana cost, as a creature spell: Thalia's noncreature "
        "increase doesn't apply (708.4); no mana cost, mana value 0 (202.3a)",
        {"card": "Exalted Angel", "alternative": "face-down"}, {"hand": ["Exalted Angel"]},
        {"battlefield": _bf("Thalia, Guardian of Thraben")}),
     ("total", "{3}", 0, 0, ())),
    ("exalted_angel_face_down_under_sphere", _doc(
        "Exalted Angel face down under Sphere of Resistance",
        "702.37c, 601.2f: {3} + 1 for every spell = {4}",
        {"card": "Exalted Angel", "alternative": "face-down"}, {"hand": ["Exalted Angel"]},
        {"battlefield": _bf("Sphere of Resistance")}),
     ("total", "{4}", 0, 0, ())),
    ("exalted_angel_face_down_helm_and_trinisphere", _doc(
        "Exalted Angel face down under Helm of Awakening and Trinisphere",
        "601.2f: {3} - 1 = {2}, then the floor: {3}",
        {"card": "Exalted Angel", "alternative": "face-down"}, {"hand": ["Exalted Angel"]},
        {"battlefield": _bf("Helm of Awakening", "Trinisphere")}),
     ("total", "{3}", 0, 0, ())),
    ("face_down_is_colourless", _doc(
        "Exalted Angel face down with a reduction for white spells",
        "708.2, 202.2b: the face-down spell has no mana cost, so no colour: a reduction for "
        "white spells doesn't apply; face up it would ({4}{W}{W} - 1)",
        {"card": "Exalted Angel", "alternative": "face-down"},
        {"hand": ["Exalted Angel"], "battlefield": ["White Helper"]},
        cards=[{"name": "White Helper", "cost": "{2}", "types": ["artifact"],
                "static": [{"do": "cost-reduction", "amount": 1, "whose": "you",
                            "colors": ["white"]}]}]),
     ("total", "{3}", 0, 0, ())),
    ("exalted_angel_face_up_white_reduction", _doc(
        "Exalted Angel face up with a reduction for white spells",
        "601.2f: {4}{W}{W} - 1 = {3}{W}{W}",
        {"card": "Exalted Angel"},
        {"hand": ["Exalted Angel"], "battlefield": ["White Helper"]},
        cards=[{"name": "White Helper", "cost": "{2}", "types": ["artifact"],
                "static": [{"do": "cost-reduction", "amount": 1, "whose": "you",
                            "colors": ["white"]}]}]),
     ("total", "{3}{W}{W}", 0, 6, ())),
    ("face_down_with_omniscience", _doc(
        "Exalted Angel face down and without paying its mana cost",
        "118.9a, 601.2b: two alternative costs (face down and Omniscience's) can't be applied",
        {"card": "Exalted Angel", "alternative": ["face-down", "Omniscience"]},
        {"hand": ["Exalted Angel"], "battlefield": ["Omniscience"]}),
     ("illegal",)),
    ("tooth_and_nail_entwined", _doc(
        "Tooth and Nail entwined", "702.42a: {5}{G}{G} + the entwine cost {2} = {7}{G}{G}",
        {"card": "Tooth and Nail", "entwined": True}, {"hand": ["Tooth and Nail"]}),
     ("total", "{7}{G}{G}", 0, 7, ())),
    ("tooth_and_nail_one_mode", _doc(
        "Tooth and Nail, one mode", "700.2: choose one; the mana cost {5}{G}{G}",
        {"card": "Tooth and Nail", "modes": [1]}, {"hand": ["Tooth and Nail"]}),
     ("total", "{5}{G}{G}", 0, 7, ())),
    ("tooth_and_nail_both_modes_not_entwined", _doc(
        "Tooth and Nail, both modes without entwine", "700.2: 'choose one' — two is illegal",
        {"card": "Tooth and Nail", "modes": [1, 2]}, {"hand": ["Tooth and Nail"]}),
     ("illegal",)),
    ("collective_brutality_three_modes", _doc(
        "Collective Brutality, all three modes",
        "702.120a: the escalate cost (discard a card) once for each mode beyond the first: "
        "{1}{B} and two discards",
        {"card": "Collective Brutality", "modes": [1, 2, 3], "targets": ["bob", "Grizzly Bears",
                                                                          "bob"]},
        {"hand": ["Collective Brutality", "Lightning Bolt", "Counterspell"]}),
     ("total", "{1}{B}", 0, 2, ("card", "card"))),
    ("collective_brutality_one_mode", _doc(
        "Collective Brutality, one mode", "702.120a: no mode beyond the first, nothing more",
        {"card": "Collective Brutality", "modes": [3], "targets": ["bob"]},
        {"hand": ["Collective Brutality", "Lightning Bolt"]}),
     ("total", "{1}{B}", 0, 2, ())),
    ("collective_brutality_same_mode_twice", _doc(
        "Collective Brutality, mode 3 twice",
        "700.2d: a mode once unless the card says otherwise",
        {"card": "Collective Brutality", "modes": [3, 3], "targets": ["bob", "bob"]},
        {"hand": ["Collective Brutality", "Lightning Bolt"]}),
     ("illegal",)),
    ("escalate_before_its_rule", _doc(
        "Collective Brutality, two modes, under the 2009-10-01 rules",
        "702.119a (escalate) first appears in 2016-07-22: paying for a second mode can't be done",
        {"card": "Collective Brutality", "modes": [1, 3], "targets": ["bob", "bob"]},
        {"hand": ["Collective Brutality", "Lightning Bolt"]}, edition="2009-10-01"),
     ("illegal",)),
    ("izzet_charm_two_modes", _doc(
        "Izzet Charm, two modes", "700.2: 'choose one'",
        {"card": "Izzet Charm", "modes": [2, 3], "targets": ["Grizzly Bears"]},
        {"hand": ["Izzet Charm"]}),
     ("illegal",)),
    ("izzet_charm_under_thalia", _doc(
        "Izzet Charm, one mode, under Thalia", "601.2f: {U}{R} + 1",
        {"card": "Izzet Charm", "modes": [3]}, {"hand": ["Izzet Charm"]},
        {"battlefield": _bf("Thalia, Guardian of Thraben")}),
     ("total", "{1}{U}{R}", 0, 2, ())),
    ("lava_spike_with_glacial_ray", _doc(
        "Lava Spike with Glacial Ray spliced",
        "702.47a: the splice cost {1}{R} is an additional cost: {R} + {1}{R} = {1}{R}{R}; the "
        "mana value stays Lava Spike's (702.47c)",
        {"card": "Lava Spike", "splice": ["Glacial Ray"], "targets": ["bob", "bob"]},
        {"hand": ["Lava Spike", "Glacial Ray"]}),
     ("total", "{1}{R}{R}", 0, 1, ())),
    ("lava_spike_with_glacial_ray_under_thalia", _doc(
        "Lava Spike with Glacial Ray spliced, under Thalia",
        "702.47a, 601.2f: {R} + {1}{R} + 1 = {2}{R}{R}",
        {"card": "Lava Spike", "splice": ["Glacial Ray"], "targets": ["bob", "bob"]},
        {"hand": ["Lava Spike", "Glacial Ray"]},
        {"battlefield": _bf("Thalia, Guardian of Thraben")}),
     ("total", "{2}{R}{R}", 0, 1, ())),
    ("glacial_ray_onto_lightning_bolt", _doc(
        "Glacial Ray spliced onto Lightning Bolt",
        "702.47a: only onto an Arcane spell; Lightning Bolt isn't one",
        {"card": "Lightning Bolt", "splice": ["Glacial Ray"], "targets": ["bob", "bob"]},
        {"hand": ["Lightning Bolt", "Glacial Ray"]}),
     ("illegal",)),
    ("glacial_ray_spliced_twice", _doc(
        "The same Glacial Ray spliced twice onto Lava Spike",
        "702.47b: a card can't be spliced onto the same spell more than once",
        {"card": "Lava Spike", "splice": ["Glacial Ray", "Glacial Ray"],
         "targets": ["bob", "bob", "bob"]},
        {"hand": ["Lava Spike", "Glacial Ray"]}),
     ("illegal",)),
    ("orims_thunder_kicked", _doc(
        "Orim's Thunder kicked", "702.33a: {2}{W} + the kicker {R} = {2}{W}{R}",
        {"card": "Orim's Thunder", "kicked": True, "targets": ["Phyrexian Arena",
                                                               "Grizzly Bears"]},
        {"hand": ["Orim's Thunder"]}, {"battlefield": _bf("Phyrexian Arena")}),
     ("total", "{2}{W}{R}", 0, 3, ())),
    ("burst_lightning_kicked_twice", _doc(
        "Burst Lightning kicked twice", "702.33d: one kicker cost, paid at most once",
        {"card": "Burst Lightning", "kicked": 2, "targets": ["bob"]},
        {"hand": ["Burst Lightning"]}),
     ("illegal",)),
    ("capsize_with_buyback", _doc(
        "Capsize with buyback", "702.27a: {1}{U}{U} + the buyback cost {3} = {4}{U}{U}",
        {"card": "Capsize", "buyback": True, "targets": ["Grizzly Bears"]},
        {"hand": ["Capsize"]}),
     ("total", "{4}{U}{U}", 0, 3, ())),
    ("capsize_with_buyback_helm_trinisphere", _doc(
        "Capsize with buyback under Helm of Awakening and Trinisphere",
        "601.2f: {4}{U}{U} - 1 = {3}{U}{U}, five mana, above the floor",
        {"card": "Capsize", "buyback": True, "targets": ["Grizzly Bears"]},
        {"hand": ["Capsize"]}, {"battlefield": _bf("Helm of Awakening", "Trinisphere")}),
     ("total", "{3}{U}{U}", 0, 3, ())),
    ("verdeloth_kicked_x3", _doc(
        "Verdeloth the Ancient kicked with X=3",
        "702.33a, 107.3a: {4}{G}{G} + {X} with X=3 = {7}{G}{G}; the mana value counts only the "
        "mana cost (202.3): 6",
        {"card": "Verdeloth the Ancient", "kicked": True, "kicker-x": 3},
        {"hand": ["Verdeloth the Ancient"]}),
     ("total", "{7}{G}{G}", 0, 6, ())),
    ("gnarlid_pack_multikicked_twice", _doc(
        "Gnarlid Pack multikicked twice",
        "702.33c: {1}{G} + 2 x {1}{G} = {3}{G}{G}{G}",
        {"card": "Gnarlid Pack", "kicked": 2}, {"hand": ["Gnarlid Pack"]}, cards=[GNARLID_PACK]),
     ("total", "{3}{G}{G}{G}", 0, 2, ())),
    ("multikicker_before_its_rule", _doc(
        "Gnarlid Pack multikicked under the 2009-10-01 rules",
        "no 2008-2009 text has multikicker (702.32c first in 2016-07-22)",
        {"card": "Gnarlid Pack", "kicked": 1}, {"hand": ["Gnarlid Pack"]}, cards=[GNARLID_PACK],
        edition="2009-10-01"),
     ("illegal",)),
    ("ravens_crime_retraced", _doc(
        "Raven's Crime retraced",
        "702.81a: cast from the graveyard with the additional cost of discarding a land card: "
        "{B} and a land",
        {"card": "Raven's Crime", "from": "graveyard", "discard": ["Mountain"],
         "targets": ["bob"]},
        {"hand": ["Mountain"], "graveyard": ["Raven's Crime"]}),
     ("total", "{B}", 0, 1, ("land",))),
    ("ravens_crime_retraced_under_thalia", _doc(
        "Raven's Crime retraced under Thalia",
        "702.81a, 601.2f: {B} + 1 and a land",
        {"card": "Raven's Crime", "from": "graveyard", "discard": ["Mountain"],
         "targets": ["bob"]},
        {"hand": ["Mountain"], "graveyard": ["Raven's Crime"]},
        {"battlefield": _bf("Thalia, Guardian of Thraben")}),
     ("total", "{1}{B}", 0, 1, ("land",))),
    ("retrace_before_its_rule", _doc(
        "Raven's Crime retraced under the 2008-02-01 rules",
        "retrace (502.81a) first appears in 2008-10-01",
        {"card": "Raven's Crime", "from": "graveyard", "discard": ["Mountain"],
         "targets": ["bob"]},
        {"hand": ["Mountain"], "graveyard": ["Raven's Crime"]}, edition="2008-02-01"),
     ("illegal",)),
    ("firebolt_flashback", _doc(
        "Firebolt flashed back", "702.34a: {4}{R} instead of its mana cost; mana value 1 (118.9c)",
        {"card": "Firebolt", "from": "graveyard", "alternative": "flashback", "targets": ["bob"]},
        {"graveyard": ["Firebolt"]}, cards=[FIREBOLT]),
     ("total", "{4}{R}", 0, 1, ())),
    ("firebolt_flashback_under_thalia_and_helm", _doc(
        "Firebolt flashed back under Thalia and Helm of Awakening",
        "118.9d, 601.2f: the increase and the reduction apply to the alternative cost: "
        "{4}{R} + 1 - 1",
        {"card": "Firebolt", "from": "graveyard", "alternative": "flashback", "targets": ["bob"]},
        {"graveyard": ["Firebolt"]},
        {"battlefield": _bf("Thalia, Guardian of Thraben", "Helm of Awakening")}, [FIREBOLT]),
     ("total", "{4}{R}", 0, 1, ())),
    ("firebolt_flashback_from_hand", _doc(
        "Firebolt's flashback from the hand",
        "702.34a: flashback casts the card from the graveyard only",
        {"card": "Firebolt", "alternative": "flashback", "targets": ["bob"]},
        {"hand": ["Firebolt"]}, cards=[FIREBOLT]),
     ("illegal",)),
    ("firebolt_from_graveyard_for_its_mana_cost", _doc(
        "Firebolt from the graveyard for its mana cost",
        "601.3: nothing permits casting it from there without its flashback",
        {"card": "Firebolt", "from": "graveyard", "targets": ["bob"]},
        {"graveyard": ["Firebolt"]}, cards=[FIREBOLT]),
     ("illegal",)),
    ("flashback_with_buyback", _doc(
        "A card with flashback and buyback, flashed back with buyback",
        "118.9d: an additional cost (buyback {3}) is added to the alternative cost {1}{U}",
        {"card": "Deep Analysis Back", "from": "graveyard", "alternative": "flashback",
         "buyback": True},
        {"graveyard": ["Deep Analysis Back"]},
        cards=[{"name": "Deep Analysis Back", "cost": "{3}{U}", "types": ["sorcery"],
                "flashback": "{1}{U}", "buyback": "{3}",
                "resolve": [{"do": "draw", "who": "you", "count": 2}]}]),
     ("total", "{4}{U}", 0, 4, ())),
]
