"""The estate pages, exports, API and command: upload, watch, read, export (re-read with openpyxl), delete."""

import csv
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from openpyxl import load_workbook

from advisor.estates.models import Estate, EstateUpload
from advisor.models import Assessment
from pricing.jobs.models import Job
from tests.advisor.estates.conftest import inventory_csv
from tests.advisor.estates.engine.test_report_zip import zipped

pytestmark = pytest.mark.django_db


def upload(client: Client, data: bytes, name: str = "estate.csv", url: str = "/estates/new/") -> Any:
    handle = io.BytesIO(data)
    handle.name = name
    return client.post(url, {"name": "Datacentre exit", "file": handle})


@pytest.fixture
def uploaded(client: Client, prices: None, django_capture_on_commit_callbacks: Any) -> Estate:
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(client, inventory_csv())
    assert response.status_code == 302
    return Estate.objects.get()


def test_upload_then_the_page_shows_totals_rows_and_the_refused_row(client: Client, uploaded: Estate) -> None:
    page = client.get(uploaded.get_absolute_url()).content.decode()
    assert "Datacentre exit" in page and 'id="estate-totals"' in page
    assert "3 of 3 databases assessed (100 %)" in page
    assert "row 4, peak_cpu: not a number (&#x27;many&#x27;)" in page
    assert 'hx-trigger="every 1s"' not in page  # finished: no more polling
    partial = client.get(uploaded.get_absolute_url() + "?part=live&status=invalid", HTTP_HX_REQUEST="true")
    assert partial.content.decode().count('<tr id="db-row-') == 1


def test_the_estate_page_warns_of_old_prices_like_the_results_page(client: Client, uploaded: Estate,
                                                                  settings: Any) -> None:  # fmt: skip
    # the fixture snapshots' rows are years old (eu-west-1's from 2023-02-23), far past the default 180-day limit
    page = client.get(uploaded.get_absolute_url()).content.decode()
    banner = re.search(r'<div class="price-age stale" role="alert"><strong>Old prices.</strong> ([^<]*)</div>', page)
    assert banner is not None and banner.group(1).startswith("Prices as of ")
    assert "more than 180 days. Prices may have changed since" in banner.group(1)
    settings.PRICE_STALE_AFTER_DAYS = 100_000  # a limit the rows are within: said quietly, no alert
    page = client.get(uploaded.get_absolute_url()).content.decode()
    assert '<p class="price-age">Prices as of ' in page and "Old prices." not in page


def test_one_databases_full_results_open_from_the_estate(client: Client, uploaded: Estate) -> None:
    page = client.get(f"{uploaded.get_absolute_url()}db/2/").content.decode()
    assert "ERP: where it should run" in page and 'id="recommended-option"' in page


def test_the_csv_export_has_a_row_per_database(client: Client, uploaded: Estate) -> None:
    response = client.get(uploaded.get_absolute_url() + "export.csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [(r["row"], r["name"], r["status"]) for r in rows] == [
        ("2", "ERP", "done"), ("3", "Shop", "done"), ("4", "Broken", "invalid"), ("5", "Billing", "done")]  # fmt: skip
    erp = uploaded.databases.get(name="ERP")
    assert rows[0]["recommended_monthly_usd"] == str(erp.recommended_monthly_usd)


def test_the_xlsx_export_reads_back_with_its_totals(client: Client, uploaded: Estate) -> None:
    response = client.get(uploaded.get_absolute_url() + "export.xlsx")
    book = load_workbook(io.BytesIO(response.content), read_only=True)
    assert book.sheetnames == ["Databases", "Totals", "Licences", "Blockers", "About"]
    databases = list(book["Databases"].iter_rows(values_only=True))
    assert [d[1] for d in databases[1:]] == ["ERP", "Shop", "Broken", "Billing"]
    totals = {row[0]: row for row in book["Totals"].iter_rows(min_row=2, values_only=True)}
    best = sum(float(d.recommended_monthly_usd or 0) for d in uploaded.databases.all())
    assert totals["Best per database"][1] == pytest.approx(best, abs=0.005)  # the three recommended costs, summed
    header = next(book["Totals"].iter_rows(max_row=1, values_only=True))
    assert totals["Best per database"][header.index("databases_placed")] == 3


