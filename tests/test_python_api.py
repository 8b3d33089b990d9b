"""The Python API (issue 24): parse/print pairs for what a user writes, one typed Verdict,
the turn questions taking lines as strings, and rich display in notebooks."""
from __future__ import annotations

import doctest
import json
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

import mtgrules.queries as api
from mtgrules.model.errors import MtgRulesError, ScenarioError
from mtgrules.model.timeline import Condition, Decision, Point
from mtgrules.queries import (
    GameState,
    check_scenario,
    check_state,
    is_there_a_way,
    load_scenario,
    parse_scenario,
    what_happens,
    who_has_priority,
)
from mtgrules.queries.outcome import OUTCOMES, CostOutcome, TurnOutcome
from mtgrules.queries.scenario import builtin_scenario_files
from mtgrules.queries.trace import Trace, TraceEvent
from mtgrules.queries.verdict import Verdict
from mtgrules.queries.witness import Witness

FILES = builtin_scenario_files()
TURN_FILES = [p for p in FILES if p.parent.name == "turn"]


def _id(path: Path) -> str:
    return path.stem


# -- parse/print pairs ---------------------------------------------------------------------------

@pytest.mark.parametrize("path", TURN_FILES, ids=_id)
def test_every_script_line_condition_and_point_of_the_turn_scenarios_round_trips(path):
    s = load_scenario(path)
    q = s.question
    for d in q.script:
        # as written, and as printed from its values alone
        assert Decision.parse(str(d), s.state) == d
        assert Decision.parse(str(replace(d, text="")), s.state) == d
    for c in q.conditions:
        assert Condition.parse(str(c), s.state) == c
        assert Condition.parse(str(replace(c, text="")), s.state) == c
    assert Point.parse(str(q.until), s.state) == q.until


def test_the_turn_scenarios_use_every_kind_of_line_and_condition():
    # the round trip above covers the printer's forms, not only a few of them
    verbs, kinds = set(), set()
    for path in TURN_FILES:
        q = load_scenario(path).question
        verbs |= {d.verb for d in q.script}
        kinds |= {c.kind for c in q.conditions}
    assert {"pass", "cast", "mana", "activate", "play", "attack", "block", "pass-until"} <= verbs
    assert {"life", "in_zone", "stack", "step"} <= kinds


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_every_builtin_state_round_trips_through_its_scenario_shape(path):
    state = load_scenario(path).state
    assert GameState.from_dict(state.to_dict(), state.cards) == state
    assert GameState.from_yaml(state.to_yaml(), state.cards) == state
    # the YAML is the scenario's own shape: a scenario file made of it loads the same state
    # (a scenario with cards of its own needs them alongside)
    if "\ncards:" not in path.read_text():
        doc = {"name": "n", "state": yaml.safe_load(state.to_yaml()),
               "question": {"kind": "turn", "ask": "trace"}}
        assert parse_scenario(yaml.safe_dump(doc, sort_keys=False)).state == state


STATE = GameState.from_dict({"players": ["alice", "bob"],
                             "alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"],
                                       "library": {"hidden": 3}},
                             "bob": {"library": {"hidden": 3}}})


def test_a_decision_built_in_python_prints_a_line_that_reads_back():
    d = Decision("cast", "alice", ("Lightning Bolt",), targets=("bob",), paying=(("R", 1),))
    assert str(d) == "alice casts Lightning Bolt targeting bob paying {R}"
    assert Decision.parse(str(d), STATE) == d
    assert str(Decision("pass-until", until=Point.parse("bob's upkeep", STATE))) == \
        "all pass until bob's upkeep"


def test_a_multikicked_cast_round_trips_with_its_count():
    # CR 702.33c: '… kicked N times'; once is '… kicked' (kicks 0), none is not kicked at all
    state = GameState.from_dict({"players": ["alice", "bob"], "alice": {"hand": ["Everflowing Chalice"]}})
    d = Decision("cast", "alice", ("Everflowing Chalice",), announces="kicker", kicks=3)
    assert str(d) == "alice casts Everflowing Chalice kicked 3 times"
    assert Decision.parse(str(d), state) == d
    once = Decision("cast", "alice", ("Everflowing Chalice",), announces="kicker")
    assert Decision.parse("alice casts Everflowing Chalice kicked 1 time", state) == once
    assert str(once) == "alice casts Everflowing Chalice kicked"
    assert Decision.parse("alice casts Everflowing Chalice kicked 0 times", state) == \
        Decision("cast", "alice", ("Everflowing Chalice",))


