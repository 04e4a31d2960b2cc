import copy

# 对照：同样的两个卷积，后面不接 BN（同样的比较）
without_bn = torch.allclose(conv_b(x), conv_nb(x), atol=1e-5)

# eval 模式下 BN 减去的是 running_mean：它在训练中逐步吸收了 bias，差别随训练步数变小，但不是 0
bn_b, bn_nb = copy.deepcopy(bn1), copy.deepcopy(bn2)
for _ in range(50):
    xi = torch.randn(8, 3, 16, 16)
    bn_b(conv_b(xi)), bn_nb(conv_nb(xi))
bn_b.eval(), bn_nb.eval()
eval_gap = (bn_b(conv_b(x)) - bn_nb(conv_nb(x))).abs().max().item()
assert 0 < eval_gap < 1e-2


# 卷积的种类：名字对应构造函数和空间维数；输入 3 个通道，输出 4 个通道
CONVS = {
    "Conv1d": (lambda bias: nn.Conv1d(3, 4, 3, padding=1, bias=bias), 1),
    "Conv2d": (lambda bias: nn.Conv2d(3, 4, 3, padding=1, bias=bias), 2),
    "Conv3d": (lambda bias: nn.Conv3d(3, 4, 3, padding=1, bias=bias), 3),
    "ConvTranspose2d, stride 2": (lambda bias: nn.ConvTranspose2d(3, 4, 3, stride=2, bias=bias), 2),
    "Conv2d, groups=3 (depthwise)": (lambda bias: nn.Conv2d(3, 3, 3, padding=1, groups=3, bias=bias), 2),
    "Conv2d, stride 2, dilation 2, reflect padding": (
        lambda bias: nn.Conv2d(3, 4, 3, stride=2, dilation=2, padding=2, padding_mode="reflect", bias=bias),
        2,
    ),
}


def bias_has_no_effect(mode, dtype, affine, kind, warmup):
    # 有无 bias 的两个卷积（同样的权重）各接一个 BN：输出相同，训练模式下 bias 的梯度也为 0 吗？
    gen = torch.Generator().manual_seed(1)
    make, dims = CONVS[kind]
    norm = (nn.BatchNorm1d, nn.BatchNorm2d, nn.BatchNorm3d)[dims - 1]
    with_bias, no_bias = make(True).to(dtype), make(False).to(dtype)
    channels = with_bias.bias.numel()
    with torch.no_grad():
        no_bias.weight.copy_(with_bias.weight)
        with_bias.bias.fill_(0.5)  # 一个明显的 bias：若它起作用，输出必然不同
    stats = mode != "eval, track_running_stats=False"
    bn_with, bn_without = (norm(channels, affine=affine, track_running_stats=stats).to(dtype) for _ in "ab")
    shape = (8, 3) + ((16,) * dims if dims < 3 else (6,) * dims)
    for _ in range(warmup):  # 训练若干步（只更新 BN 的统计量）
        xi = torch.randn(shape, generator=gen, dtype=dtype)
        bn_with(with_bias(xi)), bn_without(no_bias(xi))
    if mode != "train":
        bn_with.eval(), bn_without.eval()
    xi = torch.randn(shape, generator=gen, dtype=dtype)
    out_with, out_without = bn_with(with_bias(xi)), bn_without(no_bias(xi))
    same = torch.allclose(out_with, out_without, atol=1e-5 if dtype == torch.float32 else 1e-10)
    if mode == "train":
        # bias 的梯度与权重的梯度相比可以忽略（只剩舍入误差；不接 BN 时两者同一量级）
        out_with.pow(2).sum().backward()
        ratio = with_bias.bias.grad.abs().max() / with_bias.weight.grad.abs().max()
        same = same and ratio.item() < (1e-2 if dtype == torch.float32 else 1e-8)
    return same


MODES = {"train": 0, "eval, 300 steps of statistics": 300, "eval, track_running_stats=False": 0}
# 笔记的说法（卷积后接 BN, bias 不起作用）在每种情形下是否成立：
# 模式 x dtype x BN 有无 affine x Conv1d/Conv2d
note_claim_cases = {
    f"{mode}, {str(dtype)[6:]}, affine={affine}, {kind}": bias_has_no_effect(mode, dtype, affine, kind, warmup)
    for mode, warmup in MODES.items()
    for dtype in (torch.float32, torch.float64)
    for affine in (True, False)
    for kind in ("Conv1d", "Conv2d")
}
# 再加上其他种类的卷积（float32，BN 带 affine）× 3 种模式
note_claim_cases |= {
    f"{mode}, float32, affine=True, {kind}": bias_has_no_effect(mode, torch.float32, True, kind, warmup)
    for mode, warmup in MODES.items()
    for kind in list(CONVS)[2:]
}
# 本站据此标注核查结果
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的比较，但 eval 模式下 BN 还没有见过数据（running_mean 为 0，没吸收 bias）：不成立
note_claim_control = bias_has_no_effect("eval, 0 steps of statistics", torch.float32, True, "Conv2d", 0)
