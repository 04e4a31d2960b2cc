"""How long the test suite takes.

Default: the CPU snippet tests alone, against the snippets' own run time. Prints their wall
time on 2 workers, the sum of the snippets' own run times (the `snippet_seconds` property
each snippet test records, in pytest's junit XML: the snippet alone, without fixtures or
reporting), their ratio, and the cold cost of `python -c "import torch"` that running each
snippet in a fresh interpreter would add.

--suite: the whole suite as `make test` runs it (`pytest -n 2`): pytest's own figure, the
CPU seconds it used (it and every process it started, chromium included: sampled, so a
process is counted up to its last sample), its 10 slowest tests, and the load average
before and after (a figure taken on a busy machine says so).

usage: python benchmarks/suite_time.py [--suite]
"""

import os
import re
import subprocess
import sys
import tempfile
import threading
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parent.parent


def snippets() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "junit.xml"
        start = time.perf_counter()
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-q",
                "-n",
                "2",
                "-p",
                "no:warnings",
                "-o",
                "junit_family=xunit1",
                "tests/test_snippets.py::test_snippet",
                f"--junitxml={report}",
            ],
            cwd=ROOT,
            check=True,
            capture_output=True,
        )
        wall = time.perf_counter() - start
        cases = ET.parse(report).getroot().iter("testcase")
        runs = [
            (c.get("name"), float(p.get("value")))
            for c in cases
            if c.find("skipped") is None
            for p in c.iter("property")
            if p.get("name") == "snippet_seconds"
        ]
    imports = []
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-c", "import torch"], check=True)
        imports.append(time.perf_counter() - start)
    own = sum(t for _, t in runs)
    cold = min(imports)
    print(f"snippets run: {len(runs)}")
    print(f"suite wall time (-n 2, incl. pytest start and torch import per worker): {wall:.1f} s")
    print(f"sum of the snippets' own run times: {own:.1f} s")
    print(f"wall / sum: {wall / own:.2f} (2 workers)")
    print(
        f"`python -c 'import torch'` cold start: {cold:.2f} s "
        f"-> a fresh interpreter per snippet would add ~{cold * len(runs):.0f} s"
    )
    print(
        "slowest:",
        ", ".join(
            f"{n.split('[')[1][:-1]} {t:.2f}s" for n, t in sorted(runs, key=lambda r: -r[1])[:5]
        ),
    )


def cpu_seconds(proc: subprocess.Popen, every: float = 0.1) -> float:
    """CPU seconds of `proc` and all its descendants until it exits, sampled `every` s."""
    seen: dict[tuple[int, float], float] = {}
    root = psutil.Process(proc.pid)
    while proc.poll() is None:
        try:
            procs = [root, *root.children(recursive=True)]
        except psutil.Error:
            procs = []
        for p in procs:
            try:
                with p.oneshot():
                    times = p.cpu_times()
                    seen[p.pid, p.create_time()] = times.user + times.system
            except psutil.Error:
                pass
        time.sleep(every)
    return sum(seen.values())


def suite() -> None:
    load_before = os.getloadavg()
    start = time.perf_counter()
    proc = subprocess.Popen(
        [sys.executable, "-m", "pytest", "-n", "2", "-q", "--durations=10"],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    out: list[str] = []
    reader = threading.Thread(target=lambda: out.extend(proc.stdout or []), daemon=True)
    reader.start()
    cpu = cpu_seconds(proc)
    reader.join()
    wall = time.perf_counter() - start
    text = "".join(out)
    load_after = os.getloadavg()
    slowest = text.split("slowest 10 durations", 1)[-1].splitlines()[1:11]
    summary = re.findall(r"^=*\s*(\d+ passed.*? in [\d.]+s.*?)\s*=*$", text, re.M)
    print(f"pytest: {summary[-1] if summary else text[-2000:]}")
    print(
        f"wall {wall:.1f} s; CPU {cpu:.0f} s (pytest and every process it started) on "
        f"{os.cpu_count()} cores"
    )
    print(
        "load average (1, 5, 15 min) before: {:.2f} {:.2f} {:.2f}".format(*load_before)
        + "; after: {:.2f} {:.2f} {:.2f}".format(*load_after)
    )
    print("slowest 10:")
    print("\n".join(f"  {line.strip()}" for line in slowest))
    if proc.returncode != 0:
        sys.exit(f"the suite failed (exit {proc.returncode})")


if __name__ == "__main__":
    suite() if "--suite" in sys.argv[1:] else snippets()
