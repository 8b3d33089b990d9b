"""Questions answered in worker processes: in order, and each worker replaced before it has
answered many (clingo keeps every symbol it makes for the life of a process)."""
from __future__ import annotations

import json
import os

from click.testing import CliRunner

from mtgrules.encodings.asp import TASKS_PER_WORKER, map_in_workers
from mtgrules.queries.cli import main
from mtgrules.queries.scenario import builtin_scenario_files


def _pid_and_square(x: int) -> tuple[int, int]:
    return os.getpid(), x * x


def test_answers_come_in_order_from_workers_that_are_replaced():
    n = 3 * TASKS_PER_WORKER
    answers = map_in_workers(_pid_and_square, list(range(n)), 1)
    assert [square for _, square in answers] == [x * x for x in range(n)]
    pids = {pid for pid, _ in answers}
    assert os.getpid() not in pids
    assert len(pids) >= n // TASKS_PER_WORKER  # no worker answered more than its share


def test_no_workers_means_this_process():
    assert {pid for pid, _ in map_in_workers(_pid_and_square, [1, 2, 3], 0)} == {os.getpid()}


def test_check_gives_the_same_rows_with_one_worker_or_two():
    def rows(jobs: int) -> list[tuple]:
        folders = sorted({str(p.parent) for p in builtin_scenario_files() if p.parent.name in ("golden", "apnap")})
        out = CliRunner().invoke(main, ["check", "--json", "--jobs", str(jobs), *folders])
        assert out.exit_code == 0, out.output
        return [(r["file"], r["verdict"], r["match"], tuple(r["citations"]))
                for r in json.loads(out.stdout)["results"]]

    one = rows(1)
    assert len(one) > TASKS_PER_WORKER and one == rows(2)
