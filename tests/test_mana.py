"""ManaCost: parse and print in pairs, mana value (CR 202.3), clear errors for malformed costs."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mtgrules.encodings.cost import mana_value
from mtgrules.model.cards import parse_cards
from mtgrules.model.errors import ScenarioError
from mtgrules.model.mana import HYBRID_PAIRS, ManaCost, ManaCostError, parse_pool
from mtgrules.model.source import Field

ROUND_TRIP = ["{3}{W}{U}{B}{R}{G}{C}", "{W/U}", "{2/W}", "{W/P}", "{G/U/P}", "{X}", "{X}{X}{R}",
              "{S}", "{0}", "{1}{1}", "{12}", "{C/W}", "{1}{B/P}{B/P}"]


@pytest.mark.parametrize("text", ROUND_TRIP)
def test_parse_print_round_trip(text):
    cost = ManaCost.parse(text)
    assert str(cost) == text
    assert eval(repr(cost)) == cost  # the repr can be pasted back


@pytest.mark.parametrize("text,off_stack,x,on_stack", [
    ("{3}{W}{U}{B}{R}{G}{C}", 9, 0, 9),
    ("{X}{R}", 1, 4, 5),          # 202.3e: X is 0 off the stack, its value on it
    ("{X}{X}{G}", 1, 3, 7),
    ("{2/W}{2/W}{2/W}", 6, 0, 6), # 202.3f: the larger half of a hybrid symbol
    ("{W/U}", 1, 0, 1),
    ("{1}{B/P}{B/P}", 3, 0, 3),   # 202.3g: a Phyrexian symbol counts one
    ("{G/U/P}", 1, 0, 1),
    ("{S}{S}", 2, 0, 2),
    ("{0}", 0, 0, 0),
])
def test_mana_value(text, off_stack, x, on_stack):
    cost = ManaCost.parse(text)
    assert mana_value(cost) == off_stack
    assert mana_value(cost, x=x) == on_stack


@pytest.mark.parametrize("text,fragment", [
    ("", "at least one symbol"),
    ("{U/W}", "Did you mean {W/U}"),
    ("{U/G/P}", "Did you mean {G/U/P}"),
    ("{w}", "Did you mean {W}"),
    ("{2/W", "unclosed brace"),
    ("3{G}", "outside braces"),
    ("{4/W}", "Did you mean {2/W}"),
    ("{W/W}", "same colour twice"),
    ("{P}", "not a mana symbol"),
    ("{01}", "leading zero"),
    ("{ 1}", "spaces"),
    ("{Q}", "not a mana symbol"),
])
def test_malformed_costs_say_what_is_wrong(text, fragment):
    with pytest.raises(ManaCostError, match=None) as info:
        ManaCost.parse(text)
    assert fragment in str(info.value)


def test_hybrid_options_are_the_announcements():
    assert ManaCost.parse("{W/U}").symbols[0].options == ("W", "U")
    assert ManaCost.parse("{2/W}").symbols[0].options == ("W", "generic:2")
    assert ManaCost.parse("{B/P}").symbols[0].options == ("B", "life")
    assert ManaCost.parse("{G/U/P}").symbols[0].options == ("G", "U", "life")
    assert ManaCost.parse("{1}{R}").choices == ()


def test_pool_holds_only_types_of_mana():
    assert parse_pool("{G}{G}{C}") == {"G": 2, "C": 1}
    assert parse_pool("") == {}
    with pytest.raises(ManaCostError, match="not a type of mana"):
        parse_pool("{2}")


def test_card_file_with_a_malformed_cost_names_file_line_field():
    text = "- name: Bad Bolt\n  types: [instant]\n  cost: \"{R}{U/W}\"\n"
    with pytest.raises(ScenarioError) as info:
        parse_cards(Field.parse(text, "my_cards.yaml"))
    message = str(info.value)
    assert "my_cards.yaml, line 3, field '[0].cost'" in message
    assert "Did you mean {W/U}" in message


SYMBOLS = st.one_of(
    st.integers(0, 20).map(lambda n: f"{{{n}}}"),
    st.sampled_from(["{W}", "{U}", "{B}", "{R}", "{G}", "{C}", "{X}", "{S}", "{2/W}", "{2/G}",
                     "{C/U}", "{W/P}", "{R/P}"]),
    st.sampled_from(HYBRID_PAIRS).map(lambda p: f"{{{p[0]}/{p[1]}}}"),
    st.sampled_from(HYBRID_PAIRS).map(lambda p: f"{{{p[0]}/{p[1]}/P}}"),
)


@settings(max_examples=60, deadline=None)
@given(st.lists(SYMBOLS, min_size=1, max_size=8), st.integers(0, 5))
def test_any_well_formed_cost_round_trips(symbols, x):
    text = "".join(symbols)
    cost = ManaCost.parse(text)
    assert str(cost) == text
    assert mana_value(cost, x) == mana_value(cost) + x * cost.x_count
