"""The PDF comparison: the results page's context rendered through a print template, printed by Chromium.

The document is ``results_context`` (the same figures as ``/a/<uuid>/results/``) plus what only a document needs
(cover, licence assumptions, disclaimer). Chromium prints it so the plotly charts stay vector graphics; the
page loads from memory (``http://report.local/``) with its static files read through Django's finders, so no
web server and no network are involved.
"""

from __future__ import annotations

import atexit
import mimetypes
import os
import queue
import re
import threading
from concurrent.futures import Future
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.text import slugify

from advisor import services
from advisor.engine.recommender import Recommendation
from advisor.engine.sizing import SizingPolicy
from advisor.engine.workload import (
    CHOICE_LABELS,
    Edition,
    FieldError,
    LicenceModel,
    Workload,
    WorkloadInvalid,
    parse_workload,
)
from advisor.models import Assessment, ReportSettings
from advisor.results_page import results_context
from pricing.engine.licences import licence_price_list

PRODUCT_NAME = "Oracle on AWS Advisor"
DEFAULT_CHROMIUM = "/usr/bin/chromium"
ORIGIN = "http://report.local"
CHART_TIMEOUT_MS = 15_000
BROWSER_IDLE_SECONDS = 120  # a warm browser is closed after this long without a document to print
MM_TO_PX = 96 / 25.4
MARGIN_MM = {"top": 20, "bottom": 16, "left": 14, "right": 14}
PAPERS = {"a4": ("A4", 210.0, 297.0), "letter": ("Letter", 215.9, 279.4)}  # Chromium's name, width, height (mm)
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
OPTION_LICENCE_MODELS = {"li": "Licence included", "byol": "Bring your own licences (BYOL)"}
_ALL_CHARTS_DRAWN = (
    "() => [...document.querySelectorAll('[data-plotly-figure]')].every(el => el.querySelector('.main-svg'))"
)


class ReportInvalid(Exception):
    """The assessment's workload (or the sizing policy asked for) cannot be recommended on: no document."""

    def __init__(self, errors: list[FieldError]) -> None:
        self.errors = errors
        super().__init__("; ".join(f"{e.path}: {e.message}" for e in errors))


class ChromiumMissing(RuntimeError):
    """The browser that prints the PDF is not installed."""


class ReportFailed(RuntimeError):
    """Chromium ran but could not produce the document (a chart did not draw, the browser crashed)."""


@dataclass(frozen=True)
class ReportDocument:
    html: str
    header_html: str
    footer_html: str
    paper: str
    filename: str


def chromium_path() -> str:
    return getattr(settings, "REPORT_CHROMIUM", DEFAULT_CHROMIUM)


def chromium_missing_message(executable: str) -> str:
    return (
        f"The PDF is printed by Chromium, which is not installed at {executable}. Install Debian's package with "
        "`apt-get install chromium` (the README's `make test` does this when run as root); "
        "the same document is available as HTML with ?format=html."
    )


def report_filename(assessment: Assessment, extension: str = "pdf") -> str:
    return f"{slugify(assessment.name) or 'assessment'}-comparison.{extension}"


def paper_from(value: str | None, default: str | None) -> str | None:
    """``a4`` or ``letter`` (any case, "us-letter" too); ValueError naming what is accepted."""
    if not value:
        return default
    paper = value.strip().lower().removeprefix("us-").removeprefix("us ")
    if paper not in PAPERS:
        raise ValueError(f"paper {value!r}: use a4 or letter")
    return paper


