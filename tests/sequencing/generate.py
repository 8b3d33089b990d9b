"""A seeded generator of small sequencing blocks (2–7 lines), each a scenario dict the project
loads (``state``, ``cards`` for the cards it invents, ``question: {kind: sequencing,
resolving|casting|dying|steps, performed}``).

A case is drawn from a class (``CLASSES``, by weight; the class is in the case's name):
``resolving`` (spells of draws, discards, life, sacrifices, returns, searches), ``reveal``
(a target opponent's hand revealed or looked at, a discard another player chooses),
``shuffle-look`` (looks at the top, shuffles, searches, scry, draws), ``spell-trigger``
(the spell's discards and sacrifices trigger permanents in play), ``targeted-trigger`` (an
upkeep trigger with a target), ``pick-of-zero`` (Balance-style instructions, returns from an
empty graveyard), ``cast`` (a spell cast from hand, paid from the pool and lands, with an
additional sacrifice or life), ``random`` (random discards), ``dying`` (creatures dying at
once), ``steps`` (untap/upkeep/draw with upkeep triggers; the end and cleanup steps with
a hand over seven), ``token`` (tokens made by a spell, an upkeep or a dies trigger, some with
an enters trigger) and ``second-cast`` (an instant cast holding priority after the cast
spell). ``targeted-trigger`` cases target a player, or (on a draw of their own) any target,
creatures included. Its correct lines are those of
one correct run (the oracle's stepper choosing at random, written in the performed-line
vocabulary, ``LINE_FORMS``); then a performed order: a random permutation of them, sometimes
with a line dropped, duplicated or altered (a wrong count, a wrong card) and sometimes with a
pause or reaction inserted — so every class gives blocks that stand and blocks that don't.

    python tests/sequencing/generate.py 5 [seed]     # prints five cases as YAML
"""
from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from oracle import Stepper, Unsupported, situation_of, state_from  # noqa: E402

EDITION = "2026-08-07"
HAND_CARDS = ["Lightning Bolt", "Counterspell", "Explore", "Divination", "Peek"]
CREATURES = ["Grizzly Bears", "Llanowar Elves", "Serra Angel", "Python"]
LANDS = ["Forest", "Island", "Mountain", "Swamp", "Plains"]
BASICS_IN_LIBRARY = ["Forest", "Island", "Plains"]

TRIGGER_CARDS = [
    {"name": "Gen Mourner", "cost": "{1}{B}", "types": ["creature"], "power": 1, "toughness": 1,
     "triggered": [{"when": "dies", "effect": [{"do": "return", "who": "you",
                                                "what": "another-creature", "from": "graveyard",
                                                "to": "hand", "count": 1}]}]},
    {"name": "Gen Healer", "cost": "{1}{W}", "types": ["creature"], "power": 1, "toughness": 1,
     "triggered": [{"when": "dies", "effect": [{"do": "gain-life", "who": "you", "amount": 3}]}]},
    {"name": "Gen Wisp", "cost": "{1}{B}", "types": ["creature"], "power": 1, "toughness": 1,
     "triggered": [{"when": "dies", "effect": [{"do": "lose-life", "who": "opponents",
                                                "amount": 2}]}]},
    {"name": "Gen Toll", "cost": "{1}{B}", "types": ["enchantment"],
     "triggered": [{"when": "each-upkeep", "effect": [{"do": "lose-life", "who": "that-player",
                                                       "amount": 1}]}]},
    {"name": "Gen Tithe", "cost": "{1}{B}", "types": ["enchantment"],
     "triggered": [{"when": "your-upkeep", "effect": [{"do": "discard", "who": "opponents",
                                                       "count": 1}]}]},
    # a targeted trigger (CR 603.3d): its target is chosen as it goes on the stack
    {"name": "Gen Pinger", "cost": "{1}{R}", "types": ["enchantment"],
     "triggered": [{"when": "your-upkeep", "effect": [{"do": "damage", "amount": 1,
                                                       "target": "player"}]}]},
    {"name": "Gen Spite", "cost": "{1}{R}", "types": ["enchantment"],
     "triggered": [{"when": "opponent-discards", "effect": [{"do": "damage", "amount": 1,
                                                             "target": "player"}]}]},
    {"name": "Gen Dusk", "cost": "{1}{U}", "types": ["enchantment"],
     "triggered": [{"when": "your-end-step", "effect": [{"do": "draw", "who": "you",
                                                         "count": 1}]}]},
    {"name": "Gen Gloat", "cost": "{1}{B}", "types": ["enchantment"],
     "triggered": [{"when": "opponent-discards", "effect": [{"do": "draw", "who": "you",
                                                             "count": 1}]}]},
]


