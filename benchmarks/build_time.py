"""How long the site takes to build: `python -m torchkb build` (docs/ from the sources), then
`mkdocs build` cold (no render cache: a fresh clone, CI) and warm (the cache of the build
before: `mkdocs serve`, a second `make build`).

Each run builds a copy of the checkout (its tracked and untracked files, not .cache/), so
the cold build starts with no cache and nothing here is touched. With --rev REV the copy
is of that commit instead, built with this checkout's virtual environment (the copy's
torchkb/ comes first on the import path), so two commits are compared on one machine.

usage: python benchmarks/build_time.py [--runs N] [--rev REV]
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def checkout(dest: Path, rev: str | None) -> Path:
    """A copy of the working tree (or of commit `rev`) at `dest`."""
    if rev:
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "-q", "--detach", str(dest), rev]
        )
        return dest
    files = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-co", "--exclude-standard", "-z"],
        capture_output=True,
        check=True,
    ).stdout.split(b"\0")
    for name in filter(None, files):
        src = ROOT / name.decode()
        if src.is_file():
            (dest / name.decode()).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest / name.decode())
    return dest


def timed(command: list[str], cwd: Path) -> float:
    env = {
        **os.environ,
        "PYTHONPATH": str(cwd),
        "TORCHKB_ROOT": str(cwd),
        "NO_MKDOCS_2_WARNING": "1",
    }
    start = time.perf_counter()
    subprocess.run(command, cwd=cwd, env=env, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--rev", help="a commit to build instead of the working tree")
    args = parser.parse_args()
    python = sys.executable
    mkdocs = [python, "-m", "mkdocs", "build", "--strict", "-q", "-d", "site-out"]
    times: dict[str, list[float]] = {"torchkb build": [], "mkdocs cold": [], "mkdocs warm": []}
    for _ in range(args.runs):
        with tempfile.TemporaryDirectory(prefix="build-time-") as tmp:
            tree = checkout(Path(tmp) / "tree", args.rev)
            times["torchkb build"].append(timed([python, "-m", "torchkb", "build"], tree))
            times["mkdocs cold"].append(timed(mkdocs, tree))
            times["mkdocs warm"].append(timed(mkdocs, tree))
            if args.rev:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", tree])
    print(f"{args.rev or 'working tree'}, {args.runs} runs, load {os.getloadavg()[0]:.2f}")
    for name, values in times.items():
        print(
            f"  {name:14} median {statistics.median(values):6.2f} s"
            f"  (min {min(values):.2f}, max {max(values):.2f})"
        )


if __name__ == "__main__":
    main()
