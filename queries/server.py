"""The HTTP JSON API: ``mtgrules serve`` serves the model as OpenFisca serves its own.

A scenario is POSTed as YAML, or as JSON with the same structure, to ``/check`` (the verdict
and whether it matches the scenario's expectation) or ``/explain`` (the verdict in full, as
``mtgrules explain --json`` prints it); ``/cards``, ``/editions`` and ``/rules`` list what
``mtgrules cards``, ``editions`` and ``rules`` list with ``--json``; ``/openapi.json`` is the
description FastAPI generates from this module, the scenario's JSON Schema included.

A request's mistakes are located as a scenario file's are, in a file named ``request``: a
parameter is answered with 400, a scenario mistake with 422 (``line`` and ``field`` say where),
an unsupported question or an exhausted budget with 422 and its own ``kind`` — never a verdict,
never a 500. Solving is CPU-bound: questions are answered in worker processes, each replaced
after a few questions as ``check --jobs`` replaces its own (clingo keeps every symbol it makes
for the life of a process), and the event loop only reads requests and writes answers.
"""
from __future__ import annotations

import asyncio
import functools
import json
import multiprocessing
import re
import signal
import sys
import time
from collections.abc import AsyncIterator, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Annotated, Any, Literal, get_args

import uvicorn
from fastapi import FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.utils import get_openapi
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from mtgrules import __version__
from mtgrules.encodings import Budget, budget, limited
from mtgrules.encodings.asp import TASKS_PER_WORKER
from mtgrules.model.card_export import exports_refused
from mtgrules.model.edition import EDITION_DATES, Edition
from mtgrules.model.errors import (
    BackendDisagreement,
    BudgetExhausted,
    Location,
    MtgRulesError,
    ScenarioError,
    UnsupportedQuestion,
)
from mtgrules.model.read.document import decode
from mtgrules.model.source import MAX_TEXT
from mtgrules.model.source import Field as Source
from mtgrules.queries import catalogue, rule_lookup
from mtgrules.queries.api import check_scenario
from mtgrules.queries.kinds import BACKENDS, scenario_file_schema
from mtgrules.queries.result import CheckResult
from mtgrules.queries.scenario import Scenario, parse_scenario, scenario_from

REQUEST = "request"
"""The file name a request's mistakes are located in (``request, line 4, field 'state'``)."""

MAX_BODY = MAX_TEXT
"""The largest request body read, in bytes: a scenario file's own limit."""

YAML_TYPES = frozenset({"application/yaml", "application/x-yaml", "text/yaml", "text/x-yaml",
                        "text/plain", ""})
"""Media types read as scenario YAML (no ``Content-Type`` at all is read as YAML too)."""

JSON_TYPES = frozenset({"application/json"})

QUEUE_PER_WORKER = 8
"""Questions waiting per worker before a request is answered 503 (busy) instead of queued."""

DEFAULT_WORKERS = 2

BUDGET_PARAMETERS = {"atoms": "ground_atoms", "conflicts": "conflicts", "rlimit": "rlimit",
                     "seconds": "seconds"}
"""The query parameters a request asks a smaller budget with (the keys of ``mtgrules --budget``)
and the field of ``Budget`` each sets."""

Backend = Literal["asp", "smt", "both"]
assert set(get_args(Backend)) == set(BACKENDS)  # the CLI's list, spelt out for the OpenAPI enum


class ApiError(Exception):
    """A request answered with an error body instead of a verdict."""

    def __init__(self, status: int, body: dict[str, Any]):
        super().__init__(body.get("error"))
        self.status = status
        self.body = body


def error_body(exc: MtgRulesError, kind: str, field: str = "") -> dict[str, Any]:
    """The JSON of a refusal: the located message as the CLI prints it, and where it sits."""
    location = exc.location or Location(REQUEST, None, field or exc.field)
    if exc.location is None:
        exc.at(location)
    return {"error": exc.located(), "kind": kind, "file": location.file, "line": location.line,
            "field": location.field or None}


def internal_body(what: str) -> dict[str, Any]:
    """The JSON of a request that failed by a bug of mtgrules (a 500), said as such."""
    return {"error": f"{REQUEST}: {what}. This is a bug in mtgrules, not a verdict.",
            "kind": "internal", "file": REQUEST, "line": None, "field": None}


def refusal(status: int, kind: str, problem: str, expected: str = "", field: str = "") -> ApiError:
    """A request refused before its scenario is read (a parameter, the body's size or type)."""
    return ApiError(status, error_body(ScenarioError(Location(REQUEST, None, field), problem, expected),
                                       kind))


# -- answering, in a worker process --------------------------------------------------------------


