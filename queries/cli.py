"""The ``mtgrules`` command line."""
from __future__ import annotations

import json
import os
import sys
import textwrap
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from mtgrules import __version__
from mtgrules.model.edition import EDITION_DATES, Edition
from mtgrules.model.errors import MtgRulesError
from mtgrules.queries import api
from mtgrules.queries.kinds import BACKENDS, KINDS

PIPED_WIDTH = 160
"""The width printed at when the output is not a terminal and ``COLUMNS`` is not set."""


def _width() -> int | None:
    """The width to print at: ``COLUMNS`` when set (a terminal's or a pipe's), else the
    terminal's own (``None``: rich measures it), else ``PIPED_WIDTH``."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    return None if sys.stdout.isatty() else PIPED_WIDTH


_console = Console(width=_width())


def _out() -> Console:
    """A console for standard output at the width asked for now (``_width``)."""
    return Console(width=_width())


_errors = Console(stderr=True)


def _error(message: object) -> None:
    """One error on standard error. The message is shown as written: text from a user's file
    (names, values, brackets) is never read as console markup."""
    if isinstance(message, MtgRulesError):
        message = message.located()
    _errors.print(Text.assemble(("error", "bold red"), f": {message}"), highlight=False, soft_wrap=True)

EXIT_OK, EXIT_MISMATCH, EXIT_BAD_INPUT = 0, 1, 2


def _edition(value: str | None) -> Edition | None:
    if value is None:
        return None
    try:
        return Edition(value)
    except MtgRulesError as exc:
        raise click.BadParameter(str(exc), param_hint="--edition") from None


JOBS_HELP = ("Worker processes answering the scenarios, each replaced every few questions "
             "(clingo keeps every symbol it makes for a process's life: a long run in one would slow down).")


@click.group()
@click.version_option(__version__, prog_name="mtgrules")
def main() -> None:
    """mtgrules: the rules of Magic: The Gathering, decided by clingo and z3."""


@main.command()
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--edition", help=f"Comprehensive Rules edition date (default: each scenario's own). "
              f"Known: {', '.join(EDITION_DATES)}.")
@click.option("--backend", type=click.Choice(BACKENDS), default="both", show_default=True,
              help="Which solver answers; 'both' also checks that ASP and SMT agree.")
@click.option("--json", "as_json", is_flag=True, help="Print results as JSON.")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True, help=JOBS_HELP)
def check(files: tuple[Path, ...], edition: str | None, backend: str, as_json: bool, jobs: int) -> None:
    """Check scenario FILES or folders of them, subfolders included (default: the built-in
    library), and compare with expected verdicts."""
    results = api.check(files or None, _edition(edition), backend, workers=jobs)
    if not results:
        _error("no scenario files (*.yaml, *.yml) in " + ", ".join(str(f) for f in files))
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(json.dumps({"results": [r.to_json() for r in results]}, indent=2))
    else:
        _table(results)
    for r in results:
        if r.error:
            _error(r.error)
    if any(r.error for r in results):
        sys.exit(EXIT_BAD_INPUT)
    sys.exit(EXIT_MISMATCH if any(r.match is False for r in results) else EXIT_OK)


TABLE_COLUMNS = ("scenario", "question", "verdict", "expected", "rules", "time")
INDENT = Text("    ")
"""How far the compact list indents a scenario's verdict and rules under its name."""


