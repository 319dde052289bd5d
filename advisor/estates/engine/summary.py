"""One database's result, kept small: per option the verdict, the blockers, the monthly cost and the licences the
chosen topology counts, and which option is recommended. Read from the recommendation's JSON
(``advisor.engine.recommendation.as_json``), the shape the API returns, so no cost is worked out again here.

Pure Python (pydantic, frozen). Money is ``Decimal``; JSON keeps it as a string.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from advisor.engine.odb.words import odb_json_words

LicenceStatus = Literal["counted", "included", "not-published", "none"]
# Why a database is or is not on an AWS commitment in the "best commitments" total: "commitment" (one beats
# on-demand over 36 months), "on-demand-cheapest" (commitments are priced and none beats on-demand), "none-held" (no
# commitment price is held for this option's deployment in its Region: on-demand by default, not by comparison),
# "not-offered" (AWS sells no commitment for the option: Oracle Database@AWS, bought by private offer, so no price
# could be held and a refresh would not bring one); "" in a summary kept before this was recorded.
CommitmentBasis = Literal["commitment", "on-demand-cheapest", "none-held", "not-offered", ""]
# The options AWS sells no Reserved Instance or Savings Plan for (``odb_prices.odb_shapes().purchase`` says why)
NO_AWS_COMMITMENT = ("odb",)
# How a total's list of what it leaves out names what the workload asks for that the option does not build (a
# standby, read replicas, a DR copy): the total, and the licences it counts, are without it.
NOT_BUILT = "what the workload asks for, not built: "
ITEM_CHARS = 400  # each thing a total leaves out, as stored (the longest gap's words with NOT_BUILT are ~340)
EDITION_KEYS = ("ee", "se2")  # the licence calculator's keys for the editions; every other product is an option
_AS_OF = re.compile(r"\(as of (\d{4}-\d{2}-\d{2})\)$")
# How the recommendation says a price is not held ("No ... instance price is held for", "have no price held there",
# "No storage that meets the need has a price in"): not priced for want of a price, which a refresh may bring
PRICE_MISSING = re.compile(r"price is held|no price held|has a price in|no prices? for", re.IGNORECASE)


class _Frozen(BaseModel):
    # extra keys are ignored: a summary a newer release stored (a field added) is still read by an older process
    # during a rolling deploy or after a rollback, instead of failing the estate's page
    model_config = ConfigDict(frozen=True, extra="ignore")


class Blocker(_Frozen):
    rule_id: str
    title: str


class ProductNeed(_Frozen):
    """Processor licences (or SE2 sockets) of one Oracle product the option's topology counts, all servers."""

    key: str
    name: str
    metric: str
    required: int


class OptionSummary(_Frozen):
    option: str
    label: str
    verdict: str  # blocked, caveats or viable
    monthly_usd: Decimal | None  # None: not priced (``unpriced`` says why)
    configuration: str = ""
    unpriced: str = ""
    blockers: tuple[Blocker, ...] = ()
    licence_status: LicenceStatus = "none"
    licences: tuple[ProductNeed, ...] = ()
    licence_note: str = ""
    prices_as_of: tuple[str, ...] = ()
    price_sources: tuple[str, ...] = ()  # "source (as of date)" of every line priced (empty in older summaries)
    commitment: str = ""  # the AWS commitment cheapest over 36 months, when one beats on-demand
    committed_36_months_usd: Decimal | None = None  # its 36-month total, cash as paid (upfront fees when paid)
    commitment_basis: CommitmentBasis = ""  # why it is (or is not) on a commitment; "" when not priced
    cash_36_months_usd: Decimal | None = None  # on-demand over 36 months, cash as paid (licences bought in month 1)
    # the run-rate over 12 and 36 months as the database's results work it (rising support as paid in those years, a
    # short licence spread counted once); None in summaries kept before it was recorded (the monthly figure x 12, x 36)
    run_rate_12_months_usd: Decimal | None = None
    run_rate_36_months_usd: Decimal | None = None
    # what its total leaves out: costs no price held covers or that need a figure not given, and (``NOT_BUILT``)
    # what the workload asks for that the option does not build; any of them makes the total a lower bound
    left_out: tuple[str, ...] = ()
    builds_less: bool = False  # some of ``left_out`` is not built: the licences counted leave its servers out too
    # not priced because the option cannot take the database as asked (its capacity, its licensing such as Standard
    # Edition 2's vCPU cap, its Regions: ``unpriced`` says which, in the option's words), not for a price not held
    does_not_fit: bool = False

    @property
    def dates(self) -> tuple[str, ...]:
        """Every price row's date behind the cost: the AWS rows' (``prices_as_of``) and the licence price lists'
        (read from ``price_sources``, which name every line priced)."""
        found = set(self.prices_as_of)
        for source in self.price_sources:
            match = _AS_OF.search(source)
            if match:
                found.add(match[1])
        return tuple(sorted(found))

    @property
    def placeable(self) -> bool:
        """The rules do not block it and it has a price: it can take part in an estate's total."""
        return self.verdict != "blocked" and self.monthly_usd is not None