def test_an_activation_announcing_x_round_trips():
    # CR 602.2b, 107.3a: '… announcing X as N' after the target, before 'paying'
    state = GameState.from_dict({"players": ["alice", "bob"], "alice": {"battlefield": ["Cinder Elemental"]}})
    d = Decision("activate", "alice", ("Cinder Elemental",), targets=("bob",), x=3, paying=(("G", 2),))
    assert str(d) == "alice activates Cinder Elemental targeting bob announcing X as 3 paying {G}{G}"
    assert Decision.parse(str(d), state) == d
    with pytest.raises(ScenarioError, match="announces only the value of X"):
        Decision.parse("alice activates Cinder Elemental targeting bob announcing {R/P} as 2 life", state)


def test_a_kicked_cast_announcing_x_round_trips():
    # CR 107.3a, 702.33a: X of a kicker cost is announced where the kicker is paid, in the words
    # the mana cost's X has ('… kicked announcing X as 2')
    state = GameState.from_dict({"players": ["alice", "bob"], "alice": {"hand": ["Verdeloth the Ancient"]}})
    d = Decision("cast", "alice", ("Verdeloth the Ancient",), announces="kicker", x=2)
    assert str(d) == "alice casts Verdeloth the Ancient kicked announcing X as 2"
    assert Decision.parse(str(d), state) == d
    zero = Decision("cast", "alice", ("Verdeloth the Ancient",), announces="kicker", x=0)
    assert Decision.parse(str(zero), state) == zero


def test_a_condition_built_in_python_prints_words_that_read_back():
    c = Condition("in_zone", ("Lightning Bolt", "graveyard"))
    assert str(c) == "Lightning Bolt is in its owner's graveyard"
    assert Condition.parse(str(c), STATE) == c


@pytest.mark.parametrize("text, field, fragment", [
    ("alice casts Lightning Blot targeting bob", "decision", "Did you mean 'Lightning Bolt'"),
    ("carol passes", "decision", "unknown player 'carol'"),
    ("alice dances", "decision", "is not a decision"),
])
def test_a_mistaken_line_names_the_value_and_what_was_expected(text, field, fragment):
    with pytest.raises(ScenarioError) as err:
        Decision.parse(text, STATE)
    assert err.value.location.file is None and err.value.location.field == field
    assert fragment in str(err.value) and "Expected" in str(err.value)


def test_a_state_from_python_is_checked_as_a_file_is():
    with pytest.raises(ScenarioError, match=r"field 'state.alice.life'.*from -1000000 to 1000000"):
        GameState.from_dict({"players": ["alice", "bob"], "alice": {"life": 10**9}})
    with pytest.raises(ScenarioError, match="at least two player names"):
        GameState.from_dict({"players": ["alice"]})


def test_a_state_with_effects_and_marked_permanents_round_trips():
    state = GameState.from_dict({
        "players": ["alice", "bob"], "step": "declare-blockers", "turn": 3, "priority": "bob",
        "alice": {"lands-played": 1, "mana-pool": "{G}{G}",
                  "battlefield": [{"card": "Grizzly Bears", "attacking": True, "damage": 1,
                                   "counters": {"+1/+1": 2}},
                                  {"card": "Serra Angel", "controller": "bob", "entered-this-turn": True}],
                  "hand": [{"card": "Forest", "count": 2}]},
        "effects": [{"from": "Explore", "controller": "alice"},
                    {"from": "Sky Boon", "controller": "alice", "do": "grant-ability",
                     "what": "Grizzly Bears", "ability": "flying"}]})
    assert GameState.from_yaml(state.to_yaml()) == state
    assert state.to_dict()["alice"]["hand"] == ["Forest", "Forest"]
    assert state.to_dict()["effects"][0] == {"from": "Explore", "controller": "alice"}


# -- the turn questions take lines ---------------------------------------------------------------

LINES = ["alice taps Mountain for mana", "alice casts Lightning Bolt targeting bob",
         "alice passes", "bob passes"]


def _plain(verdict: Verdict) -> dict:
    out = verdict.to_json()
    out["details"] = {k: v for k, v in out["details"].items() if k != "seconds"}
    return out


