"""How long the CPU snippet suite takes, against the snippets' own run time.

Prints the suite's wall time on 2 workers, the sum of the snippets' own run times (the
`snippet_seconds` property each snippet test records, in pytest's junit XML: the snippet
alone, without fixtures or reporting), their ratio, and the cold cost of
`python -c "import torch"` that running each snippet in a fresh interpreter would add.

usage: python benchmarks/suite_time.py
"""

import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "junit.xml"
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "2", "-p", "no:warnings",
                        "-o", "junit_family=xunit1", "tests/test_snippets.py::test_snippet",
                        f"--junitxml={report}"], cwd=ROOT,
                       check=True, capture_output=True)
        wall = time.perf_counter() - start
        cases = ET.parse(report).getroot().iter("testcase")
        runs = [(c.get("name"), float(p.get("value")))
                for c in cases if c.find("skipped") is None
                for p in c.iter("property") if p.get("name") == "snippet_seconds"]
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
    print(f"`python -c 'import torch'` cold start: {cold:.2f} s "
          f"-> a fresh interpreter per snippet would add ~{cold * len(runs):.0f} s")
    print("slowest:", ", ".join(f"{n.split('[')[1][:-1]} {t:.2f}s"
                                for n, t in sorted(runs, key=lambda r: -r[1])[:5]))


if __name__ == "__main__":
    main()
