"""Rules as data: feature gaps, licensing constraints and field risks per deployment option.

Pure Python, no side effects. Rule files live in ``advisor/rules/*.json`` (one per option) and are validated
in two phases, as cloud-custodian validates policies: shape (pydantic, unknown keys forbidden), then meaning
(every fact exists in ``facts.fact_registry()``, operators suit the fact's type, values are of the fact's
type, placeholders name facts, ids are unique, covered reference rows exist). Every error names the rule id.
``evaluate_rules`` turns a valid workload into a verdict per option with the findings that decide it.

This module finds, loads and checks the rule set (its directory is read at call time, so a test can point it
elsewhere) and is the public face of ``shape`` (the vocabulary and the file's shape), ``words``
(conditions in plain words) and ``verdicts`` (findings and verdicts).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from advisor.engine.facts import Fact, fact_registry
from advisor.engine.rules.shape import (
    OPERATOR_TYPES,
    OPTIONS,
    SEVERITY_ORDER,
    VERDICT_LABELS,
    AllOf,
    AnyOf,
    Condition,
    FactTest,
    FeatureRow,
    FeatureRows,
    LoadedRule,
    NotOf,
    Operator,
    Option,
    Rule,
    RuleFile,
    RuleSet,
    Severity,
    Verdict,
    _conditions,
    _placeholders,
    rule_file_schema,
)
from advisor.engine.rules.verdicts import Finding, OptionVerdict, verdicts_for, verdicts_json
from advisor.engine.rules.words import describe_condition, describe_text
from advisor.engine.workload import Workload

__all__ = [
    "AllOf",
    "AnyOf",
    "Condition",
    "FEATURE_ROWS_FILE",
    "FactTest",
    "FeatureRow",
    "FeatureRows",
    "Finding",
    "LoadedRule",
    "NotOf",
    "OPERATOR_TYPES",
    "OPTIONS",
    "Operator",
    "Option",
    "OptionVerdict",
    "RULES_DIR",
    "Rule",
    "RuleFile",
    "RuleProblem",
    "RuleSet",
    "RuleSetInvalid",
    "SCHEMA_FILE",
    "SEVERITY_ORDER",
    "Severity",
    "VERDICT_LABELS",
    "Verdict",
    "describe_condition",
    "describe_text",
    "evaluate_rules",
    "load_rules",
    "rule_file_schema",
    "rule_set",
    "verdicts_json",
]

RULES_DIR = Path(__file__).resolve().parents[2] / "rules"
SCHEMA_FILE = RULES_DIR / "rule-file.schema.json"
FEATURE_ROWS_FILE = RULES_DIR / "feature_rows.json"


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


# Workloads whose verdicts are kept: the recent answers of a busy process.
VERDICTS_KEPT = 1024


@cache
def rule_set() -> RuleSet:
    return load_rules()


def evaluate_rules(workload: Workload, *, rules: RuleSet | None = None) -> tuple[OptionVerdict, ...]:
    """A verdict per option (in OPTIONS order) with the findings that decide it, most severe first."""
    if rules is None:
        return _kept_verdicts(workload)
    return verdicts_for(workload, rules)


@lru_cache(maxsize=VERDICTS_KEPT)
def _kept_verdicts(workload: Workload) -> tuple[OptionVerdict, ...]:
    """The loaded rules' verdicts, kept per workload (frozen, so it is its own key): a results page, its PDF and the
    API ask again for the same answers."""
    return verdicts_for(workload, rule_set())
