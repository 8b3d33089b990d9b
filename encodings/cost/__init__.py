"""Cost (CR 601.2f–h, 118, 119.4, 202.3): the cost of a casting worked out against the state.

``cost.lp`` decides which cost is paid, which additional costs and cost modifiers apply (and
why the others don't), what the mana abilities of 601.2g leave to pay with, the mana value
and the rules the answer rests on; z3 (``smt.py``) adds the total up and searches the
payment. This module writes the facts of the card, the casting and the state, and reads the
answers back into a ``CostProblem`` and a ``PaymentProblem``.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import clingo

from mtgrules.encodings import asp
from mtgrules.encodings.cost import facts as writers
from mtgrules.encodings.cost import payment as payment_search
from mtgrules.encodings.cost import smt as smt_cost
from mtgrules.encodings.cost.smt import CostProblem, ManaAbility, Modifier, PaymentProblem
from mtgrules.model.cards import Card
from mtgrules.model.casting import Casting
from mtgrules.model.edition import Edition, cite, rulebook
from mtgrules.model.errors import UnsupportedQuestion
from mtgrules.model.mana import COLOR_NAMES, ManaCost, ManaCostError, parse_pool
from mtgrules.model.state import GameState
from mtgrules.model.vocabulary import activated_ability, card_at, printed_cost

PROGRAM = "cost/cost"
"""The cost area's program (it includes the common rule it reads: "can't" beats "can")."""


@dataclass
class Plan:
    """A casting worked out against the state: the cost problems and resources."""

    casting: Casting
    card: Card
    kind: str
    """``spell``, ``ability`` or ``mana-ability``."""
    base_text: str
    """What the base cost is (mana cost, activation cost, alternative cost)."""
    at_lock: CostProblem | None
    """The cost as determined at 601.2f (``None``: an unpayable cost, CR 118.6)."""
    after: CostProblem | None
    """The same cost with the modifiers as they stand after the 601.2g events."""
    payment: PaymentProblem | None
    modifiers: list[tuple[Modifier, str]] = field(default_factory=list)
    """Every modifier that applies at the lock."""
    ignored: list[tuple[str, str]] = field(default_factory=list)
    """(modifier source, reason) for modifiers that don't apply at the lock."""
    dropped_after: list[tuple[str, str]] = field(default_factory=list)
    """(modifier source, event) for modifiers the 601.2g events remove (too late to matter)."""
    non_mana: list[str] = field(default_factory=list)
    """Descriptions of the non-mana parts of the total cost."""
    rules: set[str] = field(default_factory=set)
    """Rulebook keys (in force in the edition) the cost rests on."""
    unpayable_rules: set[str] = field(default_factory=set)
    """For a cost that can't be paid by nature (``at_lock`` None): what its total cites."""
    explains: dict[str, str] = field(default_factory=dict)
    """Sentences of ``cost.lp`` the verdict says (``floor_last``, ``locked_before_events``),
    each with the rulebook key it cites."""
    mana_value: int = 0
    """The card's mana value as a spell on the stack (CR 202.3)."""
    facts: list[clingo.Symbol] = field(default_factory=list, repr=False)
    """The facts ``cost.lp`` was solved with (the payment's solve adds z3's answer)."""
    face_down: bool = False
    """Cast face down (CR 702.37c): a colourless 2/2 creature spell (CR 708.2)."""
    additional_text: str = ""
    """Which additional costs the total adds (kicker, entwine, a splice …), in words."""
    types: frozenset[str] = frozenset()
    colours: frozenset[str] = frozenset()
    """The spell's types and colours as it is cast (face down: creature, none)."""
    modes: tuple[tuple[int, int], ...] = ()
    """(position, mode): the modes the spell has, in order (entwined: every mode)."""
    refused: tuple[Any, ...] = ()
    """Announcements the rules of a mechanic refuse (``cost.lp``; the cast fails at 601.2b)."""
    announced_rules: frozenset[str] = frozenset()
    """The rules of the mechanics announced (kicker, splice, morph …), which the cast cites."""


