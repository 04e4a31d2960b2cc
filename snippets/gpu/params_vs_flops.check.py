# 对照 1：同一个卷积用在 1x1 的输入上，卷积核不再在各个位置上重复使用
conv_params_1x1, conv_flops_1x1 = count(conv, torch.randn(1, 64, 1, 1))
# 对照 2：一个真的用更多参数换更少计算的替换：通道更多、步长为 2 的卷积
wide = torch.nn.Conv2d(64, 256, 3, stride=2, padding=1, bias=False)
w_params, w_flops = count(wide, x)

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "gpu-params-vs-flops": fc_params > conv_params and fc_flops < conv_flops,
    # 笔记：MobileNet 用更多的参数换更少的计算
    "gpu-mobilenet-params": d_params > s_params and d_flops < s_flops,
}
note_claims_control = {
    "gpu-params-vs-flops": fc_params > conv_params_1x1 and fc_flops < conv_flops_1x1,
    "gpu-mobilenet-params": w_params > s_params and w_flops < s_flops,
}