def licence_assumptions(workload: Workload, recommendation: Recommendation) -> dict[str, Any]:
    """What the licence figures rest on: the answers, the calculator's own notes and lines, and the policy rule."""
    price_list = licence_price_list()
    rule = price_list.socket_rule if workload.oracle.edition == Edition.SE2 else price_list.processor_rule
    options = []
    for option in recommendation.options:
        chosen = option.chosen
        if chosen is None:
            continue
        topology = chosen.topology
        licence = topology.licence
        model = topology.licence_model
        in_price = model == "li"  # the licence is in the instance price: its source is the instance line
        lines = [line for line in topology.lines if line.component == "compute"] if in_price else topology.licence_lines
        options.append(
            {
                "label": option.label,
                "licence_model": OPTION_LICENCE_MODELS.get(model, model),
                "in_price": in_price,
                "notes": () if in_price or licence is None else licence.notes,
                "lines": lines,
                "monthly_usd": topology.licence_monthly_usd,
                "servers": licence.servers if licence else None,
                "per_server": licence.licences_per_server if licence else None,
            }
        )
    return {
        "edition": CHOICE_LABELS[Edition][workload.oracle.edition.value],
        "licence_model": CHOICE_LABELS[LicenceModel][workload.oracle.licence_model.value],
        "owned": workload.oracle.processor_licences_owned,
        "metric": "sockets" if workload.oracle.edition == Edition.SE2 else "processor licences",
        "rule": rule,
        "support_rate": price_list.support_rate,
        "price_list": price_list.price_list,
        "options": options,
    }


def report_context(
    *,
    assessment: Assessment,
    workload: Workload,
    recommendation: Recommendation,
    paper: str,
    prepared_by: str,
    logo: str,
    on: date,
    unsaved: bool = False,
) -> dict[str, Any]:
    """The results page's context, untouched, plus the document's own parts."""
    return {
        **results_context(recommendation),
        "assessment": assessment,
        "workload": workload,
        "policy": recommendation.policy,
        "product_name": PRODUCT_NAME,
        "prepared_by": prepared_by,
        "logo": logo,
        "generated_on": on,
        "paper": paper,
        "licence": licence_assumptions(workload, recommendation),
        "priced": any(option.chosen is not None for option in recommendation.options),
        "unsaved": unsaved,
    }


def report_document(
    *,
    assessment: Assessment,
    policy: SizingPolicy | None = None,
    paper: str | None = None,
    prepared_by: str | None = None,
    on: date | None = None,
    problems: list[FieldError] | None = None,
    answers: dict[str, Any] | None = None,
) -> ReportDocument:
    """The document as HTML (with its running header and footer), or ReportInvalid naming every field to fix:
    the workload's, then ``problems`` the caller found (an invalid sizing policy in the URL).

    ``answers`` are the results page's answers as its form posts them (``parse_form``'s shape), changed there and
    not saved: the document is made from them, validated as the page validates them, instead of the saved
    workload, and its cover says so when they differ from what is saved. Nothing is saved either way."""
    errors: list[FieldError] = []
    workload: Workload | None = None
    try:
        workload = parse_workload(answers) if answers is not None else services.assessment_workload(assessment)
    except WorkloadInvalid as invalid:
        errors.extend(invalid.errors)
    errors.extend(problems or [])
    if errors or workload is None:
        raise ReportInvalid(errors)
    unsaved = answers is not None and workload != _saved_workload(assessment)
    defaults = ReportSettings.load()
    chosen_paper = paper_from(paper, str(defaults.paper_size)) or "a4"
    recommendation = services.recommendation_for(workload, policy or SizingPolicy())
    context = report_context(
        assessment=assessment,
        workload=workload,
        recommendation=recommendation,
        paper=chosen_paper,
        prepared_by=(prepared_by or "").strip() or defaults.prepared_by,
        logo=defaults.logo,
        on=on or timezone.localdate(),
        unsaved=unsaved,
    )
    return ReportDocument(
        html=render_to_string("advisor/report.html", context),
        header_html=render_to_string("advisor/report.html#pdf-header", context),
        footer_html=render_to_string("advisor/report.html#pdf-footer", context),
        paper=chosen_paper,
        filename=report_filename(assessment),
    )


def _saved_workload(assessment: Assessment) -> Workload | None:
    """The saved workload, or None when it no longer validates (so any valid answers differ from it)."""
    try:
        return services.assessment_workload(assessment)
    except WorkloadInvalid:
        return None


# --- printing -----------------------------------------------------------------------------------------


