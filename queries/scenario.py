"""Scenario files: a name, a source, an edition, a state, a question and an expected verdict.

Loading validates everything and reports mistakes with file, line and field (DESIGN §7).
"""
from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from importlib import resources
from pathlib import Path
from typing import Any, NamedTuple

import yaml

from mtgrules.model.card_export import CardExport
from mtgrules.model.cards import (
    CardLibrary,
    builtin_cards,
    check_tokens,
    parse_cards,
    parse_instruction,
)
from mtgrules.model.edition import Citation, Edition, rulebook
from mtgrules.model.errors import Location, MtgRulesError, ScenarioError
from mtgrules.model.mana import ManaCost, parse_pool
from mtgrules.model.sequencing import Condition
from mtgrules.model.source import MAX_TEXT, Field, did_you_mean
from mtgrules.model.state import (
    MAX_CARDS_IN_ZONE,
    MAX_LIFE,
    MAX_OBJECTS,
    MAX_TURN,
    PLAYER_NAME,
    ZONES,
    Effect,
    GameObject,
    GameState,
    PlayerState,
)
from mtgrules.model.turn import STEP_NAMES, Step
from mtgrules.model.vocabulary import AFFECTING, COUNTER_KINDS, LASTING_VERBS, MAX_COUNT
from mtgrules.queries.kinds import KINDS, QuestionKind
from mtgrules.queries.verdict import outcome_words


@dataclass(frozen=True)
class Expectation:
    """What the scenario's author says the answer is (taken from the rules, not the code)."""

    verdict: str
    fails: frozenset[Condition] = frozenset()
    """For sequencing: the MTR 4.3 conditions expected to fail."""
    cites: tuple[Citation, ...] = ()
    """Citations the verdict must include."""


@dataclass(frozen=True)
class Scenario:
    """A question about a game state, with where it comes from and (optionally) the verdict
    its author expects; what ``load_scenario`` and ``parse_scenario`` give.

    >>> s = parse_scenario('''
    ... name: a second land
    ... state: {players: [alice, bob], alice: {lands-played: 1, hand: [Forest]}}
    ... question: {kind: golden, ask: play-land, player: alice}
    ... expect: {verdict: forbidden}
    ... ''')
    >>> s.kind, str(s.question), s.expect.verdict, s.state.player("alice").lands_played
    ('golden', 'play-land (alice)', 'forbidden', 1)
    """

    name: str
    source: str
    edition: Edition
    state: GameState
    kind: str
    question: Any
    """The parsed question, of the type its kind's parser returns."""
    expect: Expectation | None = None
    """The expected verdict under the scenario's own edition."""
    file: str | None = None
    expect_by_edition: tuple[tuple[str, Expectation], ...] = ()
    """Per-edition expectations (``expect:`` keyed by edition date, with ``default``): each dated
    entry holds from that edition until the next one; ``default`` (stored under ``""``) holds
    before the first."""
    lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    """The line of every field of the file, by field path (empty for a scenario built from
    values without a file)."""

    def locate(self, path: str) -> Location:
        """Where a field of the scenario sits."""
        return _locate(self.lines, self.file, path)


    def expectation_for(self, edition: Edition) -> Expectation | None:
        """The verdict expected under ``edition``; without per-edition expectations, only the
        scenario's own edition has one."""
        if not self.expect_by_edition:
            return self.expect if edition == self.edition else None
        return _expected_on(self.expect_by_edition, edition)

    def under(self, edition: Edition) -> Scenario:
        """The scenario with ``expect`` set to what it expects under ``edition``."""
        return replace(self, expect=self.expectation_for(edition))


def _locate(lines: dict[str, int], file: str | None, path: str) -> Location:
    """A field's location: its line, or its nearest enclosing field's."""
    found = path
    while found and found not in lines:
        found = found[:max(found.rfind("."), found.rfind("["), 0)]
    return Location(file, lines.get(found), path)


