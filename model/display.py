"""Small HTML tables for notebooks (``_repr_html_`` of states, traces and verdicts).

Every cell is escaped: card and player names are user text.
"""
from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any


def html_table(headers: Sequence[str], rows: Sequence[Sequence[Any]], caption: str = "",
               header: bool = True) -> str:
    """A small HTML table, every cell escaped.

    >>> html_table(("card",), [("<Bolt>",)])
    '<table><tr><th>card</th></tr><tr><td>&lt;Bolt&gt;</td></tr></table>'
    """
    out = ["<table>"]
    if caption:
        out.append(f"<caption>{escape(caption)}</caption>")
    if header:
        out.append("<tr>" + "".join(f"<th>{escape(str(h))}</th>" for h in headers) + "</tr>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{escape(str(c))}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)
