"""Reading a document: its text from a file, and where each field of it sits (file, line, field).

Every reader of ``model/read/`` refuses a mistake with these locations (DESIGN §7).
"""
from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from mtgrules.model.errors import Location, MtgRulesError, ScenarioError
from mtgrules.model.source import MAX_TEXT, Field


def read_text(path: str | Path) -> str:
    """The text of a file (UTF-8, at most ``MAX_TEXT`` bytes); a file that can't be read is
    refused with its name and why."""
    path = Path(path)
    try:
        if not path.exists():
            raise MtgRulesError(f"{path}: cannot read the file (no such file).")
        if not path.is_file():  # a folder, a named pipe or a device would hang or mislead
            raise MtgRulesError(f"{path}: cannot read the file: it is not a regular file "
                                "(expected a scenario .yaml file).")
        with path.open("rb") as handle:
            data = handle.read(MAX_TEXT + 1)
    except OSError as exc:
        raise MtgRulesError(f"{path}: cannot read the file ({exc.strerror}).") from None
    return decode(data, str(path))


def decode(data: bytes, file: str) -> str:
    """The text of a file: UTF-8, with or without a byte-order mark; anything else refused."""
    if len(data) > MAX_TEXT:
        raise ScenarioError(Location(file, None, ""), "the file is too large",
                            f"at most {MAX_TEXT} bytes in a scenario file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise ScenarioError(Location(file, line, ""), f"byte {exc.start} is not UTF-8 text",
                            "a file in UTF-8 (save it as UTF-8)") from None
    if "\x00" in text:
        raise ScenarioError(Location(file, text[:text.index("\x00")].count("\n") + 1, ""),
                            "the file holds a NUL character", "a text file in UTF-8")
    return text



def locate(lines: dict[str, int], file: str | None, path: str) -> Location:
    """A field's location: its line, or its nearest enclosing field's."""
    found = path
    while found and found not in lines:
        found = found[:max(found.rfind("."), found.rfind("["), 0)]
    return Location(file, lines.get(found), path)



@contextmanager
def located(node: Field) -> Iterator[None]:
    """A refusal raised while reading ``node`` names the file, the line and the field: its
    own field if the code refusing knew one, else ``node``."""
    try:
        yield
    except MtgRulesError as exc:
        if exc.location is None:
            raise exc.at(locate(field_lines(node), node.file, exc.field or node.path)) from None
        raise


def field_lines(node: Field, out: dict[str, int] | None = None) -> dict[str, int]:
    """Every field's line, by path."""
    out = {} if out is None else out
    if node.line is not None:
        out[node.path] = node.line
    if isinstance(node.value, dict):
        for _, child in node.items():
            field_lines(child, out)
    elif isinstance(node.value, list):
        for child in node.list():
            field_lines(child, out)
    return out