def _table(results: list[api.CheckResult]) -> None:
    """The results as a table when it fits the width without splitting a word, else as a
    compact list (one scenario per paragraph)."""
    console = _out()
    width = console.width
    rows = [_row(r) for r in results]
    fixed = [c for c in TABLE_COLUMNS if c != "rules"]
    widths = {c: max([len(c), *(row[c].cell_len for row in rows)]) for c in fixed}
    longest_rule = max([len("rules"), *(len(c) for row in rows for c in row["citations"])])
    # a box: a border and one space of padding either side of every column
    room = width - sum(widths.values()) - 3 * len(TABLE_COLUMNS) - 1
    rules_width = min(room, max([longest_rule, *(len(", ".join(row["citations"])) for row in rows)]))
    if room >= longest_rule:
        table = Table(title="mtgrules check")
        for col in TABLE_COLUMNS:
            if col == "rules":
                table.add_column(col, width=rules_width, no_wrap=True)
            else:
                table.add_column(col, min_width=widths[col], no_wrap=True)
        for row in rows:
            table.add_row(*(Text("\n".join(_pack(row["citations"], rules_width))) if c == "rules"
                            else row[c] for c in TABLE_COLUMNS))
        console.print(table)
    else:
        for row in rows:
            console.print(Text.assemble(row["mark"] or "·", " ", row["scenario"]))
            detail = Text.assemble(row["question"], ": ", row["verdict"])
            if row["mismatch"]:
                detail.append(f", expected {row['mismatch']}", style="red")
            detail.append(f" · {row['time'].plain}")
            for line in [detail, *map(Text, _pack(row["citations"], width - len(INDENT)))]:
                console.print(INDENT + line)
    expecting = [r for r in results if r.match is not None and not r.error]
    matched = sum(1 for r in expecting if r.match)
    errors = sum(1 for r in results if r.error)
    summary = f"{matched} of {len(expecting)} scenarios with an expectation match it"
    if len(expecting) < len(results) - errors:
        summary += (f"; {len(results) - errors - len(expecting)} have no expectation under the "
                    "edition they ran under (their verdicts are shown, not checked)")
    if errors:
        summary += f"; {errors} could not be checked (errors below)"
    console.print(summary + ".", highlight=False)
    for r in results:
        if r.match is False and r.differs:
            console.print(Text(f"{Path(r.file).stem}: " + "; ".join(r.differs)), highlight=False)


def _row(r: api.CheckResult) -> dict:
    """One result's cells, as rich Text (plain strings for the citations)."""
    mark = {True: Text("✓", style="green"), False: Text("✗", style="red"), None: Text("")}[r.match]
    verdict = Text(r.verdict.outcome) if r.verdict else Text("error", style="red")
    expected = Text.assemble(r.expected or "", " " if r.expected and r.match is not None else "", mark)
    return {"scenario": Text(Path(r.file).stem), "question": Text(r.scenario.kind if r.scenario else "—"),
            "verdict": verdict, "expected": expected, "mark": mark,
            "mismatch": r.expected if r.match is False and r.verdict else None,
            "citations": [str(c) for c in r.verdict.citations] if r.verdict else [],
            "time": Text(f"{r.seconds * 1000:.0f} ms")}


def _pack(items: list[str], width: int) -> list[str]:
    """Comma-separated items on lines of at most ``width`` characters, never splitting one
    (a line holds at least one item, however long)."""
    lines: list[str] = []
    for n, item in enumerate(items):
        comma = 1 if n < len(items) - 1 else 0  # every item but the last is followed by one
        if lines and len(lines[-1]) + len(", ") + len(item) + comma <= width:
            lines[-1] += ", " + item
        else:
            if lines:
                lines[-1] += ","
            lines.append(item)
    return lines


@main.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--edition", help="Comprehensive Rules edition date (default: the scenario's own).")
@click.option("--backend", type=click.Choice(BACKENDS), default="both", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
def explain(file: Path, edition: str | None, backend: str, as_json: bool) -> None:
    """Print one scenario's verdict in full: outcome, rules, reasons, witness."""
    result = api.check_file(file, _edition(edition), backend)
    if result.error:
        _error(result.error)
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2))
        sys.exit(EXIT_OK)
    v, s = result.verdict, result.scenario
    assert v is not None and s is not None  # no error means both are there
    # Text, not markup: names, sources and reasons carry the user's own words
    _console.print(Text.assemble((s.name, "bold"), f"  ({s.kind}, CR edition {v.edition}, backend {v.backend})"))
    if s.source:
        _console.print(Text(f"source: {s.source}"), highlight=False)
    _console.print(Text.assemble("verdict: ", (str(v.outcome), "bold"),
                                 f"   expected: {result.expected} ({'matches' if result.match else 'DOES NOT MATCH'})"
                                 if result.expected else ""))
    for part in result.differs:
        _console.print(Text(f"  differs: {part}"), highlight=False)
    _console.print(Text("rules: " + ", ".join(str(c) for c in v.citations)), highlight=False)
    for reason in v.reasons:
        _console.print(Text(f"  • {reason}"), highlight=False)
    if v.witness:
        _console.print(Text("witness: " + json.dumps(v.witness, default=str)), highlight=False)
    if v.counterexample:
        _console.print(Text("counterexample: " + json.dumps(v.counterexample, default=str)), highlight=False)
    for key, value in (v.details or {}).items():
        _console.print(Text(f"{key}: {json.dumps(value, default=str)}"), highlight=False)
    sys.exit(EXIT_MISMATCH if result.match is False else EXIT_OK)


