assert torch.equal(Net(x), Net.fc(x))  # eval 模式下 dropout 不起作用