def _expected_on(by_edition: tuple[tuple[str, Expectation], ...], edition: Edition) -> Expectation | None:
    found = None
    for date, expectation in by_edition:  # sorted, "" (default) first
        if date <= edition.date:
            found = expectation
    return found


def load_scenario(path: str | Path) -> Scenario:
    """Read a scenario file (YAML, UTF-8): its state, question and expected verdict as model
    values, every value checked. A mistake is refused with the file, line, field, what was
    expected and a suggestion (``ScenarioError``); ``check_scenario`` answers the result.

    >>> from mtgrules.queries.scenario import builtin_scenario_files
    >>> path = next(p for p in builtin_scenario_files()
    ...             if p.name == "golden_explore_vs_turf_wound.yaml")
    >>> scenario = load_scenario(path)
    >>> scenario.kind, scenario.expect.verdict, [str(c) for c in scenario.expect.cites]
    ('golden', 'forbidden', ['CR 101.2'])
    >>> load_scenario("no-such-file.yaml")
    Traceback (most recent call last):
    ...
    mtgrules.model.errors.MtgRulesError: no-such-file.yaml: cannot read the file (no such file).
    """
    path = Path(path)
    try:
        if not path.exists():
            raise MtgRulesError(f"{path}: cannot read the file (no such file).")
        if not path.is_file():  # a folder, a named pipe or a device would hang or mislead
            raise MtgRulesError(f"{path}: cannot read the file: it is not a regular file "
                                "(expected a scenario .yaml file).")
        with path.open("rb") as handle:
            data = handle.read(MAX_TEXT + 1)
    except OSError as exc:
        raise MtgRulesError(f"{path}: cannot read the file ({exc.strerror}).") from None
    return parse_scenario(decode(data, str(path)), str(path))


def decode(data: bytes, file: str) -> str:
    """The text of a file: UTF-8, with or without a byte-order mark; anything else refused."""
    if len(data) > MAX_TEXT:
        raise ScenarioError(Location(file, None, ""), "the file is too large",
                            f"at most {MAX_TEXT} bytes in a scenario file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise ScenarioError(Location(file, line, ""), f"byte {exc.start} is not UTF-8 text",
                            "a file in UTF-8 (save it as UTF-8)") from None
    if "\x00" in text:
        raise ScenarioError(Location(file, text[:text.index("\x00")].count("\n") + 1, ""),
                            "the file holds a NUL character", "a text file in UTF-8")
    return text


def parse_scenario(text: str, file: str | None = None) -> Scenario:
    """A scenario from YAML text (``file``: the name its errors give, if it came from one).

    >>> parse_scenario("name: x\\nstate: {players: [alice, bob]}\\nquestion: {kind: golf}")
    Traceback (most recent call last):
    ...
    mtgrules.model.errors.ScenarioError: <input>, line 3, field 'question.kind': unknown question kind 'golf'. ...
    """
    return scenario_from(Field.parse(text, file))


def scenario_from(doc: Field) -> Scenario:
    """A scenario from a parsed document (``Field.parse`` or ``Field.of`` a dict)."""
    doc.mapping(required=["name", "state", "question"],
                optional=["source", "edition", "cards", "cards-from", "expect"])
    if not doc["name"].str().strip():
        raise doc["name"].error("the scenario's name is empty", "a name saying what it shows")
    edition = _edition(doc.get("edition", Edition.newest().date))
    cards = builtin_cards()
    # a card export the scenario's cards may take their characteristics from
    export = CardExport.named_by(doc["cards-from"], doc.get("cards")) if doc.has("cards-from") else None
    if doc.has("cards"):
        cards = cards.extended(parse_cards(doc["cards"], export))
        check_tokens(doc["cards"], cards)
    with _located(doc["state"]):
        state = parse_state(doc["state"], cards)
    question = resolve_object_ids(doc["question"], state)
    question.mapping(required=["kind"], optional=question.keys())
    kind_name = question["kind"].choice(KINDS, "question kind")
    with _located(question):
        parsed = KINDS[kind_name].parse(question, state)
    by_edition = _expectations(doc["expect"], kind_name, edition) if doc.has("expect") else ()
    expect = None
    if len(by_edition) == 1 and by_edition[0][0] == "" and not doc["expect"].has("default"):
        expect, by_edition = by_edition[0][1], ()   # the plain form: the own edition only
    elif by_edition:
        expect = _expected_on(by_edition, edition)
    _check_read(doc["state"], state, KINDS[kind_name])
    return Scenario(
        name=doc["name"].str(),
        source=doc.get("source", "").str(),
        edition=edition,
        state=state,
        kind=kind_name,
        question=parsed,
        expect=expect,
        file=doc.file,
        expect_by_edition=by_edition,
        lines=_lines(doc) if doc.file is not None else {},
    )


