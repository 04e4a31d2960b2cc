import contextlib
import io
import pathlib

from torch.utils.hipify.hipify_python import hipify

# 笔记：AMD GPU 用 OpenCL 编程，PyTorch 不支持。PyTorch 的 ROCm 版是这样做出来的：用 torch 自带的 hipify
# 把它的 CUDA 代码翻译成 AMD 的 HIP/ROCm 接口（pytorch 仓库的 tools/amd_build/build_amd.py 调用的就是它）。
# 这里对几种 CUDA 调用各跑一次同一个翻译，看它们变成了什么
cuda_calls = {
    "cudaMalloc": ("cudaMalloc(&d, 64);", "hipMalloc"),
    "cudaMemcpyAsync": ("cudaMemcpyAsync(d, h, 64, cudaMemcpyHostToDevice, s);", "hipMemcpyAsync"),
    "kernel launch <<<>>>": ("add<<<1, 16, 0, s>>>(d);", "hipLaunchKernelGGL"),
    "cublasSgemm (cuBLAS)": (
        "cublasSgemm(b, CUBLAS_OP_N, CUBLAS_OP_N, 1, 1, 1, a, d, 1, d, 1, a, d, 1);",
        ("hipblasSgemm", "rocblas_sgemm"),  # hipBLAS 或 rocBLAS，都是 AMD 的
    ),
    "cudnnCreate (cuDNN)": ("cudnnCreate(&c);", "miopenCreate"),  # cuDNN -> AMD 的 MIOpen
    # 对照：一个 OpenCL 调用，同一个翻译不会把它变成 HIP
    "clEnqueueNDRangeKernel (OpenCL)": (
        "clEnqueueNDRangeKernel(q, k, 1, 0, n, 0, 0, 0, 0);",
        "hip",
    ),
}
source = pathlib.Path("hipify_in")
source.mkdir(exist_ok=True)
for n, (line, _) in enumerate(cuda_calls.values()):
    (source / f"call{n}.cu").write_text(
        "__global__ void add(float* x) {}\nvoid run() {\n  " + line + "\n}\n"
    )
# hipify 会打印进度，核查不打印任何东西
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
    hipify(
        project_directory=str(source.resolve()),
        output_directory=str(pathlib.Path("hipify_out").resolve()),
        is_pytorch_extension=True,
        show_progress=False,
    )


def ported_to_amd(n, targets):
    # 翻译出来的文件里，这一行变成了 AMD 的 HIP/ROCm 调用吗？
    translated = next(pathlib.Path("hipify_out").glob(f"call{n}.hip")).read_text()
    body = translated.split("void run() {")[1]
    return any(target in body for target in ([targets] if isinstance(targets, str) else targets))


ported = {
    call: ported_to_amd(n, target) for n, (call, (_, target)) in enumerate(cuda_calls.items())
}
# 笔记的说法是否成立（本站据此标注核查结果）：PyTorch 的 GPU 代码到不了 AMD GPU 吗？（每一种 CUDA 调用各一格）
note_claim_cases = {
    f"api={call}": not ported[call] for call in cuda_calls if not call.endswith("(OpenCL)")
}
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的量法用在 OpenCL 调用上：它没有被翻译成 HIP，得 True
note_claim_control = not ported["clEnqueueNDRangeKernel (OpenCL)"]