def test_another_users_estate_is_not_found(uploaded: Estate, anon_client: Client) -> None:
    bob = get_user_model().objects.create_user("bob", password="bob-password-1")
    other = Client()
    other.force_login(bob)
    assert other.get(uploaded.get_absolute_url()).status_code == 404
    assert other.get(uploaded.get_absolute_url() + "export.csv").status_code == 404
    assert anon_client.get(uploaded.get_absolute_url()).status_code == 302  # to sign in


def test_a_file_that_cannot_be_read_is_refused_with_nothing_created(client: Client, prices: None) -> None:
    response = upload(client, "name\nZürich\n".encode("cp1252"))
    assert response.status_code == 422
    assert "not UTF-8 text" in response.content.decode() and not Estate.objects.exists()


def test_a_zip_holding_no_report_is_refused_on_the_file_field_with_nothing_saved(client: Client) -> None:
    junk = zipped({"readme.txt": b"hello", "../evil.txt": b"x"})
    response = upload(client, junk, name="junk.zip")
    assert response.status_code == 422
    page = response.content.decode()
    summary = re.search(r'id="inventory-problems">(.*?)</div>', page, re.S).group(1)
    said = " ".join(re.sub(r"<[^>]+>", " ", summary).split())
    # the summary names the field (and links to it) and the file, says what is wrong and what is accepted
    assert '<a href="#id_file">Inventory or ZIP of reports</a> (junk.zip): the ZIP holds no AWR' in summary
    assert "readme.txt: not an AWR or Statspack report" in said and "Accepted: a .zip of reports" in said
    field = re.search(r'<p id="err-id_file" class="field-error">(.*?)</p>', page, re.S).group(1)
    assert "the ZIP holds no AWR, Statspack or AWR-Miner report" in field  # said beside the field too
    assert not Estate.objects.exists() and not EstateUpload.objects.exists() and not Job.objects.exists()
    api = upload(client, junk, name="junk.zip", url="/api/v1/estates")
    assert api.status_code == 400 and api.json()["errors"][0]["path"] == "file"
    assert not Estate.objects.exists()


def test_the_new_estate_page_says_the_zip_limits_and_what_happens_past_them(client: Client) -> None:
    page = client.get("/estates/new/").content.decode()
    limits = re.search(r'<ul class="sub" id="zip-limits">(.*?)</ul>', page, re.S)
    assert limits is not None
    shown = " ".join(re.sub(r"<[^>]+>", " ", limits.group(1)).split())
    for said in ("128 MiB per ZIP : A larger file is refused before it is read, and nothing is assessed",
                 "256 files per ZIP : As many as one AWR import reads; a ZIP holding more is refused",
                 "put a larger estate in several ZIPs", "512 MiB unpacked : As much as one AWR import reads",
                 "16 MiB per file : A larger file is not read: it is listed as over the limit, and the other files",
                 "each file may unpack to at most 100 times its compressed size : A ZIP holding a file packed more "
                 "tightly is refused and nothing is assessed"):  # fmt: skip
        assert said in shown, said
    # the limits, not how our sample reports compress or how long our server takes to read them
    for note in ("sample report", "4.5 to 13.1", "zip bomb", " ms ", "measured", "DEFLATE"):
        assert note not in page, note


def test_delete_removes_the_estate(client: Client, uploaded: Estate) -> None:
    response = client.post(f"{uploaded.get_absolute_url()}delete/")
    assert response.status_code == 302 and not Estate.objects.exists()


