"""The snippet runner on bad input: throwaway snippet trees in a temporary directory, run
by a real pytest subprocess (`--snippets-root`), judged from its JUnit XML."""

import json
import subprocess
import sys
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from torchkb import snippets as store
from torchkb.errors import SourceError

ROOT = Path(__file__).resolve().parent.parent


def make_tree(tmp_path: Path, files: dict[str, str], meta: str) -> Path:
    root = tmp_path / "snippets"
    topic = root / "t"
    topic.mkdir(parents=True)
    for name, text in files.items():
        (topic / name).write_text(textwrap.dedent(text), encoding="utf-8")
    (topic / "snippets.yml").write_text(textwrap.dedent(meta), encoding="utf-8")
    return root


def run_suite(root: Path, *args: str) -> dict[str, tuple[str, str]]:
    """{snippet id: (passed | failed | skipped, message + details)} of one pytest run."""
    report = root.parent / "report.xml"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "tests/test_snippets.py::test_snippet",
         "--snippets-root", str(root), "-p", "no:randomly", "-p", "no:cacheprovider",
         "-o", "addopts=",
         f"--junitxml={report}", "-q", *args],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert report.exists(), proc.stdout + proc.stderr
    results = {}
    for case in ET.parse(report).iter("testcase"):
        snippet_id = case.get("name").split("[", 1)[1].rstrip("]")
        outcome, text = "passed", ""
        for tag in ("failure", "error", "skipped"):
            node = case.find(tag)
            if node is not None:
                outcome = "skipped" if tag == "skipped" else "failed"
                text = (node.get("message") or "") + "\n" + (node.text or "")
        results[snippet_id] = (outcome, text)
    return results


BAD = {
    "hang.py": "import time\nprint('start')\nwhile True:\n    time.sleep(0.01)\n",
    "escape.py": "print('writing')\nopen('../escape.txt', 'w').write('x')\n",
    "escape_caught.py": """\
        try:
            open('../caught.txt', 'w')
        except OSError:
            pass
        print('carried on')
        """,
    "wrong_exception.py": "raise RuntimeError('boom')\n",
    "no_exception.py": "print('fine')\n",
    "no_output.py": "print('never recorded')\n",
}
BAD_META = """\
    hang.py: {title: {zh: 挂起, en: hang}, needs: cpu, timeout: 1}
    escape.py: {title: {zh: 逃逸, en: escape}, needs: cpu}
    escape_caught.py: {title: {zh: 逃逸, en: escape}, needs: cpu}
    wrong_exception.py:
      title: {zh: 错误, en: wrong}
      needs: cpu
      expect_exception: {type: ValueError, match: "boom"}
    no_exception.py:
      title: {zh: 错误, en: none}
      needs: cpu
      expect_exception: {type: RuntimeError, match: "boom"}
    no_output.py: {title: {zh: 无, en: none}, needs: cpu}
    """


def test_bad_snippets_fail_naming_file_and_line(tmp_path: Path) -> None:
    root = make_tree(tmp_path, BAD, BAD_META)
    for name in ("hang", "escape", "escape_caught", "wrong_exception", "no_exception"):
        (root / "t" / f"{name}.out").write_text("", encoding="utf-8")
    results = run_suite(root, "-n", "1")  # timeouts must work inside an xdist worker too
    topic = root / "t"

    outcome, text = results["t/hang"]
    assert outcome == "failed" and f"{topic / 'hang.py'}:4: timed out" in text, text
    outcome, text = results["t/escape"]
    assert outcome == "failed", text
    assert f"{topic / 'escape.py'}:2: writes " in text, text
    assert "escape.txt outside its working directory" in text, text
    outcome, text = results["t/escape_caught"]  # catching the guard's error doesn't help
    assert outcome == "failed" and f"{topic / 'escape_caught.py'}:2: writes" in text, text
    outcome, text = results["t/wrong_exception"]
    assert outcome == "failed" and "raised RuntimeError: boom; expected ValueError" in text, text
    outcome, text = results["t/no_exception"]
    assert outcome == "failed" and "but it raised nothing" in text, text
    outcome, text = results["t/no_output"]
    assert outcome == "failed", text
    assert f"{topic / 'no_output.out'}: no recorded output: run pytest --snapshot-update" in text


GOOD = {
    "a_expected.py": "print('before')\nraise RuntimeError('view size is not compatible')\n",
    "b_state.py": """\
        import os, torch
        torch.set_default_dtype(torch.float64)
        torch.set_grad_enabled(False)
        os.environ["SNIPPET_LEAK"] = "1"
        print(torch.rand(1).item() < 1, hex(id(object())))
        """,
    "c_clean.py": """\
        import os, torch
        print(torch.get_default_dtype(), torch.is_grad_enabled(), "SNIPPET_LEAK" in os.environ)
        print(torch.rand(2))
        """,
    "d_timing.py": "import time\nprint('took', time.perf_counter() % 1, 's')\n",
    "e_figure.py": "open('plot.svg', 'w').write('<svg/>')\nprint('saved')\n",
    "f_cuda.py": "import torch\ntorch.zeros(1).cuda()\n",
    "g_shell.sh": "echo hello from bash\n",
    "h_missing.sh": "nvidia-smi-not-here -L\n",
    "i_kill.sh": "kill 12345\n",
    "j_config.yaml": "channels: [defaults]\n",
}
GOOD_META = """\
    a_expected.py:
      title: {zh: 异常, en: expected}
      needs: cpu
      expect_exception: {type: RuntimeError, match: "not compatible"}
    b_state.py: {title: {zh: 状态, en: state}, needs: cpu}
    c_clean.py: {title: {zh: 干净, en: clean}, needs: cpu}
    d_timing.py: {title: {zh: 计时, en: timing}, needs: cpu, deterministic_output: false}
    e_figure.py: {title: {zh: 图, en: figure}, needs: cpu}
    f_cuda.py: {title: {zh: 显卡, en: cuda}, needs: cuda}
    g_shell.sh: {title: {zh: 壳, en: shell}, needs: cpu}
    h_missing.sh: {title: {zh: 壳, en: shell}, needs: cpu}
    i_kill.sh: {title: {zh: 壳, en: shell}, needs: cpu}
    j_config.yaml: {title: {zh: 配置, en: config}, needs: cpu}
    """


