"""Cost estimates outside the engine: the glue the /estimate page, ``POST /api/v1/estimate`` and ``manage.py
estimate`` share (which regions have prices, the region's price book, vCPUs from the instance catalog, the price
snapshots behind a bill), and the page's fields: their choices, reading them from a query string into the public
config contract, and placing each problem on its field.

The page reads only the fields its platform shows and adapts the instance class when the platform changes
(``db.m5.xlarge`` <-> ``m5.xlarge``); the API and CLI take the config as given and reject what does not fit.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, get_args

from pricing.catalog.instances import catalog_rows
from pricing.catalog.regions import regions as region_catalog
from pricing.engine.calculator import (
    Estimate,
    EstimateConfig,
    EstimateInvalid,
    LicenceModelComparison,
    Problem,
    aws_rules,
    compare_licence_models,
    estimate,
    parse_config,
)
from pricing.engine.licences import licence_price_list
from pricing.engine.pricebook import (
    DEPLOYMENTS,
    LICENCE_MODEL_LABELS,
    Commitment,
    PriceBook,
    commitment_label,
)
from pricing.models import PriceRecord, PriceSnapshot
from pricing.price_books import price_book_for

PLATFORMS = {
    "rds": "Amazon RDS for Oracle",
    "rds-custom": "Amazon RDS Custom for Oracle",
    "ec2": "Self-managed Oracle on EC2",
}
SERVICE_OF = {"rds": "AmazonRDS", "rds-custom": "AmazonRDS", "ec2": "AmazonEC2"}
EDITION_NAMES = {"ee": "Enterprise Edition (EE)", "se2": "Standard Edition 2 (SE2)"}
MAX_VOLUMES = 64  # this page's limit on identical volumes; the API and CLI take any list

# --- the glue shared by the page, the API and the CLI ----------------------------------------------------------


@dataclass(frozen=True)
class SnapshotInfo:
    """The price snapshot a bill was priced from, as shown next to its totals."""

    id: int
    service: str
    region: str
    source: str
    as_of: date
    origin: str
    origin_label: str

    def as_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "service": self.service,
            "region": self.region,
            "source": self.source,
            "as_of": self.as_of.isoformat(),
            "origin": self.origin,
        }


@dataclass(frozen=True)
class EstimateAnswer:
    config: EstimateConfig
    estimate: Estimate
    snapshots: tuple[SnapshotInfo, ...]
    book: PriceBook = field(repr=False)
    vcpus: int | None = None


def priced_regions(platform: str) -> tuple[str, ...]:
    """Regions whose current snapshots price the platform's instances (RDS Custom: its own SKUs only)."""
    service = SERVICE_OF.get(platform, "AmazonRDS")
    if platform == "rds-custom":
        found = PriceRecord.objects.filter(
            snapshot__is_current=True, service=service, rds_custom=True, product_family="Database Instance"
        ).values_list("region", flat=True)
    else:
        found = PriceSnapshot.objects.filter(service=service, is_current=True).values_list("region", flat=True)
    return tuple(sorted(set(found)))


def catalog_vcpus(platform: str, instance_class: str) -> int | None:
    """vCPUs of the class from the instance catalog; None when the catalog lacks it (the price rows may say)."""
    row = catalog_rows().get(instance_class)
    wanted = "ec2" if platform == "ec2" else "rds"
    return int(row["vcpus"]) if row is not None and row["platform"] == wanted else None


def _product(platform: str) -> str:
    return {"rds": "RDS for Oracle", "rds-custom": "RDS Custom for Oracle", "ec2": "EC2"}[platform]


def estimate_run(config: EstimateConfig | Mapping[str, Any]) -> EstimateAnswer:
    """Price a config from the current snapshots of its region; ``EstimateInvalid`` lists every problem."""
    cfg = parse_config(config)
    vcpus = catalog_vcpus(cfg.platform, cfg.instance_class)
    priced = priced_regions(cfg.platform)
    if cfg.region not in priced:
        known = region_catalog()
        what = "an AWS region code" if cfg.region in known else "not an AWS region code"
        region_problem = Problem(
            "region",
            f"{cfg.region!r} ({what}) has no {_product(cfg.platform)} prices in the current price snapshots; "
            f"priced regions: {', '.join(priced) or 'none (load them with manage.py load_prices)'}",
        )
        try:
            estimate(cfg, PriceBook([]), vcpus=vcpus)
        except EstimateInvalid as invalid:
            others = [p for p in invalid.problems if p.field not in ("region", "licences.vcpus")]
            raise EstimateInvalid([region_problem, *others]) from None
        raise EstimateInvalid([region_problem])  # pragma: no cover - an empty book always fails on the region
    book = price_book_for(cfg.region)
    try:
        result = estimate(cfg, book, vcpus=vcpus)
    except EstimateInvalid as invalid:
        fields = {p.field for p in invalid.problems}
        if "instance_class" in fields and cfg.licences.vcpus is None:
            # an unpriced class has no vCPU count either: saying so twice would only add noise
            raise EstimateInvalid([p for p in invalid.problems if p.field != "licences.vcpus"]) from None
        raise
    return EstimateAnswer(cfg, result, snapshots_for(cfg.platform, cfg.region), book, vcpus)


