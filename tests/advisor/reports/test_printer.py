"""A server's printing browser, warmed when it starts: only when serving, never breaking start-up, and the page it
warms takes the first real document's body (not the warm-up's)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from advisor import services
from advisor.engine.scenarios import SCENARIO_DIR, load_scenario
from advisor.reports import pdf as report
from advisor.reports import printer as report_printer

SMALL = load_scenario(SCENARIO_DIR / "small-oltp-se2.json")


@pytest.mark.parametrize(
    ("argv", "environ", "expected"),
    [
        (["manage.py", "runserver"], {"RUN_MAIN": "true"}, True),  # runserver's serving child
        (["manage.py", "runserver"], {}, False),  # the autoreloader that only watches files
        (["manage.py", "runserver", "--noreload"], {}, True),
        (["/srv/.venv/bin/gunicorn", "config.wsgi"], {}, True),
        (["/srv/.venv/lib/python3.11/site-packages/uvicorn/__main__.py"], {}, True),  # python -m uvicorn
        (["/srv/.venv/bin/pytest"], {}, False),
        (["manage.py", "migrate"], {}, False),
        (["manage.py", "report"], {"REPORT_WARM_BROWSER": "1"}, True),
        (["/srv/.venv/bin/gunicorn"], {"REPORT_WARM_BROWSER": "0"}, False),
    ],
)
def test_only_a_serving_process_warms_the_browser(argv: list[str], environ: dict[str, str], expected: bool) -> None:
    assert report.serving(argv, environ) is expected


def test_app_start_warms_the_browser_only_when_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    monkeypatch.setattr(report, "warm_browser", lambda executable=None: calls.append("warmed"))
    monkeypatch.setattr(report, "serving", lambda: False)
    report.warm_browser_when_serving()
    assert calls == []
    monkeypatch.setattr(report, "serving", lambda: True)
    report.warm_browser_when_serving()
    assert calls == ["warmed"]


def test_without_chromium_nothing_is_warmed(settings) -> None:  # noqa: ANN001
    settings.REPORT_CHROMIUM = "/nonexistent/chromium"
    assert report.warm_browser() is None


@pytest.mark.django_db
def test_the_warm_up_shares_the_documents_head(prices: None) -> None:
    """The warmed page is reused only by a document with the same <head> (plotly.js and styles already loaded)."""
    meta = services.AssessmentMeta(name=SMALL.name, customer=SMALL.customer, project=SMALL.project)
    document = report.report_document(assessment=services.assessment_create(meta=meta, workload=SMALL.workload))
    warm_up = report.warmup_document()
    assert report_printer._head(warm_up.html) == report_printer._head(document.html)
    assert "data-plotly-figure" in warm_up.html


def test_the_fallback_warm_up_page_shares_the_head_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """No database yet (a server started before migrate): a small page still warms the browser."""

    def no_database(**_: object) -> None:
        raise RuntimeError("no such table: advisor_reportsettings")

    monkeypatch.setattr(report, "report_document", no_database)
    warm_up = report.warmup_document()
    assert "the printing browser, warmed up" in warm_up.html
    reference = report.render_to_string("advisor/report.html#warmup", {"paper": "a4"})
    assert report_printer._head(warm_up.html) == report_printer._head(reference)
    assert "plotly-4.1.1.min.js" in report_printer._head(warm_up.html)


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_after_the_warm_up_the_first_pdf_is_the_real_document(prices: None, monkeypatch: pytest.MonkeyPatch) -> None:
    printer = report_printer._Printer(idle_seconds=30)
    monkeypatch.setattr(report, "PRINTER", printer)
    try:
        warmed = report.warm_browser()
        assert warmed is not None
        assert warmed.result(timeout=60).startswith(b"%PDF-")
        assert printer.idle_seconds is None  # a warmed browser stays open

        meta = services.AssessmentMeta(name="Warm start", customer="Example", project="")
        document = report.report_document(assessment=services.assessment_create(meta=meta, workload=SMALL.workload))
        pdf = printer.print(document, executable=report.chromium_path(), timeout_ms=report.CHART_TIMEOUT_MS)
    finally:
        printer.close()
    path = Path(__file__).resolve().parents[3] / "artifacts" / "report-after-warm-up.pdf"
    path.parent.mkdir(exist_ok=True)
    path.write_bytes(pdf)
    text = subprocess.run(["pdftotext", str(path), "-"], check=True, capture_output=True, text=True).stdout
    assert "Warm start" in text and "Warm-up" not in text
    assert "Monthly cost by component (USD, run-rate)" in text  # the document's charts were drawn on the warmed page