@main.command()
@click.option("--from", "old", required=True, help="The earlier edition date.")
@click.option("--to", "new", required=True, help="The later edition date.")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True, help=JOBS_HELP)
@click.option("--backend", type=click.Choice(BACKENDS), default="both", show_default=True)
@click.option("--all", "show_all", is_flag=True, help="Also list scenarios whose verdict stays.")
@click.option("--json", "as_json", is_flag=True)
def regress(old: str, new: str, files: tuple[Path, ...], jobs: int, backend: str, show_all: bool,
            as_json: bool) -> None:
    """Run scenarios FILES (default: the built-in library) under two editions: the verdicts that
    change and the rules whose edition range made the change. Exit 1 on an unexpected change."""
    from mtgrules.queries.regression import regress as run

    try:
        old_edition, new_edition = Edition(old), Edition(new)
    except MtgRulesError as exc:
        _error(exc)
        sys.exit(EXIT_BAD_INPUT)
    rows = run(old_edition, new_edition, files or None, jobs, backend)
    if as_json:
        click.echo(json.dumps({"from": old, "to": new, "results": [r.to_json() for r in rows]},
                              indent=2))
    else:
        table = Table(title=f"verdicts under {old} and {new}")
        for col in ("scenario", old, new, "status", "rules whose edition range changed it"):
            table.add_column(col, overflow="fold")
        for r in rows:
            if show_all or r.status != "same":
                style = {"unexpected": "bold red", "error": "red", "expected-change": "yellow"}
                table.add_row(Text(Path(r.file).stem), _cell(r.old.verdict, r.old.expected),
                              _cell(r.new.verdict, r.new.expected), r.status,
                              ", ".join(r.responsible) or ("no rule's edition range differs"
                                                           if r.changed else ""),
                              style=style.get(r.status, ""))
        _console.print(table)
        count = {s: sum(r.status == s for r in rows)
                 for s in ("same", "expected-change", "unexpected", "error")}
        _console.print(f"{len(rows)} scenarios: " + ", ".join(f"{n} {s}" for s, n in count.items()),
                       highlight=False)
    for r in rows:
        if r.error:
            _error(r.error)
    if any(r.error for r in rows):
        sys.exit(EXIT_BAD_INPUT)
    sys.exit(EXIT_MISMATCH if any(r.status == "unexpected" for r in rows) else EXIT_OK)


def _cell(verdict: str | None, expected: str | None) -> str:
    if verdict is None:
        return "error"
    if expected is None:
        return verdict
    return verdict + (" ✓" if expected == verdict else f" (expected {expected})")


@main.command("cr-diff")
@click.argument("old_file", type=click.Path(path_type=Path))
@click.argument("new_file", type=click.Path(path_type=Path))
@click.option("--section", help="Only rules of this chapter (5), section (509) or rule (509.3).")
@click.option("--json", "as_json", is_flag=True)
def cr_diff(old_file: Path, new_file: Path, section: str | None, as_json: bool) -> None:
    """Every rule of two Comprehensive Rules files, aligned by text, and the encoded rules and
    scenarios the changes touch. Exit 1 when a rule the encodings cite changed."""
    from mtgrules.queries.crdiff import cr_diff as diff_files
    from mtgrules.queries.crdiff import print_diff

    if section is not None and not section.replace(".", "").isalnum():
        _error(f"--section '{section}': expected a chapter (5), a section (509) or a rule (509.3).")
        sys.exit(EXIT_BAD_INPUT)
    try:
        diff = diff_files(old_file, new_file)
    except MtgRulesError as exc:
        _error(exc)
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(json.dumps(diff.to_json(section), indent=2))
    else:
        print_diff(diff, _console, section)
    sys.exit(EXIT_MISMATCH if diff.affected else EXIT_OK)


