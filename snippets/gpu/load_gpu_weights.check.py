import subprocess
import sys
import tempfile

assert state["weight"].device.type == "cpu"


def gpu_bytes_of_load(source, **kwargs):
    # torch.load 之后 GPU 上多占了多少字节（载入的东西还活着时量）
    source.seek(0)
    torch.cuda.synchronize()
    before = torch.cuda.memory_allocated()
    loaded = torch.load(source, **kwargs)
    assert loaded is not None
    return torch.cuda.memory_allocated() - before


def saved(obj):
    # GPU 上的对象存进一个新的“权重文件”
    out = io.BytesIO()
    torch.save(obj, out)
    return out


def starts_cuda_in_new_process(path, map_location):
    # 一个新进程只载入这个文件（笔记里 GPU 0 上多出来的那些进程）：它用上 CUDA 了吗？
    probe = (
        "import sys, torch; "
        f"torch.load(sys.argv[1], map_location={map_location!r}); "
        "print(torch.cuda.is_initialized(), torch.cuda.memory_allocated() if torch.cuda.is_initialized() else 0)"
    )
    out = subprocess.run([sys.executable, "-c", probe, path], capture_output=True, text=True, check=True)
    initialized, allocated = out.stdout.split()
    return initialized == "True" or int(allocated) > 0


def device_after_load_state_dict(**kwargs):
    # GPU 上保存的权重载入一个新的 CPU 模型之后，模型参数所在的设备
    buffer.seek(0)
    fresh = torch.nn.Linear(3, 2)
    fresh.load_state_dict(torch.load(buffer), **kwargs)
    return fresh.weight.device


# 网格：GPU 上保存的几种东西：state_dict、带优化器状态的 checkpoint、整个模型（weights_only=False）、一个张量
net = torch.nn.Sequential(torch.nn.Linear(256, 256), torch.nn.BatchNorm1d(256)).cuda()
optimizer = torch.optim.Adam(net.parameters())
net(torch.randn(4, 256, device="cuda")).sum().backward()
optimizer.step()
files = {
    "state_dict": (saved(net.state_dict()), {}),
    "checkpoint with Adam state": (saved({"model": net.state_dict(), "optimizer": optimizer.state_dict()}), {}),
    "whole model, weights_only=False": (saved(net), {"weights_only": False}),
    "one tensor": (saved(torch.randn(1024, device="cuda")), {}),
}
with tempfile.NamedTemporaryFile(suffix=".pt") as on_disk:
    torch.save(net.state_dict(), on_disk.name)
    in_new_process = {
        "cpu": not starts_cuda_in_new_process(on_disk.name, "cpu"),
        None: not starts_cuda_in_new_process(on_disk.name, None),
    }

# 笔记的两条说法是否成立（本站据此标注核查结果）
note_claims_cases = {
    # 笔记：载入时 map_location='cpu' 就不会额外占用 GPU 显存
    "gpu-torch-load-saved-device": {
        **{
            f"{name}, map_location='cpu'": gpu_bytes_of_load(source, map_location="cpu", **kwargs) == 0
            for name, (source, kwargs) in files.items()
        },
        "state_dict, map_location='cpu', a new process: CUDA not initialized": in_new_process["cpu"],
    },
}
note_claims_hold = {
    "gpu-torch-load-saved-device": all(note_claims_cases["gpu-torch-load-saved-device"].values()),
    # 笔记：CPU 模型载入 GPU 权重后，模型的 device 会变成 cuda0
    "gpu-load-state-dict-device": device_after_load_state_dict().type == "cuda",
}
# 对照：不指定 map_location 的载入（同一个文件，同样的量法）；assign=True 的 load_state_dict（直接换成 state_dict 里的 tensor）
note_claims_control = {
    "gpu-torch-load-saved-device": gpu_bytes_of_load(buffer) == 0 and in_new_process[None],
    "gpu-load-state-dict-device": device_after_load_state_dict(assign=True).type == "cuda",
}