def licence_comparison(answer: EstimateAnswer) -> LicenceModelComparison:
    return compare_licence_models(answer.config, answer.book, vcpus=answer.vcpus)


def snapshots_for(platform: str, region: str) -> tuple[SnapshotInfo, ...]:
    service = SERVICE_OF[platform]
    found = PriceSnapshot.objects.filter(region=region, service=service, is_current=True)
    return tuple(
        SnapshotInfo(s.pk, s.service, s.region, s.source, s.as_of, s.origin, s.get_origin_display()) for s in found
    )


def estimate_json(answer: EstimateAnswer) -> dict[str, Any]:
    """The public JSON answer: the Estimate (money as exact decimal strings) and the snapshots it was priced from."""
    data = answer.estimate.model_dump(mode="json")
    data["price_snapshots"] = [s.as_json() for s in answer.snapshots]
    return data


def problems_json(problems: Iterable[Problem]) -> list[dict[str, str]]:
    return [{"path": p.field, "message": p.message} for p in problems]


def plain(value: Decimal) -> str:
    """0.000000055 rather than 5.5E-8; trailing zeros kept as AWS publishes them."""
    return format(value, "f")


# --- the page's fields ----------------------------------------------------------------------------------------

DEFAULTS: dict[str, str] = {
    "platform": "rds",
    "region": "eu-west-1",
    "instance_class": "db.m5.xlarge",
    "edition": "se2",
    "licence_model": "byol",
    "deployment": "single-az",
    "commitment": "on-demand",
    "storage_type": "gp3",
    "storage_gib": "400",
    "volume_type": "gp3",
    "volume_gib": "500",
    "volume_count": "2",
    "extra_backup_gib": "0",
    "snapshot_gib": "0",
    "licences": "include",
    "discount_pct": "0",
    "owned_licences": "0",
    "term_years": "3",
}
DEFAULT_CLASS = {"rds": "db.m5.xlarge", "rds-custom": "db.m5.xlarge", "ec2": "m5.xlarge"}
DEPLOY_FIELDS = ("platform", "region", "instance_class", "edition", "licence_model", "deployment", "commitment")
RDS_FIELDS = ("storage_type", "storage_gib", "storage_iops", "storage_throughput", "io_requests", "extra_backup_gib")
EC2_FIELDS = (
    "volume_type",
    "volume_gib",
    "volume_iops",
    "volume_throughput",
    "volume_count",
    "io_requests",
    "snapshot_gib",
)
LICENCE_FIELDS = (
    "licences",
    "options",
    "standby",
    "discount_pct",
    "owned_licences",
    "term_years",
    "optimize_cpus_cores",
    "hyperthreading",
)
ALL_FIELDS = frozenset((*DEPLOY_FIELDS, *RDS_FIELDS, *EC2_FIELDS, *LICENCE_FIELDS, "performance_insights"))
# config path (after the volume index is dropped) -> form field
PATH_FIELDS = {
    "storage": "storage_type",
    "storage.type": "storage_type",
    "storage.size_gib": "storage_gib",
    "storage.iops": "storage_iops",
    "storage.throughput_mib_s": "storage_throughput",
    "storage.io_requests_per_month": "io_requests",
    "volumes": "volume_count",
    "volumes.type": "volume_type",
    "volumes.size_gib": "volume_gib",
    "volumes.iops": "volume_iops",
    "volumes.throughput_mib_s": "volume_throughput",
    "volumes.io_requests_per_month": "io_requests",
    "performance_insights": "performance_insights",
    "performance_insights.mode": "performance_insights",
    "licences": "licences",
    "licences.include": "licences",
    "licences.options": "options",
    "licences.standby": "standby",
    "licences.discount_pct": "discount_pct",
    "licences.owned_processor_licences": "owned_licences",
    "licences.term_years": "term_years",
    "licences.optimize_cpus_cores": "optimize_cpus_cores",
    "licences.hyperthreading": "hyperthreading",
    "licences.vcpus": "instance_class",
    "licences.pdbs": "options",
}


