"""A trace of the core in words: its events, why an action is illegal, state-based actions,
instructions and continuous effects, in the scenario's terms (``trace.Reader`` reads the answer
set and says it with these). Only words; decides nothing."""
from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from mtgrules.model.timeline import ANNOUNCE_WORDS, Decision, helper_words, mode_words, name_list

STEP_NAME = {"untap": "untap", "upkeep": "upkeep", "draw": "draw", "main1": "main1",
             "beginning_of_combat": "beginning-of-combat", "declare_attackers": "declare-attackers",
             "declare_blockers": "declare-blockers", "combat_damage": "combat-damage",
             "end_of_combat": "end-of-combat", "main2": "main2", "end": "end", "cleanup": "cleanup"}
COLOUR_LETTER = {"w": "W", "u": "U", "b": "B", "r": "R", "g": "G", "c": "C"}
COUNTER_WORD = {"plus": "+1/+1", "minus": "-1/-1", "loyalty": "loyalty", "charge": "charge"}
MOD_WORDS = {"pt": "{:+}/{:+}", "set": "base power and toughness {}/{}", "switch": "power and toughness switched",
             "type": "becomes a {}", "grant": "gains {}", "remove": "loses {}",
             "remove_all": "loses all abilities"}
DURATION_WORDS = {"turn": " until end of turn", "next_turn": " until its controller's next turn",
                  "forever": ""}
ACTION_WORDS = {"play_land": "play lands", "cast_spells": "cast spells", "lose_game": "lose the game",
                "win_game": "win the game", "gain_life": "gain life"}
"""A player's action an effect permits or forbids (common/prohibitions.lp's acts/3), in words."""

