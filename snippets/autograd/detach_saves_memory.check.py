# 对照：同样的测量，但 detach() 和改精度用在不改变计算图的地方：
# detach 没有计算图的输入 x，把 float32 "转成" float32：激活一字节也不少
no_detach = graph_bytes(lambda: model(x.detach()).sum())
no_cast = graph_bytes(lambda: model(x.float()).sum())
assert no_detach == full and no_cast == full
# 整个模型转成 bfloat16：激活正好是 float32 的一半（送进模型的 bfloat16 输入不计入激活）
assert low * 2 == full


def smaller(way, dtype, batch):
    # 同一个网络在 dtype 下、一批 batch 个样本：这种办法让计算图占住的字节数变小了吗？
    net = copy.deepcopy(model).to(dtype)
    inp = torch.randn(batch, 256, generator=torch.Generator().manual_seed(0)).to(dtype)
    first, second = net[:4], net[4:]
    base = graph_bytes(lambda: net(inp).sum(), net, inp)
    if way == "checkpoint":
        return graph_bytes(lambda: second(checkpoint(first, inp, use_reentrant=False)).sum(), net, inp) < base
    if way == "detach":
        return graph_bytes(lambda: second(first(inp).detach()).sum(), net, inp) < base
    if way == "autocast":

        def forward():
            with torch.autocast("cpu", dtype=torch.bfloat16):
                return net(inp).float().sum()

        return graph_bytes(forward, net, inp) < base
    low_net, low_inp = copy.deepcopy(net).to(way), inp.to(way)  # way：模型整个转成的低精度 dtype
    return graph_bytes(lambda: low_net(low_inp).float().sum(), low_net, low_inp) < base


ways = [
    ("checkpoint", torch.float32), ("checkpoint", torch.float64),
    ("detach", torch.float32), ("detach", torch.float64),
    (torch.bfloat16, torch.float32), (torch.float16, torch.float32), (torch.float32, torch.float64),
    ("autocast", torch.float32),
]


def case_name(way, dtype, batch):
    way = f"model.to({way})" if isinstance(way, torch.dtype) else {"autocast": "autocast(bfloat16)"}.get(way, way)
    return f"way={way}, dtype={dtype}, batch={batch}".replace("torch.", "")


# 笔记的说法 (checkpoint、改变精度、detach() 都减少计算图占用的内存) 在每一种情形下是否成立
note_claim_cases = {
    case_name(way, dtype, batch): smaller(way, dtype, batch) for way, dtype in ways for batch in (1, 64, 512)
}
# 本站据此标注核查结果
note_claim_holds = all(note_claim_cases.values())
# 对照：同样的测量，去掉混合精度那几种情形：都成立
note_claim_control = all(ok for name, ok in note_claim_cases.items() if "autocast" not in name)
assert ckpt < full and low < full and detached < full and amp > full
