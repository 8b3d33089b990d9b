"""The rows ``mtgrules check`` prints as the scenarios are answered: a table whose columns are
measured before the first answer (or, narrower, a short paragraph per scenario), a progress bar
on a terminal, the summary after them, and Ctrl-C handled so that no row is printed twice."""
from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Literal

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from mtgrules.queries.kinds import KINDS
from mtgrules.queries.result import CheckResult

EXIT_INTERRUPTED = 130
"""The exit status of a run stopped by Ctrl-C (128 + SIGINT, as a shell reports it)."""


class Interrupts:
    """Ctrl-C during a check: the first one stops the run (``KeyboardInterrupt``), except while a
    row is being printed, which it waits for (an interrupt in the middle of a write would leave
    the row half printed, or printed twice); once the run is ``over``, interrupts are ignored
    while the summary is printed."""

    def __init__(self) -> None:
        self.caught = False
        """Whether an interrupt stopped the run."""
        self.over = False
        self.holding = False
        self.pending = False

    def __enter__(self) -> Interrupts:
        # a handler can only be set from the main thread; elsewhere Ctrl-C is Python's own
        self.installed = threading.current_thread() is threading.main_thread()
        if self.installed:
            self.previous = signal.signal(signal.SIGINT, self._on_interrupt)
        return self

    def __exit__(self, *exc: object) -> None:
        if self.installed:  # a handler set outside Python reads as None: Python's own is put back
            signal.signal(signal.SIGINT, self.previous or signal.default_int_handler)

    def _on_interrupt(self, signum: int, frame: object) -> None:
        if self.caught or self.over:
            return
        if self.holding:
            self.pending = True
            return
        self.caught = True
        raise KeyboardInterrupt

    @contextlib.contextmanager
    def deferred(self) -> Iterator[None]:
        """Hold an interrupt until the block is done."""
        self.holding = True
        try:
            yield
        finally:
            self.holding = False
        if self.pending and not self.caught:
            self.caught = True
            raise KeyboardInterrupt


TABLE_COLUMNS = ("scenario", "question", "verdict", "expected", "time", "rules")
GAP = "  "
"""Between two columns of the check table."""
TIME_WIDTH = 8
"""The time column: ``9999 ms``, then ``12.3 s`` (``_duration``)."""
INDENT = Text("    ")
"""How far the compact list indents a scenario's verdict and rules under its name."""


def _table(files: list[Path], width: int) -> dict[str, int] | None:
    """The width of every column of the check table, known before the first answer so that
    rows can be printed as they come: the scenario column as wide as the longest file name,
    question, verdict and expected as the longest words they can hold, time as its format, and
    the rules, last, the rest of ``width``. ``None`` when that leaves the rules narrower than the
    longest citation: then each scenario is a short paragraph (``Rows``)."""
    from mtgrules.queries.outcome import OUTCOMES

    verdict = max(len("verdict"), len("error"), *(len(str(o.value)) for kind in OUTCOMES.values()
                                                   for o in kind))
    widths = {"scenario": max(len("scenario"), *(cell_len(p.stem) for p in files)),
              "question": max(len("question"), *(len(k) for k in KINDS)),
              "verdict": verdict, "expected": verdict + len(" ✓"), "time": TIME_WIDTH}
    rules = width - sum(widths.values()) - len(GAP) * (len(TABLE_COLUMNS) - 1)
    if rules < max(len("rules"), _longest_citation()):
        return None
    return {**widths, "rules": rules}


def _longest_citation() -> int:
    """The length of the longest citation a verdict can give, in any edition."""
    from mtgrules.model.edition import rulebook

    return max(len(f"{r.document} {number}") for r in rulebook().values() for _, number in r.numbers)


class Rows:
    """A check's rows printed one by one as the results come: a table whose columns were
    measured before the first answer (``_table``), else, narrower, one short paragraph per
    scenario (name, then verdict and rules). A row that can't keep to its columns (a verdict or
    a citation longer than any the rules know) is printed as a paragraph: no word is split."""

    def __init__(self, console: Console, files: list[Path]) -> None:
        self.console = console
        self.widths = _table(files, console.width)

    def header(self) -> None:
        """The column names, when the rows are a table."""
        if self.widths:
            names = {c: Text(c, style="bold") for c in TABLE_COLUMNS}
            self._print(self._line(names, names["rules"]))

    def add(self, result: CheckResult) -> None:
        """Print one result's row."""
        row = _row(result)
        rules = _pack(row["citations"], self.widths["rules"]) if self.widths else []
        if self.widths and all(row[c].cell_len <= self.widths[c] for c in self.widths if c != "rules") \
                and all(len(line) <= self.widths["rules"] for line in rules):
            self._print(self._line(row, Text(rules[0] if rules else "")))
            blank = {c: Text("") for c in TABLE_COLUMNS}
            for line in rules[1:]:
                self._print(self._line(blank, Text(line)))
        else:
            self._paragraph(row)

    def _line(self, cells: dict[str, Any], rules: Text) -> Text:
        widths = self.widths
        assert widths is not None  # a table's line
        line = Text()
        for c in ("scenario", "question", "verdict", "expected", "time"):
            line.append_text(_pad(cells[c], widths[c], "right" if c == "time" else "left"))
            line.append(GAP)
        line.append_text(rules)
        line.rstrip()
        return line

    def _paragraph(self, row: dict[str, Any]) -> None:
        width = self.console.width
        self._print(Text.assemble(row["mark"] or "·", " ", row["scenario"]))
        detail = Text.assemble(row["question"], ": ", row["verdict"])
        if row["mismatch"]:
            detail.append(f", expected {row['mismatch']}", style="red")
        detail.append(f" · {row['time'].plain}")
        for line in [detail, *map(Text, _pack(row["citations"], width - len(INDENT)))]:
            self._print(INDENT + line)

    def _print(self, line: Text) -> None:
        self.console.print(line, highlight=False)


