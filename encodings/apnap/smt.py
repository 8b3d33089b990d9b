"""APNAP order (CR 101.4–101.4e) as integer positions in z3, independent of the ASP encoding.

Each choice gets a position; players get an APNAP rank; rounds count the restarts of
CR 101.4d. Every model, enumerated with blocking clauses, is one correct order.
"""
from __future__ import annotations

import z3

from mtgrules.encodings.apnap.size import orders_allowed, too_many_orders
from mtgrules.encodings.smt import check, make_solver
from mtgrules.model.apnap import Choice, ChoiceOrders, ChoiceProblem
from mtgrules.model.edition import Edition, rule_holds


class ApnapSmt:
    """The z3 problem for one set of simultaneous choices under one edition."""

    def __init__(self, problem: ChoiceProblem, edition: Edition):
        self.allowed = orders_allowed(problem)  # refused before anything is built
        self.problem = problem
        self.ctx = z3.Context()
        self.solver = make_solver(self.ctx)
        # A player with nothing to choose makes no choice (CR 101.3): a listed choice whose
        # options a prohibition has all taken (CR 101.2), or none at all, and a choice caused
        # by one not made, get no position and are known to no one.
        listed = {c.id: c for c in problem.choices}
        taken = set(problem.unavailable)

        def made(c: Choice) -> bool:
            if c.options is not None and all(o in taken for o in c.options):
                return False
            return c.caused_by is None or made(listed[c.caused_by])

        choices = tuple(c for c in problem.choices if made(c))
        self.choices = choices
        self.no_choice = frozenset(c.id for c in problem.choices if not made(c))
        n_players = len(problem.players)
        self.rules: set[str] = {"apnap.order"} if choices else set()
        # CR 101.3 and 101.2 applied to the choices, cited as apnap.lp cites them
        if self.no_choice:
            self.rules.add("golden.impossible-ignored")
        if any(o in taken for cid in self.no_choice for o in (listed[cid].options or ())):
            self.rules.add("golden.cant-beats-can")
        self.undecided: set[str] = set()
        #@ second encoding of: apnap.starting-game
        starting_rule = rule_holds("apnap.starting-game", edition)
        if problem.starting_game:
            (self.rules if starting_rule else self.undecided).add("apnap.starting-game")

        def int_var(name: str) -> z3.ArithRef:
            return z3.Int(name, self.ctx)

        s = self.solver
        # CR 101.4: rank 0 for the first player (active, or starting under 101.4e), then
        # the others in turn order. Ranks are constants of the problem, kept as numbers so
        # that comparisons between them fold while the formula is built.
        #@ second encoding of: apnap.order
        seat_first = problem.seat(problem.first)
        rank = {p: (problem.seat(p) - seat_first + n_players) % n_players for p in problem.players}
        self.pos = {c.id: int_var(f"pos@{c.id}") for c in choices}
        by_id = {c.id: c for c in choices}
        for c in choices:
            s.add(self.pos[c.id] >= 1, self.pos[c.id] <= len(choices))
        if choices:
            s.add(z3.Distinct(*self.pos.values()))

        # CR 101.4d: a caused choice of an earlier player restarts APNAP for the outstanding ones.
        #@ second encoding of: apnap.restart
        restart_rule = rule_holds("apnap.restart", edition)
        restarts = {c.id: z3.Bool(f"restart@{c.id}", self.ctx) for c in choices if c.caused_by}
        for cid, flag in restarts.items():
            c = by_id[cid]
            cause = by_id[str(c.caused_by)]
            s.add(flag == z3.BoolVal(rank[c.player] < rank[cause.player], self.ctx))
        event = {c.id: (by_id[c.caused_by].event if c.caused_by else c.event) for c in choices}
        # without any caused choice there is one round: round numbers are the constant 0
        rnd: dict[str, z3.ArithRef | int] = {
            c.id: int_var(f"round@{c.id}") if restarts else 0 for c in choices}
        for c in choices:
            if not restarts:
                break
            if c.caused_by is None:
                pushers = []
                for cid, flag in restarts.items():
                    d = by_id[str(by_id[cid].caused_by)]
                    if d.id == c.id or event[d.id] != event[c.id]:
                        continue
                    later_player = z3.BoolVal(rank[c.player] > rank[d.player], self.ctx)
                    later_written = z3.BoolVal(
                        c.player == d.player and c.written is not None and d.written is not None
                        and c.written > d.written, self.ctx)
                    pushers.append((d.id, z3.And(flag, z3.Or(later_player, later_written))))
                # each restart cause counts once, however many choices it caused
                distinct: dict[str, z3.BoolRef] = {}
                for did, cond in pushers:
                    distinct[did] = z3.Or(distinct.get(did, z3.BoolVal(False, self.ctx)), cond)
                s.add(rnd[c.id] == z3.Sum([z3.If(v, 1, 0) for v in distinct.values()]
                                          or [z3.IntVal(0, self.ctx)]))
            else:
                cause_id = c.caused_by
                s.add(rnd[c.id] == rnd[cause_id] + z3.If(restarts[c.id], 1, 0))
                s.add(self.pos[cause_id] < self.pos[c.id])
        self._restart_flags = restarts

        # The order: event, then round, then APNAP rank, then the written order (101.4c).
        #@ second encoding of: apnap.own-order
        for c in choices:
            for d in choices:
                if c.id == d.id:
                    continue
                if event[c.id] != event[d.id]:
                    if event[c.id] < event[d.id]:
                        s.add(self.pos[c.id] < self.pos[d.id])
                    continue
                same_player = c.player == d.player
                written_first = (same_player and c.written is not None and d.written is not None
                                 and c.written < d.written)
                ahead = rank[c.player] < rank[d.player] or written_first
                rc, rd = rnd[c.id], rnd[d.id]
                if isinstance(rc, int) and isinstance(rd, int):  # one round: fold it
                    if rc < rd or (rc == rd and ahead):
                        s.add(self.pos[c.id] < self.pos[d.id])
                    continue
                first = z3.Or(rc < rd, z3.And(rc == rd, z3.BoolVal(ahead, self.ctx)))
                s.add(z3.Implies(first, self.pos[c.id] < self.pos[d.id]))
        self.rnd, self.event, self.rank = rnd, event, rank
        self.restart_rule = restart_rule

    #@ second encoding of: apnap.knowledge, apnap.hidden-face-down
    def sees(self, c: str, d: str) -> bool:
        """CR 101.4a/101.4b: c's chooser sees choice d once it is made, unless it is a
        face-down card of another player."""
        cc, dd = self.problem.choice(c), self.problem.choice(d)
        return cc.player == dd.player or not dd.face_down

    def knows(self, c: str, d: str, position: dict[str, int]) -> bool:
        """In an order (the positions of a model), c's chooser knows d if d came first and
        c's chooser sees it."""
        return position[d] < position[c] and self.sees(c, d)

    def misplaced(self, proposed: tuple[str, ...]) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
        """(c, d): d was made before c in the proposed order though z3 finds no correct order
        putting d first (a choice not made is never misplaced); ``learned`` keeps the pairs
        where c's chooser, another player, saw d."""
        made = [c for c in proposed if c in self.pos]
        misplaced, learned = set(), set()
        for j, c in enumerate(made):
            for d in made[:j]:
                if check(self.solver, self.pos[d] < self.pos[c]):
                    continue
                misplaced.add((c, d))
                if self.problem.choice(c).player != self.problem.choice(d).player and self.sees(c, d):
                    learned.add((c, d))
        return misplaced, learned

    def solve_all(self) -> ChoiceOrders:
        s = self.solver
        orders: list[tuple[str, ...]] = []
        knowledge: list[frozenset[tuple[str, str]]] = []
        rules = set(self.rules)
        s.push()
        while check(s):
            if len(orders) == self.allowed:
                raise too_many_orders(self.allowed)
            m = s.model()
            position = {c: m.eval(self.pos[c]).as_long() for c in self.pos}
            order = tuple(sorted(self.pos, key=position.__getitem__))
            orders.append(order)
            known = frozenset((c, d) for c in self.pos for d in self.pos
                              if c != d and self.knows(c, d, position))
            knowledge.append(known)
            rules |= self._rules_in(m, known, position)
            if not self.pos:  # no choice is made: the one (empty) order
                break
            s.add(z3.Or([self.pos[c] != m.eval(self.pos[c]) for c in self.pos]))
        s.pop()
        pairs = sorted(zip(orders, knowledge))
        return ChoiceOrders(tuple(o for o, _ in pairs), tuple(k for _, k in pairs),
                            frozenset(rules), frozenset(self.undecided | self._undecided()),
                            self.no_choice)

    def _undecided(self) -> set[str]:
        if self._restart_flags and not self.restart_rule and check(
                self.solver, z3.Or(list(self._restart_flags.values()))):
            return {"apnap.restart"}
        return set()

    def _rules_in(self, m: z3.ModelRef, known: frozenset[tuple[str, str]],
                  position: dict[str, int]) -> set[str]:
        rules = set()
        if any(z3.is_true(m.eval(f)) for f in self._restart_flags.values()) and self.restart_rule:
            rules.add("apnap.restart")
        rounds = {c: r if isinstance(r, int) else m.eval(r).as_long() for c, r in self.rnd.items()}
        for c in self.choices:
            for d in self.choices:
                if c.id == d.id:
                    continue
                if c.player != d.player and (c.id, d.id) in known:
                    rules.add("apnap.knowledge")
                d_first = position[d.id] < position[c.id]
                if c.player != d.player and d.face_down and d_first:
                    # 101.4b's exception: the answer rests on both rules
                    rules.update(("apnap.hidden-face-down", "apnap.knowledge"))
                if (c.player == d.player and self.event[c.id] == self.event[d.id]
                        and rounds[c.id] == rounds[d.id]):
                    rules.add("apnap.own-order")
        return rules


def solve(problem: ChoiceProblem, edition: Edition) -> ChoiceOrders:
    return ApnapSmt(problem, edition).solve_all()


def misplaced(problem: ChoiceProblem, proposed: tuple[str, ...], edition: Edition
              ) -> tuple[set[tuple[str, str]], set[tuple[str, str]]]:
    return ApnapSmt(problem, edition).misplaced(proposed)
