"""Rules applied to a workload: the findings whose conditions hold, and a verdict per option.

Pure Python, no side effects. Conditions are tested against the workload's fact values; a finding's texts have
their ``{fact.path}`` placeholders filled as a reader reads them. ``verdicts_json`` is the shape the CLI prints
and the API returns.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from advisor.engine.facts import fact_registry, fact_values
from advisor.engine.rules.shape import (
    OPTIONS,
    SEVERITY_ORDER,
    VERDICT_LABELS,
    AllOf,
    AnyOf,
    LoadedRule,
    NotOf,
    RuleSet,
    Verdict,
    _placeholders,
)
from advisor.engine.workload import Workload
from pricing.engine.sources.customer_words import customer_words


def _test(condition: Any) -> Callable[[dict[str, Any]], bool]:
    """``condition`` made a test of the fact values once (not walked again for every workload): all/any/not of
    fact tests; a missing value never compares (``gt`` of None is false)."""
    if condition is None:
        return lambda values: True
    if isinstance(condition, AllOf):
        every = tuple(_test(child) for child in condition.all)
        return lambda values: all(test(values) for test in every)
    if isinstance(condition, AnyOf):
        some = tuple(_test(child) for child in condition.any)
        return lambda values: any(test(values) for test in some)
    if isinstance(condition, NotOf):
        inner = _test(condition.not_)
        return lambda values: not inner(values)
    fact, expected, op = condition.fact, condition.value, condition.op
    if op == "is_true":
        return lambda values: values[fact] is True
    if op == "is_false":
        return lambda values: values[fact] is False
    if op == "eq":
        return lambda values: bool(values[fact] == expected)
    if op == "ne":
        return lambda values: bool(values[fact] != expected)
    if op == "in":
        return lambda values: values[fact] in expected  # type: ignore[operator]
    if op == "not_in":
        return lambda values: values[fact] not in expected  # type: ignore[operator]
    compare = {"gt": operator.gt, "gte": operator.ge, "lt": operator.lt, "lte": operator.le}[op]
    return lambda values: values[fact] is not None and compare(values[fact], expected)


# Units that are plural nouns, said in the singular for a count of one
COUNTED_UNITS = frozenset({"PDBs", "cores", "days", "hours", "licences", "minutes", "replicas", "sockets", "threads",
                           "vCPUs", "years"})  # fmt: skip


def _fill(text: str, values: dict[str, Any]) -> str:
    """Fill {fact.path} placeholders as a reader reads them: 12.0 -> 12, 0.3333 -> 0.33, unit appended."""
    registry = fact_registry()
    shown: dict[str, str] = {}
    for name in _placeholders(text):
        value, unit = values[name], registry[name].unit
        if isinstance(value, float):
            value = f"{value:,.0f}" if value >= 100 or value.is_integer() else f"{value:,.2f}"
        if unit in COUNTED_UNITS and str(value) == "1":
            unit = unit[:-1]  # "1 PDB", "1 core", not "1 PDBs"
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
    service_ends: str | None = None  # the rule's: the option's service ends that day (an exit path)


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


def _finding(loaded: LoadedRule, option: str, values: dict[str, Any]) -> Finding:
    return Finding(
        rule_id=loaded.rule.id,
        option=option,
        severity=loaded.rule.severity,
        title=customer_words(loaded.rule.title),
        explanation=customer_words(_fill(loaded.rule.explanation, values)),
        workaround=customer_words(_fill(loaded.rule.workaround, values)) if loaded.rule.workaround else None,
        source=customer_words(loaded.rule.source),
        source_url=loaded.rule.source_url,
        as_of=loaded.rule.as_of.isoformat(),
        service_ends=loaded.rule.service_ends.isoformat() if loaded.rule.service_ends else None,
    )


@dataclass
class _Written:
    """Findings already written, per rule and the values its words show (a finding reads nothing else); emptied when
    it holds ``FINDINGS_KEPT``."""

    shown: dict[int, tuple[str, ...]] = field(default_factory=dict)  # per rule (by identity): the facts its words show
    findings: dict[tuple[Any, ...], Finding] = field(default_factory=dict)
    # per option: its rules, each with its condition made a test once (``_test``)
    tests: dict[str, tuple[tuple[LoadedRule, Callable[[dict[str, Any]], bool]], ...]] = field(default_factory=dict)

    def rules(self, rules: RuleSet, option: str) -> tuple[tuple[LoadedRule, Callable[[dict[str, Any]], bool]], ...]:
        found = self.tests.get(option)
        if found is None:
            found = self.tests[option] = tuple((loaded, _test(loaded.rule.when)) for loaded in rules.for_option(option))
        return found

    def finding(self, loaded: LoadedRule, option: str, values: dict[str, Any]) -> Finding:
        names = self.shown.get(id(loaded))
        if names is None:
            texts = (loaded.rule.explanation, loaded.rule.workaround or "")
            names = self.shown[id(loaded)] = tuple(dict.fromkeys(n for t in texts for n in _placeholders(t)))
        key = (id(loaded), option, *(values[name] for name in names))
        found = self.findings.get(key)
        if found is None:
            if len(self.findings) >= FINDINGS_KEPT:
                self.findings.clear()
            found = self.findings[key] = _finding(loaded, option, values)
        return found


# Findings kept: a few hundred rules, each with the few values its words show, for a busy process's workloads.
FINDINGS_KEPT = 20_000
_WRITTEN: dict[int, tuple[RuleSet, _Written]] = {}


def _written(rules: RuleSet) -> _Written:
    """The rule set's written findings (held with it, so its identity is not reused)."""
    kept = _WRITTEN.get(id(rules))
    if kept is None or kept[0] is not rules:
        if len(_WRITTEN) > 8:
            _WRITTEN.clear()
        kept = _WRITTEN[id(rules)] = (rules, _Written())
    return kept[1]


def verdicts_for(workload: Workload, rules: RuleSet) -> tuple[OptionVerdict, ...]:
    """A verdict per option (in OPTIONS order) with the findings that decide it, most severe first."""
    values = fact_values(workload)
    written = _written(rules)
    out = []
    for option, label in OPTIONS.items():
        findings = [
            written.finding(loaded, option, values) for loaded, holds in written.rules(rules, option) if holds(values)
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