def test_the_template_downloads_as_csv_and_xlsx(client: Client) -> None:
    header = client.get("/estates/template.csv").content.decode().splitlines()[0]
    assert header.startswith("name,edition,version,") and header.endswith(",features")
    book = load_workbook(io.BytesIO(client.get("/estates/template.xlsx").content), read_only=True)
    assert next(book["Inventory"].iter_rows(values_only=True))[0] == "name"


def test_only_csv_and_xlsx_are_offered_as_downloads(client: Client, uploaded: Estate) -> None:
    # an unknown ending is not found, not quietly answered with an XLSX under another name
    for url in ["/estates/template.pdf", "/estates/template.json", "/estates/template.",
                uploaded.get_absolute_url() + "export.pdf", uploaded.get_absolute_url() + "export.json",
                uploaded.get_absolute_url() + "export.XLSX"]:  # fmt: skip
        response = client.get(url)
        assert response.status_code == 404, url
        assert "Content-Disposition" not in response, url
    assert client.get("/estates/template.xlsx")["Content-Disposition"].endswith('template.xlsx"')
    assert client.get(uploaded.get_absolute_url() + "export.csv")["Content-Type"].startswith("text/csv")


def test_the_api_creates_polls_and_reads_an_estate(client: Client, prices: None,
                                                   django_capture_on_commit_callbacks: Any) -> None:  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):
        response = upload(client, inventory_csv(), url="/api/v1/estates")
    assert response.status_code == 202, response.content
    body = response.json()
    assert body["row_errors"] == [{"row": 4, "column": "peak_cpu", "message": body["row_errors"][0]["message"]}]
    detail = client.get(f"/api/v1/estates/{body['id']}").json()
    assert detail["progress"]["finished"] == 3 and detail["progress"]["running"] is False
    best = next(p for p in detail["totals"]["placements"] if p["placement"] == "best")
    databases = client.get(f"/api/v1/estates/{body['id']}/databases").json()
    recommended = [d["result"] for d in databases if d["result"]]
    total = sum(
        float(next(o["monthly_usd"] for o in r["options"] if o["option"] == r["recommended"])) for r in recommended
    )
    assert float(best["monthly_usd"]) == pytest.approx(total, abs=0.005)
    # each option's price sources by the names people know them, not the files and dataset keys the rows came from
    sources = {s for r in recommended for o in r["options"] for s in o["price_sources"]}
    assert sources and all(s.startswith(("AWS Price List", "Oracle")) for s in sources), sources
    assert not any("fixtures/" in s or "SKU" in s or "[" in s for s in sources), sources
    assert client.delete(f"/api/v1/estates/{body['id']}").status_code == 204


def test_the_api_refuses_an_unreadable_file_in_its_error_shape(client: Client) -> None:
    response = upload(client, b"", url="/api/v1/estates")
    assert response.status_code == 400
    assert response.json()["errors"][0]["path"] == "file"


def test_the_command_prints_json_and_exits_1_for_a_refused_row(tmp_path: Path, prices: None) -> None:
    path = tmp_path / "estate.csv"
    path.write_bytes(inventory_csv())
    out = io.StringIO()
    with pytest.raises(CommandError) as failed:
        call_command("estate", str(path), "--json", stdout=out)
    assert failed.value.returncode == 1
    body = json.loads(out.getvalue())
    assert [d["status"] for d in body["databases"]] == ["done", "done", "invalid", "done"]
    assert body["totals"]["databases"] == 3
    sources = {s for d in body["databases"] if d["result"] for o in d["result"]["options"] for s in o["price_sources"]}
    assert sources and not any("fixtures/" in s or "SKU" in s or "[" in s for s in sources), sources


def test_the_command_exits_2_for_a_file_it_cannot_read(tmp_path: Path) -> None:
    path = tmp_path / "empty.csv"
    path.write_bytes(b"")
    with pytest.raises(CommandError) as failed:
        call_command("estate", str(path))
    assert failed.value.returncode == 2 and "the file is empty" in str(failed.value)


