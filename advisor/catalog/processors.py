"""Which processor AWS names for each instance family, and the CoreMark twins that follow from it: a family that was
never benchmarked takes the per-thread CoreMark of a measured family only where AWS names exactly the same processor
model for both. Written to ``fixtures/catalog/coremark_twins.json`` (one row per covered family without a
measurement: its twin with the sources, or why it has none), and read by ``rows`` to fill those families' ``coremark``.
File I/O, no Django.

The rules, each applied to what the stored documents say, nothing typed in:
- AWS's EC2 User Guide family pages (2023-06) list "the following processors", each bullet a processor and the
  families that use it ("2nd generation Intel Xeon Scalable processors (Cascade Lake 8259CL): R5b, R5n").
- A family has a processor model only when every bullet naming it names one model, the same one, for all its sizes.
  A twin must have one too, the same: R5's "Skylake 8175M or Cascade Lake 8259CL" means its measurement may have run
  on either, so R5 is no twin of R5b ("Cascade Lake 8259CL").
- A sustained or all-core turbo frequency AWS documents (the RDS guide's z1d and x2iezn) must be documented for both
  families and be the same: a high-frequency part is not its base part, and a frequency known for one side only
  cannot be said to match.
- AWS's 2024-11 instance-types guide gives each type's processor, but its extraction kept only the first line of the
  cell (shared/data/aws-2026/README.md, section 3): "Intel Xeon Ice" names no model. It can only refuse a twin (the
  two families' cells begin differently), never make one.
- Twins are the catalog's families (``FAMILIES``) with a measured size, so that the engine knows their spread; among
  several, the one on the same bullet, then the one sharing the longest start of the name ("r6id" -> "r6i"), then by
  name.
- A twin lends the figure of the size with the same name and vCPUs; where that size was not measured, the lowest
  per-thread figure of its measured sizes (the slow end of its family's spread: a borrowed figure never credits more
  than a measurement of the twin did).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from advisor.catalog.docs import AWS_DOCS_AS_OF, FAMILIES, RDS_CLASSES_DOC
from advisor.catalog.guide2024 import GUIDE_SOURCE, coremark, guide_processor_first_lines

PROCESSOR_DOCS = {
    "data/aws-docs-2023-06/ec2/general-purpose-instances.md": "General purpose instances",
    "data/aws-docs-2023-06/ec2/compute-optimized-instances.md": "Compute optimized instances",
    "data/aws-docs-2023-06/ec2/memory-optimized-instances.md": "Memory optimized instances",
    "data/aws-docs-2023-06/ec2/storage-optimized-instances.md": "Storage optimized instances",
}
RDS_CLASSES_PAGE = "DB instance classes"
DOCS_MONTH = AWS_DOCS_AS_OF[:7]
TWINS_SOURCE = (
    f"processor lists ('use the following processors') of the AWS EC2 User Guide pages "
    f"{', '.join(repr(p) for p in PROCESSOR_DOCS.values())} ({AWS_DOCS_AS_OF}, shared/data/aws-docs-2023-06/ec2); "
    f"all-core frequencies of the AWS RDS User Guide '{RDS_CLASSES_PAGE}' ({AWS_DOCS_AS_OF}); first lines of the "
    f"processor cells of the {GUIDE_SOURCE.format(table='Performance specifications')}"
)
NO_TWIN = "its CPU need is counted in vCPUs as they are"

_BULLET = re.compile(r"\+ \*\*(?P<words>.+?)\*\*: (?P<named>.+)")
_SIZES_ONLY = re.compile(r"^(?:Smaller|Larger)\s+", re.I)
_FREQUENCY = re.compile(r"all[- ]core (?:turbo )?frequency (?:of )?up to (\d+(?:\.\d+)?) GHz", re.I)
_BOLD_NAME = re.compile(r"\*\*(?:db\.)?([a-z][a-z0-9-]*)\*\*")
_HEADING = re.compile(r"\*\*(.+) instances\*\*")


def _names(text: str) -> list[str]:
    """'R6i, R6id, X2idn, X2iedn' or 'Smaller C5 and C5d' -> the names as written, split."""
    return [part.strip() for part in re.split(r",|\band\b", text) if part.strip()]


@dataclass(frozen=True)
class ProcessorLine:
    """One bullet of a page's processor list."""

    page: str
    words: str  # the processor as AWS writes it: '2nd generation Intel Xeon Scalable processors (Cascade Lake 8259CL)'
    models: tuple[str, ...]  # ('Cascade Lake 8259CL',); two for 'Skylake 8175M or Cascade Lake 8259CL'
    families: tuple[str, ...]  # lower case: ('r5b', 'r5n')
    sizes_only: bool = False  # 'Smaller C5 and C5d': the bullet holds for some sizes of its families only

    @property
    def where(self) -> str:
        return f"AWS EC2 User Guide '{self.page}', {DOCS_MONTH}"


