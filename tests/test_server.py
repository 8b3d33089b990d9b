"""The HTTP JSON API: the real server (``mtgrules serve`` in a process of its own, on a free port
of 127.0.0.1) called with a real HTTP client, then stopped with its workers."""
from __future__ import annotations

import json
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest
import yaml
from click.testing import CliRunner

from mtgrules.queries import check_scenario, load_scenario
from mtgrules.queries.cli import main
from mtgrules.queries.scenario import builtin_scenario_files

SCENARIOS = {p.stem: p for p in builtin_scenario_files()}
EXPLORE = SCENARIOS["golden_explore_vs_turf_wound"]
"""A quick built-in scenario with an expectation: forbidden, citing CR 101.2."""
TRACE = SCENARIOS["turn_order_all_pass_to_bobs_upkeep"]
"""A turn question whose trace grounds more than 3,000 atoms."""
SLOW = SCENARIOS["turn_way_sorcery_in_bobs_turn_impossible"]
"""One of the slowest built-in scenarios (seconds): to see the server answer while it solves."""
YAML = {"Content-Type": "application/yaml"}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux's /proc; none found elsewhere)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # gone meanwhile
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _alive(pid: int) -> bool:
    """Whether ``pid`` still runs (a zombie, ended but not yet reaped, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """The base URL of a server started for this module; stopped, workers included, after it."""
    port = _free_port()
    log = tmp_path_factory.mktemp("server") / "server.log"
    with log.open("wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "mtgrules.queries.cli", "serve", "--port",
                                    str(port), "--workers", "1"], stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        assert process.poll() is None, f"the server stopped: {log.read_text()}"
        try:
            if httpx.get(url + "/budget", timeout=5).status_code == 200:
                break
        except httpx.TransportError:
            pass
        assert time.monotonic() < deadline, f"the server did not start: {log.read_text()}"
        time.sleep(0.1)
    workers: list[int] = []
    try:
        yield url, process, workers
    finally:
        workers += _children(process.pid)
        process.terminate()
        process.wait(30)
    if Path("/proc").is_dir():
        assert workers, "the server's worker processes were not found"
    # stopped: the port refuses connections and no worker outlives the server
    with pytest.raises(httpx.TransportError):
        httpx.get(url + "/budget", timeout=5)
    deadline = time.monotonic() + 10
    while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in workers if _alive(pid)]


@pytest.fixture
def client(server):
    with httpx.Client(base_url=server[0], timeout=120) as c:
        yield c


def _cli_json(*args: str) -> dict:
    result = CliRunner().invoke(main, list(args))
    return json.loads(result.stdout)


def test_a_builtin_scenario_is_checked_and_matches(client):
    answer = client.post("/check", content=EXPLORE.read_bytes(), headers=YAML)
    assert answer.status_code == 200
    body = answer.json()
    assert body["match"] is True and body["expected"] == "forbidden" and body["differs"] == []
    assert body["verdict"] == check_scenario(load_scenario(EXPLORE)).to_json()
    assert body["verdict"]["verdict"] == "forbidden" and "CR 101.2" in body["verdict"]["citations"]


def test_json_with_the_scenario_structure_and_an_edition_and_backend(client):
    scenario = yaml.safe_load(EXPLORE.read_text())
    answer = client.post("/check", params={"edition": "2008-10-01", "backend": "asp"},
                         content=json.dumps(scenario, default=str, indent="\t"),
                         headers={"Content-Type": "application/json"})
    assert answer.status_code == 200
    verdict = answer.json()["verdict"]
    assert verdict == check_scenario(load_scenario(EXPLORE), "2008-10-01", "asp").to_json()
    assert "CR 103.2" in verdict["citations"] and verdict["edition"] == "2008-10-01"


def test_explain_is_the_verdict_in_full_as_the_cli_explains_it(client):
    answer = client.post("/explain", content=EXPLORE.read_bytes(), headers=YAML)
    assert answer.status_code == 200
    body = answer.json()
    cli = _cli_json("explain", "--json", str(EXPLORE))
    assert body["file"] == "request"
    for row in (body, cli):
        del row["file"], row["seconds"]
    assert body == cli
    assert body["reasons"] and body["citations"] and body["match"] is True


@pytest.mark.parametrize("path, command", [
    ("/cards", ["cards"]), ("/cards/Explore", ["cards", "Explore"]), ("/editions", ["editions"]),
    ("/rules", ["rules"]), ("/rules/101.2", ["rules", "101.2"])])
def test_listings_are_the_clis_json(client, path, command):
    answer = client.get(path)
    assert answer.status_code == 200
    assert answer.json() == _cli_json(*command, "--json")


def test_a_name_matching_nothing_is_a_404_with_the_closest(client):
    answer = client.get("/cards/Exxplore")
    assert answer.status_code == 404
    assert answer.json()["field"] == "name" and "Did you mean 'Explore'?" in answer.json()["error"]


MISTAKE = """name: a mistake on line 4
state:
  players: [alice, bob]
  alice: {lif: 3}
