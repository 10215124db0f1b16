"""tools/bench_network.py's pure parts: summaries, Lighthouse figures, targets."""

from __future__ import annotations

from tools import bench_network as bn


def test_network_summary_takes_medians_and_the_ratio_to_the_floor():
    runs = {"slow4g": {"floor": [{"ready_ms": 70_000, "wire_bytes": 14_000_000}, {"ready_ms": 74_000, "wire_bytes": 14_000_000}],
                       "game": [{"ready_ms": 20_000, "wire_bytes": 3_700_000}, {"ready_ms": 26_000, "wire_bytes": 3_700_000}]}}
    s = bn.network_summary(runs)["slow4g"]
    assert s["floor"]["ready_ms"] == 72_000 and s["game"]["ready_ms"] == 23_000
    assert abs(s["ready_ratio"] - 23 / 72) < 1e-9


def test_lighthouse_figures_scale_scores_and_read_metrics():
    report = {"lighthouseVersion": "12.2.3",
              "categories": {"performance": {"score": 0.612}, "accessibility": {"score": 1}, "best-practices": {"score": 0.96},
                             "seo": {"score": None}},
              "audits": {"largest-contentful-paint": {"numericValue": 2500.0, "score": 0.9, "scoreDisplayMode": "numeric"},
                         "cumulative-layout-shift": {"numericValue": 0.01, "score": 1, "scoreDisplayMode": "numeric"},
                         "deprecations": {"score": 0, "scoreDisplayMode": "binary"}}}
    f = bn.lighthouse_figures(report)
    assert f["scores"] == {"performance": 61, "accessibility": 100, "best-practices": 96, "seo": None}
    assert f["metrics"]["lcp_ms"] == 2500.0 and f["metrics"]["tbt_ms"] is None
    assert f["failed_audits"] == ["deprecations"]


def test_lighthouse_long_tasks_longest_first_named_by_file():
    items = [{"url": "http://127.0.0.1:1/js/core-link.js", "startTime": 3712.4, "duration": 356.2},
             {"url": "Unattributable", "startTime": 2498, "duration": 503},
             {"url": "http://127.0.0.1:1/", "startTime": 1533, "duration": 105}]
    report = {"categories": {}, "audits": {"long-tasks": {"details": {"items": items}}}}
    assert bn.lighthouse_figures(report)["long_tasks"] == [
        {"file": "Unattributable", "start_ms": 2498, "duration_ms": 503},
        {"file": "core-link.js", "start_ms": 3712, "duration_ms": 356},
        {"file": "(the page)", "start_ms": 1533, "duration_ms": 105}]
    assert bn.long_tasks({"audits": {}}) == []


def test_headline_takes_the_worse_preset_and_targets_compare_both_ways():
    lh = {"mobile": {"scores": {"performance": 64, "accessibility": 100, "best-practices": 96, "seo": 100}, "metrics": {"cls": 0.01}},
          "desktop": {"scores": {"performance": 90, "accessibility": 100, "best-practices": 100, "seo": 100}, "metrics": {"cls": 0.03}},
          }
    summary = {"slow4g": {"game": {"wire_bytes": 3_700_000}, "ready_ratio": 0.45}}
    h = bn.headline(summary, lh)
    assert h == {"cold_wire_bytes": 3_700_000, "slow4g_ready_ratio": 0.45, "lh_mobile_performance": 64,
                 "lh_mobile_tbt_ms": None, "lh_desktop_performance": 90,
                 "lh_accessibility": 100, "lh_best_practices": 96, "lh_seo": 100, "lh_cls": 0.03}
    met = {t["key"]: t["met"] for t in bn.evaluate(h)}
    assert met == {"cold_wire_bytes": True, "slow4g_ready_ratio": False, "lh_mobile_performance": False,
                   "lh_mobile_tbt_ms": None, "lh_desktop_performance": False,
                   "lh_accessibility": True, "lh_best_practices": False, "lh_seo": True, "lh_cls": False}
    lh["mobile"]["metrics"]["tbt_ms"] = 300.0
    lh["mobile"]["scores"]["performance"] = 90
    met = {t["key"]: t["met"] for t in bn.evaluate(bn.headline(summary, lh))}
    assert met["lh_mobile_tbt_ms"] is True and met["lh_mobile_performance"] is True


def test_an_unmeasured_figure_is_neither_met_nor_missed():
    h = bn.headline({}, {"mobile": {"error": "lighthouse is missing"}})
    assert set(h.values()) == {None}
    assert {t["met"] for t in bn.evaluate(h)} == {None}


def test_several_lighthouse_runs_count_as_their_medians():
    def run(score, tbt, tasks):
        return {"scores": {"performance": score, "seo": 100}, "metrics": {"tbt_ms": tbt, "cls": tbt / 1e5},
                "long_tasks": tasks, "failed_audits": []}

    runs = [run(90, 411, ["slow"]), run(97, 171, ["fast"]), {"error": "lighthouse exited 1"}, run(94, 238, ["middle"])]
    out = bn.median_run(runs)
    assert out["scores"] == {"performance": 94, "seo": 100}
    assert out["metrics"]["tbt_ms"] == 238 and out["metrics"]["cls"] == 0.00238
    assert out["long_tasks"] == ["middle"]  # the run whose TBT is the median
    assert out["failed_runs"] == 1 and [r["metrics"]["tbt_ms"] for r in out["runs"]] == [411, 171, 238]
    assert bn.headline({}, {"mobile": out})["lh_mobile_tbt_ms"] == 238
    assert bn.median_run([{"error": "lighthouse exited 1"}]) == {"error": "lighthouse exited 1"}