@dataclass(frozen=True)
class Paid:
    """The payment searched for a plan, and what ``cost.lp`` reads from it."""

    result: smt_cost.Payment | smt_cost.NoPayment | None
    """``None``: the cost is unpayable by nature (no mana cost, CR 118.6)."""
    rules: frozenset[str]
    """Rulebook keys in force that the payment's answer rests on."""
    sacrificed_sources: frozenset[str]
    """Sources of applied modifiers that the payment sacrifices (after the lock)."""
    would_be: smt_cost.TotalCost | None = None
    """For a payable cost whose modifiers the mana abilities' events changed: what the total
    would have been, determined after them with the same announcements (it was locked before)."""


# -- reading the answers -------------------------------------------------------------------
def _mana_abilities(got: _Answer, state: GameState) -> dict[clingo.Symbol, ManaAbility]:
    """The uses of mana abilities ``cost.lp`` found, by their term, in the order of the
    battlefield (then of the ability, then of the permanent sacrificed)."""
    order = {o.id: i for i, (_, _, o) in enumerate(state.objects("battlefield"))}
    found = []
    for term, source, n in got.raw("mana_ability"):
        s, k = str(source.string), n.number
        card = state.card_of(state.find(s)[2])  # type: ignore[index]
        made = tuple(sorted(parse_pool(card.abilities_of("mana")[k].produces or "").items())) \
            if card else ()
        snow = bool(card and "snow" in card.supertypes)
        if term.name == "tap":
            use = ManaAbility(s if k == 0 else f"{s}/{k + 1}", s, made, snow, taps=s)
            victim = -1
        elif term.name == "sac_self":
            use, victim = ManaAbility(f"{s}!", s, made, snow, sacrifices=s), -1
        else:
            v = term.arguments[2].string
            use, victim = ManaAbility(f"{s}<-{v}", s, made, snow, sacrifices=v), order[v]
        found.append(((order[s], k, victim), term, use))
    return {term: use for _, term, use in sorted(found, key=lambda f: f[0])}


# -- the plan -----------------------------------------------------------------------------------

def plan(casting: Casting, state: GameState, edition: Edition) -> Plan:
    """The cost plan of ``casting`` under the rules of ``edition``."""
    card = card_at(state, casting.card)
    player = casting.player
    kind = "spell"
    if casting.ability is not None:
        kind = "mana-ability" if activated_ability(card, casting.ability).kind == "mana" \
            else "ability"
    try:
        pool = parse_pool(state.player(player).mana_pool)
    except ManaCostError as exc:
        raise UnsupportedQuestion(f"{player}'s mana pool: {exc}") from None
    mod_facts, sources = writers.modifier_facts(card, casting, state)
    facts = (writers.card_facts(card, casting, state, kind) + mod_facts
             + writers.state_facts(casting, state, pool))
    got = _solve(facts, edition)

    base_kind = got.one("base")
    as_cast: dict[str, Any] = {"face_down": bool(got.rows("face_down")),
               "types": frozenset(str(t) for t in got.values("spell_type")),
               "colours": frozenset(str(c) for c in got.values("spell_colour")),
               "modes": tuple(sorted(got.rows("chosen_mode"))),
               "refused": tuple(args[0] for args in got.raw("announcement_refused")),
               "announced_rules": frozenset(str(k) for k in got.values("announcement_rule")),
               "additional_text": ", ".join(_added_words(term, n.number, card)
                                            for term, n in got.raw("times"))}
    named = [m.name for m in sources]
    rules = set(got.values("cited"))
    explains = {str(w): str(k) for k, w in got.rows("explains")}
    non_mana, sac, alt_cards = _non_mana(got, casting)
    mana_value = int(got.one("mana_value"))
    applied = {m: (k, n) for m, k, n in got.rows("applies")}
    modifiers = [(smt_cost.generic(named[m], k, n), "") for m, (k, n) in sorted(applied.items())]
    ignored = [(named[m], _why_not(str(w), sources[m])) for m, w in sorted(got.rows("ignored"))]
    after_mods = [mod for (m, _), (mod, _) in zip(sorted(applied.items()), modifiers)
                  if m in set(got.values("applies_after"))]
    dropped = [(named[m], str(t)) for m, t in sorted(got.rows("dropped"))]
    if base_kind == "none":
        return Plan(casting, card, kind, "no mana cost", None, None, None, modifiers, ignored,
                    [], non_mana, rules, set(got.values("unpayable_cited")), explains,
                    mana_value, facts, **as_cast)
    absent = sorted(str(k) for k in got.values("absent"))
    if absent:
        raise UnsupportedQuestion(_absent(absent, card, edition))
    base, base_text = _base(base_kind, card, casting, got)
    additional = ManaCost(tuple(s for term, n in got.raw("times")
                                for s in _added(term, card, casting, state) * n.number))
    life = int(got.one("total_life"))
    problem = CostProblem(base, casting.x or 0, casting.pay, additional, life,
                          tuple(m for m, _ in modifiers))
    after = replace(problem, modifiers=tuple(after_mods))
    payment = _payment_problem(problem, casting, state, got, sac, alt_cards)
    return Plan(casting, card, kind, base_text, problem, after, payment, modifiers, ignored,
                dropped, non_mana, rules, set(), explains, mana_value, facts, **as_cast)