def read_scenario(body: bytes, media: str) -> Scenario:
    """The scenario a request body holds: YAML text, or JSON with the same structure."""
    text = decode(body, REQUEST)
    if media not in JSON_TYPES:
        return parse_scenario(text, REQUEST)
    try:
        value = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(Location(REQUEST, exc.lineno, ""), f"this is not valid JSON ({exc.msg}, "
                            f"column {exc.colno})", "a JSON object with the fields of a scenario "
                            "file") from None
    except RecursionError:
        raise ScenarioError(Location(REQUEST, None, ""), "the JSON is nested too deeply",
                            "a JSON object with the fields of a scenario file") from None
    # JSON is YAML: read as YAML, every field keeps the line it has in the body. Raw tabs in
    # valid JSON are only whitespace between tokens, which YAML wants as spaces. The few JSON
    # texts YAML reads otherwise (1e5, escaped surrogate pairs) lose their lines, not their values.
    try:
        doc: Source | None = Source.parse(text.replace("\t", " "), REQUEST)
    except ScenarioError as exc:
        if not exc.problem.startswith("this is not valid YAML"):
            raise  # the size, depth and alias limits hold for JSON too
        doc = None
    if doc is None or doc.value != value:
        doc = Source.of(value, file=REQUEST)
    return scenario_from(doc)


def answer(body: bytes, media: str, full: bool, edition: str | None, backend: str,
           limits: Budget) -> tuple[int, dict[str, Any]]:
    """Answer one request (``full``: explain, else check): a status and a JSON body. Runs in a
    worker process, so it returns every outcome, errors included, as plain values."""
    try:
        with exports_refused():  # a request never makes the server read a file of its machine
            scenario = read_scenario(body, media)
        asked = Edition(edition) if edition else None
        start = time.perf_counter()
        with limited(limits):
            verdict = check_scenario(scenario, asked, backend)
        result = CheckResult(REQUEST, scenario, verdict, time.perf_counter() - start, None, asked)
    except BudgetExhausted as exc:
        return 422, {**error_body(exc, "budget"), "hint": "A request may ask a smaller budget, "
                     "not a larger one: GET /budget gives the server's."}
    except UnsupportedQuestion as exc:
        return 422, error_body(exc, "unsupported")
    except BackendDisagreement as exc:  # a bug of an encoding, said as such
        return 500, error_body(exc, "disagreement")
    except MtgRulesError as exc:
        return 422, error_body(exc, "scenario")
    except Exception as exc:  # noqa: BLE001 (a bug must not end the worker)
        return 500, internal_body(f"internal error while answering ({type(exc).__name__}: {exc})")
    if full:
        return 200, result.to_json()
    return 200, {"scenario": scenario.name, "verdict": verdict.to_json(), "expected": result.expected,
                 "match": result.match, "differs": result.differs, "seconds": round(result.seconds, 4)}


def _ready() -> None:
    """Nothing: a worker that runs it has imported the model, ready for the first question."""


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the server, which stops them itself."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class Solvers:
    """The worker processes answering questions, off the event loop."""

    def __init__(self, workers: int):
        self.workers = workers
        self.pending = 0
        self.pool = self._start()

    def _start(self) -> ProcessPoolExecutor:
        # spawned, not forked: the server has threads by then; replaced after a few questions
        # where Python can (3.11+), as clingo never frees the symbols a process has made
        extra: dict[str, Any] = {"max_tasks_per_child": TASKS_PER_WORKER} \
            if sys.version_info >= (3, 11) else {}
        pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                   initializer=_ignore_interrupts, **extra)
        for _ in range(self.workers):  # started now, so that the first questions don't wait for them
            pool.submit(_ready)
        return pool

    async def run(self, fn: Callable[..., tuple[int, dict[str, Any]]], *args: Any) -> tuple[int, dict[str, Any]]:
        """``fn(*args)`` in a worker; 503 when too many questions wait already."""
        if self.pending >= QUEUE_PER_WORKER * self.workers:
            raise refusal(503, "busy", f"the server is answering {self.pending} questions",
                          "a request again in a moment")
        self.pending += 1
        pool = self.pool
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, functools.partial(fn, *args))
        except BrokenProcessPool:
            if self.pool is pool:  # a worker was killed (out of memory?): fresh ones, started once
                self.pool = self._start()
            return 500, internal_body("the worker answering this request stopped unexpectedly")
        finally:
            self.pending -= 1

    def close(self) -> None:
        """Stop the workers now, a question still being answered included."""
        self.pool.shutdown(wait=False, cancel_futures=True)
        for child in multiprocessing.active_children():
            child.terminate()
            child.join(5)


