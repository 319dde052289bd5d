"""The IO-limit chart: throughput and IOPS against IO size, baseline and burst, binding limit marked."""

from types import SimpleNamespace

from advisor.engine.ioquery import parse_io_query, run_io_query
from advisor.pages.charts import LIMIT_MARKERS, capacity_figure, iolimits_figure, log_ticks


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


def axes(figure: dict) -> dict[str, dict]:
    return {name: axis for name, axis in figure["layout"].items() if name.startswith(("xaxis", "yaxis"))}


def capacity(points: list[tuple[int, float, float]]) -> dict:
    curve = [{"io_size_kib": size, "iops": iops, "throughput_mib_s": mib_s} for size, iops, mib_s in points]
    need = SimpleNamespace(scan_kib=1024, peak_mib_s=60, block_kib=8, peak_iops=2500)
    return capacity_figure({"rds": ("Amazon RDS for Oracle", curve)}, need)


def test_every_capacity_axis_has_a_title_with_its_unit() -> None:
    figure = capacity([(8, 6000, 47), (64, 2200, 137), (1024, 137, 137)])
    titles = {name: axis.get("title", {}).get("text") for name, axis in axes(figure).items()}
    assert titles == {
        "xaxis": "IO size (KiB)",
        "xaxis2": "IO size (KiB)",
        "yaxis": "throughput (MiB/s)",
        "yaxis2": "IOPS (IOs per second)",
    }


def test_a_capacity_panel_within_one_decade_still_has_labelled_ticks() -> None:
    # 47 to 137 MiB/s: plotly's one label per decade would show "100" alone
    layout = capacity([(8, 6000, 47), (64, 2200, 137), (1024, 137, 137)])["layout"]
    assert layout["yaxis"]["ticktext"] == ["20", "50", "100", "200"]
    assert layout["yaxis2"]["ticktext"] == ["100", "200", "500", "1,000", "2,000", "5,000", "10,000"]
    assert layout["xaxis"]["ticktext"][-1] == "1,024"


def test_every_iolimits_axis_has_a_title_with_its_unit() -> None:
    figure = iolimits_figure(
        run_io_query(parse_io_query({"platform": "rds", "instance": "db.m5.large", "volume": "gp2", "size_gib": 100}))
    )
    titles = {name: axis.get("title", {}).get("text") for name, axis in axes(figure).items()}
    assert titles["yaxis"] == "throughput (MiB/s)" and titles["yaxis2"] == "IOPS (IOs per second)"
    assert titles["xaxis"] == titles["xaxis2"] == "IO size (KiB)"
    assert len(figure["layout"]["yaxis2"]["ticktext"]) >= 3


def test_log_ticks_span_the_values_and_fall_back_to_decades_over_a_wide_range() -> None:
    assert log_ticks([140.6, 2160])["tickvals"] == [100, 200, 500, 1000, 2000, 5000]
    assert log_ticks([3, 300_000])["ticktext"] == ["1", "10", "100", "1,000", "10,000", "100,000", "1,000,000"]
    assert log_ticks([0, None]) == {}
