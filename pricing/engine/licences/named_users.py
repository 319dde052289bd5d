"""Named User Plus: Oracle licences counted per named user (the people and devices that use the database), at least
the minimum Oracle's price list sets, instead of per processor.

Pure Python (no Django). The rule comes from the price list (``prices.nup_rule``, with its source):

* Standard Edition 2: at least 10 Named User Plus per server (an SE2 server in the cloud runs at most 8 vCPUs, so the
  "10 per 8 vCPUs" of Oracle's cloud policy is 10 per server).
* Enterprise Edition: at least 25 Named User Plus per processor licence the server counts (its processor licences
  counted as under the processor metric: 2 vCPUs a licence with hyper-threading, ECPUs per licence on Exadata).
  The price list states the minimum for the database; its options are counted at the database's minimum.
* Each server licensed (primary, standbys, replicas) is licensed as under the processor metric: the named users,
  or the minimum where it is more, on every server.
"""

from __future__ import annotations

from dataclasses import dataclass

from pricing.engine.licences.prices import LicencePriceList
from pricing.engine.sources.customer_words import customer_words

NUP_UNIT = "Named User Plus licence"


@dataclass(frozen=True, slots=True)
class NamedUserCount:
    """Named User Plus on each server: the named users, or Oracle's minimum where it is more."""

    named_users: int
    minimum: int
    minimum_words: str  # "10 per server", "100 per server (25 per processor licence × 4 processor licences)"
    per_server: int
    server_word: str  # "server", or "VM cluster" on Oracle Database@AWS

    def line_words(self, servers: int, required: int) -> str:
        """'15 named users, at least 10 per server = 15 Named User Plus × 2 servers = 30'."""
        plural = self.server_word if servers == 1 else f"{self.server_word}s"
        return (
            f"{self.named_users:,} named users, at least {self.minimum_words} = {self.per_server:,} Named User Plus × "
            f"{servers} {plural} = {required:,}"
        )


def named_user_count(
    named_users: int, *, edition: str, processors: int, prices: LicencePriceList, server_word: str = "server"
) -> NamedUserCount:
    """Named User Plus per server for ``named_users``; ``processors``: the processor licences one server counts
    (Enterprise Edition's minimum is per processor licence; Standard Edition 2's is per server)."""
    rule = prices.nup_rule
    if edition == "se2":
        minimum = rule.se2_minimum_per_server
        words = f"{minimum} per {server_word}"
    else:
        minimum = rule.ee_minimum_per_processor * processors
        licences = "processor licence" if processors == 1 else "processor licences"
        words = f"{minimum:,} per {server_word} ({rule.ee_minimum_per_processor} per processor licence × {processors} {licences})"
    return NamedUserCount(named_users, minimum, words, max(named_users, minimum), server_word)


def named_user_note(count: NamedUserCount, *, edition: str, options: bool, prices: LicencePriceList) -> str:
    """How the Named User Plus on each server are counted, with the source, said once beside the lines."""
    rule = prices.nup_rule
    raised = (
        f"Oracle's minimum is more than the named users, so {count.per_server:,} are licensed"
        if count.minimum > count.named_users
        else f"the named users are at least Oracle's minimum, so {count.per_server:,} are licensed"
    )
    note = (
        f"Named User Plus: {count.named_users:,} named users on each {count.server_word}, at least "
        f"{count.minimum_words} for {prices.product(edition).name}; {raised} on each "
        f"{count.server_word} (source: {customer_words(rule.source)}, {rule.as_of})"
    )
    if options:
        note += (
            "; the options are counted at the database's minimum, which Oracle's price list states for the "
            "database (it states none of their own)"
        )
    return note


def metric_not_used_note() -> str:
    return (
        "Named User Plus does not apply here: with License Included the Oracle licence is in AWS's price, so no "
        "licences are counted"
    )
