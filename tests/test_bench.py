"""The pure parts of the benchmark (tools/bench/, tools/bench_positions.py):
statistics, table formatting, payload and zip sizes, targets, options.
No browser and no timing here: speed targets live in the benchmark itself."""

from __future__ import annotations

import gzip
import json
import zipfile

import pytest

from tools import bench
from tools.bench import __main__ as bench_main
from tools import bench_positions


def test_percentile_is_nearest_rank():
    xs = list(range(1, 21))  # 1..20
    assert bench.percentile(xs, 95) == 19
    assert bench.percentile(xs, 50) == 10
    assert bench.percentile(xs, 100) == 20
    assert bench.percentile(xs, 0) == 1
    assert bench.percentile([5], 95) == 5
    assert bench.percentile([], 95) is None
    assert bench.percentile([3, 1, 2], 95) == 3  # unsorted input


def test_summarize():
    s = bench.summarize([4, 1, 3, 2, None])
    assert s == {"n": 4, "min": 1.0, "median": 2.5, "p95": 4.0, "max": 4.0, "mean": 2.5}
    assert bench.summarize([])["median"] is None and bench.summarize([])["n"] == 0


def test_ratios():
    assert bench.ratio(3, 2) == 1.5
    assert bench.ratio(None, 2) is None and bench.ratio(1, 0) is None
    assert bench.paired_ratios([2, None, 9, 4], [1, 3, 3, 0]) == [2.0, 3.0]


def test_payload_skips_vendor_and_gzips_each_file(tmp_path):
    (tmp_path / "vendor" / "pyodide").mkdir(parents=True)
    (tmp_path / "vendor" / "pyodide" / "big.wasm").write_bytes(b"\0" * 100_000)
    (tmp_path / "ui").mkdir()
    text = b"def f():\n    return 1\n" * 200
    (tmp_path / "ui" / "app.py").write_bytes(text)
    page = b"<!doctype html><p>hi</p>"
    (tmp_path / "index.html").write_bytes(page)
    other = b"top-level names starting with vendor are not the vendor folder"
    (tmp_path / "vendored.txt").write_bytes(other)
    p = bench.payload(tmp_path)
    assert p["files"] == 3
    assert p["bytes"] == len(text) + len(page) + len(other)
    expected = sum(len(gzip.compress(f.read_bytes(), 9, mtime=0)) for f in
                   (tmp_path / "ui" / "app.py", tmp_path / "index.html", tmp_path / "vendored.txt"))
    assert p["gzip"] == expected
    assert p["gzip"] < p["bytes"]
    assert p["by_folder"]["ui"]["files"] == 1 and p["by_folder"]["(top level)"]["files"] == 2
    sizes = [f["gzip"] for f in p["largest"]]
    assert sizes == sorted(sizes, reverse=True)  # largest (gzipped) first
    assert bench.payload(tmp_path, exclude=())["files"] == 4
    (tmp_path / "index.html.br").write_bytes(b"x" * 10)  # a precompressed sibling is not more payload
    assert bench.payload(tmp_path, exclude=())["files"] == 4
    (tmp_path / "app-more.zip").write_bytes(text)  # the code fetched after ready has its own budget
    assert bench.payload(tmp_path, exclude=())["files"] == 4
    from tools.bench.stats import data_sizes
    assert data_sizes(tmp_path)["app-more.zip"]["gzip"] == p["by_folder"]["ui"]["gzip"]


def test_gzip_size_is_deterministic():
    data = b"sixty-six " * 100
    assert bench.gzip_size(data) == bench.gzip_size(data) < len(data)


def test_zip_breakdown(tmp_path):
    path = tmp_path / "app.zip"
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("sixtysix/game.py", "x = 1\n" * 100)
        zf.writestr("sixtysix/__pycache__/game.cpython-314.pyc", b"\0" * 10)
        zf.writestr("ui/model/core.py", "y = 2\n")
    z = bench.zip_breakdown(path)
    assert z["entries"] == 3 and z["pyc"] == 1
    assert z["by_top"]["sixtysix"]["entries"] == 2 and z["by_top"]["ui"]["raw"] == 6
    assert z["bytes"] == path.stat().st_size


