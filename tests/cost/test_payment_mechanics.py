"""Convoke (CR 702.51), improvise (702.126) and delve (702.66) in the payment search
(``payment.pay``): hand cases worked out from the rules text, then a brute-force checker written
from the same text that must agree with ``pay`` on whether a payment exists.

    pytest tests/cost/test_payment_mechanics.py
    MTG_EXAMPLES=2000 pytest tests/cost/test_payment_mechanics.py   (a larger sample)
"""
from __future__ import annotations

import itertools
import os
import random
from collections import Counter

import pytest

from mtgrules.encodings.cost.payment import _most_payable, pay
from mtgrules.encodings.cost.smt import (
    CostProblem,
    ManaAbility,
    NoPayment,
    Payment,
    PaymentProblem,
    generic,
)
from mtgrules.model.mana import COLORS, MANA_TYPES, ManaCost

EXAMPLES = int(os.environ.get("MTG_EXAMPLES", "200"))


def land(name: str, mana: str, snow: bool = False) -> ManaAbility:
    return ManaAbility(name, name, ((mana, 1),), snow=snow, taps=name)


def problem(cost: str, *, lands: tuple[ManaAbility, ...] = (),
            untapped: tuple[str, ...] | None = None, announced: tuple[str | None, ...] = (),
            modifiers=(), **more) -> PaymentProblem:
    """A payment problem whose permanents are all untapped unless ``untapped`` says otherwise."""
    if untapped is None:
        untapped = tuple(a.taps for a in lands if a.taps) + tuple(c for c, _ in more.get(
            "convoke", ())) + tuple(more.get("improvise", ()))
    return PaymentProblem(CostProblem(ManaCost.parse(cost), announced=announced,
                                      modifiers=modifiers),
                          abilities=lands, untapped=untapped, **more)


# -- convoke (CR 702.51a): a creature pays {1} or one mana of one of its colours -------------


def test_red_creature_pays_red_and_green_creature_pays_generic():
    """Stoke the Flames {2}{R}{R} with a Mountain and a Swamp: the Swamp's {B} can only go to
    generic, so the two {R} come from the Mountain and the red creature, and the green creature
    pays the other {1}."""
    result = pay(problem("{2}{R}{R}", lands=(land("Mountain", "R"), land("Swamp", "B")),
                         convoke=(("Goblin Guide", ("R",)), ("Llanowar Elves", ("G",)))))
    assert isinstance(result, Payment)
    assert sorted(result.convoked) == [("Goblin Guide", "R"), ("Llanowar Elves", "generic")]
    assert ("{R}", "tap Goblin Guide (convoke)") in result.spent
    assert ("generic", "tap Llanowar Elves (convoke)") in result.spent


def test_two_mountains_leave_the_green_creature_to_generic():
    result = pay(problem("{2}{R}{R}", lands=(land("Mountain", "R"), land("Mountain#2", "R")),
                         convoke=(("Goblin Guide", ("R",)), ("Llanowar Elves", ("G",)))))
    assert isinstance(result, Payment)
    assert ("Llanowar Elves", "generic") in result.convoked
    assert len(result.convoked) == 2 and len(result.activations) == 2


def test_a_green_creature_cannot_pay_blue():
    result = pay(problem("{1}{U}", lands=(land("Forest", "G"),),
                         convoke=(("Llanowar Elves", ("G",)),)))
    assert isinstance(result, NoPayment)
    assert result.short == ("U",)
    assert "blue is short" in result.details[0]
    blue = pay(problem("{1}{U}", lands=(land("Forest", "G"),),
                       convoke=(("Coral Merfolk", ("U",)),)))
    assert isinstance(blue, Payment) and blue.convoked == (("Coral Merfolk", "U"),)


def test_a_colourless_creature_pays_only_generic():
    assert isinstance(pay(problem("{R}", convoke=(("Ornithopter", ()),))), NoPayment)
    assert pay(problem("{1}", convoke=(("Ornithopter", ()),))).convoked == (
        ("Ornithopter", "generic"),)


