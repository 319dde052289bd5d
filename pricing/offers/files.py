"""AWS price-list readers for Oracle on RDS, EC2 and EBS: the bulk offer file and the Query API's pages.

Both carry AWS's product + terms shape, so one filter (pricing-notes §3a) and one row builder serve the admin's
two refresh paths. This module reads the Price List Query API (get_products, every page of every query, with
backoff; its ``sleep`` is the clock tests replace) and is the public face of the rest, which lives in modules named
for what they hold: ``reader`` (the bulk offer file, streamed), ``rows`` (the filters, the row builder,
deduplication) and ``report`` (what an import read, its problems and errors). Pure Python: no Django.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from typing import Any

from botocore.exceptions import (
    BotoCoreError,
    ClientError,
    ConnectionClosedError,
    ConnectTimeoutError,
    EndpointConnectionError,
    NoCredentialsError,
    PartialCredentialsError,
    ReadTimeoutError,
)

from pricing.engine.rows import PriceRow
from pricing.offers.reader import PROGRESS_EVERY, read_offer_file, read_offer_header
from pricing.offers.report import (
    MAX_LISTED,
    ImportReport,
    InvalidItem,
    OfferHeader,
    PriceDataInvalid,
    PriceListUnavailable,
)
from pricing.offers.rows import (
    EBS_FAMILIES,
    EC2_INSTANCE_ATTRIBUTES,
    EC2_INSTANCE_FAMILIES,
    RDS_SHARED_FAMILIES,
    SERVICES,
    TERM_TYPES,
    deduplicate,
    is_rds_custom,
    keep_product,
    row_identity,
    rows_from_price_list_item,
)

__all__ = [
    "EBS_FAMILIES",
    "EC2_INSTANCE_ATTRIBUTES",
    "EC2_INSTANCE_FAMILIES",
    "MAX_ATTEMPTS",
    "MAX_LISTED",
    "NO_CREDENTIALS",
    "PAGE_SIZE",
    "PRICING_API_REGIONS",
    "PROGRESS_EVERY",
    "RDS_SHARED_FAMILIES",
    "RETRYABLE_CODES",
    "RETRYABLE_ERRORS",
    "SERVICES",
    "TERM_TYPES",
    "ApiQuery",
    "ImportReport",
    "InvalidItem",
    "OfferHeader",
    "PriceDataInvalid",
    "PriceListUnavailable",
    "api_queries",
    "deduplicate",
    "fetch_price_list",
    "is_rds_custom",
    "keep_product",
    "read_offer_file",
    "read_offer_header",
    "row_identity",
    "rows_from_price_list_item",
    "sleep",
]

PRICING_API_REGIONS = ("us-east-1", "ap-south-1", "eu-central-1")
PAGE_SIZE = 100
MAX_ATTEMPTS = 5
RETRYABLE_CODES = frozenset(
    {
        "ThrottlingException",
        "Throttling",
        "TooManyRequestsException",
        "RequestLimitExceeded",
        "InternalErrorException",
        "ServiceUnavailableException",
        "ServiceUnavailable",
    }
)
RETRYABLE_ERRORS = (EndpointConnectionError, ConnectionClosedError, ConnectTimeoutError, ReadTimeoutError)
NO_CREDENTIALS = (
    "no AWS credentials found. The refresh uses boto3's standard credential chain; provide them one of these ways: "
    "the environment variables AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (plus AWS_SESSION_TOKEN for temporary "
    "credentials); a profile in ~/.aws/credentials (choose it with AWS_PROFILE); or an instance role (EC2 instance "
    "profile, ECS task role). The identity needs the pricing:GetProducts permission. The Price List API answers only "
    "in us-east-1, ap-south-1 and eu-central-1 (this command asks {endpoint}; any region's prices can be asked "
    "there). Without credentials, import a bulk offer file with --offer-file PATH."
)
sleep = time.sleep  # the backoff's clock; tests replace it


@dataclass(frozen=True)
class ApiQuery:
    """One get_products query: TERM_MATCH filters, combined with AND by the API."""

    label: str
    filters: tuple[tuple[str, str], ...]

    def api_filters(self, region: str) -> list[dict[str, str]]:
        pairs = (("regionCode", region), *self.filters)
        return [{"Type": "TERM_MATCH", "Field": name, "Value": value} for name, value in pairs]


def api_queries(service: str) -> list[ApiQuery]:
    """The server-side half of ``keep_product``: as narrow as TERM_MATCH allows; the rest is filtered here."""
    if service == "AmazonRDS":
        return [
            ApiQuery("Oracle rows", (("databaseEngine", "Oracle"),)),
            ApiQuery("rows for any engine", (("databaseEngine", "Any"),)),
        ]
    instances = tuple(EC2_INSTANCE_ATTRIBUTES)
    return [
        ApiQuery("Linux instances", (("productFamily", "Compute Instance"), *instances)),
        ApiQuery("Linux bare metal", (("productFamily", "Compute Instance (bare metal)"), *instances)),
        *(ApiQuery(f"EBS {family}", (("productFamily", family),)) for family in sorted(EBS_FAMILIES)),
    ]


def _error_code(error: ClientError) -> str:
    return str(error.response.get("Error", {}).get("Code", "Unknown"))


def _page(client: Any, request: dict[str, Any], *, where: str, endpoint: str, say: Callable[[str], None]) -> Any:
    """One get_products call, retried with exponential backoff while AWS throttles or the network drops."""
    for attempt in range(1, MAX_ATTEMPTS + 1):
        try:
            return client.get_products(**request)
        except (NoCredentialsError, PartialCredentialsError):
            raise PriceListUnavailable(NO_CREDENTIALS.format(endpoint=endpoint)) from None
        except ClientError as error:
            code = _error_code(error)
            if code not in RETRYABLE_CODES:
                raise PriceListUnavailable(f"get_products failed on {where}: {code}: {error}") from None
            problem = f"AWS answered {code}"
        except RETRYABLE_ERRORS as error:
            problem = f"network error ({error})"
        except BotoCoreError as error:
            raise PriceListUnavailable(f"get_products failed on {where}: {error}") from None
        if attempt == MAX_ATTEMPTS:
            raise PriceListUnavailable(
                f"get_products failed on {where}: {problem} {MAX_ATTEMPTS} times in a row; try again later"
            )
        delay = 2 ** (attempt - 1)
        say(f"  {where}: {problem}; retrying in {delay}s (attempt {attempt + 1} of {MAX_ATTEMPTS})")
        sleep(delay)
    raise AssertionError("unreachable")  # pragma: no cover


def fetch_price_list(
    client: Any,
    *,
    service: str,
    region: str,
    fetched_on: date,
    endpoint: str = "us-east-1",
    progress: Callable[[str], None] | None = None,
) -> tuple[list[PriceRow], ImportReport]:
    """Every Oracle-relevant row of ``service`` in ``region`` from get_products, every page of every query.

    Raises ``PriceListUnavailable`` when a call fails for good and ``PriceDataInvalid`` when an item is not a
    valid price; either way nothing has been returned, so nothing can be written.
    """
    say = progress or (lambda message: None)
    source = f"AWS Price List Query API get_products ({service}, {region}), fetched {fetched_on.isoformat()}"
    report = ImportReport()
    rows: list[PriceRow] = []
    queries = api_queries(service)
    for number, query in enumerate(queries, 1):
        request: dict[str, Any] = {
            "ServiceCode": service,
            "Filters": query.api_filters(region),
            "FormatVersion": "aws_v1",
            "MaxResults": PAGE_SIZE,
        }
        page = 0
        while True:
            page += 1
            where = f"query {number}/{len(queries)} ({query.label}) page {page}"
            response = _page(client, request, where=where, endpoint=endpoint, say=say)
            items = response.get("PriceList") or []
            for item in items:
                report.products_read += 1
                found, problems = rows_from_price_list_item(
                    item, service=service, region=region, source=source, fallback_as_of=fetched_on
                )
                for problem in problems:
                    report.add_invalid(problem)
                report.products_kept += bool(found)
                report.price_dimensions_read += len(found)
                rows.extend(found)
            say(f"{service} {region}: {where}: {len(items)} items, {len(rows):,} rows so far")
            token = response.get("NextToken")
            if not token:
                break
            request["NextToken"] = token
        request.pop("NextToken", None)
    if report.invalid_count:
        raise PriceDataInvalid(f"get_products {service} {region}", report.invalid, report.invalid_count)
    unique, report.duplicates = deduplicate(rows)
    report.rows = len(unique)
    return unique, report