@contextmanager
def _located(node: Field) -> Iterator[None]:
    """A refusal raised while reading ``node`` names the file, the line and the field: its
    own field if the code refusing knew one, else ``node``."""
    try:
        yield
    except MtgRulesError as exc:
        if exc.location is None:
            raise exc.at(_locate(_lines(node), node.file, exc.field or node.path)) from None
        raise


def _lines(node: Field, out: dict[str, int] | None = None) -> dict[str, int]:
    """Every field's line, by path."""
    out = {} if out is None else out
    if node.line is not None:
        out[node.path] = node.line
    if isinstance(node.value, dict):
        for _, child in node.items():
            _lines(child, out)
    elif isinstance(node.value, list):
        for child in node.list():
            _lines(child, out)
    return out


def _check_read(node: Field, state: GameState, kind: QuestionKind) -> None:
    """A state field the question kind does not read is refused, never silently ignored."""
    if kind.reads_mana_pool:
        return
    for name in state.names:
        if node.has(name) and node[name].has("mana-pool"):
            raise node[name]["mana-pool"].error(
                f"a {kind.name} question does not read mana pools", "no 'mana-pool' in the "
                "state of this question (the cost, cast, turn and sequencing questions read it)")


def _edition(node: Field) -> Edition:
    try:
        return Edition(node.str())
    except MtgRulesError as exc:
        raise node.error(str(exc).rstrip(".")) from None


def _expectations(node: Field, kind: str, edition: Edition) -> tuple[tuple[str, Expectation], ...]:
    """``expect: {verdict: …}`` (the scenario's own edition), or keyed by edition date:
    ``expect: {default: {verdict: …}, 2009-07-11: {verdict: …}}``. Each expected citation must
    be one the encodings can cite under an edition its expectation covers."""
    node.mapping(optional=node.keys())
    if node.has("verdict") or not node.keys():
        return (("", _expectation(node, kind, (edition,))),)
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
        out.append((start, _expectation(child, kind, span)))
    return tuple(sorted(out))


def _expectation(node: Field, kind: str, editions: tuple[Edition, ...]) -> Expectation:
    node.mapping(required=["verdict"], optional=["fails", "cites"])
    verdict = node["verdict"].str()
    words = outcome_words(kind)
    if verdict not in words and not (kind == "cost" and _is_mana(verdict)):
        raise node["verdict"].unknown(verdict, words, f"{kind} verdict")
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
    )


def _is_mana(text: str) -> bool:
    try:
        ManaCost.parse(text)
    except (MtgRulesError, ValueError):
        return False
    return text.startswith("{")


# -- state ------------------------------------------------------------------------------------

STATE_FIELDS = ("players", "active", "step", "priority", "effects", "turn")
PLAYER_FIELDS = ["life", "lands-played", "mana-pool", *ZONES]