def processor_lines(shared_dir: Path) -> list[ProcessorLine]:
    """Every bullet of the EC2 family pages' 'use the following processors' lists."""
    found = []
    for doc, page in PROCESSOR_DOCS.items():
        text = (shared_dir / doc).read_text().replace("\\", "")
        start = text.index("use the following processors")
        for line in text[start : text.index("For more information", start)].splitlines():
            bullet = _BULLET.fullmatch(line.strip())
            if bullet is None:
                continue
            words, named = bullet["words"], _names(bullet["named"].rstrip("."))
            inner = re.search(r"\(([^()]+)\)$", words)
            models = tuple(m.strip() for m in inner[1].split(" or ")) if inner else (words,)
            families = tuple(_SIZES_ONLY.sub("", name).lower() for name in named)
            found.append(ProcessorLine(page, words, models, families, any(_SIZES_ONLY.match(n) for n in named)))
    return found


@dataclass(frozen=True)
class Frequency:
    ghz: float
    page: str  # the guide page that says it


def documented_frequencies(shared_dir: Path) -> dict[str, Frequency]:
    """Family -> the sustained or all-core turbo frequency AWS documents for it ('High frequency z1d instances deliver
    a sustained all-core frequency of up to 4.0 GHz'), from the RDS guide's class descriptions and the EC2 family
    pages. A sentence names its family in bold, or belongs to the bullet or '**... instances**' heading above it."""
    pages = {RDS_CLASSES_DOC: f"AWS RDS User Guide '{RDS_CLASSES_PAGE}'"} | {
        doc: f"AWS EC2 User Guide '{page}'" for doc, page in PROCESSOR_DOCS.items()
    }
    found: dict[str, Frequency] = {}
    for doc, page in pages.items():
        current: list[str] = []
        for line in (shared_dir / doc).read_text().replace("\\", "").splitlines():
            heading = _HEADING.fullmatch(line.strip())
            if heading:
                current = [name.lower() for name in _names(heading[1])]
                continue
            for sentence in re.split(r"(?<=\.)\s+", line):
                current = _BOLD_NAME.findall(sentence) or current
                frequency = _FREQUENCY.search(sentence)
                for family in current if frequency else ():
                    found[family] = Frequency(float(frequency[1]), f"{page}, {DOCS_MONTH}")  # type: ignore[index]
    return found


@dataclass(frozen=True)
class Processors:
    """What the stored documents say of each family's processor."""

    lines: tuple[ProcessorLine, ...]
    frequencies: Mapping[str, Frequency]
    first_lines: Mapping[str, frozenset[str]]  # the 2024-11 guide's cells, first line only

    def naming(self, family: str) -> list[ProcessorLine]:
        return [line for line in self.lines if family in line.families]

    def models(self, family: str) -> set[str]:
        return {model for line in self.naming(family) for model in line.models}

    def sole_model(self, family: str) -> str | None:
        """The one processor model AWS names for every size of ``family``; None if it names none or more than one."""
        models = self.models(family)
        whole = not any(line.sizes_only for line in self.naming(family))
        return next(iter(models)) if len(models) == 1 and whole else None

    def where(self, family: str) -> str:
        return "; ".join(sorted({line.where for line in self.naming(family)}))


def read_processors(shared_dir: Path) -> Processors:
    return Processors(
        tuple(processor_lines(shared_dir)), documented_frequencies(shared_dir), guide_processor_first_lines(shared_dir)
    )


def _listed(family: str, processors: Processors) -> str:
    """The models AWS lists for ``family`` and where: 'Skylake 8175M or Cascade Lake 8259CL' (AWS EC2 User Guide
    'Memory optimized instances', 2023-06)."""
    models = dict.fromkeys(model for line in processors.naming(family) for model in line.models)
    return f"'{' or '.join(models)}' ({processors.where(family)})"


def _why_not(family: str, twin: str, model: str, processors: Processors) -> str | None:
    """Why the measured ``twin`` cannot lend its figure to ``family`` (sole processor ``model``), after the twin's
    name; None if it can."""
    if processors.sole_model(twin) != model:
        if any(line.sizes_only for line in processors.naming(twin)):
            return f"is named with {model} for some of its sizes only ({processors.where(twin)})"
        return f"is listed as {_listed(twin, processors)}: its measurement may have run on either"
    mine, theirs = processors.frequencies.get(family), processors.frequencies.get(twin)
    if (mine or theirs) and not (mine and theirs and mine.ghz == theirs.ghz):
        said = [f"{f.ghz:g} GHz for {name} ({f.page})" for name, f in ((family, mine), (twin, theirs)) if f]
        unsaid = [name for name, f in ((family, mine), (twin, theirs)) if f is None]
        return f"has a different documented all-core frequency: up to {' and '.join(said)}" + (
            f", none for {unsaid[0]}" if unsaid else ""
        )
    a, b = processors.first_lines.get(family), processors.first_lines.get(twin)
    if a and b and a != b:
        return (f"has a processor cell in AWS's 2024-11 guide that begins otherwise ({', '.join(sorted(b))!r} against "
                f"{', '.join(sorted(a))!r} for {family})")  # fmt: skip
    return None


