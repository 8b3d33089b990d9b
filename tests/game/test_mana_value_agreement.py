"""The temporal core's mana value of a card agrees with the cost question's (two encodings of
CR 202.3: ``encodings/game/vocabulary.lp``'s ``mana_value/2`` and ``encodings/cost/cost.lp``'s
``mana_value/1``), for every card of the library and for generated mana costs (off the stack:
X counts 0, 202.3e; a hybrid symbol its larger half, 202.3f; a Phyrexian one 1, 202.3g). Where
the core leaves a card's value unknown (a snow symbol it doesn't read, a morph card that may
have been face down), it must say so by deriving no value — never a wrong one."""
from __future__ import annotations

import clingo
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.encodings.asp import encoding
from mtgrules.encodings.cost import mana_value
from mtgrules.encodings.game.casting_facts import cost_facts
from mtgrules.model.cards import Card, builtin_cards
from mtgrules.model.mana import ManaCost

CARDS = [c for c in builtin_cards().values() if not c.is_a("land")]


def core_values(cards: list[Card]) -> dict[str, set[int]]:
    """Each card's mana values as the core derives them, by name (none: unknown)."""
    facts: list[str] = []
    for i, card in enumerate(cards):
        o = clingo.String(f"o{i}")
        facts += [f'object("o{i}").', *(f"{s}." for s in cost_facts(card, o))]
    ctl = clingo.Control(["--warn=none"])
    ctl.add("base", [], encoding("game/vocabulary") + "\n" + "\n".join(facts))
    ctl.ground([("base", [])])
    atoms: list[clingo.Symbol] = []
    ctl.solve(on_model=lambda m: atoms.extend(m.symbols(atoms=True)))
    out: dict[str, set[int]] = {card.name: set() for card in cards}
    for s in atoms:
        if s.name == "mana_value" and len(s.arguments) == 2:
            out[cards[int(s.arguments[0].string[1:])].name].add(s.arguments[1].number)
    return out


def unknown_to_core(card: Card) -> bool:
    """A card whose mana value the core declares unknown (vocabulary.lp: snow, morph)."""
    return card.morph is not None or any(sym.kind == "snow" for sym in card.mana_cost or ())


def test_every_library_card() -> None:
    core = core_values(CARDS)
    for card in CARDS:
        if unknown_to_core(card):
            assert core[card.name] == set(), card.name
        else:
            assert core[card.name] == {mana_value(card.mana_cost or ManaCost())}, card.name


SYMBOLS = ["{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{1}", "{2}", "{3}", "{X}", "{W/U}", "{B/G}",
           "{2/W}", "{2/R}", "{W/P}", "{G/P}", "{G/U/P}"]


@settings(max_examples=40, deadline=None, derandomize=True)
@given(st.lists(st.sampled_from(SYMBOLS), min_size=0, max_size=6))
def test_generated_costs(symbols: list[str]) -> None:
    text = "".join(symbols)
    card = Card(name="Probe", types=frozenset({"sorcery"}), mana_cost=ManaCost.parse(text) if text else None)
    assert core_values([card])["Probe"] == {mana_value(card.mana_cost or ManaCost())}, text


@pytest.mark.parametrize("text", ["{S}", "{S}{G}"])
def test_snow_symbols_leave_the_value_unknown(text: str) -> None:
    card = Card(name="Probe", types=frozenset({"sorcery"}), mana_cost=ManaCost.parse(text))
    assert core_values([card])["Probe"] == set()