def test_format_table_aligns_columns():
    out = bench.format_table(["name", "ms"], [["floor", "10"], ["game cold", 1234], ["x", None]], title="T")
    lines = out.splitlines()
    assert lines[0] == "T"
    assert lines[1] == "name         ms"
    assert lines[2] == "---------  ----"
    assert lines[3] == "floor        10"
    assert lines[4] == "game cold  1234"
    assert lines[5] == "x"  # empty cells, no trailing spaces


def test_formatters():
    assert bench.fmt_bytes(0) == "0 B"
    assert bench.fmt_bytes(404) == "404 B"
    assert bench.fmt_bytes(61_120) == "61.1 kB"
    assert bench.fmt_bytes(38_517_212) == "38.5 MB"
    assert bench.fmt_ms(None) == "-" and bench.fmt_ms(3.25) == "3.2 ms" and bench.fmt_ms(1234.4) == "1,234 ms"
    assert bench.fmt_ratio(1.234) == "1.23x"


def test_evaluate_targets():
    targets = [("a", "shell", 300, "ms"), ("b", "ratio", 1.15, "x"), ("c", "bytes", 50_000, "B")]
    rows = bench.evaluate_targets({"a": 232.0, "b": 1.31}, targets)
    assert [r["met"] for r in rows] == [True, False, None]
    assert rows[0]["verdict"].startswith("met, 68 ms to spare")
    assert rows[1]["verdict"].startswith("MISSED by 0.16")
    assert rows[2]["verdict"] == "not measured"
    assert bench.evaluate_targets({"a": 300}, targets[:1])[0]["met"] is True  # at most the limit
    assert bench.evaluate_targets({"a": 300.5}, targets[:1])[0]["met"] is False


def test_headline_reads_the_figures():
    result = {"load_summary": {"game": {"warm": {"shell_ms": {"median": 200.0}, "ready_ratio": {"median": 1.1},
                                                 "bytes": {"max": 404}},
                                        "cold": {"ready_ratio": {"median": 1.3}}}},
              "bots": {"hard": {"browser": {"p95": 900.0}}}, "play": {"longest_task_ms": 75.0},
              "site": {"payload": {"gzip": 180_000}, "data": {"assets/problems.json": {"br": 12_000},
                                                              "app-more.zip": {"gzip": 51_000},
                                                              "locales/lessons/pt.json": {"br": 2_000},
                                                              "locales/lessons/it.json": {"br": 2_100}}},
              "loads": {"game": [{"resume": {"painted_ms": [90.0, 150.0, 140.0]}}, {"resume": {"painted_ms": [130.0]}},
                                 {"resume": {"painted_ms": [100.0]}}, {}]},
              "memory": [{"above_blank_mb": 150.0, "pyodide_realms": 1}, {"above_blank_mb": 170.0, "pyodide_realms": 1},
                         {"above_blank_mb": 160.0, "pyodide_realms": 2}]}
    result["load_summary"]["game"]["cold"]["longest_task_to_ready_ms"] = {"median": 91.0}
    result["load_summary"]["game"]["warm"]["longest_task_to_ready_ms"] = {"median": 64.0}
    h = bench.headline(result)
    assert h == {"shell_warm_ms": 200.0, "ready_ratio_cold": 1.3, "ready_ratio_warm": 1.1, "revisit_bytes": 404,
                 "hard_p95_ms": 900.0, "play_longest_task_ms": 75.0, "payload_gzip_bytes": 180_000,
                 "more_gzip_bytes": 51_000, "problems_br_bytes": 12_000, "lessons_br_bytes": 4_100,
                 "resume_painted_ms": 130.0,  # the median of every rep's reloads
                 "cold_task_ms": 91.0, "warm_task_ms": 64.0,
                 "pyodide_instances": 2,  # the most any round saw
                 "memory_above_blank_mb": 160.0}
    assert set(h) == {t[0] for t in bench.TARGETS}
    # a revisit that restores the start-up snapshot counts for the revisit bytes too
    result["load_summary"]["game"]["snapshot"] = {"bytes": {"max": 505}}
    assert bench.headline(result)["revisit_bytes"] == 505


