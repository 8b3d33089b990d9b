"""Random casts for the cost oracle: scenario documents (plain dicts) asking for the total cost
of a spell, over what the card vocabulary lets a card and a state say about costs.

A spell gets a random mana cost (generic, coloured, colourless, snow, X, hybrid, monocoloured
hybrid, colourless hybrid, Phyrexian and hybrid Phyrexian symbols) or none at all, maybe a
kicker, an alternative cost of its own (life, exiling a card of a colour, mana), additional
costs (life, a sacrifice) and a cost increase per target beyond the first. The state holds
permanents with cost increases, reductions (with colour filters) and floors (some tapped),
controlled by either player, lasting cost effects, maybe a permanent that lets its controller
cast spells without paying their mana cost, and maybe a modifier sacrificed for mana during
601.2g (after the total is locked).
"""
from __future__ import annotations

import random
from collections.abc import Iterator

COLOURS = ("W", "U", "B", "R", "G")
COLOUR_WORDS = ("white", "blue", "black", "red", "green")
HYBRID = ("W/U", "U/B", "B/R", "R/G", "G/W", "W/B", "U/R", "B/G", "R/W", "G/U")
TYPES = ("instant", "sorcery", "creature", "artifact", "enchantment")


def _symbol(rng: random.Random, choices: bool = True) -> str:
    kind = rng.choice(["colour"] * 4 + ["C", "S"] + (["hybrid", "mono", "c-hybrid", "phyrexian",
                                                      "h-phyrexian"] if choices else []))
    c = rng.choice(COLOURS)
    return {"colour": c, "C": "C", "S": "S", "hybrid": rng.choice(HYBRID), "mono": f"2/{c}",
            "c-hybrid": f"C/{c}", "phyrexian": f"{c}/P",
            "h-phyrexian": rng.choice(HYBRID) + "/P"}[kind]


def _cost(rng: random.Random, x: bool, choices: bool = True, most: int = 4) -> str:
    parts = []
    if x and rng.random() < 0.35:
        parts += ["X"] * rng.choice((1, 1, 1, 2))
    if rng.random() < 0.7:
        parts.append(str(rng.randint(0, 5)))
    parts += [_symbol(rng, choices) for _ in range(rng.randint(0, most))]
    return "".join(f"{{{p}}}" for p in parts) or "{0}"


def _announce(cost: str, rng: random.Random) -> list[str]:
    out = []
    for s in cost.strip("{}").split("}{"):
        parts = s.split("/")
        if len(parts) == 1:
            continue
        if parts[0] == "2":
            out.append(rng.choice([parts[1], "2"]))
        elif parts[0] == "C":
            out.append(rng.choice([parts[1], "C"]))
        elif parts[-1] == "P":
            out.append(rng.choice([*parts[:-1], "life"]))
        else:
            out.append(rng.choice(parts))
    return out


def _modifier(rng: random.Random, per: bool = True) -> dict:
    verb = rng.choice(["cost-increase"] * 3 + ["cost-reduction"] * 3 + ["cost-floor"])
    ins: dict = {"do": verb, "amount": rng.choice([0, 1, 1, 1, 2, 2, 3])}
    if rng.random() < 0.6:
        ins["spells"] = rng.choice(["any", "creature", "noncreature"])
    if verb != "cost-floor" and rng.random() < 0.6:
        ins["whose"] = rng.choice(["any", "you", "opponents"])
    if verb == "cost-reduction" and rng.random() < 0.5:
        ins["colors"] = rng.sample(COLOUR_WORDS, rng.randint(1, 2))
    if verb == "cost-floor":
        ins["amount"] = rng.randint(0, 5)
        if rng.random() < 0.7:
            ins["while"] = "untapped"
    if verb == "cost-increase" and per and rng.random() < 0.2:
        ins["per"] = "target-beyond-first"
    return ins


