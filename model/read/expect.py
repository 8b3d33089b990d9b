"""Reading what a scenario expects: the verdict, the failed conditions and the citations, for
its own edition or per edition."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mtgrules.model.edition import Citation, Edition, rulebook
from mtgrules.model.errors import MtgRulesError
from mtgrules.model.mana import ManaCost
from mtgrules.model.sequencing import Condition
from mtgrules.model.source import Field, did_you_mean

REFUSED = "refused"
"""What a scenario expects where its question is outside what the encodings model: it is
refused by name (never a verdict), and ``mtgrules check`` holds the refusal to the words the
scenario says it gives (``expect: {verdict: refused, says: [...]}``)."""


@dataclass(frozen=True)
class Expectation:
    """What the scenario's author says the answer is (taken from the rules, not the code)."""

    verdict: str
    fails: frozenset[Condition] = frozenset()
    """For sequencing: the MTR 4.3 conditions expected to fail."""
    cites: tuple[Citation, ...] = ()
    """Citations the verdict must include."""
    says: tuple[str, ...] = ()
    """For an expected refusal (verdict ``refused``): words its message must contain (the
    thing refused, the edition named)."""


def expected_on(by_edition: tuple[tuple[str, Expectation], ...], edition: Edition) -> Expectation | None:
    found = None
    for date, expectation in by_edition:  # sorted, "" (default) first
        if date <= edition.date:
            found = expectation
    return found


def read_expect(node: Field, kind: str, words: Sequence[str], edition: Edition) -> tuple[
        Expectation | None, tuple[tuple[str, Expectation], ...]]:
    """What a scenario written for ``edition`` expects there, and per edition when its
    ``expect:`` is keyed by edition date (``read_expectations``; the plain form gives none)."""
    by_edition = read_expectations(node, kind, words, edition)
    if len(by_edition) == 1 and by_edition[0][0] == "" and not node.has("default"):
        return by_edition[0][1], ()   # the plain form: the own edition only
    return expected_on(by_edition, edition), by_edition


def read_edition(node: Field) -> Edition:
    """An edition's date, refused where the field is when no edition has it."""
    try:
        return Edition(node.str())
    except MtgRulesError as exc:
        raise node.error(str(exc).rstrip(".")) from None


def read_expectations(node: Field, kind: str, words: Sequence[str],
                      edition: Edition) -> tuple[tuple[str, Expectation], ...]:
    """``expect: {verdict: …}`` (the scenario's own edition), or keyed by edition date:
    ``expect: {default: {verdict: …}, 2009-07-11: {verdict: …}}``. The verdict is one of the
    kind's outcome ``words`` (or, for a cost total, mana symbols); each expected citation must
    be one the encodings can cite under an edition its expectation covers."""
    node.mapping(optional=node.keys())
    if node.has("verdict") or not node.keys():
        return (("", _expectation(node, kind, words, (edition,))),)
    dates = []
    for key, child in node.items():
        if key != "default":
            try:
                Edition.exact(key)  # a key is a start date of its own, not the rules in force on it
            except MtgRulesError as exc:
                raise child.error(f"'{key}' is not a known edition",
                                  "'default' or an edition date such as 2009-07-11 as the key of "
                                  "a per-edition expectation, or 'verdict' for a single one",
                                  str(exc).split(". ")[-1] if "Did you mean" in str(exc) else "") \
                    from None
            dates.append(key)
    out = []
    for key, child in node.items():
        start = "" if key == "default" else key
        later = [d for d in dates if d > start]
        span = tuple(e for e in Edition.all() if start <= e.date and (not later or e.date < min(later)))
        out.append((start, _expectation(child, kind, words, span)))
    return tuple(sorted(out))


def _expectation(node: Field, kind: str, words: Sequence[str],
                 editions: tuple[Edition, ...]) -> Expectation:
    node.mapping(required=["verdict"], optional=["fails", "cites", "says"])
    verdict = node["verdict"].str()
    if verdict not in words and not (kind == "cost" and _is_mana(verdict)) \
            and not (kind == "combat" and verdict.isdigit()):
        raise node["verdict"].unknown(verdict, words, f"{kind} verdict")
    says = tuple(w.str() for w in node.get("says", []).list())
    if any(not w.strip() for w in says):
        raise node["says"].error("an empty word", "words the refusal's message contains")
    refused = verdict == REFUSED
    if refused and node.has("cites"):
        raise node["cites"].error("a refusal is no verdict and cites no rules",
                                  "'says': words the refusal's message must contain")
    if node.has("says") and not refused:
        raise node["says"].error("only an expected refusal says words",
                                 "'verdict: refused' with it, or no 'says'")
    if node.has("fails") and kind != "sequencing":
        raise node["fails"].error("only a sequencing verdict has failed conditions",
                                  "no 'fails' for a " + kind + " question")
    citable = {str(rule.cite(e)) for rule in rulebook().values() for e in editions}
    cites = []
    for c in node.get("cites", []).list():
        try:
            citation = Citation.parse(c.str())
        except ValueError as exc:
            raise c.error(str(exc)) from None
        if str(citation) != c.value:
            raise c.error(f"'{c.value}' is not written as a citation", f"'{citation}' (the "
                          "document, one space, the rule's number)")
        if editions and str(citation) not in citable:
            span = (str(editions[0]) if len(editions) == 1
                    else f"{editions[0]} to {editions[-1]}")
            raise c.error(f"'{citation}' is no rule the encodings cite under the edition{'s' * (len(editions) > 1)} "
                          f"this expectation covers ({span})", "a rule number of that edition, "
                          "as `mtgrules rules` lists them", did_you_mean(str(citation), citable))
        cites.append(citation)
    return Expectation(
        verdict=verdict,
        fails=frozenset(Condition(f.choice([c.value for c in Condition], "MTR 4.3 condition"))
                        for f in node.get("fails", []).list()),
        cites=tuple(cites),
        says=says,
    )


def _is_mana(text: str) -> bool:
    try:
        ManaCost.parse(text)
    except (MtgRulesError, ValueError):
        return False
    return text.startswith("{")