def test_what_happens_takes_lines_values_or_one_text_alike():
    values = [Decision.parse(line, STATE) for line in LINES]
    by_lines = what_happens(STATE, LINES)
    assert _plain(by_lines) == _plain(what_happens(STATE, values)) \
        == _plain(what_happens(STATE, "\n".join(LINES)))
    assert by_lines.outcome is TurnOutcome.NEEDS_DECISION
    assert isinstance(by_lines.witness, Trace)
    assert any(e.event.startswith("Lightning Bolt") for e in by_lines.witness)


def test_check_state_and_who_has_priority_take_strings():
    v = check_state(STATE, LINES, ["bob's life is 17", "Lightning Bolt is in the graveyard"])
    assert v.outcome is TurnOutcome.HOLDS
    assert v.details["conditions"] == {"bob's life is 17": True,
                                       "Lightning Bolt is in the graveyard": True}
    assert who_has_priority(STATE, LINES[:2]).details["priority"][-1]["player"] == "alice"


def test_is_there_a_way_takes_a_goal_and_a_point_as_strings():
    v = is_there_a_way(STATE, "alice", ["bob's life is 17"], by="main2")
    assert v.outcome is TurnOutcome.POSSIBLE
    assert [d.split(" (")[0] for d in v.details["decisions"][:2]] == [
        "alice taps Mountain for mana", "alice casts Lightning Bolt targeting bob"]


@pytest.mark.parametrize("call, fragment", [
    (lambda: what_happens(STATE, ["alice casts Lightning Blot"]), "field 'script[0]'"),
    (lambda: what_happens(STATE, [42]), "got a whole number"),
    (lambda: what_happens(STATE, LINES, until="lunch"), "is not a point of the turn"),
    (lambda: what_happens(STATE, 7), "expected a list of lines"),
    (lambda: what_happens("alice", LINES), "a game state is a GameState"),
    (lambda: check_state(STATE, LINES, []), "at least one condition"),
    (lambda: check_state(STATE, LINES, ["bob is sad"]), "field 'conditions[0]'"),
    (lambda: is_there_a_way(STATE, "carol", ["bob's life is 17"]), "unknown player 'carol'"),
    (lambda: is_there_a_way(STATE, "alice", ["bob's life is 17"], horizon=0), "from 1 to 200"),
    (lambda: what_happens(STATE, [Decision("cast", "alice", ("Nothing Here",))]), "Nothing Here"),
])
def test_a_mistake_given_to_a_turn_question_is_refused_in_words(call, fragment):
    with pytest.raises(MtgRulesError) as err:
        call()
    assert fragment in str(err.value)


def test_a_decision_from_python_keeps_its_words_in_the_trace():
    d = Decision("pass", "alice")
    v = what_happens(STATE, [d])
    assert "alice passes" in [e.event for e in v.witness]


# -- one Verdict type ----------------------------------------------------------------------------

@pytest.fixture(scope="module")
def library_verdicts():
    # one scenario of each kind, and each way a cost question is asked
    wanted = ["golden_explore_vs_turf_wound", "apnap_check_bob_first_leak",
              "seq_masticore_discard_before_untap", "seq_cruel_ultimatum_draw_before_return"]
    picked = [p for p in FILES if p.stem in wanted]
    for area in ("cost", "casting", "turn", "apnap", "combat", "shortcut"):
        picked += [p for p in FILES if p.parent.name == area][:3]
    picked += [p for p in FILES if p.parent.name == "cost"
               and "ask: total" in p.read_text()][:2]
    return [(p, check_scenario(load_scenario(p))) for p in picked]


def test_every_outcome_is_a_member_of_its_kinds_enum(library_verdicts):
    kinds = set()
    for path, v in library_verdicts:
        assert isinstance(v.outcome, OUTCOMES[v.query]), path
        kinds.add(v.query)
        for value in (v.witness, v.counterexample):
            assert value is None or isinstance(value, Witness), path
        json.dumps(v.to_json())   # plain JSON values only
    assert kinds == set(OUTCOMES)


def test_a_cost_total_is_an_outcome_with_its_total(library_verdicts):
    totals = [v for _, v in library_verdicts if v.outcome is CostOutcome.TOTAL]
    assert totals
    for v in totals:
        assert v.total and v.total.startswith("{") and v.to_json()["verdict"] == v.total == v.word
        assert v.witness.total == v.total


def test_a_verdict_refuses_an_outcome_of_another_kind_and_an_untyped_witness():
    with pytest.raises(ValueError, match="expected one of legal, illegal"):
        Verdict("cast", "stands", ())
    with pytest.raises(TypeError, match="typed value"):
        Verdict("cast", "legal", (), witness={"steps": []})
    with pytest.raises(ValueError, match="carries its value"):
        Verdict("cost", CostOutcome.TOTAL, ())