def parse_state(node: Field, cards: CardLibrary) -> GameState:
    node.mapping(required=["players"], optional=["active", "step", "priority", "effects", "turn",
                                                 *[k for k in node.keys() if k not in
                                                   ("players", "active", "step", "priority",
                                                    "effects", "turn")]])
    names = [_player_name(p) for p in node["players"].list()]
    if len(names) < 2:
        raise node["players"].error(f"got {len(names)} player(s)", "at least two player names")
    for n, name in enumerate(names):
        if name in names[:n]:
            raise node["players"].list()[n].error(f"the player '{name}' is named twice",
                                                 "distinct player names")
    for key, child in node.items():
        if key not in STATE_FIELDS and key not in names:
            raise child.unknown(key, [*STATE_FIELDS, *names],
                                "state field or player")
    active = node["active"].choice(names, "player") if node.has("active") else names[0]
    step = Step(node["step"].choice(STEP_NAMES, "step")) if node.has("step") else Step.MAIN1
    priority = node["priority"].choice(names, "player") if node.has("priority") else None
    turn = node["turn"].int(1, MAX_TURN) if node.has("turn") else None

    used_ids: dict[str, int] = {}
    players = []
    total = 0
    for name in names:
        pnode = node.get(name, {})
        pnode.mapping(optional=PLAYER_FIELDS)
        zones = []
        for zone in ZONES:
            if pnode.has(zone):
                objects = _zone(pnode[zone], name, zone, cards, used_ids, names)
                total += len(objects)
                if total > MAX_OBJECTS:
                    raise pnode[zone].error(f"the game holds more than {MAX_OBJECTS} objects",
                                            f"at most {MAX_OBJECTS} objects in all zones together")
                zones.append((zone, objects))
        players.append(PlayerState(
            name=name,
            life=pnode["life"].int(-MAX_LIFE, MAX_LIFE) if pnode.has("life") else 20,
            zones=tuple(zones),
            lands_played=pnode["lands-played"].int(0, MAX_COUNT) if pnode.has("lands-played") else 0,
            mana_pool=_mana_pool(pnode["mana-pool"]) if pnode.has("mana-pool") else "",
        ))
    state = GameState(players=tuple(players), active=active, step=step, priority=priority,
                      turn=turn, cards=cards)
    effects = tuple(e for entry in node.get("effects", []).list()
                    for e in _effects(resolve_object_ids(entry, state), state))
    return replace(state, effects=effects)


def _player_name(node: Field) -> str:
    return node.name(PLAYER_NAME, "a player name", "one word of letters, digits or _ (no spaces: "
                     "lines such as 'alice passes' name players by one word)")


def _mana_pool(node: Field) -> str:
    """Mana in a pool, in symbols of the six types of mana ('' or left out: empty)."""
    text = node.str()
    try:
        parse_pool(text)
    except MtgRulesError as exc:
        why = str(exc).split(": ", 1)[-1].split(". ")[0]
        raise node.error(f"'{text}' is not a mana pool ({why})", "mana in symbols of the six "
                         "types of mana, e.g. {G}{G}{C} (CR 106.1), or '' for an empty pool") from None
    return text


