"""Benchmark: the PDF comparison of a golden scenario, from the saved assessment to the PDF's bytes.

Goal: under 2 seconds (median of RUNS). Each run does what a download does: read the assessment, recommend (kept
from the previous run, as a server keeps it), render the print template, draw the charts in Chromium and print.
Measured twice: with the browser kept warm (a running server after its first PDF: plotly.js stays parsed) and
with a browser started for each document (the CLI, or a server's first download).
Run: ``python bench/report_bench.py [scenario file name]``. Prints its figures; asserts nothing.
"""

from __future__ import annotations

import io
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
RUNS = 5


def main(scenario_file: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["DATABASE_URL"] = f"sqlite:///{tmp}/bench.sqlite3"
        os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
        import django

        django.setup()
        from django.core.management import call_command

        from advisor import report, services
        from advisor.engine.scenarios import SCENARIO_DIR, load_scenario

        call_command("migrate", "--noinput", verbosity=0)
        call_command("load_prices", stdout=io.StringIO())
        scenario = load_scenario(SCENARIO_DIR / scenario_file)
        meta = services.AssessmentMeta(name=scenario.name, customer=scenario.customer, project=scenario.project)
        assessment = services.assessment_create(meta=meta, workload=scenario.workload)

        def timed(keep_browser: bool) -> tuple[list[float], list[float], bytes]:
            html_s, pdf_s, pdf = [], [], b""
            for _ in range(RUNS):
                start = time.perf_counter()
                document = report.report_document(assessment=assessment)
                rendered = time.perf_counter()
                pdf = report.report_pdf(document, keep_browser=keep_browser)
                html_s.append(rendered - start)
                pdf_s.append(time.perf_counter() - rendered)
            return html_s, pdf_s, pdf

        cold_html, cold_pdf, _ = timed(keep_browser=False)  # the CLI, or a server's first download
        report.report_pdf(report.report_document(assessment=assessment))  # start the warm browser
        warm_html, warm_pdf, pdf = timed(keep_browser=True)  # every later download from a running server

    pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
    print(
        f"PDF comparison of {scenario.name!r} ({len(pdf):,} bytes, {pages} pages), median of {RUNS} runs (goal < 2 s):"
    )
    for label, html_s, pdf_s in (("warm browser (a running server)", warm_html, warm_pdf),
                                 ("cold browser (CLI, first download)", cold_html, cold_pdf)):  # fmt: skip
        total = statistics.median(h + p for h, p in zip(html_s, pdf_s, strict=True))
        print(f"  {label:<36} {total:5.2f} s  {'met' if total < 2 else 'NOT met'}"
              f"  (context + template {statistics.median(html_s):4.2f} s, Chromium {statistics.median(pdf_s):4.2f} s)")  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "small-oltp-se2.json")
