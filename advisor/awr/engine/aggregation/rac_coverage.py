"""Whether the reports of a RAC database cover all its instances, or some only.

Pure Python. An AWR instance report (awrrpt), a text AWR report and a Statspack report each describe one instance:
its CPU, IO, redo and memory are that instance's alone. A RAC global report (awrgrpt) and AWR-Miner output cover
every instance. When the instance reports read cover fewer instances than the database runs (the count the reports
print), or the reports say RAC but print no count and only one instance's reports were read, their figures are not
the database's demand: the pre-fill then leaves the demand fields to the user (``prefill.rac_share``), and the review
page says why. Every instance's reports are summed window by window (``window_groups``: AWR's by their shared
snapshot ids, Statspack's, whose ids are each instance's own, by their times), each instance's figure kept beside
the sum. When every instance's reports are read but their windows differ (Statspack instances snapped more than
the tolerance apart, or one instance's reports covering other days than another's), no window holds every
instance's figures: its CPU, IO and redo are some instances' alone, and ``instance_windows`` says so with a
``PartialRac`` of the reason ``hours`` (memory and host figures, each instance's summed, stay the database's).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from advisor.awr.engine.aggregation.window_groups import TOLERANCE_MINUTES
from advisor.awr.engine.figures import Figure, FileExtraction

INSTANCE_KINDS = ("awr-html", "awr-text", "statspack")


class PartialRac(BaseModel):
    """The instances whose reports were read, and how many the database runs (None: the reports do not say).

    ``reason``: ``instances``, the reports cover fewer instances than the database runs; ``hours``, they cover every
    instance but no window holds every instance's figures (their CPU, IO and redo are not the database's)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    reported: tuple[str, ...]
    instances: int | None = None
    statspack: bool = False  # the reports are Statspack's: there is no RAC global report to suggest
    reason: Literal["instances", "hours"] = "instances"

    def whose(self) -> str:
        """'instance dbs1' or 'instances dbs1, dbs2'."""
        return f"instance{'s' if len(self.reported) > 1 else ''} {', '.join(self.reported)}"

    def why(self) -> str:
        """Why the figures are not the database's, in words."""
        if self.reason == "hours":
            return "the instances' reports cover different hours: no window holds every instance's figures"
        if self.instances is None:
            return (
                f"the reports print RAC: YES but not how many instances the database runs, and only {self.whose()}'s "
                "reports are among these files"
            )
        return f"the database runs {self.instances} instances and only {self.whose()}'s reports are among these files"

    def owner(self) -> str:
        """Whose a withheld figure is: 'instance dbs1's own figure'."""
        if self.reason == "hours":
            return "a figure of windows that hold only some instances' figures"
        return f"{self.whose()}'s own figure"

    def read_is(self) -> str:
        """What the figures read are: 'the CPU, IO, redo and memory read are instance dbs1's alone'."""
        if self.reason == "hours":
            return "the CPU, IO and redo read in each window are some instances' alone"
        return f"the CPU, IO, redo and memory read are {self.whose()}'s alone"

    def upload(self) -> str:
        """What would give the database's figures: 'every instance's reports or a RAC global report'."""
        if self.reason == "hours" and self.statspack:
            return (
                "every instance's reports of the same hours, each instance's snapshots taken within "
                f"{TOLERANCE_MINUTES:g} minutes of the others'"
            )
        if self.reason == "hours":
            return "every instance's reports of the same snapshots, or a RAC global report"
        return "every instance's reports" + ("" if self.statspack else " or a RAC global report")

    def words(self) -> str:
        """The review page's note (and an estate database's)."""
        if self.reason == "hours":
            return (
                f"RAC database read from {self.whose()}'s reports, but {self.why()}; each window's CPU, IO and redo "
                "figures are some instances' alone, not the database's, so they are not pre-filled as its demand "
                "and the questionnaire's defaults stand until the database's figures are entered; upload "
                f"{self.upload()}"
            )
        if self.instances is None:
            head = f"RAC database read from {self.whose()}'s reports only (how many instances it runs is not printed)"
        else:
            listed = ", ".join(self.reported)
            head = f"RAC database of {self.instances} instances but reports from {len(self.reported)} ({listed})"
        whose = "that instance's" if len(self.reported) == 1 else "those instances'"
        return (
            f"{head}: CPU, IO, redo, memory and host figures are {whose} alone, not the database's, so they are not "
            "pre-filled as its demand and the questionnaire's defaults stand until the database's figures are entered; "
            f"upload {self.upload()}"
        )


def partial_rac(extractions: list[FileExtraction], facts: dict[str, Figure]) -> PartialRac | None:
    """A RAC database read from some instances' reports only; None when the files cover the database."""
    if any(e.kind not in (*INSTANCE_KINDS, "dbspace") for e in extractions):
        return None  # a RAC global report or AWR-Miner output covers the database
    reported = tuple(sorted({e.identity.instances[0] for e in extractions if len(e.identity.instances) == 1}))
    if not reported:
        return None
    count, rac = facts.get("instance_count"), facts.get("rac")
    statspack = all(e.kind == "statspack" for e in extractions if e.kind != "dbspace")
    if count is not None and not isinstance(count.value, (bool, str)):
        running = float(count.value)
        if running > len(reported):
            return PartialRac(reported=reported, instances=int(running), statspack=statspack)
        return None
    if rac is not None and rac.value is True and len(reported) == 1:
        return PartialRac(reported=reported, statspack=statspack)
    return None