def _zone(node: Field, owner: str, zone: str, cards: CardLibrary,
          used_ids: dict[str, int], names: list[str]) -> tuple[GameObject, ...]:
    entries = node.list(allow_single=isinstance(node.value, dict))
    objects: list[GameObject] = []
    for entry in entries:
        if len(objects) > MAX_CARDS_IN_ZONE:
            raise node.error(f"the zone holds more than {MAX_CARDS_IN_ZONE} objects",
                             f"at most {MAX_CARDS_IN_ZONE} objects in one zone")
        if isinstance(entry.value, dict) and entry.has("hidden"):
            entry.mapping(required=["hidden"])
            for _ in range(entry["hidden"].int(0, MAX_CARDS_IN_ZONE)):
                used_ids[f"{owner}:{zone}"] = used_ids.get(f"{owner}:{zone}", 0) + 1
                objects.append(GameObject(f"{owner}:{zone}:{used_ids[f'{owner}:{zone}']}",
                                          None, owner, owner))
            continue
        extra: dict[str, Any] = {}
        if isinstance(entry.value, dict):
            permanent_only = ["counters", "token", "damage", "entered-this-turn"]
            entry.mapping(required=["card"], optional=["tapped", "face-down", "attacking", "count",
                                                       "controller", *permanent_only])
            for key in permanent_only:
                if entry.has(key) and zone != "battlefield":
                    raise entry[key].error(f"'{key}' on a card in the {zone}",
                                           "counters, token, damage and entered-this-turn only "
                                           "on the battlefield")
            name_node = entry["card"]
            count = entry["count"].int(1, MAX_COUNT) if entry.has("count") else 1
            tapped = entry["tapped"].bool() if entry.has("tapped") else False
            face_down = entry["face-down"].bool() if entry.has("face-down") else False
            attacking = entry["attacking"].bool() if entry.has("attacking") else False
            controller = (entry["controller"].choice(names, "player") if entry.has("controller")
                          else owner)
            if entry.has("counters"):
                extra["counters"] = _counters(entry["counters"])
            if entry.has("token"):
                extra["token"] = entry["token"].bool()
            if entry.has("damage"):
                extra["damage"] = entry["damage"].int(0, MAX_COUNT * 10)
            if entry.has("entered-this-turn"):
                extra["new"] = entry["entered-this-turn"].bool()
        else:
            name_node, count, tapped, face_down, attacking, controller = (
                entry, 1, False, False, False, owner)
        card = cards.lookup(name_node)
        for _ in range(count):
            used_ids[card.name] = used_ids.get(card.name, 0) + 1
            n = used_ids[card.name]
            object_id = card.name if n == 1 else f"{card.name}#{n}"
            objects.append(GameObject(object_id, card.name, owner, controller, tapped=tapped,
                                      face_down=face_down, attacking=attacking, **extra))
    if len(objects) > MAX_CARDS_IN_ZONE:
        raise node.error(f"the zone holds {len(objects)} objects",
                         f"at most {MAX_CARDS_IN_ZONE} objects in one zone")
    return tuple(objects)


def _counters(node: Field) -> tuple[tuple[str, int], ...]:
    """Counters on a permanent: ``{"+1/+1": 2, loyalty: 3}``, each kind once (CR 122)."""
    node.mapping(optional=COUNTER_KINDS)
    return tuple((kind, node[kind].int(0, MAX_COUNT)) for kind in COUNTER_KINDS if node.has(kind))


def _effects(node: Field, state: GameState) -> list[Effect]:
    """Continuous effects in force: the lasting instructions of a resolved card, or one
    instruction written out (``{from: X, do: forbid, …}``)."""
    names = list(state.names)
    base = {"from", "controller", "target"}
    if node.has("do"):
        node.mapping(required=["from", "controller", "do"], optional=node.keys())
        rest = {k: v for k, v in node.items() if k not in base}
        written = Field({k: v.value for k, v in rest.items()}, node.path, node.file, node.line, rest)
        instructions = [parse_instruction(written, on_card=False)]
        if instructions[0].verb in AFFECTING and node.has("what"):
            what = node["what"].str()
            if state.find(what) is None:
                raise node["what"].unknown(what, [o.id for _, _, o in state.objects()], "object")
        elif instructions[0].verb == "forbid" and node.has("what"):
            what = node["what"].str()
            if what != "self" and state.find(what) is None:
                raise node["what"].unknown(what, ["self", *(o.id for _, _, o in state.objects())],
                                           "object")
    else:
        node.mapping(required=["from", "controller"], optional=["target"])
        card = state.cards.lookup(node["from"])
        instructions = [i for i in card.resolve if i.verb in LASTING_VERBS]
        if not instructions:
            raise node["from"].error(f"'{card.name}' leaves no lasting effect",
                                     "a card whose instructions include one of: "
                                     + ", ".join(sorted(LASTING_VERBS)))
    controller = node["controller"].choice(names, "player")
    target = node["target"].choice([*names, *(o.id for _, _, o in state.objects())],
                                    "player or object") if node.has("target") else None
    return [Effect(node["from"].str(), controller, i, target) for i in instructions]