def _refusals(refused: Mapping[str, str | None]) -> str:
    """'m5, m5d and t3 are listed as ...: their measurement may have run on either; ...': families with the same
    reason named together."""
    by_reason: dict[str, list[str]] = {}
    for twin, why in refused.items():
        if why:
            by_reason.setdefault(why, []).append(twin)
    out = []
    for why, twins in by_reason.items():
        if len(twins) > 1:
            for one, many in (("is ", "are "), ("has ", "have ")):
                why = many + why.removeprefix(one) if why.startswith(one) else why
            why = why.replace("its measurement", "their measurements", 1)
        out.append(f"{', '.join(twins[:-1])} and {twins[-1]} {why}" if len(twins) > 1 else f"{twins[0]} {why}")
    return "; ".join(out)


def _shared_start(a: str, b: str) -> int:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


def twin_row(family: str, processors: Processors, measured: Iterable[str]) -> dict[str, object]:
    """The twin of an unmeasured ``family`` among the ``measured`` families, with the words that say why, or None
    and why not."""
    row: dict[str, object] = {"family": family, "twin": None, "processor": None, "named_in": None,
                              "twin_named_in": None, "source": TWINS_SOURCE, "as_of": AWS_DOCS_AS_OF}  # fmt: skip
    unmeasured = f"{family} has no CoreMark measurement"
    model = processors.sole_model(family)
    if model is None:
        first = processors.first_lines.get(family)
        guide = (f" (AWS's 2024-11 guide's processor cell for it is kept only as its first line, "
                 f"{', '.join(sorted(first))!r}, which names no model)" if first else "")  # fmt: skip
        said = (f"AWS names more than one processor for it, {_listed(family, processors)}" if processors.naming(family)
                else f"AWS's processor lists (EC2 User Guide, {DOCS_MONTH}) do not name its processor{guide}")  # fmt: skip
        return row | {"reason": f"{unmeasured}, and {said}, so no measured family is known to run on the same one: "
                                f"{NO_TWIN}"}  # fmt: skip
    row |= {"processor": model, "named_in": processors.where(family)}
    named_with = sorted(t for t in set(measured) - {family} if model in processors.models(t))
    refused = {t: _why_not(family, t, model, processors) for t in named_with}
    twins = [t for t, why in refused.items() if why is None]
    if not twins:
        named = f"AWS names its processor ({model}, {row['named_in']})"
        if not refused:
            return row | {"reason": f"{unmeasured}; {named}, but no measured family of the catalog is named with it, "
                                    f"so {NO_TWIN}"}  # fmt: skip
        return row | {"reason": f"{unmeasured}; {named}, but no measured family runs on that processor alone "
                                f"({_refusals(refused)}), so {NO_TWIN}"}  # fmt: skip
    same_bullet = {t for line in processors.naming(family) for t in line.families}
    twin = min(twins, key=lambda t: (t not in same_bullet, -_shared_start(family, t), t))
    row |= {"twin": twin, "twin_named_in": processors.where(twin)}
    return row | {"reason": f"{twin_words(row)}, so {twin}'s measured CoreMark per thread is used: the same size's "
                            "where it was measured, else the lowest of its sizes"}  # fmt: skip


def twin_words(row: Mapping[str, object]) -> str:
    """'r5b has no CoreMark measurement; r5n runs on the same processor (Cascade Lake 8259CL, AWS EC2 User Guide
    'Memory optimized instances', 2023-06)', from a twin row."""
    family, twin, named_in, twin_named_in = row["family"], row["twin"], row["named_in"], row["twin_named_in"]
    where = named_in if twin_named_in == named_in else f"{named_in} for {family}; {twin_named_in} for {twin}"
    return f"{family} has no CoreMark measurement; {twin} runs on the same processor ({row['processor']}, {where})"


def build_twins(*, shared_dir: Path) -> list[dict[str, object]]:
    """One row per covered family (``FAMILIES``) with no measured size in Vantage's CoreMark runs: its twin or why
    there is none."""
    measured = {name.split(".")[0] for name in coremark(shared_dir)} & set(FAMILIES)
    processors = read_processors(shared_dir)
    return [twin_row(family, processors, measured) for family in FAMILIES if family not in measured]


def borrowed_mark(name: str, vcpus: int, twin: Mapping[str, object], marks: Mapping[str, dict]) -> dict | None:
    """The CoreMark an unmeasured type ``name`` of ``vcpus`` takes from its family's ``twin`` row: the same size's
    measurement when its vCPUs agree, else the twin family's lowest per-thread figure; None without a twin."""
    family = twin.get("twin")
    if not family:
        return None
    same = f"{family}.{name.split('.', 1)[1]}"
    sizes = {n: m for n, m in marks.items() if n.split(".")[0] == family}
    same_size = same in sizes and sizes[same]["threads"] == vcpus
    lender = same if same_size else min(sizes, key=lambda n: (float(sizes[n]["per_thread"]), n))
    mark = sizes[lender]
    why = twin_words(twin)
    return {key: mark[key] for key in ("iterations_per_s", "threads", "per_thread")} | {
        "source": f"{why}, so {lender}'s measurement is used: {mark['source']}",
        "as_of": mark["ran_on"],
        "borrowed": {"from": lender, "family": family, "same_size": same_size, "why": why},
    }