def _static_file(url_path: str) -> Path | None:
    """The file behind a ``{% static %}`` URL: from the finders (development), else from STATIC_ROOT (hashed)."""
    prefix = urlsplit(settings.STATIC_URL).path or "/static/"
    if not prefix.startswith("/"):
        prefix = "/" + prefix
    if not url_path.startswith(prefix):
        return None
    name = url_path.removeprefix(prefix)
    if ".." in Path(name).parts:
        return None
    found = finders.find(name)
    if found:
        return Path(found)
    try:
        if staticfiles_storage.exists(name):
            return Path(staticfiles_storage.path(name))
    except NotImplementedError:
        return None
    return None


_SWAP_BODY = """html => {
  const next = new DOMParser().parseFromString(html, "text/html");
  document.querySelectorAll("[data-plotly-figure]").forEach(el => window.Plotly && window.Plotly.purge(el));
  document.title = next.title;
  document.body.replaceWith(document.adoptNode(next.body));
  document.querySelectorAll("details").forEach(d => { d.open = true; });
  document.body.dispatchEvent(new CustomEvent("htmx:afterSettle", { bubbles: true }));  // iolimits-chart.js draws
}"""


def _head(html: str) -> str:
    """The document's <head> without its title: two documents with the same head can share a loaded page."""
    match = re.search(r"<head>(.*?)</head>", html, re.S)
    return re.sub(r"<title>.*?</title>", "", match.group(1), flags=re.S) if match else html


@dataclass
class _Job:
    document: ReportDocument
    executable: str
    timeout_ms: int
    result: Future[bytes]


class _Printer:
    """One Chromium, driven from a thread of its own, kept warm between documents.

    Most of a cold print is Chromium parsing plotly.js (4.8 MB, about a second on a small machine). The page that
    printed the last document keeps it loaded: the next document with the same <head> replaces the <body> and
    the charts are drawn again (what the results page does after an htmx swap), so only the first print of a
    process pays for the browser's start and plotly's parse. The thread and browser end after ``idle_seconds``
    without work, and when the process exits. Playwright's sync API also refuses a thread that runs an event
    loop (an async server, a browser test): its own thread avoids that."""

    def __init__(self, idle_seconds: float) -> None:
        self.idle_seconds = idle_seconds
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None  # the thread taking jobs, None when there is none
        self._started: threading.Thread | None = None  # the last one started, joined by close()

    def print(self, document: ReportDocument, *, executable: str, timeout_ms: int) -> bytes:
        job = _Job(document, executable, timeout_ms, Future())
        with self._lock:
            self._jobs.put(job)
            if self._thread is None:
                self._thread = self._started = threading.Thread(target=self._run, name="report-pdf", daemon=True)
                self._thread.start()
        return job.result.result()

    def close(self, timeout: float = 10) -> None:
        """Close the browser and end the thread (at exit, so no Chromium outlives the process)."""
        with self._lock:
            if self._thread is not None:
                self._jobs.put(None)
            thread = self._started
        if thread is not None:
            thread.join(timeout)

    def _next(self) -> _Job | None:
        """The next job; None when idle for ``idle_seconds`` or closing. The thread gives up its place under the
        lock, so a job queued meanwhile starts a new thread rather than wait for this one."""
        while True:
            try:
                job = self._jobs.get(timeout=self.idle_seconds)
            except queue.Empty:
                job = None
            with self._lock:
                if job is not None:
                    return job
                if self._jobs.empty():
                    self._thread = None
                    return None

    def _run(self) -> None:
        from playwright.sync_api import Error as PlaywrightError
        from playwright.sync_api import sync_playwright

        try:
            with sync_playwright() as playwright:
                tab = _Tab(playwright)
                try:
                    while (job := self._next()) is not None:
                        try:
                            job.result.set_result(tab.print(job.document, job.executable, job.timeout_ms))
                        except PlaywrightError as error:
                            tab.reset()
                            failed = ReportFailed(f"Chromium failed: {error.message.splitlines()[0]}")
                            job.result.set_exception(failed)
                        except BaseException as error:  # handed to the request waiting for it
                            tab.reset()
                            job.result.set_exception(error)
                finally:
                    tab.close()
        except BaseException as error:  # Playwright itself did not start: fail whoever is waiting
            with self._lock:
                self._thread = None
                while True:
                    try:
                        waiting = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if waiting is not None and not waiting.result.done():
                        waiting.result.set_exception(ReportFailed(f"Playwright did not start: {error}"))


