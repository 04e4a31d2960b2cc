# 循环结束时 impl, same 是最后一轮 (fused) 的结果; foreach 那一轮在这里重做
assert impl == {"fused": True} and same  # 结果一样, 只是更快
fused_matches = same and "fused" in impl
foreach_model = train({"foreach": True})
assert all(torch.allclose(a, b, atol=1e-6)
           for a, b in zip(ref.parameters(), foreach_model.parameters()))  # 结果一样, 只是更快

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: 原生 Adam 逐个参数循环, 要快就得用 Apex 的 FusedAdam。原生 Adam 自带 fused 实现, 结果一致
note_claim_holds = not fused_matches
