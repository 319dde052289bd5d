"""How the load spread inside a report's window, from the text AWR report's "Activity Over Time" (ASH) section.

Pure Python. The section divides the window into time slots (5 minutes in an hour's report; the first and last are
cut at the snapshots) and prints, per slot, 'Slot Count': the number of Active Session History samples taken in it.
Samples over minutes is the slot's rate of sampled active sessions; the busiest slot's rate over the whole table's
(every slot's samples over every slot's minutes) says how far the busiest moment stood above the window's average.
That ratio is the fact ``ash_busiest_slot``, with the slot in its provenance. It measures sessions at work (on CPU
or waiting), not CPU seconds, so it is shown as what the report says about the spread, never turned into a figure
of CPU or IO.

Slots shorter than half the longest one (the cut first or last slot) are not compared: a few samples in a short
slot say little. A table with fewer than two slots to compare, no samples, a count that cannot be read, or a file cut
short gives no figure.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from advisor.awr.engine.collector import Collector
from advisor.awr.engine.figures import Figure, Provenance
from advisor.awr.engine.text.common import MAX_LINE, find, spans

TITLE = "Activity Over Time"
_SLOT = re.compile(r"^(?P<start>.+?)\s*\((?P<length>[\d.]+)\s*(?P<unit>secs?|mins?|hrs?|hours?)\)$", re.I)
_MINUTES = {"sec": 1 / 60, "min": 1.0, "hr": 60.0, "hou": 60.0}  # by the unit's first three letters


@dataclass(frozen=True)
class Slot:
    start: str
    printed: str  # the slot's cell as printed: '19:00:39   (4.4 min)'
    minutes: float
    count: float
    count_printed: str


def _minutes(length: str, unit: str) -> float | None:
    try:
        value = float(length)
    except ValueError:
        return None
    factor = _MINUTES.get(unit.lower()[:3]) or _MINUTES.get(unit.lower()[:2])
    return None if factor is None else value * factor


def text_slots(c: Collector, lines: list[str]) -> list[Slot] | None:
    """The slots of the text section, in order; None when a slot cannot be read (said in a warning), [] without
    the section."""
    start = find(lines, TITLE)
    if start < 0:
        return []
    rule = next(
        (
            i
            for i in range(start + 1, min(start + 20, len(lines)))
            if lines[i].startswith("---") and lines[i - 1].lstrip().startswith("Slot Time")
        ),
        -1,
    )
    if rule < 0:
        return []
    cuts = spans(lines[rule])
    if len(cuts) < 2:
        return []
    slots: list[Slot] = []
    for line in lines[rule + 1 :]:
        if not line.strip() or line.lstrip().startswith("---") or len(line) > MAX_LINE:
            break
        cell = line[: cuts[1][0]].strip()
        if not cell:
            continue  # another event of the slot above
        count_printed = line[cuts[1][0] : cuts[2][0] if len(cuts) > 2 else None].strip()
        slot = _SLOT.match(cell)
        minutes = _minutes(slot.group("length"), slot.group("unit")) if slot else None
        if slot is None or not minutes:
            c.warnings.append(f"{TITLE} / slot '{cell[:40]}': its length cannot be read; the slots are not compared")
            return None
        count = c.number(TITLE, f"Slot Count at {slot.group('start')}", count_printed)
        if count is None or count < 0:
            if count is not None:
                c.warnings.append(f"{TITLE} / Slot Count at {slot.group('start')}: below zero; slots not compared")
            return None
        slots.append(Slot(slot.group("start"), " ".join(cell.split()), minutes, count, count_printed))
    return slots


def read_activity(c: Collector, slots: list[Slot] | None, *, cut: bool = False) -> None:
    """The busiest slot against the window's average as the fact ``ash_busiest_slot`` (see the module)."""
    if not slots or cut:
        return
    minutes, samples = sum(s.minutes for s in slots), sum(s.count for s in slots)
    longest = max(s.minutes for s in slots)
    compared = [s for s in slots if s.minutes >= longest / 2]
    if len(compared) < 2 or not samples or not minutes:
        return
    busiest = max(compared, key=lambda s: s.count / s.minutes)
    average = samples / minutes
    ratio = busiest.count / busiest.minutes / average
    c.facts["ash_busiest_slot"] = Figure(
        metric="ash_busiest_slot",
        value=round(ratio, 2),
        unit="times",
        provenance=(
            Provenance(
                file=c.file, section=TITLE, row=f"Slot Count, slot {busiest.printed}", printed=busiest.count_printed
            ),
        ),
        note=(
            f"{busiest.count:g} samples in the {busiest.minutes:.3g}-minute slot from {busiest.start} "
            f"({busiest.count / busiest.minutes:.2f} a minute) against {samples:g} in {minutes:.4g} minutes over all "
            f"{len(slots)} slots ({average:.2f} a minute); the busiest of {len(compared)} slots at least half as long "
            "as the longest"
        ),
    )