def _shock(amount: int) -> dict[str, Any]:
    """An upkeep trigger dealing damage to any target: a player or a creature."""
    return {"name": "Gen Shock", "cost": "{1}{R}", "types": ["enchantment"],
            "triggered": [{"when": "your-upkeep",
                           "effect": [{"do": "damage", "amount": amount, "target": "any"}]}]}


# spells cast holding priority after the first (CR 117.3c)
SECOND_SPELLS = [
    {"name": "Gen Quick", "cost": "{U}", "types": ["instant"],
     "resolve": [{"do": "draw", "who": "you", "count": 1}]},
    {"name": "Gen Jolt", "cost": "{1}", "types": ["instant"], "targets": ["opponent"],
     "resolve": [{"do": "lose-life", "who": "target", "amount": 2}]},
    {"name": "Gen Rummage", "cost": "{R}", "types": ["instant"],
     "resolve": [{"do": "discard", "who": "you", "count": 1},
                 {"do": "draw", "who": "you", "count": 1}]},
    {"name": "Peek"},       # a card of the project's library: look at a player's hand, draw
]

# tokens (CR 111.1): Goblin has no ability; the others trigger as they enter (603.6a)
TOKEN_CARDS = [
    {"name": "Gen Herald", "cost": "{1}{U}", "types": ["creature"], "power": 1, "toughness": 1,
     "triggered": [{"when": "enters", "effect": [{"do": "draw", "who": "you", "count": 1}]}]},
    {"name": "Gen Imp", "cost": "{1}{B}", "types": ["creature"], "power": 1, "toughness": 1,
     "triggered": [{"when": "enters", "effect": [{"do": "lose-life", "who": "opponents",
                                                  "amount": 1}]}]},
]


def _token_maker(rng: random.Random, cards: list[dict[str, Any]]) -> dict[str, Any]:
    """An instruction creating one or two tokens of Goblin, Gen Herald or Gen Imp."""
    name = rng.choice(["Goblin", "Gen Herald", "Gen Imp"])
    cards += [c for c in TOKEN_CARDS if c["name"] == name]
    make: dict[str, Any] = {"do": "create-token", "who": rng.choice(["you", "you", "each-player"]),
                            "card": name}
    if rng.random() < 0.4:
        make["count"] = 2
    return make


DYING = ["Solemn Simulacrum", "Gen Mourner", "Gen Healer", "Gen Wisp", "Grizzly Bears"]
CLASSES = {            # class -> weight in the generated sample
    "resolving": 3, "reveal": 3, "shuffle-look": 3, "spell-trigger": 3, "targeted-trigger": 2,
    "pick-of-zero": 2, "cast": 3, "random": 2, "dying": 2, "steps": 2, "token": 3,
    "second-cast": 3,
}
LATER = ("token", "second-cast")
"""Classes added after the first ones: a seed goes to one of them by a draw of its own (with
their weights' share), so every other seed still gives the case it gave before."""


