"""Which windows hold the database's demand when the reports are per-instance reports of several RAC instances.

Pure Python; part of the aggregation (``advisor.awr.engine.aggregation.aggregate``). A window summed over the
instances whose reports cover it (``window_groups``) is the database's demand only when every instance's report
covers it: a window that holds instance 1's figures alone (instance 2 snapped more than the tolerance apart, or
instance 2's reports cover one day of instance 1's seven) is one node's load, about half a 2-node database's. So,
when the reports name two or more instances, a window holding fewer than all of them is left out of the average,
peak and P95 when some window holds every instance, and a note says how many and why; when no window does, the
figures are not the database's demand (``rac_coverage.PartialRac`` of the reason ``hours``: the pre-fill leaves the
demand fields to the user) and every window stays in the summary, each some instances' figures as read. A window
holding a database-wide sample (a RAC global report, AWR-Miner output) is the database's whatever else it holds; a
single-instance database's windows are all kept; a report given twice names its instance once.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from advisor.awr.engine.aggregation.rac_coverage import INSTANCE_KINDS, PartialRac
from advisor.awr.engine.aggregation.window_groups import WindowGroup
from advisor.awr.engine.figures import FileExtraction


class WindowChoice(BaseModel):
    """The windows (by their place in the order grouped) whose figures are the database's, and why others are not:
    ``note`` when some were left out, ``apart`` when none holds every instance (then all are kept, as read)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    kept: tuple[int, ...]
    note: str = ""
    apart: PartialRac | None = None


def held(group: WindowGroup) -> frozenset[str] | None:
    """The instances whose own reports hold figures of the window; None when a sample of it covers the database."""
    if any(kind not in INSTANCE_KINDS for kind in group.kinds) or any(s.instance is None for s in group.samples):
        return None
    return frozenset(str(s.instance) for s in group.samples)


def _whose(names: frozenset[str] | set[str]) -> str:
    return f"instance{'s' if len(names) > 1 else ''} {', '.join(sorted(names))}"


def _windows(count: int) -> str:
    return f"{count} window{'s' if count != 1 else ''}"


def _left_out(short: list[frozenset[str]], reported: frozenset[str], total: int, full: int) -> str:
    """'12 of 14 windows hold only instance clinprd1's figures (no report of instance clinprd2 covers them): left
    out of the average, peak and P95, which are read from the 2 windows every instance's reports cover'."""
    kinds = sorted(set(short), key=lambda names: (-short.count(names), sorted(names)))
    them = "it" if len(short) == 1 else "them"
    if len(kinds) == 1:
        only = (
            f"{'holds' if len(short) == 1 else 'hold'} only {_whose(kinds[0])}'s figures (no report of "
            f"{_whose(reported - kinds[0])} covers {them})"
        )
    else:
        listed = "; ".join(
            f"{short.count(names)} only {_whose(names)}'s, as no report of {_whose(reported - names)} covers "
            f"{'it' if short.count(names) == 1 else 'them'}"
            for names in kinds
        )
        only = f"hold only some instances' figures ({listed})"
    return (
        f"{len(short)} of {_windows(total)} {only}: left out of the average, peak and P95, which are read from the "
        f"{_windows(full)} every instance's reports cover"
    )


def choose_windows(groups: list[WindowGroup], extractions: list[FileExtraction]) -> WindowChoice:
    """The windows of ``groups`` that hold the database's demand, of the reports ``extractions``."""
    holding = [held(g) for g in groups]
    reported = frozenset(name for h in holding if h is not None for name in h)
    everything = tuple(range(len(groups)))
    if len(reported) < 2:
        return WindowChoice(kept=everything)
    full = tuple(i for i, h in enumerate(holding) if h is None or h >= reported)
    short = [h for h in holding if h is not None and not h >= reported]
    if not short:
        return WindowChoice(kept=everything)
    if full:
        return WindowChoice(kept=full, note=_left_out(short, reported, len(groups), len(full)))
    statspack = all(e.kind == "statspack" for e in extractions if e.kind != "dbspace")
    return WindowChoice(
        kept=everything, apart=PartialRac(reported=tuple(sorted(reported)), statspack=statspack, reason="hours")
    )