def case(rng: random.Random, n: int) -> dict:
    caster = rng.choice(["alice", "alice", "bob"])
    spell: dict = {"name": f"Spell {n}", "types": [rng.choice(TYPES)]}
    if spell["types"] == ["creature"]:
        spell.update(power=1, toughness=1)
    has_cost = rng.random() < 0.93
    question: dict = {"kind": "cost", "ask": "total", "card": spell["name"], "player": caster}
    if has_cost:
        spell["cost"] = _cost(rng, x=True)
        if "{X}" in spell["cost"]:
            question["x"] = rng.randint(0, 6)
    if rng.random() < 0.25:
        spell["kicker"] = _cost(rng, x=False, most=2)
    if rng.random() < 0.25:
        parts = []
        if rng.random() < 0.5:
            parts.append({"life": rng.randint(0, 4)})
        if rng.random() < 0.4:
            parts.append({"exile-from-hand": rng.choice(COLOUR_WORDS)})
        if rng.random() < 0.5 or not parts:
            parts.append({"mana": _cost(rng, x=False, choices=False, most=2)})
        spell["alternative-costs"] = [parts]
    if rng.random() < 0.3:
        spell["additional-costs"] = rng.sample([{"life": rng.randint(0, 3)},
                                                {"sacrifice": "creature"}], rng.randint(1, 2))
    if rng.random() < 0.2:
        spell["static"] = [{"do": "cost-increase", "amount": rng.randint(0, 2),
                            "per": "target-beyond-first"}]
    cards = [spell]
    battlefield: dict[str, list] = {"alice": [], "bob": ["Grizzly Bears"]}
    for m in range(rng.randint(0, 4)):
        card: dict = {"name": f"Modifier {n}.{m}", "cost": "{2}", "types": ["artifact"],
                      "static": [_modifier(rng)]}
        cards.append(card)
        where = rng.choice(["alice", "bob"])
        battlefield[where].append({"card": card["name"], "tapped": True}
                                  if rng.random() < 0.25 else card["name"])
    effects = [{"from": f"Effect {n}.{e}", "controller": rng.choice(["alice", "bob"]),
                **_modifier(rng, per=False)} for e in range(rng.choice([0, 0, 0, 1, 2]))]
    if rng.random() < 0.2:  # a creature with a modifier, sacrificed for mana after the lock
        victim = {"name": f"Sacrificed {n}", "cost": "{1}", "types": ["creature"], "power": 1,
                  "toughness": 1, "static": [_modifier(rng, per=False)]}
        cards.append(victim)
        battlefield[caster] += [victim["name"], "Ashnod's Altar"]
        question["during"] = [{"sacrifice": victim["name"], "to": "Ashnod's Altar"}]
    choice = rng.random()
    if choice < 0.15:
        grant: dict = {"do": "cast-without-paying", "who": "you"}
        if rng.random() < 0.5:
            grant["from"] = "hand"
        cards.append({"name": f"Grant {n}", "cost": "{3}", "types": ["enchantment"],
                      "static": [grant]})
        battlefield[caster].append(f"Grant {n}")
        question["alternative"] = f"Grant {n}"
    elif choice < 0.35 and "alternative-costs" in spell:
        question["alternative"] = "card"
    if "kicker" in spell and rng.random() < 0.6:
        question["kicked"] = True
    announced = []
    if "alternative" not in question and has_cost:
        announced += _announce(spell["cost"], rng)
    if question.get("kicked"):
        announced += _announce(spell["kicker"], rng)
    if announced:
        question["pay"] = announced
    targets = rng.sample(["alice", "bob", "Grizzly Bears"], rng.randint(0, 3))
    if targets:
        question["targets"] = targets
    state = {"players": ["alice", "bob"],
             "alice": {"battlefield": battlefield["alice"]},
             "bob": {"battlefield": battlefield["bob"]}}
    state[caster]["hand"] = [spell["name"]]
    if effects:
        state["effects"] = effects
    return {"name": f"generated cost {n}", "edition": "2026-08-07", "cards": cards,
            "state": state, "question": question}


def cases(count: int, seed: int = 0) -> Iterator[dict]:
    rng = random.Random(seed)
    for n in range(count):
        yield case(rng, n)