def test_the_openapi_document_describes_the_inventory_upload(anon_client: Client) -> None:
    operation = anon_client.get("/api/v1/openapi.json").json()["paths"]["/api/v1/estates"]["post"]
    assert "file" in operation["requestBody"]["content"]["multipart/form-data"]["schema"]["properties"]
    assert operation["security"] == [{"ApiKeyBearer": []}]  # saved data: a token or a session, never anonymous


def test_the_table_sorts_by_monthly_cost_highest_first(client: Client, uploaded: Estate) -> None:
    page = client.get(uploaded.get_absolute_url() + "?part=live&sort=-monthly", HTTP_HX_REQUEST="true")
    shown = [row for row in page.content.decode().split('<tr id="db-row-')[1:]]
    costs = sorted(((d.recommended_monthly_usd, d.row) for d in uploaded.databases.filter(status="done")), reverse=True)
    assert [int(r.split('"')[0]) for r in shown[:3]] == [row for _, row in costs]


def test_an_estate_of_saved_assessments(client: Client, saved_assessment: Any, prices: None,
                                        django_capture_on_commit_callbacks: Any) -> None:  # fmt: skip
    form = client.get("/estates/from-assessments/").content.decode()
    assert "Billing (SE2 19c" in form
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/estates/from-assessments/", {"name": "Saved ones",
                                                               "assessments": [str(saved_assessment.public_id)]})  # fmt: skip
    estate = Estate.objects.get(name="Saved ones")
    assert response.status_code == 302 and estate.source == "assessments"
    database = estate.databases.get()
    assert (database.name, database.status, database.assessment_id) == ("Billing", "done", saved_assessment.pk)


def test_the_xlsx_export_of_an_estate_still_queued_reads_back(client: Client, user: Any, prices: None) -> None:
    from advisor.estates import services
    from advisor.estates.engine.inventory import read_inventory

    # no worker runs (the tasks are queued on commit, which a test never reaches): nothing is assessed, so the
    # Licences and Blockers sheets hold their header alone
    estate = services.estate_from_inventory(inventory=read_inventory(inventory_csv(), "e.csv"), owner=user)
    response = client.get(estate.get_absolute_url() + "export.xlsx")
    assert response.status_code == 200
    book = load_workbook(io.BytesIO(response.content), read_only=True)
    assert [r[2] for r in book["Databases"].iter_rows(min_row=2, values_only=True)] == [
        "queued", "queued", "invalid", "queued"]  # fmt: skip
    assert list(book["Licences"].iter_rows(values_only=True)) == [
        ("placement", "product", "metric", "needed", "owned", "to_buy", "freed")]  # fmt: skip
    assert len(list(book["Blockers"].iter_rows(values_only=True))) == 1


def test_an_unknown_part_is_refused_naming_the_accepted_values(client: Client, uploaded: Estate) -> None:
    response = client.get(uploaded.get_absolute_url() + "?part=table", HTTP_HX_REQUEST="true")
    assert response.status_code == 400
    assert response.content.decode().startswith("part 'table': accepted values are 'live'")
    live = client.get(uploaded.get_absolute_url() + "?part=live", HTTP_HX_REQUEST="true")
    assert live.status_code == 200 and live.content.decode().lstrip().startswith('<section id="estate-live"')


def test_a_nul_in_the_search_is_refused_naming_the_parameter(client: Client, uploaded: Estate) -> None:
    """Every address refuses a NUL in a query parameter before any view (config/limits.py), so none reaches the
    database, which on PostgreSQL would fail on it."""
    listed = client.get("/estates/?q=%00Datacentre")
    assert listed.status_code == 400 and listed.content.decode().startswith("q: contains a NUL character")
    page = client.get(uploaded.get_absolute_url() + "?q=%00ERP")
    assert page.status_code == 400
    odd = client.get(uploaded.get_absolute_url() + "?status=%00&option=%00")
    assert odd.status_code == 400 and odd.content.decode().startswith("status:")