def _instruction(rng: random.Random, two_players: bool, cards_needed: set[str],
                 kinds: list[str] | None = None) -> list[dict[str, Any]]:
    whos = ["you", "each-player", "opponents"] + (["target"] if two_players else [])
    kind = rng.choice(kinds or ["draw", "discard", "lose-life", "gain-life", "sacrifice",
                                "return", "search", "discard", "sacrifice"])
    w = rng.choice(whos)
    if kind == "draw":
        return [{"do": "draw", "who": w, "count": rng.randint(1, 2)}]
    if kind == "discard":
        return [{"do": "discard", "who": w, "count": rng.randint(1, 2)}]
    if kind == "random-discard":
        return [{"do": "discard", "who": w, "count": 1, "random": True}]
    if kind in ("lose-life", "gain-life"):
        return [{"do": kind, "who": w, "amount": rng.randint(1, 5)}]
    if kind == "sacrifice":
        return [{"do": "sacrifice", "who": w, "what": rng.choice(["creature", "creature", "land"]),
                 "count": 1}]
    if kind == "return":
        return [{"do": "return", "who": "you", "what": "creature", "from": "graveyard",
                 "to": "hand", "count": 1}]
    if kind == "balance":
        return [{"do": "balance", "what": rng.choice(["hand", "land", "creature"])}]
    if kind == "reveal":
        cards_needed.add("target")
        return [{"do": "reveal", "who": "target", "what": "hand"}]
    if kind == "look-hand":
        cards_needed.add("target")
        return [{"do": "look", "who": "you", "at": "target-hand"}]
    if kind == "chosen-discard":
        cards_needed.add("target")
        return [{"do": "reveal", "who": "target", "what": "hand"},
                {"do": "discard", "who": "target", "count": 1, "chosen-by": "you"}]
    if kind == "look-top":
        return [{"do": "look", "who": "you", "at": "library-top", "count": 1}]
    if kind == "shuffle":
        return [{"do": "shuffle", "who": "you"}]
    if kind == "scry":
        return [{"do": "scry", "who": "you", "count": 1}]
    cards_needed.add("search")
    search: dict[str, Any] = {"do": "search", "who": "you", "what": "basic-land",
                              "count": rng.randint(1, 2), "up-to": True,
                              "to": rng.choice(["hand", "battlefield"])}
    if search["to"] == "hand" and rng.random() < 0.4:
        search["count"] = 1
        return [search, {"do": "reveal", "who": "you", "what": "card"},
                {"do": "shuffle", "who": "you"}]
    return [search, {"do": "shuffle", "who": "you"}]


def _player_state(rng: random.Random, name: str, hidden_hand: bool, search: bool,
                  extra_battlefield: Any = (), low_life: bool = True,
                  big_hand: bool = False) -> dict[str, Any]:
    p: dict[str, Any] = {}
    if low_life and rng.random() < 0.3:     # (two players only: CR 800.4a is not modelled)
        p["life"] = rng.randint(1, 6)
    hand: list[Any] = [rng.choice(HAND_CARDS) for _ in range(rng.randint(0, 3))]
    if big_hand:
        hand = [rng.choice(HAND_CARDS) for _ in range(rng.randint(7, 9))]
    elif hidden_hand and rng.random() < 0.6:
        hand = hand[:1] + [{"hidden": rng.randint(1, 3)}]
    if hand:
        p["hand"] = hand
    bf = [rng.choice(CREATURES) for _ in range(rng.randint(0, 2))] + \
         [rng.choice(LANDS) for _ in range(rng.randint(0, 2))] + list(extra_battlefield)
    if bf:
        p["battlefield"] = bf
    gy = [rng.choice(CREATURES + HAND_CARDS) for _ in range(rng.randint(0, 2))]
    if gy:
        p["graveyard"] = gy
    lib: list[Any] = [{"hidden": rng.randint(4, 8)}]
    if search:
        named = rng.sample(BASICS_IN_LIBRARY, rng.randint(1, 2))
        lib = named + lib if rng.random() < 0.5 else lib + named
    p["library"] = lib
    return p


SPELL_KINDS = {
    "resolving": None,
    "reveal": ["reveal", "look-hand", "chosen-discard", "discard", "sacrifice", "draw",
               "discard", "sacrifice"],
    "shuffle-look": ["look-top", "shuffle", "draw", "search", "scry", "draw", "sacrifice"],
    "spell-trigger": ["discard", "discard", "sacrifice", "draw", "random-discard"],
    "pick-of-zero": ["balance", "balance", "discard", "sacrifice", "return", "draw"],
    "random": ["random-discard", "random-discard", "draw", "sacrifice", "discard"],
    "token": ["draw", "discard", "sacrifice", "lose-life", "draw"],
}


def _revealing_spell(rng: random.Random) -> list[dict[str, Any]]:
    """A target opponent's hand shown to the caster, a choice of the caster's, then the
    opponent's discard (forced with one card, free with more, or the caster's pick)."""
    show = rng.choice([{"do": "reveal", "who": "target", "what": "hand"},
                       {"do": "look", "who": "you", "at": "target-hand"}])
    pick = rng.choice([{"do": "sacrifice", "who": "you", "what": "creature", "count": 1},
                       {"do": "discard", "who": "you", "count": 1}])
    discard: dict[str, Any] = {"do": "discard", "who": "target", "count": 1}
    if rng.random() < 0.3:
        discard["chosen-by"] = "you"
    body = [pick, discard] if rng.random() < 0.7 else [discard, pick]
    return [show, *body]