class _Tab:
    """The browser and the page documents are printed from (used only by the printer's thread)."""

    def __init__(self, playwright: Any) -> None:
        self.playwright = playwright
        self.browser: Any = None
        self.executable = ""
        self.page: Any = None
        self.head: str | None = None
        self.html = ""

    def _answer(self, route: Any) -> None:
        url = urlsplit(route.request.url)
        if f"{url.scheme}://{url.netloc}" == ORIGIN and url.path == "/report":
            route.fulfill(status=200, content_type="text/html; charset=utf-8", body=self.html)
            return
        path = _static_file(url.path)
        if path is None:
            route.abort()  # nothing leaves the machine: the document only needs its own static files
            return
        content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        route.fulfill(status=200, content_type=content_type, body=path.read_bytes())

    def _open(self, executable: str) -> None:
        from playwright.sync_api import Error as PlaywrightError

        if self.browser is not None and (self.executable != executable or not self.browser.is_connected()):
            self.close()
        if self.browser is None:
            try:
                self.browser = self.playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            except PlaywrightError as error:
                raise ReportFailed(f"Chromium at {executable} did not start: {error.message.splitlines()[0]}") from None
            self.executable = executable
        if self.page is None or self.page.is_closed():
            self.page = self.browser.new_page()
            self.page.route("**/*", self._answer)
            self.page.emulate_media(media="print")
            self.head = None

    def print(self, document: ReportDocument, executable: str, timeout_ms: int) -> bytes:
        from playwright.sync_api import Error as PlaywrightError

        self._open(executable)
        name, width_mm, _ = PAPERS[document.paper]
        width = round((width_mm - MARGIN_MM["left"] - MARGIN_MM["right"]) * MM_TO_PX)  # charts drawn to the paper
        page = self.page
        page.set_default_timeout(timeout_ms)
        head = _head(document.html)
        if head == self.head:
            page.set_viewport_size({"width": width, "height": 1000})
            page.evaluate(_SWAP_BODY, document.html)
        else:
            self.html = document.html
            page.set_viewport_size({"width": width, "height": 1000})
            page.goto(f"{ORIGIN}/report", wait_until="load", timeout=timeout_ms)
            self.head = head
        try:
            page.wait_for_function(_ALL_CHARTS_DRAWN, timeout=timeout_ms)
        except PlaywrightError:
            raise ReportFailed(f"the charts did not draw within {timeout_ms / 1000:g} s") from None
        return page.pdf(
            format=name,
            print_background=True,
            display_header_footer=True,
            header_template=document.header_html,
            footer_template=document.footer_html,
            margin={side: f"{mm}mm" for side, mm in MARGIN_MM.items()},
        )

    def reset(self) -> None:
        """Forget the page after a failure: the next document starts from a fresh one."""
        if self.page is not None:
            try:
                self.page.close()
            except Exception:  # noqa: BLE001 - the page or browser is already gone
                pass
        self.page, self.head = None, None

    def close(self) -> None:
        self.reset()
        if self.browser is not None:
            try:
                self.browser.close()
            except Exception:  # noqa: BLE001 - the browser is already gone
                pass
        self.browser = None


_PRINTER = _Printer(idle_seconds=BROWSER_IDLE_SECONDS)
atexit.register(_PRINTER.close)


def report_pdf(
    document: ReportDocument,
    *,
    executable: str | None = None,
    timeout_ms: int = CHART_TIMEOUT_MS,
    keep_browser: bool = True,
) -> bytes:
    """Print the document with Chromium; ChromiumMissing when it is not installed, ReportFailed if printing fails.
    ``keep_browser=False`` (the CLI, one document and exit) closes the browser when done."""
    executable = executable or chromium_path()
    if not (Path(executable).is_file() and os.access(executable, os.X_OK)):
        raise ChromiumMissing(chromium_missing_message(executable))
    if keep_browser:
        return _PRINTER.print(document, executable=executable, timeout_ms=timeout_ms)
    printer = _Printer(idle_seconds=0)
    try:
        return printer.print(document, executable=executable, timeout_ms=timeout_ms)
    finally:
        printer.close()
