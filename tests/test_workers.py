"""Questions answered in worker processes: in order, as soon as each is answered, each worker
replaced before it has answered many (clingo keeps every symbol it makes for the life of a
process), and all ended when the answers are no longer wanted."""
from __future__ import annotations

import json
import os
import signal
import time

from click.testing import CliRunner

from mtgrules.encodings.asp import TASKS_PER_WORKER, imap_in_workers, map_in_workers
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


def _pid_after(seconds: float) -> tuple[float, int]:
    time.sleep(seconds)
    return seconds, os.getpid()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True


def test_answers_stream_in_order_as_soon_as_those_before_are_answered():
    # the first question is the slowest: the second, answered first, waits for it
    delays = [0.6, 0.0, 0.01, 3.0, 3.0, 3.0]
    start = time.monotonic()
    answers = imap_in_workers(_pid_after, delays, 2)
    first = [next(answers) for _ in range(3)]
    assert time.monotonic() - start < 3.0  # before the slow ones are done
    assert [seconds for seconds, _ in first] == delays[:3]
    workers = {pid for _, pid in first}
    assert os.getpid() not in workers
    answers.close()  # abandoned: its workers end at once, nothing is left running
    assert time.monotonic() - start < 3.0
    assert not any(_alive(pid) for pid in workers)


def test_the_workers_ignore_ctrl_c_which_only_this_process_handles():
    answers = imap_in_workers(_pid_after, [0.0, 0.0, 0.0], 1)
    _, worker = next(answers)
    os.kill(worker, signal.SIGINT)  # as a terminal sends it to the whole process group
    assert next(answers)[1] == worker  # still answering
    answers.close()


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