def _spell(rng: random.Random, cls: str, two: bool, needed: set[str]) -> dict[str, Any]:
    instrs: list[dict[str, Any]] = []
    if cls == "reveal" and two and rng.random() < 0.6:
        instrs = _revealing_spell(rng)
    for _ in range(rng.randint(1, 3) if not instrs else 0):
        instrs += _instruction(rng, two, needed, SPELL_KINDS.get(cls))
    if not two:      # a spell targeting a player names one only with two players here
        instrs = [i for i in instrs if i.get("who") != "target" and "at" not in i
                  and "chosen-by" not in i] or [{"do": "draw", "who": "you", "count": 1}]
    if "target" in needed and two and not any(i.get("who") == "target" or
                                                   i.get("at") == "target-hand" for i in instrs):
        needed.discard("target")
    spell: dict[str, Any] = {"name": "Gen Spell", "cost": "{1}{B}",
                             "types": [rng.choice(["sorcery", "instant"])], "resolve": instrs}
    if any(i.get("who") == "target" or i.get("at") == "target-hand" for i in instrs):
        spell["targets"] = ["opponent"]
    return spell


def situation(rng: random.Random, cls: str | None = None,
              creature_target: bool = False) -> dict[str, Any]:
    """A random state and situation of a class (drawn by weight among the first classes when
    not given), with no performed lines yet. ``creature_target``: a targeted-trigger case's
    trigger may target a creature."""
    earlier = [c for c in CLASSES if c not in LATER]
    cls = cls or rng.choices(earlier, [CLASSES[c] for c in earlier])[0]
    three = rng.random() < 0.2 and cls not in ("reveal", "targeted-trigger", "cast",
                                                "second-cast")
    players = ["alice", "bob", "carol"] if three else ["alice", "bob"]
    cards: list[dict[str, Any]] = []
    question: dict[str, Any] = {"kind": "sequencing"}
    state: dict[str, Any] = {"players": players, "step": "main1"}
    token_form = rng.choice(["spell", "spell", "upkeep", "dies"]) if cls == "token" else None
    if cls in SPELL_KINDS and token_form in (None, "spell"):
        needed: set[str] = set()
        spell = _spell(rng, cls, not three, needed)
        if cls == "token":      # the tokens made among the spell's other acts
            spell["resolve"].insert(rng.randint(0, len(spell["resolve"])),
                                    _token_maker(rng, cards))
        cards.append(spell)
        caster = "alice"
        if spell["types"] == ["instant"] and rng.random() < 0.4:
            caster = rng.choice(players[1:])
        extra: dict[str, list[Any]] = {p: [] for p in players}
        if cls == "spell-trigger":      # permanents whose triggers the spell's events cause
            cards += [c for c in TRIGGER_CARDS if c["name"] in
                      ("Gen Mourner", "Gen Healer", "Gen Wisp", "Gen Spite", "Gen Gloat")]
            for _ in range(rng.randint(1, 2)):
                extra[rng.choice(players)].append(rng.choice(
                    ["Liliana's Caress", "Megrim", "Gen Spite", "Gen Gloat", "Gen Mourner",
                     "Gen Healer", "Gen Wisp", "Solemn Simulacrum"]))
        if cls == "reveal":     # the caster's choice between two creatures, two cards
            extra[caster] += ["Grizzly Bears", "Llanowar Elves"]
        for p in players:
            state[p] = _player_state(rng, p, p != caster, "search" in needed and p == caster,
                                     extra[p], low_life=not three)
            if cls == "reveal" and p != caster and rng.random() < 0.7:
                state[p]["hand"] = {"hidden": rng.randint(1, 2)}
        state[caster].setdefault("stack", []).append("Gen Spell")
        question["resolving"] = "Gen Spell"
        if caster != "alice":
            question["caster"] = caster
    elif cls == "second-cast":      # instants to cast holding priority (CR 117.3c), a sorcery
        needed = set()
        first = {"name": "Gen Cast", "cost": rng.choice(["{G}", "{1}{G}"]), "types": ["sorcery"],
                 "resolve": _instruction(rng, True, needed, ["draw", "discard", "gain-life",
                                                             "sacrifice"])}
        if first["resolve"][0].get("who") == "target":
            first["targets"] = ["opponent"]
        seconds = rng.sample(SECOND_SPELLS, rng.randint(1, 2))
        cards += [first] + [c for c in seconds if c["name"] != "Peek"]
        lands = ["Forest"] + [rng.choice(["Forest", "Island", "Mountain"])
                              for _ in range(rng.randint(0, 3))]
        for p in players:
            state[p] = _player_state(rng, p, p != "alice", False, lands if p == "alice" else ())
        state["alice"]["hand"] = state["alice"].get("hand", []) + ["Gen Cast"] + \
            [c["name"] for c in seconds] + (["Divination"] if rng.random() < 0.3 else [])
        if rng.random() < 0.3:
            state["alice"]["mana-pool"] = rng.choice(["{U}", "{G}", "{R}"])
        question["casting"] = "Gen Cast"
    elif cls == "cast":
        cost = rng.choice(["{2}{G}", "{1}{G}", "{G}{G}", "{2}"])
        extra_cost = rng.choice([[], [{"sacrifice": "land"}], [{"sacrifice": "creature"}],
                                 [{"life": rng.randint(1, 3)}]])
        needed = set()
        instrs: list[dict[str, Any]] = []
        for _ in range(rng.randint(1, 2)):
            instrs += _instruction(rng, True, needed, ["search", "draw", "discard", "gain-life",
                                                       "sacrifice"])
        spell = {"name": "Gen Cast", "cost": cost, "types": ["sorcery"], "resolve": instrs}
        if extra_cost:
            spell["additional-costs"] = extra_cost
        if any(i.get("who") == "target" for i in instrs):
            spell["targets"] = ["opponent"]
        cards.append(spell)
        lands = [rng.choice(["Forest", "Forest", "Island", "Mountain"])
                 for _ in range(rng.randint(1, 4))]
        for p in players:
            state[p] = _player_state(rng, p, p != "alice", "search" in needed and p == "alice",
                                     lands if p == "alice" else ())
        state["alice"].setdefault("hand", [])
        if not isinstance(state["alice"]["hand"], list):
            state["alice"]["hand"] = []
        state["alice"]["hand"] = [c for c in state["alice"]["hand"] if c != "Gen Cast"] + \
            ["Gen Cast"]
        if rng.random() < 0.3:
            state["alice"]["mana-pool"] = rng.choice(["{G}", "{G}{G}", "{U}"])
        question["casting"] = "Gen Cast"
    elif cls == "token" and token_form == "upkeep":     # tokens made by an upkeep trigger
        cards.append({"name": "Gen Nest", "cost": "{2}{G}", "types": ["enchantment"],
                      "triggered": [{"when": "your-upkeep", "effect": [_token_maker(rng, cards)]}]})
        state["step"] = "untap"
        extra = {p: [] for p in players}
        extra["alice"] += ["Gen Nest"] + (["Phyrexian Arena"] if rng.random() < 0.5 else [])
        for p in players:
            state[p] = _player_state(rng, p, p != "alice", False, extra[p], low_life=not three)
        question["steps"] = ["untap", "upkeep"]
    elif cls in ("dying", "token"):     # token: made by a dies trigger
        cards += [c for c in TRIGGER_CARDS if c["name"] in ("Gen Mourner", "Gen Healer",
                                                            "Gen Wisp")]
        dying_by: dict[str, list[str]] = {p: [] for p in players}
        if cls == "token":
            cards.append({"name": "Gen Brood", "cost": "{1}{G}", "types": ["creature"],
                          "power": 1, "toughness": 1,
                          "triggered": [{"when": "dies", "effect": [_token_maker(rng, cards)]}]})
            dying_by["alice"].append("Gen Brood")
        for _ in range(rng.randint(2, 3) if cls == "dying" else rng.randint(0, 1)):
            dying_by[rng.choice(players[:2])].append(rng.choice(DYING))
        for p in players:
            state[p] = _player_state(rng, p, p != "alice", False, dying_by[p], low_life=not three)
        question["dying"] = dying_by     # replaced by object ids once loaded (below)
    elif cls == "steps" and rng.random() < 0.25:     # the cleanup discard (CR 514.1)
        state["step"] = "end"
        cards += [c for c in TRIGGER_CARDS if c["name"] == "Gen Dusk"]
        for p in players:
            state[p] = _player_state(rng, p, p != "alice", False,
                                     ["Gen Dusk"] if p == "alice" else (), low_life=not three,
                                     big_hand=p == "alice")
        question["steps"] = ["end", "cleanup"]
    else:       # steps, targeted-trigger
        cards += [c for c in TRIGGER_CARDS if c["name"] in ("Gen Toll", "Gen Tithe",
                                                            "Gen Pinger")]
        state["step"] = "untap"
        extra = {p: [] for p in players}
        extra["alice"] += [{"card": "Forest", "tapped": True}]
        if cls == "targeted-trigger" and creature_target:
            # a target that may be a creature (CR 603.3d): damage it survives or dies of
            # (704.5g), a dies trigger sometimes following
            cards.append(_shock(rng.choice([1, 2])))
            cards += [c for c in TRIGGER_CARDS if c["name"] in ("Gen Mourner", "Gen Wisp")]
            extra["alice"].append("Gen Shock")
            for _ in range(rng.randint(1, 2)):
                extra[rng.choice(players)].append(rng.choice(
                    ["Gen Mourner", "Gen Wisp", "Llanowar Elves", "Grizzly Bears",
                     "Serra Angel"]))
        elif cls == "targeted-trigger":
            extra["alice"].append("Gen Pinger")
        if cls == "targeted-trigger":
            if rng.random() < 0.7:
                extra["alice"].append("Phyrexian Arena")
        if rng.random() < 0.6:
            extra["alice"].append("Masticore")
        for _ in range(rng.randint(0, 2)):
            extra[rng.choice(players)].append(rng.choice(["Gen Toll", "Gen Tithe",
                                                          "Phyrexian Arena", "Bottomless Pit"]))
        for p in players:
            state[p] = _player_state(rng, p, p != "alice", False, extra[p], low_life=not three)
        question["steps"] = rng.choice([["untap", "upkeep"], ["untap", "upkeep", "draw"]])
    doc: dict[str, Any] = {"name": "generated", "source": "tests/sequencing/generate.py",
                           "edition": EDITION}
    if cards:
        doc["cards"] = cards
    doc["state"] = state
    doc["question"] = question
    doc["class"] = cls
    if "dying" in question:   # the dying creatures by the ids the loader gives them (Name, Name#2)
        loaded = _load_state(doc)
        chosen = []
        for ps in loaded.players:
            want = list(dying_by.get(ps.name, []))
            for o in ps.zone("battlefield"):
                if o.card in want:
                    want.remove(o.card)
                    chosen.append(o.id)
        question["dying"] = chosen
    return doc