# -- the documented shapes of the answers (OpenAPI) -----------------------------------------------


class ErrorAnswer(BaseModel):
    """A request refused: never a verdict."""

    error: str = Field(description="The located message, as the CLI prints it: "
                                   "`request, line 4, field 'state.alice.life': ...`.")
    kind: str = Field(description="`parameter`, `scenario`, `unsupported` (a question the encodings "
                                  "don't cover), `budget` (the solver ran out of its budget), "
                                  "`too-large`, `media-type`, `not-found`, `http` (a method not "
                                  "allowed), `busy`, `disagreement` or `internal` (a bug).")
    file: str | None = Field(description="Always `request`.")
    line: int | None = Field(description="The line of the request body the mistake sits on.")
    field: str | None = Field(description="The field (a scenario field path, or a parameter's name).")
    hint: str | None = Field(None, description="For an exhausted budget: how a request's budget is set.")


class VerdictAnswer(BaseModel):
    """A verdict, as `Verdict.to_json()` writes it."""

    query: str = Field(description="The question's kind: golden, apnap, sequencing, cost, cast, turn.")
    verdict: str = Field(description="The outcome word (`forbidden`, `stands`, `legal`, ...).")
    citations: list[str] = Field(description="The rules that decided it, numbered as in the edition asked.")
    reasons: list[str]
    witness: Any = None
    counterexample: Any = None
    backend: str
    edition: str
    details: dict[str, Any]


class CheckAnswer(BaseModel):
    """A scenario checked: its verdict and whether it is the one the scenario expects."""

    scenario: str = Field(description="The scenario's name.")
    verdict: VerdictAnswer
    expected: str | None = Field(description="The verdict the scenario expects under the edition asked.")
    match: bool | None = Field(description="Whether it matches; null when nothing is expected.")
    differs: list[str] = Field(description="What differs from the expectation, in words.")
    seconds: float


class ExplainAnswer(BaseModel):
    """A verdict in full, as `mtgrules explain --json` prints it (the file is `request`)."""

    scenario: str
    file: str
    query: str
    verdict: str
    expected: str | None
    match: bool | None
    citations: list[str]
    reasons: list[str]
    seconds: float
    edition: str
    backend: str
    witness: Any = None
    counterexample: Any = None
    details: dict[str, Any]
    error: str | None
    line: int | None
    field: str | None
    differs: list[str]


class CardsAnswer(BaseModel):
    """As `mtgrules cards [NAME] --json` prints it."""

    cards: list[dict[str, Any]] = Field(description="Each card: `name`, `file`, and `card`, its entry.")


class EditionsAnswer(BaseModel):
    """As `mtgrules editions --json` prints it."""

    editions: list[dict[str, Any]]


class RulesAnswer(BaseModel):
    """As `mtgrules rules [KEY|NUMBER] --json` prints it."""

    rules: list[dict[str, Any]]


def _errors(*statuses: int) -> dict[int | str, dict[str, Any]]:
    return {status: {"model": ErrorAnswer} for status in statuses}


SCENARIO_BODY: dict[str, Any] = {"requestBody": {
    "required": True,
    "description": "The scenario: a scenario file's YAML (`Content-Type: application/yaml`), or JSON "
                   f"with the same structure (`application/json`). At most {MAX_BODY} bytes.",
    "content": {"application/yaml": {"schema": {"type": "string"}},
                "application/json": {"schema": {"$ref": "#/components/schemas/Scenario"}}}}}


# -- the application ------------------------------------------------------------------------------

EditionParam = Annotated[str | None, Query(
    description="A Comprehensive Rules edition date (default: the scenario's own). "
                f"Known: {', '.join(EDITION_DATES)}.")]
BackendParam = Annotated[Backend, Query(
    description="Which solver answers; `both` also checks that ASP and SMT agree.")]
AtomsParam = Annotated[int | None, Query(
    ge=1, description="The atoms the question may ground; at most the server's (GET /budget).")]
ConflictsParam = Annotated[int | None, Query(
    ge=1, description="clingo's conflicts per solve call; at most the server's.")]
RlimitParam = Annotated[int | None, Query(
    ge=1, description="z3's resource units per check; at most the server's.")]
SecondsParam = Annotated[float | None, Query(
    gt=0, description="The wall-clock guard per solve call, in seconds; at most the server's.")]


class BudgetAnswer(BaseModel):
    """The server's budget: the most a request may ask (the keys of `mtgrules --budget`)."""

    atoms: int = Field(description="The atoms a question may ground (its memory).")
    conflicts: int = Field(description="clingo's conflicts per solve call.")
    rlimit: int = Field(description="z3's resource units per check.")
    seconds: float = Field(description="The wall-clock guard per solve call.")