def test_convoke_pays_no_colourless_snow_or_life():
    """702.51a names coloured and generic mana only: not {C}, not {S}, and a Phyrexian symbol
    announced as life is paid with life (CR 601.2b)."""
    red = (("Goblin Guide", ("R",)),)
    assert pay(problem("{C}", convoke=red)).short == ("C",)
    assert pay(problem("{S}", convoke=red)).short == ("S",)
    life = PaymentProblem(CostProblem(ManaCost.parse("{R/P}"), announced=("life",)),
                          life_total=1, convoke=red, untapped=("Goblin Guide",))
    assert pay(life).short == ("life",)


def test_a_multicoloured_creature_pays_one_mana_of_one_colour():
    result = pay(problem("{W}{U}", convoke=(("Azorius Guildmage", ("W", "U")),)))
    assert isinstance(result, NoPayment)
    assert isinstance(pay(problem("{U}", convoke=(("Azorius Guildmage", ("W", "U")),))), Payment)


def test_a_hybrid_symbol_is_paid_by_the_colour_announced():
    """After 601.2b a hybrid symbol is a coloured requirement of the announced colour."""
    elves = (("Llanowar Elves", ("G",)),)
    assert isinstance(pay(problem("{R/G}", announced=("G",), convoke=elves)), Payment)
    assert pay(problem("{R/G}", announced=("R",), convoke=elves)).short == ("R",)
    chosen = pay(problem("{R/G}", announced=(None,), convoke=elves))
    assert isinstance(chosen, Payment) and chosen.total.announced == ("G",)
    assert isinstance(pay(problem("{2/G}", announced=("generic:2",), convoke=elves)), NoPayment)


def test_convoke_pays_the_total_after_reductions():
    """702.51b's example: Heartless Summoning makes Siege Wurm {5}{G}{G} cost {3}{G}{G}; two
    green creatures and three others pay it all; without the reduction they can't."""
    creatures = (("Elf", ("G",)), ("Elf#2", ("G",)), ("Goblin", ("R",)), ("Goblin#2", ("R",)),
                 ("Soldier", ("W",)))
    summoning = (generic("Heartless Summoning", "reduction", 2),)
    result = pay(problem("{5}{G}{G}", modifiers=summoning, convoke=creatures))
    assert isinstance(result, Payment) and len(result.convoked) == 5
    assert Counter(paid for _, paid in result.convoked) == Counter({"G": 2, "generic": 3})
    assert isinstance(pay(problem("{5}{G}{G}", convoke=creatures)), NoPayment)
    assert isinstance(pay(problem("{5}{G}{G}", modifiers=summoning, convoke=creatures[1:])),
                      NoPayment)


def test_a_tapped_creature_cannot_convoke():
    """CR 118.3: a tapped permanent can't be tapped to pay a cost."""
    assert isinstance(pay(problem("{1}", convoke=(("Elf", ("G",)),), untapped=())), NoPayment)
    assert isinstance(pay(problem("{1}", convoke=(("Elf", ("G",)),), untapped=("Elf",))), Payment)


def test_a_creature_tapped_for_mana_cannot_also_convoke():
    elves = ManaAbility("Llanowar Elves", "Llanowar Elves", (("G", 1),), taps="Llanowar Elves")
    conv = (("Llanowar Elves", ("G",)),)
    result = pay(problem("{G}{G}", lands=(elves,), convoke=conv))
    # the Elves count once, for {G} from its ability or for convoke: short of both
    assert isinstance(result, NoPayment) and result.short == ("G", "generic")
    assert result.details == ("green is short: the total cost asks for 2 green mana and at "
                              "most 1 can be made or paid by convoke",
                              "not enough mana: the total cost asks for 2 mana in all and at "
                              "most 1 mana can be made or paid by convoke")
    assert isinstance(pay(problem("{G}", lands=(elves,), convoke=conv)), Payment)
    both = pay(problem("{1}{G}", lands=(elves, land("Forest", "G")), convoke=conv))
    assert isinstance(both, Payment)
    assert ("tap Llanowar Elves for {G}" in both.activations) != bool(both.convoked)


