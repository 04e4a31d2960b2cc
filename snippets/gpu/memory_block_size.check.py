import json
import os
import subprocess
import sys


# 小块 (<= 1 MiB) 都放在 2 MiB 的段 (segment) 里；torch 2.13 中是 c10/core/AllocatorConfig.h 的 kMinBlockSize / kSmallBuffer
def segment_sizes(pool):
    return {s["total_size"] for s in torch.cuda.memory_snapshot() if s["segment_type"] == pool}


small_segments = segment_sizes("small")
assert small_segments  # x 的块确实在 small pool 里

# 笔记的说法是否成立（本站据此标注核查结果）：一个 4 字节的 float32 也占一个 512 B 的块，段是 2 MB
note_claim_holds = allocate == 512 and small_segments == {2 * 1024 * 1024}

# 对照：同样的量法用在 129 个 float32（516 字节）上，和 large pool（大于 1 MiB 的分配）的段上
before = torch.cuda.memory_allocated()
y = torch.zeros(129, device="cuda")
allocate_516 = torch.cuda.memory_allocated() - before
z = torch.zeros(3 * 1024 * 1024 // 4, device="cuda")  # 3 MiB
large_segments = segment_sizes("large")
assert allocate_516 > 0 and large_segments
note_claim_control = allocate_516 == 512 and large_segments == {2 * 1024 * 1024}

# 网格：读者会换的张量大小（从 1 字节到 1 MiB 以上）和分配器设置（在新的进程里设
# PYTORCH_CUDA_ALLOC_CONF）；每种情形：块至少 512 字节、是 512 字节的整数倍，每个段是 2 MiB 的整数倍
BLOCKS = """
import json
import torch
kept, found = [], {}
for size in SIZES:
    before = torch.cuda.memory_allocated()
    kept.append(torch.empty(size, dtype=torch.uint8, device="cuda"))
    segments = [s["total_size"] for s in torch.cuda.memory_snapshot()]
    found[size] = [torch.cuda.memory_allocated() - before, segments]
print(json.dumps(found))
"""
SIZES = [1, 4, 511, 512, 513, 4096, 2**20, 2**20 + 1, 3 * 2**20, 10 * 2**20 + 1, 64 * 2**20 + 1]
SETTINGS = ["", "expandable_segments:True", "roundup_power2_divisions:4"]


def blocks_with(setting):
    env = {**os.environ, "PYTORCH_CUDA_ALLOC_CONF": setting}
    child = subprocess.run(
        [sys.executable, "-c", f"SIZES = {SIZES}\n" + BLOCKS],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    return json.loads(child.stdout.splitlines()[-1])


block_cases = {}
for setting in SETTINGS:
    for size, (block, segments) in blocks_with(setting).items():
        holds = block >= 512 and block % 512 == 0 and all(s % (2 * 2**20) == 0 for s in segments)
        block_cases[f"{setting or 'default allocator'}, a {size}-byte tensor"] = holds

note_claim_holds = note_claim_holds and all(block_cases.values())
note_claim_cases = block_cases
