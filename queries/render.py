"""Verdicts in the scenario's own words, for the terminal (``mtgrules explain``).

Everything here reads a verdict as ``Verdict.to_json()`` gives it (the same data ``explain
--json`` prints) and words it: a ``turn`` trace as a numbered table of its events (the step and
whose turn, who has priority after each, what is on the stack, life totals where they change)
and the state it ends in, laid out as a scenario's ``state`` is; the orders, payments and runs
of the other kinds as lines. Nothing is decided here.

>>> data = {"query": "cost", "verdict": "unpayable", "citations": ["CR 601.2h"], "reasons": [],
...         "witness": None, "counterexample": {"short": ["B"], "why": ["black is short"]},
...         "details": {"locked": "{1}{B}{B}"}}
>>> print("\\n".join(plain(verdict_body(data))))
rules: CR 601.2h
counterexample:
  short of: {B}
  why: black is short
locked total cost: {1}{B}{B}
"""
from __future__ import annotations

import io
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

from rich.console import Console, RenderableType
from rich.text import Text

from mtgrules.encodings.game.words import plural
from mtgrules.model.display import html_table

if TYPE_CHECKING:
    from mtgrules.queries.verdict import Verdict
    from mtgrules.queries.witness import Witness

HIDDEN_ID = re.compile(r"[^:\s]+:(?:library|hand|graveyard|battlefield|stack|exile|command):\d+")
"""The id of a card the scenario leaves unnamed (``{hidden: N}``): ``alice:library:7``."""
ZONE_ORDER = ("hand", "library", "graveyard", "battlefield", "exile", "command")
"""A player's zones in the order the final state lists them (hand and library always)."""
COLOURS = {"W": "{W}", "U": "{U}", "B": "{B}", "R": "{R}", "G": "{G}", "C": "{C}"}


@dataclass(frozen=True)
class Context:
    """What the scenario says beyond the verdict, to word it: the players in turn order, where
    the game starts, and the words of an APNAP question's choice ids."""

    players: tuple[str, ...] = ()
    active: str = ""
    """The active player of the scenario's state."""
    life: Mapping[str, int] = field(default_factory=dict)
    """Each player's life total in the scenario's state."""
    labels: Mapping[str, str] = field(default_factory=dict)
    """Choice id → the choice in words (``bob: chooses a creature to sacrifice``)."""


def context_of(scenario: Any) -> Context:
    """The context of a loaded scenario (``load_scenario``), or an empty one."""
    if scenario is None:
        return Context()
    state = scenario.state
    problem = getattr(scenario.question, "problem", None)
    labels = {c.id: str(c) for c in problem.choices} if problem is not None else {}
    return Context(players=tuple(state.names), active=state.active,
                   life={p.name: p.life for p in state.players}, labels=labels)


# -- small words --------------------------------------------------------------------------

