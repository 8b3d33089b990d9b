"""A brute-force oracle for APNAP order: try every permutation of the choices and keep those
the rules (CR 101.4–101.4d) allow. Written independently of both encodings, and only usable
for small problems."""
from __future__ import annotations

from itertools import permutations

from mtgrules.model.apnap import ChoiceProblem


def made_choices(problem: ChoiceProblem) -> set[str]:
    """The choices actually made: one whose listed options are all gone (or none) isn't, nor
    one caused by a choice that isn't made."""
    by_id = {c.id: c for c in problem.choices}
    made: set[str] = set()
    for _ in problem.choices:  # to a fixpoint: causes are one level deep
        for c in problem.choices:
            left = c.options is None or set(c.options) - set(problem.unavailable)
            if left and (c.caused_by is None or c.caused_by in made):
                made.add(c.id)
    return {c for c in made if by_id[c].caused_by is None or by_id[c].caused_by in made}


def correct_orders(problem: ChoiceProblem) -> set[tuple[str, ...]]:
    made = made_choices(problem)
    choices = {c.id: c for c in problem.choices if c.id in made}
    n = len(problem.players)
    first = problem.players.index(problem.first)

    def rank(cid: str) -> int:
        return (problem.players.index(choices[cid].player) - first) % n

    def event(cid: str) -> int:
        c = choices[cid]
        return choices[c.caused_by].event if c.caused_by else c.event

    def restarts(cid: str) -> bool:
        c = choices[cid]
        return c.caused_by is not None and rank(cid) < rank(c.caused_by)

    causes_of_restart = {choices[c].caused_by for c in choices if restarts(c)}

    def round_of(cid: str) -> int:
        c = choices[cid]
        if c.caused_by:
            return round_of(c.caused_by) + (1 if restarts(cid) else 0)
        pushed = 0
        for d in causes_of_restart:
            dd = choices[d]
            if d == cid or event(d) != event(cid):
                continue
            later = rank(cid) > rank(d) or (
                dd.player == c.player and c.written is not None and dd.written is not None
                and c.written > dd.written)
            pushed += later
        return pushed

    def must_precede(a: str, b: str) -> bool:
        if choices[b].caused_by == a:
            return True
        if event(a) != event(b):
            return event(a) < event(b)
        if round_of(a) != round_of(b):
            return round_of(a) < round_of(b)
        if rank(a) != rank(b):
            return rank(a) < rank(b)
        wa, wb = choices[a].written, choices[b].written
        return wa is not None and wb is not None and wa < wb

    found = set()
    for order in permutations(choices):
        at = {c: i for i, c in enumerate(order)}
        if all(not must_precede(b, a) for a in order for b in order if at[a] < at[b]):
            found.add(order)
    return found


def knowledge(problem: ChoiceProblem, order: tuple[str, ...]) -> frozenset[tuple[str, str]]:
    """(c, d): c's chooser knows d — earlier, and their own or not face down."""
    by_id = {c.id: c for c in problem.choices}
    return frozenset((c, d) for i, c in enumerate(order) for d in order[:i]
                     if by_id[d].player == by_id[c].player or not by_id[d].face_down)