# Why an action is illegal (actions.lp's why_not/3, a stop's reason), in words: {p} is the
# player acting, {1}, {2} the reason's values; Words.why_words says those whose words change
# with a value.
WHY = {
    "no_priority": "{p} does not have priority",
    "priority_elsewhere": "{p} does not have priority",
    "land_no_priority": "{p} does not have priority",
    "no_priority_mana": "{p} does not have priority and is not paying a cost",
    "not_in_hand": "it is not in {p}'s hand",
    "not_main_phase": "a sorcery-speed spell or ability needs a main phase",
    "not_your_turn": "a sorcery-speed spell or ability needs its controller's own turn",
    "stack_not_empty": "a sorcery-speed spell or ability needs an empty stack",
    "missing_target": "it needs a target the line doesn't name (one for each \"target\" of its text as "
                      "cast, with its chosen modes' and kicked text's, CR 601.2c)",
    "no_target_wanted": "it has no target slot for a target the line names (one for each \"target\" of "
                        "its text as cast, with its chosen modes' and kicked text's, CR 601.2c)",
    "not_controller": "{p} does not control it",
    "up_not_controller": "{p} does not control it",
    "up_no_priority": "{p} does not have priority",
    "not_on_battlefield": "it is not on the battlefield",
    "already_tapped": "it is already tapped",
    "summoning_sick": "it has not been under {p}'s control since the start of their turn",
    "no_mana_ability": "it has no mana ability",
    "no_such_ability": "it has no such ability",
    "not_a_land": "it is not a land",
    "land_not_in_hand": "the land is not in {p}'s hand",
    "land_not_main_phase": "lands are played in a main phase",
    "land_not_your_turn": "lands are played only in one's own turn",
    "land_stack_not_empty": "lands are played only with an empty stack",
    "no_land_plays_left": "{p} has no land play left this turn",
    "land_not_cast": "a land is played, not cast",
    "unpayable_cost": "it has no mana cost: an unpayable cost",
    "cant_play_lands": "an effect says {p} can't play lands",
    "cant_cast": "an effect says {p} can't cast spells",
    "bad_target": "{1} is not a legal target",
    "same_target": "{1} is chosen twice for one word \"target\" (CR 115.3)",
    "share_of_none": "the division gives {1} nothing: each target gets at least 1 (CR 601.2d)",
    "no_division": "the card divides nothing as its caster chooses: there is no division to announce (CR 601.2d)",
    "no_such_cost": "the card has no {1} cost to announce",
    "no_mode": "it is a modal spell: its modes are chosen as it is cast (choosing mode N)",
    "not_modal": "the card has no modes to choose",
    "no_ability_mode": "it is a modal ability: its mode is chosen as it is activated (choosing mode N)",
    "ability_not_modal": "that ability has no modes to choose",
    "target_colours_unknown": "a target that must be colourless while an effect may set colours (layer 5 "
                              "has no words in the core)",
    "no_such_mode": "the card has no mode {1}",
    "same_mode": "mode {1} chosen more than once (the card doesn't allow it)",
    "no_help": "the card has no {1}: nothing but mana pays its cost",
    "not_in_graveyard": "it is not in {p}'s graveyard: {1} casts it from there only",
    "not_a_land_card": "{1} is not a land card: retrace discards a land card",
    "discard_not_in_hand": "{1} is not in {p}'s hand to discard for retrace",
    "escalate_not_in_hand": "{1} is not in {p}'s hand to discard for escalate (the spell itself is on the stack)",
    "discarded_twice": "{1} is named twice to discard: a card is discarded once",
    "splice_not_in_hand": "{1} is not in {p}'s hand to splice (the spell itself is on the stack)",
    "cant_splice": "{1} can't be spliced onto it: no splice onto a subtype the spell has",
    "spliced_twice": "{1} is spliced onto it twice: a card once",
    "no_morph": "the card has no morph: it can't be cast face down or turned face up",
    "not_face_down": "it is not a face-down permanent",
    "cant_attack": "{1} can't attack",
    "cant_block": "{1} can't block",
    "summoning_sick_attacker": "{1} can't attack: it came under {p}'s control this turn and has no haste",
    "defender": "{1} has defender and can't attack",
    "flying": "{1} has flying: only a creature with flying or reach can block it",
    "menace": "{1} has menace: it can't be blocked by one creature alone",
    "restricted_attack": "an effect says {1} can't attack",
    "restricted_block": "an effect says {1} can't block",
    "blocks_two": "a creature blocks only one attacker",
    "not_a_legend_to_keep": "{1} is not one of {p}'s permanents the rule makes them choose among",
    "not_a_trigger_target": "the triggered ability going on the stack is not {1}'s",
    "not_chosen_from": "{1} can't be chosen there",
    "wrong_count": "{1} card(s) named where the rules ask for {2}",
    "not_to_order": "{1} is not an attacker blocked by two or more creatures still to be ordered",
    "not_the_blockers": "the order must name each creature blocking {1} once, and no other",
    "not_to_assign": "{1} is not a creature whose combat damage {p} assigns by choice here",
    "wrong_total": "the amounts must add up to {1}'s power: all its combat damage is assigned",
    "not_a_recipient": "{1} can't be assigned this creature's combat damage",
    "out_of_order": ("{1} can't be assigned damage before every creature ahead of it in the damage "
                     "assignment order is assigned lethal damage"),
    "lethal_first": ("with trample, damage goes to the player only once every blocker is assigned "
                     "lethal damage ({1} is not)"),
    "loyalty_used": "a loyalty ability of it was activated this turn already: one a turn for each permanent",
    "too_few_loyalty": "its cost removes {1} loyalty counters, and it has fewer",
    "several_mana_abilities": "it has several mana abilities: say which one ('P taps OBJECT for {{U}}')",
    "held_priority": ("nobody can respond to that object: its caster keeps priority and the next goes "
                      "on top first (CR 117.3c)"),
    "not_shorter": ("a loop proposed {2} times is shortened to fewer iterations, not cut after {1} "
                    "(CR 732.2b)"),
}


def natural(text: str) -> tuple[tuple[int, int | str], ...]:
    """A sort key putting numbers in a name in their order: ``alice:library:2`` before
    ``alice:library:10``, ``Island`` before ``Island#2``."""
    return tuple((0, int(part)) if part.isdigit() else (1, part)
                 for part in re.split(r"(\d+)", text) if part)


