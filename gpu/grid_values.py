"""Print the values behind a check part's grid, which the record keeps only as verdicts.

    python gpu/grid_values.py snippets/gpu/print_memory.py NAME...   # on the GPU machine

Runs the lesson and its check part as the runner does (the lesson's output swallowed, its
exception handed to the check as `lesson_error`) and prints each NAME the check part set,
as JSON. The numbers an explanation quotes come from here; the output is kept beside the
run's log in gpu/runs/. One snippet per process: a lesson may set CUDA_LAUNCH_BLOCKING.
It needs torch alone, not torchkb's runner (torchkb.verify.runner._exec_as_main does the
same with the job's wheels installed): the GPU machine's Python has only torch outside
gpu/job.sh.
"""

import contextlib
import io
import json
import sys
from pathlib import Path


def run(lesson: Path) -> dict:
    namespace: dict = {"__name__": "__main__"}
    with contextlib.redirect_stdout(io.StringIO()):
        try:
            exec(compile(lesson.read_bytes(), str(lesson), "exec"), namespace)
            namespace["lesson_error"] = None
        except Exception as err:  # noqa: BLE001 - the check part judges it
            namespace["lesson_error"] = err
        check = lesson.with_name(lesson.name.replace(".py", ".check.py"))
        exec(compile(check.read_bytes(), str(check), "exec"), namespace)
    return namespace


if __name__ == "__main__":
    lesson, *names = sys.argv[1:]
    found = run(Path(lesson))
    print(f"== {lesson}")
    for name in names:
        print(name, json.dumps(found.get(name), indent=1, default=repr))
