"""What an uploaded file is, when it is not the offer file a refresh wanted: AWS's index files (a service's Region
index, or the index of every offer) name Regions or offers, not prices; and an offer file of another Region says
which in its products' ``regionCode``. Read as a stream, only as far as needed. Pure Python: no Django.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import ijson

REGIONS_LOOKED_AT = 1000  # products read to name an offer file's Region (each product of a Region file has one)


INDEX_KINDS = {
    "regions": "a Region index",  # one entry per Region, each naming that Region's price list file
    "offers": "the index of AWS's offer files",  # one entry per service
}


def index_kind(path: Path) -> str | None:
    """What index the file is (``INDEX_KINDS``), from its top-level keys; None for a file that holds products or
    anything else. Stops at the first key that tells."""
    try:
        with path.open("rb") as handle:
            for prefix, event, value in ijson.parse(handle):
                if prefix == "" and event == "map_key":
                    if value == "products":
                        return None
                    if value in INDEX_KINDS:
                        return INDEX_KINDS[str(value)]
                elif prefix == "" and event in ("end_map", "start_array"):
                    return None
    except (ijson.JSONError, OSError):
        return None
    return None


def file_regions(path: Path) -> list[str]:
    """The Regions of the file's products (``regionCode``), most frequent first, from its first products."""
    seen: Counter[str] = Counter()
    try:
        with path.open("rb") as handle:
            for number, (_, product) in enumerate(ijson.kvitems(handle, "products"), 1):
                attributes = product.get("attributes") if isinstance(product, dict) else None
                code = attributes.get("regionCode") if isinstance(attributes, dict) else None
                if isinstance(code, str) and code:
                    seen[code] += 1
                if number >= REGIONS_LOOKED_AT:
                    break
    except (ijson.JSONError, OSError):
        pass
    return [code for code, _ in seen.most_common()]