@dataclass(frozen=True)
class FormField:
    name: str
    label: str
    value: Any
    error: str
    widget: str  # "select", "number", "checks"
    choices: tuple[tuple[str, str], ...] = ()
    hint: str = ""


@dataclass(frozen=True)
class FieldGroup:
    title: str
    fields: tuple[FormField, ...]


def field_for(path: str) -> str:
    """The form field a config path belongs to: ``volumes[3].iops`` -> ``volume_iops``."""
    bare = re.sub(r"\[\d+\]", "", path)
    if bare in PATH_FIELDS:
        return PATH_FIELDS[bare]
    parts = bare.split(".")
    for n in range(len(parts) - 1, 0, -1):
        if ".".join(parts[:n]) in PATH_FIELDS:
            return PATH_FIELDS[".".join(parts[:n])]
    return parts[0] if parts[0] in ALL_FIELDS else ""


def shown_problems(problems: Iterable[Problem]) -> tuple[Problem, ...]:
    """Every problem once: the same message on each of N identical volumes is said once, on the first."""
    seen: set[tuple[str, str]] = set()
    out = []
    for p in problems:
        key = (re.sub(r"\[\d+\]", "[]", p.field), p.message)
        if key not in seen:
            seen.add(key)
            out.append(p)
    return tuple(out)


def _twin(platform: str, instance_class: str) -> str:
    """The same shape named for the other platform: db.m5.xlarge on RDS is m5.xlarge on EC2."""
    if not instance_class:
        return DEFAULT_CLASS[platform]
    return instance_class.removeprefix("db.") if platform == "ec2" else f"db.{instance_class.removeprefix('db.')}"


def _given(params: Mapping[str, Any], key: str) -> Any:
    value = params.get(key)
    return value.strip() if isinstance(value, str) else value


def query_data(params: Mapping[str, Any]) -> dict[str, Any]:
    """The page's values from a query string. A field absent from it takes its default (a shared link leaves the
    defaults out); a field present but blank stays blank (the user cleared it)."""
    data: dict[str, Any] = {}
    for key in ALL_FIELDS - {"options"}:
        value = _given(params, key)
        data[key] = DEFAULTS.get(key, "") if value is None else str(value)
    options = params.getlist("options") if hasattr(params, "getlist") else params.get("options") or []
    data["options"] = [str(o) for o in ([options] if isinstance(options, str) else options) if str(o).strip()]
    platform = data["platform"]
    if platform in PLATFORMS and _given(params, "instance_class") is not None:
        data["instance_class"] = _twin(platform, data["instance_class"])
    elif platform in PLATFORMS:
        data["instance_class"] = DEFAULT_CLASS[platform]
    return data


def share_params(data: Mapping[str, Any]) -> dict[str, Any]:
    """The query string of a shareable link: what differs from the defaults."""
    out: dict[str, Any] = {}
    for key in sorted(ALL_FIELDS):
        value = data.get(key)
        if key == "options":
            if value:
                out[key] = list(value)
        elif key == "instance_class":
            if value != DEFAULT_CLASS.get(str(data.get("platform")), ""):
                out[key] = value
        elif value != DEFAULTS.get(key, ""):
            out[key] = value
    return out


def _blank(value: Any) -> bool:
    return value is None or str(value).strip() == ""


def _tristate(value: str) -> bool | None:
    return {"true": True, "false": False}.get(value)


# what each number field accepts, said when its text is not a number (bounds come from the engine's rules)
NUMBER_FIELDS: dict[str, tuple[str, str]] = {
    # form field: (config path, what is accepted)
    "storage_gib": ("storage.size_gib", "a whole number of GiB, e.g. 400"),
    "storage_iops": ("storage.iops", "a whole number of IOPS, or blank for the type's default"),
    "storage_throughput": ("storage.throughput_mib_s", "a whole number of MiB/s, or blank for the baseline"),
    "volume_gib": ("volumes[0].size_gib", "a whole number of GiB per volume, e.g. 500"),
    "volume_iops": ("volumes[0].iops", "a whole number of IOPS per volume, or blank for the type's default"),
    "volume_throughput": ("volumes[0].throughput_mib_s", "a whole number of MiB/s per volume, or blank"),
    "io_requests": ("storage.io_requests_per_month", "a whole number of I/O requests a month, or blank"),
    "extra_backup_gib": ("extra_backup_gib", "a whole number of GiB, 0 or more"),
    "snapshot_gib": ("snapshot_gib", "a whole number of GiB, 0 or more"),
    "discount_pct": ("licences.discount_pct", "a percentage from 0 to 100, e.g. 15 or 12.5"),
    "owned_licences": ("licences.owned_processor_licences", "a whole number of licences, 0 or more"),
    "term_years": ("licences.term_years", "a whole number of years, 1 or more"),
    "optimize_cpus_cores": ("licences.optimize_cpus_cores", "a whole number of cores, or blank for every core"),
}


