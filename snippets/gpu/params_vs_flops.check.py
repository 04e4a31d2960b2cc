# 对照 1：同一个卷积用在 1x1 的输入上，卷积核不再在各个位置上重复使用
conv_params_1x1, conv_flops_1x1 = count(conv, torch.randn(1, 64, 1, 1))
# 对照 2：一个真的用更多参数换更少计算的替换：通道更多、步长为 2 的卷积
wide = torch.nn.Conv2d(64, 256, 3, stride=2, padding=1, bias=False)
w_params, w_flops = count(wide, x)


# 网格：5 个经典网络的卷积层和全连接层（按 torchvision 的结构逐层写出，224x224 输入，batch 为 1，
# 不含 BatchNorm），在 meta 设备上建层、用 FlopCounterMode 数 FLOPs，不需要真的计算
def conv_layer(cin, cout, k, size, stride=1, padding=None, groups=1, bias=False):
    pad = k // 2 if padding is None else padding
    layer = torch.nn.Conv2d(cin, cout, k, stride, pad, groups=groups, bias=bias, device="meta")
    return "conv", layer, (1, cin, size, size)


def fc_layer(cin, cout):
    return "fc", torch.nn.Linear(cin, cout, device="meta"), (1, cin)


def alexnet():
    return [
        conv_layer(3, 64, 11, 224, 4, 2, bias=True),
        conv_layer(64, 192, 5, 27, bias=True),
        conv_layer(192, 384, 3, 13, bias=True),
        conv_layer(384, 256, 3, 13, bias=True),
        conv_layer(256, 256, 3, 13, bias=True),
        fc_layer(256 * 6 * 6, 4096),
        fc_layer(4096, 4096),
        fc_layer(4096, 1000),
    ]


def vgg16():
    layers, cin, size = [], 3, 224
    for v in [64, 64, "M", 128, 128, "M", 256, 256, 256, "M", 512, 512, 512, "M", 512, 512, 512, "M"]:
        if v == "M":  # 最大池化：边长减半
            size //= 2
        else:
            layers.append(conv_layer(cin, v, 3, size, bias=True))
            cin = v
    return layers + [fc_layer(512 * 7 * 7, 4096), fc_layer(4096, 4096), fc_layer(4096, 1000)]


def resnet(blocks, bottleneck):
    # conv1 之后的最大池化把 112 变成 56；每个阶段的第一个块步长为 2（第一阶段不算）
    layers, cin, size = [conv_layer(3, 64, 7, 224, 2)], 64, 56
    for stage, (width, n) in enumerate(zip((64, 128, 256, 512), blocks)):
        for b in range(n):
            stride = 2 if stage > 0 and b == 0 else 1
            cout = width * 4 if bottleneck else width
            if bottleneck:
                layers += [
                    conv_layer(cin, width, 1, size),
                    conv_layer(width, width, 3, size, stride),
                    conv_layer(width, cout, 1, size // stride),
                ]
            else:
                layers += [conv_layer(cin, width, 3, size, stride), conv_layer(width, width, 3, size // stride)]
            if stride != 1 or cin != cout:  # 捷径上的 1x1 下采样卷积
                layers.append(conv_layer(cin, cout, 1, size, stride))
            cin, size = cout, size // stride
    return layers + [fc_layer(cin, 1000)]


def mobilenet_v2():
    # 倒残差块：每一行是扩张倍数 t、输出通道 c、块数 n、步长 s
    layers, cin, size = [conv_layer(3, 32, 3, 224, 2)], 32, 112
    for t, c, n, s in [(1, 16, 1, 1), (6, 24, 2, 2), (6, 32, 3, 2), (6, 64, 4, 2), (6, 96, 3, 1),
                       (6, 160, 3, 2), (6, 320, 1, 1)]:
        for i in range(n):
            stride, hidden = (s if i == 0 else 1), cin * t
            if t != 1:
                layers.append(conv_layer(cin, hidden, 1, size))
            layers += [
                conv_layer(hidden, hidden, 3, size, stride, groups=hidden),
                conv_layer(hidden, c, 1, size // stride),
            ]
            cin, size = c, size // stride
    return layers + [conv_layer(320, 1280, 1, 7), fc_layer(1280, 1000)]


def layer_counts(net):
    # 每一层的种类、参数量和 FLOPs
    return [(kind, *count(layer, torch.empty(shape, device="meta"))) for kind, layer, shape in net]


networks = {
    "AlexNet": alexnet(),
    "VGG-16": vgg16(),
    "ResNet-18": resnet((2, 2, 2, 2), bottleneck=False),
    "ResNet-50": resnet((3, 4, 6, 3), bottleneck=True),
    "MobileNetV2": mobilenet_v2(),
}
counts = {name: layer_counts(net) for name, net in networks.items()}
assert round(sum(p for _, p, _ in counts["VGG-16"]) / 1e6, 2) == 138.36  # 与 torchvision 的 VGG-16 一致


def totals(counted, kind):
    # 一个网络里 kind 这种层加起来的参数量和 FLOPs
    return sum(p for k, p, _ in counted if k == kind), sum(f for k, _, f in counted if k == kind)


def fc_params_conv_flops(counted):
    # 笔记的说法放到整个网络上：全连接层加起来参数更多、计算更少，卷积层加起来参数更少、计算更多？
    (fc_p, fc_f), (conv_p, conv_f) = totals(counted, "fc"), totals(counted, "conv")
    return fc_p > conv_p and fc_f < conv_f


def flops_per_param_rule(counted):
    # 每个参数上的计算量：每个卷积层都比每个全连接层多吗？
    convs = [f / p for k, p, f in counted if k == "conv"]
    fcs = [f / p for k, p, f in counted if k == "fc"]
    return min(convs) > max(fcs)


params_flops_cases = {
    "the note's pair: Linear(4096, 4096) vs Conv2d(64, 64, 3) on 56x56": (
        fc_params > conv_params and fc_flops < conv_flops
    ),
}
params_flops_cases.update({
    f"{name}: its fc layers together vs its conv layers together": fc_params_conv_flops(counted)
    for name, counted in counts.items()
})

# 笔记的两条说法是否成立（本站据此标注核查结果）
note_claims_hold = {
    "gpu-params-vs-flops": all(params_flops_cases.values()),
    # 笔记：MobileNet 用更多的参数换更少的计算
    "gpu-mobilenet-params": d_params > s_params and d_flops < s_flops,
}
note_claims_cases = {"gpu-params-vs-flops": params_flops_cases}
# 对照：每个参数上的计算量（卷积层比全连接层多）在 5 个网络里都成立，而 1x1 输入上的同一个卷积不成立
note_claims_control = {
    "gpu-params-vs-flops": all(flops_per_param_rule(counted) for counted in counts.values())
    and not (fc_params > conv_params_1x1 and fc_flops < conv_flops_1x1),
    "gpu-mobilenet-params": w_params > s_params and w_flops < s_flops,
}
