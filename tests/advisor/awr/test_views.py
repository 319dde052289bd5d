"""The AWR import pages: upload, review (figures with provenance, not found, per-file errors, flags, Exadata
findings), the pre-filled questionnaire with each answer's source, and the assessment that keeps the reports."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from advisor.awr.models import ReportFile, ReportImport
from advisor.awr.services import kept_bytes
from advisor.engine.workload import Workload
from advisor.models import Assessment
from tests.advisor.awr.samples import ALL_SAMPLES, AZURE, JAS, MINER, needs_samples, single_instance_dbs
from tests.advisor.awr.uploads import assessed_results, files_of, post_upload, raw_files, upload, upload_files
from tests.conftest import form_data

pytestmark = [pytest.mark.django_db, needs_samples]


# where DBS's DB CPU per second comes from: the Time Model's exact seconds over the window
DBS_DB_CPU = (
    "AWR_DBS.html · Time Model Statistics · DB CPU (s) over the elapsed time: 321,484.48 s / (4,319.92 min x 60)"
)


def row(body: str, row_id: str) -> str:
    """The text of one table row (tags removed, spaces squeezed)."""
    match = re.search(rf'<tr id="{re.escape(row_id)}">(.*?)</tr>', body, re.S)
    assert match, f"no row {row_id}"
    return " ".join(re.sub(r"<[^>]+>", " ", match.group(1)).split())


def test_upload_page_says_the_limits_in_words(client: Client) -> None:
    body = client.get(reverse("awr:upload")).content.decode()
    assert 'type="file" name="files"' in body and "multiple" in body
    assert "256 files per upload" in body and "16 MiB per file" in body and "512 MiB per upload" in body
    assert "Up to 16 files and 32 MiB in all are read while you wait; more in the background, with progress" in body
    # what happens past each limit, in the user's words; not how long our server takes to read our sample reports
    assert "A larger file is not read: it is listed as over the limit, and the other files are still read" in body
    assert "An upload of more files is refused, and nothing is saved" in body
    assert "All the files together: a larger upload is refused, and nothing is saved" in body
    assert "A larger upload is read in the background" in body
    for note in ("2-core", " ms ", "sample report", "measured"):
        assert note not in body, note
    assert 'src="/static/js/awr-upload.js"' in body and "<script>" not in body  # CSP: no inline script
    assert "Mask host, instance and database names" in body


def test_dbs_review_shows_figures_with_provenance_not_found_and_findings(client: Client) -> None:
    report_import = upload(client, AZURE / "AWR_DBS.html")
    body = client.get(report_import.get_absolute_url()).content.decode()
    # Time Model "DB CPU 321,484.48" s over 4,319.92 min x 60 = 259,195.2 s: 1.24 s/s (the Load Profile's one-decimal
    # "DB CPU(s): 1.2" is not used); a single 3-day window, so the average is no peak (none shown) and there is no P95
    assert row(body, "rate-db_cpu_per_s").startswith("DB CPU seconds per second 1.24 — — s/s 1 (4,319.92 min)")
    assert DBS_DB_CPU in row(body, "rate-db_cpu_per_s")
    # README: read IOPS 584.2 and write 74.3 (Load Profile, database files); IO Profile totals 727.1 req/s
    assert "584.2" in row(body, "rate-read_iops_db") and "74.3" in row(body, "rate-write_iops_db")
    assert "AWR_DBS.html · IO Profile · Total Requests (Read per Second): 638.9" in row(body, "rate-read_iops")
    # README: host CPUs 32 (16 cores), memory 503.40 GB, SGA 38,912 MB = 38 GiB
    assert "Host information · CPUs: 32" in row(body, "fact-host_cpus")
    assert "503.4 GiB" in row(body, "fact-host_memory_gib")
    assert "38 GiB" in row(body, "fact-sga_gib") and "SGA use (MB): 38,912.0 -&gt; 38,912.0" in body
    not_found = body.split('id="not-found"')[1].split("</ul>")[0]
    assert "Database size" in not_found  # an AWR report has no size: the dbspace listing does
    assert "3.0-day average: peaks unknown for DB CPU and IO" in body  # the long-window flag
    # Exadata: 692.9 of 727.1 requests/s optimized = 95.3 %
    assert "95.3% of IO requests" in body and 'id="finding-exadata-flash"' in body
    assert "AWR_DBS.html" in body and 'href="/import/awr/' in body  # the kept file, downloadable


def test_rac_instance_report_leaves_the_demand_to_the_user(client: Client) -> None:
    # AWR_DBS.html is instance dbs1's report; its database runs 2 instances (RAC Statistics "Number of Instances")
    report_import = upload(client, AZURE / "AWR_DBS.html")
    body = client.get(report_import.get_absolute_url()).content.decode()
    flags = " ".join(body.split('aria-label="What to know"')[1].split("</section>")[0].split())
    assert "RAC database of 2 instances but reports from 1 (dbs1)" in flags
    assert "not pre-filled as its demand" in flags
    assert 'id="prefill-sizing.peak_cpu"' not in body and 'id="prefill-io.peak_read_iops"' not in body
    left = body.split("Left at the questionnaire's defaults")[1].split("</ul>")[0]
    # Time Model (DB CPU 321,484.48 s + background cpu time 391,824.96 s) / 259,195.2 s = 2.75202 -> 2.76
    assert "Peak CPU used: not pre-filled: 2.76 CPU seconds per second is instance dbs1&#x27;s own figure" in left
    # the questionnaire keeps its default there and says why under the field
    form = client.get(reverse("awr:assessment-new", args=[report_import.public_id])).content.decode()
    cpu = form.split('id="f-sizing-peak-cpu"')[1].split("</div>\n        \n")[0]
    assert 'value="4"' in cpu and "Not in the report: default 4 vCPUs (not pre-filled: 2.76" in cpu
    assert "the database runs 2 instances" in cpu


def test_dbw_rac_global_report_shows_per_instance_figures(client: Client) -> None:
    report_import = upload(client, AZURE / "AWR_DBW.html", AZURE / "dbspace_DBW.lst")
    body = client.get(report_import.get_absolute_url()).content.decode()
    # README "DBW IO Profile (Global)": reads 5,030.50, writes 3,206.35, read MB/s 552.38, write 178.82; one 7-day
    # window: its average is no peak, so none is shown
    assert row(body, "rate-read_iops").startswith("Read IO requests per second (all files) 5,030.5 — — IOPS 1 (")
    assert "IO Profile (Global) · Total Requests (Writes/s): 3,206.35" in row(body, "rate-write_iops")
    # IOStat by File Type, rows "1 Total" and "2 Total": Reads/s 2,351.29 and 2,677.84
    assert "#1: 2,351.29 #2: 2,677.84" in row(body, "rate-read_iops")
    assert "IOStat by File Type · Total, Reads/s per instance: I# 1: 2,351.29; I# 2: 2,677.84" in row(
        body, "rate-read_iops"
    )
    assert "552.38" in row(body, "rate-read_mib_s") and "178.82" in row(body, "rate-write_mib_s")
    # 92 CPUs on each of 2 nodes = 184, shown per instance
    assert row(body, "fact-host_cpus").startswith("Host CPUs (threads) sum over instances 184 CPUs #1: 92 #2: 92")
    # Sga Target 512,000 MB per node = 500 GiB each, 1,000 GiB for the database
    assert "#1: 500 #2: 500" in row(body, "fact-sga_gib")
    for code in ("exadata-smart-scan", "exadata-flash", "exadata-hcc"):
        assert f'id="finding-{code}"' in body
    # each finding headed in words, never by its code
    assert "Smart Scan: an Exadata feature the target loses</summary>" in body
    assert "<code>exadata-" not in body
    # a pre-filled choice as the questionnaire says it
    assert "Enterprise Edition (EE)" in row(body, "prefill-oracle.edition")
    assert "7.0-day average: peaks unknown" in body


def test_awr_miner_review_shows_peak_and_p95(client: Client) -> None:
    report_import = upload(client, MINER / "dbcsi_awr_sample01.out")
    body = client.get(report_import.get_absolute_url()).content.decode()
    # README "AWR-Miner 12.2": the P99 of snapshot averages (0.021 threads) and P90 of peaks (0.707) as printed
    assert "DB_CPU_THREADS_AVERAGE_P99: .021" in row(body, "fact-cpu_avg_p99")
    assert "DB_CPU_THREADS_PEAKS_90: .707" in row(body, "fact-cpu_peak_p90")
    cpu = row(body, "rate-db_cpu_per_s")
    # MAIN-METRICS snaps 17, 18, 19: dur_m 50, 61, 10; cpu_per_s .004, .021, 0; cpu_per_s_max .037, .707, .001.
    # Average (0.004 x 50 + 0.021 x 61 + 0 x 10) / 121 = 1.481 / 121 = 0.01224; peak: the busiest snapshot's
    # average max(.004, .021, 0) = 0.021 (not a one-minute maximum);
    # P95 of (0, 0.004, 0.021): rank 2 x 0.95 = 1.9 -> 0.004 + 0.9 x (0.021 - 0.004) = 0.0193
    assert cpu.startswith("DB CPU seconds per second 0.01224 0.021 0.0193 s/s 3 (121 min)")
    assert "MAIN-METRICS · snap 17, cpu_per_s: .004 (max .037)" in cpu


def test_a_redo_printed_as_0_while_blocks_change_is_listed_as_not_known(client: Client) -> None:
    # MAIN-METRICS prints redo_mb_s 0 in snaps 17, 18 and 19 while db_block_changes_s is 4.6, 89.2 and 33.8
    report_import = upload(client, MINER / "dbcsi_awr_sample01.out")
    body = client.get(report_import.get_absolute_url()).content.decode()
    assert 'id="rate-redo_mib_s"' not in body  # no rate of 0 MiB/s shown
    not_found = " ".join(body.split('id="not-found"')[1].split("</ul>")[0].split())
    assert (
        "Redo generated: printed as 0 in all 3 windows while the database changes 49.66 blocks per second" in not_found
    )
    form = client.get(reverse("awr:assessment-new", args=[report_import.public_id])).content.decode()
    redo = " ".join(form.split('id="f-io-redo-mib-s"')[1].split('class="field ')[0].split())
    assert 'name="io.redo_mib_s" value=""' in redo  # blank, never 0
    assert "Not in the report: default none (left blank: the redo rate printed as 0" in redo


def test_a_bad_file_gets_its_own_message_and_the_others_are_read(client: Client) -> None:
    files = files_of(JAS / "awrrpt_1_2668_2669.txt") + raw_files(("notes.txt", b"meeting notes\n"))
    response = post_upload(client, files)
    assert response.status_code == 302
    report_import = ReportImport.objects.get()
    bad = report_import.files.get(name="notes.txt")
    assert "not an AWR or Statspack report" in bad.error and kept_bytes(bad) == b"" and not bad.stored
    body = client.get(report_import.get_absolute_url()).content.decode()
    assert "notes.txt" in body and "not an AWR or Statspack report" in body
    assert "Read 1 of 2 files" in body


def test_no_readable_file_saves_nothing_and_says_why_per_file(client: Client) -> None:
    response = post_upload(client, raw_files(("a.txt", b"hello\n"), ("b.bin", b"\x00\x01\x02" * 10)))
    assert response.status_code == 422
    body = response.content.decode()
    assert "Nothing was saved" in body
    assert "a.txt: not an AWR or Statspack report" in body and "b.bin: binary file" in body
    assert ReportImport.objects.count() == 0 and ReportFile.objects.count() == 0


def test_a_failure_while_saving_writes_nothing(client: Client, monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("disk full")

    monkeypatch.setattr(ReportFile.objects, "bulk_create", broken)
    with pytest.raises(RuntimeError):
        post_upload(client, files_of(JAS / "sp_70371_70372.txt"))
    assert ReportImport.objects.count() == 0


def test_no_file_chosen(client: Client) -> None:
    response = post_upload(client, [])
    assert response.status_code == 422
    assert "Choose at least one report file" in response.content.decode()


def test_too_many_files_are_refused_in_words_before_reading(client: Client) -> None:
    files = raw_files(*[(f"r{i}.txt", b"x") for i in range(257)])
    response = post_upload(client, files)
    assert response.status_code == 422
    assert "257 files: the limit is 256 files per upload read in the background" in response.content.decode()
    assert ReportImport.objects.count() == 0


def test_an_oversized_body_gets_413_with_the_limit_before_it_is_read(client: Client) -> None:
    # 512 MiB = 536,870,912 bytes is the page's limit (its background uploads'); one byte more is refused on its
    # Content-Length alone
    response = post_upload(client, raw_files(("a.txt", b"x")), CONTENT_LENGTH=str(512 * 1024 * 1024 + 1))
    assert response.status_code == 413
    assert "at most 512 MiB is accepted on /import/awr/" in response.content.decode()


def single_dbs(client: Client) -> ReportImport:
    """AWR_DBS.html as the report of a single-instance database (the sample is one instance of a RAC database, whose
    demand is not pre-filled: test_rac_instance_report_leaves_the_demand_to_the_user)."""
    return upload_files(client, raw_files(("AWR_DBS.html", single_instance_dbs().encode())))


def test_questionnaire_is_prefilled_with_each_answers_source(client: Client) -> None:
    report_import = single_dbs(client)
    url = reverse("awr:assessment-new", args=[report_import.public_id])
    body = client.get(url).content.decode()
    assert 'value="DBS (from AWR import)"' in body
    cpu = body.split('id="f-sizing-peak-cpu"')[1].split("</div>\n        \n")[0]
    # Time Model (DB CPU 321,484.48 s + background cpu time 391,824.96 s) over 4,319.92 min x 60 = 259,195.2 s:
    # 713,309.44 / 259,195.2 = 2.75202, rounded up
    assert 'value="2.76"' in cpu
    assert "an average over 3.0 days, not a peak" in cpu
    assert DBS_DB_CPU in cpu and "pre-filled" in cpu
    # a field left at its default carries no source line
    region = body.split('id="f-environment-region"')[1].split('class="field ')[0]
    assert "prefill-source" not in region


def test_saving_the_prefilled_questionnaire_keeps_the_reports_with_the_assessment(client: Client, prices: None) -> None:
    report_import = single_dbs(client)
    workload = Workload.model_validate(report_import.extraction["prefill"]["workload"])
    url = reverse("awr:assessment-new", args=[report_import.public_id])
    response = client.post(url, form_data(workload, name="DBS from AWR"))
    assessment = Assessment.objects.get(name="DBS from AWR")
    assert response["Location"] == reverse("advisor:assessment-results", args=[assessment.public_id])
    report_import.refresh_from_db()
    assert report_import.assessment == assessment
    assert assessment.peak_cpu == 2.76 and assessment.workload["sizing"]["sga_gib"] == 38.0
    results = client.get(response["Location"]).content.decode()
    assert f'href="{report_import.get_absolute_url()}">Imported reports' in results
    review = client.get(report_import.get_absolute_url()).content.decode()
    assert "Kept with the assessment" in review and "DBS from AWR" in review
    # deleted with the assessment, files and all
    client.post(reverse("advisor:assessment-delete", args=[assessment.public_id]))
    assert ReportImport.objects.count() == 0 and ReportFile.objects.count() == 0


def test_results_page_and_pdf_say_the_prefilled_cpu_is_a_long_windows_average(client: Client, prices: None) -> None:
    assessment, workload, results = assessed_results(client, single_dbs(client), "DBS long")
    # the results say first that the peaks were sized from the report's 3-day averages, then how the CPU was read
    averages = (
        "Sized from an average, not a peak: Peak CPU used (2.76 vCPUs), Peak read IOPS (639 IOPS), Peak read "
        "throughput (211.8 MiB/s), Peak write IOPS (89 IOPS), Peak write throughput (19.4 MiB/s) are as pre-filled "
        "from the imported reports, the average of the 3.0 days the report covers, snaps "
    )
    # Time Model DB CPU 321,484.48 s / 259,195.2 s = 1.24 + background cpu time 391,824.96 s / 259,195.2 s = 1.51:
    # 2.75202, rounded up to 2.76
    said = "Peak CPU used, 2.76 vCPUs, is as pre-filled from the imported reports: DB CPU 1.24 + background CPU 1.51"
    assert averages in results and said in results and results.index(averages) < results.index(said)
    assert "an average over 3.0 days, not a peak" in results
    assert "in the interval 25-Jan 17:45:04 to 25-Jan 18:00:06" in results  # the host's busiest interval, the bound
    pdf = client.get(reverse("advisor:assessment-report", args=[assessment.public_id]), {"format": "html"})
    assert averages in pdf.content.decode() and said in pdf.content.decode()
    # an answer the user changed is the user's own: nothing is said of it
    changed = workload.model_copy(update={"sizing": workload.sizing.model_copy(update={"peak_cpu": 12.0})})
    client.post(assessment.get_absolute_url(), form_data(changed, name="DBS long"))
    results = client.get(reverse("advisor:assessment-results", args=[assessment.public_id])).content.decode()
    assert "Peak CPU used, 12" not in results and "Peak CPU used, 2.76" not in results
    assert "Average CPU used, 2.76 vCPUs, is as pre-filled" in results
    # the IO peaks still hold the report's averages
    assert "Sized from an average, not a peak: Peak read IOPS (639 IOPS), Peak read throughput" in results


def test_an_invalid_answer_saves_nothing_and_keeps_the_sources(client: Client) -> None:
    report_import = upload(client, AZURE / "AWR_DBS.html")
    data = form_data(Workload.model_validate(report_import.extraction["prefill"]["workload"]), name="x")
    data["sizing.peak_cpu"] = "-1"
    response = client.post(reverse("awr:assessment-new", args=[report_import.public_id]), data)
    assert response.status_code == 422
    assert DBS_DB_CPU in response.content.decode()
    assert Assessment.objects.count() == 0
    report_import.refresh_from_db()
    assert report_import.assessment is None


@pytest.mark.parametrize("path", ALL_SAMPLES, ids=lambda p: p.name)
def test_every_sample_imports_end_to_end_into_an_assessment_whose_results_open(
    client: Client, prices: None, path: Path
) -> None:
    report_import = upload(client, path)
    assert client.get(report_import.get_absolute_url()).status_code == 200
    new = reverse("awr:assessment-new", args=[report_import.public_id])
    assert client.get(new).status_code == 200
    workload = Workload.model_validate(report_import.extraction["prefill"]["workload"])
    response = client.post(new, form_data(workload, name=f"From {path.name}"))
    assert response.status_code == 302, response.content.decode()[:3000]
    assert client.get(response["Location"]).status_code == 200
    assert Assessment.objects.get(name=f"From {path.name}").awr_imports.get() == report_import


def test_the_kept_file_downloads_as_uploaded_named_after_its_database(client: Client) -> None:
    report_import = upload(client, JAS / "sp_70371_70372.txt")
    response = client.get(reverse("awr:file", args=[report_import.public_id, 0]))
    assert response.status_code == 200 and response["Content-Type"] == "application/octet-stream"
    # no assessment yet, so no customer: <database>-<file as uploaded>.<ext> (the Statspack report's CLINPRD)
    assert response["Content-Disposition"] == 'attachment; filename="clinprd-sp-70371-70372.txt"'
    assert b"".join(response) == (JAS / "sp_70371_70372.txt").read_bytes()


def test_another_user_gets_404_everywhere(client: Client) -> None:
    report_import = upload(client, JAS / "sp_70371_70372.txt")
    bob = get_user_model().objects.create_user("bob", password="bob-password-1")
    other = Client()
    other.force_login(bob)
    for url in (
        report_import.get_absolute_url(),
        reverse("awr:assessment-new", args=[report_import.public_id]),
        reverse("awr:file", args=[report_import.public_id, 0]),
    ):
        assert other.get(url).status_code == 404, url
    assert other.post(reverse("awr:delete", args=[report_import.public_id])).status_code == 404
    assert ReportImport.objects.filter(pk=report_import.pk).exists()


def test_signed_out_visitors_are_sent_to_sign_in(anon_client: Client) -> None:
    response = anon_client.get(reverse("awr:upload"))
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


def test_the_owner_deletes_an_import_not_kept_with_an_assessment(client: Client) -> None:
    report_import = upload(client, JAS / "sp_70371_70372.txt")
    response = client.post(reverse("awr:delete", args=[report_import.public_id]))
    assert response.status_code == 302
    assert ReportImport.objects.count() == 0 and ReportFile.objects.count() == 0


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        # Time Model DB CPU 1,234.8 s over 60.25 min (the Load Profile prints 0.3); README "AWR txt 12.2": read 101.5 and write 12.5 requests/s, read 0.8 MB/s; 40 CPUs on 5 cores;
        # 502 GB; SGA 174,080 MB = 170 GiB
        (
            JAS / "awrrpt_1_2668_2669.txt",
            {
                "rate-db_cpu_per_s": "Time Model Statistics · DB CPU (s) over the elapsed time: 1,234.8 s / (60.25 min",
                "rate-read_iops_db": "Load Profile · Read IO requests: 101.5",
                "rate-write_iops_db": "Load Profile · Write IO requests: 12.5",
                "rate-read_mib_s_db": "Load Profile · Read IO (MB): 0.8",
                "fact-host_cpus": "Host · CPUs: 40",
                "fact-host_cores": "Host · Cores: 5",
                "fact-host_memory_gib": "Host · Memory(GB): 502.00",
                "fact-sga_gib": "Memory Statistics · SGA use (MB): 174,080.0",
            },
        ),
        # Time Model System Stats DB CPU 938.5 s over 60.02 min (the Load Profile prints 0.3); README "Statspack
        # 12.1": 79.7 reads/s and 5.9 writes/s from Instance Activity Stats; 49,451,793.3 B/s
        # / 1,048,576 = 47.16 MiB/s; 22 CPUs (22 cores); 126 GB; SGA 71,680 MB = 70 GiB
        (
            JAS / "sp_70371_70372.txt",
            {
                "rate-db_cpu_per_s": "Time Model System Stats · DB CPU (s) over the elapsed time: 938.5 s / (60.02 min",
                "rate-read_iops": "Instance Activity Stats · physical read total IO requests (per Second): 79.7",
                "rate-write_iops": "Instance Activity Stats · physical write total IO requests (per Second): 5.9",
                "rate-read_mib_s": "47.16",
                "fact-host_cpus": "Host · CPUs: 22",
                "fact-host_memory_gib": "Host · Memory (G): 126.0",
                "fact-sga_gib": "SGA use (MB): 71,680.0",
            },
        ),
    ],
    ids=["awr-text", "statspack"],
)
def test_text_reports_review_matches_the_readme(client: Client, path: Path, expected: dict[str, str]) -> None:
    body = client.get(upload(client, path).get_absolute_url()).content.decode()
    for row_id, text in expected.items():
        assert text in row(body, row_id), row_id


def test_a_default_the_report_left_is_marked_on_the_prefilled_questionnaire(client: Client) -> None:
    report_import = upload(client, AZURE / "AWR_DBS.html")  # an AWR report alone: no dbspace listing
    body = client.get(reverse("awr:assessment-new", args=[report_import.public_id])).content.decode()
    size = body.split('id="f-sizing-db-size-gib"')[1].split('class="field ')[0]
    assert "default kept" in size and "Not in the report: default 100 GiB" in size
    assert "dbspace listing" in size  # the file that would fill it