def ordinal(n: int) -> str:
    """``1st``, ``2nd``, ``11th``."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def is_unnamed(object_id: str) -> bool:
    """Whether an object id is a card the scenario leaves unnamed (``alice:library:7``)."""
    return HIDDEN_ID.fullmatch(object_id) is not None


def objects_words(ids: Iterable[str], notes: Mapping[str, str] | None = None) -> str:
    """Objects by name, unnamed cards counted rather than listed by id: ``Forest, Island (tapped),
    2 unnamed cards``; ``empty`` for none."""
    ids = list(ids)
    named = [i + (f" ({notes[i]})" if notes and notes.get(i) else "") for i in ids if not is_unnamed(i)]
    unnamed = sum(1 for i in ids if is_unnamed(i))
    parts = named + ([plural(unnamed, "unnamed card")] if unnamed else [])
    return ", ".join(parts) or "empty"


def mana_word(code: str) -> str:
    """A cost's code as mana: a colour's letter as its symbol (``B`` → ``{B}``), ``generic:2``
    as ``{2}``; words stay words."""
    if code in COLOURS:
        return COLOURS[code]
    if code.startswith("generic:"):
        return "{" + code.split(":", 1)[1] + "}"
    return code


def _plain(value: Any) -> str:
    """Any JSON value as a line of words: lists joined by ``; ``, mappings as ``key: value``."""
    if isinstance(value, list):
        return "; ".join(_plain(v) for v in value) or "none"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_plain(v)}" for k, v in value.items()) or "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


def _numbered(items: Sequence[str], indent: str = "  ") -> list[Text]:
    return [Text(f"{indent}{n}. {item}") for n, item in enumerate(items, 1)]


def _line(label: str, value: str, indent: str = "  ") -> Text:
    return Text(f"{indent}{label}: {value}")


# -- the page ---------------------------------------------------------------------------------

def explain_page(result: Any) -> list[RenderableType]:
    """The whole ``explain`` page of a checked scenario (``api.check_file``'s result): the
    scenario, the verdict against the expectation, then ``verdict_body`` (for an expected
    refusal, the refusal's message)."""
    s = result.scenario
    data = result.verdict.to_json() if result.verdict else {"verdict": result.word}
    edition = data.get("edition") or result.edition or s.edition
    backend = f", backend {data['backend']}" if result.verdict else ""
    out: list[RenderableType] = [Text.assemble((s.name, "bold"), f"  ({s.kind}, CR edition {edition}{backend})")]
    if s.source:
        out.append(Text(f"source: {s.source}"))
    expected = (f"   expected: {result.expected} ({'matches' if result.match else 'DOES NOT MATCH'})"
                if result.expected else "")
    out.append(Text.assemble("verdict: ", (str(data["verdict"]), "bold"), expected))
    out += [Text(f"  differs: {part}") for part in result.differs]
    if result.verdict is None:
        return out + [Text(f"  • {result.refusal}")]
    return out + verdict_body(data, context_of(s))


def verdict_body(data: Mapping[str, Any], context: Context | None = None) -> list[RenderableType]:
    """A verdict (``Verdict.to_json()``) in words: the rules, the reasons, the witness or
    counterexample and the details, each in its kind's terms."""
    context = context or Context()
    out: list[RenderableType] = [Text("rules: " + (", ".join(data.get("citations") or ()) or "none"))]
    out += [Text(f"  • {reason}") for reason in data.get("reasons") or ()]
    kind = data.get("query")
    details = dict(data.get("details") or {})
    if kind in ("turn", "shortcut"):
        return out + _turn(data, details, context)
    words = WITNESS_WORDS.get(str(kind), _generic)
    for part in ("witness", "counterexample"):
        value = data.get(part)
        if value:
            out.append(Text(f"{part}:"))
            out += words(part, value, context)
    return out + _details(str(kind), details, context)


def plain(renderables: Sequence[RenderableType], width: int = 100) -> list[str]:
    """Renderables as plain lines of text (no colours), ``width`` characters wide."""
    console = Console(width=width, no_color=True, highlight=False, file=io.StringIO())
    for r in renderables:
        console.print(r)
    return [line.rstrip() for line in console.file.getvalue().splitlines()]  # type: ignore[attr-defined]


# -- the kinds' witnesses ------------------------------------------------------------------------

def _generic(part: str, value: Any, context: Context) -> list[Text]:
    """A witness of a shape this module does not know: its fields, one a line."""
    if isinstance(value, dict):
        return [_line(str(k).replace("_", " "), _plain(v)) for k, v in value.items()]
    return [Text("  " + _plain(value))]


def _golden(part: str, value: Any, context: Context) -> list[Text]:
    out = [_line("effects involved", ", ".join(value["effects"]))] if value.get("effects") else []
    if value.get("amount") is not None:
        out.append(_line("amount carried out", str(value["amount"])))
    return out


def _choice(context: Context, cid: str, quoted: bool = False) -> str:
    """An APNAP choice in words, with its id (which ``proposed:`` and ``caused-by:`` use)."""
    label = context.labels.get(cid)
    if not label:
        return cid
    return f"'{label}' [{cid}]" if quoted else f"{label} [{cid}]"


def _apnap(part: str, value: Any, context: Context) -> list[Text]:
    out: list[Text] = []
    if "order" in value:
        knows = value.get("knows") or {}
        out.append(Text("  the order of choosing, and what each chooser knows:"))
        for n, cid in enumerate(value["order"], 1):
            known = ", ".join(_choice(context, k) for k in knows.get(cid) or ()) or "no earlier choice"
            out.append(Text(f"    {n}. {_choice(context, cid)} — knows: {known}"))
    if "proposed" in value:
        out.append(Text("  proposed order:"))
        out += _numbered([_choice(context, c) for c in value["proposed"]], "    ")
        out.append(Text("  correct order:"))
        out += _numbered([_choice(context, c) for c in value.get("correct_order") or ()], "    ")
    for learned in value.get("learned") or ():
        out.append(Text(f"  {learned['chooser']} knew {_choice(context, learned['knew'], True)} when "
                        f"making {_choice(context, learned['choice'], True)}"))
    for misplaced in value.get("misplaced") or ():
        out.append(Text(f"  {_choice(context, misplaced['choice'], True)} was made after "
                        f"{_choice(context, misplaced['made_after'], True)}, which the rules make later"))
    return out


def _built(stages: Sequence[Mapping[str, Any]]) -> str:
    """How a total cost was built: ``{1}{B} (mana cost) → {B} (reduction: Thunderscape Familiar)``."""
    return " → ".join(f"{s['mana']} ({s['by'] if s['stage'] == 'base' else s['stage'] + ': ' + s['by']})"
                      for s in stages)


def _payment(value: Mapping[str, Any], indent: str = "  ") -> list[Text]:
    """A payment of a total cost, part by part (the parts it has)."""
    out = [_line("total", str(value.get("total")), indent)]
    for key, label in (("before_payment", "before paying"), ("activate", "mana abilities activated"),
                       ("spend", "mana spent"), ("sacrifice", "sacrificed"), ("cards", "cards used")):
        if value.get(key):
            out.append(_line(label, "; ".join(value[key]), indent))
    if value.get("life"):
        out.append(_line("life paid", str(value["life"]), indent))
    if value.get("announced"):
        out.append(_line("announced", ", ".join(mana_word(a) for a in value["announced"]), indent))
    if value.get("steps"):
        out.append(_line("built", _built(value["steps"]), indent))
    return out


def _cost(part: str, value: Any, context: Context) -> list[Text]:
    if "short" in value:
        short = [mana_word(s) for s in value["short"] if not s.startswith("cant-")]
        out = [_line("short of", ", ".join(short))] if short else []
        return out + [_line("why", w) for w in value.get("why") or ()]
    if "spend" in value:
        return _payment(value)
    out = [_line("total cost", str(value.get("total")))]
    if value.get("steps"):
        out.append(_line("built", _built(value["steps"])))
    if value.get("life"):
        out.append(_line("life", str(value["life"])))
    if value.get("other"):
        out.append(_line("also", "; ".join(value["other"])))
    if value.get("announced"):
        out.append(_line("announced", ", ".join(mana_word(a) for a in value["announced"])))
    return out


def _cast_step(step: Mapping[str, Any]) -> Text:
    detail = step.get("detail")
    words = "; ".join(detail) if isinstance(detail, list) else detail
    text = f"    {step['step']}  {step['what']}" + (f": {words}" if words else "")
    if step.get("built"):
        text += f" ({_built(step['built'])})"
    return Text(text)


def _cast(part: str, value: Any, context: Context) -> list[Text]:
    if "failed_step" in value:
        out = [_line(f"fails at {value['failed_step']}", str(value.get("why")))]
        if value.get("completed"):
            out.append(Text("  the steps done before:"))
            out += [_cast_step(s) for s in value["completed"]]
        rewound = dict(value.get("rewound_to") or {})
        if rewound:
            player = rewound.pop("player", "")
            out.append(Text(f"  the game returns to the moment before the cast began (CR 733.1), {player}:"))
            for key, v in rewound.items():
                out.append(_line(key.replace("-", " "), objects_words(v) if isinstance(v, list)
                                 else str(v), "    "))
        return out
    # the payment is the detail of its steps (CR 601.2f–h): the steps say it all
    return [Text("  casting, step by step:")] + [_cast_step(s) for s in value.get("steps") or ()]


def _sequencing(part: str, value: Any, context: Context) -> list[Text]:
    # the conditions violated, and why, are the verdict's reasons: not said twice
    out: list[Text] = []
    order = value.get("order") or value.get("closest_order") or ()
    if order:
        out.append(Text("  the lines in the correct order:" if "order" in value
                        else "  the lines in the closest correct order:"))
        out += _numbered(order, "    ")
    if value.get("run"):
        out.append(Text("  the correct run, event by event:"))
        out += _numbered(value["run"], "    ")
    return out


WITNESS_WORDS = {"golden": _golden, "apnap": _apnap, "cost": _cost, "cast": _cast,
                 "sequencing": _sequencing}


# -- details ----------------------------------------------------------------------------------

def _details(kind: str, details: dict[str, Any], context: Context) -> list[Text]:
    out: list[Text] = []
    if kind == "apnap":
        orders = details.pop("orders", None)
        if orders and len(orders) > 1:
            out.append(Text(f"the {len(orders)} correct orders:"))
            out += [Text(f"  {n}. " + "; ".join(_choice(context, c) for c in order))
                    for n, order in enumerate(orders, 1)]
        missing = details.pop("missing_rules", None)
        if missing:
            out.append(Text("rules the edition lacks: " + ", ".join(missing)))
    if kind == "cast":
        if details.pop("rewound", None):
            out.append(Text("the cast is undone (CR 733.1)"))
        details.pop("completed", None)  # the witness's or counterexample's steps
        failed = details.pop("failed", None)
        if failed:
            out.append(Text("failed: " + ", ".join(failed)))
    if kind == "cost":
        locked = details.pop("locked", None)
        if locked:
            out.append(Text(f"locked total cost: {locked}"))
        later = details.pop("would_be_after_events", None)
        if later:
            out.append(Text(f"after the events the scenario lists it would be: {later}"))
        value = details.pop("mana_value", None)
        if value is not None:
            out.append(Text(f"mana value: {value}"))
    if kind == "sequencing":
        out += _sequencing_details(details)
    for key, value in details.items():
        out.append(Text(f"{str(key).replace('_', ' ')}: {_plain(value)}"))
    return out


def _sequencing_details(details: dict[str, Any]) -> list[Text]:
    out: list[Text] = []
    failed = details.pop("failed", None)
    out.append(Text("failed conditions (MTR 4.3): " + (", ".join(failed) if failed else "none")))
    performed = details.pop("performed", None)
    if performed:
        out.append(Text("the lines as performed:"))
        out += _numbered(performed)
    windows = details.pop("priority_windows", None)
    if windows:
        out.append(Text("priority windows inside the block (an opponent may ask for the actions "
                        "in order):"))
        out += [Text(f"  {w['description']} ({w['rule']})") for w in windows]
    for key, label in (("added", "lines no action of the correct run answers"),
                       ("forgotten", "what the correct run does that no line says")):
        items = details.pop(key, None)
        if items:
            out.append(Text(f"{label}:"))
            out += [Text(f"  {item}") for item in items]
    engine = details.pop("engine", None)
    if engine:
        out.append(Text(f"judged by: the {engine}" if not str(engine).startswith("the ")
                        else f"judged by: {engine}"))
    return out


# -- turn: the trace and the final state ---------------------------------------------------------

def _turn(data: Mapping[str, Any], details: dict[str, Any], context: Context) -> list[RenderableType]:
    # (imported here: trace_render draws with this module's Context and words)
    from mtgrules.queries.trace_render import TraceView, final_state, priority_runs
    out: list[RenderableType] = []
    expansion = details.pop("expansion", None)
    if expansion is not None:
        mtr = details.pop("mtr edition", "")
        out.append(Text(f"the shortcut played out (MTR edition {mtr}), "
                        f"{plural(len(expansion), 'decision')}; ⟨implied⟩: nobody said it, "
                        "the shortcut's rule did:"))
        out += [Text(f"  {i:>3}. {row['line']}" + ("  ⟨implied⟩" if row["implied"] else ""))
                for i, row in enumerate(expansion, start=1)]
    conditions = details.pop("conditions", None)
    if conditions:
        out.append(Text("the conditions at the end:"))
        out += [Text(f"  {'✓' if held else '✗'} {text}") for text, held in conditions.items()]
    decisions = details.pop("decisions", None)
    if decisions is not None:
        out.append(Text("the decisions found: " + ("; ".join(decisions) or "passing only")))
    trace = data.get("witness") or []
    after = details.pop("after each event", None) or []
    if trace:
        out.append(Text(f"the trace, {plural(len(trace), 'event')}:"))
        out.append(TraceView(trace, after, context))
    if data.get("counterexample"):
        out.append(Text("counterexample:"))
        counter = data["counterexample"]
        if isinstance(counter, dict) and "horizon" in counter:
            out.append(Text(f"  every sequence of decisions ends within {counter['horizon']} events"))
        else:
            out += _generic("counterexample", counter, context)
    priority = details.pop("priority", None)
    if priority:
        out.append(Text("who receives priority: " + priority_runs(priority)))
    final = details.pop("final state", None)
    if final:
        out += final_state(final, trace, after, context)
    seconds = details.pop("seconds", None)
    if isinstance(seconds, dict):
        out.append(Text(f"time: grounding {seconds.get('ground', 0):.3f} s, solving "
                        f"{seconds.get('solve', 0):.3f} s"))
    out += [Text(f"{key}: {_plain(value)}") for key, value in details.items()]
    return out


def verdict_html(verdict: Verdict) -> str:
    """The verdict as a small table, for notebooks: outcome, rules, reasons, and the
    witness or counterexample in its own table."""
    head = (f"<p><b>{escape(verdict.word)}</b> <small>({escape(verdict.query)}, CR edition "
            f"{escape(verdict.edition or '?')}, backend {escape(verdict.backend or '?')})</small></p>")
    rows = [("rules", ", ".join(str(c) for c in verdict.citations) or "—")]
    rows += [("reason", r) for r in verdict.reasons]
    body = html_table(("", ""), rows, header=False)
    for name, value in (("witness", verdict.witness), ("counterexample", verdict.counterexample)):
        if value is not None:
            body += f"<p>{name}:</p>" + witness_html(value)
    return f"<div class=\"mtgrules-verdict\">{head}{body}</div>"


def witness_html(value: Witness) -> str:
    """A witness or counterexample as HTML: a trace as its table, anything else as a table
    of its fields in its plain (JSON) form."""
    html = getattr(value, "_repr_html_", None)
    if callable(html):
        return str(html())
    plain = value.to_json()
    rows = ([(k, _plain_text(v)) for k, v in plain.items()] if isinstance(plain, dict)
            else [("", _plain_text(plain))])
    return html_table(("", ""), rows, header=False)


def _plain_text(value: Any) -> str:
    if isinstance(value, list):
        return "; ".join(_plain_text(v) for v in value) or "—"
    if isinstance(value, dict):
        return "; ".join(f"{k}: {_plain_text(v)}" for k, v in value.items()) or "—"
    return "—" if value is None else str(value)
