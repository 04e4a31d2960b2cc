assert state["weight"].device.type == "cpu"


def gpu_bytes_of_load(**kwargs):
    # torch.load 之后 GPU 上多占了多少字节（载入的 state_dict 还活着时量）
    buffer.seek(0)
    torch.cuda.synchronize()
    before = torch.cuda.memory_allocated()
    loaded = torch.load(buffer, **kwargs)
    assert set(loaded) == {"weight", "bias"}
    return torch.cuda.memory_allocated() - before


def device_after_load_state_dict(**kwargs):
    # GPU 上保存的权重载入一个新的 CPU 模型之后，模型参数所在的设备
    buffer.seek(0)
    fresh = torch.nn.Linear(3, 2)
    fresh.load_state_dict(torch.load(buffer), **kwargs)
    return fresh.weight.device


# 笔记的两条说法是否成立（本站据此标注核查结果）
note_claims_hold = {
    # 笔记：载入时 map_location='cpu' 就不会额外占用 GPU 显存
    "gpu-torch-load-saved-device": gpu_bytes_of_load(map_location="cpu") == 0,
    # 笔记：CPU 模型载入 GPU 权重后，模型的 device 会变成 cuda0
    "gpu-load-state-dict-device": device_after_load_state_dict().type == "cuda",
}
# 对照：不指定 map_location 的载入；assign=True 的 load_state_dict（直接换成 state_dict 里的 tensor）
note_claims_control = {
    "gpu-torch-load-saved-device": gpu_bytes_of_load() == 0,
    "gpu-load-state-dict-device": device_after_load_state_dict(assign=True).type == "cuda",
}