class DatabaseSummary(_Frozen):
    edition: str
    licence_model: str
    licences_owned: int  # the workload's processor licences (SE2: sockets) owned for its edition
    licence_metric: str = "processor"  # "nup": the licences owned and counted are Named User Plus
    # option licences owned (the workload's oracle.option_licences_owned): per named product, and of every other
    # option licensed; each option's cost buys only the shortfall, so the totals count them the same way
    options_owned: dict[str, int] = {}
    options_owned_every: int = 0
    recommended: str | None  # the option key, None when every priced option is blocked
    options: tuple[OptionSummary, ...]

    def option(self, key: str) -> OptionSummary | None:
        return next((o for o in self.options if o.option == key), None)

    @property
    def recommended_option(self) -> OptionSummary | None:
        return self.option(self.recommended) if self.recommended else None

    @property
    def fits_none(self) -> bool:
        """No option recommended, and every option the rules allow cannot take the database as asked (its limits)."""
        allowed = [o for o in self.options if o.verdict != "blocked"]
        return not self.recommended and bool(allowed) and all(o.does_not_fit for o in allowed)

    @property
    def none_recommended(self) -> str:
        """Why no option is recommended, in the table's words: every option blocked; every option allowed beyond its
        limits (the first one's own words); or none priced in full (a price not held, or a total leaving costs out)."""
        if self.recommended:
            return ""
        if all(o.verdict == "blocked" for o in self.options):
            return "none the rules allow"
        if self.fits_none:
            return "none fits: " + next(o.unpriced for o in self.options if o.verdict != "blocked")
        return "none priced in full"

    def owned_of(self, key: str) -> int:
        """Processor licences of product ``key`` this database owns, as its inventory row states them: its edition's,
        or an option's (named, else the number given for every option); none of another edition."""
        if key == self.edition:
            return self.licences_owned
        if key in EDITION_KEYS:
            return 0
        return self.options_owned.get(key, self.options_owned_every)


def _configuration(option: dict[str, Any]) -> str:
    config = option.get("configuration")
    if config:
        members = (option.get("topology") or {}).get("members") or []
        roles = " + ".join(m["label"] for m in members)
        storage = config["storage"]
        vcpus, active = config.get("vcpus"), config["effective_vcpus"]
        cpus = (f"{active} of {vcpus} vCPUs active with Optimize CPUs" if vcpus and vcpus != active
                else f"{active} vCPUs")  # fmt: skip
        return (f"{config['instance_class']} ({cpus}, {config['memory_gib']:g} GiB); "
                f"{storage['volumes']} × {storage['type']} {storage['size_gib_each']:,.0f} GiB; {roles}")  # fmt: skip
    # Oracle Database@AWS: the results page's words (the servers, the VM cluster's ECPUs or OCPUs, each standby)
    return odb_json_words(option.get("odb") or {})