NOT_OBJECT_FIELDS = ("from", "kind", "ask", "choose", "id", "caused-by", "proposed")
"""Fields of a question or an effect whose values are not object ids (a card name of the
library, a zone, a kind, free text, a choice id)."""


LINE_LISTS = ("script", "performed")
"""Lists of a question whose text items are a player's lines: their parsers read each name by
what the line's player does with it (``encodings.sequencing.lines.line_object``)."""
LINE_FIELD = "<line>"


def resolve_object_ids(node: Field, state: GameState) -> Field:
    """Object ids in a question or an effect, checked against the one ambiguity the id
    convention leaves: a bare card name binds to the first object of that name, so where
    objects of that name are listed under two different players a bare name is refused with
    the ids to use instead; ``Name#1`` is accepted for the first one (and read as ``Name``).
    Applies to a field holding an id; a player's line (``LINE_LISTS``) is left to its parser,
    which knows whose object the line means."""
    by_card: dict[str, list[GameObject]] = {}
    for _, _, obj in state.objects():
        if obj.card:
            by_card.setdefault(obj.card, []).append(obj)
    ids = {obj.id for _, _, obj in state.objects()}
    ambiguous = {name: objs for name, objs in by_card.items()
                 if len({o.owner for o in objs}) > 1 and name in ids}
    firsts = {name for name in by_card if name in ids}
    if not firsts:
        return node

    def ids_of(name: str) -> str:
        return ", ".join(f"'{name}#{n}' ({o.owner}'s)" for n, o in enumerate(ambiguous[name], 1))

    def fix(text: str, field: Field) -> str:
        for name in ambiguous:
            if re.search(rf"(?<![\w#]){re.escape(name)}(?![\w#])", text):
                first = ambiguous[name][0]
                other = next(o for o in ambiguous[name] if o.owner != first.owner)
                raise field.error(
                    f"'{name}' is ambiguous: it names {first.owner}'s {name} (the first listed), "
                    f"but {other.owner} has one too",
                    f"an object id that says which: {ids_of(name)}",
                    f"Did you mean '{other.id}' ({other.owner}'s)?")
        for name in firsts:  # Name#1 is the first object, whose id is the bare name
            text = re.sub(rf"(?<![\w#]){re.escape(name)}#1(?!\d)", name, text)
        return text

    def walk(f: Field, key: str | None) -> Field:
        if key in NOT_OBJECT_FIELDS or (key == LINE_FIELD and isinstance(f.value, str)):
            return f
        if isinstance(f.value, dict):
            kids = {k: walk(v, k) for k, v in f.items()}
            return Field({k: v.value for k, v in kids.items()}, f.path, f.file, f.line, kids)
        if isinstance(f.value, list):
            items = [walk(v, LINE_FIELD if key in LINE_LISTS else None) for v in f.list()]
            return Field([v.value for v in items], f.path, f.file, f.line, items)
        if isinstance(f.value, str):
            return Field(fix(f.value, f), f.path, f.file, f.line)
        return f

    return walk(node, None)


SCENARIO_AREAS = ("golden", "apnap", "casting", "cost", "sequencing", "turn")
"""The folders of the built-in library, ``queries/scenarios/<area>/``."""


SCENARIO_SUFFIXES = (".yaml", ".yml")
"""The file names a folder's scenario files end with."""


SCENARIO_MARKS = ("question", "state", "expect")
"""The top-level keys only a scenario has: a YAML file found in a folder is taken for a scenario
when its top level is a mapping holding one of them (or a misspelling of one)."""


def is_scenario_text(text: str) -> bool:
    """Whether a YAML document is meant as a scenario: its top level is a mapping with a key of
    ``SCENARIO_MARKS``, or one close to it (``questoin:``) so that a misspelt scenario is still
    loaded and its mistake reported. A CI workflow, a docker-compose file or a card list is not.
    Only the top-level keys are read, from the parser's events (nothing is built, no alias
    expanded: the text is untrusted); a document the parser gives up on is judged by the keys
    read before the mistake, else by its lines starting with a mark."""
    try:
        for key in _top_level_keys(text):
            if _is_mark(key):
                return True
        return False
    except yaml.YAMLError:
        return any(re.match(rf"({'|'.join(SCENARIO_MARKS)})\s*:", line) for line in text.splitlines())