question: {kind: golden, ask: concede, player: alice}
"""


def test_a_yaml_mistake_is_a_422_located_as_the_cli_locates_it(client, tmp_path):
    answer = client.post("/check", content=MISTAKE, headers=YAML)
    assert answer.status_code == 422
    body = answer.json()
    assert (body["kind"], body["file"], body["line"], body["field"]) == \
        ("scenario", "request", 4, "state.alice.lif")
    path = tmp_path / "mine.yaml"
    path.write_text(MISTAKE)
    row = _cli_json("check", "--json", str(path))["results"][0]
    assert body["error"] == row["error"].replace(str(path), "request")
    assert body["error"].startswith("request, line 4, field 'state.alice.lif': unknown field 'lif'")


def test_a_scenario_naming_a_card_export_never_makes_the_server_read_a_file(client):
    exported = EXPLORE.read_text().replace("\nstate:", "\ncards-from: /etc/passwd\nstate:", 1)
    answer = client.post("/check", content=exported.encode(), headers=YAML)
    assert answer.status_code == 422
    body = answer.json()
    assert (body["kind"], body["field"]) == ("scenario", "cards-from")
    assert "not read here" in body["error"]


def test_a_json_mistake_is_located_on_its_line(client):
    scenario = yaml.safe_load(EXPLORE.read_text())
    scenario["state"]["alice"]["life"] = "twenty"
    text = json.dumps(scenario, default=str, indent=2)
    line = next(n for n, s in enumerate(text.splitlines(), 1) if '"twenty"' in s)
    answer = client.post("/check", content=text, headers={"Content-Type": "application/json"})
    assert answer.status_code == 422
    assert (answer.json()["line"], answer.json()["field"]) == (line, "state.alice.life")
    broken = client.post("/check", content='{"name": "x",\n "state": }',
                         headers={"Content-Type": "application/json"})
    assert broken.status_code == 422 and broken.json()["line"] == 2
    assert "not valid JSON" in broken.json()["error"]


@pytest.mark.parametrize("params, field", [
    ({"edition": "1999-01-01"}, "edition"), ({"backend": "prolog"}, "backend"),
    ({"atoms": "0"}, "atoms"), ({"conflicts": "many"}, "conflicts")])
def test_a_bad_parameter_is_a_400_naming_it(client, params, field):
    answer = client.post("/check", params=params, content=EXPLORE.read_bytes(), headers=YAML)
    assert answer.status_code == 400
    body = answer.json()
    assert (body["kind"], body["field"]) == ("parameter", field)
    assert body["error"].startswith(f"request, field '{field}': ")


def test_a_budget_too_small_is_its_own_answer_not_a_verdict(client):
    answer = client.post("/check", params={"atoms": 3000}, content=TRACE.read_bytes(), headers=YAML)
    assert answer.status_code == 422
    body = answer.json()
    assert body["kind"] == "budget" and "verdict" not in body
    assert "unsupported: budget" in body["error"] and "3,000" in body["error"]
    assert body["field"] == "question" and body["line"] is not None and "GET /budget" in body["hint"]
    # the next request has the whole budget again
    assert client.post("/check", content=TRACE.read_bytes(), headers=YAML).json()["match"] is True


def test_a_request_may_not_ask_more_than_the_servers_budget(client):
    most = client.get("/budget").json()
    assert set(most) == {"atoms", "conflicts", "rlimit", "seconds"}
    answer = client.post("/check", params={"atoms": most["atoms"] + 1}, content=EXPLORE.read_bytes(),
                         headers=YAML)
    assert answer.status_code == 400 and answer.json()["field"] == "atoms"


def test_a_body_too_large_or_of_another_type_is_refused(client):
    large = client.post("/check", content=b"#" * 1_000_001, headers=YAML)
    assert large.status_code == 413 and large.json()["kind"] == "too-large"
    form = client.post("/check", content=EXPLORE.read_bytes(),
                       headers={"Content-Type": "application/x-www-form-urlencoded"})
    assert form.status_code == 415 and "application/yaml" in form.json()["error"]


def test_the_server_answers_while_it_solves(client, server):
    done = threading.Event()

    def slow() -> None:
        with httpx.Client(base_url=server[0], timeout=120) as other:
            assert other.post("/check", content=SLOW.read_bytes(), headers=YAML).status_code == 200
        done.set()

    thread = threading.Thread(target=slow)
    thread.start()
    time.sleep(0.1)  # the question is sent
    answered_meanwhile = 0
    while not done.is_set():  # listings asked and answered while the question is being solved
        answer = client.get("/editions")
        answered_meanwhile += answer.status_code == 200 and not done.is_set()
        time.sleep(0.05)
    thread.join(120)
    assert answered_meanwhile >= 1


def test_openapi_describes_every_endpoint(client):
    doc = client.get("/openapi.json").json()
    operations = {(path, method): op for path, methods in doc["paths"].items()
                  for method, op in methods.items()}
    assert set(operations) == {("/check", "post"), ("/explain", "post"), ("/cards", "get"),
                               ("/cards/{name}", "get"), ("/editions", "get"), ("/rules", "get"),
                               ("/rules/{query}", "get"), ("/budget", "get")}
    for op in operations.values():
        assert op["summary"] and op["description"]
    check = operations[("/check", "post")]
    assert set(check["requestBody"]["content"]) == {"application/yaml", "application/json"}
    assert {"400", "413", "415", "422"} <= set(check["responses"])
    assert {p["name"] for p in check["parameters"]} == \
        {"edition", "backend", "atoms", "conflicts", "rlimit", "seconds"}

    def refs(node):
        if isinstance(node, dict):
            yield from ([node["$ref"]] if isinstance(node.get("$ref"), str) else [])
            for value in node.values():
                yield from refs(value)
        elif isinstance(node, list):
            for value in node:
                yield from refs(value)

    schemas = doc["components"]["schemas"]
    assert "Scenario" in schemas and "state" in schemas["Scenario"]["properties"]
    for ref in refs(doc):  # every reference resolves, the scenario schema's own included
        assert ref.startswith("#/components/schemas/") and ref.rsplit("/", 1)[1] in schemas, ref


def test_serve_without_the_serve_extra_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "fastapi", None)  # as if not installed
    monkeypatch.delitem(sys.modules, "mtgrules.queries.server", raising=False)
    result = CliRunner().invoke(main, ["serve"])
    assert result.exit_code == 2
    assert "pip install 'mtgrules[serve]'" in result.stderr


CHAIN = """name: a chain of caused choices
state:
  players: [alice, bob]
question:
  kind: apnap
  choices:
    - {id: alice-1, player: alice, choose: a creature}
    - {id: bob-1, player: bob, choose: a mode, caused-by: alice-1}
    - {id: alice-2, player: alice, choose: a mode, caused-by: bob-1}
"""


def test_an_unsupported_question_is_its_own_answer_not_a_verdict(client):
    answer = client.post("/check", content=CHAIN, headers=YAML)
    assert answer.status_code == 422
    body = answer.json()
    assert body["kind"] == "unsupported" and "verdict" not in body
    assert body["line"] == 9 and body["field"] == "question.choices[2].caused-by"
    assert "chains of caused choices are not modelled" in body["error"]
