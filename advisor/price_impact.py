"""Which saved assessments a price snapshot changes, and by how much: the advisor's impact provider.

Registered with ``pricing.snapshots.impact`` at start-up (``AdvisorConfig.ready``), so pricing's snapshot pages can list the
assessments a switch would reprice without pricing importing the advisor. Each assessment whose recommendation reads
the Region's prices (its own Region, or its DR Region) is recommended twice: with the snapshots on one side and with
the candidate in place of the base snapshot for that service and Region, everything else as it is now.
"""

from __future__ import annotations

import logging
import time
from decimal import Decimal

from django.db.models import Q, QuerySet
from django.urls import reverse

from advisor import services
from advisor.engine.recommendation.recommender import Recommendation, recommend
from advisor.engine.workload import Workload, WorkloadInvalid
from advisor.models import Assessment
from advisor.pages import results as results_page
from pricing.engine.storage_fallback import storage_fallback_region
from pricing.models import PriceSnapshot
from pricing.services import snapshot_current
from pricing.snapshots.books import SERVICES, BookKey, priced_book, priced_regions, storage_fallback_for
from pricing.snapshots.impact import Failure, Impact, ImpactReport, OptionChange

logger = logging.getLogger(__name__)


class _Books:
    """Price-book keys with one Region and service's snapshot swapped, the current ones read once per run."""

    def __init__(self, region: str, service: str) -> None:
        self.region, self.service = region, service
        self._current: dict[tuple[str, str], int | None] = {}

    def current_pk(self, region: str, service: str) -> int | None:
        if (region, service) not in self._current:
            snapshot = snapshot_current(region, service)
            self._current[(region, service)] = snapshot.pk if snapshot else None
        return self._current[(region, service)]

    def key(self, regions: tuple[str, ...], pk: int | None) -> BookKey:
        """The current snapshots of ``regions`` (in ``combined_key``'s order), with snapshot ``pk`` in place of the
        compared Region and service's (None: without one)."""
        pks = []
        for region in regions:
            for service in SERVICES:
                compared = (region, service) == (self.region, self.service)
                chosen = pk if compared else self.current_pk(region, service)
                if chosen is not None:
                    pks.append(chosen)
        return "+".join(regions), tuple(pks)

    def recommendation(self, workload: Workload, pk: int | None) -> Recommendation:
        """The recommendation with snapshot ``pk`` pricing the compared Region and service."""
        if pk is not None and pk == self.current_pk(self.region, self.service):
            return services.recommendation_for(workload)  # what the results page shows now (and kept)
        regions = services.topology_regions(workload)
        return recommend(workload, priced_book(*regions, key=self.key(priced_regions(*regions), pk)))


def _totals(recommendation: Recommendation) -> tuple[dict[str, tuple[Decimal | None, str]], str, Decimal | None]:
    """Per option label: (monthly total or None, what was chosen); and the recommended option with its total, as the
    results page picks it."""
    cols = results_page.columns(recommendation)
    per_option = {
        c.option.label: (c.monthly_usd, c.option.chosen.instance_class if c.option.chosen else "") for c in cols
    }
    best = results_page.recommended(cols, recommendation.ranking)
    return per_option, best.option.label if best else "", best.monthly_usd if best else None


def _compare(
    assessment: Assessment, url: str, before: Recommendation, after: Recommendation, detail: str
) -> Impact | None:
    old, old_best, old_total = _totals(before)
    new, new_best, new_total = _totals(after)
    changes = tuple(
        OptionChange(label, old[label][0], new[label][0], old[label][1], new[label][1])
        for label in old
        if label in new and old[label][0] != new[label][0]
    )
    if not changes and old_total == new_total:
        return None
    return Impact(
        name=assessment.name,
        url=url,
        before_usd=old_total,
        after_usd=new_total,
        options=changes,
        before_option=old_best,
        after_option=new_best,
        detail=detail,
    )


def _detail(assessment: Assessment, workload: Workload, region: str) -> str:
    if workload.environment.region == region:
        where = "its Region"
    elif region in services.topology_regions(workload):
        where = f"its DR Region (primary {assessment.region})"
    else:
        where = f"where storage is priced for {assessment.region}, which has no storage prices of its own"
    return " · ".join(p for p in (assessment.customer, assessment.project, f"{region} is {where}") if p)


def assessments_using(region: str) -> QuerySet[Assessment]:
    """Saved assessments whose recommendation reads ``region``'s prices (their Region, their DR Region when they
    have a cross-Region DR copy, or the Region their storage is priced at), most recently updated first."""
    saved_regions = Assessment.objects.values_list("region", flat=True).distinct()
    # where ``region`` prices all the storage another Region lacks (its first stand-in); the last-resort stand-in
    # prices only EBS snapshots there, and a change to those alone is not followed
    leaning = [
        r
        for r in saved_regions
        if r != region and storage_fallback_region(r) == region and region in storage_fallback_for(r)
    ]
    uses = (
        Q(region=region)
        | Q(region__in=leaning)
        | Q(workload__availability__cross_region_dr=True, workload__availability__dr_region=region)
    )
    return Assessment.objects.filter(uses).order_by("-updated_at", "-pk")


def assessment_impact(
    *,
    region: str,
    service: str,
    candidate: PriceSnapshot,
    base: PriceSnapshot | None,
    limit: int,
    seconds: float,
) -> ImpactReport:
    """Saved assessments whose recommended option or any option's monthly total changes when ``candidate`` prices
    ``service`` in ``region`` instead of ``base`` (None: the current snapshot). At most ``limit`` assessments are
    priced, for at most ``seconds``; the rest are counted as not computed."""
    books = _Books(region, service)
    base_pk = base.pk if base is not None else books.current_pk(region, service)
    using = assessments_using(region)
    total = using.count()
    if candidate.pk == base_pk:
        return ImpactReport(unchanged=total, limit=limit)
    started = time.monotonic()
    impacts: list[Impact] = []
    failures: list[Failure] = []
    unchanged = 0
    for number, assessment in enumerate(using[:limit]):
        if time.monotonic() - started > seconds:
            return ImpactReport(tuple(impacts), unchanged, total - number, tuple(failures), limit)
        url = reverse("advisor:assessment-results", kwargs={"public_id": assessment.public_id})
        try:
            workload = services.assessment_workload(assessment)
            before = books.recommendation(workload, base_pk)
            after = books.recommendation(workload, candidate.pk)
            impact = _compare(assessment, url, before, after, _detail(assessment, workload, region))
        except WorkloadInvalid as invalid:
            failures.append(Failure(assessment.name, url, f"the saved answers are not valid any more: {invalid}"))
            continue
        except Exception as error:  # one assessment must not hide the others
            logger.exception("price impact of snapshot #%s on assessment %s", candidate.pk, assessment.public_id)
            failures.append(Failure(assessment.name, url, f"could not be priced ({type(error).__name__}: {error})"))
            continue
        if impact is None:
            unchanged += 1
        else:
            impacts.append(impact)
    return ImpactReport(tuple(impacts), unchanged, max(total - limit, 0), tuple(failures), limit)