def config_from(data: Mapping[str, Any]) -> tuple[dict[str, Any], list[Problem]]:
    """The public config contract from the page's values, and the problems only the page can have: text that is
    not a number (left out, or its default used, so every other field is still checked) and the volume count."""
    problems: list[Problem] = []
    numbers: dict[str, int | Decimal | None] = {}
    for name, (path, accepted) in NUMBER_FIELDS.items():
        text = str(data.get(name, "")).strip().replace(",", "")
        if not text:
            numbers[name] = None
            continue
        try:
            numbers[name] = Decimal(text) if name == "discount_pct" else int(text)
            if isinstance(numbers[name], Decimal) and not numbers[name].is_finite():  # type: ignore[union-attr]
                raise ValueError(text)
        except (ValueError, ArithmeticError):
            if name == "io_requests" and data["platform"] == "ec2":
                path = "volumes[0].io_requests_per_month"
            problems.append(Problem(path, f"{text!r} is not a number; accepted: {accepted}"))
            default = DEFAULTS.get(name)
            numbers[name] = int(default) if default and name != "discount_pct" else None
    for name, path, accepted in (
        ("licences", "licences.include", ("include", "exclude")),
        ("standby", "licences.standby", ("", "true", "false")),
        ("hyperthreading", "licences.hyperthreading", ("", "true", "false")),
    ):
        if str(data.get(name, "")) not in accepted:
            shown = ", ".join(a or "blank (the default)" for a in accepted)
            problems.append(Problem(path, f"{data.get(name)!r} is not accepted; accepted: {shown}"))
    platform = data["platform"]
    config: dict[str, Any] = {key: data[key] for key in DEPLOY_FIELDS}
    optional = {"iops": "iops", "throughput": "throughput_mib_s"}
    if platform == "ec2":
        count_text = str(data.get("volume_count", "")).strip()
        count = int(count_text) if count_text.isdigit() else 0
        if not 1 <= count <= MAX_VOLUMES:
            problems.append(
                Problem(
                    "volumes",
                    f"{count_text or 'blank'}: accepted: a whole number of identical volumes from 1 to "
                    f"{MAX_VOLUMES} (this page's limit; the API takes any list of volumes)",
                )
            )
            count = 1
        volume: dict[str, Any] = {"type": data["volume_type"], "size_gib": numbers["volume_gib"]}
        for short, key in optional.items():
            if numbers[f"volume_{short}"] is not None:
                volume[key] = numbers[f"volume_{short}"]
        if data["volume_type"] == "standard" and numbers["io_requests"] is not None:
            volume["io_requests_per_month"] = numbers["io_requests"]
        config["volumes"] = [volume] * count
        config["snapshot_gib"] = numbers["snapshot_gib"] or 0
    else:
        storage: dict[str, Any] = {"type": data["storage_type"], "size_gib": numbers["storage_gib"]}
        for short, key in optional.items():
            if numbers[f"storage_{short}"] is not None:
                storage[key] = numbers[f"storage_{short}"]
        if data["storage_type"] == "magnetic" and numbers["io_requests"] is not None:
            storage["io_requests_per_month"] = numbers["io_requests"]
        config["storage"] = storage
        config["extra_backup_gib"] = numbers["extra_backup_gib"] or 0
        if platform == "rds" and not _blank(data.get("performance_insights")):
            config["performance_insights"] = {"mode": data["performance_insights"]}
    licences: dict[str, Any] = {"include": data.get("licences") != "exclude", "options": list(data.get("options", []))}
    for key, name in (
        ("discount_pct", "discount_pct"),
        ("owned_licences", "owned_processor_licences"),
        ("term_years", "term_years"),
        ("optimize_cpus_cores", "optimize_cpus_cores"),
    ):
        if numbers[key] is not None:
            licences[name] = numbers[key]
    for key in ("standby", "hyperthreading"):
        if (flag := _tristate(str(data.get(key, "")))) is not None:
            licences[key] = flag
    config["licences"] = licences
    return config, problems


