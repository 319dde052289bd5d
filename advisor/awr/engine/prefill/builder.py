"""What the pre-fill builds up: each Workload field set with its source and provenance, or skipped with why.

Pure Python. Shared by the pre-fill's mapping (``fields``) and its Exadata part (``exadata``)."""

from __future__ import annotations

import math
from typing import Any

from pydantic import BaseModel, ConfigDict

from advisor.awr.engine.figures import Provenance


class PeakCaveat(BaseModel):
    """A peak answer filled with an average, as the reports hold no peak: what the average covers, and the words
    that mark the answer, asking the user to confirm it or enter the peak."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    average_of: str  # 'the average of the 60.25 minutes the report covers, snaps 2668-2669 (…)'
    message: str


class PrefilledField(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    path: str
    value: Any
    source: str
    provenance: tuple[Provenance, ...] = ()
    caveat: PeakCaveat | None = None  # None: the value is what the answer asks for


class Builder:
    def __init__(self) -> None:
        self.values: dict[str, Any] = {}
        self.fields: dict[str, PrefilledField] = {}
        self.skipped: dict[str, str] = {}

    def set(
        self,
        path: str,
        value: Any,
        source: str,
        provenance: tuple[Provenance, ...],
        *,
        caveat: PeakCaveat | None = None,
    ) -> None:
        if isinstance(value, float) and not math.isfinite(value):
            self.skip(path, f"the figure found ({value}) is not a finite number")
            return
        self.values[path] = value
        self.fields[path] = PrefilledField(path=path, value=value, source=source, provenance=provenance, caveat=caveat)

    def skip(self, path: str, reason: str) -> None:
        self.skipped.setdefault(path, reason)

    def document(self) -> dict[str, Any]:
        doc: dict[str, Any] = {}
        for path, value in self.values.items():
            section, field = path.split(".")
            doc.setdefault(section, {})[field] = value
        return doc