def test_the_snapshot_visit_is_set_beside_the_floors_warm_visit():
    def rep(ms):
        return {"ready_ms": ms, **{k: None for k in ("fcp_ms", "shell_ms", "lcp_ms", "runtime_ms", "first_move_ms",
                                                   "imports_ms", "app_start_ms", "first_choose_ms", "worker_start_ms", "bytes",
                                                   "bytes_to_ready", "cdp_page_bytes", "longest_task_ms",
                                                   "longest_task_to_ready_ms")}}
    runs = {"floor": [{"cold": rep(4000.0), "warm": rep(3000.0)}],
            "game": [{"cold": rep(4400.0), "warm": rep(3300.0), "snapshot": rep(1500.0)}]}
    summary = bench.load_summary(runs)
    assert set(summary["game"]) == {"cold", "warm", "snapshot"} and set(summary["floor"]) == {"cold", "warm"}
    assert summary["game"]["snapshot"]["ready_ratio"]["median"] == 0.5
    assert summary["game"]["cold"]["ready_ratio"]["median"] == 1.1


def test_options():
    quick = bench_main.parse_args(["--quick"])
    assert (quick.reps, quick.positions, quick.seconds) == (1, 8, 0.5)
    full = bench_main.parse_args([])
    assert (full.reps, full.positions, full.seconds) == (5, 24, 2.0)
    assert bench_main.parse_args(["--quick", "--reps", "2"]).reps == 2
    with pytest.raises(SystemExit):
        bench_main.parse_args(["--positions", "-1"])


def test_missing_dist_is_a_clean_error(tmp_path):
    with pytest.raises(bench.BenchError, match="not built"):
        bench.stage_site(False, dist=tmp_path / "nothing", stage=tmp_path / "stage")


def test_positions_are_fixed_by_their_seeds():
    a = bench_positions.positions(6, per_hand=3)
    assert a == bench_positions.positions(6, per_hand=3)
    assert len(a) == 6 and all(len(v["legal"]) >= 2 for v in a)
    json.dumps(a)  # what the browser page receives
    assert len({json.dumps(v, sort_keys=True) for v in a}) == 6


def test_slim_keeps_the_figures_and_drops_the_request_lists():
    visit = {"ready_ms": 1.0, "resources": [{"name": "/x"}], "by_path": {f"/f{i}": [1, i] for i in range(20)}}
    result = {"meta": {}, "loads": {"game": [{"cold": dict(visit), "warm": dict(visit)}]}}
    out = bench.slim(result)
    cold = out["loads"]["game"][0]["cold"]
    assert "resources" not in cold and len(cold["by_path"]) == 10 and cold["ready_ms"] == 1.0
    assert "resources" in result["loads"]["game"][0]["cold"]  # the original is untouched


def test_longest_text():
    assert bench.longest_text([]) == "none over 50 ms"
    assert bench.longest_text([[10.0, 60.0], [20.0, 240.5]]) == "240 ms"


