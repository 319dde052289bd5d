"""What an Oracle Database@AWS deployment is, in the words the results page, the CLI and an estate's exports say:
the primary's Exadata infrastructure and VM cluster, with units, and each Data Guard standby.

Pure Python, and light: an estate's summary reads it from a recommendation's JSON without the option's engine.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from advisor.engine.odb.exadata import OdbResult


# the infrastructure's fields its words read, on an ``Infrastructure`` and in its JSON alike
WORDS_FIELDS = ("shape", "database_servers", "storage_servers", "database_server_type", "storage_server_type",
                "compute", "compute_unit", "vms")  # fmt: skip


def _words(infra: Mapping[str, Any], *, runs_rac: bool, local_standby: bool, dr_region: str | None) -> str:
    words = (
        f"{infra['shape']}: {infra['database_servers']} database + {infra['storage_servers']} storage servers "
        f"({infra['database_server_type']}/{infra['storage_server_type']}), a VM cluster of {infra['compute']} "
        f"{infra['compute_unit']}s on {infra['vms']} VMs" + (" (RAC)" if runs_rac else "")
    )
    if local_standby:
        words += "; a Data Guard standby of the same size in a second AZ"
    if dr_region is not None:
        words += f"; a Data Guard standby of the same size in {dr_region}"
    return words


def odb_words(result: OdbResult) -> str:
    """What is deployed and priced: the primary's infrastructure and VM cluster, with units, and each standby."""
    infra = result.infrastructure
    if infra is None:
        return ""
    return _words({f: getattr(infra, f) for f in WORDS_FIELDS}, runs_rac=result.runs_rac,
                  local_standby=result.local_standby is not None,
                  dr_region=None if result.standby is None else result.standby.region)  # fmt: skip


def odb_json_words(odb: Mapping[str, Any]) -> str:
    """``odb_words`` of the result as ``odb_json`` gives it: the same words, read from the recommendation's JSON."""
    infra = odb.get("infrastructure")
    if not infra:
        return ""
    standby = odb.get("standby")
    return _words(infra, runs_rac=bool(odb.get("runs_rac")), local_standby=odb.get("local_standby") is not None,
                  dr_region=None if standby is None else standby["region"])  # fmt: skip
