"""Command line: `python -m torchkb <command>` (or `torchkb <command>`)."""

import argparse
import os
import sys
from pathlib import Path
from typing import Any

import torchkb
from torchkb.errors import SourceError
from torchkb.sources.comments import forget_maps
from torchkb.sources.project import Project


def cmd_build(args: argparse.Namespace) -> int:
    from torchkb.render.docs import render_site, stale_files, write_docs

    project = args.project
    files = render_site(project)
    if args.check:
        stale = stale_files(files, project.docs)
        for rel in stale:
            print(f"docs/{rel}: stale, run `python -m torchkb build`")
        return 1 if stale else 0
    write_docs(files, project.docs)
    print(f"docs/: {len(files)} files written")
    return 0


def _report(problems: list, summary: str) -> int:
    """Print one line per problem and a count; non-zero exit when there are any."""
    for problem in problems:
        print(problem)
    print(summary.format(len(problems)))
    return 1 if problems else 0


def cmd_coverage(args: argparse.Namespace) -> int:
    from torchkb.checks.coverage import check

    return _report(check(args.project), "coverage: {} raw lines unaccounted")


def cmd_import(args: argparse.Namespace) -> int:
    from torchkb.importer import import_note

    report = import_note(Path(args.note), project=args.project)
    print(report)
    return 0


def cmd_translations(args: argparse.Namespace) -> int:
    from torchkb.sources.translation import problems, stamp

    if args.stamp:
        for line in stamp(args.project, args.stamp):
            print(line)
        return 0
    found = problems(args.project)
    for problem in found:
        print(problem)
    print(
        f"translations: {len(found)} to do"
        + ("" if found else ", every section and snippet title has current English")
    )
    # missing and stale English still build (the pages say so); --strict makes them fail
    return 1 if found and args.strict else 0


def cmd_verify(args: argparse.Namespace) -> int:
    if args.device == "cpu":  # before torch is imported: a CUDA machine runs as a CPU one
        os.environ["CUDA_VISIBLE_DEVICES"] = ""
    from torchkb.verify import stage as verify

    if args.device == "cuda" and verify.device_kind() != "cuda":
        print("verify: --device cuda, but torch.cuda.is_available() is False here", file=sys.stderr)
        return 2
    return verify.main(
        args.project, args.ids, args.update, args.shard, args.isolate, args.jobs, args.merge
    )


def cmd_snippet(args: argparse.Namespace) -> int:
    from torchkb.sources.comments import snippet_command

    return snippet_command(args.ids, args.lang, args.missing, args.project.snippets_dir)


def cmd_search_dict(args: argparse.Namespace) -> int:
    from torchkb.search.index import build_user_dict

    path = build_user_dict(args.project)
    print(f"{path}: written")
    return 0


def _add_build(sub: Any) -> None:  # argparse's subparsers
    build = sub.add_parser("build", help="generate docs/ from notes/ and snippets/")
    build.add_argument("--check", action="store_true", help="fail if docs/ is stale")
    build.set_defaults(func=cmd_build)
    sub.add_parser("coverage", help="check every raw line is on a page or dropped").set_defaults(
        func=cmd_coverage
    )
    imp = sub.add_parser("import", help="import a raw note into notes/ and snippets/")
    imp.add_argument("note")
    imp.set_defaults(func=cmd_import)


def _add_verify(sub: Any) -> None:  # argparse's subparsers
    ver = sub.add_parser(
        "verify",
        help="run the snippets, compare with their recorded outputs "
        "and write verification/<cpu|cuda>.json",
    )
    ver.add_argument(
        "ids", nargs="*", help="snippet ids (tensors/view) or topics (tensors); default: all"
    )
    ver.add_argument(
        "--update",
        action="store_true",
        help="rewrite the recorded outputs (and figures) from this run",
    )
    ver.add_argument(
        "--device",
        choices=["cpu", "cuda"],
        help="cuda: fail unless CUDA is available; cpu: hide the GPUs",
    )
    ver.add_argument(
        "--isolate",
        choices=["process", "inprocess"],
        help="process: every Python snippet in a process of its own (default: "
        "CUDA snippets, and everything on a CUDA machine)",
    )
    ver.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="snippets run side by side (only with process isolation)",
    )
    ver.add_argument(
        "--shard", metavar="I/N", help="run the I-th of N shares; writes verification/.parts/"
    )
    ver.add_argument(
        "--merge",
        action="store_true",
        help="merge the shards' part files into verification/<device>.json",
    )
    ver.set_defaults(func=cmd_verify)


def _add_translation_tools(sub: Any) -> None:  # argparse's subparsers
    tr = sub.add_parser(
        "translations", help="list sections (and snippet titles) whose English is missing or stale"
    )
    tr.add_argument("--strict", action="store_true", help="exit 1 when anything is listed")
    tr.add_argument(
        "--stamp",
        nargs="+",
        metavar="SECTION_ID",
        help="record that the English "
        "of these sections matches their current Chinese (writes source_hash)",
    )
    tr.set_defaults(func=cmd_translations)
    snip = sub.add_parser(
        "snippet",
        help="print a snippet with its comments in one language; "
        "--missing: list comments without English",
    )
    snip.add_argument(
        "ids", nargs="*", help="<topic>/<name> (print); with --missing also topics, default all"
    )
    snip.add_argument("--lang", choices=torchkb.LANGS, default="en")
    snip.add_argument(
        "--missing",
        action="store_true",
        help="list the comments that have no English in comments.en.yml, and unused entries",
    )
    snip.set_defaults(func=cmd_snippet)
    sub.add_parser("search-dict", help="regenerate the jieba user dictionary").set_defaults(
        func=cmd_search_dict
    )


def parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="torchkb", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    _add_build(sub)
    _add_verify(sub)
    _add_translation_tools(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    # the one place that reads the environment's choice of tree (tests: a temporary copy)
    args.project = Project(os.environ.get("TORCHKB_ROOT") or torchkb.ROOT)
    # each run reads its tree anew, also when one process runs several (the tests do, on
    # trees they edit between runs); caches keyed by content alone are kept
    forget_maps()
    try:
        return args.func(args)
    except SourceError as err:
        print(f"error: {err}", file=sys.stderr)
        return 1
    except BrokenPipeError:  # `... | head`: the reader has gone; not an error of ours
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    except OSError as err:  # a file that can't be read or written: name it, no traceback
        where = err.filename or ""
        print(f"error: {where}: {err.strerror or err}", file=sys.stderr)
        return 1