@dataclass(frozen=True)
class PageResult:
    answer: EstimateAnswer | None
    comparison: LicenceModelComparison | None
    problems: tuple[Problem, ...]


def page_estimate(data: Mapping[str, Any]) -> PageResult:
    """The bill and the licence-model comparison for the page, or every problem (the page's own first)."""
    config, problems = config_from(data)
    try:
        answer = estimate_run(config)
    except EstimateInvalid as invalid:
        mine = {p.field for p in problems}
        return PageResult(
            None, None, shown_problems([*problems, *(p for p in invalid.problems if p.field not in mine)])
        )
    if problems:
        return PageResult(None, None, shown_problems(problems))
    return PageResult(answer, licence_comparison(answer), ())


# --- choices ----------------------------------------------------------------------------------------------------

_SIZES = {"nano": 0, "micro": 1, "small": 2, "medium": 3, "large": 4, "xlarge": 5}


def _class_key(name: str) -> tuple[str, int, str]:
    family, _, size = name.removeprefix("db.").rpartition(".")
    if size in _SIZES:
        rank = _SIZES[size]
    elif (m := re.fullmatch(r"(\d+)xlarge", size)) is not None:
        rank = 5 + int(m.group(1))
    else:
        rank = 10_000  # metal and the like
    return family, rank, size


