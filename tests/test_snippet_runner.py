"""The verify stage and its runner on throwaway snippet trees: bad snippets fail naming
file and line, good ones record outputs, figures and records, and a snippet run in a
process of its own can't disturb the next one (the CUDA path, shown with CPU stand-ins)."""

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from torchkb.errors import SourceError
from torchkb.sources import records
from torchkb.sources import snippets as store
from torchkb.sources.project import Project
from torchkb.sources.schema import SnippetMeta
from torchkb.verify import stage as verify


def make_tree(tmp_path: Path, files: dict[str, str], meta: str) -> Path:
    root = tmp_path / "snippets"
    topic = root / "t"
    topic.mkdir(parents=True)
    for name, text in files.items():
        (topic / name).write_text(textwrap.dedent(text), encoding="utf-8")
    (topic / "snippets.yml").write_text(textwrap.dedent(meta), encoding="utf-8")
    return root


@pytest.fixture
def tree(tmp_path: Path):
    """make(files, meta) -> the tree's snippets folder, which `verify` then runs."""

    def make(files: dict[str, str], meta: str) -> Path:
        return make_tree(tmp_path, files, meta)

    return make


def run_all(root: Path, **options) -> dict[str, verify.Outcome]:
    """verify over the checkout whose snippets folder is `root`."""
    project = Project(root.parent)
    return {o.snippet.id: o for o in verify.verify(project, [], echo=lambda *_: None, **options)}


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
    "bad_shell.sh": "if then\n",
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
    bad_shell.sh: {title: {zh: 壳, en: shell}, needs: cpu}
    """


def test_bad_snippets_fail_naming_file_and_line(tree, tmp_path: Path) -> None:
    root = tree(BAD, BAD_META)
    topic = root / "t"
    for name in ("hang", "escape", "escape_caught", "wrong_exception", "no_exception"):
        (topic / f"{name}.out").write_text("", encoding="utf-8")
    results = run_all(root)
    why = {k: (o.result, o.reason or "") for k, o in results.items()}
    assert all(result == "failed" for result, _ in why.values()), why
    assert why["t/hang"][1].startswith(f"{topic / 'hang.py'}:4: timed out"), why
    assert why["t/escape"][1].startswith(f"{topic / 'escape.py'}:2: writes "), why
    assert "escape.txt outside its working directory" in why["t/escape"][1]
    # catching the guard's error doesn't help
    assert why["t/escape_caught"][1].startswith(f"{topic / 'escape_caught.py'}:2: writes")
    assert "raised RuntimeError: boom; expected ValueError" in why["t/wrong_exception"][1]
    assert "but it raised nothing" in why["t/no_exception"][1]
    assert why["t/no_output"][1] == (
        f"{topic / 'no_output.out'}: no recorded output: run "
        "python -m torchkb verify t/no_output --update"
    )
    assert why["t/bad_shell"][1].startswith(f"{topic / 'bad_shell.sh'}: bash -n: ")
    recorded = json.loads((tmp_path / "verification" / "cpu.json").read_text())
    assert recorded["t/hang"]["result"] == "failed"  # failures are recorded, with the reason
    assert recorded["t/hang"]["reason"] == why["t/hang"][1]


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
    "k_proof.py": "import torch\nnote_claim_holds = torch.arange(4).view(2, 2).is_contiguous()\n",
    "l_proof_raises.py": """\
        import torch
        note_claims_hold = {"claim-a": False}
        torch.arange(4).view(3)
        """,
    "m_home.py": """\
        import os
        from pathlib import Path
        Path("~/.config/torchkb-test").expanduser().write_text("x")  # a library's config
        print(os.environ["HOME"] != os.environ["TORCHKB_TEST_REAL_HOME"])
        """,
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
    k_proof.py: {title: {zh: 证明, en: proof}, needs: cpu}
    l_proof_raises.py:
      title: {zh: 证明, en: proof}
      needs: cpu
      expect_exception: {type: RuntimeError, match: "is invalid for input of size"}
    m_home.py: {title: {zh: 家目录, en: home}, needs: cpu}
    """


