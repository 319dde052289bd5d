"""Rules as data: feature gaps, licensing constraints and field risks per deployment option.

Pure Python, no side effects. Rule files live in ``advisor/rules/*.json`` (one per option) and are validated
in two phases, as cloud-custodian validates policies: shape (pydantic, unknown keys forbidden), then meaning
(every fact exists in ``facts.fact_registry()``, operators suit the fact's type, values are of the fact's
type, placeholders name facts, ids are unique, covered reference rows exist). Every error names the rule id.
``evaluate_rules`` turns a valid workload into a verdict per option with the findings that decide it.
"""

from __future__ import annotations

import json
import string
from dataclasses import dataclass
from datetime import date
from functools import cache
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from advisor.engine.facts import Fact, fact_registry, fact_values
from advisor.engine.workload import Workload

RULES_DIR = Path(__file__).resolve().parents[1] / "rules"
SCHEMA_FILE = RULES_DIR / "rule-file.schema.json"
FEATURE_ROWS_FILE = RULES_DIR / "feature_rows.json"

Option = Literal["rds", "rds_custom", "ec2", "odb"]
OPTIONS: dict[str, str] = {
    "rds": "Amazon RDS for Oracle",
    "rds_custom": "Amazon RDS Custom for Oracle",
    "ec2": "Self-managed Oracle on EC2",
    "odb": "Oracle Database@AWS",
}
Severity = Literal["blocker", "warning", "cost", "info"]
SEVERITY_ORDER: dict[str, int] = {"blocker": 0, "warning": 1, "cost": 2, "info": 3}
Operator = Literal["eq", "ne", "in", "not_in", "gt", "gte", "lt", "lte", "is_true", "is_false"]
OPERATOR_TYPES: dict[str, frozenset[str]] = {
    "eq": frozenset({"bool", "enum", "int", "float", "str"}),
    "ne": frozenset({"bool", "enum", "int", "float", "str"}),
    "in": frozenset({"enum", "int", "str"}),
    "not_in": frozenset({"enum", "int", "str"}),
    "gt": frozenset({"int", "float"}),
    "gte": frozenset({"int", "float"}),
    "lt": frozenset({"int", "float"}),
    "lte": frozenset({"int", "float"}),
    "is_true": frozenset({"bool"}),
    "is_false": frozenset({"bool"}),
}
Verdict = Literal["blocked", "caveats", "viable"]
VERDICT_LABELS: dict[str, str] = {
    "blocked": "Blocked",
    "caveats": "Viable with caveats",
    "viable": "Viable",
}

# --- shape ------------------------------------------------------------------------------------

_ID = r"^[a-z0-9]+(-[a-z0-9]+)*$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FactTest(_Strict):
    """``{"fact": "oracle.edition", "op": "eq", "value": "se2"}``; is_true/is_false take no value."""

    fact: str = Field(description="a fact path from the registry, e.g. features.rac")
    op: Operator
    value: bool | int | float | str | list[int | str] | None = None


class AllOf(_Strict):
    all: tuple[Condition, ...] = Field(min_length=1)


class AnyOf(_Strict):
    any: tuple[Condition, ...] = Field(min_length=1)


class NotOf(_Strict):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    not_: Condition = Field(alias="not")


Condition = Annotated[FactTest | AllOf | AnyOf | NotOf, Field(union_mode="left_to_right")]
AllOf.model_rebuild()
AnyOf.model_rebuild()
NotOf.model_rebuild()


class Rule(_Strict):
    id: str = Field(pattern=_ID, description="unique across all rule files, e.g. rds-rac-not-offered")
    title: str = Field(min_length=5, max_length=140)
    severity: Severity
    when: Condition | None = Field(default=None, description="omitted: applies to every workload (what to know)")
    explanation: str = Field(min_length=20, description="why; may name facts as {oracle.edition}")
    workaround: str | None = Field(default=None, min_length=10)
    source: str = Field(min_length=5, description="document and section, with the reference's tag")
    source_url: str = Field(pattern=r"^https://", description="where a reader checks it")
    as_of: date = Field(description="the date of the copy of the source read")
    covers: tuple[str, ...] = Field(default=(), description="feature_rows.json ids of reference rows this covers")