def class_choices(book: PriceBook, data: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """Every class the region prices for the platform (any edition, licence model or deployment), labelled with its
    vCPUs and memory from the catalog and the hourly price for the chosen combination where there is one."""
    platform, region = data["platform"], data["region"]
    if platform not in PLATFORMS:
        return ()
    chosen: dict[str, Decimal] = {}
    names: set[str] = set()
    if platform == "ec2":
        chosen = book.on_demand_hourly(region=region, platform="ec2")
        names = set(chosen)
    else:
        for edition in EDITION_NAMES:
            for model in LICENCE_MODEL_LABELS:
                for deployment in DEPLOYMENTS:
                    prices = book.on_demand_hourly(
                        region=region, platform=platform, edition=edition, licence_model=model, deployment=deployment
                    )
                    names.update(prices)
                    if (edition, model, deployment) == (data["edition"], data["licence_model"], data["deployment"]):
                        chosen = prices
    catalog = catalog_rows()
    out = []
    for name in sorted(names, key=_class_key):
        label = name
        row = catalog.get(name)
        if row is not None:
            label += f" · {row['vcpus']} vCPU, {row['memory_gib']:g} GiB"
        if name in chosen:
            label += f" · ${plain(chosen[name])}/h"
        out.append((name, label))
    return tuple(out)


def _with_current(choices: tuple[tuple[str, str], ...], value: str) -> tuple[tuple[str, str], ...]:
    """Keep a value the choices lack selectable, so the field shows what was asked and its error."""
    if value and value not in dict(choices):
        return ((value, f"{value} (not available here)"), *choices)
    return choices


def form_groups(data: Mapping[str, Any], problems: Iterable[Problem], book: PriceBook) -> tuple[FieldGroup, ...]:
    platform = str(data.get("platform"))
    known_platform = platform if platform in PLATFORMS else "rds"
    errors: dict[str, str] = {}
    for problem in problems:
        name = field_for(problem.field)
        if name and name not in errors:
            errors[name] = problem.message

    def field(name: str, label: str, widget: str = "number", choices: Iterable[tuple[str, str]] = (), hint: str = ""):
        value = data.get(name, "")
        choices = tuple(choices)
        if widget == "select":
            choices = _with_current(choices, str(value))
        return FormField(name, label, value, errors.get(name, ""), widget, choices, hint)

    names = region_catalog()
    regions = tuple(
        (code, f"{code} · {names[code].name}" if code in names else code) for code in priced_regions(known_platform)
    )
    rules = aws_rules()
    deployments = next(r.allowed for r in rules.deployments if r.platform == known_platform)
    lic = licence_price_list()
    deploy = [
        field("platform", "Platform", "select", PLATFORMS.items()),
        field("region", "Region", "select", regions, hint="regions with prices in the current snapshots"),
        field("instance_class", "Instance class", "select", class_choices(book, data)),
        field("edition", "Oracle edition", "select", EDITION_NAMES.items()),
        field("licence_model", "Licence model", "select", LICENCE_MODEL_LABELS.items()),
        field("deployment", "Deployment", "select", ((d, DEPLOYMENTS[d]) for d in deployments)),
        field("commitment", "Commitment", "select", ((c, commitment_label(c)) for c in get_args(Commitment))),
    ]
    if platform == "ec2":
        vtypes = tuple(rules.storage_rules("ec2"))
        storage = [
            field("volume_type", "EBS volume type", "select", ((t, t) for t in vtypes)),
            field("volume_gib", "Volume size (GiB)", hint="per volume"),
            field("volume_iops", "Provisioned IOPS", hint="per volume: gp3, io1, io2; blank = the type's default"),
            field("volume_throughput", "Throughput (MiB/s)", hint="per volume, gp3; blank = the baseline"),
            field("volume_count", "Identical volumes", hint="striped by ASM or LVM"),
        ]
        if data.get("volume_type") == "standard":
            storage.append(field("io_requests", "I/O requests a month", hint="per volume, magnetic (standard)"))
        storage.append(field("snapshot_gib", "Snapshot storage (GiB)", hint="EBS snapshots"))
    else:
        stypes = tuple(rules.storage_rules(known_platform))
        storage = [
            field("storage_type", "Storage type", "select", ((t, t) for t in stypes)),
            field("storage_gib", "Allocated storage (GiB)"),
            field("storage_iops", "Provisioned IOPS", hint="gp3 from 200 GiB, io1, io2; blank = the type's default"),
            field("storage_throughput", "Throughput (MiB/s)", hint="gp3 from 200 GiB; blank = the included baseline"),
        ]
        if data.get("storage_type") == "magnetic":
            storage.append(field("io_requests", "I/O requests a month", hint="magnetic storage is billed per I/O"))
        storage.append(
            field("extra_backup_gib", "Extra backup storage (GiB)", hint="beyond the free 100% of allocated storage")
        )
        if platform == "rds":
            storage.append(
                field(
                    "performance_insights",
                    "Performance Insights",
                    "select",
                    (
                        ("", "free tier (7 days)"),
                        ("long-term-retention", "long-term retention"),
                        ("database-insights-advanced", "Database Insights Advanced"),
                    ),
                )
            )
    options = tuple((p.key, p.name) for p in lic.products if p.kind == "option" and p.licence_usd is not None)
    licences = [
        field(
            "licences",
            "Oracle licences",
            "select",
            (("include", "price them beside the AWS bill"), ("exclude", "leave them out (AWS bill only)")),
        ),
        field("options", "Options and packs", "checks", options),
        field(
            "standby",
            "Licensed standby",
            "select",
            (("", "by the rule (BYOL Multi-AZ: yes)"), ("true", "yes, license a standby"), ("false", "no standby")),
        ),
        field("discount_pct", "Discount off list (%)", hint=f"{lic.price_list.title}, as of {lic.price_list.as_of}"),
        field(
            "owned_licences", "Licences already owned", hint="processor licences (SE2: sockets): only support is paid"
        ),
        field("term_years", "Amortise purchase over (years)"),
        field("optimize_cpus_cores", "Optimize CPUs: active cores", hint="BYOL; blank = every core"),
        field(
            "hyperthreading",
            "Hyper-threading",
            "select",
            (("", "on (the default)"), ("true", "on: 2 vCPUs per core"), ("false", "off: 1 vCPU per core")),
        ),
    ]
    return (
        FieldGroup("Deployment", tuple(deploy)),
        FieldGroup("Storage", tuple(storage)),
        FieldGroup("Oracle licences", tuple(licences)),
    )


# --- the bill as the page shows it ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BillLine:
    name: str
    quantity: str
    unit: str
    unit_price: str
    monthly: Decimal
    source: str
    as_of: str
    estimated: bool
    note: str
    category: str


def quantity_text(value: Decimal) -> str:
    if value == value.to_integral_value():
        return f"{int(value):,}"
    return f"{value.normalize():,f}"


def bill_lines(result: Estimate) -> tuple[BillLine, ...]:
    return tuple(
        BillLine(
            name=line.name,
            quantity=quantity_text(line.quantity),
            unit=line.unit,
            unit_price=plain(line.unit_price_usd),
            monthly=line.monthly_usd,
            source=line.price_source,
            as_of=line.as_of,
            estimated=line.estimated,
            note=line.note,
            category=line.category,
        )
        for line in result.lines
    )
