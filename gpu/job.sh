#!/usr/bin/env bash
# The GPU job in one call, on a GPU machine without network (README, "The GPU job"):
#
#   bash gpu/job.sh OUTDIR [IDS...]   # in a checkout there, with gpu/wheels/ from `make gpu-wheels`
#
# Installs the wheels brought along (pydantic and the snippets' packages the machine lacks)
# beside the machine's own torch, runs every snippet with --update (the CUDA ones one at a
# time, the rest side by side), and leaves in OUTDIR the log and gpu-run.tar.gz: every file
# the run wrote (verification/cuda.json, the GPU outputs), laid out as in the checkout.
# IDS (snippet ids or topics) runs only those, as `verify` does. Back here:
# tar -xzf gpu-run.tar.gz; python -m torchkb build; commit.
set -uo pipefail
out=${1:?usage: bash gpu/job.sh OUTDIR [IDS...]}
shift
python=${PYTHON:-python3}
mkdir -p "$out"
if compgen -G "gpu/wheels/*.whl" >/dev/null; then
    site=$(mktemp -d)
    "$python" -m pip install -q --no-index --no-deps --no-compile --no-cache-dir \
        --target "$site" gpu/wheels/*.whl || exit 1
    export PYTHONPATH="$site${PYTHONPATH:+:$PYTHONPATH}"
fi
started=$(mktemp)
sleep 1  # the files the run writes are newer than this one
{
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv
    "$python" -c 'import torch, sys; print("torch", torch.__version__, "CUDA", torch.version.cuda,
        "cuDNN", torch.backends.cudnn.version(), "Python", sys.version.split()[0])'
    PYTHONUNBUFFERED=1 "$python" -m torchkb verify --device cuda --update --jobs "${JOBS:-8}" "$@"
} 2>&1 | tee "$out/verify.log"
status=${PIPESTATUS[0]}
find verification snippets -type f -newer "$started" -print0 | tar --null -czf "$out/gpu-run.tar.gz" -T -
tar -tzf "$out/gpu-run.tar.gz" | wc -l | xargs echo "files written by the run:"
exit "$status"