def test_a_dual_land_is_tapped_once():
    """CR 118.3 holds for mana abilities too: a land with two tapping abilities makes one
    mana, and the shortage says so."""
    tundra = (ManaAbility("Tundra", "Tundra", (("W", 1),), taps="Tundra"),
              ManaAbility("Tundra/2", "Tundra", (("U", 1),), taps="Tundra"))
    result = pay(problem("{W}{U}", lands=tundra))
    assert isinstance(result, NoPayment) and result.short == ("generic",)
    assert result.details == ("not enough mana: the total cost asks for 2 mana in all and at "
                              "most 1 mana can be made",)
    assert isinstance(pay(problem("{U}", lands=tundra)), Payment)


def test_a_creature_sacrificed_for_mana_cannot_convoke():
    """Mana abilities are activated before the cost is paid (601.2g–h): a creature sacrificed
    to Ashnod's Altar is gone when convoke would tap it."""
    altar = ManaAbility("Ashnod's Altar<-Elf", "Ashnod's Altar", (("C", 2),), sacrifices="Elf")
    result = pay(problem("{3}", lands=(altar,), convoke=(("Elf", ("G",)),)))
    assert isinstance(result, NoPayment)
    assert result.details == ("not enough mana: the total cost asks for 3 mana in all and at "
                              "most 2 mana can be made or paid by convoke",)
    assert isinstance(pay(problem("{2}", lands=(altar,), convoke=(("Elf", ("G",)),))), Payment)


def test_a_convoking_creature_may_still_be_sacrificed_for_a_cost():
    """601.2h pays the costs in any order: tap the creature for convoke, then sacrifice it."""
    result = pay(problem("{1}", convoke=(("Elf", ("G",)),),
                         sacrifice=(("sacrifice a creature", ("Elf",)),)))
    assert isinstance(result, Payment)
    assert result.convoked == (("Elf", "generic"),) and result.sacrificed == ("Elf",)


# -- improvise (CR 702.126a): an artifact pays {1} --------------------------------------------


def test_improvise_pays_generic_only():
    assert isinstance(pay(problem("{2}", improvise=("Ornithopter", "Bauble"))), Payment)
    assert pay(problem("{R}", improvise=("Ornithopter", "Bauble"))).short == ("R",)
    assert isinstance(pay(problem("{3}", improvise=("Ornithopter", "Bauble"))), NoPayment)


def test_an_artifact_creature_is_tapped_once():
    """An artifact creature may convoke or improvise, not both: one tap pays one {1}."""
    both = {"convoke": (("Servo", ()),), "improvise": ("Servo",)}
    assert isinstance(pay(problem("{2}", **both)), NoPayment)
    result = pay(problem("{1}", **both))
    assert isinstance(result, Payment)
    assert len(result.convoked) + len(result.improvised) == 1
    myr = ManaAbility("Iron Myr", "Iron Myr", (("R", 1),), taps="Iron Myr")
    own = {"convoke": (("Iron Myr", ("R",)),), "improvise": ("Iron Myr",)}
    assert isinstance(pay(problem("{2}", lands=(myr,), **own)), NoPayment)
    assert isinstance(pay(problem("{1}", lands=(myr,), **own)), Payment)
    assert isinstance(pay(problem("{1}", improvise=("Bauble",), untapped=())), NoPayment)


# -- delve (CR 702.66a): a card exiled from the graveyard pays {1} ----------------------------


THALIA = (generic("Thalia, Guardian of Thraben", "increase", 1),)


