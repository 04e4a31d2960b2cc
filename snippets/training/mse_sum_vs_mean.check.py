assert not torch.isfinite(torch.tensor(final_sum)) or final_sum > 1e6
assert final_mean < 2

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = (not torch.isfinite(torch.tensor(final_sum)) or final_sum > 1e6) and final_mean < 2