class RuleFile(_Strict):
    option: Option
    rules: tuple[Rule, ...] = Field(min_length=1)


class FeatureRow(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    reference_row: str = Field(min_length=2, description="the Feature cell of the reference's matrix, verbatim")


class FeatureRows(_Strict):
    source: str
    rows: tuple[FeatureRow, ...]


# --- meaning ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleProblem:
    file: str
    rule_id: str
    message: str

    def __str__(self) -> str:
        return f"{self.file}: rule {self.rule_id}: {self.message}"


class RuleSetInvalid(ValueError):
    def __init__(self, problems: list[RuleProblem]) -> None:
        self.problems = tuple(problems)
        super().__init__("invalid rule set:\n" + "\n".join(f"  {p}" for p in self.problems))


@dataclass(frozen=True)
class LoadedRule:
    option: str
    file: str
    rule: Rule
    facts: tuple[str, ...]  # every fact the condition reads, for filtering and the rules page


@dataclass(frozen=True)
class RuleSet:
    rules: tuple[LoadedRule, ...]
    feature_rows: tuple[FeatureRow, ...]

    def for_option(self, option: str) -> tuple[LoadedRule, ...]:
        return tuple(r for r in self.rules if r.option == option)


def _conditions(condition: Any) -> list[FactTest]:
    if condition is None:
        return []
    if isinstance(condition, FactTest):
        return [condition]
    if isinstance(condition, NotOf):
        return _conditions(condition.not_)
    children = condition.all if isinstance(condition, AllOf) else condition.any
    return [test for child in children for test in _conditions(child)]


def _value_problem(test: FactTest, fact: Fact) -> str | None:
    if test.op in ("is_true", "is_false"):
        return None if test.value is None else f"{test.op} takes no value"
    if test.value is None:
        return f"{test.op} needs a value"
    values = test.value if isinstance(test.value, list) else [test.value]
    if test.op in ("in", "not_in") and not isinstance(test.value, list):
        return f"{test.op} needs a list of values"
    if test.op not in ("in", "not_in") and isinstance(test.value, list):
        return f"{test.op} needs a single value, not a list"
    for value in values:
        if fact.type == "bool" and not isinstance(value, bool):
            return f"{fact.path} is true or false, got {value!r}"
        if fact.type in ("int", "float") and (isinstance(value, bool) or not isinstance(value, int | float)):
            return f"{fact.path} is a number ({fact.unit or 'no unit'}), got {value!r}"
        if fact.type == "enum" and value not in (fact.choices or ()):
            return f"{fact.path} is one of {', '.join(fact.choices or ())}; got {value!r}"
        if fact.type == "str" and not isinstance(value, str):
            return f"{fact.path} is text, got {value!r}"
    return None


def _placeholders(text: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


def _meaning_problems(file: str, rule: Rule, registry: dict[str, Fact], row_ids: set[str]) -> list[RuleProblem]:
    problems: list[RuleProblem] = []

    def problem(message: str) -> None:
        problems.append(RuleProblem(file, rule.id, message))

    for test in _conditions(rule.when):
        fact = registry.get(test.fact)
        if fact is None:
            problem(f"unknown fact {test.fact!r} (see the fact registry on the rules page)")
            continue
        if fact.type not in OPERATOR_TYPES[test.op]:
            problem(f"operator {test.op} does not suit {test.fact}, a {fact.type} fact")
            continue
        message = _value_problem(test, fact)
        if message:
            problem(message)
    for text in (rule.explanation, rule.workaround or ""):
        for name in _placeholders(text):
            if name not in registry:
                problem(f"placeholder {{{name}}} names no fact")
    for row in rule.covers:
        if row not in row_ids:
            problem(f"covers unknown reference row {row!r} (feature_rows.json)")
    return problems


def _shape_problems(file: str, error: ValidationError, raw: Any) -> list[RuleProblem]:
    out = []
    for detail in error.errors():
        loc = detail["loc"]
        rule_id = "(file)"
        if len(loc) >= 2 and loc[0] == "rules" and isinstance(loc[1], int):
            try:
                rule_id = str(raw["rules"][loc[1]].get("id", f"#{loc[1] + 1}"))
            except (KeyError, IndexError, TypeError, AttributeError):
                rule_id = f"#{loc[1] + 1}"
            loc = loc[2:]
        where = ".".join(str(part) for part in loc)
        out.append(RuleProblem(file, rule_id, f"{where}: {detail['msg']}" if where else str(detail["msg"])))
    return out


def load_rules(rules_dir: Path | None = None) -> RuleSet:
    """Read and validate every rule file; raise RuleSetInvalid listing every problem, naming rule ids."""
    rules_dir = rules_dir or RULES_DIR
    problems: list[RuleProblem] = []
    feature_rows = FeatureRows.model_validate_json((rules_dir / FEATURE_ROWS_FILE.name).read_text()).rows
    row_ids = {row.id for row in feature_rows}
    registry = fact_registry()
    loaded: list[LoadedRule] = []
    seen: dict[str, str] = {}
    files = sorted(p for p in rules_dir.glob("*.json") if p.name not in (FEATURE_ROWS_FILE.name, SCHEMA_FILE.name))
    for path in files:
        try:
            raw = json.loads(path.read_text())
        except json.JSONDecodeError as error:
            problems.append(RuleProblem(path.name, "(file)", f"not valid JSON: {error}"))
            continue
        try:
            rule_file = RuleFile.model_validate(raw)
        except ValidationError as error:
            problems.extend(_shape_problems(path.name, error, raw))
            continue
        for rule in rule_file.rules:
            if rule.id in seen:
                problems.append(RuleProblem(path.name, rule.id, f"duplicate id (also in {seen[rule.id]})"))
            seen[rule.id] = path.name
            problems.extend(_meaning_problems(path.name, rule, registry, row_ids))
            facts = tuple(dict.fromkeys(test.fact for test in _conditions(rule.when)))
            loaded.append(LoadedRule(rule_file.option, path.name, rule, facts))
    if problems:
        raise RuleSetInvalid(problems)
    return RuleSet(tuple(loaded), feature_rows)


@cache
def rule_set() -> RuleSet:
    return load_rules()


def rule_file_schema() -> dict[str, Any]:
    schema = RuleFile.model_json_schema()
    schema["$id"] = "advisor/rules/rule-file.schema.json"
    schema["title"] = "Oracle on AWS Advisor rule file"
    return schema


_OP_WORDS = {"eq": "is", "ne": "is not", "gt": ">", "gte": "≥", "lt": "<", "lte": "≤"}


def describe_condition(condition: Any) -> str:
    """A condition in plain words with the questionnaire's labels, for the rules page."""
    if condition is None:
        return "always (applies to every workload)"
    if isinstance(condition, AllOf):
        return " and ".join(_grouped(child) for child in condition.all)
    if isinstance(condition, AnyOf):
        return " or ".join(_grouped(child) for child in condition.any)
    if isinstance(condition, NotOf):
        return f"not ({describe_condition(condition.not_)})"
    fact = fact_registry()[condition.fact]
    if condition.op == "is_true":
        return f"{fact.label}: yes"
    if condition.op == "is_false":
        return f"{fact.label}: no"
    if condition.op in ("in", "not_in"):
        values = ", ".join(fact.value_words(v) for v in condition.value)  # type: ignore[union-attr]
        return f"{fact.label} {'is' if condition.op == 'in' else 'is not'} one of {values}"
    return f"{fact.label} {_OP_WORDS[condition.op]} {fact.value_words(condition.value)}"


def describe_text(text: str) -> str:
    """A rule's text with its placeholders named for a reader: {derived.peak_vcpus} -> ‹Peak vCPUs busy›."""
    for name in _placeholders(text):
        text = text.replace("{" + name + "}", f"‹{fact_registry()[name].label}›")
    return text


def _grouped(condition: Any) -> str:
    text = describe_condition(condition)
    return f"({text})" if isinstance(condition, AllOf | AnyOf) else text


# --- evaluation -------------------------------------------------------------------------------


def _holds(condition: Any, values: dict[str, Any]) -> bool:
    if condition is None:
        return True
    if isinstance(condition, AllOf):
        return all(_holds(child, values) for child in condition.all)
    if isinstance(condition, AnyOf):
        return any(_holds(child, values) for child in condition.any)
    if isinstance(condition, NotOf):
        return not _holds(condition.not_, values)
    value, expected, op = values[condition.fact], condition.value, condition.op
    if op == "is_true":
        return value is True
    if op == "is_false":
        return value is False
    if op == "eq":
        return bool(value == expected)
    if op == "ne":
        return bool(value != expected)
    if op == "in":
        return value in expected  # type: ignore[operator]
    if op == "not_in":
        return value not in expected  # type: ignore[operator]
    if value is None:
        return False
    return {"gt": value > expected, "gte": value >= expected, "lt": value < expected, "lte": value <= expected}[op]  # type: ignore[operator]


def _fill(text: str, values: dict[str, Any]) -> str:
    """Fill {fact.path} placeholders as a reader reads them: 12.0 -> 12, 0.3333 -> 0.33, unit appended."""
    registry = fact_registry()
    shown: dict[str, str] = {}
    for name in _placeholders(text):
        value, unit = values[name], registry[name].unit
        if isinstance(value, float):
            value = f"{value:,.0f}" if value >= 100 or value.is_integer() else f"{value:,.2f}"
        shown[name] = f"{value} {unit}" if unit else str(value)
    for name, value in shown.items():  # not str.format: a dotted name would be read as attribute access
        text = text.replace("{" + name + "}", value)
    return text


@dataclass(frozen=True)
class Finding:
    rule_id: str
    option: str
    severity: str
    title: str
    explanation: str
    workaround: str | None
    source: str
    source_url: str
    as_of: str


@dataclass(frozen=True)
class OptionVerdict:
    option: str
    label: str
    verdict: Verdict
    findings: tuple[Finding, ...]

    @property
    def verdict_label(self) -> str:
        return VERDICT_LABELS[self.verdict]

    def count(self, severity: str) -> int:
        return sum(1 for f in self.findings if f.severity == severity)


def _verdict(findings: list[Finding]) -> Verdict:
    severities = {f.severity for f in findings}
    if "blocker" in severities:
        return "blocked"
    if severities & {"warning", "cost"}:
        return "caveats"
    return "viable"


def evaluate_rules(workload: Workload, *, rules: RuleSet | None = None) -> tuple[OptionVerdict, ...]:
    """A verdict per option (in OPTIONS order) with the findings that decide it, most severe first."""
    rules = rules or rule_set()
    values = fact_values(workload)
    out = []
    for option, label in OPTIONS.items():
        findings = [
            Finding(
                rule_id=loaded.rule.id,
                option=option,
                severity=loaded.rule.severity,
                title=loaded.rule.title,
                explanation=_fill(loaded.rule.explanation, values),
                workaround=_fill(loaded.rule.workaround, values) if loaded.rule.workaround else None,
                source=loaded.rule.source,
                source_url=loaded.rule.source_url,
                as_of=loaded.rule.as_of.isoformat(),
            )
            for loaded in rules.for_option(option)
            if _holds(loaded.rule.when, values)
        ]
        findings.sort(key=lambda f: (SEVERITY_ORDER[f.severity], f.rule_id))
        out.append(OptionVerdict(option, label, _verdict(findings), tuple(findings)))
    return tuple(out)


def verdicts_json(verdicts: tuple[OptionVerdict, ...]) -> dict[str, Any]:
    """The shape the CLI prints and the API returns."""
    return {
        "options": [
            {
                "option": v.option,
                "label": v.label,
                "verdict": v.verdict,
                "findings": [
                    {
                        "rule_id": f.rule_id,
                        "severity": f.severity,
                        "title": f.title,
                        "explanation": f.explanation,
                        "workaround": f.workaround,
                        "source": f.source,
                        "source_url": f.source_url,
                        "as_of": f.as_of,
                    }
                    for f in v.findings
                ],
            }
            for v in verdicts
        ]
    }
