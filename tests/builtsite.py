"""Build the site once per test run (shared by xdist workers) and serve it on loopback."""

import contextlib
import functools
import hashlib
import http.server
import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

from filelock import FileLock

ROOT = Path(__file__).resolve().parent.parent


def inputs_digest() -> str:
    """Hash of everything the built site depends on, so a stale build is never reused."""
    digest = hashlib.sha256()
    paths = [ROOT / "mkdocs.yml", *sorted((ROOT / "docs").rglob("*")),
             *sorted((ROOT / "theme").rglob("*")), *sorted((ROOT / "torchkb").glob("*.py"))]
    for path in paths:
        if path.is_file():
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()[:16]


def site_dir(base: Path) -> Path:
    """`mkdocs build --strict` into base/site-<inputs digest>, once, whichever worker gets
    here first; `base` must be shared by the workers (tmp_path_factory.getbasetemp().parent).
    """
    site = base / f"site-{inputs_digest()}"
    with FileLock(str(base / "site.lock")):
        if not (site / ".built").exists():
            result = subprocess.run(
                [sys.executable, "-m", "mkdocs", "build", "--strict", "-d", str(site)],
                cwd=ROOT, capture_output=True, text=True, timeout=600,
                env={**os.environ, "PYTHONWARNINGS": "ignore"},
            )
            (base / "build.log").write_text(result.stdout + result.stderr, encoding="utf-8")
            if result.returncode != 0:
                raise RuntimeError("mkdocs build --strict failed:\n" + result.stderr[-4000:])
            (site / ".built").write_text("ok")
    return site


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args: object) -> None:
        pass


@contextlib.contextmanager
def serve(site: Path) -> Iterator[str]:
    """Serve `site` on 127.0.0.1 with a free port; yields the base URL."""
    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def free_port() -> int:
    with contextlib.closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run",
                 "--disable-quic"]