def is_scenario_file(path: str | Path) -> bool:
    """Whether the YAML file at ``path`` is meant as a scenario (``is_scenario_text``); a file
    that can't be read is not. Used alike by ``mtgrules check``'s folder walk and the pytest
    plugin. A YAML name that is not a regular file (a pipe, a device) counts: opening it here
    could block, and the loader reports it as an error row."""
    if not Path(path).is_file():
        return True
    try:
        with Path(path).open("rb") as handle:
            data = handle.read(MAX_TEXT + 1)
    except OSError:
        return False
    # a scenario in another encoding is still one: the loader says what is wrong with it
    return is_scenario_text(data.decode("utf-8-sig", errors="replace"))


def _is_mark(key: str) -> bool:
    return bool(difflib.get_close_matches(key.lower(), SCENARIO_MARKS, n=1, cutoff=0.8))


def _top_level_keys(text: str) -> Iterator[str]:
    """The keys of a document's top-level mapping, one by one as the parser reaches them
    (none when the top level is not a mapping; a key that is not text is skipped)."""
    events = yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    for event in events:
        if isinstance(event, (yaml.StreamStartEvent, yaml.DocumentStartEvent)):
            continue
        if not isinstance(event, yaml.MappingStartEvent):
            return
        break
    else:
        return
    depth, is_key = 0, True  # depth below the top-level mapping; a key or a value next
    for event in events:
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            continue
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            if depth == 0:  # the top-level mapping's end
                return
            depth -= 1
            if depth == 0:
                is_key = not is_key
            continue
        if depth == 0:  # a scalar or an alias in the top-level mapping
            if is_key and isinstance(event, yaml.ScalarEvent):
                yield event.value
            is_key = not is_key


class ScenarioFiles(NamedTuple):
    """The files a run answers, and the YAML files of its folders that are not scenarios."""

    files: list[Path]
    skipped: list[Path]


def find_scenario_files(paths: Iterable[str | Path]) -> ScenarioFiles:
    """The scenario files ``paths`` name: a file as given (always taken for a scenario), a
    folder for every ``*.yaml`` and ``*.yml`` file under it that is one (``is_scenario_file``),
    subfolders included (sorted, hidden folders skipped); the folders' other YAML files are
    ``skipped``. A path that is not a regular file stays in, for the loader to refuse by name."""
    found: list[Path] = []
    skipped: list[Path] = []
    for path in map(Path, paths):
        if not path.is_dir():
            found.append(path)
            continue
        for p in sorted(path.rglob("*")):
            if p.suffix not in SCENARIO_SUFFIXES or p.is_dir() or \
                    any(part.startswith(".") for part in p.relative_to(path).parts):
                continue
            (found if is_scenario_file(p) else skipped).append(p)
    return ScenarioFiles(found, skipped)


def scenario_files_in(paths: Iterable[str | Path]) -> list[Path]:
    """The scenario files ``paths`` name (``find_scenario_files``, without the skipped ones)."""
    return find_scenario_files(paths).files


def builtin_scenario_files() -> list[Path]:
    """The built-in scenario files, area by area."""
    found: list[Path] = []
    for area in SCENARIO_AREAS:
        folder = resources.files(f"mtgrules.queries.scenarios.{area}")
        found += sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".yaml"))
    return found


__all__ = ["Scenario", "Expectation", "load_scenario", "parse_scenario", "scenario_from",
           "parse_state", "builtin_scenario_files", "scenario_files_in", "find_scenario_files",
           "ScenarioFiles", "is_scenario_file", "is_scenario_text", "ScenarioError"]
