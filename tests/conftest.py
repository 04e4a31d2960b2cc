"""Snippet test options and verification records.

--update-outputs         rewrite snippets/<topic>/<name>.out from this run
--record-verification    write verification/cpu.json (or gpu.json on a CUDA machine)
"""

import datetime
import json
import os
import platform
from pathlib import Path

import pytest
import torch  # imported once per worker, not once per snippet

ROOT = Path(__file__).resolve().parent.parent
PARTS = ROOT / "verification" / ".parts"
# notes written to test the importer, some broken on purpose: not pages to run
collect_ignore = ["fixtures"]


def pytest_addoption(parser: pytest.Parser) -> None:
    group = parser.getgroup("snippets")
    group.addoption("--update-outputs", action="store_true",
                    help="record each snippet's output into its .out file")
    group.addoption("--record-verification", action="store_true",
                    help="write verification/<cpu|gpu>.json from this run")
    group.addoption("--shard", default=None, metavar="I/N",
                    help="run only the I-th of N shares of the snippets (GPU matrix jobs)")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    shard = config.getoption("shard")
    if shard:
        index, count = (int(x) for x in shard.split("/"))
        kept = [item for n, item in enumerate(sorted(items, key=lambda i: i.nodeid))
                if n % count == index]
        config.hook.pytest_deselected(items=[i for i in items if i not in kept])
        items[:] = kept


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "cuda: needs a CUDA device (skipped elsewhere)")
    os.environ.setdefault("MPLBACKEND", "Agg")
    if config.getoption("record_verification") and not hasattr(config, "workerinput"):
        PARTS.mkdir(parents=True, exist_ok=True)
        for part in PARTS.glob("*.json"):
            part.unlink()


def device_kind() -> str:
    return "gpu" if torch.cuda.is_available() else "cpu"


def device_name() -> str:
    if torch.cuda.is_available():
        return torch.cuda.get_device_name(0)
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def environment() -> dict:
    return {
        "torch": torch.__version__.split("+")[0],
        "cuda": torch.version.cuda,
        "device": device_name(),
        "python": platform.python_version(),
        "date": datetime.datetime.now(datetime.UTC).date().isoformat(),
    }


class Recorder:
    """Collects this worker's results; the controller merges all workers' parts."""

    def __init__(self) -> None:
        self.records: dict[str, dict] = {}

    def add(self, snippet_id: str, record: dict) -> None:
        self.records[snippet_id] = {**record, **environment()}


@pytest.fixture(scope="session")
def recorder(request: pytest.FixtureRequest) -> Recorder:
    rec = Recorder()
    request.config._snippet_recorder = rec
    return rec


def pytest_sessionfinish(session: pytest.Session) -> None:
    config = session.config
    if not config.getoption("record_verification"):
        return
    rec = getattr(config, "_snippet_recorder", None)
    worker = getattr(config, "workerinput", {}).get("workerid", "main")
    if rec is not None and rec.records:
        (PARTS / f"{worker}.json").write_text(json.dumps(rec.records), encoding="utf-8")
    if hasattr(config, "workerinput"):
        return
    from torchkb.snippets import load_all

    target = ROOT / "verification" / f"{device_kind()}.json"
    merged = json.loads(target.read_text(encoding="utf-8")) if target.exists() else {}
    for part in sorted(PARTS.glob("*.json")):
        merged.update(json.loads(part.read_text(encoding="utf-8")))
        part.unlink()
    existing = {s.id for s in load_all()}
    merged = {k: v for k, v in sorted(merged.items()) if k in existing}
    target.write_text(json.dumps(merged, indent=1, ensure_ascii=False, sort_keys=True) + "\n",
                      encoding="utf-8")
