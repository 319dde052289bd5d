"""The /estimate form: every setting of the public config contract (``EstimateConfig``) as a field, read from the
query string and turned into that config; the engine's problems come back onto the fields through their paths.

The form shows, and reads, only the fields of its platform, and adapts the instance class when the platform changes
(``db.m5.xlarge`` <-> ``m5.xlarge``). EC2 volumes are N identical volumes here and owned licences one number; the
API and CLI also take a list of different volumes and owned licences per product.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from decimal import Decimal
from typing import Any, get_args

from django import forms

from config.counting import counted
from pricing.catalog.regions import regions as region_catalog
from pricing.engine.calculator import aws_rules
from pricing.engine.commitments.database_savings_plans import not_covered
from pricing.engine.commitments.terms import DATABASE_PLAN, commitments_for, not_offered
from pricing.engine.licences.cost import LicenceConfig, licence_price_list
from pricing.engine.prices.book import DEPLOYMENTS, LICENCE_MODEL_LABELS, Commitment, commitment_label
from pricing.forms_common import ChecksField, ChoiceField, FlagField, NumberField, QueryForm
from pricing.pages.estimate_choices import EDITION_NAMES, PLATFORMS, catalog_vcpus, class_choices, priced_regions
from pricing.snapshots.books import price_book_for

MAX_VOLUMES = 64  # this page's limit on identical volumes; the API and CLI take any list
DEFAULT_CLASS = {"rds": "db.m5.xlarge", "rds-custom": "db.m5.xlarge", "ec2": "m5.xlarge"}
TRISTATE = {"": None, "true": True, "false": False}
EXTRA = aws_rules().rds_additional_volumes  # RDS additional storage volumes: how many, which types, what sizes
AV_KEYS = {"type": "type", "gib": "size_gib", "iops": "iops", "throughput": "throughput_mib_s"}
DEPLOY = ("platform", "region", "instance_class", "edition", "licence_model", "deployment", "commitment")


def _number(label: str, path: str | Iterable[str], accepted: str, hint: str = "", **kwargs: Any) -> NumberField:
    return NumberField(label=label, path=path, accepted=accepted, help_text=hint, **kwargs)


def _select(label: str, path: str | Iterable[str], choices: Iterable[Any] = (), **kwargs: Any) -> ChoiceField:
    hint = kwargs.pop("hint", "")
    return ChoiceField(label=label, path=path, choices=choices, help_text=hint, **kwargs)


def _additional_volume(n: int) -> dict[str, forms.Field]:
    """The fields of RDS additional volume ``n`` (from 1); the first also holds problems of the volumes as a whole."""
    path = f"additional_volumes[{n - 1}]"
    own = (f"{path}.type", path, *(["additional_volumes"] if n == 1 else []))
    hint = f"{' or '.join(EXTRA.types)}, {EXTRA.min_size_gib:,}-{EXTRA.max_size_gib:,} GiB, up to {EXTRA.max_count}"
    return {
        f"av{n}_type": _select(
            f"Additional volume {n}", own, (("", "none"), *((t, t) for t in EXTRA.types)), hint=hint if n == 1 else ""
        ),
        f"av{n}_gib": _number(
            f"Volume {n} size (GiB)",
            f"{path}.size_gib",
            f"a whole number of GiB, e.g. {EXTRA.min_size_gib}",
            required=True,
        ),
        f"av{n}_iops": _number(
            f"Volume {n} IOPS", f"{path}.iops", "a whole number of IOPS, or blank", "blank = default"
        ),
        f"av{n}_throughput": _number(
            f"Volume {n} throughput (MiB/s)",
            f"{path}.throughput_mib_s",
            "a whole number of MiB/s, or blank",
            "gp3; blank = baseline",
        ),
    }


class EstimateForm(QueryForm):
    id_prefix = "est"
    unlisted_label = "{} (not available here)"

    platform = _select("Platform", "platform", PLATFORMS.items(), checked_by="form", initial="rds")
    region = _select("Region", "region", hint="regions with prices in the current snapshots", initial="eu-west-1")
    instance_class = _select("Instance class", "instance_class", initial=DEFAULT_CLASS["rds"])
    edition = _select("Oracle edition", "edition", EDITION_NAMES.items(), initial="se2")
    licence_model = _select("Licence model", "licence_model", LICENCE_MODEL_LABELS.items(), initial="byol")
    deployment = _select("Deployment", "deployment", initial="single-az")
    commitment = _select(
        "Commitment", "commitment", ((c, commitment_label(c)) for c in get_args(Commitment)), initial="on-demand"
    )
    hours_per_month = _number(
        "Instance hours a month",
        "hours_per_month",
        "a whole number of hours from 1 to 744, or blank for every hour",
        f"blank = {aws_rules().hours_per_month.value}; storage and licences are paid regardless",
    )
    free_tier = FlagField(label="AWS Free Tier (historic)", path="free_tier")

    storage_type = _select("Storage type", ("storage.type", "storage"), initial="gp3")
    storage_gib = _number(
        "Allocated storage (GiB)", "storage.size_gib", "a whole number of GiB, e.g. 400", initial="400", required=True
    )
    storage_iops = _number(
        "Provisioned IOPS",
        "storage.iops",
        "a whole number of IOPS, or blank for the type's default",
        "gp3 from 200 GiB, io1, io2; blank = the type's default",
    )
    storage_throughput = _number(
        "Throughput (MiB/s)",
        "storage.throughput_mib_s",
        "a whole number of MiB/s, or blank for the baseline",
        "gp3 from 200 GiB; blank = the included baseline",
    )
    io_requests = _number(
        "I/O requests a month", "storage.io_requests_per_month", "a whole number of I/O requests a month, or blank"
    )
    extra_backup_gib = _number(
        "Extra backup storage (GiB)",
        "extra_backup_gib",
        "a whole number of GiB, 0 or more",
        "beyond the free 100% of allocated storage",
        initial="0",
    )
    performance_insights = _select(
        "Performance Insights",
        ("performance_insights.mode", "performance_insights"),
        (
            ("", "free tier (7 days)"),
            ("long-term-retention", "long-term retention"),
            ("database-insights-advanced", "Database Insights Advanced"),
        ),
    )

    volume_type = _select("EBS volume type", ("volumes[0].type", "volumes.type"), initial="gp3")
    volume_gib = _number(
        "Volume size (GiB)",
        ("volumes[0].size_gib", "volumes.size_gib"),
        "a whole number of GiB per volume, e.g. 500",
        "per volume",
        initial="500",
        required=True,
    )
    volume_iops = _number(
        "Provisioned IOPS",
        ("volumes[0].iops", "volumes.iops"),
        "a whole number of IOPS per volume, or blank for the type's default",
        "per volume: gp3, io1, io2; blank = the type's default",
    )
    volume_throughput = _number(
        "Throughput (MiB/s)",
        ("volumes[0].throughput_mib_s", "volumes.throughput_mib_s"),
        "a whole number of MiB/s per volume, or blank",
        "per volume, gp3; blank = the baseline",
    )
    volume_count = _number(
        "Identical volumes",
        "volumes",
        f"a whole number of identical volumes from 1 to {MAX_VOLUMES} (this page's limit; the API takes any list "
        "of volumes)",
        "striped by ASM or LVM",
        initial="2",
        required=True,
        minimum=1,
        maximum=MAX_VOLUMES,
    )
    snapshot_gib = _number(
        "Snapshot storage (GiB)", "snapshot_gib", "a whole number of GiB, 0 or more", "EBS snapshots", initial="0"
    )

    licences = _select(
        "Oracle licences",
        ("licences.include", "licences"),
        (("include", "price them beside the AWS bill"), ("exclude", "leave them out (AWS bill only)")),
        checked_by="form",
        initial="include",
    )
    db_version = _select(
        "Oracle version",
        "licences.db_version",
        ((v, v) for v in get_args(LicenceConfig.model_fields["db_version"].annotation)),
        initial=LicenceConfig().db_version,
    )
    pdbs = _number(
        "Pluggable databases",
        "licences.pdbs",
        "a whole number of PDBs, 0 or more, or blank",
        "user-created PDBs per CDB; more than the free ones need Multitenant",
    )
    options = ChecksField(label="Options and packs", path="licences.options", initial=[])
    standby = _select(
        "Licensed standby",
        "licences.standby",
        (("", "by the rule (BYOL Multi-AZ: yes)"), ("true", "yes, license a standby"), ("false", "no standby")),
        checked_by="form",
    )
    servers = _number(
        "Licensed servers",
        "licences.servers",
        "a whole number of servers, or blank",
        "of this shape, in all; blank = 1, or 2 with a licensed standby",
    )
    discount_pct = _number(
        "Discount off list (%)",
        "licences.discount_pct",
        "a percentage from 0 to 100, e.g. 15 or 12.5",
        kind=Decimal,
        initial="0",
    )
    metric = _select(
        "Licence metric",
        "licences.metric",
        (("processor", "processor (SE2: per socket)"), ("nup", "Named User Plus")),
        hint="BYOL; Named User Plus: the named users, at least Oracle's minimum per server",
        initial="processor",
    )
    named_users = _number(
        "Named users",
        "licences.named_users",
        "a whole number of named users, 1 or more",
        "people and devices that use the database",
    )
    owned_licences = _number(
        "Licences already owned",
        "licences.owned_processor_licences",
        "a whole number of licences, 0 or more",
        "processor licences (SE2: sockets; Named User Plus: Named User Plus licences): only support is paid",
        initial="0",
    )
    term_years = _number(
        "Amortise purchase over (years)", "licences.term_years", "a whole number of years, 1 to 10", initial="3"
    )
    vcpus = _number("Instance vCPUs", "licences.vcpus", "a whole number of vCPUs, 1 or more, or blank")
    optimize_cpus_cores = _number(
        "Optimize CPUs: active cores",
        "licences.optimize_cpus_cores",
        "a whole number of cores, or blank for every core",
        "BYOL; blank = every core",
    )
    hyperthreading = _select(
        "Hyper-threading",
        "licences.hyperthreading",
        (
            ("", "the type's own (on where it has 2 threads per core)"),
            ("true", "on: 2 vCPUs per core, 2 per processor licence"),
            ("false", "off: 1 vCPU per core, 1 per processor licence"),
        ),
        checked_by="form",
    )

    def __init__(self, data: Mapping[str, Any]) -> None:
        super().__init__(data)
        for n in range(1, EXTRA.max_count + 1):
            self.fields.update(_additional_volume(n))
        self._set_choices()
        self.show_only(name for _, names in self.layout() for name in names)
        self.finish_fields()

    @classmethod
    def from_query(cls, params: Mapping[str, Any]) -> EstimateForm:
        """The form bound to a query string; the instance class follows the platform."""
        extra = [f"av{n}_{key}" for n in range(1, EXTRA.max_count + 1) for key in AV_KEYS]
        data = cls.query_values(params, extra)
        for n in range(1, EXTRA.max_count + 1):
            data.setdefault(f"av{n}_gib", str(EXTRA.min_size_gib))
        platform, given = data["platform"], params.get("instance_class")
        if platform in PLATFORMS:
            twin = str(given).strip() if given is not None else ""
            data["instance_class"] = _twin(platform, twin) if twin else DEFAULT_CLASS[platform]
        return cls(data)

    @property
    def chosen_platform(self) -> str:
        return self.raw("platform")

    def layout(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        """The groups of fields this configuration shows, in order."""
        platform, rds = self.chosen_platform, self.chosen_platform == "rds"
        deploy = [*DEPLOY, "hours_per_month", *(["free_tier"] if rds else [])]
        if platform == "ec2":
            storage = ["volume_type", "volume_gib", "volume_iops", "volume_throughput", "volume_count"]
            storage += [*(["io_requests"] if self.raw("volume_type") == "standard" else []), "snapshot_gib"]
        else:
            storage = ["storage_type", "storage_gib", "storage_iops", "storage_throughput"]
            storage += [*(["io_requests"] if self.raw("storage_type") == "magnetic" else []), "extra_backup_gib"]
            storage += ["performance_insights"] if rds else []
        extra: list[str] = []
        for n in range(1, EXTRA.max_count + 1) if platform in EXTRA.platforms else ():
            extra.append(f"av{n}_type")
            if not (kind := self.raw(f"av{n}_type")):
                break
            extra += [f"av{n}_gib", f"av{n}_iops", *([f"av{n}_throughput"] if kind != "io2" else [])]
        licences = ["licences", "db_version", "pdbs", "options", "metric"]
        licences += ["named_users"] if self.raw("metric") == "nup" else []
        licences += ["standby", "servers", "discount_pct"]
        licences += ["owned_licences", "term_years", "vcpus", "optimize_cpus_cores", "hyperthreading"]
        groups = (("Deployment", deploy), ("Storage", storage), ("Additional storage volumes", extra))
        return tuple((title, tuple(names)) for title, names in (*groups, ("Oracle licences", licences)) if names)

    def groups(self) -> tuple[tuple[str, tuple[forms.BoundField, ...]], ...]:
        return tuple((title, tuple(self[n] for n in names if n in self.fields)) for title, names in self.layout())

    def _set_choices(self) -> None:
        rules, platform = aws_rules(), self.chosen_platform
        known = platform if platform in PLATFORMS else "rds"
        fields = self.fields
        names = region_catalog()
        fields["region"].choices = [(c, f"{c} · {names[c].name}" if c in names else c) for c in priced_regions(known)]
        if known == platform:
            combination = (self.raw("edition"), self.raw("licence_model"), self.raw("deployment"))
            book = price_book_for(self.raw("region"))
            fields["instance_class"].choices = class_choices(book, platform, self.raw("region"), combination)
            # only the commitments the snapshot prices for this class (and edition, licence model, deployment)
            priced = book.instance_commitments(
                region=self.raw("region"),
                platform=platform,
                instance_class=self.raw("instance_class"),
                edition=combination[0],
                licence_model=combination[1],
                deployment=combination[2],
            )
            fields["commitment"].choices = [(c, commitment_label(c)) for c in priced or ("on-demand",)]
            uncovered = not_covered(
                platform=platform,
                instance_class=self.raw("instance_class"),
                edition=combination[0],
                licence_model=combination[1],
            )
            sold = [
                c
                for c in commitments_for(platform)
                if (c != DATABASE_PLAN or not uncovered) and not not_offered(platform, c)
            ]
            unpriced = sum(1 for c in sold if c not in priced)
            if unpriced > 0:
                hint = f"{counted(unpriced, 'more commitment')} for this class: no price held"
                fields["commitment"].help_text = hint
        fields["instance_class"].initial = DEFAULT_CLASS[known]
        deployments = next(r.allowed for r in rules.deployments if r.platform == known)
        fields["deployment"].choices = [(d, DEPLOYMENTS[d]) for d in deployments]
        fields["storage_type"].choices = [(t, t) for t in rules.storage_rules(known)]
        fields["volume_type"].choices = [(t, t) for t in rules.storage_rules("ec2")]
        if platform == "ec2":
            fields["io_requests"].set_paths(("volumes[0].io_requests_per_month", "volumes.io_requests_per_month"))
        lic = licence_price_list()
        fields["options"].choices = [(p.key, p.name) for p in lic.products if p.kind == "option" and p.licence_usd]
        fields["discount_pct"].help_text = f"{lic.price_list.title}, as of {lic.price_list.as_of}"
        vcpus = catalog_vcpus(known, self.raw("instance_class"))
        fields["vcpus"].help_text = f"blank = the catalog's {vcpus}" if vcpus else "blank = the price list's"
        ft = rules.rds_free_tier
        fields[
            "free_tier"
        ].help_text = f"{ft.instance_hours} h a month of a {ft.instance_class_suffix} class, {ft.storage_gib} GiB (as of {ft.as_of})"

    def config(self) -> dict[str, Any]:
        """The public config contract from the fields shown."""
        v = self.value
        config: dict[str, Any] = {key: v(key) for key in DEPLOY}
        if v("hours_per_month") is not None:
            config["hours_per_month"] = v("hours_per_month")
        if self.chosen_platform == "ec2":
            volume = self._volume("volume_", {"type": v("volume_type"), "size_gib": v("volume_gib")})
            config["volumes"] = [volume] * (v("volume_count") or 1)
            config["snapshot_gib"] = v("snapshot_gib") or 0
        else:
            config["storage"] = self._volume("storage_", {"type": v("storage_type"), "size_gib": v("storage_gib")})
            config["extra_backup_gib"] = v("extra_backup_gib") or 0
            if v("performance_insights"):
                config["performance_insights"] = {"mode": v("performance_insights")}
            if v("free_tier"):
                config["free_tier"] = True
            config["additional_volumes"] = [
                self._volume(f"av{n}_", {"type": v(f"av{n}_type"), "size_gib": v(f"av{n}_gib") or EXTRA.min_size_gib})
                for n in range(1, EXTRA.max_count + 1)
                if f"av{n}_gib" in self.fields
            ]
        licences = {"include": v("licences") != "exclude", "options": list(v("options") or [])}
        for name in ("db_version", "pdbs", "vcpus", "servers", "discount_pct", "term_years", "optimize_cpus_cores",
                     "named_users"):  # fmt: skip
            if v(name) not in (None, ""):
                licences[name] = v(name)
        if v("metric") == "nup":  # the processor metric is the contract's default
            licences["metric"] = "nup"
        if v("owned_licences") is not None:
            licences["owned_processor_licences"] = v("owned_licences")
        for name in ("standby", "hyperthreading"):
            if (flag := TRISTATE.get(str(v(name) or ""))) is not None:
                licences[name] = flag
        config["licences"] = licences
        return config

    def _volume(self, prefix: str, volume: dict[str, Any]) -> dict[str, Any]:
        """A volume's optional settings, where shown and given (I/O requests: the primary storage's only)."""
        names = {f"{prefix}iops": "iops", f"{prefix}throughput": "throughput_mib_s"}
        if prefix in ("volume_", "storage_"):
            names["io_requests"] = "io_requests_per_month"
        volume.update({key: self.value(name) for name, key in names.items() if self.value(name) is not None})
        return volume


def _twin(platform: str, instance_class: str) -> str:
    """The same shape named for the other platform: db.m5.xlarge on RDS is m5.xlarge on EC2."""
    return instance_class.removeprefix("db.") if platform == "ec2" else f"db.{instance_class.removeprefix('db.')}"
