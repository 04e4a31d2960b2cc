"""Build the site once per test run (shared by xdist workers) and serve it on loopback."""

import contextlib
import functools
import gzip
import hashlib
import http.server
import os
import re
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
    paths = [
        ROOT / "mkdocs.yml",
        *sorted((ROOT / "docs").rglob("*")),
        *sorted((ROOT / "theme").rglob("*")),
        *sorted((ROOT / "torchkb").rglob("*.py")),
        *sorted((ROOT / "notes" / "search").rglob("*")),  # the search's word lists
    ]
    for path in paths:
        if path.is_file():
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    # the pages' dates and the footer's commit come from git (torchkb/site/provenance.py)
    for args in (["rev-parse", "HEAD"], ["status", "--porcelain", "--untracked-files=no"]):
        git = subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True)
        digest.update(git.stdout.encode())
    return digest.hexdigest()[:16]


# The packages of pyproject.toml's `test` extra that `make serve` does not install: the
# build runs with them unimportable (a None in sys.modules makes `import` raise
# ImportError), so a plugin path that imports one fails the build here, not on a reader's
# machine that ran `make serve`.
NOT_FOR_SERVING = ("torch", "pandas", "matplotlib", "cv2", "onnx", "h5py", "pytest", "playwright")
# ... and the generator's and importer's own packages, also the `test` extra's
NOT_FOR_SERVING += ("nbformat", "jupyter_client", "frontmatter", "jieba")
BUILD_WITHOUT_TEST_EXTRA = (
    "import sys\n"
    f"sys.modules.update(dict.fromkeys({NOT_FOR_SERVING!r}))\n"
    "from mkdocs.__main__ import cli\n"
    "sys.argv[0:1] = ['mkdocs', 'build']\n"
    "cli()\n"
)


def site_dir(base: Path) -> Path:
    """`mkdocs build --strict` into base/site-<inputs digest>, once, whichever worker gets
    here first; `base` must be shared by the workers (tmp_path_factory.getbasetemp().parent).
    """
    site = base / f"site-{inputs_digest()}"
    with FileLock(str(base / "site.lock")):
        if not (site / ".built").exists():
            result = subprocess.run(
                [sys.executable, "-c", BUILD_WITHOUT_TEST_EXTRA, "--strict", "-d", str(site)],
                cwd=ROOT,
                capture_output=True,
                text=True,
                timeout=600,
                env={**os.environ, "PYTHONWARNINGS": "ignore"},
            )
            (base / "build.log").write_text(result.stdout + result.stderr, encoding="utf-8")
            if result.returncode != 0:
                raise RuntimeError("mkdocs build --strict failed:\n" + result.stderr[-4000:])
            (site / ".built").write_text("ok")
    return site


class _Server(http.server.ThreadingHTTPServer):
    # a browser opens many connections at once as a page loads (the search worker fetches
    # its index files in batches): socketserver's default backlog of 5 can drop some
    request_queue_size = 128

    # a page closed mid-transfer is not an error of the site
    def handle_error(self, request: object, client_address: object) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class _Handler(http.server.SimpleHTTPRequestHandler):
    """A static host: files under `prefix` (GitHub Pages serves a project site under
    /<repo>/), the site's 404.html for a miss, and optionally gzip and cache headers."""

    prefix = "/"
    gzip = False
    cache = ""

    def log_message(self, *args: object) -> None:
        pass

    def translate_path(self, path: str) -> str:
        rest = path.split("?", 1)[0].split("#", 1)[0]
        if rest.startswith(self.prefix):
            return super().translate_path("/" + rest[len(self.prefix) :])
        return os.path.join(self.directory, "\0missing")  # outside the site: 404

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.exists():
            return super().send_error(code, message, explain)
        self._send(404, page.read_bytes(), "text/html; charset=utf-8")

    def do_GET(self) -> None:
        path = Path(self.translate_path(self.path))
        if path.is_dir():
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().do_GET()  # the stdlib's redirect to the slash form
            path = path / "index.html"
        if not path.is_file():
            return self.send_error(404)
        self._send(200, path.read_bytes(), self.guess_type(str(path)))

    def _send(self, code: int, body: bytes, ctype: str) -> None:
        compressible = ctype.startswith(
            ("text/", "application/json", "application/javascript", "image/svg", "application/xml")
        )
        if self.gzip and compressible and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = _gzipped(body)
            encoding = "gzip"
        else:
            encoding = ""
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
        if self.cache:
            self.send_header("Cache-Control", self.cache)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    do_HEAD = do_GET


@functools.lru_cache(maxsize=4096)
def _gzipped(body: bytes) -> bytes:
    return gzip.compress(body, compresslevel=6, mtime=0)


@contextlib.contextmanager
def serve(site: Path, prefix: str = "/", gzip: bool = False, cache: str = "") -> Iterator[str]:
    """Serve `site` on 127.0.0.1 with a free port, under `prefix` ("/repo/" as GitHub Pages
    serves a project site); yields the base URL (no trailing slash). A miss gets the site's
    404.html. `gzip`/`cache`: compress text and send Cache-Control, as a real host does."""
    handler = functools.partial(
        type("Handler", (_Handler,), {"prefix": prefix, "gzip": gzip, "cache": cache}),
        directory=str(site),
    )
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}{prefix.rstrip('/')}"
    finally:
        server.shutdown()
        server.server_close()


def site_url() -> str:
    """The site_url the build uses: $SITE_URL, else mkdocs.yml's default ("" if none)."""
    if os.environ.get("SITE_URL"):
        return os.environ["SITE_URL"]
    for line in (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines():
        m = re.match(r"site_url:\s*(?:!ENV\s*\[\s*SITE_URL\s*,\s*)?[\"']?([^\"'\]\s]+)", line)
        if m:
            return m.group(1)
    return ""


def free_port() -> int:
    with contextlib.closing(socket.socket()) as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]