def _licences(option: dict[str, Any], licence_model: str) -> tuple[LicenceStatus, tuple[ProductNeed, ...], str]:
    topology = option.get("topology") or {}
    counted = topology.get("licences")
    if counted:
        products = tuple(ProductNeed(key=p["key"], name=p["name"], metric=p["metric"], required=p["required"])
                         for p in counted["products"])  # fmt: skip
        return "counted", products, ""
    odb = option.get("odb")
    priced = option.get("cost") is not None or (odb or {}).get("monthly_usd") is not None
    if not priced:
        return "none", (), ""
    if licence_model == "li":
        return "included", (), "licence included in the price"
    if odb:
        count = odb.get("byol_processor_licences")
        note = odb.get("byol_licence_note", "")
        estimate = odb.get("byol_licences")
        if estimate:
            products = tuple(ProductNeed(key=p["key"], name=p["name"], metric=p["metric"], required=p["required"])
                             for p in estimate["products"])  # fmt: skip
            return "counted", products, note
        if count is None:
            return "not-published", (), note
        names = [("ee", "Database Enterprise Edition"), *((o, o) for o in odb.get("byol_options") or ())]
        return "counted", tuple(ProductNeed(key=k, name=n, metric="processor", required=count) for k, n in names), note
    return "none", (), ""


def _commitment(option: dict[str, Any]) -> tuple[str, Decimal | None, CommitmentBasis]:
    """The best commitment over 36 months from the recommendation's JSON when one beats on-demand, and why the
    option is or is not on one: on-demand cheapest among commitments priced, no commitment price held at all, or
    none sold for the option (Oracle Database@AWS)."""
    if option.get("option") in NO_AWS_COMMITMENT:
        return "", None, "not-offered"
    commitments = option.get("commitments") or {}
    priced = [t for t in commitments.get("totals") or () if t.get("priced") and t.get("commitment") != "on-demand"]
    best = commitments.get("best_36_months")
    total = next((t for t in priced if t["commitment"] == best), None)
    if total is not None and total.get("total_36_months_usd") is not None:
        return total["label"], Decimal(str(total["total_36_months_usd"])), "commitment"
    return "", None, "on-demand-cheapest" if priced else "none-held"


def _as_of(option: dict[str, Any]) -> tuple[str, ...]:
    cost = option.get("cost")
    if cost:
        return tuple(cost.get("prices_as_of") or ())
    odb = option.get("odb") or {}
    return tuple(sorted({line["as_of"] for line in odb.get("lines") or () if line.get("as_of")}))


def _sources(option: dict[str, Any]) -> tuple[str, ...]:
    cost = option.get("cost")
    if cost:
        return tuple(cost.get("price_sources") or ())
    odb = option.get("odb") or {}
    return tuple(sorted({f"{line['source']} (as of {line['as_of']})" for line in odb.get("lines") or ()
                         if line.get("source") and line.get("as_of")}))  # fmt: skip


def _left_out(option: dict[str, Any], ranked_partial: str) -> tuple[tuple[str, ...], bool]:
    """What the option's total leaves out (at most 10 items, each cut to ``ITEM_CHARS``), and whether some of it is
    not built: the costs no price held covers or that wait for a figure (a partial total's ``not_priced``; Oracle
    Database@AWS's), a member of the topology that could not be priced, and what the workload asks for that the option
    does not build (the topology's ``not_built``, Oracle Database@AWS's ``lacking``). ``ranked_partial``: the
    ranking's reason for leaving the option out as partial, said when none of those names what it leaves out, so
    no total the ranking would not compare is counted as complete."""
    cost, odb = option.get("cost") or {}, option.get("odb") or {}
    topology = option.get("topology") or {}
    if cost:
        items = list(topology.get("not_priced") or ()) if cost.get("partial") else []
        items += [f"the {m.get('label', 'member')} could not be priced ({m['unpriced']})"
                  for m in topology.get("members") or () if m.get("unpriced")]  # fmt: skip
        missing = list(topology.get("not_built") or ())
    else:
        items = list(odb.get("not_priced") or ()) if odb.get("monthly_usd") is not None else []
        missing = [pair[1] for pair in odb.get("lacking") or () if len(pair) == 2]
    items = [NOT_BUILT + str(words) for words in missing] + items  # first: the gravest, kept within the 10
    if not items and ranked_partial:
        items.append(ranked_partial)
    return tuple(_cut(str(item), ITEM_CHARS) for item in items[:10]), bool(missing)


