# 按公式逐元素核对 dim == 2 的结果
mismatches = 0
for i in range(2):
    for j in range(3):
        for k in range(4):
            mismatches += int(out[i][j][index[i][j][k]] != src[i][j][k])

# index 比 src 大时报错: 重做一次, 记下是否报错
raised = False
try:
    torch.zeros(2, 3, 5).scatter_(2, index, torch.randn(2, 3, 2))
except RuntimeError:
    raised = True
assert raised

assert mismatches == 0
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = mismatches == 0 and raised and out.shape == (2, 3, 5)
