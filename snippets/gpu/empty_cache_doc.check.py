assert "Release all unoccupied cached memory" in doc
assert "doesn't increase the amount of GPU memory available for PyTorch" in doc

# 笔记的说法是否成立 (本站据此标注核查结果)
# 笔记: 周期性地 empty_cache() 就能解决训练越来越慢。文档说它不会让 PyTorch 可用的显存变多
note_claim_holds = "doesn't increase the amount of GPU memory available for PyTorch" not in doc
