"""The AWS calls of a catalog refresh: EC2 ``DescribeInstanceTypes`` for the catalog's names and RDS
``DescribeOrderableDBInstanceOptions`` for the Oracle engines, every page of each. They go through the boto3
clients passed in (paginators, so botocore's Stubber can replay them); errors are the caller's to turn into a
refusal. No Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

ORACLE_ENGINES = ("oracle-ee", "oracle-se2", "oracle-ee-cdb", "oracle-se2-cdb")
EC2_API = "AWS EC2 DescribeInstanceTypes"
RDS_API = "AWS RDS DescribeOrderableDBInstanceOptions"
# Filter values per call: the instance-type filter takes the catalog's names; a name missing in a
# region just returns nothing (the InstanceTypes parameter would fail the whole call instead).
NAMES_PER_CALL = 100
PAGE_SIZE = 100


def _chunks(names: list[str], size: int) -> Iterator[list[str]]:
    for start in range(0, len(names), size):
        yield names[start : start + size]


def fetch_instance_types(ec2: Any, names: Iterable[str]) -> dict[str, dict[str, Any]]:
    """DescribeInstanceTypes for ``names``, every page of every chunk, by instance type."""
    found: dict[str, dict[str, Any]] = {}
    paginator = ec2.get_paginator("describe_instance_types")
    for chunk in _chunks(sorted(set(names)), NAMES_PER_CALL):
        pages = paginator.paginate(
            Filters=[{"Name": "instance-type", "Values": chunk}], PaginationConfig={"PageSize": PAGE_SIZE}
        )
        for page in pages:
            found.update({item["InstanceType"]: item for item in page["InstanceTypes"]})
    return found


def fetch_oracle_orderable(rds: Any) -> dict[str, set[str]]:
    """db.* class -> the Oracle engines it is orderable for, across every page of each engine."""
    engines: dict[str, set[str]] = {}
    paginator = rds.get_paginator("describe_orderable_db_instance_options")
    for engine in ORACLE_ENGINES:
        for page in paginator.paginate(Engine=engine, PaginationConfig={"PageSize": PAGE_SIZE}):
            for option in page["OrderableDBInstanceOptions"]:
                engines.setdefault(option["DBInstanceClass"], set()).add(option["Engine"])
    return engines