@main.command()
@click.argument("cr_file", required=False, type=click.Path(path_type=Path))
@click.option("--edition", help="Edition date (default: the CR file's, else the newest).")
@click.option("--static", is_flag=True, help="Only the citations written in scenario files; "
              "don't run the library to see which rules its verdicts cite.")
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True, help=JOBS_HELP)
@click.option("--json", "as_json", is_flag=True)
def coverage(cr_file: Path | None, edition: str | None, static: bool, jobs: int,
             as_json: bool) -> None:
    """Which rules of an edition the encodings implement, which scenarios exercise each, and
    (given the edition's CR_FILE) which sections nothing models."""
    from mtgrules.queries.coverage import coverage as measure
    from mtgrules.queries.coverage import print_coverage

    try:
        result = measure(cr_file, Edition(edition) if edition else None, not static, jobs)
    except MtgRulesError as exc:
        _error(exc)
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2))
    else:
        print_coverage(result, _console)


@main.command("rules-diff")
@click.argument("old_file", type=click.Path(path_type=Path))
@click.argument("new_file", type=click.Path(path_type=Path))
@click.option("--all", "show_all", is_flag=True, help="Also list unchanged rules.")
@click.option("--json", "as_json", is_flag=True)
def rules_diff(old_file: Path, new_file: Path, show_all: bool, as_json: bool) -> None:
    """Which encoded rules' text changed between two Comprehensive Rules files."""
    from mtgrules.queries.regression import rules_text_diff

    try:
        old_date, new_date, changes = rules_text_diff(old_file, new_file)
    except MtgRulesError as exc:
        _error(exc)
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(json.dumps({"old": old_date, "new": new_date,
                               "rules": [c.__dict__ for c in changes]}, indent=2))
        return
    table = Table(title=f"encoded rules: {old_date} → {new_date}")
    for col in ("rule", old_date, new_date, "text"):
        table.add_column(col)
    for c in changes:
        if show_all or c.status != "unchanged":
            table.add_row(c.key, c.old_number or "—", c.new_number or "—", c.status)
    _console.print(table)
    counts = {s: sum(c.status == s for c in changes) for s in
              ("changed", "added", "removed", "missing", "unchanged")}
    _console.print(", ".join(f"{n} {s}" for s, n in counts.items()))