def test_the_upload_form_offers_the_creators_teams_and_sets_the_one_chosen(client: Client, user: Any,
                                                                           prices: None) -> None:  # fmt: skip
    from advisor.accounts.models import Membership, Team

    mine = Team.objects.create(name="DBA team")
    Membership.objects.create(team=mine, user=user, role=Membership.Role.MANAGER)
    Team.objects.create(name="Not mine")
    form = client.get("/estates/new/").content.decode()
    assert "DBA team" in form and "Not mine" not in form
    handle = io.BytesIO(inventory_csv())
    handle.name = "estate.csv"
    assert client.post("/estates/new/", {"name": "Shared", "file": handle, "team": mine.pk}).status_code == 302
    assert Estate.objects.get(name="Shared").team == mine


def test_the_command_assesses_saved_assessments_by_id(saved_assessment: Any, prices: None) -> None:
    out = io.StringIO()
    call_command("estate", "--assessments", str(saved_assessment.public_id), "--owner", "alice", "--json",
                 stdout=out)  # fmt: skip
    body = json.loads(out.getvalue())
    assert [(d["row"], d["name"], d["status"]) for d in body["databases"]] == [(1, "Billing", "done")]
    assert body["totals"]["databases"] == 1
    stranger = get_user_model().objects.create_user("mallory", password="mallory-password-1")
    with pytest.raises(CommandError) as refused:
        call_command("estate", "--assessments", str(saved_assessment.public_id), "--owner", stranger.username)
    assert refused.value.returncode == 2 and "no saved assessment that mallory may see" in str(refused.value)


def test_totals_and_costs_that_leave_costs_out_are_marked_partial_everywhere(client: Client, uploaded: Estate) -> None:
    # the inventory gives no data changed a day: every RDS and EC2 total leaves out the backups after the first copy
    page = client.get(uploaded.get_absolute_url()).content.decode()
    ec2_row = re.search(r'<tr data-placement="ec2">.*?</tr>', page, re.S)
    assert ec2_row and re.search(r'class="sub partial-count">\d+ partial<', ec2_row[0])
    assert "a placement with partial databases is a lower" in page
    # each partial cost is marked as a lower bound, with what it leaves out on the mark
    assert re.search(
        r'<abbr class="partial-cost" title="At least: leaves out Backups after the first full copy[^"]*">≥</abbr>\$[\d,]+<',
        page,
    )

    rows = list(csv.DictReader(io.StringIO(client.get(uploaded.get_absolute_url() + "export.csv").content.decode())))
    assert any(r["ec2_left_out"].startswith("Backups after the first full copy") for r in rows)
    said = client.get(f"/api/v1/estates/{uploaded.public_id}").json()
    placements = {p["placement"]: p for p in said["totals"]["placements"]}
    assert 0 < placements["ec2"]["partial"] <= placements["ec2"]["placed"]


def test_the_recommended_filter_names_each_option_as_the_page_does(client: Client, uploaded: Estate) -> None:
    page = client.get(uploaded.get_absolute_url()).content.decode()
    assert '<option value="rds_custom">RDS Custom</option>' in page
    assert '<option value="odb">Oracle Database@AWS</option>' in page


def _listed(page: str) -> list[tuple[int, str]]:
    """The databases table's rows as the page shows them: (row number, the Recommended column's label)."""
    table = page.split('id="estate-databases"', 1)[1].split("</table>", 1)[0]
    rows = re.findall(r'<tr id="db-row-(\d+)"[^>]*>(.*?)</tr>', table, re.S)
    cells = [(int(n), re.findall(r"<td[^>]*>(.*?)</td>", body, re.S)) for n, body in rows]
    return [(n, re.sub(r"<span.*", "", c[3], flags=re.S).strip()) for n, c in cells]