def test_records_outputs_figures_and_verification(
    tree, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = tree(GOOD, GOOD_META)
    topic = root / "t"
    monkeypatch.setenv("TORCHKB_TEST_REAL_HOME", str(Path.home()))
    first = run_all(root, update=True)
    assert {k: o.result for k, o in first.items()} == {
        "t/a_expected": "passed",
        "t/b_state": "passed",
        "t/c_clean": "passed",
        "t/d_timing": "passed",
        "t/e_figure": "passed",
        "t/f_cuda": "skipped",
        "t/g_shell": "passed",
        "t/h_missing": "skipped",
        "t/i_kill": "skipped",
        "t/j_config": "passed",
        "t/k_proof": "passed",
        "t/l_proof_raises": "passed",
        "t/m_home": "passed",
    }, {k: o.reason for k, o in first.items()}
    assert first["t/f_cuda"].reason.startswith("needs CUDA: torch.cuda.is_available()")
    assert "nvidia-smi-not-here not found" in first["t/h_missing"].reason
    assert "runs `kill`" in first["t/i_kill"].reason

    # recorded output: stdout, then the exception line exactly as Python prints it
    assert (topic / "a_expected.out").read_text() == (
        "before\nRuntimeError: view size is not compatible\n"
    )
    assert (topic / "b_state.out").read_text() == "True 0x…\n"  # addresses normalised
    assert (topic / "c_clean.out").read_text() == (  # state restored, seed reset to 0
        "torch.float32 True False\ntensor([0.4963, 0.7682])\n"
    )
    assert (topic / "g_shell.out").read_text() == "hello from bash\n"
    assert (topic / "e_figure.plot.svg").read_text() == "<svg/>"
    # a private HOME: a library writing its config there never touches the user's home
    assert (topic / "m_home.out").read_text() == "True\n"
    assert not (Path.home() / ".config" / "torchkb-test").exists()

    recorded = json.loads((tmp_path / "verification" / "cpu.json").read_text())
    assert recorded["t/a_expected"]["result"] == "passed"
    assert recorded["t/a_expected"]["code_sha256"] == store.code_sha256(topic / "a_expected.py")
    assert recorded["t/a_expected"]["output_sha256"] == records.sha256_file(
        topic / "a_expected.out"
    )
    assert recorded["t/f_cuda"]["result"] == "skipped"
    assert recorded["t/f_cuda"]["reason"].startswith("needs CUDA")
    # every field, but `output` (a release run's, where it differs from the pinned one),
    # a proof's grid and property-based run (kept where its check part sets them) and the
    # part that failed (kept for a failed run)
    assert set(recorded["t/c_clean"]) == set(records.RECORD_FIELDS) - {
        "output",
        "cases",
        "property",
        "failed_in",
    }
    # proof verdicts are what the snippet computed, also when it raised as expected
    assert recorded["t/k_proof"]["verdict"] is True
    assert recorded["t/l_proof_raises"]["verdict"] == {"claim-a": False}
    assert recorded["t/c_clean"]["verdict"] is None

    # a second run compares: timing numbers may vary, anything else may not
    (topic / "d_timing.out").write_text("took 0.123 s\n")
    (topic / "c_clean.out").write_text("torch.float32 True False\ntensor([0.5, 0.7682])\n")
    (topic / "e_figure.plot.svg").unlink()
    second = run_all(root)
    assert second["t/d_timing"].result == "passed", second["t/d_timing"].reason
    assert second["t/c_clean"].result == "failed"
    assert "output differs from c_clean.out" in second["t/c_clean"].reason
    assert second["t/e_figure"].result == "failed"
    assert "figure not recorded" in second["t/e_figure"].reason


# --- the CUDA path's process isolation, on CPU stand-ins --------------------------------
ISOLATION = {
    # poisons its process the way a device-side assert poisons a CUDA context: every
    # later torch call in that process fails
    "a_poison.py": """\
        import torch
        def broken(*args, **kwargs):
            raise RuntimeError("CUDA error: device-side assert triggered (stand-in)")
        torch.zeros = broken
        torch.Tensor.add = broken
        import sys
        sys.modules["torch"].poisoned = True
        print("poisoned")
        """,
    # must set its environment before torch is imported (as CUDA_LAUNCH_BLOCKING=1 must
    # come before CUDA starts): only a process of its own can honour that
    "b_env_first.py": """\
        import os, sys
        print("torch imported before me:", "torch" in sys.modules)
        os.environ["OMP_NUM_THREADS"] = "1"
        import torch
        print("threads:", torch.get_num_threads())
        """,
    "c_next.py": """\
        import torch
        print(hasattr(torch, "poisoned"), torch.zeros(2).add(1), torch.rand(2))
        """,
}
ISOLATION_META = """\
    a_poison.py: {title: {zh: 毒, en: poison}, needs: cpu}
    b_env_first.py: {title: {zh: 环境, en: env}, needs: cpu}
    c_next.py: {title: {zh: 下一个, en: next}, needs: cpu}
    """


def test_process_isolation_keeps_the_next_snippet_clean(tree) -> None:
    """What `verify` does for every CUDA snippet, forced here for CPU ones: a snippet that
    poisons its interpreter, and one that must set its environment before `import torch`,
    each get a fresh interpreter; the next snippet sees none of it and gets the same seed
    as an in-process run."""
    root = tree(ISOLATION, ISOLATION_META)
    topic = root / "t"
    results = run_all(root, update=True, isolate="process", jobs=1)
    assert {k: o.result for k, o in results.items()} == dict.fromkeys(results, "passed")
    assert (topic / "a_poison.out").read_text() == "poisoned\n"
    assert (topic / "b_env_first.out").read_text() == (
        "torch imported before me: False\nthreads: 1\n"
    )
    clean = "False tensor([1., 1.]) tensor([0.4963, 0.7682])\n"  # seed 0, as in-process
    assert (topic / "c_next.out").read_text() == clean

    # the same three in one process: the poison reaches the next snippet, and the
    # environment comes too late; this is what the CUDA path must never do
    import torch

    zeros, add = torch.zeros, torch.Tensor.add
    try:
        shared = run_all(root, isolate="inprocess")
    finally:  # this test's own process was poisoned: heal it for the tests after
        torch.zeros, torch.Tensor.add = zeros, add
        del torch.poisoned
    assert shared["t/c_next"].result == "failed"
    assert "device-side assert triggered (stand-in)" in shared["t/c_next"].reason
    assert shared["t/b_env_first"].result == "failed"


def test_cuda_snippets_get_a_process_of_their_own() -> None:
    snip = store.Snippet("t/x", Path("x.py"), "python", SnippetMeta(needs="cuda"))
    cpu = store.Snippet("t/y", Path("y.py"), "python", SnippetMeta(needs="cpu"))
    assert verify.uses_own_process(snip, "cuda", None)
    assert verify.uses_own_process(cpu, "cuda", None)  # on a CUDA machine, everything
    assert not verify.uses_own_process(cpu, "cpu", None)


WITHOUT_SITE_LIBRARIES = """
import sys

class Missing:  # what a GPU machine or gpu.yml's merge job need not have installed
    def find_spec(self, name, *args):
        if name.split(".")[0] in {missing}:
            raise ImportError(f"{{name}} is not installed there")

sys.meta_path.insert(0, Missing())
from torchkb.cli import main

sys.exit(main({argv}))
"""
SITE_LIBRARIES = {"markdown", "markdown_it", "nh3", "mkdocs", "nbformat", "rjieba"}


def run_without(missing: set[str], argv: list[str], root: Path) -> subprocess.CompletedProcess:
    """`python -m torchkb <argv>` on the checkout `root`, with `missing` not importable."""
    script = WITHOUT_SITE_LIBRARIES.format(missing=sorted(missing), argv=argv)
    return subprocess.run(
        [sys.executable, "-c", script],
        env={**os.environ, "TORCHKB_ROOT": str(root)},
        capture_output=True,
        text=True,
        check=False,
    )


def test_verify_needs_only_torch_pyyaml_and_pydantic(tree, tmp_path: Path) -> None:
    """The README's GPU job: a CUDA machine with its own torch gets pyyaml and pydantic."""
    root = tree({"s.py": "print(1)\n"}, "s.py: {title: {zh: x, en: x}, needs: cpu}\n")
    (root / "t" / "s.out").write_text("1\n", encoding="utf-8")
    run = run_without(SITE_LIBRARIES, ["verify"], tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert json.loads((tmp_path / "verification" / "cpu.json").read_text())["t/s"]["result"] == (
        "passed"
    )


def test_shards_merge_into_one_record(tree, tmp_path: Path) -> None:
    root = tree(
        {f"s{n}.py": f"print({n})\n" for n in range(4)},
        "".join(f"s{n}.py: {{title: {{zh: x, en: x}}, needs: cpu}}\n" for n in range(4)),
    )
    for index in (0, 1):
        verify.verify(Project(tmp_path), [], update=True, shard=(index, 2), echo=lambda *_: None)
    assert not (tmp_path / "verification" / "cpu.json").exists()
    # as the GPU workflow's merge job runs it: only pyyaml and pydantic installed
    merge = run_without(SITE_LIBRARIES | {"torch", "numpy"}, ["verify", "--merge"], tmp_path)
    assert merge.returncode == 0, merge.stderr
    merged = json.loads((tmp_path / "verification" / "cpu.json").read_text())
    assert sorted(merged) == [f"t/s{n}" for n in range(4)]
    assert not list((tmp_path / "verification" / ".parts").iterdir())
    assert (root / "t" / "s3.out").read_text() == "3\n"


def test_device_outputs_live_beside_the_home_output(tmp_path: Path) -> None:
    path = tmp_path / "a.py"
    assert records.output_path(path, "cpu", "cpu") == tmp_path / "a.out"
    assert records.output_path(path, "cuda", "cpu") == tmp_path / "a.cuda.out"
    assert records.output_path(path, "cuda", "cuda") == tmp_path / "a.out"
    assert records.expected_output_path(path, "cuda", "cpu") == tmp_path / "a.out"
    (tmp_path / "a.cuda.out").write_text("x")
    assert records.expected_output_path(path, "cuda", "cpu") == tmp_path / "a.cuda.out"


@pytest.mark.parametrize(
    "meta, problem",
    [
        ("a.py: {title: x, neds: cpu}\n", "snippets.yml:1: a.py: unknown key neds"),
        ("a.py: {needs: cpu}\nb.py: {needs: cpu}\n", "snippets.yml:2: b.py: no such snippet file"),
        ("a.py: {needs: [cpu\n", "snippets.yml:2: YAML"),
        ("a.py: {needs: gpu}\n", "snippets.yml:1: a.py: needs: input should be 'cpu', 'cuda'"),
        ("a.py: {packages: graphviz}\n", "yml:1: a.py: packages: input should be a valid list"),
        ("a.py: {expect_exception: {match: x}}\n", "a.py: expect_exception: `type` is missing"),
        ("a.py: {timeout: soon}\n", "yml:1: a.py: timeout: input should be a valid number"),
    ],
)
def test_bad_metadata_names_file_and_line(tmp_path: Path, meta: str, problem: str) -> None:
    root = make_tree(tmp_path, {"a.py": "print(1)\n"}, meta)
    with pytest.raises(SourceError) as err:
        store.load_all(root)
    assert str(err.value).startswith(str(root / "t")) and problem in str(err.value), err.value


def test_discovery_skips_variants_outputs_and_figures(tmp_path: Path) -> None:
    root = make_tree(
        tmp_path,
        {
            "a.py": "",
            "comments.en.yml": "",
            "a.out": "",
            "a.cuda.out": "",
            "a.fig.png": "",
            "b.sh": "",
            "c.yaml": "",
            "d.txt": "",
        },
        "a.py: {needs: cpu}\n",
    )
    found = {s.id: s for s in store.load_all(root)}
    assert sorted(found) == ["t/a", "t/b", "t/c", "t/d"]
    assert [s.kind for s in found.values()] == ["python", "shell", "yaml", "text"]
    assert store.figures(found["t/a"]) == [root / "t" / "a.fig.png"]


CHECKED = {
    "lesson.py": "x = [1, 2]\nx.append(3)\nprint(x)\n",
    "lesson.check.py": "assert x == [1, 2, 3]\nnote_claim_holds = len(x) == 3\n",
    "raises.py": "print('before')\nraise RuntimeError('boom here')\n",
    "raises.check.py": "note_claim_holds = 'boom' in str(lesson_error)\n",
    "wrong.py": "x = 1\n",
    "wrong.check.py": "y = 2\nassert x == 2\n",
    "loud.py": "x = 1\n",
    "loud.check.py": "print('checked')\n",
}
CHECKED_META = """\
    raises.py: {expect_exception: {type: RuntimeError, match: boom}}
    """


def test_check_part_runs_after_the_lesson_in_one_namespace(tree) -> None:
    """`<name>.check.py` sees the lesson's names (and its expected exception as
    `lesson_error`); the output recorded is the lesson's; a failing check names its own
    file and line; a check that prints fails."""
    root = tree(CHECKED, CHECKED_META)
    outcomes = run_all(root, update=True)
    assert outcomes["t/lesson"].result == "passed"
    assert outcomes["t/lesson"].verdict is True
    assert (root / "t" / "lesson.out").read_text() == "[1, 2, 3]\n"
    assert outcomes["t/raises"].result == "passed" and outcomes["t/raises"].verdict is True
    assert (root / "t" / "raises.out").read_text() == "before\nRuntimeError: boom here\n"
    wrong = outcomes["t/wrong"]
    assert wrong.result == "failed"
    assert f"{root / 't' / 'wrong.check.py'}:2: raised AssertionError" in wrong.reason
    loud = outcomes["t/loud"]
    assert loud.result == "failed" and "a check part prints nothing" in loud.reason
    assert loud.failed_in == "check"  # the lesson ran as shown
    # the check part is no snippet of its own
    assert "t/lesson.check" not in outcomes


def test_a_record_is_of_the_lesson_and_its_check_part(tmp_path: Path) -> None:
    lesson = tmp_path / "a.py"
    lesson.write_text("x = 1\n")
    alone = records.code_sha256(lesson)
    assert alone == store.code_sha256(lesson)
    (tmp_path / "a.check.py").write_text("assert x == 1\n")
    with_check = records.code_sha256(lesson)
    assert with_check != alone
    (tmp_path / "a.check.py").write_text("assert x == 2\n")
    assert records.code_sha256(lesson) != with_check


def test_a_lesson_that_stops_early_is_named_not_its_check(tree) -> None:
    """The check part runs after a lesson that raised, and fails for that reason (a name the
    lesson never defined): the failure names the lesson's error, which is the fact."""
    root = tree(
        {
            "stops.py": "import torchkb_no_such_module\nvalue = 1\n",
            "stops.check.py": "assert value == 1\n",
            "checks.py": "value = 2\n",
            "checks.check.py": "assert value == 1\n",
        },
        """\
        stops.py: {title: {zh: 停, en: stops}, needs: cpu}
        checks.py: {title: {zh: 查, en: checks}, needs: cpu}
        """,
    )
    outcomes = run_all(root)
    assert outcomes["t/stops"].reason.endswith(
        "stops.py:1: raised ModuleNotFoundError: No module named 'torchkb_no_such_module'"
    )
    assert "checks.check.py:1: raised AssertionError" in outcomes["t/checks"].reason
    # which part failed is recorded, not read back from the reason's words
    assert outcomes["t/stops"].failed_in == "lesson"
    assert outcomes["t/checks"].failed_in == "check"
    assert outcomes["t/checks"].record({})["failed_in"] == "check"


DEAD_CONTEXT = {
    # a device-side assert leaves the CUDA context dead: the error is raised, and from then
    # on every CUDA call in the process raises, torch.manual_seed (which seeds every CUDA
    # generator) too. Stand-in on the CPU: the lesson makes those calls raise, then fails.
    "dead.py": """\
        import torch
        def dead(*args, **kwargs):
            raise RuntimeError("CUDA error: device-side assert triggered (stand-in)")
        torch.manual_seed = torch.cuda.manual_seed_all = torch.set_default_dtype = dead
        torch.set_grad_enabled = torch.set_printoptions = dead
        print("assert fired")
        raise RuntimeError("CUDA error: device-side assert triggered (stand-in)")
        """,
    "dead.check.py": """\
        note_claim_holds = lesson_error is not None
        note_claim_control = False
        """,
}
DEAD_CONTEXT_META = """\
    dead.py:
      title: {zh: 断言, en: assert}
      needs: cpu
      expect_exception: {type: RuntimeError, match: "device-side assert triggered"}
    """


def test_a_lesson_that_kills_cuda_still_gets_its_result(tree) -> None:
    """In a process of its own (every CUDA snippet's), a lesson after which every CUDA call
    raises still has its result written and judged: nothing after the run calls CUDA."""
    root = tree(DEAD_CONTEXT, DEAD_CONTEXT_META)
    outcome = run_all(root, update=True, isolate="process")["t/dead"]
    assert outcome.result == "passed", outcome.reason
    assert (outcome.verdict, outcome.control) == (True, False)
    assert (root / "t" / "dead.out").read_text().startswith("assert fired\nRuntimeError:")


def test_a_proofs_grid_and_property_run_are_recorded(tree) -> None:
    """The verdict per case of a proof's grid and a property-based run reach the record,
    in this process and in a process of its own."""
    root = tree(
        {
            "grid.py": "import torch\n",
            "grid.check.py": """\
                note_claim_cases = {f"dtype={d}": torch.ones(1, dtype=d).is_floating_point()
                                    for d in (torch.float32, torch.int64)}
                note_claim_holds = all(note_claim_cases.values())
                note_claim_control = torch.ones(1).is_floating_point()
                note_claim_property = {"examples": 50, "counterexample": "dtype=torch.int64"}
                """,
        },
        "grid.py: {title: {zh: 网格, en: grid}, needs: cpu}\n",
    )
    for isolate in ("inprocess", "process"):
        outcome = run_all(root, update=True, isolate=isolate)["t/grid"]
        record = outcome.record({})
        assert record["cases"] == {"dtype=torch.float32": True, "dtype=torch.int64": False}
        assert record["property"] == {"examples": 50, "counterexample": "dtype=torch.int64"}
        assert (record["verdict"], record["control"]) == (False, True)
