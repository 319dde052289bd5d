"""Django-aware glue between views, commands and the engine: every write to assessments is here."""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Annotated, Any

import pydantic_core
from django.db import transaction
from django.db.models import Q
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from advisor.access import visible_assessments
from advisor.engine.facts import Fact, fact_registry
from advisor.engine.recommendation.as_json import recommendation_json
from advisor.engine.recommendation.recommender import Recommendation, recommend
from advisor.engine.rules.loader import (
    OPTIONS,
    SEVERITY_ORDER,
    OptionVerdict,
    describe_condition,
    describe_text,
    evaluate_rules,
    rule_set,
)
from advisor.engine.scenarios import Scenario
from advisor.engine.sizing import SizingPolicy
from advisor.engine.workload import FieldError, Workload, WorkloadInvalid, field_errors, parse_workload
from advisor.models import Assessment
from config import safe_json
from config.plain_errors import plain_message
from pricing.engine.sources.customer_words import customer_words
from pricing.engine.sources.json_words import customer_json
from pricing.snapshots.books import BookKey, clear_price_books, combined_key, priced_book, priced_regions


def _storable(value: str) -> str:
    """PostgreSQL refuses NUL and UTF-8 cannot hold a lone surrogate: say so instead of failing the save."""
    problem = safe_json.text_problem(value)
    if problem:
        raise ValueError(problem)
    return value


StoredText = Annotated[str, AfterValidator(_storable)]


class AssessmentMeta(BaseModel):
    """What identifies an assessment besides its workload."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)

    name: StoredText = Field(min_length=1, max_length=200, title="Assessment name")
    customer: StoredText = Field("", max_length=200, title="Customer")
    project: StoredText = Field("", max_length=200, title="Project")


def assessment_meta_parse(data: dict[str, object]) -> AssessmentMeta:
    try:
        return AssessmentMeta.model_validate(data)
    except ValidationError as error:
        raise WorkloadInvalid(field_errors(error, model=AssessmentMeta)) from None


def _search_columns(workload: Workload) -> dict[str, object]:
    return {
        "workload": workload.model_dump(mode="json"),
        "edition": workload.oracle.edition.value,
        "version": workload.oracle.version.value,
        "region": workload.environment.region,
        "db_size_gib": workload.sizing.db_size_gib,
        "peak_cpu": workload.sizing.peak_cpu,
    }


def assessment_create(
    *, meta: AssessmentMeta, workload: Workload, owner: Any = None, team: Any = None, policy: Any = None
) -> Assessment:
    """Saved for ``owner`` (the signed-in user; None only for scripts, and then only staff see it); ``policy``: a
    sizing policy as an assessment stores it (empty: the defaults)."""
    return Assessment.objects.create(
        name=meta.name, customer=meta.customer, project=meta.project, owner=owner, team=team, policy=policy or {},
        **_search_columns(workload),
    )  # fmt: skip


@transaction.atomic
def assessment_update(
    *, assessment: Assessment, meta: AssessmentMeta, workload: Workload, policy: SizingPolicy | None = None
) -> Assessment:
    """Save the answers, and the sizing policy when one is given (the results page's); the questionnaire, which
    has no policy fields, leaves the saved one as it is."""
    # Lock the row so two editors saving at once cannot interleave their columns.
    locked = Assessment.objects.select_for_update().get(pk=assessment.pk)
    locked.name, locked.customer, locked.project = meta.name, meta.customer, meta.project
    for column, value in _search_columns(workload).items():
        setattr(locked, column, value)
    if policy is not None:
        locked.policy = {} if policy == SizingPolicy() else policy.model_dump(mode="json")
    locked.save()
    return locked


def assessment_policy(assessment: Assessment) -> SizingPolicy:
    """The sizing policy saved with the assessment; the defaults when none was saved, or when one saved by an older
    release no longer validates (its results are then those of the defaults, as before it was saved)."""
    return saved_policy(assessment.policy)


def saved_policy(stored: Any) -> SizingPolicy:
    """A sizing policy as an assessment stores it (JSON; empty or None: the defaults, as is one that no longer
    validates)."""
    try:
        return SizingPolicy.model_validate(stored or {})
    except ValidationError:
        return SizingPolicy()


def assessment_duplicate(*, assessment: Assessment, owner: Any = None) -> Assessment:
    """A copy owned by ``owner`` (who asked for it), in the original's team."""
    meta = AssessmentMeta(
        name=f"Copy of {assessment.name}"[:200], customer=assessment.customer, project=assessment.project
    )
    return assessment_create(
        meta=meta,
        workload=assessment_workload(assessment),
        owner=owner or assessment.owner,
        team=assessment.team,
        policy=assessment.policy,  # the sizing policy it was saved with, too
    )


def assessment_delete(*, assessment: Assessment) -> None:
    assessment.delete()


def assessment_workload(assessment: Assessment) -> Workload:
    """The stored workload, validated again: a row written by an older schema fails loudly here."""
    return parse_workload(assessment.workload)


# --- workload files: export and import ------------------------------------------------------------

WORKLOAD_FILE_KEYS = ("name", "customer", "project", "description", "workload")


class WorkloadFileMeta(BaseModel):
    """What a workload file in the golden scenarios' shape says about itself; every part optional."""

    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)

    name: StoredText = Field("", max_length=200)
    customer: StoredText = Field("", max_length=200)
    project: StoredText = Field("", max_length=200)
    description: StoredText = Field("", max_length=10_000)


