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


# -- the casting mechanics of issue 26 ---------------------------------------------------------

EDITIONS = ("2008-02-01", "2008-10-01", "2009-05-01", "2009-07-11", "2009-10-01", "2016-07-22",
            "2016-11-11", "2024-07-30", "2024-09-20", "2024-11-08", "2026-01-16", "2026-08-07")
FODDER = ("Counterspell", "Revitalize", "Divination")
"""Cards in the caster's hand to discard (escalate, discard costs)."""
GRAVE = ("Shock", "Opt", "Peek", "Zap", "Cancel")
"""Cards in the caster's graveyard to delve."""
CONVOKERS = ("Llanowar Elves", "Elvish Visionary")
TRINKETS = tuple(f"Trinket {c}" for c in "ABCDE")
"""Plain artifacts: for affinity and improvise (and a Frogmite-style count)."""
LIBRARY_SPELLS = {
    "modal": ("Izzet Charm", "Collective Brutality", "Tooth and Nail"),
    "kicker": ("Orim's Thunder", "Verdeloth the Ancient", "Burst Lightning"),
    "buyback": ("Capsize",),
    "splice": ("Lava Spike",),
    "face-down": ("Exalted Angel",),
    "affinity": ("Frogmite",),
    "retrace": ("Raven's Crime",),
    "convoke": ("Stoke the Flames",),
    "delve": ("Treasure Cruise",),
}
OPPOSITE = {"alice": "bob", "bob": "alice"}


def _plain_cost(rng: random.Random, most: int = 3, low: int = 0) -> str:
    parts = [str(rng.randint(low, 5))] if rng.random() < 0.8 else []
    parts += [rng.choice(COLOURS) for _ in range(rng.randint(0 if parts else 1, most))]
    return "".join(f"{{{p}}}" for p in parts) or "{0}"


def _synthetic(rng: random.Random, kind: str, n: int) -> dict:
    """A made-up card using the mechanic (its costs plain: generic and coloured symbols)."""
    draw = [{"do": "draw", "who": "you", "count": 1}]
    sorcery = rng.choice(["instant", "sorcery"])
    card: dict = {"name": f"Mech {n}", "cost": _plain_cost(rng), "types": [sorcery],
                  "resolve": draw}
    if kind == "modal":
        del card["resolve"]
        options = [{"resolve": draw} for _ in range(rng.randint(2, 4))]
        card["modes"] = {"choose": rng.choice([1, 1, 2, "one-or-more"]), "options": options}
        if card["modes"]["choose"] == 2 and len(options) == 2:
            card["modes"]["choose"] = 1
        if rng.random() < 0.2:
            card["modes"]["repeat"] = True
        if rng.random() < 0.5:
            card["entwine"] = _plain_cost(rng, most=1)
        else:
            card["escalate"] = rng.sample([{"discard": "card"}, {"mana": _plain_cost(rng, 1)},
                                           {"life": rng.randint(1, 2)}], rng.randint(1, 2))
    elif kind == "kicker":
        if rng.random() < 0.4:
            card["multikicker"] = _plain_cost(rng, most=1, low=1)
        else:
            card["kicker"] = rng.choice(["{X}", "{X}{R}", _plain_cost(rng, most=2)])
    elif kind == "buyback":
        card["buyback"] = _plain_cost(rng, most=1)
    elif kind == "splice":
        card["subtypes"] = ["Arcane"]
    elif kind == "flashback":
        card["flashback"] = _plain_cost(rng, most=2)
    elif kind == "face-down":
        card.update(types=["creature"], power=rng.randint(1, 5), toughness=rng.randint(1, 5),
                    morph=_plain_cost(rng, most=2))
        del card["resolve"]
    elif kind == "affinity":
        card["affinity"] = "artifact"
        if rng.random() < 0.4:
            card.update(types=["artifact", "creature"], power=2, toughness=2)
            del card["resolve"]
    elif kind in ("retrace", "convoke", "delve", "improvise"):
        card["keywords"] = [kind]
    if rng.random() < 0.15:
        card["additional-costs"] = [rng.choice([{"mana": _plain_cost(rng, most=1)},
                                                {"life": rng.randint(1, 2)},
                                                {"discard": "card"}])]
    return card


def _slots(card: dict, modes: list[int] | None, kicked: int, spliced: list[dict]) -> list[str]:
    """The target kinds in the order of the question's flat list (issue 26 spec)."""
    out: list[str] = []
    if card.get("modes"):
        for m in modes or []:
            out += card["modes"]["options"][m - 1].get("targets", [])
    else:
        out += card.get("targets", [])
    if kicked and card.get("if-kicked"):
        out += card["if-kicked"].get("targets", [])
    for s in spliced:
        out += s.get("targets", [])
    return out