def test_treasure_cruise_with_seven_cards_and_two_lands():
    """Treasure Cruise {7}{U} under Thalia: total {8}{U}; seven cards exiled pay {7}, the
    Island pays {U} and the Swamp the last {1}."""
    graveyard = tuple(f"card{i}" for i in range(7))
    lands = (land("Island", "U"), land("Swamp", "B"))
    result = pay(problem("{7}{U}", modifiers=THALIA, lands=lands, delve=graveyard))
    assert isinstance(result, Payment)
    assert result.total.mana_text == "{8}{U}"
    assert sorted(result.delved) == list(graveyard) and len(result.activations) == 2
    assert ("generic", "exile " + ", ".join(graveyard) + " (delve)") in result.spent
    short = pay(problem("{7}{U}", modifiers=THALIA, lands=lands, delve=graveyard[1:]))
    assert isinstance(short, NoPayment) and short.short == ("generic",)
    assert short.details == ("not enough mana: the total cost asks for 9 mana in all and at "
                             "most 8 mana can be made or paid by delve",)


def test_fewest_activations_then_fewest_cards():
    """The witness taps as few lands as it can (the existing order), then exiles as few cards
    as it can: with nine cards only the Island is tapped; pool mana spares a card."""
    graveyard = tuple(f"card{i}" for i in range(9))
    lands = (land("Island", "U"), land("Swamp", "B"))
    result = pay(problem("{7}{U}", modifiers=THALIA, lands=lands, delve=graveyard))
    assert result.activations == ("tap Island for {U}",) and len(result.delved) == 8
    pooled = PaymentProblem(CostProblem(ManaCost.parse("{1}")), pool=(("C", 1),),
                            delve=("card0",))
    assert pay(pooled).delved == ()


def test_fewest_objects_may_pick_the_announcement():
    """{2/G} left to the solver: announcing {G} lets one green creature pay it, where {2}
    would take two objects."""
    result = pay(problem("{2/G}", announced=(None,), convoke=(("Elf", ("G",)), ("Ornithopter", ())),
                         delve=("card0",)))
    assert result.total.announced == ("G",)
    assert (result.convoked, result.delved) == ((("Elf", "G"),), ())


def test_delve_pays_no_coloured_mana():
    assert pay(problem("{U}", delve=tuple(f"card{i}" for i in range(20)))).short == ("U",)


def test_a_card_exiled_for_delve_is_not_also_exiled_for_another_cost():
    exile = (("exile a card from your graveyard", ("Bauble",)),)
    assert isinstance(pay(problem("{1}", delve=("Bauble",), cards=exile)), NoPayment)
    result = pay(problem("{1}", delve=("Bauble", "Ox"), cards=exile))
    assert isinstance(result, Payment)
    assert result.cards == ("Bauble",) and result.delved == ("Ox",)


def test_unpayable_generic_counts_every_way_to_pay():
    """The "not enough mana" sentence counts mana, creatures, artifacts and cards together."""
    args = {"lands": (land("Forest", "G"),), "convoke": (("Elf", ("G",)),),
            "improvise": ("Bauble",), "delve": ("card0",)}
    assert isinstance(pay(problem("{4}", **args)), Payment)
    result = pay(problem("{5}", **args))
    assert result.short == ("generic",)
    assert result.details == ("not enough mana: the total cost asks for 5 mana in all and at "
                              "most 4 mana can be made or paid by convoke, improvise or delve",)


# -- against a brute-force checker written from the rules text -------------------------------


def brute_payable(p: PaymentProblem) -> bool:
    """Every announcement, every set of mana abilities (nothing tapped twice or while tapped,
    nothing sacrificed twice), every sacrifice and card pick, every use of each convoking
    creature (nothing, {1}, or a colour it has) and each artifact (nothing or {1}) not already
    tapped or sacrificed for mana, and every number of the remaining graveyard cards; what
    is left is paid with mana: a colour with its colour, {S} with snow mana, generic with any."""
    cost = p.cost
    options = [s.options if a is None else (a,) for s, a in itertools.zip_longest(
        cost.choice_symbols, cost.announced) if s is not None]
    usable = [a for a in p.abilities if a.taps is None or a.taps in p.untapped]
    for announced in itertools.product(*options):
        need, life = requirement(cost, announced)
        if life > p.life_total and life > 0:
            continue
        for r in range(len(usable) + 1):
            for used in itertools.combinations(usable, r):
                tapped = [a.taps for a in used if a.taps]
                gone = [a.sacrifices for a in used if a.sacrifices]
                if len(set(tapped)) < len(tapped) or len(set(gone)) < len(gone):
                    continue
                if not _distinct_picks(p.sacrifice, set(gone)):
                    continue
                busy = set(tapped) | set(gone)
                for exiled in _card_picks(p.cards, set()):
                    cards = len([d for d in p.delve if d not in exiled])
                    if _pays(p, used, busy, need, cards):
                        return True
    return False