@dataclass(frozen=True)
class WorkloadFile:
    """A workload file as read: the workload and, for the scenario shape, what names it (None for a bare one)."""

    workload: Workload
    meta: WorkloadFileMeta | None = None


def assessment_export(*, assessment: Assessment) -> dict[str, Any]:
    """The assessment in the shape of ``fixtures/scenarios/*.json``: it imports, and runs through the CLI, as it is."""
    return {
        "name": assessment.name,
        "customer": assessment.customer,
        "project": assessment.project,
        "workload": assessment.workload,
    }


def workload_file_parse(*, text: str | bytes) -> WorkloadFile:
    """A workload file in either shape: a bare workload, or ``{name, customer, project, description?, workload}``
    as exported and as the golden scenarios are. WorkloadInvalid lists every problem by its path in the file."""
    try:
        data = safe_json.loads(text)
    except safe_json.JsonRefused as refused:
        path = "(file)" if refused.path == "body" else refused.path
        said = refused.in_words() if refused.path == "body" else refused.message
        raise WorkloadInvalid([FieldError(path, f"{said[:1].upper()}{said[1:]}.")]) from None
    if not (isinstance(data, dict) and "workload" in data):
        return WorkloadFile(workload=parse_workload(data))
    errors: list[FieldError] = []
    meta = workload = None
    try:
        meta = WorkloadFileMeta.model_validate({k: v for k, v in data.items() if k != "workload"})
    except ValidationError as error:
        accepted = f"a bare workload, or {{{', '.join(WORKLOAD_FILE_KEYS)}}} with the workload under workload"
        for item in error.errors(include_url=False):
            unknown = item["type"] == "extra_forbidden"
            loc = item["loc"]
            message = (
                f"Not a key of a workload file. Accepted: {accepted}."
                if unknown
                else plain_message(item, label=f"The file's {'.'.join(str(part) for part in loc)}")
            )
            errors.append(FieldError(".".join(str(part) for part in loc), message))
    try:
        workload = parse_workload(data["workload"])
    except WorkloadInvalid as invalid:
        errors += [
            FieldError("workload" if e.path == "(workload)" else f"workload.{e.path}", e.message)
            for e in invalid.errors
        ]
    if errors or workload is None:
        raise WorkloadInvalid(errors)
    return WorkloadFile(workload=workload, meta=meta)


def assessment_import_meta(
    *, posted: dict[str, str], document: WorkloadFile | None, file_name: str = ""
) -> dict[str, str]:
    """The name, customer and project of an import: what the form says, else what the file says, else (for the
    name) the uploaded file's name."""
    merged: dict[str, str] = {}
    for field in ("name", "customer", "project"):
        from_file = getattr(document.meta, field) if document is not None and document.meta is not None else ""
        merged[field] = posted.get(field, "").strip() or from_file
    if not merged["name"] and file_name:
        merged["name"] = file_name.removesuffix(".json").removesuffix(".workload")
    return merged


def assessment_search(*, user: Any, query: str = "") -> list[Assessment]:
    """What ``user`` may see (``advisor.access``), filtered by name, customer or project."""
    rows = visible_assessments(user)
    if query:
        rows = rows.filter(Q(name__icontains=query) | Q(customer__icontains=query) | Q(project__icontains=query))
    return list(rows[:200])


def assessments_from_scenarios(scenarios: list[Scenario], owner: Any = None) -> list[Assessment]:
    """Save each scenario not saved yet (matched by name), all or none, for ``owner``."""
    existing = set(Assessment.objects.filter(name__in=[s.name for s in scenarios]).values_list("name", flat=True))
    with transaction.atomic():
        return [
            assessment_create(
                meta=AssessmentMeta(name=s.name, customer=s.customer, project=s.project),
                workload=s.workload,
                owner=owner,
            )
            for s in scenarios
            if s.name not in existing
        ]


# --- verdicts and the rules page ------------------------------------------------------------------


def verdicts_for(workload: Workload) -> tuple[OptionVerdict, ...]:
    """Verdict per deployment option; only ever called with a valid workload (never a partial verdict)."""
    return evaluate_rules(workload)


