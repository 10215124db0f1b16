"""Statistics and sizes (pure; tests/test_bench.py): percentiles, ratios, payload and zip sizes."""

from __future__ import annotations

import gzip
import math
import statistics
import zipfile
from pathlib import Path


class BenchError(Exception):
    """A clean, expected failure (missing dist/, a page that never got ready...)."""


def percentile(values, q: float) -> float | None:
    """Nearest-rank percentile (``q`` in 0..100) of ``values``; None if empty."""
    data = sorted(values)
    if not data:
        return None
    rank = max(1, math.ceil(q / 100.0 * len(data)))
    return data[min(rank, len(data)) - 1]


def summarize(values) -> dict:
    """n, min, median, p95 (nearest rank), max and mean; None-valued figures if empty."""
    data = [float(v) for v in values if v is not None]
    if not data:
        return {"n": 0, "min": None, "median": None, "p95": None, "max": None, "mean": None}
    return {"n": len(data), "min": min(data), "median": statistics.median(data), "p95": percentile(data, 95),
            "max": max(data), "mean": statistics.fmean(data)}


def ratio(a, b) -> float | None:
    return None if a is None or b is None or b == 0 else a / b


def paired_ratios(numerators, denominators) -> list[float]:
    """a_i / b_i of runs measured side by side (None and zero skipped)."""
    return [a / b for a, b in zip(numerators, denominators) if a is not None and b]


def gzip_size(data: bytes) -> int:
    """Bytes of ``data`` gzipped at level 9 (a fixed mtime: deterministic)."""
    return len(gzip.compress(data, compresslevel=9, mtime=0))


#: What the page fetches only when asked for, or once it is ready, each with
#: a budget of its own (:func:`data_sizes`): not part of the app's payload.
#: app-more.zip: the app's modules imported only on demand (ui/on_demand.py),
#: fetched in the background after ready.
ON_DEMAND_DATA = ("assets/problems.json", "locales/lessons/pt.json", "locales/lessons/it.json", "app-more.zip")


def data_sizes(folder: Path) -> dict:
    """Raw, gzip and brotli bytes of each of :data:`ON_DEMAND_DATA` in ``folder``."""
    from tools.precompress import compress

    out = {}
    for rel in ON_DEMAND_DATA:
        if not (Path(folder) / rel).is_file():
            continue  # (an older build, benched for comparison)
        data = (Path(folder) / rel).read_bytes()
        out[rel] = {"bytes": len(data), "gzip": gzip_size(data), "br": len(compress(data, "br"))}
    return out


def payload(folder: Path, exclude: tuple[str, ...] = ("vendor",)) -> dict:
    """Size of every file under ``folder`` except the top-level folders ``exclude``,
    the data fetched on demand (:data:`ON_DEMAND_DATA`) and the build's
    precompressed siblings (the same files, encoded), raw and gzipped one by
    one (how a static host compresses them), largest first."""
    from tools.precompress import is_sibling

    folder = Path(folder)
    files = []
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        rel = path.relative_to(folder)
        if rel.parts[0] in exclude or is_sibling(rel.as_posix()) or rel.as_posix() in ON_DEMAND_DATA:
            continue
        data = path.read_bytes()
        files.append({"path": rel.as_posix(), "bytes": len(data), "gzip": gzip_size(data)})
    files.sort(key=lambda f: (-f["gzip"], f["path"]))
    groups: dict[str, dict] = {}
    for f in files:
        top = f["path"].split("/")[0] if "/" in f["path"] else "(top level)"
        g = groups.setdefault(top, {"files": 0, "bytes": 0, "gzip": 0})
        g["files"] += 1
        g["bytes"] += f["bytes"]
        g["gzip"] += f["gzip"]
    return {"files": len(files), "bytes": sum(f["bytes"] for f in files), "gzip": sum(f["gzip"] for f in files),
            "by_folder": dict(sorted(groups.items(), key=lambda kv: -kv[1]["gzip"])), "largest": files[:15]}


def zip_breakdown(path: Path) -> dict:
    """What app.zip holds: entries, sizes by top folder and the largest files."""
    with zipfile.ZipFile(path) as zf:
        infos = [i for i in zf.infolist() if not i.is_dir()]
    by_top: dict[str, dict] = {}
    for i in infos:
        top = i.filename.split("/")[0]
        g = by_top.setdefault(top, {"entries": 0, "raw": 0, "compressed": 0})
        g["entries"] += 1
        g["raw"] += i.file_size
        g["compressed"] += i.compress_size
    largest = sorted(infos, key=lambda i: -i.compress_size)[:10]
    return {"bytes": Path(path).stat().st_size, "entries": len(infos),
            "pyc": sum(i.filename.endswith(".pyc") for i in infos), "by_top": by_top,
            "largest": [{"path": i.filename, "raw": i.file_size, "compressed": i.compress_size} for i in largest]}
