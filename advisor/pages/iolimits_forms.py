"""The /iolimits form: the IO-limit query (``advisor.engine.ioquery.IoQuery``) as fields, read from the query string.

The page reads only the fields its platform shows, and adapts the instance when the platform changes
(``db.m5.large`` <-> ``m5.large``); a name no platform knows is kept and refused on its field, never swapped for a
default. A link naming no more than the platform and an instance opens on the platform's default storage. Blank
fields take the engine's defaults. The API and CLI take queries as given and reject what does not fit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.core.exceptions import ValidationError

from advisor.engine import oci
from advisor.engine.instances import catalog_rows, instance_names
from advisor.engine.iolimits import STANDARD_IO_SIZES_KIB, storage_limits, volume_specs
from advisor.engine.ioquery import INSTANCE_STORE_USES, IO_SIZES_ACCEPTED, MAX_IO_SIZE_KIB, MIN_IO_SIZE_KIB
from pricing.forms_common import ChecksField, ChoiceField, DayField, FlagField, NumberField, QueryForm

PLATFORMS = {
    "rds": "Amazon RDS for Oracle",
    "ec2": "Self-managed on EC2 (EBS, ASM/LVM)",
    "oci": "OCI compute with block volumes (comparison)",
}
COMMON = ("platform", "instance", "size_gib", "volumes", "io_size_kib", "scan_gib", "scan_io_size_kib")
DEMAND = ("demand_iops", "demand_io_size_kib")
AWS = ("volume", "size_gib", "iops", "throughput_mib_s")
LOCAL = ("instance_store", "sequential", "limits_on")
SHOWN: dict[str, tuple[str, ...]] = {  # in the page's order
    "rds": ("platform", "instance", *AWS, *LOCAL, *COMMON[4:], *DEMAND),
    "ec2": ("platform", "instance", *AWS, "volumes", *LOCAL, *COMMON[4:], *DEMAND),
    "oci": ("platform", "instance", "ocpus", "vpus_per_gb", "size_gib", "volumes", *COMMON[4:], *DEMAND),
}
DEFAULTS: dict[str, dict[str, str]] = {
    # The seed talk's first example: db.m5.large-class instance on 100 GiB of gp2.
    "rds": {"instance": "db.m5.large", "volume": "gp2", "size_gib": "100"},
    "ec2": {"instance": "m5.large", "volume": "gp3", "size_gib": "100"},
    "oci": {"size_gib": "1000", "ocpus": "4", "vpus_per_gb": "10"},
}
STANDARD_SIZES = [f"{s:g}" for s in STANDARD_IO_SIZES_KIB]


class SizesField(ChecksField):
    """The IO sizes to evaluate: the standard boxes, plus any other size the query names."""

    def to_python(self, value: Any) -> list[float]:
        sizes = []
        for text in super().to_python(value):
            try:
                sizes.append(float(text))
            except ValueError:
                raise ValidationError(f"{text!r} is not a number; accepted: {IO_SIZES_ACCEPTED}") from None
        return sizes


def _number(label: str, name: str, accepted: str, hint: str = "", kind: type = float) -> NumberField:
    return NumberField(label=label, path=name, accepted=accepted, help_text=hint, kind=kind)


class IoLimitsForm(QueryForm):
    id_prefix = "io"

    platform = ChoiceField(label="Platform", path="platform", choices=PLATFORMS.items(), checked_by="form")
    instance = ChoiceField(label="Instance class", path="instance")
    ocpus = _number("OCPUs", "ocpus", "a number of OCPUs above 0", "network bandwidth scales with OCPUs")
    vpus_per_gb = ChoiceField(
        label="Performance level (VPUs/GB)",
        path="vpus_per_gb",
        choices=[(str(level.vpus_per_gb), level.label) for level in oci.oci_levels()],
    )
    volume = ChoiceField(label="Storage type", path="volume")
    size_gib = _number("Storage size (GiB)", "size_gib", "a size in GiB above 0, e.g. 100")
    iops = _number("Provisioned IOPS", "iops", "a number of IOPS, or blank", "gp3, io1, io2; blank = default")
    throughput_mib_s = _number(
        "Provisioned throughput (MiB/s)", "throughput_mib_s", "a number of MiB/s, or blank", "gp3; blank = default"
    )
    volumes = _number(
        "Volumes striped (ASM/LVM)", "volumes", "a whole number of volumes, 1 or more", "identical volumes", int
    )
    instance_store = ChoiceField(
        label="Instance-store NVMe", path="instance_store", choices=INSTANCE_STORE_USES.items(), initial="none"
    )
    sequential = FlagField(label="Sequential IO (EBS merges small IOs)", path="sequential")
    limits_on = DayField(
        label="EBS limits in force on",
        path="limits_on",
        accepted="a date as YYYY-MM-DD, e.g. 2017-06-01",
        help_text="blank = today; e.g. 2017-06-01",
    )
    io_size_kib = SizesField(
        label="IO sizes (KiB)",
        path="io_size_kib",
        choices=[(s, s) for s in STANDARD_SIZES],
        initial=STANDARD_SIZES,
        kind="sizes",
    )
    scan_gib = _number("Full scan of (GiB)", "scan_gib", "a size in GiB above 0, or blank", "optional time estimate")
    scan_io_size_kib = _number(
        "Scan read size (KiB)",
        "scan_io_size_kib",
        f"a read size from {MIN_IO_SIZE_KIB:g} KiB to {MAX_IO_SIZE_KIB:,} KiB, or blank",
        "multiblock read; default 1024",
    )
    demand_iops = _number(
        "Demand (IOPS)", "demand_iops", "a number of IOPS above 0, or blank", "how long can it be served?"
    )
    demand_io_size_kib = _number(
        "Demand IO size (KiB)",
        "demand_io_size_kib",
        f"an IO size from {MIN_IO_SIZE_KIB:g} KiB to {MAX_IO_SIZE_KIB:,} KiB, or blank",
        "default 8",
    )

    def __init__(self, data: Mapping[str, Any]) -> None:
        super().__init__(data)
        platform = self.raw("platform")
        known = platform if platform in PLATFORMS else "rds"
        fields = self.fields
        fields["instance"].choices = _instance_choices(known)
        if known == "oci":
            fields["instance"].label = "OCI shape"
            fields["size_gib"].label, fields["size_gib"].help_text = "Volume size (GB)", "per volume"
            fields["size_gib"].accepted = "a size in GB above 0, e.g. 1000"
        else:
            fields["volume"].choices = _volume_choices(known)
            fields["size_gib"].help_text = "RDS: the allocation" if known == "rds" else "per volume"
        given = [s for s in self.raw_list("io_size_kib") if s not in STANDARD_SIZES]
        fields["io_size_kib"].choices = [*fields["io_size_kib"].choices, *((s, s) for s in given)]
        self.show_only(SHOWN[known])
        self.finish_fields()

    @classmethod
    def from_query(cls, params: Mapping[str, Any]) -> IoLimitsForm:
        """The form bound to a query string: the platform's default storage (and instance) when the query names no
        more than the platform and an instance, and otherwise for each default the query leaves out (a link with only
        ``iops=...`` is on the default 100 GiB; a size given blank stays blank, and is refused on its field); the
        instance and storage type follow a platform switch."""
        data = cls.query_values(params)
        platform = data["platform"] = data.get("platform") or "rds"
        if platform in PLATFORMS:
            named = {key for key in SHOWN[platform] if not _blank(params.get(key))}
            if not named - {"platform", "instance"}:
                data.update({k: v for k, v in DEFAULTS[platform].items() if k not in named})
            else:
                data.update({k: v for k, v in DEFAULTS[platform].items() if k not in params})
            data["instance"] = _adapt_instance(platform, data.get("instance", ""))
            if platform != "oci":
                data["volume"] = _adapt_volume(platform, data.get("volume", ""))
        data["io_size_kib"] = [_size_text(s) for s in data["io_size_kib"]]
        return cls(data)

    def query(self) -> dict[str, Any]:
        """The IO-limit query from the fields shown: blank fields are left to the engine's defaults."""
        values = {name: self.value(name) for name in self.fields}
        return {name: value for name, value in values.items() if value not in (None, "", [])}


def _blank(value: Any) -> bool:
    return value is None or str(value).strip() == ""


def _size_text(text: str) -> str:
    """``8.0`` reads as the ``8`` box."""
    try:
        return f"{float(text):g}"
    except ValueError:
        return text


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
        if row.get("ebs_limits_published") is False:
            label += " · EBS limits not published"
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


def _adapt_volume(platform: str, volume: str) -> str:
    """The same for the storage type: another AWS platform's type becomes this one's default, an unknown one stays."""
    if not volume or volume in dict(_volume_choices(platform)):
        return volume or DEFAULTS[platform]["volume"]
    elsewhere = {name for other in ("rds", "ec2") for name, _ in _volume_choices(other)}
    return DEFAULTS[platform]["volume"] if volume in elsewhere else volume
