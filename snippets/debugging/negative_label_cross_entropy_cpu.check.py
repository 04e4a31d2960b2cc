def out_of_bounds(bad):
    # 标签 [2, 0, bad, 1] 在 cross_entropy、nll_loss 和 scatter_ (笔记里的 one-hot) 中是否都报越界
    labels = torch.tensor([2, 0, bad, 1])
    raised = []
    for use in (lambda: F.cross_entropy(logits, labels),
                lambda: F.nll_loss(logits.log_softmax(1), labels),
                lambda: torch.zeros(4, 3).scatter_(1, labels.unsqueeze(1), 1.0)):
        try:
            use()
            raised.append(False)
        except (IndexError, RuntimeError) as err:
            raised.append("out of bounds" in str(err))
    return all(raised)


# 例外 (说明写明了): 用负标签直接索引张量不报错, -1 取到最后一类
assert torch.equal(torch.eye(3)[torch.tensor([-1])], torch.eye(3)[[2]])

# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = "Target -1 is out of bounds" in str(lesson_error) and out_of_bounds(-1)
# 对照: -100 (cross_entropy 和 nll_loss 默认的 ignore_index), 同样的测量: 这两个损失函数跳过它, 不报错
note_claim_control = out_of_bounds(-100)
