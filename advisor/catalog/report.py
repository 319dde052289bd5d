"""The report of a catalog refresh: rows confirmed, added, removed and kept as documented, every changed field
old -> new, and whether the catalog was written. No I/O, no Django.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from advisor.catalog.api_rows import Stamp
from advisor.catalog.plan import RefreshPlan


@dataclass(frozen=True)
class RefreshReport:
    stamp: Stamp
    plan: RefreshPlan
    written: Path | None

    def text(self) -> str:
        plan, region = self.plan, self.stamp.region
        lines = [f"Instance catalog refresh from the AWS APIs, {region}, {self.stamp.today}"]
        lines.append(f"Rows confirmed by the APIs (source and as_of now the API call): {len(plan.confirmed)}")
        lines.append(_listing("Rows added", plan.added))
        lines.append(_listing("Rows removed", [f"{r.name} ({r.reason}; was: {r.source})" for r in plan.removed]))
        changes = [f"{c.name} {c.field}: {_shown(c.old)} -> {_shown(c.new)}" for c in plan.changes]
        lines.append(_listing("Changed fields", changes))
        kept = [f"{r.name} ({r.reason}); source: {r.source}" for r in plan.kept]
        lines.append(_listing("Rows kept as documented, not confirmed by the APIs", kept))
        lines.append(
            _listing("Orderable for Oracle but not in the catalog (limits unknown, not added)", plan.not_addable)
        )
        if self.written:
            lines.append(f"Wrote {self.written} ({len(plan.rows)} rows).")
        else:
            lines.append("Dry run: nothing was written.")
        return "\n".join(lines)


def _shown(value: object) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False)


def _listing(title: str, items: list[str]) -> str:
    if not items:
        return f"{title}: none"
    return "\n".join([f"{title} ({len(items)}):", *(f"  {item}" for item in items)])
