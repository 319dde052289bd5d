"""Chromium printing the PDF comparison: one browser driven from a thread of its own, kept warm between documents.

The page loads from memory (``http://report.local/``) with its static files read through Django's finders, so no
web server and no network are involved. Most of a cold print is Chromium parsing plotly.js (4.8 MB, about two
seconds on a small machine): the page that printed the last document keeps it loaded, and the next document with
the same <head> replaces the <body> and the charts are drawn again (what the results page does after an htmx
swap). A running server warms that page when it starts (``warm``), so its first download is as quick as the rest.
"""

from __future__ import annotations

import atexit
import mimetypes
import os
import queue
import re
import threading
from collections.abc import Callable, Mapping
from concurrent.futures import Future
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.template.loader import render_to_string

DEFAULT_CHROMIUM = "/usr/bin/chromium"
ORIGIN = "http://report.local"
CHART_TIMEOUT_MS = 15_000
BROWSER_IDLE_SECONDS = 120  # a browser nobody warmed is closed after this long without a document to print
MM_TO_PX = 96 / 25.4
MARGIN_MM = {"top": 17, "bottom": 14, "left": 13, "right": 13}
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
_ALL_CHARTS_DRAWN = (
    "() => [...document.querySelectorAll('[data-plotly-figure]')].every(el => el.querySelector('.main-svg'))"
)


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


def rendered_document(template: str, context: Mapping[str, Any], *, paper: str, filename: str) -> ReportDocument:
    """A print template rendered as a document: its page, and the running header and footer from its ``pdf-header``
    and ``pdf-footer`` partials, all three from the same context."""
    return ReportDocument(
        html=render_to_string(template, context),
        header_html=render_to_string(f"{template}#pdf-header", context),
        footer_html=render_to_string(f"{template}#pdf-footer", context),
        paper=paper,
        filename=filename,
    )


def chromium_path() -> str:
    return getattr(settings, "REPORT_CHROMIUM", DEFAULT_CHROMIUM)


def chromium_missing_message(executable: str) -> str:
    return (
        f"The PDF is printed by Chromium, which is not installed at {executable}. Install Debian's package with "
        "`apt-get install chromium` (the README's `make test` does this when run as root); "
        "the same document is available as HTML with ?format=html."
    )


def chromium_installed(executable: str) -> bool:
    return Path(executable).is_file() and os.access(executable, os.X_OK)


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
    head = re.sub(r"<title>.*?</title>", "", match.group(1), flags=re.S) if match else html
    return " ".join(head.split())


@dataclass
class _Job:
    document: ReportDocument
    executable: str
    timeout_ms: int
    result: Future[bytes]


class _Printer:
    """One Chromium, driven from a thread of its own (Playwright's sync API refuses a thread that runs an event
    loop: an async server, a browser test). The thread and browser end after ``idle_seconds`` without work
    (never once ``warm`` was called: a server keeps its page ready), and when the process exits."""

    def __init__(self, idle_seconds: float) -> None:
        self.idle_seconds: float | None = idle_seconds
        self.rewarm: Callable[[], object] | None = None  # how a forked child warms its own browser
        self._reset()

    def _reset(self) -> None:
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._thread: threading.Thread | None = None  # the thread taking jobs, None when there is none
        self._started: threading.Thread | None = None  # the last one started, joined by close()

    def submit(self, document: ReportDocument, *, executable: str, timeout_ms: int) -> Future[bytes]:
        job = _Job(document, executable, timeout_ms, Future())
        with self._lock:
            self._jobs.put(job)
            if self._thread is None:
                self._thread = self._started = threading.Thread(target=self._run, name="report-pdf", daemon=True)
                self._thread.start()
        return job.result

    def print(self, document: ReportDocument, *, executable: str, timeout_ms: int) -> bytes:
        return self.submit(document, executable=executable, timeout_ms=timeout_ms).result()

    def warm(self, document: ReportDocument, *, executable: str, timeout_ms: int) -> Future[bytes]:
        """Start the browser and print ``document`` in the background, so the page has plotly.js parsed and its
        charts drawn once before the first real document; from then on the browser stays open."""
        self.idle_seconds = None
        return self.submit(document, executable=executable, timeout_ms=timeout_ms)

    def after_fork_in_child(self) -> None:
        """A forked worker (gunicorn --preload) has none of the parent's threads: start afresh, warm if it was."""
        self._reset()
        if self.rewarm is not None:
            self.rewarm()

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
        page.set_viewport_size({"width": width, "height": 1000})
        head = _head(document.html)
        if head == self.head:
            page.evaluate(_SWAP_BODY, document.html)
        else:
            self.html = document.html
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
            tagged=True,  # a tagged PDF (headings, tables, lists) for screen readers
            outline=True,  # bookmarks from the headings, so a reader can jump to a section
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


PRINTER = _Printer(idle_seconds=BROWSER_IDLE_SECONDS)
atexit.register(PRINTER.close)
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=PRINTER.after_fork_in_child)


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
    if not chromium_installed(executable):
        raise ChromiumMissing(chromium_missing_message(executable))
    if keep_browser:
        return PRINTER.print(document, executable=executable, timeout_ms=timeout_ms)
    printer = _Printer(idle_seconds=0)
    try:
        return printer.print(document, executable=executable, timeout_ms=timeout_ms)
    finally:
        printer.close()
