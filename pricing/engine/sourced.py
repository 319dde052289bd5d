"""The base of every row of sourced reference data: where the fact was read, and the date that source gives.

Rules, limits and prices are data with a source and an as-of date (the house rule); each data file's rows derive
from these, so the fields and their checks are one definition. Pure Python (pydantic v2).
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

AS_OF_PATTERN = r"^\d{4}(-\d{2}(-\d{2})?)?$"  # a year, a month or a day: sources date themselves that coarsely


class SourcedRow(BaseModel):
    """A fact from a named source, as of a date (YYYY, YYYY-MM or YYYY-MM-DD)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    source: str = Field(min_length=10)
    as_of: str = Field(pattern=AS_OF_PATTERN)


class NotedRow(SourcedRow):
    """A sourced fact with an optional note (what the source leaves open, or how a figure was derived)."""

    note: str = ""
