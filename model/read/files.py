"""Finding scenario files: which YAML files of a folder are meant as scenarios."""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import NamedTuple

import yaml

from mtgrules.model.source import MAX_TEXT

SCENARIO_SUFFIXES = (".yaml", ".yml")
"""The file names a folder's scenario files end with."""


SCENARIO_MARKS = ("question", "state", "expect")
"""The top-level keys only a scenario has: a YAML file found in a folder is taken for a scenario
when its top level is a mapping holding one of them (or a misspelling of one)."""


def is_scenario_text(text: str) -> bool:
    """Whether a YAML document is meant as a scenario: its top level is a mapping with a key of
    ``SCENARIO_MARKS``, or one close to it (``questoin:``) so that a misspelt scenario is still
    loaded and its mistake reported. A CI workflow, a docker-compose file or a card list is not.
    Only the top-level keys are read, from the parser's events (nothing is built, no alias
    expanded: the text is untrusted); a document the parser gives up on is judged by the keys
    read before the mistake, else by its lines starting with a mark."""
    try:
        for key in _top_level_keys(text):
            if _is_mark(key):
                return True
        return False
    except yaml.YAMLError:
        return any(re.match(rf"({'|'.join(SCENARIO_MARKS)})\s*:", line) for line in text.splitlines())


def is_scenario_file(path: str | Path) -> bool:
    """Whether the YAML file at ``path`` is meant as a scenario (``is_scenario_text``); a file
    that can't be read is not. Used alike by ``mtgrules check``'s folder walk and the pytest
    plugin. A YAML name that is not a regular file (a pipe, a device) counts: opening it here
    could block, and the loader reports it as an error row."""
    if not Path(path).is_file():
        return True
    try:
        with Path(path).open("rb") as handle:
            data = handle.read(MAX_TEXT + 1)
    except OSError:
        return False
    # a scenario in another encoding is still one: the loader says what is wrong with it
    return is_scenario_text(data.decode("utf-8-sig", errors="replace"))


def _is_mark(key: str) -> bool:
    return bool(difflib.get_close_matches(key.lower(), SCENARIO_MARKS, n=1, cutoff=0.8))


def _top_level_keys(text: str) -> Iterator[str]:
    """The keys of a document's top-level mapping, one by one as the parser reaches them
    (none when the top level is not a mapping; a key that is not text is skipped)."""
    events = yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    for event in events:
        if isinstance(event, (yaml.StreamStartEvent, yaml.DocumentStartEvent)):
            continue
        if not isinstance(event, yaml.MappingStartEvent):
            return
        break
    else:
        return
    depth, is_key = 0, True  # depth below the top-level mapping; a key or a value next
    for event in events:
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            continue
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            if depth == 0:  # the top-level mapping's end
                return
            depth -= 1
            if depth == 0:
                is_key = not is_key
            continue
        if depth == 0:  # a scalar or an alias in the top-level mapping
            if is_key and isinstance(event, yaml.ScalarEvent):
                yield event.value
            is_key = not is_key


class ScenarioFiles(NamedTuple):
    """The files a run answers, and the YAML files of its folders that are not scenarios."""

    files: list[Path]
    skipped: list[Path]


def find_scenario_files(paths: Iterable[str | Path]) -> ScenarioFiles:
    """The scenario files ``paths`` name: a file as given (always taken for a scenario), a
    folder for every ``*.yaml`` and ``*.yml`` file under it that is one (``is_scenario_file``),
    subfolders included (sorted, hidden folders skipped); the folders' other YAML files are
    ``skipped``. A path that is not a regular file stays in, for the loader to refuse by name."""
    found: list[Path] = []
    skipped: list[Path] = []
    for path in map(Path, paths):
        if not path.is_dir():
            found.append(path)
            continue
        for p in sorted(path.rglob("*")):
            if p.suffix not in SCENARIO_SUFFIXES or p.is_dir() or \
                    any(part.startswith(".") for part in p.relative_to(path).parts):
                continue
            (found if is_scenario_file(p) else skipped).append(p)
    return ScenarioFiles(found, skipped)


def scenario_files_in(paths: Iterable[str | Path]) -> list[Path]:
    """The scenario files ``paths`` name (``find_scenario_files``, without the skipped ones)."""
    return find_scenario_files(paths).files

