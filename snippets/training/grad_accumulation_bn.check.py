assert not torch.allclose(g_accum, g_big, atol=1e-6)

# 笔记的说法是否成立 (本站据此标注核查结果)
# 有 BN 时积累梯度与大 batch 的梯度不同; BN 的统计量在每个 micro-batch 的 forward 中更新
note_claim_holds = not torch.allclose(g_accum, g_big, atol=1e-6) and bn.num_batches_tracked.item() == accum_steps