def way_words(way: Any) -> str:
    """One way to pay a hybrid or Phyrexian symbol: ``{B}``, ``{2}``, ``2 life``."""
    if isinstance(way, tuple) and way[0] == "generic":
        return f"{{{way[1]}}}"
    if way == "life":
        return "2 life"
    return f"{{{COLOUR_LETTER.get(way, way)}}}"


def mana_words(colour: Any) -> str:
    """What a cost asks for, from its atom: a colour's letter as its symbol (``{R}``)."""
    if colour in COLOUR_LETTER:
        return "{" + COLOUR_LETTER[colour] + "}"
    return {"generic": "its generic part", "additional": "its additional cost",
            "life": "the life its additional cost asks"}.get(str(colour), str(colour))


def mod_words(m: Any) -> str:
    """What an effect does to an object (a modification, by layer), in words."""
    if isinstance(m, str):
        return MOD_WORDS.get(m, m.replace("_", " "))
    return MOD_WORDS.get(m[0], "{}").format(*(v.replace("_", " ") if isinstance(v, str) else v
                                              for v in m[1:]))


def duration_words(d: Any) -> str:
    """How long an effect lasts, as words following it (nothing for an indefinite one)."""
    return DURATION_WORDS.get(d if isinstance(d, str) else d[0], "")


def item_words(x: Any) -> str:
    """A stack object in words: a spell's card, or whose ability it is."""
    if isinstance(x, tuple) and x[0] == "tr":
        return f"{x[1]}'s triggered ability"
    if isinstance(x, tuple) and x[0] == "ab":
        return f"{x[1]}'s ability"
    if x == "combat_damage":
        return "combat damage"
    return str(x)


def kicked_words(n: Any) -> str:
    """A multikicker cost paid ``n`` times (CR 702.33c), as a cast line says it."""
    return f" kicked {n} times"


def plural(n: Any, noun: str) -> str:
    """``n`` and the noun, in the plural unless ``n`` is 1: ``2 Soldier tokens``."""
    return f"{n} {noun}" + ("" if n == 1 else "s")


