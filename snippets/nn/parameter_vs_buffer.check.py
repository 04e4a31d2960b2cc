# state_dict 的键 (上面的代码后面把 m 移到了 meta 设备: 在一个新的模型上看)
saved = list(Model().state_dict().keys()) == ["weight", "running"]
assert saved

moved_registered_only = m.weight.device.type == m.running.device.type == "meta" and m.plain.device.type == "cpu"
assert moved_registered_only

assert torch.equal(m2.running, torch.full((2,), 5.0))

# 笔记的三条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "nn-cuda-moves-registered-only": moved_registered_only,
    "nn-state-dict-params-buffers": saved,
    # 笔记: buffer 只能在 forward 中被更新
    "nn-buffer-only-in-forward": not torch.equal(m2.running, torch.full((2,), 5.0)),
}