def mechanic_case(rng: random.Random, n: int, library: dict[str, dict]) -> dict:
    """A cast using one (sometimes two) of the casting mechanics, in a random edition, under
    random cost modifiers; about one in five is an announcement the rules forbid."""
    edition = rng.choice(EDITIONS[:5] + EDITIONS[5:] * 3)
    caster = rng.choice(["alice", "alice", "alice", "bob"])
    other = OPPOSITE[caster]
    kind = rng.choice(["modal", "modal", "kicker", "kicker", "buyback", "splice", "splice",
                       "flashback", "flashback", "face-down", "face-down", "affinity",
                       "affinity", "retrace", "convoke", "delve", "improvise"])
    if kind in ("convoke", "delve") and edition < "2016-07-22":
        kind = "affinity"  # a reduction then (502.46a, 502.64a): not modelled
    cards: list[dict] = []
    if kind in LIBRARY_SPELLS and rng.random() < 0.5:
        spell = library[rng.choice(LIBRARY_SPELLS[kind])]
    else:
        spell = _synthetic(rng, kind, n)
        cards.append(spell)
    name = spell["name"]
    question: dict = {"kind": "cost", "ask": "total", "card": name, "player": caster}
    zones: dict[str, dict[str, list]] = {p: {"hand": [], "battlefield": [], "graveyard": []}
                                         for p in ("alice", "bob")}
    zones["bob"]["battlefield"].append("Grizzly Bears")  # the creature targeted
    hand = zones[caster]["hand"]
    illegal = rng.random() < 0.2
    if "{X}" in spell.get("cost", "") and kind not in ("face-down", "flashback"):
        question["x"] = rng.randint(0, 4)
    elif "{X}" in spell.get("cost", ""):
        spell = {**spell, "cost": spell["cost"].replace("{X}", "")}
        cards = [c for c in cards if c["name"] != name] + [spell]

    modes: list[int] | None = None
    if spell.get("modes"):
        options = len(spell["modes"]["options"])
        choose = spell["modes"]["choose"]
        if "entwine" in spell and rng.random() < 0.5:
            question["entwined"] = True
            modes = list(range(1, options + 1))
        else:
            count = rng.randint(1, options) if choose == "one-or-more" else int(choose)
            if illegal:
                count = rng.choice([count + 1, 0]) if choose != "one-or-more" else count
            count = min(max(count, 0), options + 1)
            if spell["modes"].get("repeat") and edition >= "2016-07-22":
                modes = [rng.randint(1, options) for _ in range(count)]
            else:
                modes = sorted(rng.sample(range(1, options + 1), min(count, options)))
                if illegal and modes and not spell["modes"].get("repeat") and \
                        rng.random() < 0.5:
                    modes.append(modes[0])  # the same mode twice
            rng.shuffle(modes)
            question["modes"] = modes
        if spell.get("escalate"):
            hand += list(FODDER)
    kicked = 0
    if "kicker" in spell and rng.random() < 0.8:
        kicked = 2 if illegal else 1
        question["kicked"] = True if kicked == 1 else kicked
        if "{X}" in spell["kicker"]:
            question["kicker-x"] = rng.randint(0, 4)
    if "multikicker" in spell and rng.random() < 0.8:
        kicked = rng.randint(1, 3)
        question["kicked"] = kicked if kicked > 1 or rng.random() < 0.5 else True
    if "buyback" in spell and rng.random() < 0.8:
        question["buyback"] = True
    spliced: list[dict] = []
    if kind == "splice":
        pool = [library["Glacial Ray"]] + [
            {"name": f"Splice {n}.{k}", "cost": _plain_cost(rng), "types": ["instant"],
             "subtypes": ["Arcane"], "splice": {"onto": "Arcane", "cost": _plain_cost(rng, 2)},
             "resolve": [{"do": "draw", "who": "you", "count": 1}]} for k in range(2)]
        spliced = rng.sample(pool, rng.randint(1, 3))
        cards += [s for s in spliced if s["name"] != "Glacial Ray"]
        hand += [s["name"] for s in spliced]
        question["splice"] = [s["name"] for s in spliced]
        if illegal:
            if rng.random() < 0.5:
                question["splice"].append(question["splice"][0])  # twice (702.47b)
            else:  # onto a spell that isn't Arcane
                spell = {**spell, "name": f"Plain {n}", "subtypes": []}
                cards.append(spell)
                name = question["card"] = spell["name"]
    if kind == "flashback":
        question["alternative"] = "flashback"
        if not (illegal and rng.random() < 0.5):
            question["from"] = "graveyard"
        elif rng.random() < 0.5:
            del question["alternative"]
            question["from"] = "graveyard"  # its mana cost from the graveyard: no permission
    if kind == "face-down" and rng.random() < 0.85:
        question["alternative"] = "face-down"
        if illegal:
            zones[caster]["battlefield"].append("Omniscience")
            question["alternative"] = ["face-down", "Omniscience"]
    if kind == "retrace" and rng.random() < 0.8:
        question["from"] = "graveyard"
        hand.append("Mountain")
        if rng.random() < 0.5:
            question["discard"] = ["Mountain"]
    if kind in ("convoke", "delve", "improvise") and rng.random() < 0.8:
        pool = {"convoke": CONVOKERS, "delve": GRAVE, "improvise": TRINKETS[:2]}[kind]
        used = list(pool[:rng.randint(1, 2)])
        question[kind] = used
        where = "graveyard" if kind == "delve" else "battlefield"
        zones[caster][where] += [u for u in used if u not in zones[caster][where]]
    if "alternative" not in question and kind not in ("retrace", "flashback") and \
            rng.random() < 0.12:  # without paying its mana cost, plus the additional costs
        zones[caster]["battlefield"].append("Omniscience")
        question["alternative"] = "Omniscience"
        if "x" in question:
            question["x"] = 0  # 107.3b: the only legal X without paying the mana cost
    for extra in spell.get("additional-costs", []):
        if "discard" in extra:
            hand += [f for f in FODDER if f not in hand]

    # the modifiers: Thalia, Sphere, Trinisphere (maybe tapped), Helm, a colour reduction, a
    # creature-spells increase, and artifacts for affinity and improvise
    for permanent in ("Thalia, Guardian of Thraben", "Sphere of Resistance", "Trinisphere",
                      "Helm of Awakening", "Thunderscape Familiar"):
        if rng.random() < 0.25 and not (permanent == "Trinisphere" and edition < "2009-07-11"):
            side = rng.choice(["alice", "bob"])
            tapped = permanent == "Trinisphere" and rng.random() < 0.25
            zones[side]["battlefield"].append({"card": permanent, "tapped": True} if tapped
                                              else permanent)
    if rng.random() < 0.25:
        colours = rng.sample(COLOUR_WORDS, rng.randint(1, 2))
        helper = {"name": f"Colour Helper {n}", "cost": "{2}", "types": ["enchantment"],
                  "static": [{"do": "cost-reduction", "amount": rng.randint(1, 2),
                              "whose": rng.choice(["you", "any"]), "colors": colours}]}
        cards.append(helper)
        zones[rng.choice(["alice", "bob"])]["battlefield"].append(helper["name"])
    if rng.random() < 0.15:
        taxer = {"name": f"Creature Tax {n}", "cost": "{2}", "types": ["enchantment"],
                 "static": [{"do": "cost-increase", "amount": 1, "spells": "creature"}]}
        cards.append(taxer)
        zones[rng.choice(["alice", "bob"])]["battlefield"].append(taxer["name"])
    if kind in ("affinity", "improvise") or rng.random() < 0.2:
        count = rng.randint(0, 5)
        have = [t for t in zones[caster]["battlefield"] if t in TRINKETS]
        zones[caster]["battlefield"] += [t for t in TRINKETS[:count] if t not in have]
        if rng.random() < 0.3:  # artifacts of the other player's: not counted
            mine = zones[caster]["battlefield"]
            zones[other]["battlefield"] += [t for t in TRINKETS if t not in mine][:2]
    cards += [{"name": t, "cost": "{1}", "types": ["artifact"]} for t in TRINKETS
              if any(t in z["battlefield"] for z in zones.values())]

    # where the spell is, and its targets
    (zones[caster]["graveyard"] if question.get("from") == "graveyard" else hand).append(name)
    kinds = _slots(spell, modes, kicked, spliced)
    targets = []
    stack: list[str] = []
    for k in kinds:
        if k in ("creature", "permanent"):
            targets.append("Grizzly Bears")
        elif k == "artifact-or-enchantment":
            if "Phyrexian Arena" not in zones["bob"]["battlefield"]:
                zones["bob"]["battlefield"].append("Phyrexian Arena")
            targets.append("Phyrexian Arena")
        elif k in ("spell", "noncreature-spell"):
            stack = ["Lightning Bolt"]
            targets.append("Lightning Bolt")
        else:
            targets.append(other)
    if targets:
        question["targets"] = targets
    state: dict = {"players": ["alice", "bob"], "active": caster, "step": "main1"}
    for p in ("alice", "bob"):
        state[p] = {z: v for z, v in zones[p].items() if v}
    if stack:
        state[other]["stack"] = stack
    return {"name": f"generated casting mechanic {n} ({kind})", "edition": edition,
            "cards": cards, "state": state, "question": question}


def mechanic_cases(count: int, seed: int = 0) -> Iterator[dict]:
    from cost_oracle import _library  # the built-in cards, as the oracle reads them

    rng = random.Random(seed)
    for n in range(count):
        yield mechanic_case(rng, n, _library())
