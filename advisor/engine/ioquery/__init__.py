"""One IO-limit question, as the page, the API and the CLI ask it, and its answer.

Pure Python. ``parse_io_query`` validates everything first and raises ``IoQueryInvalid`` with every problem,
each under the query field a user typed (``instance``, ``volume``, ``size_gib``, ``iops`` ...);
``run_io_query`` answers per IO size with the binding limit in words, plus the scan and burst estimates.

This package's ``__init__`` is the public face: ``question`` (the query and its validation) and ``report``
(the answer and its JSON).
"""

from advisor.engine.ioquery.question import (
    INSTANCE_STORE_USES,
    IO_SIZES_ACCEPTED,
    MAX_IO_SIZE_KIB,
    MIN_IO_SIZE_KIB,
    RDS_INSTANCE_STORE_SOURCE,
    InstanceStoreUse,
    IoQuery,
    IoQueryInvalid,
    parse_io_query,
)
from advisor.engine.ioquery.report import (
    Capability,
    IoReport,
    IoRow,
    Phase,
    ScanEstimate,
    report_json,
    run_io_query,
)

__all__ = [
    "Capability",
    "INSTANCE_STORE_USES",
    "IO_SIZES_ACCEPTED",
    "InstanceStoreUse",
    "IoQuery",
    "IoQueryInvalid",
    "IoReport",
    "IoRow",
    "MAX_IO_SIZE_KIB",
    "MIN_IO_SIZE_KIB",
    "Phase",
    "RDS_INSTANCE_STORE_SOURCE",
    "ScanEstimate",
    "parse_io_query",
    "report_json",
    "run_io_query",
]
