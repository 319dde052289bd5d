"""The shape of a rule file: the vocabulary (options, severities, operators, verdicts) and the pydantic models.

Pure Python. Phase one of validating rules: unknown keys are forbidden and every field is typed. A loaded,
validated rule set (``RuleSet``) keeps each rule with the facts its condition reads.
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from datetime import date
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field

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
    service_ends: date | None = Field(
        default=None,
        description="the day the option's service ends, on a rule that says so: where the rule applies the option is "
        "an exit path, priced where the database runs now, never ranked and offered no commitment",
    )


class RuleFile(_Strict):
    option: Option
    rules: tuple[Rule, ...] = Field(min_length=1)


class FeatureRow(_Strict):
    id: str = Field(pattern=r"^[a-z0-9_]+$")
    reference_row: str = Field(min_length=2, description="the Feature cell of the reference's matrix, verbatim")


class FeatureRows(_Strict):
    source: str
    rows: tuple[FeatureRow, ...]


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


def _placeholders(text: str) -> list[str]:
    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


def rule_file_schema() -> dict[str, Any]:
    schema = RuleFile.model_json_schema()
    schema["$id"] = "advisor/rules/rule-file.schema.json"
    schema["title"] = "Oracle on AWS Advisor rule file"
    return schema