def requirement(cost: CostProblem, announced) -> tuple[Counter, int]:
    """The total (601.2f) with no modifiers: each symbol as it stands or as announced."""
    need, life, k = Counter(), cost.life, 0
    for s in cost.symbols:
        if s.is_choice:
            o = announced[k]
            k += 1
            if o == "life":
                life += 2
            elif o.startswith("generic:"):
                need["generic"] += int(o.split(":")[1])
            else:
                need[o] += 1
        elif s.kind == "generic":
            need["generic"] += s.amount
        elif s.kind == "snow":
            need["S"] += 1
        else:
            need[s.colors[0] if s.colors else "C"] += 1
    return need, life


def _distinct_picks(costs, taken: set) -> bool:
    return not costs or any(_distinct_picks(costs[1:], taken | {c})
                            for c in costs[0][1] if c not in taken)


def _card_picks(costs, taken: frozenset | set):
    """Every way to give each card cost its own card."""
    if not costs:
        yield set(taken)
        return
    for c in costs[0][1]:
        if c not in taken:
            yield from _card_picks(costs[1:], set(taken) | {c})


def _pays(p: PaymentProblem, used, busy: set, need: Counter, cards: int) -> bool:
    free = [(c, colours) for c, colours in p.convoke if c in p.untapped and c not in busy]
    artifacts = [a for a in p.improvise if a in p.untapped and a not in busy]
    choices = [[None, "generic", *dict.fromkeys(x for x in colours if x in COLORS)]
               for _, colours in free]
    for convoked in itertools.product(*choices):
        tapped = {c for (c, _), x in zip(free, convoked) if x}
        rest = [a for a in artifacts if a not in tapped]
        left = Counter(need)
        for x in convoked:
            if x:
                left[x] -= 1
        for k in range(len(rest) + 1):
            for d in range(cards + 1):
                after = Counter(left)
                after["generic"] -= k + d
                if min(after.values(), default=0) >= 0 and _mana_pays(p, used, after):
                    return True
    return False


def _mana_pays(p: PaymentProblem, used, need: Counter) -> bool:
    """Pay each colour with plain mana first (snow mana may also pay {S}), then {S} with the
    snow mana left, then generic with whatever is left — greedy is enough: plain mana of a
    type pays only that type or generic."""
    plain, snowy = Counter(dict(p.pool)), Counter()
    for a in used:
        for t, n in a.produces:
            (snowy if a.snow else plain)[t] += n
    for t in MANA_TYPES:
        from_plain = min(plain[t], need[t])
        plain[t] -= from_plain
        if snowy[t] < need[t] - from_plain:
            return False
        snowy[t] -= need[t] - from_plain
    if sum(snowy.values()) < need["S"]:
        return False
    return sum(plain.values()) + sum(snowy.values()) - need["S"] >= need["generic"]


SYMBOLS = ["{1}", "{1}", "{2}", "{W}", "{U}", "{B}", "{R}", "{G}", "{G}", "{C}", "{S}", "{R/G}",
           "{W/U}", "{2/G}", "{B/P}"]


