"""The ``mtgrules`` command line."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich.console import Console
from rich.table import Table

from mtgrules.model.edition import EDITION_DATES, Edition
from mtgrules.model.errors import MtgRulesError
from mtgrules.queries import api
from mtgrules.queries.kinds import BACKENDS

_console = Console(width=None if sys.stdout.isatty() else 160)
_errors = Console(stderr=True)

EXIT_OK, EXIT_MISMATCH, EXIT_BAD_INPUT = 0, 1, 2


def _edition(value: str | None) -> Edition | None:
    if value is None:
        return None
    try:
        return Edition(value)
    except MtgRulesError as exc:
        raise click.BadParameter(str(exc), param_hint="--edition") from None


@click.group()
def main() -> None:
    """mtgrules: the rules of Magic: The Gathering, decided by clingo and z3."""


@main.command()
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--edition", help=f"Comprehensive Rules edition date (default: each scenario's own). "
              f"Known: {', '.join(EDITION_DATES)}.")
@click.option("--backend", type=click.Choice(BACKENDS), default="both", show_default=True,
              help="Which solver answers; 'both' also checks that ASP and SMT agree.")
@click.option("--json", "as_json", is_flag=True, help="Print results as JSON.")
def check(files: tuple[Path, ...], edition: str | None, backend: str, as_json: bool) -> None:
    """Check scenario FILES (default: the built-in library) and compare with expected verdicts."""
    results = api.check(files or None, _edition(edition), backend)
    if as_json:
        click.echo(json.dumps({"results": [r.to_json() for r in results]}, indent=2))
    else:
        _table(results)
    for r in results:
        if r.error:
            _errors.print(f"[bold red]error[/]: {r.error}", highlight=False, soft_wrap=True)
    if any(r.error for r in results):
        sys.exit(EXIT_BAD_INPUT)
    sys.exit(EXIT_MISMATCH if any(r.match is False for r in results) else EXIT_OK)


def _table(results: list[api.CheckResult]) -> None:
    table = Table(title="mtgrules check", show_lines=False)
    for col in ("scenario", "question", "verdict", "expected", "rules", "time"):
        table.add_column(col, overflow="fold")
    for r in results:
        mark = {True: "[green]✓[/]", False: "[red]✗[/]", None: ""}[r.match]
        name = Path(r.file).stem
        kind = r.scenario.kind if r.scenario else "—"
        verdict = r.verdict.outcome if r.verdict else "[red]error[/]"
        rules = ", ".join(str(c) for c in r.verdict.citations) if r.verdict else ""
        table.add_row(name, kind, verdict, f"{r.expected or ''} {mark}", rules,
                      f"{r.seconds * 1000:.0f} ms")
    _console.print(table)
    expecting = [r for r in results if r.match is not None and not r.error]
    matched = sum(1 for r in expecting if r.match)
    errors = sum(1 for r in results if r.error)
    summary = f"{matched} of {len(expecting)} scenarios with an expectation match it"
    if len(expecting) < len(results) - errors:
        summary += (f"; {len(results) - errors - len(expecting)} have no expectation under the "
                    "edition they ran under (their verdicts are shown, not checked)")
    if errors:
        summary += f"; {errors} could not be checked (errors below)"
    _console.print(summary + ".", highlight=False)
    for r in results:
        if r.match is False and r.differs:
            _console.print(f"{Path(r.file).stem}: " + "; ".join(r.differs), highlight=False)


@main.command()
@click.argument("file", type=click.Path(path_type=Path))
@click.option("--edition", help="Comprehensive Rules edition date (default: the scenario's own).")
@click.option("--backend", type=click.Choice(BACKENDS), default="both", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print the verdict as JSON.")
def explain(file: Path, edition: str | None, backend: str, as_json: bool) -> None:
    """Print one scenario's verdict in full: outcome, rules, reasons, witness."""
    result = api.check_file(file, _edition(edition), backend)
    if result.error:
        _errors.print(f"[bold red]error[/]: {result.error}", highlight=False, soft_wrap=True)
        sys.exit(EXIT_BAD_INPUT)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2))
        sys.exit(EXIT_OK)
    v, s = result.verdict, result.scenario
    assert v is not None and s is not None  # no error means both are there
    _console.print(f"[bold]{s.name}[/]  ({s.kind}, CR edition {v.edition}, backend {v.backend})")
    if s.source:
        _console.print(f"source: {s.source}", highlight=False)
    _console.print(f"verdict: [bold]{v.outcome}[/]" +
                   (f"   expected: {result.expected} ({'matches' if result.match else 'DOES NOT MATCH'})"
                    if result.expected else ""))
    for part in result.differs:
        _console.print(f"  differs: {part}", highlight=False)
    _console.print("rules: " + ", ".join(str(c) for c in v.citations), highlight=False)
    for reason in v.reasons:
        _console.print(f"  • {reason}", highlight=False)
    if v.witness:
        _console.print("witness: " + json.dumps(v.witness, default=str), highlight=False)
    if v.counterexample:
        _console.print("counterexample: " + json.dumps(v.counterexample, default=str), highlight=False)
    for key, value in (v.details or {}).items():
        _console.print(f"{key}: {json.dumps(value, default=str)}", highlight=False)
    sys.exit(EXIT_MISMATCH if result.match is False else EXIT_OK)


@main.command()
@click.option("--from", "old", required=True, help="The earlier edition date.")
@click.option("--to", "new", required=True, help="The later edition date.")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True,
              help="Worker processes for the (scenario, edition) pairs.")
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
        _errors.print(f"[bold red]error[/]: {exc}", highlight=False, soft_wrap=True)
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
                table.add_row(Path(r.file).stem, _cell(r.old.verdict, r.old.expected),
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
            _errors.print(f"[bold red]error[/]: {r.error}", highlight=False, soft_wrap=True)
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
        _errors.print(f"[bold red]error[/]: --section '{section}': expected a chapter (5), a "
                      "section (509) or a rule (509.3).", highlight=False)
        sys.exit(EXIT_BAD_INPUT)
    try:
        diff = diff_files(old_file, new_file)
    except MtgRulesError as exc:
        _errors.print(f"[bold red]error[/]: {exc}", highlight=False, soft_wrap=True)
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
@click.option("--jobs", type=click.IntRange(1, 64), default=1, show_default=True)
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
        _errors.print(f"[bold red]error[/]: {exc}", highlight=False, soft_wrap=True)
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
        _errors.print(f"[bold red]error[/]: {exc}", highlight=False, soft_wrap=True)
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


if __name__ == "__main__":  # pragma: no cover
    main()