@main.command()
@click.argument("name", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the cards' entries as JSON.")
def cards(name: str | None, as_json: bool) -> None:
    """The card library: every card (name, cost, types, power/toughness), or the cards
    matching NAME (exactly, else by part of the name) in full, as a card file writes them."""
    from mtgrules.queries.catalogue import card_entries, find_cards

    try:
        found = find_cards(name) if name else card_entries()
    except MtgRulesError as exc:
        _error(exc)
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(json.dumps({"cards": [c.to_json() for c in found]}, indent=2))
    elif name:
        for card in found:
            _out().print(f"# {card.file}", highlight=False)
            click.echo(card.to_yaml())
    else:
        table = Table(title=f"{len(found)} cards in the library")
        for col in ("card", "cost", "types", "P/T"):
            table.add_column(col, no_wrap=col in ("cost", "P/T"))
        for card in found:
            table.add_row(card.name, card.cost, card.types, card.power_toughness)
        _out().print(table, highlight=False)
        _out().print("mtgrules cards NAME shows a card's instructions.", highlight=False)


@main.command()
@click.option("--json", "as_json", is_flag=True)
def editions(as_json: bool) -> None:
    """The Comprehensive Rules editions the project knows, oldest first, and how the encoded
    rules stand in each (in force, renumbered since the edition before, starting or stopping)."""
    from mtgrules.queries.catalogue import edition_summaries

    rows = edition_summaries()
    if as_json:
        click.echo(json.dumps({"editions": [r.to_json() for r in rows]}, indent=2))
        return
    width = _out().width
    table = Table(title="Comprehensive Rules editions and the encoded rules in each")
    for col in ("edition", "in force", "renumbered", "start holding", "stop holding"):
        table.add_column(col, justify="left" if col == "edition" else "right")
    for r in rows:
        table.add_row(r.date, str(r.in_force), str(r.renumbered), str(len(r.starts)), str(len(r.stops)))
    _out().print(table, highlight=False)
    for r in rows:
        for what, keys in (("start holding", r.starts), ("stop holding", r.stops)):
            if keys:
                _echo_wrapped(f"{r.date}, {what}: " + ", ".join(keys), width)


@main.command()
@click.argument("query", required=False, metavar="[KEY|NUMBER]")
@click.option("--json", "as_json", is_flag=True)
def rules(query: str | None, as_json: bool) -> None:
    """The encoded rules: every key with its newest number, or the rules with KEY or NUMBER
    (in any edition) in full: the number in every edition, the paraphrase, the files that
    encode it and the built-in scenarios that cite it."""
    from mtgrules.model.edition import rulebook
    from mtgrules.queries.catalogue import find_rules, rule_entry

    try:
        found = find_rules(query) if query else list(rulebook().values())
    except MtgRulesError as exc:
        _error(exc)
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(json.dumps({"rules": [rule_entry(r).to_json() for r in found]}, indent=2))
        return
    width = _out().width
    if not query:
        newest = Edition.newest()
        table = Table(title=f"{len(found)} encoded rules (numbers of {newest})")
        for col in ("rule", "key", "holds"):
            table.add_column(col)
        for r in found:
            span = ("since " + r.since if r.since and r.since != EDITION_DATES[0] else "") + \
                   (" until " + r.until if r.until else "")
            table.add_row(str(r.cite(newest)) if r.holds_in(newest) else f"({r.document} "
                          f"{r.number_in(newest)})", r.key, span.strip() or "all")
        _out().print(table, highlight=False)
        _out().print("mtgrules rules KEY|NUMBER shows one in full.", highlight=False)
        return
    for r in found:
        entry = rule_entry(r)
        _echo_wrapped(f"{r.key}: {r.paraphrase}", width, indent="")
        spans: list[tuple[str, str, str | None]] = []  # (first edition, last edition, number)
        for date, number in entry.numbers:
            if spans and spans[-1][2] == number:
                spans[-1] = (spans[-1][0], date, number)
            else:
                spans.append((date, date, number))
        for first, last, number in spans:
            when = first if first == last else f"{first} … {last}"
            _out().print(f"  {r.document + ' ' + number if number else 'does not hold':<16} {when}",
                           highlight=False)
        _echo_wrapped("  encoded in: " + (", ".join(entry.encoded_in) or "no file names it"), width)
        _echo_wrapped("  cited by: " + (", ".join(entry.scenarios) or "no built-in scenario"), width)


def _echo_wrapped(text: str, width: int, indent: str = "    ") -> None:
    """Plain text wrapped at spaces to ``width``, continuation lines indented; a name longer
    than a line stays whole."""
    click.echo("\n".join(textwrap.wrap(text, width, subsequent_indent=indent, break_long_words=False,
                                       break_on_hyphens=False)))


@main.command()
@click.argument("kind", type=click.Choice(["scenario", "card"]), default="scenario")
def schema(kind: str) -> None:
    """The JSON Schema of scenario files (default) or card files, generated from the vocabulary;
    save it and point an editor at it (see the README)."""
    from mtgrules.model.schema import card_file_schema
    from mtgrules.queries.kinds import scenario_file_schema

    click.echo(json.dumps(scenario_file_schema() if kind == "scenario" else card_file_schema(),
                          indent=2, ensure_ascii=False))


@main.command()
def vocabulary() -> None:
    """Every word scenario and card files may use (verbs, parameters and their values, who,
    triggers, steps, zones, question kinds), as Markdown: the README's vocabulary reference."""
    from mtgrules.queries.reference import vocabulary_reference

    click.echo(vocabulary_reference(), nl=False)


@main.command()
@click.argument("kind", type=click.Choice(sorted(KINDS)))
def new(kind: str) -> None:
    """A commented scenario skeleton for a question KIND, to fill in:
    mtgrules new golden > my.yaml."""
    from mtgrules.queries.catalogue import template

    click.echo(template(kind), nl=False)


if __name__ == "__main__":  # pragma: no cover
    main()
