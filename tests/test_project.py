"""One Project per checkout (torchkb/sources/project.py): everything render_site writes comes from
the tree it is given, and importing torchkb reads no environment variable."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

from treecopy import rendered_checkout

import torchkb
from torchkb.render.docs import render_site
from torchkb.site import nav
from torchkb.sources.project import Project


def test_another_checkout_is_rendered_from_its_own_sources(tmp_path: Path) -> None:
    """A topic deleted in another checkout is on none of its pages: not in the error
    index (which once read the package's own topics), the home page or the nav."""
    for name in ("notes", "snippets", "verification"):
        shutil.copytree(torchkb.ROOT / name, tmp_path / name)
    (tmp_path / "notes" / "topics" / "tools.yml").unlink()
    ours = rendered_checkout()  # render_site(Project(torchkb.ROOT)), shared
    assert "(tools.md#" in ours["zh/errors.md"].decode()  # so the check below can fail
    files = render_site(Project(tmp_path))
    assert "zh/tools.md" not in files
    for lang in torchkb.LANGS:
        for page in ("errors.md", "index.md"):
            assert "tools.md" not in files[f"{lang}/{page}"].decode(), f"{lang}/{page}"
    assert "tools.md" not in nav.entries(Project(tmp_path))["@topics"]


def test_import_reads_no_environment_variable(tmp_path: Path) -> None:
    env = {**os.environ, "TORCHKB_ROOT": str(tmp_path), "TORCHKB_SNIPPETS_ROOT": str(tmp_path)}
    code = (
        "import torchkb, torchkb.render.docs, torchkb.verify.stage, torchkb.search.index, "
        "torchkb.sources.snippets, torchkb.site.plugin;"
        "print(torchkb.ROOT)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == str(torchkb.ROOT)


def test_a_bad_record_stops_with_its_file(tmp_path: Path) -> None:
    """Records are validated as they are loaded: a bad field names the file and the
    snippet, never a KeyError deep in a page writer."""
    import json

    import pytest

    from torchkb.errors import SourceError

    folder = tmp_path / "verification"
    shutil.copytree(torchkb.ROOT / "verification", folder)
    cpu = json.loads((folder / "cpu.json").read_text(encoding="utf-8"))
    first = next(iter(cpu))
    cpu[first]["result"] = "maybe"
    (folder / "cpu.json").write_text(json.dumps(cpu), encoding="utf-8")
    with pytest.raises(SourceError) as raised:
        Project(tmp_path).verification  # noqa: B018 - loading is the test
    assert "cpu.json" in str(raised.value) and f"{first}.result" in str(raised.value)