def test_the_json_output_of_check_is_unchanged_in_shape(library_verdicts):
    # the witness as JSON is the plain form the CLI printed before it was typed
    for _, v in library_verdicts:
        j = v.to_json()
        if v.query == "turn":
            assert isinstance(j["witness"], list) and {"t", "step", "event", "by", "priority",
                                                        "stack", "rules"} <= set(j["witness"][0])
        if v.query == "apnap" and v.counterexample is not None:
            assert set(j["counterexample"]) == {"learned", "misplaced"}
        if v.query == "sequencing" and v.counterexample is not None:
            assert set(j["counterexample"]) == {"violations", "closest_order", "run"}


# -- rich display --------------------------------------------------------------------------------

class _Cells(HTMLParser):
    """The text of every cell of an HTML fragment, failing on unbalanced tags."""

    def __init__(self) -> None:
        super().__init__()
        self.open: list[str] = []
        self.text: list[str] = []
        self.tags: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.open.append(tag)
        self.tags.add(tag)

    def handle_endtag(self, tag):
        assert self.open and self.open.pop() == tag, f"</{tag}> closes nothing"

    def handle_data(self, data):
        self.text.append(data)


def _parse(html: str) -> _Cells:
    cells = _Cells()
    cells.feed(html)
    cells.close()
    assert not cells.open, cells.open
    return cells


ODD = parse_scenario("""
name: a card whose name is markup
state:
  players: [alice, bob]
  alice: {hand: ["<b>Bolt & Co</b>"], battlefield: [Mountain], library: {hidden: 2}}
question: {kind: turn, ask: trace, script: [alice passes]}
cards:
  - {name: "<b>Bolt & Co</b>", cost: "{R}", types: [instant], targets: [any],
     resolve: [{do: damage, amount: 3, target: any}]}
""")


def test_a_state_shows_as_a_table_with_its_names_escaped():
    html = ODD.state._repr_html_()
    cells = _parse(html)
    text = " ".join(cells.text)
    assert "<b>" not in html.replace("<b>Bolt", "")   # only escaped
    assert "<b>Bolt & Co</b>" in text and "alice" in text and "Mountain" in text
    assert "2 hidden cards" in text and "table" in cells.tags


def test_a_trace_and_a_verdict_show_as_tables():
    v = check_scenario(ODD)
    trace_html = v.witness._repr_html_()
    text = " ".join(_parse(trace_html).text)
    assert "alice passes" in text and "main1" in text
    verdict_html = v._repr_html_()
    vtext = " ".join(_parse(verdict_html).text)
    assert str(v.outcome) in vtext and v.reasons[0] in vtext and "alice passes" in vtext


def test_a_verdict_of_every_kind_shows_its_witness_in_words(library_verdicts):
    for path, v in library_verdicts:
        text = " ".join(_parse(v._repr_html_()).text)
        assert v.word in text, path
        assert "holds(" not in text and "occurs(" not in text   # no raw solver atoms


def test_a_trace_event_is_a_value():
    e = TraceEvent(1, "main1", "alice passes", "player", "bob", 0)
    assert Trace((e,))[0] == e and len(Trace((e,))) == 1 and Trace((e,)).to_json()[0]["event"] == "alice passes"


# -- the public API documents itself ------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(api.__all__))
def test_every_public_name_has_a_docstring_with_an_example(name):
    obj = getattr(api, name)
    tests = doctest.DocTestFinder(recurse=False).find(obj, name)
    assert obj.__doc__ and sum(len(t.examples) for t in tests) >= 1, name


def test_the_readme_python_api_example_runs(capsys):
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme.split("\n## Python API\n", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("holds\n") and "alice casts Lightning Bolt targeting bob" in out
    assert "possible" in out


def test_a_misspelt_card_is_named_as_such_not_as_a_hidden_card():
    from mtgrules.model.errors import MtgRulesError
    from mtgrules.queries import check_cast
    from mtgrules.queries.cast import Casting

    state = GameState.from_dict({"players": ["alice", "bob"],
                                 "alice": {"hand": ["Lightning Bolt"], "battlefield": ["Mountain"]}})
    with pytest.raises(MtgRulesError, match="'Lightning Blot' names no object.*Lightning Bolt, Mountain"):
        check_cast(Casting("alice", "Lightning Blot", targets=("bob",)), state)