def _load_state(doc: dict):
    from mtgrules.model.cards import builtin_cards, parse_cards
    from mtgrules.model.read.state import parse_state
    from mtgrules.model.source import Field
    cards = builtin_cards()
    if doc.get("cards"):
        cards = cards.extended(parse_cards(Field.of(doc["cards"])))
    return parse_state(Field.of(doc["state"]), cards)


def correct_lines(rng: random.Random, doc: dict[str, Any], second_cast: bool = False
                  ) -> list[str]:
    """The lines of one correct run, its choices made at random (an act the block may leave
    unsaid is said seven times in ten; a reveal three times in ten is left to the lines);
    ``second_cast``: an instant cast holding priority after the cast spell, when one can be."""
    start = state_from(_load_state(doc))
    runs = Stepper(start, [], writer=rng, second_cast=second_cast).runs(
        situation_of(doc["question"]))
    run = runs[0]
    lines = []
    for act in run.acts:
        if act.text is None:
            continue
        if act.kind == "implicit" and rng.random() < 0.7:
            continue
        if act.kind == "reveal" and rng.random() < 0.3:
            continue
        lines.append(act.text)
    return lines


def _alter(rng: random.Random, line: str, doc: dict) -> str:
    words = line.split(" ")
    for i, w in enumerate(words):
        if w.isdigit():
            words[i] = str(max(1, int(w) + rng.choice([-1, 1, 2])))
            return " ".join(words)
    names = []
    for zones in doc["state"].values():
        if isinstance(zones, dict):
            for z in ("hand", "battlefield", "graveyard"):
                names += [x for x in zones.get(z, []) if isinstance(x, str)]
    if " casts " in line:       # another card of the caster's hand (a sorcery: not then)
        hand = [x for x in doc["state"]["alice"].get("hand", []) if isinstance(x, str)]
        return f"{words[0]} casts {rng.choice(hand)}"
    if names and (" sacrifices " in line or " discards " in line or " returns " in line):
        actor, verb = words[0], words[1]
        return f"{actor} {verb} {rng.choice(names)}"
    return line