class Words:
    """The words of a trace's events, read off what the trace reader took from the answer set
    (its attributes, declared here for the methods that read them)."""

    script: list[Decision]
    started: dict[int, list[Any]]
    ended: dict[int, list[Any]]
    step_at: dict[int, str]
    cites: dict[int, set[str]]
    sba: dict[int, list[Any]]
    combat: dict[tuple[str, int], list[tuple[Any, ...]]]
    declared: dict[int, list[Any]]
    names: dict[tuple[Any, Any, int], list[Any]]
    instr: dict[tuple[Any, Any, int], Any]
    mods: dict[tuple[Any, Any, int], list[Any]]
    affected: dict[tuple[Any, Any, int], list[Any]]
    shares: dict[tuple[Any, Any, int], list[tuple[Any, Any, Any]]]
    lost: set[tuple[Any, Any, Any, int]]

    def item(self, x: Any) -> str:
        """A stack object in words: a spell's card, or whose ability it is."""
        return item_words(x)

    def moved(self, t: int) -> list[str]:
        before = {f[1]: f[2] for f in self.ended[t] if isinstance(f, tuple) and f[0] == "zone"}
        return [f"{f[1]}: {before[f[1]]} → {f[2]}" for f in sorted(self.started[t], key=str)
                if isinstance(f, tuple) and f[0] == "zone" and f[1] in before]

    def life_changes(self, t: int) -> list[str]:
        before = {f[1]: f[2] for f in self.ended[t] if isinstance(f, tuple) and f[0] == "life"}
        return [f"{f[1]}'s life {before[f[1]]} → {f[2]}" for f in sorted(self.started[t], key=str)
                if isinstance(f, tuple) and f[0] == "life" and f[1] in before]

    def entry(self, k: Any) -> str:
        """The script line of entry ``k`` (1-based), or nothing."""
        return self.script[k - 1].text if isinstance(k, int) and 0 < k <= len(self.script) else ""

    def helped(self, k: Any) -> str:
        """What the cast of entry ``k`` paid with besides mana: the objects it tapped or exiled
        (CR 702.51a, 702.126a, 702.66a), in the line's words."""
        if not (isinstance(k, int) and 0 < k <= len(self.script)):
            return ""
        return helper_words(self.script[k - 1].helpers)

    def divided(self, k: Any) -> str:
        """The division the cast of entry ``k`` announced (CR 601.2d), in the line's words."""
        if not (isinstance(k, int) and 0 < k <= len(self.script)) or not self.script[k - 1].division:
            return ""
        return " dividing " + name_list(tuple(str(n) for n in self.script[k - 1].division))

    def announced_x(self, k: Any) -> str:
        """The value of X the activation of entry ``k`` announced (CR 602.2b, 107.3a)."""
        if not (isinstance(k, int) and 0 < k <= len(self.script)) or self.script[k - 1].x is None:
            return ""
        return f" announcing X as {self.script[k - 1].x}"

    def discarded(self, k: Any) -> str:
        """The cards the cast of entry ``k`` discarded for its escalate cost (CR 702.120a), in the
        line's words (retrace's land card is its announcement's)."""
        if not (isinstance(k, int) and 0 < k <= len(self.script)):
            return ""
        d = self.script[k - 1]
        return f" discarding {name_list(d.discarding)}" if d.discarding and d.announces != "retrace" else ""

    def loyalty_paid(self, t: int, obj: Any, k: Any) -> str:
        """The loyalty counters an activation put on or removed as its cost (CR 606.4), read
        off what the event changed: ``'s ability 2, removing 2 loyalty counters (3 → 1)``."""
        def count(facts: list[Any]) -> int | None:
            found = [f[3] for f in facts if isinstance(f, tuple) and f[:3] == ("counters", obj, "loyalty")]
            return found[0] if found else None
        before, after = count(self.ended[t]), count(self.started[t])
        if before is None and after is None:
            return ""
        before, after = before or 0, after or 0
        n = abs(after - before)
        verb = "putting" if after > before else "removing"
        where = "on it" if after > before else "from it"
        return (f"'s ability {k}, {verb} {plural(n, 'loyalty counter')} {where} "
                f"({before} → {after})")

    def pool_added(self, t: int, player: str) -> str:
        """The mana a player's pool gained at ``t``, in symbols (``{C}{C}``)."""
        before = {f[2]: f[3] for f in self.ended[t] if isinstance(f, tuple) and f[0] == "pool" and f[1] == player}
        return "".join(f"{{{COLOUR_LETTER[f[2]]}}}" * (f[3] - before.get(f[2], 0))
                       for f in sorted(self.started[t], key=str)
                       if isinstance(f, tuple) and f[0] == "pool" and f[1] == player)

    def describe(self, t: int, e: Any) -> str:
        """The event ``e`` at ``t`` in the scenario's terms, with what it moved and changed."""
        name: str = e if isinstance(e, str) else e[0]
        args: tuple[Any, ...] = () if isinstance(e, str) else tuple(e[1:])
        details = self.moved(t) + self.life_changes(t)
        if "replacement.enters-with" in self.cites[t]:
            # the counters a permanent enters with (CR 614.1c)
            details += [f"{f[1]} enters with {plural(f[3], COUNTER_WORD[str(f[2])] + ' counter')}"
                        for f in sorted(self.started[t], key=str)
                        if isinstance(f, tuple) and f[0] == "counters" and not any(
                            isinstance(g, tuple) and g[:3] == f[:3] for g in self.ended[t])]
        text = self.event_words(t, name, args) or str(e)
        return text + (f" ({'; '.join(details)})" if details and name != "start" else "")

    def event_words(self, t: int, name: str, args: tuple[Any, ...]) -> str:
        if name in ("start", "end_step"):
            step = STEP_NAME[args[0]]
            if name == "start":
                return f"the {step} step begins"
            return f"the {step} step ends; the {self.step_at.get(t, '?')} step begins"
        if name == "cleanup_clear":
            return "marked damage is removed and 'this turn' effects end"
        if name == "sba_check":
            return "state-based actions: " + "; ".join(self.sba_words(t - 1))
        if name == "combat_damage":
            dealt = self.combat["combat_dealt", t]
            if dealt or not self.combat["combat_assigned", t]:
                return "combat damage is dealt: " + self.damage_words(dealt)
            return ("combat damage is assigned and put on the stack: "
                    + self.damage_words(self.combat["combat_assigned", t]))
        if name == "resolve" and args[0] == "combat_damage":
            return "combat damage resolves and is dealt: " + self.damage_words(self.combat["combat_dealt", t])
        if name in ("put_trigger", "resolve", "finish", "do", "remove_trigger", "auto"):
            item = self.item(args[0])
            return {"put_trigger": f"{item} is put on the stack", "resolve": f"{item} resolves",
                    "finish": (f"{item} doesn't resolve: no target of it is still legal, and it "
                               "leaves the stack") if "resolve.illegal-targets" in self.cites[t]
                    else f"{item} finishes resolving",
                    "remove_trigger": f"{item} has no legal target and is removed from the stack"
                    }.get(name) or f"{item}: {self.instr_words(args[0], args[1], t - 1)}"
        actor: str = args[0]  # the events below are a player's: their name comes first
        if name == "aim":
            return f"{actor} chooses {args[2]} as the target of {self.item(args[1])}"
        if name == "keep":
            return f"{actor} keeps {args[1]} (the others sharing its name or type go)"
        if name in ("untap", "draw_step_draw", "cleanup_discard", "pass", "hold"):
            return actor + {"untap": " untaps their permanents",
                            "draw_step_draw": " draws a card for the turn",
                            "cleanup_discard": " discards down to their maximum hand size",
                            "pass": " passes", "hold": " holds priority"}[name]
        if name == "cast":
            ann = args[4] if len(args) > 4 else ""
            said = ANNOUNCE_WORDS["retrace"] + f" discarding {ann[1]}" \
                if isinstance(ann, tuple) and ann[0] == "retrace" else kicked_words(ann[1]) \
                if isinstance(ann, tuple) and ann[0] == "kicked" else ANNOUNCE_WORDS.get(str(ann), "")
            spliced = listed(ann[1], "s") if isinstance(ann, tuple) and ann[0] == "splice" else ()
            aimed = tuple(args[2][1:]) if isinstance(args[2], tuple) else ()
            return f"{actor} casts {args[1]}" + mode_words(chosen_modes(ann)) + self.discarded(args[3]) \
                + (f" splicing {name_list(spliced)}" if spliced else "") \
                + (f" targeting {name_list(aimed)}" if aimed else "") + self.divided(args[3]) + said \
                + self.helped(args[3])
        if name == "activate":
            # an ability with modes: modes(K,L), the modes chosen as it is activated (CR 700.2a)
            k, chosen = (args[2][1], listed(args[2][2], "m")) \
                if isinstance(args[2], tuple) and args[2][0] == "modes" else (args[2], ())
            return (f"{actor} activates {args[1]}" + self.loyalty_paid(t, args[1], k)
                    + (f" (its ability {k})" if chosen and k != 1 else "") + mode_words(chosen)
                    + (f" targeting {args[3]}" if args[3] != "none" else "") + self.announced_x(args[4]))
        if name == "mana":
            if "counters.defined" in self.cites[t]:
                # an ability adding its mana for each counter on its permanent (mana.lp)
                return f"{actor} taps {args[1]} for mana, one for each counter of its kind on it: " \
                    + (self.pool_added(t, actor) or "none")
            return f"{actor} taps {args[1]} for mana"
        if name == "mana_as":
            return f"{actor} taps {args[1]} for {{{COLOUR_LETTER[args[2]]}}}"
        if name == "play":
            return f"{actor} plays {args[1]}"
        if name == "turn_up":
            return f"{actor} turns {args[1]} face up (a special action: it doesn't use the stack)"
        if name == "attack":
            return self.entry(args[1]) or f"{actor} declares no attackers"
        if name == "block":
            return self.entry(args[1]) or f"{actor} declares no blockers"
        if name == "choose":
            if args[3] == "unlooked":
                return f"{actor} does not scry (the cards stay as they are, unlooked at)"
            return self.entry(args[3])
        return self.entry(args[1]) if name in ("discard", "order", "order_blockers", "assign") else ""

    @staticmethod
    def damage_words(dealt: list[tuple[Any, ...]]) -> str:
        """Each creature's combat damage: ``Craw Wurm 3 to Grizzly Bears``, or none."""
        return "; ".join(f"{s} {m} to {r}" for s, r, m in sorted(dealt, key=str)) or "none"

    def sba_words(self, t: int) -> list[str]:
        words = []
        for s in self.sba[t]:
            if s[0] == "lose":
                why = {"zero_life": "0 or less life", "empty_library": "drew from an empty library"}[s[2]]
                words.append(f"{s[1]} loses the game ({why})")
            elif s[0] == "ceases":
                words.append(f"{s[1]} ceases to exist (a token off the battlefield)")
            elif s[0] == "annihilate":
                words.append(f"{s[2]} +1/+1 and {s[2]} -1/-1 counters removed from {s[1]}")
            else:
                why = {"lethal_damage": "lethal damage", "zero_toughness": "0 toughness",
                       "deathtouch": "damage from a source with deathtouch",
                       "zero_loyalty": "0 loyalty", "legend_rule": "the legend rule",
                       "planeswalker_uniqueness": "the planeswalker uniqueness rule"}[s[2]]
                words.append(f"{s[1]} is put into its owner's graveyard ({why})")
        return words

    def instr_words(self, x: Any, i: int, t: int) -> str:
        ins = self.instr.get((x, i, t))
        if not isinstance(ins, tuple):
            return str(ins)
        def who(w: str) -> str:
            # a target found illegal names no one (CR 608.2b)
            return ", ".join(self.names.get((x, w, t), ["no legal target" if w == "target" else w]))

        verb: str = ins[0]  # the instruction's name
        if verb == "damage":
            return f"{ins[1]} damage to {who(ins[2])}"
        if verb == "damage_divided":
            # each target's share (CR 601.2d); a target found illegal gets none (608.2b)
            shares = sorted(self.shares.get((x, i, t), []))  # in the order of the targets
            how = "as announced" if ins[2] == "announced" else "evenly, rounded down"
            each = ", ".join(f"{v} to {y}" + (" (an illegal target now: none dealt, nor given to another)"
                                              if (x, i, y, t) in self.lost else "") for _, y, v in shares)
            return f"damage divided {how}: {each or 'none'}"
        if verb in ("gain", "lose"):
            return f"{who(ins[1])} {'gains' if verb == 'gain' else 'loses'} {ins[2]} life"
        if verb == "draw":
            return f"{who(ins[1])} draws {ins[2]}"
        if verb == "discard":
            return f"{who(ins[1])} discards {ins[2]}"
        if verb == "discard_random":
            return f"{who(ins[1])} discards {ins[2]} at random"
        if verb == "look_hand":
            return f"{who(ins[1])} looks at {who(ins[2])}'s hand"
        if verb == "reveal_hand":
            return f"{who(ins[1])} reveals their hand"
        if verb == "reveal_found":
            return f"{who(ins[1])} reveals the card found"
        if verb == "search":
            return f"{who(ins[1])} searches their library for a {ins[2].replace('_', ' ')}"
        if verb == "shuffle":
            return f"{who(ins[1])} shuffles their library"
        if verb == "effect":
            objects = ", ".join(sorted(self.affected.get((x, i, t), []))) or "nothing"
            what = "; ".join(mod_words(m) for m in self.mods.get((x, i, t), []))
            return f"{objects}: {what}{duration_words(ins[2])}"
        if verb == "counters":
            on = who(ins[3]) if (x, ins[3], t) in self.names else f"the {ins[3]}"
            return f"{plural(ins[2], COUNTER_WORD[ins[1]] + ' counter')} on {on}"
        if verb == "create":
            return f"{who(ins[1])} creates {plural(ins[3], str(ins[2]) + ' token')}"
        if verb == "player_effect":  # ins[2]: ("forbid", Act) | ("permit", Act, N)
            mod = ins[2]
            if mod[0] == "permit" and mod[1] == "play_land":
                return f"{who(ins[1])}: may play {plural(mod[2], 'more land')}"
            return f"{who(ins[1])}: can't {ACTION_WORDS.get(mod[1], str(mod[1]).replace('_', ' '))}"
        if verb == "counter":
            return f"counters {who(ins[1])}"
        if verb == "destroy":
            return f"destroys {who(ins[1])}"
        if verb == "no_information":
            return (f"nothing: what it would deal needs the mana value of its target {ins[1]}, found "
                    "illegal as it began to resolve")
        if verb == "bounce":
            return f"returns {who(ins[1])} to its owner's hand"
        if verb in ("scry", "surveil"):
            return f"{who(ins[1])} {verb}s {ins[2]}"
        if verb == "look_top":
            return f"{who(ins[1])} looks at the top {plural(ins[2], 'card')} of their library"
        if verb == "discard_chosen":
            kind = "card" if ins[4] == "card" else str(ins[4]).replace("_", " ") + " card"
            return f"{who(ins[1])} discards {plural(ins[3], kind)} chosen by {who(ins[2])}"
        if verb == "sacrifice":
            source = x[1] if isinstance(x, tuple) and x[0] in ("tr", "ab") else x
            what = str(source) if ins[2] == "self" else plural(ins[3], str(ins[2]))
            return f"{who(ins[1])} sacrifices {what}"
        if verb == "unless_discard":
            return f"{who(ins[1])} sacrifices it unless they discard {plural(ins[2], 'card')}"
        if verb == "return":
            return (f"{who(ins[1])} returns {plural(ins[3], str(ins[2]).replace('_', ' '))} from "
                    "their graveyard to their hand")
        if verb == "balance":
            what = {"hand": "cards in hand"}.get(ins[1], f"{ins[1]}s")
            return f"each player keeps as many {what} as the player with the fewest"
        if verb == "unsupported":
            return f"an instruction the core does not model ({ins[1]})"
        return verb.replace("_", " ")

    def why_words(self, why: Any, player: str | None) -> str:
        """Why an action is illegal: ``WHY``'s sentence, or one the reason's values change."""
        args = (why,) if isinstance(why, str) else tuple(why)
        key: str = args[0]
        if key == "cant_pay" and why[1] == "life":
            return (f"{player} can't pay the life its cost asks (an additional cost in life, or 2 for "
                    "each Phyrexian symbol announced as paid with life): more than their life total")
        if key in ("bad_hybrid_choice", "bad_phyrexian_choice"):
            kind = "hybrid" if key == "bad_hybrid_choice" else "Phyrexian"
            return f"its {kind} symbol {why[1]} (of its mana cost, in order) can't be paid with {way_words(why[2])}"
        if key == "no_such_cost" and isinstance(why[1], tuple) and why[1][0] == "kicked":
            # CR 702.33a, 702.33c: only a multikicker cost is paid more than once
            return (f"the card has no multikicker (a kicker is paid once): no cost to announce "
                    f"{why[1][1]} times")
        if key == "too_few_targets":
            return f"it names {why[1] or 'no'} target{'' if why[1] == 1 else 's'}: the card asks for at least {why[2]}"
        if key == "too_many_targets":
            return f"it names {why[1]} targets: the card allows at most {why[2]}"
        if key == "division_count":
            return f"the division gives {plural(why[1], 'share')} for {plural(why[2], 'target')}: one for each target"
        if key == "division_total":
            return f"the division adds up to {why[1]}, not the {why[2]} the card divides"
        if key == "no_x_activation":
            return "the line announces a value of X, and the ability's activation cost has no {X}"
        if key == "no_x":
            return "the line announces a value of X, and the cost it is cast for has no {X}"
        if key == "no_such_symbol":
            return (f"the line announces how a hybrid or Phyrexian symbol {why[1]} is paid, and the cost "
                    "it is cast for has no such symbol (only the mana cost's are announced)")
        if key == "cant_pay" and why[1] == "additional":
            return f"{player} can't pay its additional cost: nothing to sacrifice"
        if key == "cant_pay":
            return f"{player} can't pay the cost from their mana pool ({mana_words(why[1])})"
        if key == "discard_count":
            cost = (f"its escalate cost is {plural(why[2], 'card')} discarded" if why[2] else
                    "no card is discarded for its cost")
            return (f"{cost} (escalate: one for each mode chosen beyond the first), and the line "
                    f"names {why[1] or 'none'} to discard")
        if key == "mode_count":
            return f"{plural(why[1], 'mode')} chosen where the card says to choose {why[2]}"
        if key == "cant_help":
            return {"convoke": f"{why[2]} can't pay by convoke: an untapped creature {player} controls "
                               "pays {1} or one mana of its colour",
                    "improvise": f"{why[2]} can't pay by improvise: an untapped artifact {player} "
                                 "controls pays {1}",
                    "delve": f"{why[2]} can't pay by delve: a card in {player}'s graveyard pays {1}"
                    }.get(why[1], f"{why[2]} can't pay by {why[1]}")
        if key == "overpaid":
            if why[1] in COLOUR_LETTER or why[1] == "generic":
                return (f"the objects named pay more {mana_words(why[1]).replace('its ', '')} than the "
                        "total cost asks: each pays one mana of it")
            return f"{why[1]} can pay none of the total cost"
        if key in ("attack_requirements", "block_requirements"):
            return self.requirement_words(why[1])
        if key == "no_such_mana_ability":
            return f"it has no mana ability adding {{{COLOUR_LETTER.get(why[1], why[1])}}}"
        return WHY.get(key, key).format(*args, p=player)

    def requirement_words(self, entry: int) -> str:
        """A declaration obeying fewer requirements than another could (declare.lp's answer):
        how many it obeys, and a declaration obeying the most."""
        answer = self.declared.get(entry, [])
        obeyed = {a[1]: a[2] for a in answer if a[0] == "obeyed"}
        attacks = sorted((a[2] for a in answer if a[0] == "in_attack"), key=natural)
        blockers: dict[str, list[str]] = defaultdict(list)
        for a in answer:
            if a[0] == "in_block":
                blockers[a[3]].append(a[2])
        if attacks:
            better = "attacking with " + ", ".join(attacks)
        elif blockers:
            better = "blocking " + " and ".join(f"{a} with {', '.join(sorted(bs, key=natural))}"
                                                for a, bs in sorted(blockers.items(), key=lambda i: natural(i[0])))
        else:
            better = "declaring none"
        n, m = obeyed.get("scripted", 0), obeyed.get("best", 0)
        return (f"the declaration obeys {plural(n, 'requirement')}; {better} obeys {m}, the most "
                "a declaration obeying every restriction can")

    # -- the timeline ----------------------------------------------------------------------


def chosen_modes(ann: Any) -> tuple[int, ...]:
    """The modes of an announcement ``modes(m(M,Rest))`` (decisions.py), or none."""
    return listed(ann[1], "m") if isinstance(ann, tuple) and ann[0] == "modes" else ()


def listed(rest: Any, cell: str) -> tuple[Any, ...]:
    """The items of a list term ``cell(Item,Rest)`` ending in ``nil`` (decisions.py)."""
    out: list[Any] = []
    while isinstance(rest, tuple) and rest[0] == cell:
        out.append(rest[1])
        rest = rest[2]
    return tuple(out)