@dataclass(frozen=True)
class RuleRow:
    id: str
    option: str
    option_label: str
    condition: str
    severity: str
    title: str
    explanation: str
    workaround: str | None
    source: str
    source_url: str
    as_of: str
    facts: tuple[str, ...]
    covers: tuple[str, ...]


def rules_listing(*, option: str = "", fact: str = "", severity: str = "", query: str = "") -> list[RuleRow]:
    """Every rule the product applies, filtered by option, fact read, severity and text."""
    needle = query.strip().lower()
    rows = []
    for loaded in rule_set().rules:
        rule = loaded.rule
        if option and loaded.option != option or severity and rule.severity != severity:
            continue
        if fact and fact not in loaded.facts:
            continue
        text = f"{rule.id} {rule.title} {rule.explanation} {rule.workaround or ''}".lower()
        if needle and needle not in text:
            continue
        rows.append(
            RuleRow(
                rule.id,
                loaded.option,
                OPTIONS[loaded.option],
                describe_condition(rule.when),
                rule.severity,
                customer_words(rule.title),
                customer_words(describe_text(rule.explanation)),
                customer_words(describe_text(rule.workaround)) if rule.workaround else None,
                customer_words(rule.source),
                rule.source_url,
                rule.as_of.isoformat(),
                loaded.facts,
                rule.covers,
            )
        )
    rows.sort(key=lambda r: (list(OPTIONS).index(r.option), SEVERITY_ORDER[r.severity], r.id))
    return rows


def rule_filter_choices() -> dict[str, list[tuple[str, str]]]:
    registry = fact_registry()
    used = sorted({f for loaded in rule_set().rules for f in loaded.facts}, key=lambda f: registry[f].label.lower())
    return {
        "options": list(OPTIONS.items()),
        "facts": [(f, registry[f].label) for f in used],
        "severities": [(s, s) for s in sorted(SEVERITY_ORDER, key=SEVERITY_ORDER.__getitem__)],
    }


def fact_listing() -> list[Fact]:
    """The facts rules may test, in questionnaire order, for the rules page."""
    return list(fact_registry().values())


# --- prices and recommendations -------------------------------------------------------------------


@dataclass
class _Kept:
    """A recent recommendation, with its API JSON once asked for."""

    recommendation: Recommendation
    json_text: str | None = None


_RECOMMENDATIONS: OrderedDict[tuple[Any, ...], _Kept] = OrderedDict()
RECOMMENDATIONS_KEPT = 256


def recommendation_json_text(workload: Workload, policy: SizingPolicy | None = None) -> str:
    """The API's answer as JSON text, kept with the recommendation it renders (written by pydantic's serializer:
    decimals and dates as the strings ``str`` gives, a few times faster than the standard library's)."""
    kept = _kept(workload, policy)
    if kept.json_text is None:
        answer = customer_json(recommendation_json(kept.recommendation))
        kept.json_text = pydantic_core.to_json(answer, fallback=str).decode()
    return kept.json_text


def clear_price_caches(**_: Any) -> None:
    """Forget cached price books and recommendations: a snapshot was written or switched in this process
    (other workers notice within BOOK_KEY_SECONDS)."""
    clear_price_books()
    _RECOMMENDATIONS.clear()


def topology_regions(workload: Workload) -> tuple[str, ...]:
    """The primary's Region and, for a DR copy priced in its own Region, the DR Region."""
    dr = workload.availability.dr_region if workload.availability.cross_region_dr else None
    return (workload.environment.region, *([dr] if dr else []))


def _topology_book_key(workload: Workload) -> BookKey:
    """The snapshots the recommendation reads: its Regions', and the storage stand-in Region's where one is used."""
    return combined_key(*priced_regions(*topology_regions(workload)))


def recommendation_for(workload: Workload, policy: SizingPolicy | None = None) -> Recommendation:
    """Only ever called with a valid workload (never a partial recommendation)."""
    return _kept(workload, policy).recommendation


def _kept(workload: Workload, policy: SizingPolicy | None) -> _Kept:
    """The same answers, policy and price snapshots always give the same recommendation, so recent ones are
    kept (a results page asks again for the same answers as the user moves around them)."""
    policy = policy or SizingPolicy()
    book_key = _topology_book_key(workload)
    key = (book_key, workload.model_dump_json(), policy.model_dump_json())
    kept = _RECOMMENDATIONS.get(key)
    if kept is not None:
        _RECOMMENDATIONS.move_to_end(key)
        return kept
    kept = _Kept(recommend(workload, priced_book(*topology_regions(workload)), policy=policy))
    _RECOMMENDATIONS[key] = kept
    if len(_RECOMMENDATIONS) > RECOMMENDATIONS_KEPT:
        _RECOMMENDATIONS.popitem(last=False)
    return kept