def random_problem(seed: int) -> PaymentProblem:
    rng = random.Random(seed)
    cost = ManaCost.parse("".join(rng.choice(SYMBOLS) for _ in range(rng.randint(1, 4))))
    announced = tuple(rng.choice((None, *s.options)) for s in cost.choices)
    # mana and creatures of the colours the cost names come more often, so that about half
    # the problems are payable
    wanted = [c for s in cost.symbols for c in s.colors]
    abilities = [land(f"land{i}", rng.choice(wanted + list(MANA_TYPES)), snow=rng.random() < 0.2)
                 for i in range(rng.randint(0, 4))]
    convoke = [(f"bear{i}", tuple(dict.fromkeys(rng.choice(wanted + list(COLORS))
                                                for _ in range(rng.choice((0, 1, 1, 2))))))
               for i in range(rng.randint(0, 4))]
    for c, colours in convoke:  # some creatures also tap or are sacrificed for mana
        if colours and rng.random() < 0.3:
            abilities.append(ManaAbility(c, c, ((colours[0], 1),), taps=c))
        if rng.random() < 0.15:
            abilities.append(ManaAbility(f"altar<-{c}", "altar", (("C", 2),), sacrifices=c))
    improvise = [f"thopter{i}" for i in range(rng.randint(0, 2))]
    if convoke and rng.random() < 0.3:  # an artifact creature
        improvise.append(convoke[0][0])
    delve = tuple(f"card{i}" for i in range(rng.randint(0, 5)))
    cards = (("exile a card", tuple(rng.sample(delve, min(2, len(delve))))),) \
        if delve and rng.random() < 0.3 else ()
    sacrifice = (("sacrifice a creature", tuple(c for c, _ in convoke)),) \
        if convoke and rng.random() < 0.2 else ()
    objects = [a.taps for a in abilities if a.taps] + [c for c, _ in convoke] + improvise
    untapped = tuple(o for o in dict.fromkeys(objects) if rng.random() < 0.85)
    pool = tuple(Counter(rng.choice(MANA_TYPES) for _ in range(rng.choice((0, 0, 1)))).items())
    return PaymentProblem(CostProblem(cost, announced=announced), pool, tuple(abilities),
                          rng.randint(0, 4), sacrifice, cards, untapped, convoke=tuple(convoke),
                          improvise=tuple(improvise), delve=delve)


def check_witness(p: PaymentProblem, w: Payment) -> None:
    """The witness itself obeys the rules: each object used once, only where it may be, and
    what the mechanics don't pay is paid by the mana the listed abilities made."""
    used = [a for a in p.abilities if a.describe() in w.activations]
    assert len(used) == len(w.activations)
    tapped = [a.taps for a in used if a.taps] + [c for c, _ in w.convoked] + list(w.improvised)
    assert len(tapped) == len(set(tapped)) and set(tapped) <= set(p.untapped)
    gone = {a.sacrifices for a in used if a.sacrifices}
    assert not gone & ({c for c, _ in w.convoked} | set(w.improvised))
    colours = dict(p.convoke)
    assert all(x == "generic" or x in colours[c] for c, x in w.convoked)
    assert set(w.improvised) <= set(p.improvise)
    assert len(set(w.delved)) == len(w.delved) and set(w.delved) <= set(p.delve)
    assert not set(w.delved) & set(w.cards)
    need = w.total.counts()
    for _, x in w.convoked:
        need[x] -= 1
    need["generic"] -= len(w.improvised) + len(w.delved)
    assert min(need.values(), default=0) >= 0
    assert _mana_pays(p, used, need)
    expected, _ = requirement(p.cost, w.total.announced)
    assert w.total.counts() == +expected


@pytest.mark.parametrize("seed", range(EXAMPLES))
def test_pay_agrees_with_the_brute_force_checker(seed):
    p = random_problem(seed)
    result = pay(p)
    assert isinstance(result, Payment) == brute_payable(p), p
    if isinstance(result, Payment):
        check_witness(p, result)
        # the bounds the shortage sentences quote are never below what was just paid
        available, most = _most_payable(p)
        assert result.total.mana_amount <= most
        assert all(result.total.counts()[t] <= available[t] for t in MANA_TYPES)
    else:
        assert result.short, p
