import warnings

assert y.dtype == torch.bfloat16           # 矩阵乘在 autocast 里用低精度算
assert model.weight.dtype == torch.float32  # 参数本身仍是 float32


def low_precision_dtype(layer, inputs, dtype):
    # torch 自带的 autocast 里这一层算出来的 dtype
    try:
        with torch.autocast(device_type="cpu", dtype=dtype):
            return layer(inputs).dtype
    except RuntimeError:  # 较早的 torch 的 CPU autocast 只支持 bfloat16
        return None


def loss_scaling_works():
    # torch 自带的 GradScaler（原 apex.amp 的 loss scaling）：梯度先按 scale 放大，step 前再缩回
    grad_scaler = getattr(torch.amp, "GradScaler", None)  # 较早的 torch 没有不限设备的 torch.amp.GradScaler
    if grad_scaler is None:
        return False
    net = torch.nn.Linear(8, 4)
    optimizer = torch.optim.SGD(net.parameters(), lr=0.1)
    scaler = grad_scaler("cpu", init_scale=1024.0)
    with torch.autocast(device_type="cpu", dtype=torch.float16):
        loss = net(x).float().pow(2).mean()
    scaler.scale(loss).backward()
    scaled = net.weight.grad.clone()
    scaler.unscale_(optimizer)  # step 之前缩回原来的大小
    return torch.allclose(scaled, net.weight.grad * 1024.0)


conv = torch.nn.Conv2d(3, 4, 3)
image = torch.randn(1, 3, 8, 8)
# 笔记的说法是否成立（本站据此标注核查结果）：混合精度训练要装 Apex，也就是 torch 自己做不到？
# 网格：torch 自带的 autocast 在 bfloat16 / float16 下算 Linear 与 Conv2d，以及自带的 loss scaling
note_claim_cases = {
    "tool=torch.autocast, dtype=bfloat16, layer=Linear": low_precision_dtype(model, x, torch.bfloat16) != torch.bfloat16,
    "tool=torch.autocast, dtype=bfloat16, layer=Conv2d": low_precision_dtype(conv, image, torch.bfloat16) != torch.bfloat16,
    "tool=torch.autocast, dtype=float16, layer=Linear": low_precision_dtype(model, x, torch.float16) != torch.float16,
    "tool=torch.autocast, dtype=float16, layer=Conv2d": low_precision_dtype(conv, image, torch.float16) != torch.float16,
    "tool=torch.amp.GradScaler, dtype=float16": not loss_scaling_works(),
}
note_claim_holds = all(note_claim_cases.values())
# 对照：同一个模型不在 autocast 里，算出来的仍是 float32
note_claim_control = model(x).dtype != torch.bfloat16

# torch.cuda.amp.* 的弃用警告是 FutureWarning（默认显示给用户），不是 DeprecationWarning；没有 GPU 也会给出
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    torch.cuda.amp.autocast()
    torch.cuda.amp.GradScaler()
deprecations = [w.category for w in caught if "is deprecated" in str(w.message)]
assert all(category is FutureWarning for category in deprecations)
assert len(deprecations) == 2 or torch.__version__ < (2, 4)  # 较早的 torch 不给这些警告