def _sorted_headers(page: str) -> list[tuple[str, str]]:
    head = page.split('id="estate-databases"', 1)[1].split("</thead>", 1)[0]
    return re.findall(r'<th[^>]*aria-sort="(\w+)"[^>]*>([^<]*)', head)


def test_sorting_by_the_recommended_option_follows_the_labels_the_column_shows(
    client: Client, uploaded: Estate
) -> None:
    url = uploaded.get_absolute_url() + "?part=live&sort="
    shown = _listed(client.get(url + "recommended", HTTP_HX_REQUEST="true").content.decode())
    labelled = [(row, label) for row, label in shown if label]
    # the inventory recommends EC2 and RDS: stored as "ec2" and "rds", whose order is the opposite of the labels'
    # ("Amazon RDS for Oracle" before "Self-managed Oracle on EC2")
    assert {label for _, label in labelled} == {"Amazon RDS for Oracle", "Self-managed Oracle on EC2"}
    assert labelled == sorted(labelled, key=lambda r: (r[1].casefold(), r[0]))  # by label, then by row
    assert shown[len(labelled) :] == [(4, "")]  # the refused row, with nothing to sort by, last
    assert _sorted_headers(client.get(url + "recommended").content.decode()) == [("ascending", "Recommended")]

    backwards = _listed(client.get(url + "-recommended", HTTP_HX_REQUEST="true").content.decode())
    # labels Z to A, rows sharing a label still in row order, the refused row still last
    z_to_a = sorted(sorted(labelled), key=lambda r: r[1].casefold(), reverse=True)
    assert z_to_a[0][1] == "Self-managed Oracle on EC2" and z_to_a[-1][1] == "Amazon RDS for Oracle"
    assert backwards == [*z_to_a, (4, "")]
    assert _sorted_headers(client.get(url + "-recommended").content.decode()) == [("descending", "Recommended")]


def test_the_sorted_column_alone_says_how_it_is_sorted(client: Client, uploaded: Estate) -> None:
    url = uploaded.get_absolute_url() + "?sort="
    assert _sorted_headers(client.get(url + "-monthly").content.decode()) == [("descending", "Its monthly cost")]
    assert _sorted_headers(client.get(url + "name").content.decode()) == [("ascending", "Name")]
    assert _sorted_headers(client.get(uploaded.get_absolute_url()).content.decode()) == [("ascending", "Row")]
    # a sort the table does not offer sorts by row, and the table says so
    page = client.get(url + "-nonsense").content.decode()
    assert _sorted_headers(page) == [("ascending", "Row")]
    assert [row for row, _ in _listed(page)] == [2, 3, 4, 5]


def test_an_estate_of_saved_assessments_assesses_each_for_the_sizing_policy_saved_with_it(
    client: Client, saved_assessment: Any, prices: None, django_capture_on_commit_callbacks: Any
) -> None:
    from advisor import services as assessments
    from advisor.engine.sizing import SizingPolicy

    policy = SizingPolicy(cpu_headroom_pct=300)  # the defaults' 20 % and this one size different classes
    Assessment.objects.filter(pk=saved_assessment.pk).update(policy=policy.model_dump(mode="json"))
    workload = assessments.assessment_workload(saved_assessment)
    wanted = assessments.recommendation_for(workload, policy).ranking.recommended
    default = assessments.recommendation_for(workload, SizingPolicy()).ranking.recommended
    assert wanted.monthly_usd != default.monthly_usd
    with django_capture_on_commit_callbacks(execute=True):
        client.post("/estates/from-assessments/", {"name": "Saved ones", "assessments": [str(saved_assessment.public_id)]})  # fmt: skip
    database = Estate.objects.get(name="Saved ones").databases.get()
    assert database.recommended_monthly_usd == wanted.monthly_usd  # as the assessment's results page shows it
