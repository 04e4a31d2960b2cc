"""A note the project has never seen, end to end, the README's way ("Adding a note"): in a
copy of the repository, import it, record its snippets with the command the import report
prints, build, and `mkdocs build --strict` — with no hand edit in between. The English
pages show the new sections under "awaiting translation"; `translations --strict` fails
until they are translated."""

import os
import re
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

import torchkb

ROOT = torchkb.ROOT
NOTE = Path(__file__).parent / "fixtures" / "notes" / "author_workflow.md"
# what the workflow reads: sources, generator (with its verify stage), site config
COPIED = ["notes", "snippets", "verification", "torchkb", "theme", "mkdocs.yml", "pyproject.toml"]


def run(root: Path, *args: str, timeout: int = 300) -> subprocess.CompletedProcess:
    env = {
        **os.environ,
        "TORCHKB_ROOT": str(root),
        "NO_MKDOCS_2_WARNING": "1",
        "PYTHONWARNINGS": "ignore",
    }
    return subprocess.run(
        [sys.executable, *args], cwd=root, env=env, capture_output=True, text=True, timeout=timeout
    )


def record_snippets(root: Path, ids: list[str]) -> subprocess.CompletedProcess:
    """Run the new snippets and record their outputs and CPU records: the report's
    `python -m torchkb verify IDS --update`."""
    return run(root, "-m", "torchkb", "verify", *ids, "--update")


def copy_repository(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in COPIED:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        else:
            shutil.copy2(src, dest / name)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


# builds a whole site (mkdocs build --strict): with the site's tests, not the quick loop
@pytest.mark.browser
def test_new_note_from_import_to_strict_bilingual_build(tmp_path: Path, record_property) -> None:
    root = tmp_path / "repo"
    times: dict[str, str] = {}

    def step(name: str, *args: str) -> subprocess.CompletedProcess:
        start, cpu = time.perf_counter(), _children_cpu()
        result = record_snippets(root, list(args)) if name == "verify" else run(root, *args)
        times[name] = f"{time.perf_counter() - start:.1f} s ({_children_cpu() - cpu:.1f} s CPU)"
        assert result.returncode == 0, f"{name}:\n{result.stdout[-3000:]}{result.stderr[-3000:]}"
        return result

    start = time.perf_counter()
    copy_repository(root)
    times["copy"] = f"{time.perf_counter() - start:.1f} s"

    report = step("import", "-m", "torchkb", "import", str(NOTE)).stdout
    commands = report.split("next, in this order")[1]
    verify = re.search(r"python -m torchkb verify (.+?) --update", commands)
    assert verify, report
    ids = verify.group(1).split()
    step("verify", *ids)
    step("build", "-m", "torchkb", "build")
    step("mkdocs", "-m", "mkdocs", "build", "--strict", "-d", "site")
    record_property("workflow_seconds", times)
    print("\nstep times:", times)

    # every new snippet passed (or was skipped with its reason) and left its record
    records = (root / "verification" / "cpu.json").read_text(encoding="utf-8")
    for snippet_id in ids:
        assert f'"{snippet_id}"' in records, f"{snippet_id}: no CPU record"
    site = root / "site"
    section_ids = re.findall(r"^  (\S+) \"", report, re.M)
    assert len(section_ids) == 2, report
    topic = ids[0].split("/")[0]
    zh = (site / topic / "index.html").read_text(encoding="utf-8")
    en = (site / "en" / topic / "index.html").read_text(encoding="utf-8")
    for section_id in section_ids:
        assert f'id="{section_id}"' in zh and f'id="{section_id}"' in en
        part = en[en.index(f'id="{section_id}"') :]
        part = part[: part.find("<h2 ", 1)]
        assert "Awaiting translation · 待翻译" in part, section_id
    assert "kb-translation" not in zh
    # the outputs are the runs' (badges of real runs), the note's "False" is shown once
    ran = en.count('class="kb-badge kb-ok"')
    assert ran >= zh.count("<!-- snippet: autograd/author_w_") - 1 > 0
    assert "RuntimeError: a leaf Variable that requires grad" in zh
    assert "author_workflow 23-23 (reproduced by the run above)" in zh
    # the raw note is a page, and the navigation leads to it in both languages
    assert (site / "raw" / "author_workflow" / "index.html").exists()
    assert 'href="../raw/author_workflow/"' in zh and 'href="../raw/author_workflow/"' in en
    # the to-do list: listed, and --strict fails until translated and stamped
    todo = run(root, "-m", "torchkb", "translations")
    assert todo.returncode == 0 and all(s in todo.stdout for s in section_ids)
    assert run(root, "-m", "torchkb", "translations", "--strict").returncode == 1
