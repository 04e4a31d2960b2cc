"""Lighthouse scores of the built site, served as a real host serves it.

npm `lighthouse` (package.json; `make install` runs `npm ci`) drives Debian's chromium on
the site built into a temporary folder (or --site DIR), served on 127.0.0.1 under the
path of its site_url (GitHub Pages serves a project site under /<repo>/), gzip-compressed,
with GitHub Pages' Cache-Control. Mobile preset (Lighthouse's default: simulated slow 4G
and a 4x slower CPU). Prints one row per page and exits non-zero when a page misses the
bars: performance >= 95, accessibility / best practices / SEO = 100 (issue 38).

    .venv/bin/python benchmarks/lighthouse.py                   # default pages
    .venv/bin/python benchmarks/lighthouse.py gpu/ en/notebooks/gpu/ --runs 3
    .venv/bin/python benchmarks/lighthouse.py --json out.json   # keep the numbers

Beside the scores, each row says where the performance points went: the points each
metric lost (its weight times what it missed) and the performance audits that failed,
with the time or bytes Lighthouse estimates they cost (--reports DIR keeps the reports).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import urllib.parse
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from builtsite import serve as serve_site  # noqa: E402
from builtsite import site_url  # noqa: E402

LIGHTHOUSE = ROOT / "node_modules" / ".bin" / "lighthouse"
CHROMIUM = "/usr/bin/chromium"
FLAGS = (
    "--headless --no-sandbox --disable-gpu --disable-background-networking "
    "--disable-component-update"
)
CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
BARS = {"performance": 95, "accessibility": 100, "best-practices": 100, "seo": 100}
# one page of each kind a reader meets: home, a topic page (gpu: the largest), the claims
# register, the error index, a notebook's page; and the English topic page
PAGES = ["", "gpu/", "claims/", "errors/", "notebooks/gpu/", "en/gpu/"]
METRICS = {
    "first-contentful-paint": "FCP s",
    "largest-contentful-paint": "LCP s",
    "total-blocking-time": "TBT ms",
    "cumulative-layout-shift": "CLS",
    "dom-size": "DOM",
}


def run(url: str, keep: Path | None = None) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "report.json"
        result = subprocess.run(
            [
                str(LIGHTHOUSE),
                url,
                "--quiet",
                "--output=json",
                f"--output-path={out}",
                f"--only-categories={','.join(CATEGORIES)}",
                f"--chrome-flags={FLAGS}",
            ],
            env={**os.environ, "CHROME_PATH": CHROMIUM},
            capture_output=True,
            text=True,
            timeout=300,
        )
        if result.returncode != 0 or not out.exists():
            raise SystemExit(f"lighthouse failed on {url}:\n{result.stderr[-2000:]}")
        report = json.loads(out.read_text(encoding="utf-8"))
        if keep is not None:
            keep.parent.mkdir(parents=True, exist_ok=True)
            keep.write_bytes(out.read_bytes())
    scores = {c: round(100 * (report["categories"][c]["score"] or 0)) for c in CATEGORIES}
    audits = report["audits"]
    metrics = {}
    for audit, name in METRICS.items():
        value = audits.get(audit, {}).get("numericValue")
        if value is not None:
            metrics[name] = (
                round(value / 1000, 2)
                if name.endswith(" s")
                else round(value, 3)
                if name == "CLS"
                else round(value)
            )
    failing = sorted(
        a
        for c in CATEGORIES[1:]
        for ref in report["categories"][c]["auditRefs"]
        if ref["weight"] and (audits[ref["id"]]["score"] or 0) < 1
        for a in [ref["id"]]
    )
    return {"scores": scores, "metrics": metrics, "failing": failing, "costs": costs(report)}


def costs(report: dict) -> dict[str, float]:
    """Where the performance points went: per metric, the points it lost (weight x what
    its score missed); per failed performance audit with an estimated saving, that saving
    (ms, or KiB when Lighthouse gives only bytes)."""
    audits = report["audits"]
    lost: dict[str, float] = {}
    for ref in report["categories"]["performance"]["auditRefs"]:
        audit = audits[ref["id"]]
        if ref["weight"]:
            lost[f"-{ref['id']}"] = round(ref["weight"] * (1 - (audit["score"] or 0)), 1)
        elif audit.get("score") is not None and audit["score"] < 0.9:
            details = audit.get("details") or {}
            ms = details.get("overallSavingsMs") or max(
                (audit.get("metricSavings") or {}).values(), default=0
            )
            kib = (details.get("overallSavingsBytes") or 0) / 1024
            if ms or kib:
                lost[ref["id"]] = round(ms) if ms else f"{kib:.0f}KiB"
    return {k: v for k, v in lost.items() if v}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pages", nargs="*", default=PAGES, help="site-relative page paths")
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=1, help="runs per page (median)")
    parser.add_argument("--json", type=Path, help="write the results here")
    parser.add_argument("--reports", type=Path, help="keep each run's full report here")
    args = parser.parse_args()
    if not LIGHTHOUSE.exists():
        raise SystemExit("npm lighthouse is missing: run `make install` (npm ci)")
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site)],
                cwd=ROOT,
                check=True,
                env={**os.environ, "PYTHONWARNINGS": "ignore"},
            )
        prefix = urllib.parse.urlsplit(site_url()).path or "/"
        results = {}
        with serve_site(site, prefix=prefix, gzip=True, cache="max-age=600") as base:
            print(f"{'page':26} {'perf':>4} {'a11y':>4} {'bp':>4} {'seo':>4}  metrics")
            for page in args.pages:
                name = page.replace("/", "_")
                runs = [
                    run(f"{base}/{page}", args.reports and args.reports / f"{name}{n}.json")
                    for n in range(args.runs)
                ]
                scores = {c: statistics.median(r["scores"][c] for r in runs) for c in CATEGORIES}
                metrics = {
                    k: statistics.median(r["metrics"][k] for r in runs) for k in runs[0]["metrics"]
                }
                failing = sorted({a for r in runs for a in r["failing"]})
                # the costs of the run whose performance score is the median
                median_run = sorted(runs, key=lambda r: r["scores"]["performance"])[len(runs) // 2]
                results[page] = {
                    "scores": scores,
                    "metrics": metrics,
                    "failing": failing,
                    "runs": [r["scores"]["performance"] for r in runs],
                    "costs": median_run["costs"],
                }
                print(
                    f"/{page:25} "
                    + " ".join(f"{scores[c]:>4g}" for c in CATEGORIES)
                    + "  "
                    + ", ".join(f"{k} {v}" for k, v in metrics.items())
                    + (f"  failing: {', '.join(failing)}" if failing else "")
                    + f"\n{'':27}runs {results[page]['runs']}; costs: "
                    + ", ".join(f"{k} {v}" for k, v in median_run["costs"].items()),
                    flush=True,
                )
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    missed = [
        f"/{p}: {c} {r['scores'][c]:g} < {BARS[c]}"
        for p, r in results.items()
        for c in CATEGORIES
        if r["scores"][c] < BARS[c]
    ]
    print("\n".join(missed) if missed else "all pages meet the bars")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
