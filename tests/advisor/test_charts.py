"""The IO-limit chart: throughput and IOPS against IO size, baseline and burst, binding limit marked."""

from advisor.charts import LIMIT_MARKERS, iolimits_figure
from advisor.engine.ioquery import parse_io_query, run_io_query


def traces(query):
    figure = iolimits_figure(run_io_query(parse_io_query(query)))
    return figure["data"]


def test_each_point_is_marked_with_the_limit_that_binds_there():
    data = traces({"platform": "rds", "instance": "db.m5.large", "volume": "gp2", "size_gib": 100})
    baseline_throughput = next(t for t in data if t["name"] == "baseline (sustained)" and t["showlegend"])
    burst_throughput = next(t for t in data if t["name"] == "burst" and t["showlegend"])
    # gp2 100 GiB: the baseline is held by its IOPS at every size; the burst by 128 MiB/s from 64 KiB up (R§1)
    assert set(baseline_throughput["marker"]["symbol"]) == {LIMIT_MARKERS["volume_iops"][0]}
    assert burst_throughput["marker"]["symbol"][-1] == LIMIT_MARKERS["volume_throughput"][0]
    assert burst_throughput["y"][-1] == 128
    legend = {t["name"] for t in data}
    assert {"limit: volume IOPS", "limit: volume throughput"} <= legend


def test_storage_without_burst_draws_one_line_per_panel():
    data = traces({"platform": "oci", "instance": "VM.Standard.E4.Flex", "ocpus": 8, "vpus_per_gb": 10,
                   "size_gib": 1000})  # fmt: skip
    lines = [t for t in data if t.get("mode") == "lines+markers"]
    assert [t["name"] for t in lines] == ["baseline (sustained)", "baseline (sustained)"]
