"""The /iolimits form: which fields a platform shows, their choices, and reading them from a query string.

The page reads only the fields its platform shows, and adapts the instance when the platform changes
(``db.m5.large`` <-> ``m5.large``); a name no platform knows is kept and refused on its field, never swapped for
a default. The API and CLI take queries as given and reject what does not fit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from advisor.engine import oci
from advisor.engine.instances import catalog_rows, instance_names
from advisor.engine.iolimits import Problem, storage_limits, volume_specs
from advisor.engine.ioquery import INSTANCE_STORE_USES, STANDARD_IO_SIZES_KIB

PLATFORMS = {
    "rds": "Amazon RDS for Oracle",
    "ec2": "Self-managed on EC2 (EBS, ASM/LVM)",
    "oci": "OCI compute with block volumes (comparison)",
}
COMMON = ("platform", "instance", "size_gib", "volumes", "io_size_kib", "scan_gib", "scan_io_size_kib")
DEMAND = ("demand_iops", "demand_io_size_kib")
PLATFORM_FIELDS: dict[str, tuple[str, ...]] = {
    "rds": (*COMMON, "volume", "iops", "throughput_mib_s", "sequential", "instance_store", "limits_on", *DEMAND),
    "ec2": (*COMMON, "volume", "iops", "throughput_mib_s", "sequential", "instance_store", "limits_on", *DEMAND),
    "oci": (*COMMON, "ocpus", "vpus_per_gb", *DEMAND),
}
DEFAULTS: dict[str, dict[str, str]] = {
    # The seed talk's first example: db.m5.large-class instance on 100 GiB of gp2.
    "rds": {"instance": "db.m5.large", "volume": "gp2", "size_gib": "100"},
    "ec2": {"instance": "m5.large", "volume": "gp3", "size_gib": "100"},
    "oci": {"size_gib": "1000", "ocpus": "4", "vpus_per_gb": "10"},
}


@dataclass(frozen=True)
class FormField:
    name: str
    label: str
    value: Any
    error: str
    widget: str  # "select", "number", "checkbox", "sizes"
    choices: tuple[tuple[str, str], ...] = ()
    hint: str = ""
    step: str = "any"


def _instance_choices(platform: str) -> tuple[tuple[str, str], ...]:
    if platform == "oci":
        return tuple((s.shape, f"{s.shape} · {s.min_ocpus:g}–{s.max_ocpus:g} OCPUs") for s in oci.oci_shapes())
    rows = catalog_rows()
    out = []
    for name in instance_names(platform):  # type: ignore[arg-type]
        row = rows[name]
        label = f"{name} · {row['vcpus']} vCPU, {row['memory_gib']:g} GiB"
        if row.get("deprecated_for_oracle"):
            label += " · deprecated for Oracle"
        out.append((name, label))
    return tuple(out)


def _volume_choices(platform: str) -> tuple[tuple[str, str], ...]:
    if platform == "rds":
        return tuple((rule.type, rule.type) for rule in storage_limits().rds_oracle.storage_types)
    return tuple((name, f"{name} ({spec.media.upper()})") for name, spec in volume_specs().items())


def _adapt_instance(platform: str, instance: str) -> str:
    """Keep the user's instance across a platform switch when the other platform has its twin.

    Only a name the catalog knows for another platform (what the instance select still holds after the platform
    changed) is replaced, by the twin or else the platform's default; a name known nowhere (``m5.larg``) is kept
    as given, so the query refuses it on the instance field instead of the page answering for a substitute."""
    rows = catalog_rows()
    shapes = [s.shape for s in oci.oci_shapes()]
    if not instance:
        return shapes[0] if platform == "oci" else DEFAULTS[platform]["instance"]
    if platform == "oci":
        return shapes[0] if instance in rows else instance
    twin = instance.removeprefix("db.") if platform == "ec2" else f"db.{instance.removeprefix('db.')}"
    if twin in rows and rows[twin]["platform"] == platform:
        return twin
    if instance in rows and rows[instance]["platform"] == platform:
        return instance
    return DEFAULTS[platform]["instance"] if instance in rows or instance in shapes else instance


def _adapt_volume(platform: str, volume: Any) -> Any:
    """The same for the storage type: another AWS platform's type becomes this one's default, an unknown one stays."""
    if volume in (None, "") or volume in dict(_volume_choices(platform)):
        return volume or DEFAULTS[platform]["volume"]
    elsewhere = {name for other in ("rds", "ec2") for name, _ in _volume_choices(other)}
    return DEFAULTS[platform]["volume"] if volume in elsewhere else volume


def query_data(params: Mapping[str, Any]) -> dict[str, Any]:
    """The query fields a GET for the page holds, for its platform; the platform's default storage (and instance)
    when the query names no more than the platform and an instance."""
    platform = str(params.get("platform") or "rds")
    if platform not in PLATFORMS:
        return {"platform": platform}  # the query model rejects it with the accepted values
    given = {key: params.get(key) for key in PLATFORM_FIELDS[platform] if params.get(key) not in (None, "")}
    if not given.keys() - {"platform", "instance"}:  # a link naming at most the instance: the default storage
        given = {**DEFAULTS[platform], **given}
    given["platform"] = platform
    given["instance"] = _adapt_instance(platform, str(given.get("instance", "")))
    if platform != "oci":
        given["volume"] = _adapt_volume(platform, given.get("volume"))
    sizes = params.getlist("io_size_kib") if hasattr(params, "getlist") else params.get("io_size_kib")
    if sizes:
        given["io_size_kib"] = sizes
    else:
        given.pop("io_size_kib", None)
    if "sequential" in given:
        given["sequential"] = str(given["sequential"]).lower() in ("1", "true", "on", "yes")
    return given


def share_params(data: Mapping[str, Any]) -> dict[str, Any]:
    """The query string of a shareable link: what the user set, without values that equal the defaults."""
    sizes = data.get("io_size_kib")
    standard = sizes is None or {float(s) for s in sizes if _is_number(s)} == set(map(float, STANDARD_IO_SIZES_KIB))
    skip = {"instance_store": "none", "sequential": False}
    return {
        key: value
        for key, value in data.items()
        if not (key == "io_size_kib" and standard) and skip.get(key, object()) != value
    }


def form_fields(data: Mapping[str, Any], problems: tuple[Problem, ...]) -> list[FormField]:
    platform = str(data.get("platform", "rds"))
    errors: dict[str, str] = {}
    for problem in problems:
        errors.setdefault(problem.field.split(".")[0], problem.message)
    shown = PLATFORM_FIELDS.get(platform, PLATFORM_FIELDS["rds"])

    def field(name: str, label: str, widget: str = "number", **extra: Any) -> FormField:
        value, error = data.get(name, ""), errors.get(name, "")
        choices = extra.pop("choices", ())
        if widget == "select" and value not in (None, "") and str(value) not in dict(choices):
            # a select shows its first option for a value it lacks: show what was asked for, marked, instead
            choices = ((str(value), f"{value} · not in the list"), *choices)
            if error:
                error = f"{error}. Pick one from the list."
        return FormField(name, label, value, error, widget, choices, **extra)

    fields = [
        field("platform", "Platform", "select", choices=tuple(PLATFORMS.items())),
        field(
            "instance",
            "OCI shape" if platform == "oci" else "Instance class",
            "select",
            choices=_instance_choices(platform if platform in PLATFORMS else "rds"),
        ),  # fmt: skip
    ]
    if platform == "oci":
        fields += [
            field("ocpus", "OCPUs", hint="network bandwidth scales with OCPUs", step="1"),
            field(
                "vpus_per_gb",
                "Performance level (VPUs/GB)",
                "select",
                choices=tuple((str(level.vpus_per_gb), level.label) for level in oci.oci_levels()),
            ),  # fmt: skip
            field("size_gib", "Volume size (GB)", hint="per volume"),
        ]
    else:
        fields += [
            field("volume", "Storage type", "select", choices=_volume_choices(platform)),
            field("size_gib", "Storage size (GiB)", hint="RDS: the allocation" if platform == "rds" else "per volume"),
            field("iops", "Provisioned IOPS", hint="gp3, io1, io2; blank = default"),
            field("throughput_mib_s", "Provisioned throughput (MiB/s)", hint="gp3; blank = default"),
        ]
    if platform in ("ec2", "oci"):
        fields.append(field("volumes", "Volumes striped (ASM/LVM)", step="1", hint="identical volumes"))
    if platform != "oci":
        fields += [
            field("instance_store", "Instance-store NVMe", "select", choices=tuple(INSTANCE_STORE_USES.items())),
            field("sequential", "Sequential IO (EBS merges small IOs)", "checkbox"),
            field("limits_on", "EBS limits in force on", "date", hint="blank = today; e.g. 2017-06-01"),
        ]
    sizes = data.get("io_size_kib") or STANDARD_IO_SIZES_KIB
    fields += [
        FormField(
            "io_size_kib",
            "IO sizes (KiB)",
            {f"{float(s):g}" for s in sizes if _is_number(s)},
            errors.get("io_size_kib", ""),
            "sizes",
            choices=tuple((str(s), str(s)) for s in STANDARD_IO_SIZES_KIB),
        ),
        field("scan_gib", "Full scan of (GiB)", hint="optional time estimate"),
        field("scan_io_size_kib", "Scan read size (KiB)", hint="multiblock read; default 1024"),
        field("demand_iops", "Demand (IOPS)", hint="how long can it be served?"),
        field("demand_io_size_kib", "Demand IO size (KiB)", hint="default 8"),
    ]
    return [f for f in fields if f.name in shown or f.name == "platform"]


def _is_number(value: Any) -> bool:
    try:
        float(value)
    except (TypeError, ValueError):
        return False
    return True