def perturb(rng: random.Random, lines: list[str], doc: dict) -> list:
    performed: list = list(lines)
    r = rng.random()
    if r < 0.45:
        rng.shuffle(performed)
    elif r < 0.75 and len(performed) >= 2:
        i = rng.randrange(len(performed) - 1)
        performed[i], performed[i + 1] = performed[i + 1], performed[i]
    if performed and rng.random() < 0.12:
        performed.pop(rng.randrange(len(performed)))
    if performed and rng.random() < 0.08:
        performed.insert(rng.randrange(len(performed) + 1), rng.choice(performed))
    if performed and rng.random() < 0.12:
        i = rng.randrange(len(performed))
        performed[i] = _alter(rng, performed[i], doc)
    if performed and rng.random() < 0.2:
        entry = rng.choice([{"pause": "a long pause"}, {"reaction": "an opponent responds"},
                            "pause"])
        performed.insert(rng.randrange(1, len(performed) + 1), entry)
    return performed


def case(seed: int) -> dict[str, Any] | None:
    """One generated case (a scenario dict without ``expect``), or None when the draw made a
    block outside 2–7 lines or one the oracle does not model. Its class is in its name."""
    rng = random.Random(seed)
    side = random.Random(f"later classes and variants {seed}")     # leaves rng's draws alone
    later = side.random() < sum(CLASSES[c] for c in LATER) / sum(CLASSES.values())
    cls = side.choices(LATER, [CLASSES[c] for c in LATER])[0] if later else None
    doc = situation(rng, cls, creature_target=side.random() < 0.5)
    cls = doc.pop("class")
    try:
        lines = correct_lines(rng, doc, second_cast=cls == "second-cast")
    except Unsupported:
        return None
    performed = perturb(rng, lines, doc)
    n = len([x for x in performed if isinstance(x, str) and x != "pause"])
    if not 2 <= n <= 7:
        return None
    doc["name"] = f"generated case {seed} ({cls})"
    doc["question"]["performed"] = performed
    return doc


