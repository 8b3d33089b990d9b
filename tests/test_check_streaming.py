"""``mtgrules check`` prints its rows as the scenarios are answered, in order, and Ctrl-C keeps
what finished: started for real in a process, interrupted with SIGINT after its first row."""
from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtgrules.queries.cli import main
from mtgrules.queries.scenario import builtin_scenario_files

COPIES = 30
# a turn question of a few hundred milliseconds: thirty of them outlast the test's reaction
SLOW = "turn_cleanup_discard_needs_decision"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="SIGINT is a POSIX signal")


def _folder(tmp_path: Path) -> list[str]:
    source = next(p for p in builtin_scenario_files() if p.stem == SLOW)
    names = [f"s{n:02}" for n in range(COPIES)]
    for name in names:
        shutil.copy(source, tmp_path / f"{name}.yaml")
    return names


def _start(*args: str) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", "from mtgrules.queries.cli import main; main()",
                             "check", *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env={**os.environ, "COLUMNS": "200"})


def _rest(process: subprocess.Popen) -> tuple[str, str]:
    """What the process prints until it ends, read through the streams already read from
    (``communicate`` would skip what they hold); killed if it takes a minute: nothing hangs."""
    assert process.stdout is not None and process.stderr is not None
    timer = threading.Timer(60, process.kill)
    timer.start()
    try:
        rest, errors = process.stdout.read(), process.stderr.read()
        process.wait()
    finally:
        timer.cancel()
    return rest, errors


def _children(pid: int) -> list[int]:
    """The worker processes of ``pid`` (Linux: read from /proc; elsewhere none are checked)."""
    try:
        return [int(c) for c in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


def _ended(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] in ("Z", "X")  # a zombie has ended
    except OSError:
        return True


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_rows_come_in_order_as_answered_and_ctrl_c_keeps_them(tmp_path, jobs):
    names = _folder(tmp_path)
    process = _start("--jobs", jobs, str(tmp_path))
    assert process.stdout is not None
    try:
        header = process.stdout.readline()
        first = process.stdout.readline()  # printed while the run goes on: rows stream
        workers = _children(process.pid)
        assert process.poll() is None
        process.send_signal(signal.SIGINT)
        rest, errors = _rest(process)
    finally:
        process.kill()
    assert header.split()[:2] == ["scenario", "question"]
    assert first.split()[:3] == ["s00", "turn", "needs-decision"]
    lines = [first, *rest.splitlines(keepends=True)]
    rows = [line.split()[0] for line in lines if line.startswith("s")]
    assert rows == names[:len(rows)]  # the files' order, each row once
    done = len(rows)
    assert 1 <= done < COPIES
    assert lines[-1].strip() == (f"interrupted after {done} of {COPIES} scenarios; {done} of {done} "
                                 "scenarios with an expectation match it.")
    assert process.returncode == 130 and "\x1b" not in header + rest  # piped: no control codes
    assert "Traceback" not in errors and "KeyboardInterrupt" not in errors, errors
    assert workers and all(_ended(pid) for pid in workers)


def test_json_on_ctrl_c_has_the_finished_results_marked_interrupted(tmp_path):
    _folder(tmp_path)
    process = _start("--json", str(tmp_path))
    try:
        time.sleep(0.5)
        while not _children(process.pid) and process.poll() is None:  # until it answers
            time.sleep(0.1)
        time.sleep(1.0)
        process.send_signal(signal.SIGINT)
        out, errors = _rest(process)
    finally:
        process.kill()
    assert process.returncode == 130, errors
    document = json.loads(out)
    assert document["interrupted"] is True and document["total"] == COPIES
    assert len(document["results"]) < COPIES
    assert [Path(r["file"]).stem for r in document["results"]] == \
        [f"s{n:02}" for n in range(len(document["results"]))]
    assert all(r["match"] is True for r in document["results"])


def test_on_a_terminal_a_progress_bar_counts_the_scenarios(tmp_path):
    pty = pytest.importorskip("pty")
    import select

    _folder(tmp_path)
    for extra in range(5, COPIES):  # five are enough to see the bar move
        (tmp_path / f"s{extra:02}.yaml").unlink()
    pid, fd = pty.fork()
    if pid == 0:  # the child: check, its standard output a terminal
        try:
            os.environ["COLUMNS"] = "200"
            os.execv(sys.executable, [sys.executable, "-c",
                                      "from mtgrules.queries.cli import main; main()",
                                      "check", "--jobs", "2", str(tmp_path)])
        finally:
            os._exit(127)  # never back into the test run
    seen, deadline = b"", time.monotonic() + 120
    while time.monotonic() < deadline:
        if select.select([fd], [], [], 1)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:  # the terminal closed: the command has ended
                break
            if not chunk:
                break
            seen += chunk
    os.close(fd)
    _, status = os.waitpid(pid, 0)
    text = seen.decode()
    assert os.waitstatus_to_exitcode(status) == 0, text
    assert "0/5" in text and re.search(r"(?<!\d)[1-5]/5(?!\d)", text)  # done of total, as they finish
    assert "\x1b[" in text  # drawn and wiped with control codes, on a terminal only
    assert "5 of 5 scenarios with an expectation match it." in text


def test_piped_the_rows_come_without_control_codes_and_ctrl_c_is_python_s_again(tmp_path):
    (tmp_path / "s.yaml").write_text(next(p for p in builtin_scenario_files()
                                          if p.stem == "golden_explore_vs_turf_wound").read_text())
    before = signal.getsignal(signal.SIGINT)
    result = CliRunner().invoke(main, ["check", str(tmp_path)])
    assert result.exit_code == 0 and "\x1b" not in result.stdout
    assert signal.getsignal(signal.SIGINT) is before  # the command's own handler is gone
