"""An independent reference stepper of the game in time, written from the Comprehensive
Rules (CR 103.8a, 111, 117, 122, 302.6, 405, 500-514, 603.3, 608, 611, 613, 702, 704; 2008 CR
300.3 for mana burn, 418.5a for the old layers, 420.5e for the old legend rule) and the modelling
conventions of the temporal core (one event per time step, named as the core names them). It is
NOT a transliteration of the ASP encodings and is never imported by the package: it only serves
to check the core's traces event by event (test_reference_agreement.py).

Scope: the cards of the test generator (basic lands, Reliquary Tower, Mutavault, Grizzly Bears,
Llanowar Elves, Phyrexian Arena, Sulfuric Vortex, Font of Mythos, Megrim, Lightning Bolt, Lava
Spike, Divination, Revitalize, Giant Growth, Glorious Anthem, Turn to Frog, Twisted Image,
Battlegrowth, Puncture Bolt, Leap, Raise the Alarm and its Soldier tokens, Raging Goblin, the
keyword creatures of the combat generator (Tundra Wolves, Fencing Ace, Vampire Nighthawk …),
Isamaru, Gladecover Scout, Darksteel Myr, Storm Crow, Giant Spider, Wall of Stone, Boggart Brute,
Sparkmage Apprentice, Flametongue Kavu, Phantasmal Bear, Capsize, Liliana of the Veil, Abyssal
Persecutor, Platinum Angel, Silence, Burst Lightning, Glacial Ray, Cryptic Command, Orim's
Thunder, Everflowing Chalice, Blaze, Forked Bolt, Fireball, Cinder Elemental, Mogg Fanatic,
Verdeloth the Ancient's casts) and hidden
cards; 2+ players; scripts of passes, holds, mana, casts (with buyback or kicker announced or not;
X announced, 601.2b, a kicker's X too, 107.3a; a target for each slot, 601.2c, or a number of them announced with their division, 601.2c-d; a kicked part's only if kicked, 702.33g; cards spliced, 702.47), activations (loyalty abilities too, CR 606: 212.9f of 2008, 306.7 of 2009-07-11), land plays, attacks,
blocks (two players), damage assignment orders and combat damage assignments, cleanup
discards, trigger orders and targets, legend-rule choices, `all pass until`. Combat damage
(2008 CR 310, 502; later 509.2, 510, 702) under three regimes: on the stack as one object before
M10, by the attacking player's damage assignment order (2009-07-11 to 2024-11-08; deathtouch
dividing freely in the 2009 editions, 1 lethal from 2016), divided freely from Foundations;
first and double strike, trample, deathtouch (704.5h), lifelink, 509.1h, removal from combat.
Refused as the combat interface says: a 2008 combat in which a creature with lifelink or
deathtouch (triggered abilities then) would deal combat damage; attacks with 3+ players. Lasting effects of the state: effects on characteristics naming one object,
extra land plays, "can't play lands".

Characteristics are computed (CR 613) for every permanent whenever they are read: layer 4
(animate adds types), layer 6 (keywords granted/removed, "loses all abilities" also taking its
triggered, activated, mana and static abilities), layer 7b (set, latest timestamp wins), 7c
(modifications summed, counters), 7d (switch). Before the M10 rules (2009-07-11) the power and
toughness layer was 6 with sublayers 6b (every non-static effect, setting and modifying alike,
in timestamp order), 6c counters, 6d static modifications, 6e switching (2008 CR 418.5a).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

STEPS = ["untap", "upkeep", "draw", "main1", "beginning_of_combat", "declare_attackers",
         "declare_blockers", "combat_damage", "end_of_combat", "main2", "end", "cleanup"]
PHASE = {"untap": "beginning", "upkeep": "beginning", "draw": "beginning", "main1": "main1",
         "beginning_of_combat": "combat", "declare_attackers": "combat",
         "declare_blockers": "combat", "combat_damage": "combat", "end_of_combat": "combat",
         "main2": "main2", "end": "ending", "cleanup": "ending"}
PRIORITY_STEPS = set(STEPS) - {"untap", "cleanup"}   # CR 502.4, 514.3

# Editions at which a rule the stepper reads changed (the first edition with the new rule is at
# or after the date; every known edition is on one side).
M10 = "2009-07-11"            # layer 7 with 7b setting before 7c modifying (613.3-613.4)
RETRACE = "2008-10-01"        # retrace (Eventide): no rule for it before (502.81a of 2008-10-01)
M14_LEGEND = "2013-07-13"     # legend rule: the controller keeps one (before: all go, 420.5e)
HEXPROOF = "2011-07-15"       # hexproof is a keyword with rules (702.11, M12)
MENACE = "2015-07-17"         # menace (702.110/702.111, Magic Origins)
ILLEGAL_INFO = "2016-07-22"    # 608.2b: information about an illegal target fails to be found
                               # (what needs it doesn't happen); before, it was read like any
                               # object's (2009 608.2g names such a target; 2008 413.2f)
PAID_IN_PLACE = "2016-07-22"   # convoke and delve pay mana of the locked total (702.50a, 702.65a);
                               # before, additional costs reducing it (not modelled: refused)
IMPROVISE = "2024-07-30"       # improvise (702.126a) is in the rules this set has from here
DOMINARIA = "2018-04-27"      # "any target" includes planeswalkers; no damage redirection (306.7)
FOUNDATIONS = "2024-11-08"    # no damage assignment order: blocked creatures divide freely (510.1c)
DEATHTOUCH_LETHAL = "2016-07-22"  # any nonzero deathtouch damage is lethal for assigning (702.2b/c);
                                  # before (M10 to 2016): deathtouch divides freely (702.2b of 2009)
COMBAT_DAMAGE = "combat_damage"   # the one object of combat damage on the stack (2008 CR 310.1)
MONO_HYBRID = "2008-10-01"    # {2/W}: one white or two generic (104.3f of 2008-10-01; 107.4e later)
PHYREXIAN = "2016-07-22"      # {B/P}: one black or 2 life (107.4f); none in the 2008-2009 editions
MULTIKICKER = "2016-07-22"    # multikicker (702.32c there): none of the 2008-2009 texts has it


NOT_HERE = ("not modelled by the stepper",)   # a mode's instructions the stepper doesn't carry out


class Slot(int):
    """An instruction's "target" on the stack: which of the spell's target slots it means
    (601.2c: the card's own, each chosen mode's, each spliced card's, in that order)."""


@dataclass(frozen=True)
class Ability:
    """An activated ability: its mana cost, loyalty cost, target and instructions."""
    colour_cost: tuple = ()
    generic: int = 0
    effect: tuple = ()
    loyalty: int | None = None
    target: str | None = None        # what its one target is (602.2b, as 601.2c)
    x: int = 0                       # how many {X} its activation cost has (107.3a)
    tap: bool = False                # {T} in its cost (602.5a: only untapped; 302.6)
    sacrifice: bool = False          # sacrificing its own permanent in its cost (701.17a)
    modes: tuple = ()                # "Choose one —": each mode (its target kind, its
                                     # instructions) (700.2); the ability then has no effect of
                                     # its own


def ability_key(k, modes):
    """An activated ability as the core's events name it: its number, or with modes chosen
    (700.2a) modes(K, m(M, rest)) ending in nil, in printed order."""
    if not modes:
        return k
    chosen = "nil"
    for m in sorted(modes, reverse=True):
        chosen = ("m", m, chosen)
    return ("modes", k, chosen)


def ability_part(cd, key):
    """What an ability on the stack does, as activated (602.2b): its target kind and
    instructions, or its chosen mode's (700.2: only that mode's)."""
    if isinstance(key, tuple):
        ab = cd.activated[key[1] - 1]
        kind, effect = ab.modes[key[2][1] - 1]
        return ab, kind, effect
    ab = cd.activated[key - 1]
    return ab, ab.target, ab.effect


@dataclass(frozen=True)
class CardDef:
    types: frozenset
    colour_cost: tuple = ()          # ((colour letter, n), ...)
    generic: int = 0
    target: str | None = None        # any | player | creature
    instructions: tuple = ()         # see Game.do
    trigger: str | None = None       # your_upkeep | each_upkeep | each_draw_step | opponent_discards | enters
                                     # | your_end_step | each_end_step | your_beginning_of_combat
                                     # | each_beginning_of_combat | becomes_target (this permanent
                                     # becomes the target of a spell or ability)
    trigger_effect: tuple = ()
    trigger_target: str | None = None   # what a targeted triggered ability targets (603.3d)
    mana: str | None = None          # colour a {T} mana ability adds; several letters: one
                                     # {T} ability per colour (a dual land: "{T}: Add {W}." and
                                     # "{T}: Add {U}.")
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None       # printed loyalty (306.5b)
    keywords: frozenset = frozenset()
    supertypes: frozenset = frozenset()
    statics: tuple = ()              # ("pt", kind, what, value) effects of static abilities
    activated: tuple = ()            # Ability, ... (mana abilities apart)
    no_max_hand: bool = False        # Reliquary Tower
    attacks_each_combat: bool = False   # "attacks each combat if able" (a requirement, 508.1d)
    no_life_gain: bool = False       # Sulfuric Vortex
    cant_lose: str | None = None     # "you" | "opponents": those players can't lose the game
    cant_win: str | None = None      # "you" | "opponents": those players can't win the game
    buyback: tuple | None = None     # (colour_cost, generic) of an optional additional cost
                                     # (702.27a), or None
    kicker: tuple | None = None      # likewise, kicker (702.33a)
    multikicker: tuple | None = None  # (colour_cost, generic): a kicker cost that may be paid any
                                     # number of times (702.33c)
    enters_with: tuple | None = None  # (counter kind, n): it enters with n counters of that kind
                                     # for each time it was kicked (614.1c, 702.33d)
    mana_per_counter: str | None = None  # its {T} mana ability adds its mana once for each
                                     # counter of this kind on it (none: nothing)
    kicked: tuple | None = None      # (target kind or None, instructions): the part of its text
                                     # that happens only if it was kicked, after its own (702.33e);
                                     # its target a slot only then (702.33g, 601.2c)
    modes: tuple | None = None       # a modal spell's modes (700.2): ((target kind or None,
                                     # instructions), ...); instructions None where the library has
                                     # no words (the core refuses the mode), NOT_HERE where the
                                     # stepper doesn't model them (it gives up as they resolve)
    choose: int | None = 1           # how many modes are chosen; None: one or more
    entwine: tuple | None = None     # (colour_cost, generic): every mode, for this much more (702.42a)
    escalate: tuple | None = None    # (colour_cost, generic) for each mode beyond the first (702.120a)
    escalate_discard: int = 0        # cards discarded for each mode beyond the first (an escalate
                                     # cost of "discard a card", 702.120a)
    affinity: str | None = None      # "affinity for" this card type (702.41a), or None
    flashback: tuple | None = None   # (colour_cost, generic) of the flashback cost (702.34a): an
                                     # alternative cost, paid as the card is cast from its
                                     # owner's graveyard; so cast, it is exiled as it leaves the stack
    retrace: bool = False            # 702.81a: cast from the graveyard, a land card discarded too
    morph: tuple | None = None       # (colour_cost, generic) of its morph cost (702.37a), or None
    subtypes: frozenset = frozenset()   # the subtypes a rule reads (Arcane: what splice goes onto)
    splice: tuple | None = None      # (subtype, colour_cost, generic): "splice onto [subtype]
                                     # [cost]" (702.47a), or None
    x: int = 0                       # how many {X} its mana cost has (107.3): X is announced as
                                     # it is cast (601.2b), each {X} is that much generic mana
    kicker_x: int = 0                # how many {X} its kicker cost has (kicker the rest of it):
                                     # X is announced where the kicker is paid (107.3a)
    trigger_index: int = 1           # the core's number for the triggered ability (its position
                                     # among the card's abilities: Vortex lists its static first)
    targets_range: tuple | None = None  # (min, max or None: any number): a number of targets of
                                     # its one kind announced as it is cast (601.2c), or None
    divided: str | None = None       # how its damage is divided among them (601.2d): "announced"
                                     # (the caster says it) or "evenly" (rounded down, by its text)
    surcharge: int = 0               # {1}s more for each target beyond the first (its own ability
                                     # modifying what it costs: 113.6d, the total 601.2f)
    hybrid: tuple = ()               # the mana cost's hybrid and Phyrexian symbols in printed order,
                                     # each the ways it is paid (107.4e-f): a colour letter, "2"
                                     # (two generic mana) or "life" (2 life); the rest of the mana
                                     # cost is colour_cost and generic
    unwritten: bool = False          # the card has triggered or static abilities its library entry
                                     # doesn't write: they would work on the battlefield (113.6),
                                     # so a trace is refused once it is there face up
    unwritten_activated: bool = False   # it may have activated abilities the library doesn't
                                     # write (Liliana of the Veil's -6): tapping it for mana with
                                     # none written is not judged

    @property
    def land(self):
        return "land" in self.types

    @property
    def mana_value(self):
        """202.3 (2008: converted mana cost, 203.3): the mana its mana cost represents (0 with
        none, 202.3a); a hybrid symbol counts its largest half (202.3f: {2/W} is 2), a
        Phyrexian one 1 (202.3g)."""
        return self.generic + sum(n for _, n in self.colour_cost) \
            + sum(2 if "2" in ways else 1 for ways in self.hybrid)

    @property
    def instant_speed(self):
        return "instant" in self.types

    @property
    def permanent(self):
        return not ({"instant", "sorcery"} & self.types)


def _land(colour):
    return CardDef(frozenset({"land"}), mana=colour)


def _creature(colours, generic, power, toughness, *keywords, **kw):
    return CardDef(frozenset(kw.pop("types", {"creature"})), colours, generic, power=power,
                   toughness=toughness, keywords=frozenset(keywords), **kw)


T = frozenset
# Written from the printed cards (Oracle text), not from the project's card files.
# Instructions: ("damage", n, who) | ("draw", who, n) | ("gain", who, n) | ("lose", who, n) |
# ("pt", kind, what, value, duration) with kind modify|set|switch|grant|remove and what
# target|self|creatures-you-control|other-creatures-you-control|each-creature |
# ("counters", kind, n, what) | ("token", who, card, n) | ("animate", types, (p, t), keywords, duration)
CARDS = {
    "Forest": _land("g"), "Island": _land("u"), "Swamp": _land("b"), "Mountain": _land("r"),
    "Plains": _land("w"), "Wastes": _land("c"),
    # ({T}: Add {W} or {U}.) — two mana abilities (605.1a), the player names which (605.3a)
    "Tundra": CardDef(T({"land"}), mana="wu"),
    "Reliquary Tower": CardDef(T({"land"}), mana="c", no_max_hand=True),
    "Mutavault": CardDef(T({"land"}), mana="c", activated=(
        Ability((), 1, (("animate", T({"creature"}), (2, 2), T(), "turn"),)),)),
    "Grizzly Bears": _creature((("g", 1),), 1, 2, 2),
    "Llanowar Elves": _creature((("g", 1),), 0, 1, 1, mana="g"),
    "Phyrexian Arena": CardDef(T({"enchantment"}), (("b", 2),), 1, trigger="your_upkeep",
                               trigger_effect=(("draw", "you", 1), ("lose", "you", 1))),
    "Sulfuric Vortex": CardDef(T({"enchantment"}), (("r", 2),), 1, trigger="each_upkeep",
                               trigger_effect=(("damage", 2, "that_player"),), no_life_gain=True,
                               trigger_index=2),
    "Font of Mythos": CardDef(T({"artifact"}), (), 4, trigger="each_draw_step",
                              trigger_effect=(("draw", "that_player", 2),)),
    "Megrim": CardDef(T({"enchantment"}), (("b", 1),), 2, trigger="opponent_discards",
                      trigger_effect=(("damage", 2, "that_player"),)),
    # Flying, trample. You can't win the game and your opponents can't lose the game.
    "Abyssal Persecutor": _creature((("b", 2),), 2, 6, 6, "flying", "trample", cant_win="you",
                                    cant_lose="opponents"),
    # Flying. You can't lose the game and your opponents can't win the game.
    "Platinum Angel": _creature((), 7, 4, 4, "flying", types={"artifact", "creature"},
                                cant_lose="you", cant_win="opponents"),
    # Your opponents can't cast spells this turn.
    "Silence": CardDef(T({"instant"}), (("w", 1),), 0,
                       instructions=(("no_cast", "opponents", "turn"),)),
    "Lightning Bolt": CardDef(T({"instant"}), (("r", 1),), 0, target="any",
                              instructions=(("damage", 3, "target"),)),
    # Buyback {3}. Return target permanent to its owner's hand.
    "Capsize": CardDef(T({"instant"}), (("u", 2),), 1, target="permanent",
                       instructions=(("bounce", "target"),), buyback=((), 3)),
    # {X}{R}, sorcery. Blaze deals X damage to any target.
    "Blaze": CardDef(T({"sorcery"}), (("r", 1),), 0, target="any", instructions=(("damage", "X", "target"),),
                     x=1),
    # {R}, sorcery. Forked Bolt deals 2 damage divided as you choose among one or two targets.
    "Forked Bolt": CardDef(T({"sorcery"}), (("r", 1),), 0, target="any", instructions=(("divided", 2),),
                           targets_range=(1, 2), divided="announced"),
    # {X}{R}, sorcery. Fireball deals X damage divided evenly, rounded down, among any number of
    # targets. This spell costs {1} more to cast for each target beyond the first.
    "Fireball": CardDef(T({"sorcery"}), (("r", 1),), 0, target="any", instructions=(("divided", "X"),),
                        x=1, targets_range=(1, None), divided="evenly", surcharge=1),
    # Kicker {4}. Burst Lightning deals 2 damage to any target. If this spell was kicked, it
    # deals 4 damage instead.
    "Burst Lightning": CardDef(T({"instant"}), (("r", 1),), 0, target="any",
                               instructions=(("damage", 2, "target", 4),), kicker=((), 4)),
    # Kicker {R}. Destroy target artifact or enchantment. If this spell was kicked, it deals
    # damage equal to that permanent's mana value to target creature.
    "Orim's Thunder": CardDef(T({"instant"}), (("w", 1),), 2, target="artifact_or_enchantment",
                              instructions=(("destroy", "target"),), kicker=((("r", 1),), 0),
                              kicked=("creature", (("damage", ("mana_value", Slot(0)), "target"),))),
    # Multikicker {2}. It enters with a charge counter on it for each time it was kicked.
    # {T}: Add {C} for each charge counter on it.
    "Everflowing Chalice": CardDef(T({"artifact"}), (), 0, multikicker=((), 2), enters_with=("charge", 1),
                                   mana="c", mana_per_counter="charge"),
    # Choose one — counter target noncreature spell unless its controller pays {2} (no words
    # here); 2 damage to target creature; draw two cards, then discard two (no discard here).
    "Izzet Charm": CardDef(T({"instant"}), (("r", 1), ("u", 1)), 0, modes=(
        ("noncreature_spell", None), ("creature", (("damage", 2, "target"),)), (None, NOT_HERE))),
    # Escalate—Discard a card. Choose one or more — target opponent reveals their hand, you
    # choose an instant or sorcery card from it, they discard it (a discard chosen by another
    # player: not modelled here); target creature gets -2/-2 until end of turn; target opponent
    # loses 2 life and you gain 2 life.
    "Collective Brutality": CardDef(T({"sorcery"}), (("b", 1),), 1, choose=None, escalate_discard=1, modes=(
        ("opponent", NOT_HERE), ("creature", (("pt", "modify", "target", (-2, -2), "turn"),)),
        ("opponent", (("lose", "target", 2), ("gain", "you", 2))))),
    # Escalate {1}{W}. Choose one or both — creatures you control get +2/+0 until end of turn;
    # creatures you control get +0/+2 until end of turn.
    "Borrowed Grace": CardDef(T({"instant"}), (("w", 1),), 2, choose=None, escalate=((("w", 1),), 1), modes=(
        (None, (("pt", "modify", "creatures-you-control", (2, 0), "turn"),)),
        (None, (("pt", "modify", "creatures-you-control", (0, 2), "turn"),)))),
    # Choose one — search for up to two basic lands, reveal them, put them into your hand, then
    # shuffle (not here); you may play up to two additional lands this turn. Entwine {2}{G}.
    "Journey of Discovery": CardDef(T({"sorcery"}), (("g", 1),), 2, entwine=((("g", 1),), 2), modes=(
        (None, NOT_HERE), (None, (("extra_land", 2),)))),
    # Draw a card. Flashback {2}{U}.
    "Think Twice": CardDef(T({"instant"}), (("u", 1),), 1, instructions=(("draw", "you", 1),),
                           flashback=((("u", 1),), 2)),
    # Target player discards a card. Retrace.
    "Raven's Crime": CardDef(T({"sorcery"}), (("b", 1),), 0, target="player",
                             instructions=(("discard", "target", 1),), retrace=True),
    # Firebolt deals 2 damage to any target. Flashback {4}{R}.
    "Firebolt": CardDef(T({"sorcery"}), (("r", 1),), 0, target="any",
                        instructions=(("damage", 2, "target"),), flashback=((("r", 1),), 4)),
    # Flying. Whenever it deals damage, you gain that much life (a trigger the library doesn't
    # write: face up on the battlefield it is refused). Morph {2}{W}{W}.
    "Exalted Angel": CardDef(T({"creature"}), (("w", 2),), 4, power=4, toughness=5,
                             keywords=frozenset({"flying"}), morph=((("w", 2),), 2), unwritten=True),
    # First strike. Morph {1}{R}{R}.
    "Battering Craghorn": CardDef(T({"creature"}), (("r", 2),), 2, power=3, toughness=1,
                                  keywords=frozenset({"first strike"}), morph=((("r", 2),), 1)),
    # Counter target spell.
    "Counterspell": CardDef(T({"instant"}), (("u", 2),), 0, target="spell",
                            instructions=(("counter", "target"),)),
    # Search your library for a card, put that card into your hand, then shuffle.
    "Demonic Tutor": CardDef(T({"sorcery"}), (("b", 1),), 1,
                             instructions=(("search", "you", 1, "hand"), ("shuffle", "you"))),
    # Scry 1. Draw a card.  /  Scry 2, then draw a card.
    "Opt": CardDef(T({"instant"}), (("u", 1),), 0, instructions=(("scry", "you", 1), ("draw", "you", 1))),
    "Preordain": CardDef(T({"sorcery"}), (("u", 1),), 0,
                         instructions=(("scry", "you", 2), ("draw", "you", 1))),
    # A card of the shortcut scenarios' own: each player scries 1.
    "Shared Augury": CardDef(T({"sorcery"}), (("u", 1),), 0, instructions=(("scry", "each", 1),)),
    # Sorcery — Arcane. Lava Spike deals 3 damage to target player or planeswalker (its Oracle
    # wording since the 2018 rules; "target player" as printed, which the editions before read).
    "Lava Spike": CardDef(T({"sorcery"}), (("r", 1),), 0, target="player_or_planeswalker",
                          instructions=(("damage", 3, "target"),), subtypes=T({"Arcane"})),
    # Instant — Arcane. Glacial Ray deals 2 damage to any target. Splice onto Arcane {1}{R}.
    "Glacial Ray": CardDef(T({"instant"}), (("r", 1),), 1, target="any",
                           instructions=(("damage", 2, "target"),), subtypes=T({"Arcane"}),
                           splice=("Arcane", (("r", 1),), 1)),
    # Choose two — counter target spell; return target permanent to its owner's hand; tap all
    # creatures your opponents control (no words here); draw a card.
    "Cryptic Command": CardDef(T({"instant"}), (("u", 3),), 1, choose=2, modes=(
        ("spell", (("counter", "target"),)), ("permanent", (("bounce", "target"),)), (None, None),
        (None, (("draw", "you", 1),)))),
    "Divination": CardDef(T({"sorcery"}), (("u", 1),), 2, instructions=(("draw", "you", 2),)),
    "Revitalize": CardDef(T({"instant"}), (("w", 1),), 1,
                          instructions=(("gain", "you", 3), ("draw", "you", 1))),
    # Target creature gets +3/+3 until end of turn.
    "Giant Growth": CardDef(T({"instant"}), (("g", 1),), 0, target="creature",
                            instructions=(("pt", "modify", "target", (3, 3), "turn"),)),
    # Creatures you control get +1/+1.
    "Glorious Anthem": CardDef(T({"enchantment"}), (("w", 2),), 1,
                               statics=(("pt", "modify", "creatures-you-control", (1, 1)),)),
    # Until end of turn, target creature loses all abilities and becomes a blue Frog with base
    # power and toughness 1/1 (its colour and subtype are read by no rule here).
    "Turn to Frog": CardDef(T({"instant"}), (("u", 1),), 1, target="creature", instructions=(
        ("pt", "remove", "target", "all", "turn"), ("pt", "set", "target", (1, 1), "turn"))),
    # Switch target creature's power and toughness until end of turn. Draw a card.
    "Twisted Image": CardDef(T({"instant"}), (("u", 1),), 0, target="creature", instructions=(
        ("pt", "switch", "target", None, "turn"), ("draw", "you", 1))),
    # Put a +1/+1 counter on target creature.
    "Battlegrowth": CardDef(T({"instant"}), (("g", 1),), 0, target="creature",
                            instructions=(("counters", "+1/+1", 1, "target"),)),
    # Puncture Bolt deals 1 damage to target creature. Put a -1/-1 counter on that creature.
    "Puncture Bolt": CardDef(T({"instant"}), (("r", 1),), 1, target="creature", instructions=(
        ("damage", 1, "target"), ("counters", "-1/-1", 1, "target"))),
    # Target creature gains flying until end of turn. Draw a card.
    "Leap": CardDef(T({"instant"}), (("u", 1),), 0, target="creature", instructions=(
        ("pt", "grant", "target", "flying", "turn"), ("draw", "you", 1))),
    # Create two 1/1 white Soldier creature tokens.
    "Raise the Alarm": CardDef(T({"instant"}), (("w", 1),), 1,
                               instructions=(("token", "you", "Soldier", 2),)),
    "Soldier": _creature((), 0, 1, 1),
    # Convoke. Stoke the Flames deals 4 damage to any target.
    "Stoke the Flames": CardDef(T({"instant"}), (("r", 2),), 2, target="any",
                                instructions=(("damage", 4, "target"),), keywords=T({"convoke"})),
    # Delve. Draw three cards.
    "Treasure Cruise": CardDef(T({"sorcery"}), (("u", 1),), 7, instructions=(("draw", "you", 3),),
                               keywords=T({"delve"})),
    # Improvise. Draw three cards.
    "Reverse Engineer": CardDef(T({"sorcery"}), (("u", 2),), 3, instructions=(("draw", "you", 3),),
                                keywords=T({"improvise"})),
    # Affinity for artifacts.
    "Frogmite": _creature((), 4, 2, 2, types={"artifact", "creature"}, affinity="artifact"),
    "Memnite": _creature((), 0, 1, 1, types={"artifact", "creature"}),
    "Raging Goblin": _creature((("r", 1),), 0, 1, 1, "haste"),
    "Isamaru, Hound of Konda": _creature((("w", 1),), 0, 2, 2, supertypes=T({"legendary"})),
    "Gladecover Scout": _creature((("g", 1),), 0, 1, 1, "hexproof"),
    "Darksteel Myr": _creature((), 3, 0, 1, "indestructible", types={"artifact", "creature"}),
    "Bronze Sable": _creature((), 2, 2, 1, types={"artifact", "creature"}),
    "Storm Crow": _creature((("u", 1),), 1, 1, 2, "flying"),
    "Giant Spider": _creature((("g", 1),), 3, 2, 4, "reach"),
    "Wall of Stone": _creature((("r", 2),), 1, 0, 8, "defender"),
    "Boggart Brute": _creature((("r", 1),), 2, 3, 2, "menace"),
    # the combat cards (keywords only)
    "Tundra Wolves": _creature((("w", 1),), 0, 1, 1, "first strike"),
    "Fencing Ace": _creature((("w", 1),), 1, 1, 1, "double strike"),
    "Boros Swiftblade": _creature((("r", 1), ("w", 1)), 0, 1, 2, "double strike"),
    "Knight of Meadowgrain": _creature((("w", 2),), 0, 2, 2, "first strike", "lifelink"),
    "Typhoid Rats": _creature((("b", 1),), 0, 1, 1, "deathtouch"),
    "Vampire Nighthawk": _creature((("b", 2),), 1, 2, 3, "flying", "deathtouch", "lifelink"),
    "Child of Night": _creature((("b", 1),), 1, 2, 1, "lifelink"),
    "Colossal Dreadmaw": _creature((("g", 2),), 4, 6, 6, "trample"),
    "Craw Wurm": _creature((("g", 2),), 4, 6, 4),
    "Deadly Recluse": _creature((("g", 1),), 1, 1, 2, "reach", "deathtouch"),
    "Darksteel Gargoyle": _creature((), 7, 3, 3, "flying", "indestructible",
                                    types={"artifact", "creature"}),
    "Standing Troops": _creature((("w", 1),), 2, 1, 4, "vigilance"),
    "Youthful Knight": _creature((("w", 1),), 1, 2, 1, "first strike"),
    "Ambush Viper": _creature((("g", 1),), 1, 2, 1, "flash", "deathtouch"),
    "Lightning Elemental": _creature((("r", 1),), 3, 4, 1, "haste"),
    "Healer's Hawk": _creature((("w", 1),), 0, 1, 1, "flying", "lifelink"),
    # Shock deals 2 damage to any target.
    "Shock": CardDef(T({"instant"}), (("r", 1),), 0, target="any", instructions=(("damage", 2, "target"),)),
    # Trample, haste. At the beginning of the end step, sacrifice Spark Elemental.
    "Spark Elemental": _creature((("r", 1),), 0, 3, 1, "trample", "haste", trigger="each_end_step",
                                 trigger_effect=(("sacrifice", "self"),)),
    # At the beginning of combat on your turn, put a +1/+1 counter on target creature you control.
    "Luminarch Aspirant": _creature((("w", 1),), 1, 1, 1, trigger="your_beginning_of_combat",
                                    trigger_target="creature_you_control",
                                    trigger_effect=(("counters", "+1/+1", 1, "target"),)),
    # Two cards of the shortcut tests' own (defined in their scenarios, no printed card): at the
    # beginning of combat on your turn, put a +1/+1 counter on target creature; at the beginning
    # of each combat, this creature gets +1/+0 until end of turn.
    "Drillmaster": _creature((("w", 1),), 1, 1, 1, trigger="your_beginning_of_combat",
                             trigger_target="creature", trigger_effect=(("counters", "+1/+1", 1, "target"),)),
    "Warcry Herald": _creature((("r", 1),), 1, 2, 1, trigger="each_beginning_of_combat",
                               trigger_effect=(("pt", "modify", "self", (1, 0), "turn"),)),
    # Cards the shortcut scenarios define themselves: at the beginning of combat on your turn,
    # you gain 1 life; at the beginning of your end step, it deals 1 damage to any target.
    "Drill Sergeant": _creature((("w", 1),), 1, 2, 2, trigger="your_beginning_of_combat",
                                trigger_effect=(("gain", "you", 1),)),
    "Dusk Sniper": _creature((("r", 1),), 2, 1, 1, trigger="your_end_step", trigger_target="any",
                             trigger_effect=(("damage", 1, "target"),)),
    # A card of the shortcut scenarios' own: at the beginning of combat on your turn, it deals
    # 1 damage to any target.
    "Dawn Sniper": _creature((("r", 1),), 2, 1, 1, trigger="your_beginning_of_combat",
                             trigger_target="any", trigger_effect=(("damage", 1, "target"),)),
    # Bloodrock Cyclops attacks each combat if able.
    "Bloodrock Cyclops": _creature((("r", 1),), 2, 3, 3, attacks_each_combat=True),
    # Flying. {R}: Shivan Dragon gets +1/+0 until end of turn.
    "Shivan Dragon": _creature((("r", 2),), 4, 5, 5, "flying", activated=(
        Ability((("r", 1),), 0, (("pt", "modify", "self", (1, 0), "turn"),)),)),
    # {1}, Sacrifice Goblin Cratermaker: Choose one — it deals 2 damage to target creature; or
    # destroy target colorless nonland permanent.
    "Goblin Cratermaker": _creature((("r", 1),), 1, 2, 2, activated=(
        Ability((), 1, sacrifice=True, modes=(("creature", (("damage", 2, "target"),)),
                                              ("colorless_nonland_permanent", (("destroy", "target"),)))),)),
    # When this creature enters, it deals 1 damage to any target.
    "Sparkmage Apprentice": _creature((("r", 1),), 1, 1, 1, trigger="enters", trigger_target="any",
                                      trigger_effect=(("damage", 1, "target"),)),
    # When this creature enters, it deals 4 damage to target creature.
    "Flametongue Kavu": _creature((("r", 1),), 3, 4, 2, trigger="enters", trigger_target="creature",
                                  trigger_effect=(("damage", 4, "target"),)),
    # When Phantasmal Bear becomes the target of a spell or ability, sacrifice it.
    "Phantasmal Bear": _creature((("u", 1),), 0, 2, 2, trigger="becomes_target",
                                 trigger_effect=(("sacrifice", "self"),)),
    # {X}{R}, {T}, Sacrifice Cinder Elemental: It deals X damage to any target.
    "Cinder Elemental": _creature((("r", 1),), 3, 2, 2, activated=(
        Ability((("r", 1),), 0, (("damage", "X", "target"),), target="any", x=1, tap=True, sacrifice=True),)),
    # Sacrifice Mogg Fanatic: It deals 1 damage to any target.
    "Mogg Fanatic": _creature((("r", 1),), 0, 1, 1, activated=(
        Ability((), 0, (("damage", 1, "target"),), target="any", sacrifice=True),)),
    # +1: Each player discards a card. -2: Target player sacrifices a creature. -6: ...
    "Liliana of the Veil": CardDef(T({"planeswalker"}), (("b", 2),), 1, loyalty=3,
                                   supertypes=T({"legendary"}), unwritten_activated=True,
                                   activated=(Ability(loyalty=1, effect=(("discard_each", 1),)),
                                              Ability(loyalty=-2, target="player",
                                                      effect=(("sacrifice_pick", "target", "creature", 1),)),
                                              Ability(loyalty=-6))),
}

# Hybrid and Phyrexian mana costs (107.4e-f), as the project's library has the cards: Kitchen
# Finks there is a vanilla 3/2 (no words for its enters trigger or persist) and Spectral
# Procession has no instructions (no words for its Spirit tokens: refused as it resolves).
CARDS.update({
    # Look at target player's hand. Draw a card.
    "Gitaxian Probe": CardDef(T({"sorcery"}), hybrid=(("u", "life"),), target="player",
                              instructions=(("look_hand", "you", "target"), ("draw", "you", 1))),
    # Target creature gets -5/-5 until end of turn.
    "Dismember": CardDef(T({"instant"}), generic=1, hybrid=(("b", "life"), ("b", "life")),
                         target="creature", instructions=(("pt", "modify", "target", (-5, -5), "turn"),)),
    # Target creature gets +2/+2 until end of turn.
    "Mutagenic Growth": CardDef(T({"instant"}), hybrid=(("g", "life"),), target="creature",
                                instructions=(("pt", "modify", "target", (2, 2), "turn"),)),
    # Switch target creature's power and toughness until end of turn. Draw a card.
    "Inside Out": CardDef(T({"instant"}), generic=1, hybrid=(("u", "r"),), target="creature", instructions=(
        ("pt", "switch", "target", None, "turn"), ("draw", "you", 1))),
    # Put a -1/-1 counter on target creature.
    "Scar": CardDef(T({"instant"}), hybrid=(("b", "r"),), target="creature",
                    instructions=(("counters", "-1/-1", 1, "target"),)),
    # Kicker {X}. Saproling creatures and other Treefolk creatures get +1/+1. When it enters, if
    # it was kicked, create X 1/1 green Saproling creature tokens. (Both texts unwritten.)
    "Verdeloth the Ancient": CardDef(T({"creature"}), (("g", 2),), 4, power=4, toughness=7,
                                     supertypes=T({"legendary"}), kicker=((), 0), kicker_x=1, unwritten=True),
    "Kitchen Finks": CardDef(T({"creature"}), generic=1, hybrid=(("g", "w"), ("g", "w")), power=3, toughness=2,
                             unwritten=True),   # its life gain as it enters, persist
    "Spectral Procession": CardDef(T({"sorcery"}), hybrid=(("2", "w"),) * 3),
})

# 708.2, 702.37a: what a face-down spell or permanent cast with morph is: a 2/2 creature, and
# nothing else (no name, text, subtypes, colour or mana cost).
FACE_DOWN = CardDef(frozenset({"creature"}), power=2, toughness=2)
FACE_DOWN_COST = CardDef(frozenset({"creature"}), generic=3)   # 702.37c: {3} instead of its mana cost


@dataclass
class Obj:
    id: str
    card: str | None
    owner: str
    controller: str
    zone: str | None                 # None: a token that has ceased to exist (704.5d)
    libpos: int = 0
    tapped: bool = False
    new: bool = False                # came under its controller's control this turn (302.6)
    damage: int = 0
    attacking: bool = False
    blocking: str | None = None
    counters: dict = field(default_factory=dict)
    token: bool = False
    ts: int = 0                      # timestamp (613.7d)
    inc: int = 0                     # incarnation: a new object at each zone change (400.7)
    dt: bool = False                 # dealt damage by a deathtouch source since SBAs were checked
    face_down: bool = False          # a face-down spell or permanent (708)

    @property
    def cd(self) -> CardDef | None:
        """What the object is: its card, or face down the 2/2 creature with no text, name,
        subtypes or mana cost its morph lists (702.37a, 708.2)."""
        if self.face_down:
            return FACE_DOWN
        return CARDS.get(self.card) if self.card else None

    @property
    def card_def(self) -> CardDef | None:
        """The card itself, face down or not."""
        return CARDS.get(self.card) if self.card else None

    def is_(self, t):
        """Printed type (what the card says; on the battlefield read Game.is_now)."""
        return bool(self.cd) and t in self.cd.types


@dataclass
class Eff:
    """A continuous effect from a resolved spell or ability, or from the state's list."""
    ts: int
    kind: str                        # modify set switch grant remove animate extra_land no_land no_cast
    value: object
    controller: str
    duration: str | None             # turn | your-next-turn | None (indefinitely)
    objs: frozenset = frozenset()    # {(object id, incarnation)} it applies to (611.2c)
    players: tuple = ()              # for extra_land / no_land / no_cast


@dataclass
class Ch:
    """Computed characteristics of a permanent (CR 613)."""
    types: set
    keywords: set
    abilities: bool                  # still has its non-keyword abilities
    power: int | None
    toughness: int | None
    legendary: bool


@dataclass
class Result:
    events: list                     # [(name, args)]
    stop: tuple                      # (kind, player|None, what, entry|None)
    losers: set = field(default_factory=set)
    reasons: set = field(default_factory=set)   # every reason an illegal action fails


class Unmodelled(Exception):
    """The stepper does not cover this state or script."""


SETS = ("self", "creatures-you-control", "other-creatures-you-control", "each-creature")
PT_VERBS = {"modify-pt": "modify", "set-pt": "set", "switch-pt": "switch",
            "grant-ability": "grant", "remove-ability": "remove"}
KEYWORDS = {"flying", "first strike", "double strike", "trample", "vigilance", "deathtouch",
            "lifelink", "haste", "reach", "defender", "menace", "hexproof", "indestructible", "flash"}


class Game:
    def __init__(self, state, edition: str, script, until):
        self.edition = edition
        self.old = edition < "2009-07-11"          # mana burn, phase-only emptying
        self.old_layers = edition < M10
        self.players = list(state.names)
        self.active = state.active
        self.step = state.step.value.replace("-", "_")
        self.turn = state.turn                  # None: not the game's first turn
        self.life = {p.name: p.life for p in state.players}
        self.lands = {p.name: p.lands_played for p in state.players}
        # 606.3 (212.9f in 2008): the permanents (id, incarnation) one of whose loyalty abilities
        # was activated this turn
        self.loyalty_used: set = set()
        self.pool = {p.name: {} for p in state.players}
        for p in state.players:
            for letter in p.mana_pool.replace("{", " ").replace("}", " ").split():
                c = letter.lower()
                self.pool[p.name][c] = self.pool[p.name].get(c, 0) + 1
        self.objs: dict[str, Obj] = {}
        self.stack: list = []
        self.shuffled: set = set()      # players whose library was shuffled (order unknown)
        self.scried: set = set()        # players who have scried, or picked (discard_each, sacrifice_pick), for the instruction resolving
        self.known: dict = {}           # player -> library cards they have looked at (701.22a),
                                        # hand cards revealed to them (702.47a: splice)
        self.not_looked = False         # the next scry choice is made without looking (MTR 4.2)
        self.clock = 0                   # the last timestamp given (613.7)
        self._ch = None                  # computed characteristics, while nothing changes
        # 613.7: the starting state's permanents in the order the state lists them (players in
        # turn order), then its lasting effects in order; then whatever the trace creates.
        for p in state.players:
            for zone, objs in p.zones:
                for i, o in enumerate(objs, start=1):
                    if o.card and o.card not in CARDS:
                        raise Unmodelled(o.card)
                    if o.face_down and not (zone == "battlefield" and o.card and CARDS[o.card].morph):
                        raise Unmodelled("a face-down object")
                    ob = Obj(o.id, o.card, o.owner, o.controller, zone,
                             libpos=i if zone == "library" else 0, tapped=o.tapped,
                             attacking=o.attacking, new=o.new, damage=o.damage, token=o.token,
                             counters={k: n for k, n in o.counters if n}, face_down=o.face_down)
                    if zone == "battlefield":
                        ob.ts = self.tick()
                        # the project's convention for a state: a planeswalker listed without
                        # loyalty counters has its printed loyalty, as it entered with (306.5b)
                        if ob.cd and ob.cd.loyalty is not None and "loyalty" not in dict(o.counters):
                            ob.counters["loyalty"] = ob.cd.loyalty
                    self.objs[o.id] = ob
                    if zone == "battlefield" and o.loyalty_used:
                        self.loyalty_used.add((ob.id, ob.inc))
                    if zone == "stack":
                        raise Unmodelled("an object on the stack")
        self.effects: list[Eff] = [self.state_effect(e) for e in state.effects]
        self.token_count: dict = {}
        # who may make tokens of which card: the controllers of the cards that say so
        self.token_makers: dict = {}
        for o in self.objs.values():
            cd = o.cd
            if cd is None:
                continue
            for ins in (*cd.instructions, *cd.trigger_effect,
                        *(i for ab in cd.activated for i in ab.effect)):
                if ins and ins[0] == "token":
                    self.token_makers.setdefault(ins[2], set()).add(o.controller)
        self.at_start = state.priority is None
        self.prio_to = state.priority
        # CR 514.3a: a cleanup step in which players receive priority is followed by another.
        self.cleanup_again = self.step == "cleanup" and state.priority is not None
        self.passed: set = set()
        self.all_passed = False
        self.due: list = []
        self.pending: list = []
        self.announced: dict = {}     # spells on the stack cast with buyback or kicker paid
        self.xs: dict = {}            # spells on the stack: the value of X announced (107.3a)
        self.kicks: dict = {}         # spells on the stack: how many times kicked (702.33d)
        self.division: dict = {}      # spells on the stack: the division announced (601.2d)
        self.chosen: dict = {}        # modal spells on the stack: the modes chosen (700.2a)
        self.spliced: dict = {}       # spells on the stack: the text of each card spliced onto
                                      # them, ((target kind, instructions), ...) in order (702.47b-c)
        self.illegal: dict = {}       # a resolving spell or ability: its slots whose target was
                                      # illegal as it began to resolve (608.2b)
        self.resolving = None            # (X, next instruction index)
        self.targets: dict = {}          # spell or ability -> its targets, one per slot (601.2c)
        self.drew_empty: set = set()
        self.lost: set = set()
        self.order_given = None          # (player, [object ids])
        self.kept: dict = {}             # legend rule: (player, name) -> the object kept
        self.asking = None               # the trigger or legend group a decision is about
        self.script = list(script)
        self.k = 0                       # next script entry (0-based)
        self.until = until
        self.events: list = []
        self.turn_changed_now = False
        # combat (CR 506-511; 2008: 306-311)
        self.regime = "stack" if self.old else ("ordered" if edition < FOUNDATIONS else "free")
        self.blocked: set = set()        # attackers that became blocked (509.1h)
        self.dao: dict = {}              # attacker -> its damage assignment order (509.2)
        self.to_order: list = []         # attackers whose order is still to be announced
        self.cd_phase = None             # None | only | first | second: this combat damage step
        self.had_fs: set = set()         # had first or double strike as the first step began
        self.assigned_first: set = set()   # 2008: assigned combat damage in the first step
        self.to_assign: list = []        # creatures whose assignment is the controller's choice
        self.assignment: dict = {}       # creature -> [(recipient, amount)]
        self.on_stack_damage: dict = {}  # 2008: the assignments of the combat damage object
        self.refusal = None
        # "at the beginning of" abilities that triggered: (turn count, step, source, index,
        # controller) — read by the shortcut oracle (whether a deviation changes what triggers)
        self.triggered_log: list = []
        self.turn_count = 0

    def tick(self):
        self.clock += 1
        return self.clock

    def state_effect(self, e) -> Eff:
        """A lasting effect the state lists (CR 611.2: it began before the state)."""
        ins = e.instruction
        dur = ins.get("duration")
        if ins.verb in PT_VERBS:
            kind = PT_VERBS[ins.verb]
            oid = e.target if ins.get("target") == "creature" else ins.get("what")
            if oid is None or oid in SETS or oid not in self.objs:
                # a set fixed when it began, or its own source: not known from the state
                raise Unmodelled(f"the effect of {e.source} on {oid}")
            o = self.objs[oid]
            if kind in ("modify", "set"):
                if kind == "set" and (ins.get("power") is None or ins.get("toughness") is None):
                    raise Unmodelled("setting only one of power and toughness")
                value = (ins.get("power") or 0, ins.get("toughness") or 0)
            elif kind == "switch":
                value = None
            else:
                value = ins.get("ability")
                if value not in KEYWORDS and value != "all":
                    raise Unmodelled(f"the ability {value}")
            return Eff(self.tick(), kind, value, e.controller, dur, frozenset({(o.id, o.inc)}))
        if ins.verb == "permit" and ins.get("action") == "play-land" and ins.get("who") == "you" \
                and ins.get("zone") is None:
            return Eff(self.tick(), "extra_land", ins.get("count", 1), e.controller, dur,
                       players=(e.controller,))
        if ins.verb == "forbid" and ins.get("action") == "play-land":
            who = ins.get("who")
            if who == "you":
                ps = (e.controller,)
            elif who == "opponents":
                ps = tuple(q for q in self.players if q != e.controller)
            elif who == "each-player":
                ps = tuple(self.players)
            elif who == "target" and e.target in self.players:
                ps = (e.target,)
            else:
                raise Unmodelled(f"the effect of {e.source}: who {who}")
            return Eff(self.tick(), "no_land", None, e.controller, dur, players=ps)
        raise Unmodelled(f"the effect of {e.source} ({ins})")

    # ---- reading the state -------------------------------------------------------------
    def in_zone(self, zone, owner=None):
        return [o for o in self.objs.values() if o.zone == zone and (owner is None or o.owner == owner)]

    def battlefield(self):
        return self.in_zone("battlefield")

    def hand(self, p):
        return self.in_zone("hand", p)

    def changed(self):
        self._ch = None

    def chars(self) -> dict:
        """Every permanent's characteristics now (CR 613), by object id."""
        if self._ch is not None:
            return self._ch
        bf = self.battlefield()
        out = {}
        for o in bf:
            cd = o.cd
            if cd is None:
                out[o.id] = Ch(set(), set(), True, None, None, False)
            else:
                out[o.id] = Ch(set(cd.types), set(cd.keywords), True, cd.power, cd.toughness,
                               "legendary" in cd.supertypes)
        effs = sorted(self.effects, key=lambda e: e.ts)
        on = [(e, [o for o in bf if (o.id, o.inc) in e.objs]) for e in effs if e.objs]
        for e, objs in on:                                   # layer 4: type-changing
            if e.kind == "animate":
                for o in objs:
                    out[o.id].types |= e.value[0]
        for e, objs in on:                                   # layer 6 (2008: 5), timestamp order
            for o in objs:
                c = out[o.id]
                if e.kind == "grant":
                    c.keywords.add(e.value)
                elif e.kind == "remove" and e.value == "all":
                    c.keywords.clear()
                    c.abilities = False
                elif e.kind == "remove":
                    c.keywords.discard(e.value)
                elif e.kind == "animate":
                    c.keywords |= e.value[2]
        # static abilities: only while their source is on the battlefield with its abilities
        statics = []
        for src in bf:
            if src.cd and src.cd.statics and out[src.id].abilities:
                for st in src.cd.statics:
                    if st[1] != "modify":
                        raise Unmodelled(f"a static ability {st}")
                    statics.append((src, st))
        for o in bf:
            c = out[o.id]
            p, t = c.power, c.toughness
            mods = [(e.kind, e.value) for e, objs in on if o in objs
                    and e.kind in ("set", "modify", "animate", "switch")]
            static = [0, 0]
            for src, st in statics:
                if self.in_set(st[2], src, src.controller, o, out):
                    static[0] += st[3][0]
                    static[1] += st[3][1]
            counters = o.counters.get("+1/+1", 0) - o.counters.get("-1/-1", 0)
            if self.old_layers:
                # 2008 CR 418.5a: 6b every other effect in timestamp order, 6c counters, 6d
                # static modifications, 6e switching
                for kind, v in mods:
                    if kind in ("set", "animate"):
                        p, t = v if kind == "set" else v[1]
                    elif kind == "modify" and p is not None:
                        p, t = p + v[0], t + v[1]
            else:
                for kind, v in mods:                         # 7b: the latest wins
                    if kind in ("set", "animate"):
                        p, t = v if kind == "set" else v[1]
                for kind, v in mods:                         # 7c
                    if kind == "modify" and p is not None:
                        p, t = p + v[0], t + v[1]
            if p is not None:
                p, t = p + counters + static[0], t + counters + static[1]
                if sum(1 for kind, _ in mods if kind == "switch") % 2:     # 7d
                    p, t = t, p
            c.power, c.toughness = p, t
        self._ch = out
        return out

    def in_set(self, what, src, controller, o, out):
        creature = "creature" in out[o.id].types
        if what == "self":
            return src is not None and o.id == src.id
        if what == "creatures-you-control":
            return creature and o.controller == controller
        if what == "other-creatures-you-control":
            return creature and o.controller == controller and (src is None or o.id != src.id)
        if what == "each-creature":
            return creature
        raise Unmodelled(what)

    def is_now(self, o, t):
        if o.zone == "battlefield":
            return t in self.chars()[o.id].types
        return o.is_(t)

    def has(self, o, kw):
        if o.zone == "battlefield":
            return kw in self.chars()[o.id].keywords
        return bool(o.cd) and kw in o.cd.keywords

    def has_abilities(self, o):
        return o.zone != "battlefield" or self.chars()[o.id].abilities

    def toughness(self, o):
        return self.chars()[o.id].toughness

    def power(self, o):
        return self.chars()[o.id].power

    def sick(self, o):
        """302.6 / 702.10: can't attack or pay {T} (mana abilities included)."""
        return o.new and self.is_now(o, "creature") and not self.has(o, "haste")

    def has_mana_ability(self, o):
        return bool(o.cd and o.cd.mana) and self.has_abilities(o)

    def max_hand(self, p):
        if any(o.cd and o.cd.no_max_hand and o.controller == p and self.has_abilities(o)
               for o in self.battlefield()):
            return None
        return 7

    def land_plays(self, p):
        return 1 + sum(e.value for e in self.effects if e.kind == "extra_land" and p in e.players)

    def cant_play_lands(self, p):
        return any(e.kind == "no_land" and p in e.players for e in self.effects)

    def cant_cast(self, p):
        return any(e.kind == "no_cast" and p in e.players for e in self.effects)

    def named_by(self, o, who, p):
        """Whether a permanent's "you" or "your opponents" names player p."""
        return p == o.controller if who == "you" else p != o.controller

    def cant_lose(self, p):
        """101.2: an effect saying p can't lose beats 704.5a/b (while its source has it)."""
        return any(o.cd and o.cd.cant_lose and self.has_abilities(o) and self.named_by(o, o.cd.cant_lose, p)
                   for o in self.battlefield())

    def cant_win(self, p):
        return any(o.cd and o.cd.cant_win and self.has_abilities(o) and self.named_by(o, o.cd.cant_win, p)
                   for o in self.battlefield())

    def able_to_attack(self, x, p):
        return (x.zone == "battlefield" and self.is_now(x, "creature") and x.controller == p
                and not x.tapped and not self.sick(x) and not self.has(x, "defender"))

    def must_attack(self, p):
        """The creatures of p's that attack each combat if able and are able (508.1d: with
        only such requirements, a declaration obeying the most has each of them attack)."""
        return sorted(o.id for o in self.battlefield() if o.cd and o.cd.attacks_each_combat
                      and self.has_abilities(o) and self.able_to_attack(o, p))

    def apnap(self):
        i = self.players.index(self.active)
        return self.players[i:] + self.players[:i]

    def next_player(self, p):
        return self.players[(self.players.index(p) + 1) % len(self.players)]

    def pool_total(self, p):
        return sum(self.pool[p].values())

    def t(self):
        return len(self.events) + 1      # the time of the event about to happen

    def legend_groups(self):
        """704.5j: (controller, name) -> the legendary permanents, where there are two or more."""
        groups: dict = {}
        ch = self.chars()
        for o in self.battlefield():
            if ch[o.id].legendary:
                groups.setdefault((o.controller, o.card), []).append(o.id)
        return {k: sorted(v) for k, v in groups.items() if len(v) > 1}

    def sbas(self):
        out = []
        for p in self.players:
            if p in self.lost or self.cant_lose(p):
                continue
            if self.life[p] <= 0:
                out.append(("lose", p))                      # 704.5a
            elif p in self.drew_empty:
                out.append(("lose", p))                      # 704.5b
        ch = self.chars()
        for o in self.battlefield():
            c = ch[o.id]
            if "creature" in c.types:
                if c.toughness <= 0:                                        # 704.5f
                    out.append(("dies", o.id))
                    continue
                if o.damage >= c.toughness and "indestructible" not in c.keywords:  # 704.5g, 702.12b
                    out.append(("dies", o.id))
                    continue
                if o.dt and "indestructible" not in c.keywords:                    # 704.5h
                    out.append(("dies", o.id))
                    continue
            if "planeswalker" in c.types and o.counters.get("loyalty", 0) <= 0:   # 704.5i
                out.append(("dies", o.id))
        for o in self.battlefield():
            if o.counters.get("+1/+1") and o.counters.get("-1/-1"):          # 704.5q
                out.append(("annihilate", o.id))
        if self.edition < M14_LEGEND:
            # 2008 CR 420.5e: two or more legendary permanents with the same name in play: all go
            names: dict = {}
            for o in self.battlefield():
                if ch[o.id].legendary:
                    names.setdefault(o.card, []).append(o.id)
            for ids in names.values():
                if len(ids) > 1:
                    out += [("dies", i) for i in ids if ("dies", i) not in out]
        else:
            for key, ids in sorted(self.legend_groups().items()):             # 704.5j
                out.append(("legend", key, tuple(ids)))
        for o in self.objs.values():
            if o.token and o.zone not in ("battlefield", None):               # 704.5d
                out.append(("cease", o.id))
        return out

    # ---- combat ------------------------------------------------------------------------------
    def defender(self):
        (d,) = [q for q in self.players if q != self.active]
        return d

    def in_combat(self, o):
        return o.zone == "battlefield" and (o.attacking or o.blocking is not None)

    def blockers_of(self, a):
        """The creatures blocking attacker a now, in its damage assignment order if it has one
        (509.2a: one removed from combat leaves the order, the rest keep theirs)."""
        bs = [o.id for o in self.battlefield() if o.blocking == a]
        if a in self.dao:
            return [b for b in self.dao[a] if b in bs]
        return sorted(bs)

    def lethal(self, src, b):
        """Lethal damage to blocker b from src for assigning: toughness minus damage marked
        (510.1c, 702.19b); with deathtouch any nonzero amount from 2016 (702.2b/c)."""
        n = max(0, self.toughness(b) - b.damage)
        if self.edition >= DEATHTOUCH_LETHAL and self.has(src, "deathtouch"):
            n = min(n, 1)
        return n

    def free_division(self, a):
        """Whether a blocked attacker divides its damage as its controller chooses among its
        blockers: 2008 (310.2c), from Foundations (510.1c), or with deathtouch in the 2009
        editions (702.2b of 2009)."""
        if self.regime != "ordered":
            return True
        return self.edition < DEATHTOUCH_LETHAL and self.has(a, "deathtouch")

    def recipients(self, o):
        """(power, blockers in order, may the player get damage, the possible recipients) of an
        attacker o's combat damage now; None when it assigns none (510.1a-c, 702.19)."""
        p = self.power(o)
        if p is None or p <= 0:
            return None
        d = self.defender()
        if o.id not in self.blocked:
            return p, [], True, [d]                                   # 510.1b
        bs = self.blockers_of(o.id)
        tr = self.has(o, "trample")
        if not bs:                                                    # 510.1c, 702.19c/d
            return (p, [], True, [d]) if tr else None
        ls = [self.lethal(o, self.objs[b]) for b in bs]
        if self.free_division(o):
            poss = list(bs)
        else:                                                         # 510.1c: in order
            poss = [b for k, b in enumerate(bs) if p > sum(ls[:k])]
        if tr and p > sum(ls):                                        # 702.19b
            poss.append(d)
        return p, bs, tr, poss

    def assignment_problems(self, o, pairs):
        """Why an assignment of attacker o's damage is illegal (510.1c-e, 702.19b; 2008
        310.2, 502.9b)."""
        p, bs, tr, poss = self.recipients(o)
        d = self.defender()
        amounts: dict = {}
        why = set()
        for r, n in pairs:
            if r in amounts or n < 0:
                why |= {"bad_assignment", "bad_total"}     # (a recipient named twice: the core
                                                           # counts one of its amounts)
            amounts[r] = amounts.get(r, 0) + n
        if any(r not in bs and not (tr and r == d) for r, n in amounts.items() if n > 0):
            why.add("bad_recipient")
        if sum(amounts.values()) != p:
            why.add("bad_total")
        ls = [self.lethal(o, self.objs[b]) for b in bs]
        short = [amounts.get(b, 0) < n for b, n in zip(bs, ls)]
        if not self.free_division(o):
            for k, b in enumerate(bs):
                if amounts.get(b, 0) > 0 and any(short[:k]):
                    why.add("bad_order")
        if amounts.get(d, 0) > 0 and any(short):
            why.add("trample_lethal")                 # (without trample: also bad_recipient)
        return why

    def dealers(self):
        """The attacking and blocking creatures that deal combat damage in this step (510.4,
        702.7b, 702.4b; 2008 310.5, 502.2b, 502.28b)."""
        out = []
        for o in self.battlefield():
            if not self.in_combat(o):
                continue
            strikes = self.has(o, "first strike") or self.has(o, "double strike")
            if self.cd_phase == "first":
                ok = strikes
            elif self.cd_phase == "second":
                done = o.id in (self.assigned_first if self.old else self.had_fs)
                ok = not done or self.has(o, "double strike")
            else:
                ok = True
            if ok:
                out.append(o)
        return out

    def begin_combat_damage(self):
        combatants = [o for o in self.battlefield() if self.in_combat(o)]
        if self.cd_phase == "first":
            self.cd_phase = "second"
        elif any(self.has(o, "first strike") or self.has(o, "double strike") for o in combatants):
            self.cd_phase = "first"
            self.had_fs = {o.id for o in combatants
                           if self.has(o, "first strike") or self.has(o, "double strike")}
        else:
            self.cd_phase = "only"
        forced, ask = {}, []
        dealers = self.dealers()
        # attackers first (510.1: the active player, then the defending player)
        for o in sorted(dealers, key=lambda o: (not o.attacking, o.id)):
            if o.attacking:
                r = self.recipients(o)
                if r is None:
                    continue
                if len(r[3]) == 1:
                    forced[o.id] = [(r[3][0], r[0])]
                else:
                    ask.append(o.id)
            else:
                a = self.objs.get(o.blocking)
                pw = self.power(o)
                if pw is not None and pw > 0 and a is not None and a.zone == "battlefield" \
                        and a.attacking:                              # 510.1d
                    forced[o.id] = [(a.id, pw)]
        if self.old:
            if any(self.has(self.objs[i], k) for i in [*forced, *ask] for k in ("lifelink", "deathtouch")):
                # triggered abilities in 2008 (502.63a, 502.68a): not modelled, refused
                self.refusal = "lifelink or deathtouch in combat damage before M10"
            if self.cd_phase == "first":
                self.assigned_first = set(forced) | set(ask)
        self.assignment = forced
        self.to_assign = ask
        if ask:
            self.due.append("assign")
        self.due.append("deal")

    def deal_combat_damage(self, assignment):
        """510.2 (2008: 310.4): all at once; lifelink's gain at the same time (702.15b); a
        deathtouch source's damage marked for 704.5h. 2008: damage to one no longer a creature
        on the battlefield is not dealt (310.4c)."""
        gains: dict = {}
        for src_id, pairs in assignment.items():
            src = self.objs[src_id]
            for r, n in pairs:
                if n <= 0:
                    continue
                if r in self.players:
                    self.life[r] -= n
                else:
                    o = self.objs[r[0]]
                    if o.inc != r[1] or o.zone != "battlefield" or not self.is_now(o, "creature"):
                        continue
                    o.damage += n
                    if self.has(src, "deathtouch"):
                        o.dt = True
                if self.has(src, "lifelink"):
                    gains[src.controller] = gains.get(src.controller, 0) + n
        if not any(o.cd and o.cd.no_life_gain and self.has_abilities(o) for o in self.battlefield()):
            for q, n in gains.items():
                self.life[q] += n
        self.changed()

    def fixed_assignment(self):
        """The assignments with each creature recipient fixed as the object it is now."""
        return {src: [(r if r in self.players else (r, self.objs[r].inc), n) for r, n in pairs]
                for src, pairs in self.assignment.items()}

    def drop_from_combat(self):
        """506.4: a creature that stopped being a creature is removed from combat."""
        for o in self.battlefield():
            if (o.attacking or o.blocking is not None) and not self.is_now(o, "creature"):
                o.attacking = False
                o.blocking = None

    def legend_question(self):
        if self.edition < M14_LEGEND:
            return None
        groups = self.legend_groups()
        for p in self.apnap():
            for key in sorted(groups):
                if key[0] == p and key not in self.kept:
                    return key
        return None

    def kind_of_trigger(self, x):
        _, src, k, q, _ = x
        return (self.objs[src].card, k, q)

    # ---- the next thing that happens ------------------------------------------------------
    def next(self):
        """('game', event) or ('decision', player, kind)."""
        if self.at_start:
            return "game", ("start", (self.step,))
        if self.resolving is not None:
            x, i = self.resolving
            if x == COMBAT_DAMAGE:
                return "game", ("finish", (x,))
            instrs = self.instructions(x)
            if i == 1 and self.fizzles(x):
                return "game", ("finish", (x,))               # 608.2b
            if i <= len(instrs) and instrs[i - 1][0] == "search":
                # 701.19a: the searching player finds the card (a choice made as it resolves,
                # 608.2d) — from their library, which the rules let them look through
                self.asking = x
                return "decision", self.who(x, instrs[i - 1][1]), "choose"
            if i <= len(instrs) and instrs[i - 1][0] == "discard" and not self.void(x, instrs[i - 1]):
                q = self.who(x, instrs[i - 1][1])
                hand = self.hand(q)
                if len(hand) > instrs[i - 1][2] and len({o.card or o.id for o in hand}) > 1:
                    self.asking = x
                    return "decision", q, "discard_choice"   # 701.9a: their choice
            if i <= len(instrs) and instrs[i - 1][0] in ("discard_each", "sacrifice_pick") \
                    and not self.void(x, instrs[i - 1]):
                # 701.9a, 701.17a: each player named picks their own cards or creatures, one
                # after another in APNAP order (101.4); where the options can't be told apart
                # (or there are no more than asked), the pick is no choice
                q = self.picker(x, instrs[i - 1])
                if self.pick_options(q, instrs[i - 1]) is None:
                    self.asking = x
                    return "decision", q, "discard_choice"
                return "game", ("do", (x, i))
            if i <= len(instrs) and instrs[i - 1][0] == "scry":
                # 701.22a: the player looks at the top N and puts any on the bottom; "each
                # player" scries one after another in APNAP order (101.4)
                who = instrs[i - 1][1]
                players = [q for q in self.apnap() if q not in self.lost] if who == "each" \
                    else [self.who(x, who)]
                left = [q for q in players if q not in self.scried]
                if left:
                    return "decision", left[0], "choose"
                self.scried = set()
                self.resolving = (x, i + 1)
                return self.next()
            if i <= len(instrs):
                return "game", ("do", (x, i))
            return "game", ("finish", (x,))
        if self.due:
            tba = self.due[0]
            if tba == "untap":
                return "game", ("untap", (self.active,))
            if tba == "draw":
                return "game", ("draw_step_draw", (self.active,))
            if tba == "discard":
                hand = self.hand(self.active)
                kinds = {o.card for o in hand}
                entry = self.script[self.k] if self.k < len(self.script) else None
                if len(kinds) > 1 or (entry is not None and entry.verb == "discard"
                                      and entry.player == self.active):
                    return "decision", self.active, "discard"
                return "game", ("cleanup_discard", (self.active,))
            if tba == "clear":
                return "game", ("cleanup_clear", ())
            if tba == "attack":
                return "decision", self.active, "attack"
            if tba == "order_blockers":
                return "decision", self.active, "order_blockers"
            if tba == "assign":
                return "decision", self.active, "assign"
            if tba == "deal":
                return "game", ("combat_damage", ())
            if tba[0] == "block":
                return "decision", tba[1], "block"
        checking = self.prio_to is not None or (
            self.step == "cleanup" and not self.all_passed and (self.sbas() or self.pending))
        if checking:
            if not any(s[0] == "dies" for s in self.sbas()):
                for o in self.objs.values():      # 704.5h: checked, nothing to destroy
                    o.dt = False
            if self.sbas():
                key = self.legend_question()
                if key is not None:                           # 704.5j: that player chooses
                    self.asking = key
                    return "decision", key[0], "legend"
                return "game", ("sba_check", ())
            if self.pending:
                p = self.putter()
                mine = [x for x in self.pending if self.objs[x[1]].controller == p]
                if len({self.kind_of_trigger(x) for x in mine}) > 1:
                    if self.order_given is None or self.order_given[0] != p:
                        return "decision", p, "order"
                    listed = self.order_given[1]
                    pos = lambda x: listed.index(x[1]) if x[1] in listed else 1000  # noqa: E731
                    x = min(mine, key=lambda x: (pos(x), x))
                else:
                    x = min(mine)
                if self.target_kind(x) and x not in self.targets:            # 603.3d
                    legal = self.legal_targets(x, enough=2)
                    if not legal:
                        return "game", ("remove_trigger", (x,))
                    if len(legal) > 1:
                        self.asking = x
                        return "decision", p, "target"
                return "game", ("put_trigger", (x,))
            if self.prio_to is not None:
                return "decision", self.prio_to, "priority"
        if self.all_passed:
            if self.stack:
                return "game", ("resolve", (self.stack[-1],))
            return "game", ("end_step", (self.step,))
        if self.step not in PRIORITY_STEPS:
            return "game", ("end_step", (self.step,))
        raise AssertionError("nothing happens next")

    def pickers(self, x, ins):
        """Who picks for a "discard_each" (each player, APNAP order, 101.4) or a
        "sacrifice_pick" (the player named) instruction of x."""
        if ins[0] == "discard_each":
            return [q for q in self.apnap() if q not in self.lost]
        return [self.who(x, ins[1])]

    def picker(self, x, ins):
        """The next player to pick for x's instruction ``ins``."""
        return next(q for q in self.pickers(x, ins) if q not in self.scried)

    def pick_options(self, q, ins):
        """The objects q's pick takes where it is no choice (all of them, or the first by id of
        options that can't be told apart), or None where it is q's choice."""
        if ins[0] == "discard_each":
            opts, n = sorted(self.hand(q), key=lambda o: o.id), ins[1]
        else:
            opts = sorted((o for o in self.battlefield() if o.controller == q and self.is_now(o, ins[2])),
                          key=lambda o: o.id)
            n = ins[3]
        if len(opts) > n and len({o.card or o.id for o in opts}) > 1:
            return None
        return opts[:n]

    def putter(self):
        for p in self.apnap():
            if any(self.objs[x[1]].controller == p for x in self.pending):
                return p

    def parts(self, x):
        """The parts of x's effect in the order they happen, each (its target kind or None, its
        instructions): a spell's own text, or its chosen modes in printed order (700.2, 702.42b),
        then the part that happens only if it was kicked (702.33e), then the text of each card
        spliced onto it in the order chosen (702.47b)."""
        if isinstance(x, tuple) and x[0] == "tr":
            cd = self.objs[x[1]].cd
            return [(cd.trigger_target, cd.trigger_effect)]
        if isinstance(x, tuple):
            _, kind, effect = ability_part(self.objs[x[1]].card_def, x[2])
            return [(kind, effect)]
        cd = self.objs[x].cd
        if cd.modes:
            own = [cd.modes[m - 1] for m in self.chosen.get(x, ())]
            if any(ins is NOT_HERE for _, ins in own):
                raise Unmodelled("a mode the stepper doesn't model")
        else:
            own = [(cd.target, cd.instructions)]
        if cd.kicked and self.announced.get(x) == "kicker":
            own.append(cd.kicked)                       # 702.33e: then what kicked adds (as printed)
        return own + list(self.spliced.get(x, ()))

    def instructions(self, x):
        """x's instructions in order, each "target" of a spell naming its part's slot (601.2c)."""
        if isinstance(x, tuple):
            return self.parts(x)[0][1]
        out, k = [], 0
        for kind, instructions in self.parts(x):
            out += [tuple(Slot(k) if a == "target" else a for a in ins) for ins in instructions]
            k += bool(kind)
        return tuple(out)

    def slot_kinds(self, x):
        """The kind of each of x's target slots, in order (601.2c, 700.2c, 702.47d); a spell with
        a number of targets announced has that many of its one kind."""
        if not isinstance(x, tuple) and x in self.objs and self.objs[x].cd and self.objs[x].cd.targets_range:
            return [self.objs[x].cd.target] * len(self.targets.get(x, ()))
        return [kind for kind, _ in self.parts(x) if kind]

    def fizzles(self, x):
        """608.2b: every target illegal as it began to resolve: it doesn't resolve."""
        return bool(self.targets.get(x)) and len(self.illegal.get(x, ())) == len(self.targets[x])

    def void(self, x, ins):
        """608.2b: an instruction whose slot's target was illegal as x began to resolve does
        nothing to it (the only thing each of these instructions affects)."""
        return any((a == "target" or isinstance(a, Slot)) and (0 if a == "target" else int(a))
                   in self.illegal.get(x, ()) for a in ins)

    def controller_of(self, x):
        return self.objs[x[1] if isinstance(x, tuple) else x].controller

    def target_kind(self, x):
        """The kind of x's first target slot (a triggered ability's only one, 603.3d), or None."""
        kinds = self.slot_kinds(x)
        return kinds[0] if kinds else None

    def target_legal(self, x, y):
        return self.target_ok(self.target_kind(x), y, self.controller_of(x))

    def illegal_slots(self, x):
        """The slots of x whose target is illegal now (608.2b)."""
        p = self.controller_of(x)
        return frozenset(k for k, (kind, y) in enumerate(zip(self.slot_kinds(x), self.targets.get(x, ())))
                         if not self.target_ok(kind, y, p))

    def legal_targets(self, x, enough=None):
        """The legal targets of x's controller for x (or the first ``enough`` of them, the
        others not looked at: a question the stepper can't answer about one of them then
        doesn't matter)."""
        kind, p = self.target_kind(x), self.controller_of(x)
        cands = [q for q in self.players if q not in self.lost]
        cands += sorted(o.id for o in self.battlefield())
        if kind == "spell":
            cands = [y for y in self.stack if not isinstance(y, tuple) and y != COMBAT_DAMAGE]
        if kind == "any" and self.edition < DOMINARIA:      # "target creature or player"
            cands = [y for y in cands if y in self.players or self.is_now(self.objs[y], "creature")]
        legal, unknown = [], None
        for y in cands:
            try:
                if self.target_ok(kind, y, p):
                    legal.append(y)
            except Unmodelled as exc:
                unknown = exc
            if enough is not None and len(legal) >= enough:
                return legal
        if unknown is not None:
            raise unknown
        return legal

    def target_ok(self, kind, y, controller):
        """115.4, 702.11b: a legal target for a spell or ability ``controller`` controls."""
        if y in self.players:
            # "target opponent": a player other than the controller (102.3)
            return y not in self.lost and (kind in ("any", "player", "player_or_planeswalker")
                                           or kind == "opponent" and y != controller)
        o = self.objs.get(y)
        if kind == "player_or_planeswalker":
            # a planeswalker since 2018, when "target player" damage spells came to say so (and
            # redirection, 306.7, went); before, the printed "target player" admits none
            ok = (o is not None and o.zone == "battlefield" and self.is_now(o, "planeswalker")
                  and self.edition >= DOMINARIA)
            if ok and o.controller != controller and self.has(o, "hexproof"):
                return False
            return ok
        if kind == "spell":
            # 115.1/112.1: a spell is a card (or copy) on the stack, not an ability
            return o is not None and o.zone == "stack" and y in self.stack
        if o is None or o.zone != "battlefield" or kind not in ("any", "creature", "creature_you_control",
                                                                "permanent", "artifact_or_enchantment",
                                                                "colorless_nonland_permanent"):
            return False
        creature = self.is_now(o, "creature")
        if kind == "permanent":                                  # 115.2: any permanent
            ok = True
        elif kind == "colorless_nonland_permanent":
            # 105.2: an object's colours are its mana cost's coloured symbols' (hybrid and
            # Phyrexian symbols included, 105.2, 107.4e-f); none: colourless (105.2c); 708.2: a
            # face-down permanent has none; not a land as it is now (an animated land still is)
            ok = not self.is_now(o, "land") and (o.face_down or o.cd is None or not self.colours_of(o.cd))
        elif kind == "artifact_or_enchantment":                  # its types now (613)
            ok = self.is_now(o, "artifact") or self.is_now(o, "enchantment")
        elif kind == "any" and not creature and self.is_now(o, "planeswalker"):
            if self.edition < DOMINARIA:
                raise Unmodelled("a planeswalker as the target of 'any target' before 2018")
            ok = True
        else:
            ok = creature
        if kind == "creature_you_control" and creature:
            return o.controller == controller
        if ok and o.controller != controller and self.has(o, "hexproof"):
            if self.edition < HEXPROOF:
                raise Unmodelled("hexproof before M12")
            return False
        return ok

    # ---- the players' decisions ---------------------------------------------------------------
    def run(self, max_events=200) -> Result:
        while True:
            if len(self.events) >= max_events:
                # the bound reached: a decision due that the script can't give (or gives
                # wrongly) still says so; otherwise the trace just ends here
                nxt = self.next()
                stop = self.decide(nxt[1], nxt[2], dry=True) if nxt[0] == "decision" else None
                return stop or Result(self.events, ("horizon", None, "", None))
            nxt = self.next()
            if nxt[0] == "game":
                self.apply(nxt[1])
            else:
                _, p, kind = nxt
                stop = self.decide(p, kind)
                if stop is not None:
                    return stop
            stop = self.stopped()
            if stop is not None:
                return stop

    def stopped(self):
        # unsupported first, then game over, then the point reached (the core's ranking)
        if self.refusal is not None:
            return Result(self.events, ("unsupported", None, self.refusal, None))
        if any(o.card in CARDS and CARDS[o.card].unwritten and not o.face_down for o in self.battlefield()):
            return Result(self.events, ("unsupported", None, "text the library doesn't write", None))
        if self.lost:
            if len(self.players) > 2:
                return Result(self.events, ("unsupported", None, "leaves", None), self.lost)
            if any(self.cant_win(q) for q in self.players if q not in self.lost):
                raise Unmodelled("a win an effect forbids (what happens then)")
            return Result(self.events, ("game-over", None, "", None), set(self.lost))
        if self.reached_now and self.until.kind != "end" and self.point_reached(self.until):
            return Result(self.events, ("reached", None, "", None))
        return None

    def decide(self, p, kind, dry=False):
        """Make the decision due from the script; ``dry``: only say how it would stop."""
        entry = self.script[self.k] if self.k < len(self.script) else None
        if kind == "discard_choice":
            # 701.9a: the player picks the card discarded (the core's "choose"); `all pass until`
            # passes priority only, and makes no such choice
            if entry is None or entry.verb == "pass-until":
                return Result(self.events, ("needs-decision", p, "choose", None))
            if entry.player == p and entry.verb in ("discard", "choose"):
                raise Unmodelled("a card discarded by choice as an instruction resolves")
        if entry is None:
            return Result(self.events, ("needs-decision", p, kind, None))
        if entry.verb == "pass-until":
            if kind not in ("priority", "attack", "block"):
                return Result(self.events, ("needs-decision", p, kind, None))
            if kind == "attack" and self.must_attack(p):
                # 508.1d: declaring none obeys fewer requirements than a declaration could
                return Result(self.events, ("needs-decision", p, "attack_required", None))
            if dry:
                return None
            if kind == "priority":
                self.apply(("pass", (p,)))
            elif kind == "attack":
                self.apply(("attack", (p, "none")))
            else:
                self.apply(("block", (p, "none")))
            return None
        ek = {"pass": "priority", "hold": "priority", "cast": "priority", "activate": "priority",
              "mana": "priority", "play": "priority", "turn-up": "priority",
              "attack": "attack", "block": "block",
              "discard": "discard", "order": "order",
              "choose": "choose" if kind == "choose" else "legend",
              "target": "target", "order-blockers": "order_blockers",
              "assign": "assign"}.get(entry.verb, "other")
        num = self.k + 1
        if kind == "priority" and entry.player != p and entry.verb in ("cast", "activate", "mana", "play",
                                                                       "turn-up"):
            # another player's spell, ability or land while p has priority: an attempt without
            # priority (117.1a, 605.3a, 305.1), illegal for that reason and any other it has
            reasons = {"no_priority"} | self.why_not(entry, num)
            if "not_in_edition" in reasons:
                raise Unmodelled("another player's cast paid by a rule the edition lacks")
            if "absent" in reasons:
                return Result(self.events, ("unsupported", None, "a rule absent from the edition", None))
            return Result(self.events, ("illegal-action", entry.player, "illegal", num), reasons=reasons)
        if kind == "attack" and entry.verb == "attack" and entry.objects and len(self.players) > 2:
            # which opponent each creature attacks (508.1b) has no words: refused
            return Result(self.events, ("unsupported", None, "attacks in a multiplayer game", None))
        if entry.player != p or ek != kind:
            return Result(self.events, ("illegal-action", entry.player, "mismatch", num))
        reasons = self.why_not(entry, num)
        if "not_in_edition" in reasons:
            # convoke or delve before they paid mana of the locked total, improvise before it
            # existed: refused by name
            return Result(self.events, ("unsupported", None, "a payment the edition words otherwise", None))
        if "absent" in reasons:
            return Result(self.events, ("unsupported", None, "a rule absent from the edition", None))
        if reasons == {"payment"} or reasons == {"payment", "division"}:
            return Result(self.events, ("needs-decision", p, "payment", None))
        if reasons == {"division"}:
            return Result(self.events, ("needs-decision", p, "division", None))   # 601.2d
        if reasons:
            return Result(self.events, ("illegal-action", entry.player, "illegal", num), reasons=reasons)
        if dry:
            return None
        self.k += 1
        v = entry.verb
        if v == "pass":
            self.apply(("pass", (p,)))
        elif v == "hold":
            self.apply(("hold", (p,)))
        elif v == "cast":
            # what it announces: the modes, a cost, retrace with the land card it discards (702.81a)
            self.apply(("cast", (p, entry.objects[0], aim(entry.targets),
                                 num if entry.paying or entry.helpers or escalated(entry) or entry.symbols
                                 or announced_x(entry) is not None or entry.division or len(entry.targets) > 1
                                 else "auto",
                                 announcement(entry))), entry)
        elif v == "activate":
            self.apply(("activate", (p, entry.objects[0], ability_key(entry.ability, entry.modes),
                                     entry.target or "none",
                                     num if entry.paying or entry.x is not None else "auto")), entry)
        elif v == "mana" and entry.adds:
            # the ability named by the mana it adds (605.3a)
            self.apply(("mana_as", (p, entry.objects[0], entry.adds.lower())))
        elif v == "mana":
            self.apply(("mana", (p, entry.objects[0])))
        elif v == "play":
            self.apply(("play", (p, entry.objects[0])))
        elif v == "turn-up":
            self.apply(("turn_up", (p, entry.objects[0], num if entry.paying else "auto")), entry)
        elif v == "attack":
            self.apply(("attack", (p, num)), entry)
        elif v == "block":
            self.apply(("block", (p, num)), entry)
        elif v == "discard":
            self.apply(("discard", (p, num)), entry)
        elif v == "order":
            self.apply(("order", (p, num)), entry)
        elif v == "order-blockers":
            self.apply(("order_blockers", (p, num)), entry)
        elif v == "assign":
            self.apply(("assign", (p, num)), entry)
        elif v == "choose" and kind == "choose":
            x, i = self.resolving
            self.apply(("choose", (p, x, i, num)), entry)
        elif v == "choose":
            self.apply(("keep", (p, entry.objects[0])))
        elif v == "target":
            self.apply(("aim", (p, self.asking, entry.target)))
        return None

    def why_not(self, d, num):
        """Every reason the rules forbid decision ``d`` (the player has the decision due)."""
        p, why = d.player, set()
        o = self.objs.get(d.objects[0]) if d.objects else None
        if d.verb == "cast":
            cd = o.cd if o else None
            from_graveyard = d.announces in ("flashback", "retrace")
            if from_graveyard:
                # 702.34a, 702.81a: these let the card be cast from its owner's graveyard, and
                # from nowhere else (601.3: nothing else allows it there)
                if o is None or o.zone != "graveyard" or o.owner != p:
                    why.add("not_in_graveyard")
            elif o is None or o.zone != "hand" or o.owner != p:
                why.add("not_in_hand")                                  # 601.2a
            if cd is None:
                raise Unmodelled("casting a hidden card")
            if d.announces == "face_down":
                # 702.37c-d: only a card with morph is cast face down, as the 2/2 creature
                # spell with no text it then is (708.2), for {3}
                if not cd.morph:
                    why.add("no_morph")
                    cd = replace(cd, target=None)       # (its other reasons are the card's)
                else:
                    cd = replace(FACE_DOWN, generic=3)          # FACE_DOWN_COST's {3}
            elif d.announces == "kicker" and cd.multikicker:
                # 702.33c: a multikicker cost is a kicker cost, paid any number of times; none
                # of the 2008-2009 texts has the rule: refused there
                if self.edition < MULTIKICKER:
                    why.add("absent")
            elif d.announces and not getattr(cd, d.announces, None):
                why.add("no_such_cost")                                 # 601.2b: it has no such cost
            elif getattr(d, "kicks", 0) > 1:
                why.add("no_such_cost")                                 # 702.33a: a kicker is paid once
            modes = self.modes_of(cd, d, why)
            self.escalate_discards(p, o, cd, d, modes, why)
            x_open = self.x_problems(cd, d, why)
            if d.announces == "retrace":
                # 702.81a: the additional cost is discarding a land card (from the hand: 701.9a)
                land = self.objs.get(d.discarding[0]) if len(d.discarding) == 1 else None
                if land is None or land.cd is None or not land.cd.land:
                    why.add("not_a_land_card")
                if land is None or land.zone != "hand" or land.owner != p:
                    why.add("discard_not_in_hand")
                if self.edition < RETRACE:
                    why.add("absent")                           # no rule for it: refused
            if cd.land:
                why.add("land_not_cast")                                # 116.2a / 305.1
                if d.targets:
                    why.add("no_target_wanted")                         # 601.2c: it has none
                self.splice_kinds(p, o, cd, d, why)                     # (nothing splices onto it)
                if self.cant_cast(p):
                    why.add("cant_cast")                                # 101.2
                return why
            if not cd.instant_speed:                                    # 117.1a, 307.1
                if self.step not in ("main1", "main2"):
                    why.add("not_main_phase")
                if p != self.active:
                    why.add("not_your_turn")
                if self.stack:
                    why.add("stack_not_empty")
            if self.cant_cast(p):
                why.add("cant_cast")                                    # 101.2
            # 601.2c: one target for each slot, in order: the card's own (or its chosen modes',
            # 700.2c, printed order), then its kicked part's if kicked (702.33g; unkicked it is
            # cast as though it had none), then each spliced card's (702.47d); each legal for
            # its slot; one player or object may fill two slots (115.3)
            kinds = [cd.modes[m - 1][0] for m in modes or () if cd.modes[m - 1][0]] if cd.modes \
                else [cd.target] if cd.target else []
            if cd.kicked and cd.kicked[0] and d.announces == "kicker":
                kinds.append(cd.kicked[0])      # 702.33g: the kicked part's target, only if kicked
            kinds += self.splice_kinds(p, o, cd, d, why)
            if cd.targets_range:
                # 601.2c: the number of targets announced (the line's count), within what the
                # card says; each of its one kind. 115.3: one word "target" chooses an object or
                # player once
                low, high = cd.targets_range
                if len(d.targets) < low:
                    why.add("too_few_targets")
                if high is not None and len(d.targets) > high:
                    why.add("too_many_targets")
                kinds = [cd.target] * (len(d.targets) if high is None else min(len(d.targets), high))
                if len(set(d.targets)) < len(d.targets):
                    why.add("same_target")
            why |= self.division_problems(cd, d)
            if cd.modes and modes is None:
                pass                                                    # no legal choice: no targets to tell
            else:
                if len(d.targets) < len(kinds):
                    why.add("missing_target")
                elif len(d.targets) > len(kinds):
                    why.add("no_target_wanted")
                # (the line lists them in slot order: those it gives are judged for their slots)
                if any(not self.target_ok(kind, y, p) for kind, y in zip(kinds, d.targets)):
                    why.add("bad_target")
            if "no_such_cost" in why:
                return why                                              # no cost to pay then
            if "no_morph" in why:
                why |= self.pay_problems(p, replace(cd, colour_cost=(), generic=3), d)
                return why
            why |= self.symbol_problems(p, cd, d)
            problems, rest = self.helped(p, cd, d)
            why |= problems
            if rest is not None:
                why |= self.pay_problems(p, rest, d)
            if x_open and "cant_pay" not in why:
                why.add("payment")          # X unsaid: the caster's; even X = 0 unpaid: illegal
            return why
        if d.verb == "turn-up":
            # 702.37e, 116.2b: a special action of a player with priority (decide checks it): a
            # face-down permanent they control, with morph; its morph cost paid
            if o is None or not o.face_down or o.zone != "battlefield":
                why.add("not_face_down")
            if o is not None and o.controller != p:
                why.add("not_controller")
            cd = o.card_def if o else None
            if cd is None or not cd.morph:
                why.add("no_morph")
                return why
            why |= self.pay_problems(p, CardDef(cd.types, cd.morph[0], cd.morph[1]), d)
            return why
        if d.verb == "activate":                                        # 602.2
            if o is None or o.cd is None:
                raise Unmodelled("activating a hidden card")
            cd = o.cd
            if d.ability > len(cd.activated) and cd.mana and d.ability == len(cd.activated) + 1:
                raise Unmodelled("a mana ability activated as 'activates'")
            if o.zone != "battlefield":
                why.add("not_on_battlefield")
            if o.controller != p:
                why.add("not_controller")
            if d.ability > len(cd.activated):
                why.add("no_such_ability")
                return why
            ab = cd.activated[d.ability - 1]
            lost = not self.has_abilities(o)
            if lost:
                # it has lost its abilities (613.1f): none to activate; what its printed one's
                # target and mana would be are reasons too, its loyalty rule isn't
                why.add("no_such_ability")
            if ab.loyalty is not None and not ab.effect:
                raise Unmodelled("an ability whose text the card library has no words for")
            target = self.ability_mode_problems(ab, d, why)
            if target is False:
                pass                    # no choice of modes it allows: no target is asked for
            elif target is None and d.target:
                why.add("no_target_wanted")
            elif target is not None and not d.target:
                why.add("missing_target")                               # 602.2b, as 601.2c
            elif target is not None and not self.target_ok(target, d.target, p):
                why.add("bad_target")
            if ab.loyalty is not None and not lost:
                why |= self.loyalty_problems(p, o, ab)
            if ab.tap and o.zone == "battlefield":
                # 602.5a ({T} in a cost: only an untapped permanent), 302.6 (a creature's, only
                # once its controller has controlled it since their turn began)
                if o.tapped:
                    why.add("already_tapped")
                if self.sick(o):
                    why.add("summoning_sick")
            # 602.2b, 601.2b, 107.3a: X of the activation cost announced as it is activated, and
            # only for a cost with {X}; 601.2f: X generic mana for each {X} in the total (judged
            # with X = 0 while unsaid: the player's to say, never guessed)
            x = getattr(d, "x", None)
            if x is not None and not ab.x:
                why.add("no_x")
            why |= self.pay_problems(p, self.ability_total(ab, d), d)
            if ab.x and x is None and "cant_pay" not in why:
                why.add("payment")
            return why
        if d.verb == "mana":
            if o is not None and o.cd is not None and o.cd.unwritten_activated and not o.cd.mana:
                raise Unmodelled("an ability the library doesn't write")
            if o is None or not self.has_mana_ability(o):
                why.add("no_mana_ability")
            if o is None or o.controller != p:
                why.add("not_controller")
            if o is None or o.zone != "battlefield":
                why.add("not_on_battlefield")
            if o is not None and o.tapped:
                why.add("already_tapped")
            if o is not None and o.zone == "battlefield" and self.sick(o):
                why.add("summoning_sick")                               # 302.6
            if o is not None and self.has_mana_ability(o):
                # 605.3a: the player activates one ability; with several the line names it
                if d.adds and d.adds.lower() not in o.cd.mana:
                    why.add("no_mana_ability")
                elif not d.adds and len(o.cd.mana) > 1:
                    why.add("which_mana_ability")
            return why
        if d.verb == "play":                                            # 305.1, 305.2
            if o is None or not o.is_("land"):
                why.add("not_a_land")
            if o is None or o.zone != "hand" or o.owner != p:
                why.add("land_not_in_hand")
            if p != self.active:
                why.add("land_not_your_turn")
            if self.step not in ("main1", "main2"):
                why.add("land_not_main_phase")
            if self.stack:
                why.add("land_stack_not_empty")
            if self.lands[p] >= self.land_plays(p):
                why.add("no_land_plays_left")
            if self.cant_play_lands(p):
                why.add("cant_play_lands")
            return why
        if d.verb == "attack":                                          # 508.1a
            for a in d.objects:
                x = self.objs.get(a)
                if not (x and x.zone == "battlefield" and self.is_now(x, "creature")
                        and x.controller == p and not x.tapped and not self.sick(x)
                        and not self.has(x, "defender")):                      # 702.3b
                    why.add("cant_attack")
            if len(set(d.objects)) != len(d.objects):
                why.add("cant_attack")
            if not why and set(self.must_attack(p)) - set(d.objects):
                why.add("requirement")                                   # 508.1d
            return why
        if d.verb == "block":                                           # 509.1a-c
            if d.blocks and len(self.players) > 2:
                raise Unmodelled("blocks in a multiplayer game")
            blockers = [b for b, _ in d.blocks]
            if len(set(blockers)) != len(blockers):
                why.add("cant_block")
            for b, a in d.blocks:
                x, y = self.objs.get(b), self.objs.get(a)
                if not (x and x.zone == "battlefield" and self.is_now(x, "creature")
                        and x.controller == p and not x.tapped and y and y.zone == "battlefield"
                        and y.attacking):
                    why.add("cant_block")
                elif self.has(y, "flying") and not (self.has(x, "flying") or self.has(x, "reach")):
                    why.add("cant_block")                                # 702.9b, 702.17b
            for a in {a for _, a in d.blocks}:
                y = self.objs.get(a)
                if y and y.zone == "battlefield" and self.has(y, "menace") \
                        and sum(1 for _, z in d.blocks if z == a) < 2:
                    if self.edition < MENACE:
                        raise Unmodelled("menace before Magic Origins")
                    why.add("cant_block")                                # 702.111b
            return why
        if d.verb == "order-blockers":                                  # 509.2 (2009-2024)
            a = d.objects[0] if d.objects else None
            if a not in self.to_order:
                # (the core also judges the list against that creature's blockers)
                why |= {"not_chosen_from", "bad_order_list"}
            elif sorted(d.objects[1:]) != sorted(self.blockers_of(a)):
                why.add("bad_order_list")
            return why
        if d.verb == "assign":                                          # 510.1
            a = d.objects[0] if d.objects else None
            if a not in self.to_assign:
                # (the core also judges the line's recipients and total against that creature)
                return {"not_chosen_from", "bad_recipient", "bad_total"}
            return self.assignment_problems(self.objs[a], d.assignment)
        if d.verb == "discard":                                         # 514.1
            hand = self.hand(p)
            if any(self.objs.get(c) is None or self.objs[c].zone != "hand" or self.objs[c].owner != p
                   for c in d.objects):
                why.add("not_chosen_from")
            if len(set(d.objects)) != len(hand) - self.max_hand(p):
                why.add("wrong_count")
            return why
        if d.verb == "choose" and self.resolving is not None \
                and self.instructions(self.resolving[0])[self.resolving[1] - 1][0] == "scry":
            x, i = self.resolving                                       # 701.22a
            top = self.library(p)[:self.instructions(x)[i - 1][2]]
            if len(set(d.objects)) != len(d.objects):
                why.add("wrong_count")
            if any(c not in [o.id for o in top] for c in d.objects):
                why.add("not_chosen_from")
            return why
        if d.verb == "choose" and self.resolving is not None:          # 701.19a
            x, i = self.resolving
            _, who, n, _ = self.instructions(x)[i - 1]
            if len(d.objects) != n:
                why.add("wrong_count")
            lib = self.in_zone("library", self.who(x, who))
            if any(c not in [o.id for o in lib] for c in d.objects):
                why.add("not_chosen_from")
            return why
        if d.verb == "choose":                                          # 704.5j
            groups = self.legend_groups()
            open_ = [i for key, ids in groups.items() if key[0] == p and key not in self.kept
                     for i in ids]
            if len(d.objects) != 1:
                why.add("wrong_count")
            if any(c not in open_ for c in d.objects):
                why.add("not_chosen_from")
            return why
        if d.verb == "target":                                          # 603.3d, 601.2c
            x = self.asking
            if not d.objects or d.objects[0] != x[1]:
                why.add("not_chosen_from")
            if not d.target:
                why.add("missing_target")
            elif not self.target_legal(x, d.target):
                why.add("bad_target")
            return why
        return why

    def loyalty_problems(self, p, o, ab):
        """Why a loyalty ability of ``o`` can't be activated by ``p`` now. 606.3 (2009-10-01 on;
        212.9f in 2008, 306.7 in 2009-07-11, of a planeswalker's activated abilities then, which
        Liliana's all are): in a main phase of p's own turn, with the stack empty (p has
        priority: decide checks it), and only if none of its loyalty abilities was activated
        this turn (2016-07-22 on: no player activated one of that permanent's; the same for a
        permanent that keeps its printed abilities). 606.6 (606.5 before 2024-07-30; 306.7b,
        212.9f): a negative cost only with at least that many loyalty counters on it."""
        why = set()
        if p != self.active:
            why.add("not_your_turn")
        if self.step not in ("main1", "main2"):
            why.add("not_main_phase")
        if self.stack:
            why.add("stack_not_empty")
        if (o.id, o.inc) in self.loyalty_used:
            why.add("loyalty_used")
        if ab.loyalty < 0 and o.counters.get("loyalty", 0) < -ab.loyalty:
            why.add("too_few_loyalty")
        return why

    def pay_problems(self, p, cd, d):
        """601.2g-h: coloured symbols from their colour, generic from what is left; when more
        is left than the generic part needs in more than one colour, how to pay it is a choice."""
        why = set()
        left = dict(self.pool[p])
        for c, n in cd.colour_cost:
            if left.get(c, 0) < n:
                why.add("cant_pay")
            else:
                left[c] -= n
        if why:
            return why
        g = cd.generic
        if d.paying:
            paying = {c.lower(): n for c, n in d.paying}
            if sum(paying.values()) != g or any(left.get(c, 0) < n for c, n in paying.items()):
                why.add("cant_pay")
            return why
        total = sum(left.values())
        if total < g:
            why.add("cant_pay")
        elif g > 0 and total > g and len([c for c, n in left.items() if n > 0]) > 1:
            why.add("payment")
        return why

    def ability_total(self, ab, d):
        """601.2f via 602.2b: an ability's activation cost with X generic mana for each {X}."""
        x = getattr(d, "x", None) or 0
        return replace(ab, generic=ab.generic + ab.x * x) if ab.x else ab

    def x_problems(self, cd, d, why):
        """601.2b, 107.3a: the caster announces X for an X in a cost that will be paid — the
        mana cost's {X}, or an additional cost's such as a kicker's {X} (702.33a) where the kicker
        is paid — and for nothing else: not for a card without {X}, nor where the mana cost isn't
        what is paid (flashback's cost or face down's {3} instead, 118.9) or the kicker isn't, or
        the cast announces what the card hasn't. True when the line leaves X unsaid: the
        caster's choice, never guessed (the total, 601.2f, is judged with X = 0 meanwhile: X only
        adds to it)."""
        x = announced_x(d)
        paid = d.announces not in ("flashback", "face_down") and not ({"no_such_cost", "no_morph", "not_modal"} & why)
        has_x = (cd.x and paid) or (cd.kicker_x and d.announces == "kicker" and "no_such_cost" not in why)
        if x is not None and not has_x:
            why.add("no_x")
        return bool(has_x and x is None)

    def division_problems(self, cd, d):
        """601.2d: a spell dividing damage as its caster chooses has the division announced: one
        share for each target, each at least 1, adding up to the amount (one target takes it all:
        nothing to choose, and the line may say it or not). Two or more targets with none said:
        the caster's decision ("division"). A division for a spell that divides nothing so (one
        dividing evenly by its text, or dividing nothing) announces nothing there is."""
        why = set()
        division = getattr(d, "division", ())
        if cd.divided != "announced":
            if division:
                why.add("no_division")
            return why
        amount = cd.instructions[0][1]
        if not division:
            if len(d.targets) > 1:
                why.add("division")
            return why
        if len(division) != len(d.targets):
            why.add("division_count")
        if 0 in division:
            why.add("share_of_none")
        if sum(division) != amount:
            why.add("division_total")
        return why

    def x_of(self, o):
        """202.3e: X in o's mana cost, as its mana value reads it: the announced value while o
        is on the stack, 0 anywhere else."""
        return self.xs.get(o.id, 0) if o.zone == "stack" else 0

    def ability_mode_problems(self, ab, d, why):
        """602.2b: an ability is activated as a spell is cast (601.2b-i), so a modal one has its
        mode announced (700.2a: "choose one", one of its modes, once) before its target is chosen
        (601.2c, 700.2c: the chosen mode's target only). The kind of target the activation asks
        for (None: none), or False where the choice of modes is not one the ability allows (the
        reasons added to ``why``)."""
        if not ab.modes:
            if d.modes:
                why.add("ability_not_modal")                            # nothing to choose
                return False
            return ab.target
        if not d.modes:
            why.add("no_ability_mode")                                  # 700.2a
            return False
        bad = any(not 1 <= m <= len(ab.modes) for m in d.modes)
        if bad:
            why.add("no_such_mode")
        if len(set(d.modes)) < len(d.modes):
            why.add("same_mode")                                        # 700.2d; 700.2a before it
        if len(d.modes) != 1:
            why.add("mode_count")                                       # "choose one"
        if bad or len(d.modes) != 1:
            return False
        kind, effect = ab.modes[d.modes[0] - 1]
        if effect is None:
            raise Unmodelled("a mode whose effect has no words here")
        if kind == "colorless_nonland_permanent" and d.target and self.colours_may_change():
            raise Unmodelled("a colourless target while an effect may set colours")
        return kind

    @staticmethod
    def colours_of(cd):
        """105.2: the colours of a card's mana cost symbols (no card here has a colour indicator)."""
        return {c for c, _ in cd.colour_cost if c in "wubrg"} | {
            c for ways in cd.hybrid for c in ways if c in ("w", "u", "b", "r", "g")}

    def colours_may_change(self):
        """Whether some card of the game sets colours (an animation with colours): none here."""
        return False

    def modes_of(self, cd, d, why):
        """The modes chosen for casting ``cd`` (700.2a, 601.2b), or None where the choice is not
        one the rules allow (the reasons added to ``why``); () for a card without modes."""
        if d.modes and d.announces:
            raise Unmodelled("modes chosen with another announcement (the line can't say it)")
        if not cd.modes:
            if d.modes:
                why.add("not_modal")                                    # 601.2b: nothing to choose
            return ()
        if (cd.escalate or cd.escalate_discard) and self.edition < "2016-07-22":
            raise Unmodelled("escalate under an edition before it (702.120a came in 2016)")
        if d.announces == "entwine" and cd.entwine:
            chosen = tuple(range(1, len(cd.modes) + 1))                 # 702.42a: every mode
        elif d.announces and (getattr(cd, d.announces, None) or not d.modes):
            # (no_such_cost, or kicker/buyback; a cost it hasn't announced beside modes named:
            # the modes are judged too, 700.2a)
            return None
        elif not d.modes:
            why.add("no_mode")                                          # 700.2a: modes are chosen
            return None
        else:
            bad = {m for m in d.modes if not 1 <= m <= len(cd.modes)}
            if bad:
                why.add("no_such_mode")
            if len(set(d.modes)) < len(d.modes):
                why.add("same_mode")                                    # 700.2d
            if cd.choose is not None and len(d.modes) != cd.choose:
                why.add("mode_count")                                   # 700.2a: as many as it says
            if bad or len(set(d.modes)) < len(d.modes) or (cd.choose is not None and len(d.modes) != cd.choose):
                return None
            chosen = tuple(sorted(d.modes))
        if any(cd.modes[m - 1][1] is None for m in chosen):
            raise Unmodelled("a mode whose effect has no words here")
        return chosen

    def escalate_discards(self, p, o, cd, d, modes, why):
        """702.120a: an escalate cost of discarding a card is paid once for each mode chosen
        beyond the first, as the other costs are (601.2f-h): that many cards of p's hand, named
        by the line. The spell is on the stack by then (601.2a), so not one of them; a card is
        discarded once (701.9a: it leaves the hand). Adds the reasons to ``why``."""
        named = d.discarding if d.announces != "retrace" else ()
        if named and not d.modes:
            raise Unmodelled("cards discarded by a cast choosing no modes (the line can't say it)")
        # (with no legal choice of modes nothing is due, but the cards named are still judged:
        # the spell itself, or one named twice, is never a card to discard)
        due = None if cd.modes and modes is None else cd.escalate_discard * (len(modes) - 1) if modes else 0
        if due is not None and len(named) != due:
            why.add("discard_count")
        for c in named:
            card = self.objs.get(c)
            if card is None or card is o or card.zone != "hand" or card.owner != p:
                why.add("escalate_not_in_hand")
        if len(set(named)) < len(named):
            why.add("discarded_twice")

    def splice_kinds(self, p, o, cd, d, why):
        """702.47a-b: the cards spliced onto the spell are revealed from p's hand (the spell
        itself is on the stack by then, 601.2a), each has "splice onto" a subtype the spell has,
        each once. Adds the reasons they aren't to ``why``; returns the target kind of each
        spliced card's text, in order (702.47d)."""
        if not d.splicing:
            return []
        if d.announces or d.modes or d.helpers:
            raise Unmodelled("splice with modes or another announcement")
        kinds = []
        for c in d.splicing:
            card = self.objs.get(c)
            if card is None or card.cd is None:
                raise Unmodelled("splicing a hidden card")
            if card is o or card.zone != "hand" or card.owner != p:
                why.add("splice_not_in_hand")
            if not card.cd.splice or card.cd.splice[0] not in cd.subtypes:
                why.add("cant_splice")
            if card.cd.target:
                kinds.append(card.cd.target)
        if len(set(d.splicing)) < len(d.splicing):
            why.add("spliced_twice")
        return kinds

    def helped(self, p, cd, d):
        """601.2f-h: the total cost (mana cost, announced optional cost, less affinity's
        reduction, 702.41a), locked; then the objects the line names each pay one mana of it
        (convoke 702.51a: an untapped creature p controls pays {1} or one mana of a colour it
        has; improvise 702.126a: an untapped artifact p controls pays {1}; delve 702.66a: a card
        of p's graveyard pays {1}). Returns the reasons the objects can't, and what is left for
        the pool to pay (None while the line leaves open which mana an object pays)."""
        total = self.total_cost(self.symbols_paid(cd, d), d)
        if cd.affinity:                                          # 702.41a, 601.2f
            n = sum(1 for o in self.battlefield() if o.controller == p and self.is_now(o, cd.affinity))
            total = replace(total, generic=max(0, total.generic - n))
        why = set()
        if not d.helpers:
            return why, total
        for how in {h for h, _, _ in d.helpers}:
            if how not in cd.keywords:
                why.add("no_help")
            if self.edition < (IMPROVISE if how == "improvise" else PAID_IN_PLACE):
                why.add("not_in_edition")
        colours = dict(total.colour_cost)
        paid = {}
        undecided = False
        for how, oid, mana in d.helpers:
            o = self.objs.get(oid)
            own = {c for c, _ in o.cd.colour_cost} if o and o.cd else set()
            if how == "delve":
                ok = o is not None and o.zone == "graveyard" and o.owner == p
            else:
                kind = "creature" if how == "convoke" else "artifact"
                ok = o is not None and o.zone == "battlefield" and o.controller == p and not o.tapped \
                    and self.is_now(o, kind)
                if how == "convoke" and mana not in ("", "1") and mana.lower() not in own:
                    ok = False                                   # a creature of that colour
            if not ok:
                why.add("cant_help")
            if mana:
                role = "generic" if mana == "1" else mana.lower()
            else:
                ways = (["generic"] if total.generic > 0 else []) + \
                    sorted(c for c in own if how == "convoke" and colours.get(c, 0) > 0)
                if not ways:
                    why.add("overpaid")                          # it can pay none of the total
                    continue
                if len(ways) > 1:
                    undecided = True                             # p's choice, unsaid
                    continue
                role = ways[0]
            paid[role] = paid.get(role, 0) + 1
        for role, n in paid.items():
            if n > (total.generic if role == "generic" else colours.get(role, 0)):
                why.add("overpaid")                              # one mana of the total each
        if undecided:
            return why | {"payment"}, None
        rest_colours = tuple((c, n - paid.get(c, 0)) for c, n in total.colour_cost if n > paid.get(c, 0))
        if paid.get("generic", 0) > total.generic:
            # (the generic part isn't paid from the pool then: no reason of the pool's for it)
            return why, replace(total, colour_cost=rest_colours, generic=0)
        return why, replace(total, colour_cost=rest_colours, generic=total.generic - paid.get("generic", 0))

    def total_cost(self, cd, d):
        """601.2f: the mana cost plus the optional additional cost announced (601.2b: buyback,
        702.27a; kicker 702.33a; entwine 702.42a), and escalate once for each mode chosen beyond
        the first (702.120a), and the splice cost of each card spliced (702.47a), or the
        flashback cost instead of the mana cost (702.34a, 118.9), as a card definition's cost."""
        if d.verb == "cast" and d.announces == "flashback" and cd.flashback:
            return replace(cd, colour_cost=cd.flashback[0], generic=cd.flashback[1])
        extras = []
        if d.verb == "cast" and d.announces in ("buyback", "kicker", "entwine") and getattr(cd, d.announces, None):
            extras.append(getattr(cd, d.announces))
        if d.verb == "cast" and d.announces == "kicker" and cd.multikicker:
            extras += [cd.multikicker] * times_kicked(d)                # 702.33c: each time paid
        if d.verb == "cast" and cd.x and announced_x(d):
            extras.append(((), cd.x * announced_x(d)))                  # 601.2f: X generic per {X}
        if d.verb == "cast" and d.announces == "kicker" and cd.kicker_x and announced_x(d):
            extras.append(((), cd.kicker_x * announced_x(d)))           # the kicker's {X} likewise
        if d.verb == "cast" and cd.surcharge and len(d.targets) > 1:
            extras.append(((), cd.surcharge * (len(d.targets) - 1)))   # 601.2f: per target beyond the first
        if d.verb == "cast" and cd.escalate and len(d.modes) > 1:
            extras += [cd.escalate] * (len(d.modes) - 1)
        if d.verb == "cast":
            spliced = [self.objs[c].cd for c in d.splicing if c in self.objs and self.objs[c].cd]
            extras += [sc.splice[1:] for sc in spliced if sc.splice]
        if not extras:
            return cd
        colours, generic = dict(cd.colour_cost), cd.generic
        for extra in extras:
            for c, n in extra[0]:
                colours[c] = colours.get(c, 0) + n
            generic += extra[1]
        return replace(cd, colour_cost=tuple(sorted(colours.items())), generic=generic)

    def cost_symbols(self, cd, d):
        """The hybrid and Phyrexian symbols of the cost being paid: the mana cost's (601.2b),
        none where an alternative cost replaces it (flashback 702.34a, face down 702.37c)."""
        if d.verb != "cast" or d.announces in ("flashback", "face_down"):
            return ()
        return cd.hybrid

    def symbol_problems(self, p, cd, d):
        """601.2b: the player announces how each hybrid or Phyrexian symbol of the mana cost is
        paid, in printed order: a half of it (107.4e: {W/U} white or blue, {2/W} white or two
        generic mana; 107.4f: {B/P} black or 2 life). A choice the symbol doesn't offer, or more
        choices than symbols, is illegal; fewer: the script hasn't said (the decision is asked,
        unless the cast is illegal whatever it says: the rest of the cost, with the choices the
        line does make, is judged all the same). Life: 119.4 (2016: 118.4), only with at least
        that much life. A card whose symbol the edition lacks is refused by name: {2/W} before
        2008-10-01, Phyrexian before 2016."""
        symbols = self.cost_symbols(cd, d)
        chosen = choices(d)
        why = set()
        if any("2" in ways for ways in symbols) and self.edition < MONO_HYBRID:
            why.add("absent")
        if any("life" in ways for ways in symbols) and self.edition < PHYREXIAN:
            why.add("absent")
        if len(chosen) > len(symbols):
            why.add("too_many_symbols")
        if any(c.lower() not in ways for c, ways in zip(chosen, symbols)):
            why.add("bad_symbol")
        if len(chosen) < len(symbols):
            why.add("payment")
        if self.life_paid(cd, d) > self.life[p]:
            why.add("cant_pay_life")
        return why

    def symbols_paid(self, cd, d):
        """601.2f: the mana cost with each symbol announced replaced by the mana chosen for it
        (a colour: one mana of it; "2": two generic); life is paid apart (life_paid). A symbol
        unsaid, or said as a way it hasn't, adds nothing (the cast is illegal or asked anyway)."""
        symbols = self.cost_symbols(cd, d)
        if not symbols:
            return cd
        colours, generic = dict(cd.colour_cost), cd.generic
        for c, ways in zip(choices(d), symbols):
            if c.lower() not in ways:
                continue
            if c == "2":
                generic += 2
            elif c != "life":
                colours[c.lower()] = colours.get(c.lower(), 0) + 1
        return replace(cd, colour_cost=tuple(sorted(colours.items())), generic=generic, hybrid=())

    def life_paid(self, cd, d):
        """The life a cast pays for its Phyrexian symbols (107.4f: 2 for each so announced)."""
        return 2 * sum(1 for c, ways in zip(choices(d), self.cost_symbols(cd, d)) if c == "life" and "life" in ways)

    def payment(self, p, cd, d):
        spend = dict(cd.colour_cost)
        left = dict(self.pool[p])
        for c, n in cd.colour_cost:
            left[c] -= n
        g = cd.generic
        if d.paying:
            for c, n in d.paying:
                spend[c.lower()] = spend.get(c.lower(), 0) + n
        elif g:
            if sum(left.values()) == g:
                for c, n in left.items():
                    spend[c] = spend.get(c, 0) + n
            else:
                (c,) = [c for c, n in left.items() if n > 0]
                spend[c] = spend.get(c, 0) + g
        return spend

    def pay(self, p, cd, entry):
        for c, n in self.payment(p, cd, entry).items():
            if n:
                self.pool[p][c] -= n
                if self.pool[p][c] == 0:
                    del self.pool[p][c]

    # ---- points ------------------------------------------------------------------------------
    reached_now = False

    def point_reached(self, pt):
        if pt is None or pt.kind == "end":
            return False
        if pt.kind == "next-turn":
            return self.turn_changed_now
        step = pt.step.value.replace("-", "_")
        if step != self.step:
            return False
        return pt.kind == "step" or pt.player == self.active

    # ---- what events do ----------------------------------------------------------------------
    def apply(self, ev, entry=None):
        name, args = ev
        t = self.t()
        self.events.append(ev)
        self.changed()
        self.reached_now = False
        self.turn_changed_now = False
        if name == "start":
            self.at_start = False
            self.begin_step(t)
            self.reached_now = False      # the state's own step is not a point reached
        elif name == "end_step":
            self.end_step(t)
        elif name == "untap":
            for o in self.battlefield():
                if o.controller == args[0]:
                    o.tapped = False
                    o.new = False         # 302.6: under control since the turn began
            self.due.pop(0)
        elif name == "draw_step_draw":
            self.draw(args[0], 1, t)
            self.due.pop(0)
        elif name == "cleanup_discard":
            p = args[0]
            hand = sorted(self.hand(p), key=lambda o: o.id)
            n = len(hand) - self.max_hand(p)
            self.discard(p, [o.id for o in hand[:n]], t)
            self.due.pop(0)
        elif name == "discard":
            self.discard(args[0], list(entry.objects), t)
            self.due.pop(0)
        elif name == "cleanup_clear":
            # 514.2: damage removed, "until end of turn" and "this turn" effects end
            for o in self.objs.values():
                o.damage = 0
            self.effects = [e for e in self.effects if e.duration != "turn"]
            self.changed()
            self.due.pop(0)
        elif name == "attack":
            if entry is not None:
                for a in entry.objects:
                    self.objs[a].attacking = True
                    if not self.has(self.objs[a], "vigilance"):
                        self.objs[a].tapped = True                # 508.1f, 702.20b
            self.due.pop(0)
        elif name == "block":
            if entry is not None:
                for b, a in entry.blocks:
                    self.objs[b].blocking = a                     # 509.1g
                    self.blocked.add(a)                           # 509.1h
            self.due.pop(0)
            if self.regime == "ordered" and not any(isinstance(x, tuple) and x[0] == "block"
                                                    for x in self.due):
                # 509.2: the attacking player orders each creature's blockers, before priority
                self.to_order = sorted(a.id for a in self.battlefield() if a.attacking
                                       and len(self.blockers_of(a.id)) > 1)
                if self.to_order:
                    self.due.insert(0, "order_blockers")
        elif name == "order_blockers":
            a = entry.objects[0]
            self.dao[a] = list(entry.objects[1:])
            self.to_order.remove(a)
            if not self.to_order:
                self.due.pop(0)
        elif name == "assign":
            a = entry.objects[0]
            self.assignment[a] = [(r, n) for r, n in entry.assignment if n]
            self.to_assign.remove(a)
            if not self.to_assign:
                self.due.pop(0)
        elif name == "combat_damage" and self.old:                # 2008 CR 310.1: on the stack
            self.on_stack_damage = self.fixed_assignment()
            self.assignment = {}
            self.stack.append(COMBAT_DAMAGE)
            self.due.pop(0)
        elif name == "combat_damage":                             # 510.2
            self.deal_combat_damage(self.fixed_assignment())
            self.assignment = {}
            self.due.pop(0)
        elif name == "sba_check":
            if self.step == "cleanup" and self.prio_to is None:
                self.open_cleanup()
            gone = []
            for s in self.sbas():                                 # 704.3: all at once
                kind, who = s[0], s[1]
                if kind == "lose":
                    self.lost.add(who)
                elif kind == "dies":
                    gone.append(who)
                elif kind == "legend":
                    keep = self.kept.get(who)
                    gone += [i for i in s[2] if i != keep]
                elif kind == "annihilate":
                    o = self.objs[who]
                    n = min(o.counters["+1/+1"], o.counters["-1/-1"])
                    o.counters["+1/+1"] -= n
                    o.counters["-1/-1"] -= n
                    o.counters = {k: v for k, v in o.counters.items() if v}
                elif kind == "cease":
                    self.objs[who].zone = None                    # 704.5d, 111.7
                    self.objs[who].inc += 1
            for i in dict.fromkeys(gone):
                self.move(self.objs[i], "graveyard")
            for o in self.objs.values():
                o.dt = False
            self.kept.clear()
            self.drew_empty.clear()
        elif name == "keep":
            p, o = args
            self.kept[(p, self.objs[o].card)] = o
        elif name == "aim":
            self.targets[args[1]] = (args[2],)
        elif name in ("put_trigger", "remove_trigger"):
            if self.step == "cleanup" and self.prio_to is None:
                self.open_cleanup()
            x = args[0]
            self.pending.remove(x)
            if name == "put_trigger":
                if self.target_kind(x) and x not in self.targets:
                    self.targets[x] = tuple(self.legal_targets(x))      # its one legal target
                self.stack.append(x)
                if x in self.targets:
                    self.became_target(self.targets[x][0], t)   # 603.3d, then 603.2
            if self.order_given and not any(self.objs[y[1]].controller == self.order_given[0]
                                             for y in self.pending):
                self.order_given = None
        elif name == "order":
            self.order_given = (args[0], list(entry.objects))
        elif name == "pass":
            p = args[0]
            self.passed.add(p)
            alive = [q for q in self.players if q not in self.lost]
            if all(q in self.passed for q in alive):             # 117.4
                self.all_passed = True
                self.prio_to = None
            else:                                                # 117.3d
                q = self.next_player(p)
                while q in self.lost:
                    q = self.next_player(q)
                self.prio_to = q
        elif name == "hold":
            pass
        elif name in ("cast", "mana", "mana_as", "play", "activate", "turn_up"):
            self.passed.clear()                                  # any action breaks the succession
            p = args[0]
            o = self.objs[args[1]]
            if name == "cast" and args[4] == "face_down":
                self.pay(p, FACE_DOWN_COST, entry)               # {3} (702.37c)
                self.move(o, "stack")
                o.face_down = True                               # a face-down spell (708.2)
                self.stack.append(o.id)
            elif name == "turn_up":
                cd = o.card_def
                self.pay(p, CardDef(cd.types, cd.morph[0], cd.morph[1]), entry)
                o.face_down = False                              # 702.37e: the card again;
                                                                 # it didn't enter (no trigger)
            elif name == "cast":
                self.pay(p, self.helped(p, o.cd, entry)[1], entry)
                self.life[p] -= self.life_paid(o.cd, entry)      # 601.2h, 119.4: paid as it is cast
                for how, oid, _ in entry.helpers:
                    if how == "delve":
                        self.move(self.objs[oid], "exile")       # 702.66a
                    else:
                        self.objs[oid].tapped = True             # 702.51a, 702.126a
                self.move(o, "stack")
                if args[4] != "none":
                    self.announced[o.id] = args[4]               # buyback, kicker, flashback paid (601.2b)
                if entry.announces == "kicker":
                    self.kicks[o.id] = times_kicked(entry)       # 702.33d: how many times kicked
                if announced_x(entry) is not None:
                    self.xs[o.id] = announced_x(entry)           # 107.3a: X on the stack is as announced
                if entry.division:
                    self.division[o.id] = tuple(entry.division)  # 601.2d: as announced
                if o.cd.modes:                                   # 700.2a, 702.42a
                    self.chosen[o.id] = tuple(range(1, len(o.cd.modes) + 1)) if args[4] == "entwine" \
                        else tuple(sorted(entry.modes))
                if entry.splicing:
                    # 702.47a-c: the spell gains each spliced card's text (its "target" its own
                    # slot's); the cards stay in the hand, revealed to every player
                    self.spliced[o.id] = tuple((self.objs[c].cd.target, self.objs[c].cd.instructions)
                                               for c in entry.splicing)
                    for q in self.players:
                        self.known.setdefault(q, set()).update(entry.splicing)
                if entry.discarding:
                    # 702.81a retrace's land card, 702.120a escalate's cards: paid while casting (601.2h)
                    self.discard(p, list(entry.discarding), t)
                self.stack.append(o.id)
                if entry.targets:
                    self.targets[o.id] = tuple(entry.targets)
                    for y in dict.fromkeys(entry.targets):       # 601.2c: each becomes a target
                        self.became_target(y, t)                 # (once, however many slots)
            elif name == "activate":
                ab, kind, _ = ability_part(o.cd, args[2])
                self.pay(p, self.ability_total(ab, entry), entry)   # 601.2h: all of it at once
                x = ("ab", o.id, args[2], t)
                self.stack.append(x)                            # 602.2
                if ab.x:
                    self.xs[x] = entry.x                        # 107.3a: X on the stack as announced
                if ab.tap:
                    o.tapped = True
                if ab.sacrifice:
                    # 602.2b, 601.2h, 701.17a: sacrificing it is part of the cost, paid as it is
                    # activated (the ability exists on the stack without its source, 113.7a)
                    self.move(o, "graveyard")
                if ab.loyalty is not None:
                    # 606.4 (602.2h): the cost is paid as it is activated, loyalty counters put
                    # on or removed; the permanent remembers it for the turn (606.3)
                    n = o.counters.get("loyalty", 0) + ab.loyalty
                    o.counters = {k: v for k, v in o.counters.items() if k != "loyalty"}
                    if n > 0:
                        o.counters["loyalty"] = n
                    self.loyalty_used.add((o.id, o.inc))
                    self.changed()
                if args[3] != "none":
                    if kind is not None:
                        self.targets[x] = (args[3],)
                    self.became_target(args[3], t)              # 602.2b, as 601.2c
            elif name in ("mana", "mana_as"):
                o.tapped = True
                c = args[2] if name == "mana_as" else o.cd.mana
                # 106.4: one mana; or one for each counter of its kind on it (none: none)
                n = o.counters.get(o.cd.mana_per_counter, 0) if o.cd.mana_per_counter else 1
                if n:
                    self.pool[p][c] = self.pool[p].get(c, 0) + n
            else:
                self.enter(o, t)
                self.lands[p] += 1
        elif name == "resolve":
            x = self.stack.pop()
            self.all_passed = False
            self.passed.clear()
            if x == COMBAT_DAMAGE:                                # 2008 CR 310.4
                self.deal_combat_damage(self.on_stack_damage)
                self.on_stack_damage = {}
            elif x in self.targets:
                self.illegal[x] = self.illegal_slots(x)          # 608.2b: checked once, now
            self.resolving = (x, 1)
            cd = self.objs[x].cd if x in self.objs else None
            if cd and not cd.permanent and not self.instructions(x) and not self.fizzles(x):
                # no instant or sorcery does nothing: its text has no words in the library
                raise Unmodelled("a spell whose text has no words in the card library")
        elif name == "choose" and self.instructions(args[1])[args[2] - 1][0] == "scry":
            # 701.22a: the chosen cards to the bottom (in the order named), the rest stay on
            # top in their order; the player has looked at the top N (unless the tournament's
            # default says they did not: ``not_looked``, set by the shortcut oracle)
            p, x, i, _ = args
            top = self.library(p)[:self.instructions(x)[i - 1][2]]
            if not self.not_looked:
                self.known.setdefault(p, set()).update(o.id for o in top)
            self.not_looked = False
            bottom = max((o.libpos for o in self.in_zone("library", p)), default=0)
            for k, y in enumerate(entry.objects if entry is not None else (), start=1):
                self.objs[y].libpos = bottom + k
            self.scried.add(p)
        elif name == "choose":
            # 701.19a: the found card goes where the instruction says
            p, x, i, _ = args
            dest = self.instructions(x)[i - 1][3]
            for y in entry.objects:
                self.move(self.objs[y], dest)
            self.changed()
            self.resolving = (x, i + 1)
        elif name == "do" and self.instructions(args[0])[args[1] - 1][0] in ("discard_each", "sacrifice_pick"):
            # one player's pick (no choice): theirs discarded or sacrificed (701.9a, 701.17a)
            x, i = args
            ins = self.instructions(x)[i - 1]
            if not self.void(x, ins):
                q = self.picker(x, ins)
                picked = [o.id for o in self.pick_options(q, ins)]
                if ins[0] == "discard_each":
                    self.discard(q, picked, t)
                else:
                    for oid in picked:
                        self.move(self.objs[oid], "graveyard")
                self.scried.add(q)
            self.changed()
            if self.void(x, ins) or all(q in self.scried for q in self.pickers(x, ins)):
                self.scried = set()
                self.resolving = (x, i + 1)
        elif name == "do":
            x, i = args
            self.do(x, self.instructions(x)[i - 1], t)
            self.changed()
            self.resolving = (x, i + 1)
        elif name == "finish":
            x = args[0]
            if not isinstance(x, tuple) and x != COMBAT_DAMAGE:
                o = self.objs[x]
                fizzled = self.resolving[1] == 1 and self.fizzles(x)
                if self.announced.get(o.id) == "flashback":
                    self.move(o, "exile")                        # 702.34a: whenever it leaves the stack
                elif o.cd.permanent and not fizzled:
                    kicks = self.kicks.get(o.id, 0)
                    self.enter(o, t)                             # 608.3
                    if o.cd.enters_with and kicks:
                        # 614.1c: part of entering, n counters for each time it was kicked
                        kind, n = o.cd.enters_with
                        o.counters[kind] = o.counters.get(kind, 0) + n * kicks
                elif self.announced.get(o.id) == "buyback" and not fizzled:
                    self.move(o, "hand")                         # 702.27a: as it resolves
                else:
                    self.move(o, "graveyard")                    # 608.2n
            self.targets.pop(x, None)
            self.illegal.pop(x, None)
            self.resolving = None
            self.prio_to = self.active                           # 117.3b
        else:
            raise AssertionError(name)
        self.changed()
        self.drop_from_combat()
        if self.k < len(self.script) and self.script[self.k].verb == "pass-until" and self.reached_now \
                and self.point_reached(self.script[self.k].until):
            self.k += 1

    def open_cleanup(self):
        # 514.3a: an SBA or a trigger in cleanup: the active player will get priority, and
        # another cleanup step follows once all pass with an empty stack.
        self.prio_to = self.active
        self.cleanup_again = True

    def move(self, o, zone):
        """A zone change: a new object (400.7) that forgets its counters, damage, combat."""
        if o.zone == "stack":
            self.announced.pop(o.id, None)                       # what was paid stays behind
            self.kicks.pop(o.id, None)
            self.xs.pop(o.id, None)                              # 202.3e: X is 0 off the stack
            self.chosen.pop(o.id, None)
            self.spliced.pop(o.id, None)                         # 702.47e
        if not (o.zone == "stack" and zone == "battlefield"):
            o.face_down = False     # a face-down spell resolves face down (702.37c); anywhere
                                    # else the card is revealed (708.9)
        if o.zone == "battlefield" and zone != "battlefield":
            o.tapped = False
            o.damage = 0
            o.new = False
            o.attacking = False
            o.blocking = None
            o.counters = {}
            o.dt = False
            self.blocked.discard(o.id)
            self.dao.pop(o.id, None)
        o.zone = zone
        o.inc += 1
        self.changed()

    def enter(self, o, t):
        """o enters the battlefield under its controller's control (a permanent spell resolving,
        a land played)."""
        self.move(o, "battlefield")
        o.new = True
        o.ts = self.tick()                                       # 613.7d
        if o.cd and o.cd.loyalty is not None and "planeswalker" in o.cd.types:
            o.counters = {"loyalty": o.cd.loyalty}               # 306.5b
        self.entered(o, t)

    def entered(self, o, t):
        if o.cd and o.cd.trigger == "enters" and self.has_abilities(o):       # 603.6a
            self.pending.append(("tr", o.id, o.cd.trigger_index, o.controller, t))

    def became_target(self, y, t):
        """y has just become the target of a spell or ability (601.2c as a spell is cast,
        602.2b as an ability is activated, 603.3d as a triggered ability is put on the stack):
        a permanent's "when this becomes the target" ability triggers (603.2) and, like every
        trigger, waits until a player would receive priority (603.3b): above the spell."""
        o = self.objs.get(y)
        if o is not None and o.zone == "battlefield" and o.cd and o.cd.trigger == "becomes_target" \
                and self.has_abilities(o):
            self.pending.append(("tr", o.id, o.cd.trigger_index, o.controller, t))

    def create_token(self, p, card, t):
        """111.1, 111.2: a token with the card's characteristics, owned and controlled by p."""
        # the project's names: "C token", "C token#k" in the order made — per maker, as
        # "P's C token…", where more than one player may make tokens of C
        k = self.token_count.get((card, p), 0) + 1
        self.token_count[card, p] = k
        prefix = f"{p}'s " if len(self.token_makers.get(card, ())) > 1 else ""
        tid = f"{prefix}{card} token" + (f"#{k}" if k > 1 else "")
        if tid in self.objs:
            raise Unmodelled(f"a state object named {tid}")
        o = Obj(tid, card, p, p, "battlefield", new=True, token=True, ts=self.tick())
        self.objs[tid] = o
        self.changed()
        self.entered(o, t)

    def library(self, p):
        """p's library, top first."""
        return sorted(self.in_zone("library", p), key=lambda o: o.libpos)

    def draw(self, p, n, t):
        if p in self.shuffled and n:
            raise Unmodelled("a draw from a shuffled library")
        lib = self.library(p)
        for o in lib[:n]:
            self.move(o, "hand")
        if len(lib) < n:
            self.drew_empty.add(p)                                # 121.4 / 704.5b

    def discard(self, p, ids, t):
        for i in ids:
            self.move(self.objs[i], "graveyard")
        for i in ids:                                             # Megrim (603.2)
            for o in self.battlefield():
                if o.cd and o.cd.trigger == "opponent_discards" and o.controller != p \
                        and self.has_abilities(o):
                    self.pending.append(("tr", o.id, 1, p, i))

    def who(self, x, w):
        if w == "you":
            return self.controller_of(x)
        if w == "that_player":
            return x[3]
        if w == "target" or isinstance(w, Slot):
            return self.targets[x][0 if w == "target" else int(w)]
        raise AssertionError(w)

    def source_object(self, x):
        return self.objs[x[1] if isinstance(x, tuple) else x]

    def affected(self, x, what):
        """The objects an instruction affects, fixed as it resolves (611.2c)."""
        if what == "target" or isinstance(what, Slot):
            o = self.objs.get(self.who(x, what))
            return [o] if o is not None and o.zone == "battlefield" else []
        src = self.source_object(x)
        if what == "self":
            return [src] if src.zone == "battlefield" else []
        ch = self.chars()
        return [o for o in self.battlefield()
                if self.in_set(what, src, self.controller_of(x), o, ch)]

    def do(self, x, ins, t):
        verb = ins[0]
        if self.void(x, ins):
            return                                                # 608.2b
        if verb == "shuffle":
            # 701.20a: a random order — no draw from it is foreseeable here
            self.shuffled.add(self.who(x, ins[1]))
            return
        if verb == "destroy":
            # 701.8a: from the battlefield to its owner's graveyard; 702.12b: not an
            # indestructible one (a creature so destroyed dies: no ability here triggers on that)
            for o in self.affected(x, ins[1]):
                if not self.has(o, "indestructible"):
                    self.move(o, "graveyard")
            return
        if verb == "bounce":
            # the target permanent, still on the battlefield, to its owner's hand (a new
            # object there, 400.7)
            o = self.objs.get(self.who(x, ins[1]))
            if o is not None and o.zone == "battlefield":
                self.move(o, "hand")
            return
        if verb == "discard":
            # 701.9a: the player discards a card of their choice; where the cards can't be told
            # apart (or there is at most one), which one is no choice (next() asks otherwise)
            q = self.who(x, ins[1])
            hand = sorted(o.id for o in self.hand(q))
            if hand:
                self.discard(q, hand[:ins[2]], t)
            return
        if verb == "counter":
            # 701.5a: the countered spell is removed from the stack and put into its owner's
            # graveyard (it doesn't resolve)
            y = self.who(x, ins[1])
            o = self.objs.get(y)
            if o is not None and o.zone == "stack" and y in self.stack:
                self.stack.remove(y)
                self.targets.pop(y, None)
                # 702.34a: a spell cast with flashback is exiled instead
                self.move(o, "exile" if self.announced.get(y) == "flashback" else "graveyard")
            return
        if verb == "divided":
            # 601.2d: each target its share, as announced (one target: all of it), or evenly,
            # rounded down, by the number of targets as cast (601.2c: it doesn't change); 608.2b:
            # a target illegal as it began to resolve gets nothing, and no other gets its share
            n = self.xs.get(x, 0) if ins[1] == "X" else ins[1]
            aimed = self.targets.get(x, ())
            cd = self.objs[x].cd
            shares = self.division.get(x) or ((n,) if len(aimed) == 1 else ()) if cd.divided == "announced" \
                else (n // len(aimed),) * len(aimed)
            for k, share in enumerate(shares):
                if k not in self.illegal.get(x, ()):
                    self.do(x, ("damage", share, Slot(k)), t)
            return
        if verb == "damage":
            src = self.source_object(x)
            if isinstance(x, tuple) and src.zone != "battlefield" and self.keyword_effects():
                # 113.7a, 608.2h: the source as it last existed deals it; what effects gave or
                # took away then is not kept here (nor by the core): refused
                raise Unmodelled("damage by a source that left the battlefield, with keyword effects about")
            dt, ll = self.has(src, "deathtouch"), self.has(src, "lifelink")
            if (dt or ll) and self.old:
                raise Unmodelled("deathtouch or lifelink (triggered before M10) on a damage source")
            y = self.who(x, ins[2])
            n = ins[1]
            if isinstance(n, tuple):
                n = self.mana_value_of(x, n[1])
                if n is None:
                    return                                        # 608.2b (2016 on): it doesn't happen
            elif n == "X":
                n = self.xs.get(x, 0)                             # 107.3a; 0 deals none (120.8)
            if len(ins) > 3 and self.announced.get(x) == "kicker":
                n = ins[3]                                        # 702.33d: kicked, it does more
            dealt = 0
            if y in self.players:
                if self.edition < DOMINARIA and y != self.controller_of(x) and any(
                        self.is_now(o, "planeswalker") and o.controller == y for o in self.battlefield()):
                    raise Unmodelled("damage redirection to a planeswalker (2008 CR 212.9g)")
                self.life[y] -= n                                 # 120.3a
                dealt = n
            else:
                o = self.objs[y]
                if o.zone == "battlefield":
                    if self.is_now(o, "planeswalker"):            # 120.3c
                        o.counters["loyalty"] = max(0, o.counters.get("loyalty", 0) - n)
                        dealt = n
                    if self.is_now(o, "creature"):
                        o.damage += n                             # 120.3e
                        dealt = n
                        o.dt = o.dt or dt                         # 702.2b/c, 704.5h
            if ll and dealt and not any(o.cd and o.cd.no_life_gain and self.has_abilities(o)
                                        for o in self.battlefield()):
                self.life[src.controller] += dealt                # 702.15b, at the same time
        elif verb == "draw":
            self.draw(self.who(x, ins[1]), ins[2], t)
        elif verb == "lose":
            self.life[self.who(x, ins[1])] -= ins[2]
        elif verb == "look_hand":                                 # the player learns those cards
            self.known.setdefault(self.who(x, ins[1]), set()).update(o.id for o in self.hand(self.who(x, ins[2])))
        elif verb == "gain":
            if not any(o.cd and o.cd.no_life_gain and self.has_abilities(o) for o in self.battlefield()):
                self.life[self.who(x, ins[1])] += ins[2]
        elif verb == "pt":
            _, kind, what, value, dur = ins
            objs = self.affected(x, what)
            self.effects.append(Eff(self.tick(), kind, value, self.controller_of(x), dur,
                                    frozenset((o.id, o.inc) for o in objs)))
        elif verb == "counters":                                  # 122.1
            _, kind, n, what = ins
            for o in self.affected(x, what):
                o.counters[kind] = o.counters.get(kind, 0) + n
        elif verb == "token":
            _, w, card, n = ins
            p = self.who(x, w)
            for _ in range(n):
                self.create_token(p, card, t)
        elif verb == "extra_land":                                # 305.2: more land plays this turn
            c = self.controller_of(x)
            self.effects.append(Eff(self.tick(), "extra_land", ins[1], c, "turn", players=(c,)))
        elif verb == "no_cast":                                   # 101.2, until end of turn
            _, w, dur = ins
            c = self.controller_of(x)
            ps = tuple(q for q in self.players if (q != c if w == "opponents" else q == c))
            self.effects.append(Eff(self.tick(), "no_cast", None, c, dur, players=ps))
        elif verb == "sacrifice":                                 # 701.17a: its own controller
            for o in self.affected(x, ins[1]):
                self.move(o, "graveyard")
        elif verb == "animate":
            _, types, pt, kws, dur = ins
            objs = self.affected(x, "self")
            self.effects.append(Eff(self.tick(), "animate", (types, pt, kws), self.controller_of(x),
                                    dur, frozenset((o.id, o.inc) for o in objs)))
        else:
            raise AssertionError(verb)

    def keyword_effects(self):
        """Whether an effect of the state or an instruction or static ability of a card in the
        game gives or takes away abilities (a superset of the core's test)."""
        said = [i for o in self.objs.values() if o.cd
                for i in (*o.cd.instructions, *o.cd.trigger_effect, *o.cd.statics,
                          *(i for ab in o.cd.activated for i in ab.effect),
                          *(i for _, part in (o.cd.modes or ()) if part not in (None, NOT_HERE) for i in part),
                          *((o.cd.kicked[1]) if o.cd.kicked else ()))]
        return any(e.kind in ("grant", "remove") for e in self.effects) or any(
            i and i[0] in ("pt", "animate") for i in said)

    def mana_value_of(self, x, k):
        """202.3: the mana value of x's target in slot k, now or as that object last existed (the
        card it is, wherever it went: no effect here changes a mana cost; 2008 413.2f, 2009
        608.2g, 608.2h now); None where that target was illegal as x began to resolve, from 2016
        (608.2b: the information can't be determined). Before, 608.2g (2009) reads it even
        from a target that has become illegal, and 413.2f (2008) from any object."""
        if k in self.illegal.get(x, ()) and self.edition >= ILLEGAL_INFO:
            return None
        o = self.objs[self.targets[x][k]]
        return o.cd.mana_value if o.cd else 0

    def end_step(self, t):
        old = self.step
        nxt = self.following(old)
        # mana empties: every step end (500.5) — before M10 only a phase end, with burn (300.3)
        if self.old:
            phase_ends = nxt == "untap" or PHASE[nxt] != PHASE[old]
            if phase_ends:
                for p in self.players:
                    self.life[p] -= self.pool_total(p)
                    self.pool[p] = {}
        else:
            for p in self.players:
                self.pool[p] = {}
        if old == "end_of_combat":                                # 511.3
            for o in self.objs.values():
                o.attacking = False
                o.blocking = None
            self.blocked.clear()
            self.dao.clear()
            self.cd_phase = None
            self.had_fs = set()
            self.assigned_first = set()
        self.passed.clear()
        self.all_passed = False
        self.prio_to = None
        if old == "cleanup":
            self.cleanup_again = False
        if old == "cleanup" and nxt == "untap":                   # a new turn
            self.active = self.next_player(self.active)
            self.turn = None if self.turn is None else self.turn + 1
            for p in self.players:
                self.lands[p] = 0
            self.loyalty_used = set()                              # 606.3: "that turn"
            self.turn_changed_now = True
            self.turn_count += 1
            # 611.2b: "until your next turn" ends as that player's turn begins
            self.effects = [e for e in self.effects
                            if not (e.duration == "your-next-turn" and e.controller == self.active)]
            self.changed()
        self.step = nxt
        self.begin_step(t)
        self.reached_now = True

    def following(self, s):
        if s == "cleanup":
            return "cleanup" if self.cleanup_again else "untap"
        if s == "combat_damage" and self.cd_phase == "first":    # 510.4: a second step
            return "combat_damage"
        i = STEPS.index(s) + 1
        while True:
            n = STEPS[i]
            if n == "draw" and self.turn == 1 and len(self.players) == 2:        # 103.8a
                i += 1
                continue
            if n in ("declare_blockers", "combat_damage") and not any(
                    o.attacking for o in self.battlefield()):                    # 508.8
                i += 1
                continue
            return n

    def begin_step(self, t):
        s, a = self.step, self.active
        # 500.6 / 503.1 / 504 / 513: "at the beginning of" triggers
        for o in sorted(self.battlefield(), key=lambda o: o.id):
            tr = o.cd.trigger if o.cd and self.has_abilities(o) else None
            if (s == "upkeep" and (tr == "each_upkeep" or (tr == "your_upkeep" and o.controller == a))) \
                    or (s == "draw" and tr == "each_draw_step") \
                    or (s == "end" and (tr == "each_end_step" or (tr == "your_end_step" and o.controller == a))) \
                    or (s == "beginning_of_combat" and (tr == "each_beginning_of_combat" or (
                        tr == "your_beginning_of_combat" and o.controller == a))):   # 513.1a, 507.1
                self.triggered_log.append((self.turn_count, s, o.id, o.cd.trigger_index, o.controller))
                self.pending.append(("tr", o.id, o.cd.trigger_index, a, t))
        if s == "untap":
            self.due.append("untap")
        elif s == "draw":
            self.due.append("draw")
        elif s == "declare_attackers":
            self.due.append("attack")
        elif s == "combat_damage":
            self.begin_combat_damage()
        elif s == "declare_blockers":
            for p in self.apnap()[1:]:
                if p not in self.lost:
                    self.due.append(("block", p))
        elif s == "cleanup":
            m = self.max_hand(a)
            if m is not None and len(self.hand(a)) > m:
                self.due.append("discard")
            self.due.append("clear")
        if s in PRIORITY_STEPS:
            self.prio_to = a


def run(state, edition: str, script, until, max_events=200) -> Result:
    game = Game(state, edition, script, until)
    result = game.run(max_events)
    result.game = game
    return result


def choices(d):
    """A cast's announced way to pay each hybrid or Phyrexian symbol, in order (601.2b): a colour
    letter, "2" or "life" (the line also names each symbol; the reader checks those)."""
    return tuple(c for _, c in d.symbols)


def aim(targets):
    """A cast's targets as the core's events name them: ts(Y1, …) in slot order, or none."""
    return ("ts", *targets) if targets else "none"


def escalated(entry):
    """Whether a cast line names cards it discards for escalate (the core reads them, like the
    objects paying part of a cost, by the line's number)."""
    return bool(entry.discarding) and entry.announces != "retrace"


def announced_x(d):
    """The value of X a cast line announces (601.2b), or None where it says none."""
    return getattr(d, "x", None) if d is not None and d.verb == "cast" else None


def announcement(entry):
    """What a cast announced, as the core's events name it: the modes chosen (a list m(M, rest)
    ending in nil, in printed order), the cards spliced (a list s(C, rest) ending in nil, in the
    order their text happens), an optional cost, or none."""
    if entry.splicing:
        spliced = "nil"
        for c in reversed(entry.splicing):
            spliced = ("s", c, spliced)
        return ("splice", spliced)
    if entry.modes:
        chosen = "nil"
        for m in sorted(entry.modes, reverse=True):
            chosen = ("m", m, chosen)
        return ("modes", chosen)
    if entry.announces == "retrace":
        return ("retrace", entry.discarding[0])                  # with the land card it discards
    if entry.announces == "kicker" and getattr(entry, "kicks", 0) > 1:
        return ("kicked", entry.kicks)                           # a multikicker paid that many times
    return entry.announces or "none"


def times_kicked(d):
    """702.33d: how many times a cast with kicker announced pays it (a line's count, else once)."""
    return max(1, getattr(d, "kicks", 0)) if d.announces == "kicker" else 0