def _solve(facts: Sequence[clingo.Symbol], edition: Edition) -> _Answer:
    """Solve ``cost.lp`` with ``facts`` under ``edition`` (its ``in_force`` keys: the program
    reads editions only to say which keys it cites). One answer set."""
    found = asp.solve([PROGRAM], facts, edition).models
    assert len(found) == 1, "cost.lp has exactly one answer set"
    return _Answer(found[0])


class _Answer:
    """The shown atoms of an answer set, by predicate."""

    def __init__(self, model: Iterable[Any]) -> None:
        self.model = list(model)

    def rows(self, name: str) -> list[tuple[Any, ...]]:
        return asp.atoms(self.model, name)

    def raw(self, name: str) -> list[Sequence[clingo.Symbol]]:
        """The arguments of every atom ``name(...)`` as Symbols."""
        return [s.arguments for s in self.model if s.name == name]

    def values(self, name: str) -> list[Any]:
        return [r[0] for r in self.rows(name)]

    def one(self, name: str) -> Any:
        found = self.values(name)
        assert len(found) == 1, f"cost.lp gives {len(found)} {name}"
        return found[0]


def _added(term: clingo.Symbol, card: Card, casting: Casting, state: GameState) -> tuple[Any, ...]:
    """The mana symbols of an additional cost ``cost.lp`` adds (``times(Cost,N)``)."""
    if term.name == "splice":
        spliced = card_at(state, term.arguments[0].string).splice_cost
        return spliced.symbols if spliced else ()
    if term.name == "additional":
        (_, value), = dict(card.additional_costs[term.arguments[0].number]).items()
        return ManaCost.parse(value).symbols
    if term.name == "escalate":
        return tuple(s for item in card.escalate for part, value in dict(item).items()
                     if part == "mana" for s in ManaCost.parse(value).symbols)
    cost = {"kicker": writers.kicker_cost(card, casting), "entwine": card.entwine,
            "buyback": card.buyback}[term.name]
    return cost.symbols if cost else ()


def _added_words(term: clingo.Symbol, times: int, card: Card) -> str:
    """An additional cost ``cost.lp`` adds (``times(Cost,N)``), in words."""
    if term.name == "splice":
        words = f"splice ({term.arguments[0].string})"
    elif term.name == "additional":
        words = "an additional cost of the card"
    else:
        words = {"kicker": "multikicker" if card.multikicker else "kicker"}.get(term.name, term.name)
    return words + (f" ×{times}" if times > 1 else "")


def _absent(keys: list[str], card: Card, edition: Edition) -> str:
    """Why a question about a mechanic the edition lacks (or words otherwise) is refused."""
    book = rulebook()
    said = []
    for k in keys:
        if book[k].holds_in(edition):  # the mechanic is there, in a form not modelled
            said.append(f"{k} is {cite(k, edition)} there, worded as an additional cost that "
                        "reduces the total; the project models the form of the 2016 editions on "
                        f"({book[k + '-payment'].paraphrase.rstrip('.').lower()})")
        else:
            said.append(f"{k} ({book[k].paraphrase.rstrip('.')}) is in the rules from the "
                        f"{book[k].since} edition")
    return (f"{card.name}: under the Comprehensive Rules of {edition}, " + "; ".join(said)
            + " — not answered under this edition")


