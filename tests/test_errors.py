"""A broken scenario file gets one clear message — file, line, field, what was expected —
and exit status 2; never a traceback, never a verdict."""
from __future__ import annotations

import textwrap

import pytest
from click.testing import CliRunner

from mtgrules.queries.cli import main

GOOD = """\
name: ok
state:
  players: [alice, bob]
  alice: {lands-played: 1, hand: [Forest]}
question: {kind: golden, ask: play-land, player: alice}
"""

# (description, file text, fragments the message must contain)
BROKEN = [
    ("unknown card", GOOD.replace("hand: [Forest]", "hand: [Forrest]"),
     ["line 4", "alice.hand[0]", "unknown card 'Forrest'", "Did you mean 'Forest'?"]),
    ("unknown top-level field", GOOD + "expectt: {verdict: allowed}\n",
     ["line 6", "unknown field 'expectt'", "Did you mean 'expect'?"]),
    ("missing question", "name: x\nstate:\n  players: [alice, bob]\n",
     ["line 1", "'question' is missing"]),
    ("unknown edition", "edition: 2026-08-7\n" + GOOD,  # malformed (a later date: the edition in force)
     ["line 1", "field 'edition'", "Did you mean 2026-08-07?"]),
    ("unknown question kind", GOOD.replace("kind: golden", "kind: goldn"),
     ["line 5", "question.kind", "Did you mean 'golden'?"]),
    ("player not in the game", GOOD.replace("player: alice}", "player: carol}"),
     ["line 5", "question.player", "unknown player 'carol'"]),
    ("life is not a number", GOOD.replace("lands-played: 1", "lands-played: one"),
     ["line 4", "alice.lands-played", "a whole number"]),
    ("invalid YAML", GOOD.replace("players: [alice, bob]", "players: [alice, bob"),
     ["not valid YAML"]),
    ("unknown step", GOOD.replace("state:\n", "state:\n  step: main3\n"),
     ["line 3", "state.step", "unknown step 'main3'", "Did you mean 'main"]),
    ("only one player", GOOD.replace("[alice, bob]", "[alice]").replace("alice: {", "bob: {"),
     ["line 3", "state.players", "at least two"]),
    ("golden question missing a needed field", GOOD.replace("ask: play-land, player: alice",
                                                             "ask: discard, player: alice"),
     ["line 5", "'count' is missing"]),
    ("face-down choice from a public zone", textwrap.dedent("""\
        name: x
        state: {players: [alice, bob]}
        question:
          kind: apnap
          choices:
            - {id: a, player: alice, choose: x, face-down: true}
        """), ["line 6", "question.choices[0].face-down", "hidden zone"]),
    ("proposed order misses a choice", textwrap.dedent("""\
        name: x
        state: {players: [alice, bob]}
        question:
          kind: apnap
          choices:
            - {id: a, player: alice, choose: x}
            - {id: b, player: bob, choose: x}
          proposed: [a]
        """), ["line 8", "question.proposed", "missing: b"]),
    ("unknown instruction in a scenario card", GOOD + textwrap.dedent("""\
        cards:
          - name: Odd Card
            types: [sorcery]
            resolve: [{do: explode, who: you}]
        """), ["line 9", "cards[0].resolve[0].do", "unknown instruction 'explode'"]),
    ("absurd number of hidden cards", GOOD.replace("hand: [Forest]", "hand: {hidden: 1000000000}"),
     ["line 4", "alice.hand.hidden", "from 0 to 1000"]),
    ("duplicate field", GOOD.replace("name: ok\n", "name: ok\nname: again\n"),
     ["line 2", "given twice"]),
]


@pytest.mark.parametrize("text, fragments", [(t, f) for _, t, f in BROKEN],
                         ids=[d for d, _, _ in BROKEN])
def test_broken_scenario_gets_a_located_message_and_exit_2(tmp_path, text, fragments):
    path = tmp_path / "broken.yaml"
    path.write_text(text)
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2, result.output
    message = result.stderr if hasattr(result, "stderr") else result.output
    assert "Traceback" not in result.output + message
    assert str(path) in message.replace("\n", "")
    flat = " ".join(message.split())
    for fragment in fragments:
        assert fragment in flat, (fragment, flat)


def test_good_file_passes(tmp_path):
    path = tmp_path / "good.yaml"
    path.write_text(GOOD)
    assert CliRunner().invoke(main, ["check", str(path)]).exit_code == 0


def test_missing_file_is_bad_input(tmp_path):
    result = CliRunner().invoke(main, ["explain", str(tmp_path / "nope.yaml")])
    assert result.exit_code == 2
    assert "cannot read the file" in " ".join((result.stderr or result.output).split())


def test_unknown_edition_option_is_bad_input():
    result = CliRunner().invoke(main, ["check", "--edition", "1999-01-01"])
    assert result.exit_code == 2
