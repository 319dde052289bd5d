"""The inventory's documented columns: one row per database, each column mapped to one field of the workload contract
(``advisor.engine.workload``), with the words a spreadsheet usually holds for it.

Pure Python. A column absent from the file, or a blank cell, leaves the questionnaire's default for that field, with
two exceptions that keep a row consistent without inventing a figure: the average CPU and the sustained IOPS, when
not given, take the questionnaire's default or the row's own peak, whichever is lower (the workload refuses an
average above its peak). The figures a database's size and price rest on most (``ASSUMED_WHEN_BLANK``: peak CPU,
size, memory, IO, Multi-AZ) are never assumed quietly: each row says which of them it did not give and the value
assumed, and the estate's totals count those rows. Any other workload field can be given as a column named by its path
(``io.db_block_size_kib``); columns that are neither are ignored and reported.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

from advisor.engine.workload import SECTIONS, FeaturesSection, accepted_values

Kind = Literal["name", "text", "choice", "int", "float", "bool", "features", "version"]

# Limits, checked before any work starts (README "Estates"): an estate is 50 to 2,000 databases in practice.
MAX_ROWS = 2_000
# Rows of a workbook's sheet read, blank ones included (Excel keeps formatted empty rows): room for a title, notes and
# gaps around 2,000 databases; a sheet going on past it is refused, never read to its end (its declared size, as big
# as Excel's 1,048,576 rows by 16,384 columns, costs nothing to write and would keep a request busy for minutes)
MAX_SHEET_ROWS = 10_000
MAX_FILE_BYTES = 2 * 1024 * 1024  # the site's body limit for a form upload (config/limits.py, "/")
MAX_COLUMNS = 200
MAX_CELL_CHARS = 1_000
MAX_XLSX_UNCOMPRESSED_BYTES = 64 * 1024 * 1024  # what the workbook's parts may unpack to (a zip bomb stops here)
MAX_NAME_CHARS = 200


@dataclass(frozen=True)
class Column:
    header: str
    path: str  # the workload field, "" for the name
    kind: Kind
    example: str
    aliases: tuple[str, ...] = ()  # other headers read as this column
    words: tuple[tuple[str, str], ...] = ()  # choice: (word as written, normalised, lower case) -> value

    def field(self) -> Any:
        if self.kind in ("name", "features"):
            return None
        section, _, name = self.path.partition(".")
        return dict(SECTIONS)[section].model_fields[name]

    @property
    def unit(self) -> str:
        field = self.field()
        extra = (field.json_schema_extra or {}) if field is not None else {}
        return str(extra.get("unit", ""))

    @property
    def title(self) -> str:
        field = self.field()
        if field is None:
            return "Features needed" if self.kind == "features" else "Database name (unique in the estate)"
        return str(field.title)

    @property
    def accepted(self) -> str:
        if self.kind == "name":
            return f"1 to {MAX_NAME_CHARS} characters, unique in the file"
        if self.kind == "bool":
            return "yes or no (also true/false, y/n, 1/0); blank for the default"
        if self.kind == "features":
            return "feature names separated by ; or | (" + ", ".join(FEATURE_NAMES) + ")"
        if self.kind == "choice":
            return "one of " + ", ".join(sorted({word for word, _ in self.words}))
        if self.kind == "version":
            return (", ".join(sorted({word for word, _ in self.words})) + ", or the release it runs as Oracle prints "
                    "it (11.2.0.4, 12c, 12.2.0.1, 18c, 19.21): the oldest of those versions at or after it is assessed, "
                    "an upgrade where the release is older")  # fmt: skip
        accepted = accepted_values(self.path) or "see the workload schema"
        return accepted + " (10 and 10% both read as 10 %)" if self.percent else accepted

    @property
    def percent(self) -> bool:
        """A figure in per cent (growth, discounts, availability): "10%" reads as 10, as does an XLSX cell showing
        10% (which keeps 0.1 with a percent format)."""
        return self.kind in ("int", "float") and self.unit.startswith("%")

    @property
    def default(self) -> str:
        field = self.field()
        if field is None:
            return "none" if self.kind == "features" else "required"
        value = field.default
        if isinstance(value, StrEnum):
            return value.value
        if isinstance(value, bool):
            return "yes" if value else "no"
        return "" if value is None else f"{value:g}" if isinstance(value, float) else str(value)


def _choice(*pairs: tuple[str, str]) -> tuple[tuple[str, str], ...]:
    return pairs


# the features a row ticks by name: the yes/no ones (the figures beside them, such as the HCC sizes, are columns)
FEATURE_NAMES: tuple[str, ...] = tuple(n for n, f in FeaturesSection.model_fields.items() if f.annotation is bool)
FEATURE_ALIASES = {"adg": "active_data_guard", "data_guard": "user_managed_data_guard", "vault": "database_vault",
                   "jvm": "oracle_jvm", "sysdba": "sysdba_access", "ogg": "goldengate"}  # fmt: skip

COLUMNS: tuple[Column, ...] = (
    Column("name", "", "name", "ERP-PROD", ("database", "db_name", "database_name")),
    Column(
        "edition",
        "oracle.edition",
        "choice",
        "ee",
        (),
        _choice(
            ("ee", "ee"),
            ("enterprise", "ee"),
            ("enterprise edition", "ee"),
            ("se2", "se2"),
            ("standard edition 2", "se2"),
        ),
    ),  # fmt: skip
    Column(
        "version",
        "oracle.version",
        "version",
        "19c",
        (),
        _choice(("19c", "19c"), ("19", "19c"), ("21c", "21c"), ("21", "21c"), ("26ai", "26ai")),
    ),  # fmt: skip
    Column(
        "architecture",
        "oracle.architecture",
        "choice",
        "cdb",
        (),
        _choice(("cdb", "cdb"), ("non-cdb", "non-cdb"), ("noncdb", "non-cdb")),
    ),  # fmt: skip
    Column("pdb_count", "oracle.pdb_count", "int", "1", ("pdbs",)),
    Column(
        "licence_model",
        "oracle.licence_model",
        "choice",
        "byol",
        ("license_model", "licence", "license"),
        _choice(
            ("byol", "byol"),
            ("bring your own licence", "byol"),
            ("bring your own license", "byol"),
            ("li", "li"),
            ("licence included", "li"),
            ("license included", "li"),
        ),
    ),  # fmt: skip
    Column(
        "processor_licences_owned",
        "oracle.processor_licences_owned",
        "int",
        "8",
        ("licences_owned", "licenses_owned", "processor_licenses_owned"),
    ),  # fmt: skip
    Column(
        "licence_metric",
        "oracle.licence_metric",
        "choice",
        "processor",
        ("license_metric", "metric"),
        _choice(
            ("processor", "processor"),
            ("per processor", "processor"),
            ("socket", "processor"),
            ("nup", "nup"),
            ("named user plus", "nup"),
            ("named user", "nup"),
        ),
    ),  # fmt: skip
    Column("named_users", "oracle.named_users", "int", "", ("nup_users", "named_user_count")),
    Column("region", "environment.region", "text", "eu-west-1", ("aws_region",)),
    Column("peak_cpu", "sizing.peak_cpu", "float", "6", ("peak_vcpus", "cpu")),
    Column("average_cpu", "sizing.average_cpu", "float", "3", ("average_vcpus",)),
    Column("sga_gib", "sizing.sga_gib", "float", "24", ("sga",)),
    Column("pga_gib", "sizing.pga_gib", "float", "8", ("pga",)),
    Column("db_size_gib", "sizing.db_size_gib", "float", "1200", ("size_gib", "size")),
    Column("yearly_growth_pct", "sizing.yearly_growth_pct", "float", "10", ("growth_pct",)),
    Column("peak_read_iops", "io.peak_read_iops", "int", "8000"),
    Column("peak_write_iops", "io.peak_write_iops", "int", "2000"),
    Column("sustained_read_iops", "io.sustained_read_iops", "int", "4000"),
    Column("sustained_write_iops", "io.sustained_write_iops", "int", "1000"),
    Column("peak_read_mib_s", "io.peak_read_mib_s", "float", "250"),
    Column("peak_write_mib_s", "io.peak_write_mib_s", "float", "60"),
    # the figures a standby's and the backups' costs wait for: without them those lines are left out of the totals
    Column("redo_mib_s", "io.redo_mib_s", "float", "4", ("redo", "redo_rate")),
    Column("backup_daily_change_gib", "sizing.backup_daily_change_gib", "float", "20", ("daily_change_gib",)),
    Column("multi_az", "availability.multi_az", "bool", "yes", ("ha",)),
    Column("cross_region_dr", "availability.cross_region_dr", "bool", "no", ("dr",)),
    Column("dr_region", "availability.dr_region", "text", ""),
    Column("read_replicas", "availability.read_replicas", "int", "0"),
    Column("rpo_minutes", "availability.rpo_minutes", "float", "15", ("rpo",)),
    Column("rto_minutes", "availability.rto_minutes", "float", "60", ("rto",)),
    Column("hours_per_month", "environment.hours_per_month", "int", "730"),
    Column("features", "features", "features", "partitioning; diagnostics_pack; tuning_pack", ("key_features",)),
)

# Filled in from the peak when blank (see the module's docstring): (dependent path, peak path).
CAPPED_BY_PEAK: tuple[tuple[str, str], ...] = (
    ("sizing.average_cpu", "sizing.peak_cpu"),
    ("io.sustained_read_iops", "io.peak_read_iops"),
    ("io.sustained_write_iops", "io.peak_write_iops"),
)


# The figures a database's size and price rest on most. A blank cell (or a column the file lacks) takes the
# questionnaire's default like any other, but these are said on the database's own row and counted in the estate's
# totals, so no total rests unnoticed on a figure nobody gave: (path, what the row calls it).
ASSUMED_WHEN_BLANK: tuple[tuple[str, str], ...] = (
    ("sizing.peak_cpu", "peak CPU"),
    ("sizing.db_size_gib", "database size"),
    ("sizing.sga_gib", "SGA"),
    ("sizing.pga_gib", "PGA"),
    ("io.peak_read_iops", "peak read IOPS"),
    ("io.peak_write_iops", "peak write IOPS"),
    ("io.peak_read_mib_s", "peak read throughput"),
    ("io.peak_write_mib_s", "peak write throughput"),
    ("availability.multi_az", "Multi-AZ"),
)
ASSUMED_FIGURES = tuple(words for _, words in ASSUMED_WHEN_BLANK)


def assumed_values(workload: Any, given: dict[str, dict[str, Any]]) -> tuple[tuple[str, str], ...]:
    """The ``ASSUMED_WHEN_BLANK`` figures a row's cells did not give (``given``: the fields they gave, by section),
    each with the value its workload assumes: ("peak CPU", "4 vCPUs")."""
    said = []
    for path, words in ASSUMED_WHEN_BLANK:
        section, _, name = path.partition(".")
        if name in given.get(section, {}):
            continue
        value = getattr(getattr(workload, section), name)
        if isinstance(value, bool):
            shown = "yes" if value else "no"
        elif isinstance(value, (int, float)):
            extra = dict(SECTIONS)[section].model_fields[name].json_schema_extra
            unit = str(extra.get("unit", "")) if isinstance(extra, dict) else ""
            shown = f"{value:,}" if isinstance(value, int) else f"{value:,g}"
            shown += f" {unit}" if unit and not words.endswith(unit) else ""  # "peak read IOPS 3,000"
        else:
            shown = str(getattr(value, "value", value))
        said.append((words, shown))
    return tuple(said)


def assumed_words(assumed: Any) -> str:
    """A row's assumed figures in its words ("not given, so assumed: peak CPU 4 vCPUs; database size 100 GiB"); each
    item is (figure, value) or, as stored, {"figure", "value"}; "" when none."""
    pairs = [(a["figure"], a["value"]) if isinstance(a, dict) else tuple(a) for a in assumed or ()]
    return "not given, so assumed: " + "; ".join(f"{f} {v}" for f, v in pairs) if pairs else ""


def normalise_header(text: str) -> str:
    """``Peak read IOPS (IOPS)`` -> ``peak_read_iops``: case, spaces, hyphens and a trailing unit in brackets do not
    matter; a workload path keeps its dot."""
    text = text.strip().lstrip("\ufeff")
    if text.endswith(")") and "(" in text:
        text = text[: text.rindex("(")]
    return "_".join(text.strip().lower().replace("-", " ").replace("/", " ").split())


def _by_header() -> dict[str, Column]:
    found: dict[str, Column] = {}
    for column in COLUMNS:
        for header in (column.header, *column.aliases):
            found[normalise_header(header)] = column
    return found


BY_HEADER = _by_header()


def path_column(header: str) -> Column | None:
    """A column named by a workload path (``io.db_block_size_kib``) that the documented columns do not cover."""
    section, dot, name = header.partition(".")
    model = dict(SECTIONS).get(section)
    if not dot or model is None or name not in model.model_fields:
        return None
    annotation = model.model_fields[name].annotation
    whole = annotation is int or all(isinstance(a, int) for a in getattr(annotation, "__args__", None) or (None,))
    decimal = annotation is float or float in (getattr(annotation, "__args__", None) or ())  # float, or float | None
    kind: Kind = "bool" if annotation is bool else "int" if whole else "float" if decimal else "text"
    return Column(header, header, kind, "")


def template_rows() -> list[list[str]]:
    """The downloadable template: the header, then one example row."""
    return [[c.header for c in COLUMNS], [c.example for c in COLUMNS]]


def column_docs() -> list[dict[str, str]]:
    """Every documented column for the upload page and the README: header, field, unit, accepted, default."""
    return [
        {"header": c.header, "path": c.path or "(name)", "title": c.title, "unit": c.unit, "accepted": c.accepted,
         "default": c.default, "aliases": ", ".join(c.aliases)}
        for c in COLUMNS
    ]  # fmt: skip