def _does_not_fit(option: dict[str, Any], unpriced: str) -> bool:
    """Not priced because the option cannot take the database as asked: nothing it offers meets the need (``unmet``:
    its largest configuration, Standard Edition 2's licensing cap, an RDS storage allocation), or Oracle
    Database@AWS's own ``problems`` (its servers, its Regions); unless its words say a price is not held (larger
    classes the price snapshots lack)."""
    limited = bool(option.get("unmet")) or bool((option.get("odb") or {}).get("problems"))
    return limited and not PRICE_MISSING.search(unpriced)


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


def _ranked_partial(recommendation: dict[str, Any]) -> dict[str, str]:
    """Per option, the ranking's reason for leaving it out as partial (a total it does not compare with the others)."""
    left = (recommendation.get("ranking") or {}).get("left_out") or ()
    return {o["option"]: str(o.get("reason") or "not on the same basis") for o in left if o.get("kind") == "partial"}


def summary_from_json(recommendation: dict[str, Any], *, edition: str, licence_model: str, licences_owned: int,
                      options_owned: dict[str, int] | None = None, options_owned_every: int = 0,
                      licence_metric: str = "processor") -> DatabaseSummary:  # fmt: skip
    """The compact summary of ``recommendation_json(recommendation)``. The recommended option is the engine's ranking
    as the JSON carries it (options the rules allow, priced in full on one basis), never worked out again here."""
    recommended = (recommendation.get("ranking") or {}).get("recommended")
    partial = _ranked_partial(recommendation)
    options = []
    for option in recommendation["options"]:
        cost = option.get("cost")
        odb = option.get("odb")
        monthly = cost["total_monthly_usd"] if cost else (odb or {}).get("monthly_usd")
        status, products, note = _licences(option, licence_model)
        commitment, committed, basis = _commitment(option)
        left_out, builds_less = ((), False) if monthly is None else _left_out(option, partial.get(option["option"], ""))
        cash = ((cost or odb or {}).get("cash_as_paid") or {}).get("three_year_usd")
        run_rate = (cost or odb or {}).get("run_rate") or {}
        year, years = (
            (None, None) if monthly is None else (run_rate.get("one_year_usd"), run_rate.get("three_year_usd"))
        )
        unpriced = (
            option.get("unpriced_reason")
            or "; ".join(option.get("unmet") or ())
            or "; ".join((odb or {}).get("problems") or ())
        )
        options.append(
            OptionSummary(
                option=option["option"],
                label=option["label"],
                verdict=option["verdict"],
                monthly_usd=None if monthly is None else Decimal(str(monthly)),
                configuration=_configuration(option),
                unpriced="" if monthly is not None else (unpriced or "not priced")[:500],
                blockers=tuple(
                    Blocker(rule_id=f["rule_id"], title=f["title"])
                    for f in option["findings"]
                    if f["severity"] == "blocker"
                ),  # fmt: skip
                licence_status=status,
                licences=products,
                licence_note=note[:1000],
                prices_as_of=_as_of(option),
                price_sources=_sources(option) if monthly is not None else (),
                commitment=commitment,
                committed_36_months_usd=committed,
                commitment_basis=basis if monthly is not None else "",
                cash_36_months_usd=None if cash is None or monthly is None else Decimal(str(cash)),
                run_rate_12_months_usd=None if year is None else Decimal(str(year)),
                run_rate_36_months_usd=None if years is None else Decimal(str(years)),
                left_out=left_out,
                builds_less=builds_less,
                does_not_fit=monthly is None and _does_not_fit(option, unpriced),
            )
        )
    return DatabaseSummary(edition=edition, licence_model=licence_model, licences_owned=licences_owned,
                           licence_metric=licence_metric,
                           options_owned=dict(options_owned or {}), options_owned_every=options_owned_every,
                           recommended=recommended, options=tuple(options))  # fmt: skip