def create_app(workers: int = DEFAULT_WORKERS, limits: Budget | None = None) -> FastAPI:
    """The ASGI application, answering questions in ``workers`` worker processes (started
    with the application, stopped with it), each within ``limits`` (default: the budget in
    force, which ``mtgrules --budget`` sets) or the smaller budget a request asks."""
    limits = limits or budget()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        app.state.solvers = Solvers(workers)
        try:
            yield
        finally:
            app.state.solvers.close()

    app = FastAPI(title="mtgrules", version=__version__, lifespan=lifespan,
                  description="The rules of Magic: The Gathering, decided by clingo and z3: check a "
                              "scenario, explain its verdict, look up cards, editions and rules.")

    @app.exception_handler(ApiError)
    async def refused(request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.body, exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_parameter(request: Request, exc: RequestValidationError) -> JSONResponse:
        first = exc.errors()[0]
        name = str(first["loc"][-1]) if first.get("loc") else ""
        given = f" (got {first['input']!r})" if "input" in first else ""
        return JSONResponse(refusal(400, "parameter", f"{first['msg']}{given}", field=name).body, 400)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        problem = f"{request.method} {request.url.path}: {exc.detail}"
        expected = "one of the paths /openapi.json lists" if exc.status_code == 404 else \
            "a method /openapi.json lists for this path" if exc.status_code == 405 else ""
        return JSONResponse(refusal(exc.status_code, "not-found" if exc.status_code == 404 else "http",
                                    problem, expected).body, exc.status_code)

    @app.exception_handler(Exception)
    async def bug(request: Request, exc: Exception) -> JSONResponse:
        return JSONResponse(internal_body(f"internal error ({type(exc).__name__}: {exc})"), 500)

    async def solve(request: Request, full: bool, edition: str | None, backend: str,
                    asked: Budget) -> JSONResponse:
        """Check the body's media type, size and the edition here, answer in a worker."""
        media = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if media not in YAML_TYPES | JSON_TYPES:
            raise refusal(415, "media-type", f"a body of type '{media}'",
                          "Content-Type: application/yaml (a scenario file) or application/json")
        body = await _body(request)
        if edition is not None:
            try:
                Edition(edition)
            except MtgRulesError as exc:
                raise ApiError(400, error_body(exc, "parameter", "edition")) from None
        status, payload = await request.app.state.solvers.run(answer, body, media, full, edition,
                                                              backend, asked)
        return JSONResponse(payload, status)

    @app.post("/check", summary="Check a scenario", openapi_extra=SCENARIO_BODY,
              responses={200: {"model": CheckAnswer}, **_errors(400, 413, 415, 422, 503)})
    async def check(request: Request, edition: EditionParam = None, backend: BackendParam = "both",
                    atoms: AtomsParam = None, conflicts: ConflictsParam = None,
                    rlimit: RlimitParam = None, seconds: SecondsParam = None) -> JSONResponse:
        """Answer the scenario's question: the verdict, and whether it is the one the scenario
        expects (as a row of `mtgrules check`). An unsupported question or an exhausted budget is
        a 422 with `kind` `unsupported` or `budget`, never a verdict."""
        return await solve(request, False, edition, backend,
                           _budget(limits, atoms=atoms, conflicts=conflicts,
                                   rlimit=rlimit, seconds=seconds))

    @app.post("/explain", summary="Explain a scenario's verdict", openapi_extra=SCENARIO_BODY,
              responses={200: {"model": ExplainAnswer}, **_errors(400, 413, 415, 422, 503)})
    async def explain(request: Request, edition: EditionParam = None, backend: BackendParam = "both",
                      atoms: AtomsParam = None, conflicts: ConflictsParam = None,
                      rlimit: RlimitParam = None, seconds: SecondsParam = None) -> JSONResponse:
        """The verdict in full, as `mtgrules explain --json` prints it: the rules cited, the
        reasons, the witness or counterexample, the question's details."""
        return await solve(request, True, edition, backend,
                           _budget(limits, atoms=atoms, conflicts=conflicts,
                                   rlimit=rlimit, seconds=seconds))

    # the listings read files and tables only: plain functions, which FastAPI runs in a thread

    @app.get("/cards", summary="The card library", response_model=CardsAnswer)
    def cards() -> dict[str, Any]:
        """Every card of the built-in library, as its card file writes it."""
        return catalogue.cards_listing()

    @app.get("/cards/{name}", summary="Cards by name", response_model=CardsAnswer,
             responses=_errors(404))
    def cards_named(name: Annotated[str, Path(description="A card's name (any case), or part of one.")]
                    ) -> dict[str, Any]:
        """The cards named NAME exactly, else those whose name contains it."""
        return _found(catalogue.cards_listing, name, "name")

    @app.get("/editions", summary="The Comprehensive Rules editions", response_model=EditionsAnswer)
    def editions() -> dict[str, Any]:
        """The editions known, oldest first, and how the encoded rules stand in each."""
        return catalogue.editions_listing()

    @app.get("/rules", summary="The encoded rules", response_model=RulesAnswer)
    def rules() -> dict[str, Any]:
        """Every encoded rule: its number in every edition, its paraphrase, the files encoding it
        and the built-in scenarios citing it."""
        return rule_lookup.rules_listing()

    @app.get("/rules/{query}", summary="Rules by key or number", response_model=RulesAnswer,
             responses=_errors(404))
    def rules_named(query: Annotated[str, Path(description="A rule's key, or its number in any edition "
                                                            "(`601.2f`, `CR 101.2`, `MTR 4.3`).")]
                    ) -> dict[str, Any]:
        """The encoded rules with that key or number (or numbered under it: `601.2` gives 601.2a ...)."""
        return _found(rule_lookup.rules_listing, query, "query")

    @app.get("/budget", summary="The server's budget", response_model=BudgetAnswer)
    def server_budget() -> dict[str, Any]:
        """The budget every question is answered within: the most a request may ask with the
        parameters `atoms`, `conflicts`, `rlimit` and `seconds`."""
        return {key: getattr(limits, name) for key, name in BUDGET_PARAMETERS.items()}

    app.openapi = functools.partial(_openapi, app)  # type: ignore[method-assign]
    return app


async def _body(request: Request) -> bytes:
    """The request body, refused (413) as soon as it is larger than ``MAX_BODY``."""
    too_large = refusal(413, "too-large", "the request body is too large",
                        f"at most {MAX_BODY} bytes, a scenario file's limit")
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise too_large
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise too_large
        chunks.append(chunk)
    return b"".join(chunks)


def _budget(limits: Budget, **asked: float | None) -> Budget:
    """The server's budget ``limits``, with what the request asks smaller; asking more is a
    mistake (400), not silently cut down."""
    fields: dict[str, Any] = {}
    for key, value in asked.items():
        if value is None:
            continue
        most = getattr(limits, BUDGET_PARAMETERS[key])
        if value > most:
            raise refusal(400, "parameter", f"{key}={value:g} is more than the server's budget",
                          f"at most {most:g} (the server's is set by `mtgrules --budget … serve`)",
                          field=key)
        fields[BUDGET_PARAMETERS[key]] = value
    return replace(limits, **fields)


def _found(listing: Callable[[str], dict[str, Any]], value: str, field: str) -> dict[str, Any]:
    """A listing of what a path names; nothing found is a 404 saying the closest name."""
    try:
        return listing(value)
    except MtgRulesError as exc:
        raise ApiError(404, error_body(exc, "not-found", field)) from None


def _openapi(app: FastAPI) -> dict[str, Any]:
    """FastAPI's description, with the JSON Schema of scenario files as the ``Scenario``
    component (its definitions beside it) for the JSON form of a request."""
    if app.openapi_schema:
        return app.openapi_schema
    doc = get_openapi(title=app.title, version=app.version, description=app.description,
                      routes=app.routes)
    scenario = scenario_file_schema()
    scenario.pop("$schema", None)
    defs = scenario.pop("$defs", {})
    names = {name: "Scenario." + re.sub(r"[^A-Za-z0-9._-]", "_", name) for name in defs}

    def moved(node: Any) -> Any:
        if isinstance(node, dict):
            return {k: (f"#/components/schemas/{names[v[len('#/$defs/'):]]}"
                        if k == "$ref" and isinstance(v, str) and v.startswith("#/$defs/") else moved(v))
                    for k, v in node.items()}
        if isinstance(node, list):
            return [moved(v) for v in node]
        return node

    schemas = doc.setdefault("components", {}).setdefault("schemas", {})
    schemas["Scenario"] = moved(scenario)
    for name, definition in defs.items():
        schemas[names[name]] = moved(definition)
    app.openapi_schema = doc
    return doc


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int = DEFAULT_WORKERS) -> None:
    """Serve the API until interrupted (``mtgrules serve``)."""
    # a question still running at a stop is abandoned after a few seconds, not awaited for its budget
    uvicorn.run(create_app(workers), host=host, port=port, timeout_graceful_shutdown=3)
