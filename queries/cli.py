"""The ``mtgrules`` command line."""
from __future__ import annotations

import json
import os
import sys
import textwrap
import warnings
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich.console import Console
from rich.table import Table
from rich.text import Text

from mtgrules import __version__
from mtgrules.encodings.asp import cores as asp_cores
from mtgrules.model.edition import EDITION_DATES, Edition, EditionInForce
from mtgrules.model.errors import MtgRulesError
from mtgrules.queries import api, batch, check_rows
from mtgrules.queries.kinds import BACKENDS, KINDS
from mtgrules.queries.result import CheckResult

if TYPE_CHECKING:
    from mtgrules.encodings import Budget

PIPED_WIDTH = 160
"""The width printed at when the output is not a terminal and ``COLUMNS`` is not set."""


def _width() -> int | None:
    """The width to print at: ``COLUMNS`` when set (a terminal's or a pipe's), else the
    terminal's own (``None``: rich measures it), else ``PIPED_WIDTH``."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    return None if sys.stdout.isatty() else PIPED_WIDTH


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


def _edition(value: str | None, option: str = "--edition") -> Edition | None:
    """The edition an option names: a known edition's date, or any later date for the edition
    in force on it (said on standard error as a note); a bad date is a usage error."""
    if value is None:
        return None
    try:
        return Edition(value)
    except MtgRulesError as exc:
        raise click.BadParameter(str(exc), param_hint=option) from None


def _show_warning(message: Warning | str, category: type[Warning], filename: str, lineno: int,
                  file: object = None, line: str | None = None) -> None:
    """Warnings on standard error; the note of an edition chosen by date as a plain line
    ("note: 2010-01-01: the rules in force were the 2009-10-01 edition")."""
    if issubclass(category, EditionInForce):
        click.echo(f"note: {message}", err=True)
    else:
        click.echo(warnings.formatwarning(message, category, filename, lineno, line), err=True,
                   nl=False)


BUDGET_KEYS = {"atoms": ("ground_atoms", 1, 10**9), "conflicts": ("conflicts", 1, 2**31 - 1),
               "rlimit": ("rlimit", 1, 2**32 - 1), "seconds": ("seconds", 0.001, 86_400)}
"""The keys of ``--budget``: the field of ``Budget`` each sets and the values it takes (what
clingo and z3 hold, and a day at most for the wall-clock guard)."""


def _budget(_ctx: click.Context, _param: click.Parameter, value: str | None) -> Budget | None:
    """``--budget N`` (ground atoms) or ``--budget atoms=N,conflicts=N,rlimit=N,seconds=S``
    (any of them; the others keep the default's): the budget of every question of the run."""
    if value is None:
        return None
    from mtgrules.encodings import Budget

    expected = ("a number of ground atoms, or KEY=N pairs separated by commas, the keys among "
                + ", ".join(BUDGET_KEYS))
    fields: dict[str, float] = {}
    for part in value.split(","):
        key, eq, number = part.strip().rpartition("=")
        key = key.strip() if eq else "atoms"
        if key not in BUDGET_KEYS or key in {k for k, f in BUDGET_KEYS.items() if f[0] in fields}:
            raise click.BadParameter(f"'{part.strip()}': expected {expected}, each key once")
        name, low, high = BUDGET_KEYS[key]
        try:
            amount = float(number) if key == "seconds" else int(number.strip().replace("_", ""))
        except ValueError:
            amount = None
        if amount is None or not low <= amount <= high or amount != amount:
            raise click.BadParameter(f"'{part.strip()}': {key} is a "
                                     f"{'number of seconds' if key == 'seconds' else 'whole number'}"
                                     f" from {low:g} to {high:,}")
        fields[name] = amount
    return Budget(**fields)  # type: ignore[arg-type]


JOBS_HELP = ("Worker processes answering the scenarios (default: one per core of this machine), each "
             "replaced every few questions (clingo keeps every symbol it makes for a process's life: a "
             "long run in one would slow down).")


@click.group()
@click.version_option(__version__, prog_name="mtgrules")
@click.option("--budget", callback=_budget, metavar="N|KEY=N,…",
              help="The solver budget of every question: N ground atoms, or any of "
                   "atoms=N, conflicts=N, rlimit=N (z3), seconds=S (the wall-clock guard), "
                   "e.g. --budget atoms=700000,conflicts=40000000. Default: "
                   "atoms=350000,conflicts=20000000,rlimit=50000000,seconds=300.")
def main(budget: Budget | None) -> None:
    """mtgrules: the rules of Magic: The Gathering, decided by clingo and z3."""
    ctx = click.get_current_context()
    shown, warnings.showwarning = warnings.showwarning, _show_warning
    ctx.call_on_close(lambda: setattr(warnings, "showwarning", shown))
    if budget is not None:
        from mtgrules.encodings import set_default_budget

        # the process's budget (worker processes inherit it), put back when the command ends
        previous = set_default_budget(budget)
        ctx.call_on_close(lambda: set_default_budget(previous))


@main.command()
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--edition", help=f"Comprehensive Rules edition date (default: each scenario's own). "
              f"Known: {', '.join(EDITION_DATES)}.")
@click.option("--backend", type=click.Choice(BACKENDS), default="both", show_default=True,
              help="Which solver answers; 'both' also checks that ASP and SMT agree.")
@click.option("--json", "as_json", is_flag=True, help="Print results as JSON.")
@click.option("--jobs", type=click.IntRange(1, 64), default=asp_cores, help=JOBS_HELP)
def check(files: tuple[Path, ...], edition: str | None, backend: str, as_json: bool, jobs: int) -> None:
    """Check scenario FILES or folders of them, subfolders included (default: the built-in
    library), and compare with expected verdicts. Rows are printed as the scenarios are
    answered, in order; Ctrl-C stops the run and prints what finished (exit 130). A folder's
    YAML files that are not scenarios are skipped; a file named is always read as one."""
    try:
        run = batch.check_run(files or None, _edition(edition), backend, workers=jobs)
    except KeyboardInterrupt:
        sys.exit(check_rows.EXIT_INTERRUPTED)
    if not run.files:
        _error("no scenario files (*.yaml, *.yml) in " + ", ".join(str(f) for f in files)
               + (f"; {check_rows.skipped_words(run.skipped)}" if run.skipped else ""))
        sys.exit(EXIT_BAD_INPUT)
    with check_rows.Interrupts() as interrupts:  # from here on, Ctrl-C ends the run, not the command
        results = _stream(run, as_json, interrupts)
        if as_json:
            click.echo(json.dumps({"results": [r.to_json() for r in results],
                                   "total": len(run.files), "skipped": [str(p) for p in run.skipped],
                                   "interrupted": interrupts.caught}, indent=2))
        else:
            check_rows.summary(_out(), results, len(run.files), run.skipped, interrupts.caught)
        for r in results:
            if r.error:
                _error(r.error)
        if interrupts.caught:
            sys.exit(check_rows.EXIT_INTERRUPTED)
        if any(r.error for r in results):
            sys.exit(EXIT_BAD_INPUT)
        sys.exit(EXIT_MISMATCH if any(r.match is False for r in results) else EXIT_OK)


def _stream(run: batch.CheckRun, as_json: bool, interrupts: check_rows.Interrupts) -> list[CheckResult]:
    """The run's results, each row printed as it comes (not for ``--json``), with a progress
    bar on a terminal; the results finished when Ctrl-C stopped it, its workers ended."""
    results: list[CheckResult] = []
    # the bar shares the rows' console; with --json, standard error's (the JSON comes at the end)
    console = _errors if as_json else _out()
    printed = None if as_json else check_rows.Rows(console, run.files)
    with run, check_rows.Progress(console, run.files) as progress:
        try:
            if printed:
                printed.header()
            for result in run:
                with interrupts.deferred():  # a row is printed whole, and once
                    results.append(result)
                    if printed:
                        printed.add(result)
                    progress.update(len(results))
        except KeyboardInterrupt:
            interrupts.caught = True
        finally:
            interrupts.over = True
    return results


@main.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--edition", help="Comprehensive Rules edition date (default: the scenario's own).")
@click.option("--backend", type=click.Choice(BACKENDS), default="both", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
@click.option("--svg", "as_svg", is_flag=True,
              help="Print a turn question's trace as an SVG timeline (mtgrules explain --svg FILE > trace.svg).")
def explain(file: Path, edition: str | None, backend: str, as_json: bool, as_svg: bool) -> None:
    """Print one scenario's verdict in full, in the scenario's words: outcome, rules, reasons,
    the witness or counterexample (a turn question's trace as a table, and the state it ends
    in), the details."""
    from mtgrules.queries.render import explain_page
    from mtgrules.queries.svg import NoTrace, draw_trace

    if as_json and as_svg:
        _error("--json and --svg: give one of them")
        sys.exit(EXIT_BAD_INPUT)
    result = api.check_file(file, _edition(edition), backend)
    if result.error:
        _error(result.error)
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
        sys.exit(EXIT_OK)
    assert result.scenario is not None  # no error: it loaded
    if as_svg:
        if result.verdict is None:
            _error(f"{file}: --svg draws a turn question's trace: the question is refused, as the scenario expects")
            sys.exit(EXIT_BAD_INPUT)
        try:
            drawing = draw_trace(result.verdict, context=result.scenario)
        except NoTrace as exc:
            _error(f"{file}: --svg draws a turn question's trace: {exc}")
            sys.exit(EXIT_BAD_INPUT)
        click.echo(drawing.svg)
        sys.exit(EXIT_OK)
    console = _out()
    # Text, not markup: names, sources and reasons carry the user's own words
    for part in explain_page(result):
        console.print(part, highlight=False)
    sys.exit(EXIT_MISMATCH if result.match is False else EXIT_OK)


@main.command()
@click.option("--from", "old", required=True, help="The earlier edition date.")
@click.option("--to", "new", required=True, help="The later edition date.")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--jobs", type=click.IntRange(1, 64), default=asp_cores, help=JOBS_HELP)
@click.option("--backend", type=click.Choice(BACKENDS), default="both", show_default=True)
@click.option("--all", "show_all", is_flag=True, help="Also list scenarios whose verdict stays.")
@click.option("--json", "as_json", is_flag=True)
def regress(old: str, new: str, files: tuple[Path, ...], jobs: int, backend: str, show_all: bool,
            as_json: bool) -> None:
    """Run scenarios FILES (default: the built-in library) under two editions: the verdicts that
    change and the rules whose edition range made the change. Exit 1 on an unexpected change."""
    from mtgrules.regression.regress import regress as run

    try:
        old_edition, new_edition = Edition(old), Edition(new)
    except MtgRulesError as exc:
        _error(exc)
        sys.exit(EXIT_BAD_INPUT)
    if old_edition > new_edition:
        _error(f"--from {old} is later than --to {new}: expected the earlier edition in --from "
               f"and the later in --to (--from {new} --to {old})")
        sys.exit(EXIT_BAD_INPUT)
    old, new = old_edition.date, new_edition.date  # a date given names the edition in force on it
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
        _out().print(table)
        count = {s: sum(r.status == s for r in rows)
                 for s in ("same", "expected-change", "unexpected", "error")}
        _out().print(f"{len(rows)} scenarios: " + ", ".join(f"{n} {s}" for s, n in count.items()),
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
    from mtgrules.regression.crdiff import cr_diff as diff_files
    from mtgrules.regression.crdiff import print_diff

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
        print_diff(diff, _out(), section)
    # with --section, only the encoded rules cited in it decide (nothing changed there: 0)
    sys.exit(EXIT_MISMATCH if diff.affected_in(section) else EXIT_OK)


@main.command()
@click.argument("cr_file", required=False, type=click.Path(path_type=Path))
@click.option("--edition", help="Edition date (default: the CR file's, else the newest).")
@click.option("--static", is_flag=True, help="Only the citations written in scenario files; "
              "don't run the library to see which rules its verdicts cite.")
@click.option("--jobs", type=click.IntRange(1, 64), default=asp_cores, help=JOBS_HELP)
@click.option("--json", "as_json", is_flag=True)
def coverage(cr_file: Path | None, edition: str | None, static: bool, jobs: int,
             as_json: bool) -> None:
    """Which rules of an edition the encodings implement, which scenarios exercise each, and
    (given the edition's CR_FILE) which sections nothing models."""
    from mtgrules.regression.coverage import coverage as measure
    from mtgrules.regression.coverage import print_coverage

    try:
        result = measure(cr_file, Edition(edition) if edition else None, not static, jobs)
    except MtgRulesError as exc:
        _error(exc)
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2))
    else:
        print_coverage(result, _out())


@main.command("rules-diff")
@click.argument("old_file", type=click.Path(path_type=Path))
@click.argument("new_file", type=click.Path(path_type=Path))
@click.option("--all", "show_all", is_flag=True, help="Also list unchanged rules.")
@click.option("--json", "as_json", is_flag=True)
def rules_diff(old_file: Path, new_file: Path, show_all: bool, as_json: bool) -> None:
    """Which encoded rules' text changed between two Comprehensive Rules files."""
    from mtgrules.regression.regress import rules_text_diff

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
    _out().print(table)
    counts = {s: sum(c.status == s for c in changes) for s in
              ("changed", "added", "removed", "missing", "unchanged")}
    _out().print(", ".join(f"{n} {s}" for s, n in counts.items()))


@main.command()
@click.argument("name", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the cards' entries as JSON.")
def cards(name: str | None, as_json: bool) -> None:
    """The card library: every card (name, cost, types, power/toughness), or the cards
    matching NAME (exactly, else by part of the name) in full, as a card file writes them."""
    from mtgrules.queries.catalogue import card_entries, cards_listing, find_cards

    try:
        found = find_cards(name) if name else card_entries()
    except MtgRulesError as exc:
        _error(exc)
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(json.dumps(cards_listing(name), indent=2))  # the HTTP API's /cards too
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
    from mtgrules.queries.catalogue import edition_summaries, editions_listing

    rows = edition_summaries()
    if as_json:
        click.echo(json.dumps(editions_listing(), indent=2))  # the HTTP API's /editions too
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
    from mtgrules.queries.rule_lookup import find_rules, rule_entry, rules_listing

    try:
        found = find_rules(query) if query else list(rulebook().values())
    except MtgRulesError as exc:
        _error(exc)
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(json.dumps(rules_listing(query), indent=2))  # the HTTP API's /rules too
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
    from mtgrules.regression.crdiff import CR_DIR_VARIABLE, cr_folder, printed_rule

    try:
        folder = cr_folder()
        printed = [printed_rule(r, folder) if folder else None for r in found]
    except MtgRulesError as exc:
        _error(exc)
        sys.exit(EXIT_BAD_INPUT)
    for r, text in zip(found, printed):
        entry = rule_entry(r)
        _echo_wrapped(f"{r.key}: {r.paraphrase}", width, indent="")
        if text is not None:  # the rule's own words, beside the project's paraphrase
            _echo_wrapped(f"  {r.document} {text.number} as the {text.edition} edition prints it: "
                          f"{text.text}", width)
        elif folder is not None and r.document == "CR":
            _echo_wrapped(f"  (no file in {CR_DIR_VARIABLE} prints it: cr-<date>.txt for an "
                          "edition in which it holds)", width)
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
    if folder is None:
        _echo_wrapped(f"The paraphrases are the project's. To see the rules' own text beside them, "
                      f"set {CR_DIR_VARIABLE} to a folder of Comprehensive Rules files named "
                      "cr-<edition date>.txt (e.g. cr-2026-08-07.txt).", width, indent="")


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


def _is_terminal() -> bool:
    """Whether standard output is a terminal (output meant for a person, not a file)."""
    return sys.stdout.isatty()


@main.command()
def vocabulary() -> None:
    """Every word scenario and card files may use (verbs, parameters and their values, who,
    triggers, steps, zones, question kinds): the README's vocabulary reference, rendered on a
    terminal, as Markdown when piped (mtgrules vocabulary > vocabulary.md)."""
    from mtgrules.queries.reference import vocabulary_reference

    if _is_terminal():  # rendered for a terminal; piped or redirected: the Markdown itself
        from rich.markdown import Markdown

        _out().print(Markdown(vocabulary_reference()))
    else:
        click.echo(vocabulary_reference(), nl=False)


@main.command()
@click.argument("kind", type=click.Choice(sorted(KINDS)))
def new(kind: str) -> None:
    """A commented scenario skeleton for a question KIND, to fill in:
    mtgrules new golden > my.yaml."""
    from mtgrules.queries.catalogue import template

    click.echo(template(kind), nl=False)


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (0.0.0.0: every interface of the machine).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True)
@click.option("--workers", type=click.IntRange(1, 64), default=2, show_default=True,
              help="Worker processes answering questions (each replaced every few questions).")
def serve(host: str, port: int, workers: int) -> None:
    """Serve the model as an HTTP JSON API: POST a scenario to /check or /explain; GET /cards,
    /editions, /rules; /openapi.json describes it all (/docs shows it). Needs the serve extra:
    pip install 'mtgrules[serve]'."""
    try:
        from mtgrules.queries.server import serve as run
    except ImportError as exc:  # the framework is an extra, not a dependency of the model
        _error(f"mtgrules serve needs FastAPI and uvicorn, the serve extra ({exc}): "
               "pip install 'mtgrules[serve]'")
        sys.exit(EXIT_BAD_INPUT)
    run(host, port, workers)


if __name__ == "__main__":  # pragma: no cover
    main()