def _base(base_kind: Any, card: Card, casting: Casting, got: _Answer) -> tuple[ManaCost, str]:
    if base_kind == "flashback":
        assert card.flashback is not None
        return card.flashback, "flashback cost"
    if base_kind == "face_down":
        return ManaCost.parse(f"{{{got.one('face_down_cost')}}}"), "cast face down (morph)"
    if base_kind == "mana_cost":
        assert card.mana_cost is not None
        return card.mana_cost, "mana cost"
    if base_kind == "activation":
        return printed_cost(card, casting.ability) or ManaCost(), "activation cost"
    if base_kind == "card":
        mana = [dict(i)["mana"] for i in card.alternative_costs[0] if "mana" in dict(i)]
        return (ManaCost.parse(mana[-1]) if mana else ManaCost.parse("{0}"),
                f"{card.name}'s alternative cost")
    _, alt = base_kind  # ("without_paying", A)
    return ManaCost.parse("{0}"), f"without paying its mana cost ({alt})"


_Candidates = list[tuple[str, set[str]]]
"""Costs that take an object: each one's words, and the objects that can pay it."""


def _non_mana(got: _Answer, casting: Casting) -> tuple[list[str], _Candidates, _Candidates]:
    """The words of the non-mana parts, and the sacrifice and card costs with candidates."""
    listed = sorted(got.rows("pays"))
    candidates: dict[Any, set[str]] = {}
    for pos, o in got.rows("candidate_after"):
        candidates.setdefault(pos, set()).add(str(o))
    non_mana: list[str] = []
    sac: list[tuple[str, Any]] = []
    cards: list[tuple[str, Any]] = []
    for pos, part, arg in listed:
        if part == "life":
            non_mana.append(f"pay {arg} life")
        elif part == "tap":
            non_mana.append(f"tap {casting.card}")
        elif part == "loyalty":
            n = int(arg)
            non_mana.append(f"put {n} loyalty counter{'s' * (n != 1)} on {casting.card}" if n >= 0
                            else f"remove {-n} loyalty counter{'s' * (n != -1)} from {casting.card}")
        elif part == "exile":
            words = f"exile a {arg} card from hand"
            non_mana.append(words)
            cards.append((words, pos))
        elif part == "discard":
            words = f"discard a {'land ' if arg == 'land' else ''}card"
            non_mana.append(words)
            cards.append((words, pos))
        elif part == "sacrifice":
            words = f"sacrifice {casting.card}" if arg == "self" else f"sacrifice a {arg}"
            if pos[1] != 2:  # an activation's sacrifice is listed with the payment only
                non_mana.append(words)
            sac.append((words, pos))
    return non_mana, [(w, candidates.get(p, set())) for w, p in sac], \
        [(w, candidates.get(p, set())) for w, p in cards]


def _why_not(why: str, source: writers.Source) -> str:
    """The words for a reason of ``cost.lp`` why a modifier doesn't apply."""
    return {"creature_spell": "the spell is a creature spell",
            "not_creature_spell": "the spell is not a creature spell",
            "only_controller": f"it affects only {source.controller}'s spells",
            "only_opponents": f"it affects only the spells of {source.controller}'s opponents",
            "not_colour": f"the spell is not {' or '.join(source.colours)}",
            "source_tapped": "its source is tapped",
            "only_one_target": "only one target",
            "nothing_counted": "it counts nothing here"}[why]


def _payment_problem(problem: CostProblem, casting: Casting, state: GameState, got: _Answer,
                     sac: _Candidates, cards: _Candidates) -> PaymentProblem:
    for (n,) in got.rows("no_ability"):  # the question's reader refuses this first
        raise UnsupportedQuestion(f"'{casting.during[n]}': no mana ability of the state does "
                                  "that now", field=f"question.during[{n}]")
    available = {args[0] for args in got.raw("available")}
    abilities = _mana_abilities(got, state)
    untapped = set(got.values("untapped_after"))
    after_pool = {str(t): int(n) for t, n in got.rows("pool_after")}
    player = casting.player
    ps = state.player(player)
    order = [o.id for _, _, o in state.objects("battlefield")]
    letters = {colour: letter for letter, colour in COLOR_NAMES.items()}
    convokers = {str(o) for o in got.values("convoker")}
    improvisers = {str(o) for o in got.values("improviser")}
    delvers = {str(o) for o in got.values("delver")}
    return PaymentProblem(
        problem, tuple(sorted(after_pool.items())),
        tuple(use for term, use in abilities.items() if term in available), ps.life,
        tuple((w, tuple(o for o in _listing(state, casting) if o in c)) for w, c in sac),
        tuple((w, tuple(o for o in _listing(state, casting) if o in c)) for w, c in cards),
        tuple(o for o in order if o in untapped),
        tuple(sorted(got.rows("unsacrificeable"))),
        convoke=tuple((o, tuple(letters[c] for c in sorted(card_at(state, o).colors)))
                      for o in order if o in convokers),
        improvise=tuple(o for o in order if o in improvisers),
        delve=tuple(o.id for o in ps.zone("graveyard") if o.id in delvers))


