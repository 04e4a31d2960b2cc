import copy


# 实验: 在一份新的模型上, 设定 train/eval 模式和是否记录梯度, 前向两次, 看三件事:
# 是否构建计算图; Dropout 是否在随机丢弃; BN 的 running_mean 是否被更新
def measure(train_mode, grad_enabled):
    net = copy.deepcopy(model).train(train_mode)
    mean_before = net[1].running_mean.clone()
    with torch.set_grad_enabled(grad_enabled):
        first, second = net(x), net(x)
    return {
        "builds_graph": first.grad_fn is not None,
        "dropout_active": not torch.equal(first, second),
        "bn_updates": not torch.equal(mean_before, net[1].running_mean),
    }


eval_only, no_grad_only = measure(train_mode=False, grad_enabled=True), measure(train_mode=True, grad_enabled=False)
assert not out.requires_grad and torch.equal(running_mean, model[1].running_mean)  # 课程代码最后一段: 两者都用

# 笔记的说法是否成立 (本站据此标注核查结果)
# eval() 不影响是否建图; no_grad() 不改变层的训练行为 (Dropout 仍丢弃, BN 仍更新统计量)
note_claim_holds = eval_only["builds_graph"] and no_grad_only["dropout_active"] and no_grad_only["bn_updates"]
# 对照: 同样的测量换成真正起作用的开关: no_grad() 下是否建图, eval() 下 Dropout 是否丢弃、BN 是否更新
no_grad_train, eval_grad = measure(train_mode=True, grad_enabled=False), measure(train_mode=False, grad_enabled=True)
note_claim_control = no_grad_train["builds_graph"] and eval_grad["dropout_active"] and eval_grad["bn_updates"]
