# requires_grad=False 冻结不了 BN 的统计量：在一个新的网络上重做这一步（上面的代码后面改写了 before）
fresh = Net()
fresh.load_state_dict({"backbone." + k: v for k, v in pretrained.items()}, strict=False)
fresh.backbone.requires_grad_(False)
fresh.train()
fresh_before = fresh.backbone[1].running_mean.clone()
fresh(torch.randn(4, 3, 8, 8))
assert not torch.equal(fresh_before, fresh.backbone[1].running_mean)

# BN 设为 eval 模式后，统计量保持不变
assert torch.equal(before, net.backbone[1].running_mean)
