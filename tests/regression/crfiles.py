"""Synthetic Comprehensive Rules files for the tests: the published layout, our own words."""
from __future__ import annotations


def cr_text(date: str, rules: list[tuple[str, str]], *, glossary: dict[str, str] | None = None,
            examples: dict[str, list[str]] | None = None, contents: bool = True,
            current: bool = False, newline: str = "\r\n") -> str:
    """A CR file: title, date line, contents (repeating the headings), body, glossary, credits."""
    examples = examples or {}
    sections = sorted({n.split(".")[0] for n, _ in rules})
    chapters = sorted({s[0] for s in sections})
    lines = ["Magic: The Gathering Comprehensive Rules", "",
             f"These rules are {'current' if current else 'effective'} as of {date}.", "",
             "Introduction", "", "A made-up rulebook for the tests.", ""]
    if contents:
        lines += ["Contents", ""]
        for c in chapters:
            lines.append(f"{c}. Chapter {c}")
            lines += [f"{s}. Section {s}" for s in sections if s[0] == c]
            lines.append("")
        lines += ["Glossary", "", "Credits", ""]
    for c in chapters:
        lines += [f"{c}. Chapter {c}", ""]
        for s in (s for s in sections if s[0] == c):
            lines += [f"{s}. Section {s}", ""]
            for number, text in rules:
                if number.split(".")[0] != s:
                    continue
                top = number[-1].isdigit()
                lines.append(f"{number}{'.' if top else ''} {text}")
                lines += [f"Example: {e}" for e in examples.get(number, [])]
                lines.append("")
    lines += ["Glossary", ""]
    for term, definition in (glossary or {}).items():
        lines += [term, *definition.split("\n"), ""]
    lines += ["Credits", "", "Made for the tests.", ""]
    return newline.join(lines)