def test_a_crashed_floor_rep_runs_again_once_and_a_crashed_game_stops_the_run(monkeypatch):
    from tools.bench import scenarios
    from tools.bench.stats import BenchError

    visit = {"errors": [], "ready_ms": 1.0, "shell_ms": 1.0}
    calls = []

    def page_runs(browser, name, page, crash):
        calls.append(name)
        if name in crash and calls.count(name) <= crash[name]:
            raise BenchError(f"{page}: not ready: Page.wait_for_selector: Page crashed")
        resume = {"drawn_ms": [1.0], "painted_ms": [2.0], "ready_ms": [3.0]} if name == "game" else None
        return {"cold": dict(visit), "warm": dict(visit)}, resume

    said = []
    pages = {"floor": "floor.html", "game": "index.html"}
    monkeypatch.setattr(scenarios, "page_runs", lambda b, n, p: page_runs(b, n, p, {"floor": 1}))
    runs = scenarios.load_runs(None, pages, 1, said.append)
    assert calls == ["floor", "floor", "game"]
    assert [r["crashed_before"] for r in runs["floor"]] == [1] and runs["game"][0]["crashed_before"] == 0
    assert any("crashed" in line for line in said)
    calls.clear()  # crashing twice is not the JSPI fluke: the run stops
    monkeypatch.setattr(scenarios, "page_runs", lambda b, n, p: page_runs(b, n, p, {"floor": 2}))
    with pytest.raises(BenchError, match="crashed"):
        scenarios.load_runs(None, pages, 1, said.append)
    calls.clear()  # the game's own crash is never run again
    monkeypatch.setattr(scenarios, "page_runs", lambda b, n, p: page_runs(b, n, p, {"game": 1}))
    with pytest.raises(BenchError, match="crashed"):
        scenarios.load_runs(None, pages, 1, said.append)
    assert calls == ["floor", "game"]


def test_issue_33_targets_are_paired_ratios_against_the_page_before():
    """tools/before_after.py --targets (make bench): each round's figure over
    the page before's in the same round, the median of those, at most 1."""
    from tools import before_after

    def run(cold, revisit, move, ready=1000, memory=100.0, engine=500.0):
        return {"visits": [{"ready_ms": cold}, {"ready_ms": revisit}],
                "computer": {"computer_move_ms": move, "ready_ms": ready, "above_blank_mb": memory},
                "engine": {"hard_total_ms": engine}}

    runs = {"before": [run(1000, 800, 1800), run(1200, 700, 2000), run(1100, 900, 1900)],
            "after": [run(1100, 720, 1200, 1100, 50.0, 510.0), run(1080, 700, 1300, 1050, 60.0, 490.0),
                      run(1100, 810, 1330, 1000, 90.0, 495.0)]}
    assert before_after.target_ratios(runs)["ready_cold"] == [1.1, 0.9, 1.0]  # round by round, in order
    figures = before_after.target_figures(runs)
    # cold: 1.1, 0.9, 1.0 -> 1.0; revisit: 0.9, 1.0, 0.9 -> 0.9; the computer's move: 0.667, 0.65, 0.7 -> 0.667
    # the engine: 1.02, 0.98, 0.99 -> 0.99
    assert figures == {"ready_cold": 1.0, "ready_revisit": 0.9, "computer_move_cold": 0.667, "ready_cold_computer": 1.05,
                       "memory_cold": 0.6, "engine_hard": 0.99}
    rows = {r["key"]: r for r in bench.evaluate_targets(figures, before_after.TARGETS)}
    assert set(rows) == {"ready_revisit", "computer_move_cold", "memory_cold", "engine_hard"}
    assert all(r["met"] for r in rows.values())
    runs["after"][0]["computer"]["above_blank_mb"] = 85.0  # 0.85, 0.6, 0.9: the median 0.85, over the 0.8 allowed
    assert before_after.target_ratios(runs)["memory_cold"] == [0.85, 0.6, 0.9]
    rows = {r["key"]: r for r in bench.evaluate_targets(before_after.target_figures(runs), before_after.TARGETS)}
    assert rows["memory_cold"]["met"] is False
    runs["after"][0]["visits"][1]["ready_ms"] = 900  # 1.125: the median goes to 1.0, still met
    runs["after"][1]["visits"][1]["ready_ms"] = 800  # 1.143: the median 1.125, missed
    rows = {r["key"]: r for r in bench.evaluate_targets(before_after.target_figures(runs), before_after.TARGETS)}
    assert rows["ready_revisit"]["met"] is False and rows["ready_revisit"]["verdict"].startswith("MISSED")
