assert fc_params > conv_params and fc_flops < conv_flops
assert d_params < s_params and d_flops < s_flops

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    "gpu-params-vs-flops": fc_params > conv_params and fc_flops < conv_flops,
    # 笔记: MobileNet 用更多的参数换更少的计算
    "gpu-mobilenet-params": d_params > s_params and d_flops < s_flops,
}