def _listing(state: GameState, casting: Casting) -> list[str]:
    """Objects in the order the state lists them: the battlefield, then the caster's hand."""
    return [*(o.id for _, _, o in state.objects("battlefield")),
            *(o.id for o in state.player(casting.player).zone("hand"))]


def pay(p: Plan, edition: Edition) -> Paid:
    """Search the payment of a plan (z3), then read what it rests on (``cost.lp``)."""
    result = payment_search.pay(p.payment) if p.payment is not None else None
    facts = [*p.facts, asp.fact("asked_payment")]
    if isinstance(result, smt_cost.Payment):
        facts.append(asp.fact("payable"))
        if result.activations:
            facts.append(asp.fact("activated"))
        if result.total.life:
            facts.append(asp.fact("paid_life"))
        facts += [asp.fact("paid_sacrifice", o) for o in result.sacrificed]
    elif isinstance(result, smt_cost.NoPayment):
        for name in result.short:
            if name.startswith("cant-sacrifice:"):
                _, obj, source = name.split(":", 2)
                facts.append(asp.fact("short", asp.fact("cant_sacrifice", obj, source)))
            else:
                facts.append(asp.fact("short", name))
    got = _solve(facts, edition)
    sacrificed = {str(w[1]) for k, w in got.rows("explains")
                  if isinstance(w, tuple) and w[0] == "sacrificed_source"}
    would_be = None
    if isinstance(result, smt_cost.Payment) and p.dropped_after:
        assert p.at_lock is not None and p.after is not None  # a payable cost has both
        announced = result.total.announced
        _, would_be = smt_cost.total_cost(replace(p.at_lock, announced=announced),
                                          replace(p.after, announced=announced))
    return Paid(result, frozenset(str(k) for k in got.values("paid_cited")), frozenset(sacrificed),
                would_be)


def locked_total(p: Plan) -> tuple[smt_cost.TotalCost, smt_cost.TotalCost | None]:
    """The total cost of a plan with a mana cost, locked in at 601.2f, and what it would have
    been determined after the mana abilities' events where they changed its modifiers. A total
    that depends on how a hybrid or Phyrexian symbol will be paid needs that announcement
    (CR 601.2b): without it the question is refused, never guessed."""
    assert p.at_lock is not None  # a plan with a mana cost
    announced = list(p.at_lock.announced) + [None] * len(p.at_lock.choice_symbols)
    unannounced = [str(s) for s, a in zip(p.at_lock.choice_symbols, announced) if a is None]
    if unannounced:
        raise UnsupportedQuestion(
            f"the total cost of {p.card.name} depends on how {', '.join(unannounced)} will be "
            "paid, which the player announces while casting (CR 601.2b): add a 'pay' list")
    return smt_cost.total_cost(p.at_lock, p.after if p.dropped_after else None)


def mana_value(cost: ManaCost, x: int | None = None) -> int:
    """CR 202.3 (cost.mana-value), as ``cost.lp`` counts it: the total amount of mana a
    cost's symbols represent, whatever the colour; X is 0 except on the stack, where it is the
    announced value (202.3e); a hybrid symbol counts its larger half (202.3f), a Phyrexian
    symbol one (202.3g).

    >>> mana_value(ManaCost.parse("{X}{X}{G/U/P}{2/W}")), mana_value(ManaCost.parse("{X}{R}"), x=4)
    (3, 5)
    """
    facts = [*writers.symbols("mana_cost", cost), asp.fact("x", x or 0)]
    return int(_solve(facts, Edition.of(None)).one("mana_value"))