def case_class(doc: dict[str, Any]) -> str:
    """The class a generated case was drawn from (in its name)."""
    return str(doc["name"]).rsplit("(", 1)[-1].rstrip(")")


def _names_shared_in_lines(doc: dict) -> bool:
    """Whether a line names a card that two players hold (the loader refuses the bare name)."""
    owners: dict[str, set[str]] = {}
    for player in doc["state"]["players"]:
        for zone in (doc["state"].get(player) or {}).values():
            for item in zone if isinstance(zone, list) else ():
                name = item if isinstance(item, str) else item.get("card") if isinstance(item, dict) else None
                if name:
                    owners.setdefault(name, set()).add(player)
    shared = [n for n, who in owners.items() if len(who) > 1]
    lines = [x for x in doc["question"].get("performed", []) if isinstance(x, str)]
    lines += [x for x in doc["question"].get("dying", [])]
    return any(n in line for n in shared for line in lines)


def cases(count: int, seed: int = 0):
    """``count`` generated cases, from consecutive seeds starting at ``seed``."""
    made = 0
    s = seed
    while made < count:
        c = case(s)
        s += 1
        if c is not None and not _names_shared_in_lines(c):
            made += 1
            yield c


if __name__ == "__main__":
    import yaml
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    first = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    from oracle import oracle_for_scenario
    for c in cases(n, first):
        a = oracle_for_scenario(c)
        c["expect"] = {"verdict": a.outcome, **({"fails": sorted(a.failed)} if a.failed else {})}
        print(yaml.safe_dump(c, sort_keys=False, width=110))
        print("---")