def _pad(text: Text, width: int, align: Literal["left", "right"] = "left") -> Text:
    padded = text.copy()
    padded.align(align, width)
    return padded


class Progress:
    """On a terminal, a progress bar under the rows: done of total and the file awaited next
    (the rows come in order, so the first one not answered yet). Elsewhere nothing: a file or
    a pipe gets the rows alone, with no control codes."""

    def __init__(self, console: Console, files: list[Path]) -> None:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        self.files = files
        self.bar = Progress(BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                            TextColumn("{task.fields[current]}"), console=console, transient=True) \
            if console.is_terminal else None
        self.task = self.bar.add_task("check", total=len(files), current=self._awaited(0)) \
            if self.bar else None

    def _awaited(self, done: int) -> str:
        return self.files[done].stem if done < len(self.files) else ""

    def update(self, done: int) -> None:
        """``done`` of the files are answered."""
        if self.bar is not None and self.task is not None:
            self.bar.update(self.task, completed=done, current=self._awaited(done))

    def __enter__(self) -> Progress:
        if self.bar is not None:
            self.bar.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.stop()


def summary(console: Console, results: list[CheckResult], total: int, skipped: list[Path],
             interrupted: bool) -> None:
    """The line after the rows: how many matched their expectation, how many had none or
    could not be checked, whether the run was interrupted and what the folders held that is
    not a scenario; then what differs in each mismatch."""
    expecting = [r for r in results if r.match is not None and not r.error]
    matched = sum(1 for r in expecting if r.match)
    errors = sum(1 for r in results if r.error)
    summary = f"interrupted after {len(results)} of {total} scenarios; " if interrupted else ""
    summary += f"{matched} of {len(expecting)} scenarios with an expectation match it"
    if len(expecting) < len(results) - errors:
        summary += (f"; {len(results) - errors - len(expecting)} have no expectation under the "
                    "edition they ran under (their verdicts are shown, not checked)")
    if errors:
        summary += f"; {errors} could not be checked (errors below)"
    if skipped:
        summary += f"; {skipped_words(skipped)}"
    console.print(Text(summary + "."), highlight=False)
    for r in results:
        if r.match is False and r.differs:
            console.print(Text(f"{Path(r.file).stem}: " + "; ".join(r.differs)), highlight=False)


SKIPPED_NAMED = 5
"""How many skipped files the summary names (the JSON lists them all)."""


def skipped_words(skipped: list[Path]) -> str:
    """The files a folder walk skipped, in words: how many, why, and the first few."""
    names = ", ".join(str(p) for p in skipped[:SKIPPED_NAMED])
    more = f" and {len(skipped) - SKIPPED_NAMED} more" if len(skipped) > SKIPPED_NAMED else ""
    return (f"skipped {len(skipped)} "
            f"{'file that is not a scenario' if len(skipped) == 1 else 'files that are not scenarios'}"
            f" (no top-level question, state or expect): {names}{more}")


def _row(r: CheckResult) -> dict[str, Any]:
    """One result's cells, as rich Text (plain strings for the citations)."""
    mark = {True: Text("✓", style="green"), False: Text("✗", style="red"), None: Text("")}[r.match]
    verdict = Text(r.word) if r.word else Text("error", style="red")
    expected = Text.assemble(r.expected or "", " " if r.expected and r.match is not None else "", mark)
    return {"scenario": Text(Path(r.file).stem), "question": Text(r.scenario.kind if r.scenario else "—"),
            "verdict": verdict, "expected": expected, "mark": mark,
            "mismatch": r.expected if r.match is False and r.word else None,
            "citations": [str(c) for c in r.verdict.citations] if r.verdict else [],
            "time": Text(_duration(r.seconds))}


def _duration(seconds: float) -> str:
    """A question's time in at most ``TIME_WIDTH`` characters: ``12 ms``, ``12.3 s``."""
    if seconds < 10:
        return f"{seconds * 1000:.0f} ms"
    return f"{seconds:.1f} s" if seconds < 1000 else f"{seconds:.0f} s"


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