def test_records_outputs_figures_and_verification(tmp_path: Path) -> None:
    root = make_tree(tmp_path, GOOD, GOOD_META)
    topic = root / "t"
    first = run_suite(root, "--snapshot-update", "--record-verification")
    assert {k: v[0] for k, v in first.items()} == {
        "t/a_expected": "passed", "t/b_state": "passed", "t/c_clean": "passed",
        "t/d_timing": "passed", "t/e_figure": "passed", "t/f_cuda": "skipped",
        "t/g_shell": "passed", "t/h_missing": "skipped", "t/i_kill": "skipped",
        "t/j_config": "passed"}, first
    assert "needs CUDA: torch.cuda.is_available() is False on this machine" in first["t/f_cuda"][1]
    assert "nvidia-smi-not-here not found" in first["t/h_missing"][1]
    assert "runs `kill`" in first["t/i_kill"][1]

    # recorded output: stdout, then the exception line exactly as Python prints it
    assert (topic / "a_expected.out").read_text() == (
        "before\nRuntimeError: view size is not compatible\n")
    assert (topic / "b_state.out").read_text() == "True 0x…\n"  # addresses normalised
    assert (topic / "c_clean.out").read_text() == (  # state restored, seed reset to 0
        "torch.float32 True False\ntensor([0.4963, 0.7682])\n")
    assert (topic / "g_shell.out").read_text() == "hello from bash\n"
    assert (topic / "e_figure.plot.svg").read_text() == "<svg/>"

    records = json.loads((tmp_path / "verification" / "cpu.json").read_text())
    assert records["t/a_expected"]["result"] == "passed"
    assert records["t/a_expected"]["code_sha256"] == store.code_sha256(topic / "a_expected.py")
    assert records["t/f_cuda"]["result"] == "skipped"
    assert records["t/f_cuda"]["reason"].startswith("needs CUDA")
    assert set(records["t/c_clean"]) >= {"result", "reason", "torch", "cuda", "device",
                                         "python", "date", "code_sha256", "output_sha256"}

    # second run compares: timing numbers may vary, anything else may not
    (topic / "d_timing.out").write_text("took 0.123 s\n")
    (topic / "c_clean.out").write_text("torch.float32 True False\ntensor([0.5, 0.7682])\n")
    (topic / "e_figure.plot.svg").unlink()
    second = run_suite(root, "--record-verification")
    assert second["t/d_timing"][0] == "passed", second["t/d_timing"]
    outcome, text = second["t/c_clean"]
    assert outcome == "failed" and "tensor([0.5, 0.7682])" in text and "0.4963" in text, text
    outcome, text = second["t/e_figure"]
    assert outcome == "failed" and "figure not recorded" in text, text
    records = json.loads((tmp_path / "verification" / "cpu.json").read_text())
    assert "t/c_clean" not in records  # a failed run withdraws the record


def test_snippet_cache_skips_unchanged(tmp_path: Path) -> None:
    root = make_tree(tmp_path, {"ok.py": "print(1)\n"},
                     "ok.py: {title: {zh: 好, en: ok}, needs: cpu}\n")
    (root / "t" / "ok.out").write_text("1\n")
    assert run_suite(root, "--snippet-cache")["t/ok"][0] == "passed"
    outcome, text = run_suite(root, "--snippet-cache")["t/ok"]
    assert outcome == "skipped" and "cached: unchanged since" in text, text


@pytest.mark.parametrize("meta, problem", [
    ("a.py: {title: x, neds: cpu}\n", "snippets.yml:1: a.py: unknown key neds"),
    ("a.py: {needs: cpu}\nb.py: {needs: cpu}\n", "snippets.yml:2: b.py: no such snippet file"),
    ("a.py: {needs: [cpu\n", "snippets.yml:2: YAML"),
    ("a.py: {needs: gpu}\n", "snippets.yml:1: a.py: needs must be one of"),
])
def test_bad_metadata_names_file_and_line(tmp_path: Path, meta: str, problem: str) -> None:
    root = make_tree(tmp_path, {"a.py": "print(1)\n"}, meta)
    with pytest.raises(SourceError) as err:
        store.load_all(root)
    assert str(err.value).startswith(str(root / "t")) and problem in str(err.value), err.value


def test_discovery_skips_variants_outputs_and_figures(tmp_path: Path) -> None:
    root = make_tree(tmp_path, {"a.py": "", "a.en.py": "", "a.out": "", "a.fig.png": "",
                                "b.sh": "", "c.yaml": "", "d.txt": ""},
                     "a.py: {needs: cpu}\n")
    found = {s.id: s for s in store.load_all(root)}
    assert sorted(found) == ["t/a", "t/b", "t/c", "t/d"]
    assert found["t/a"].en_path == root / "t" / "a.en.py"
    assert [s.kind for s in found.values()] == ["python", "shell", "yaml", "text"]
    assert store.figures(found["t/a"]) == [root / "t" / "a.fig.png"]
