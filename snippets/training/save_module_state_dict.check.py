import os
import tempfile

import torch.distributed as dist


# 实验：保存一个 state_dict，读回来，看键名有没有 "module." 前缀
def saved_keys_unprefixed(state_dict):
    torch.save(state_dict, "check_keys.pth")
    return not any(k.startswith("module.") for k in torch.load("check_keys.pth"))


assert keys == list(torch.load(path_to_file).keys())  # 课程代码读回的就是保存的文件

def with_bn():
    # 带 BatchNorm 的模型：state_dict 里还有 buffer（running_mean 等）
    return nn.Sequential(nn.Conv2d(3, 4, 3), nn.BatchNorm2d(4), nn.ReLU())


def unprefixed_and_loadable(wrapped, make):
    # model.module.state_dict() 保存、读回：没有 module. 前缀，并能直接载入一个普通模型
    ok = saved_keys_unprefixed(wrapped.module.state_dict())
    make().load_state_dict(torch.load("check_keys.pth"))
    return ok


# DistributedDataParallel：一个进程（world_size=1）、gloo 后端，在 CPU 上即可
store = os.path.join(tempfile.mkdtemp(), "store")
dist.init_process_group("gloo", init_method=f"file://{store}", rank=0, world_size=1)
try:
    wrapper_cases = {
        f"{name}, {model_name}": unprefixed_and_loadable(wrap(make()), make)
        for name, wrap in {
            "nn.DataParallel": nn.DataParallel,
            "DistributedDataParallel": nn.parallel.DistributedDataParallel,
        }.items()
        for model_name, make in {"the note's Net": Net, "a model with BatchNorm buffers": with_bn}.items()
    }
finally:
    dist.destroy_process_group()

# 笔记的说法是否成立（本站据此标注核查结果）
# 保存 model.module.state_dict() 就不会有 module. 前缀
note_claim_holds = saved_keys_unprefixed(model.module.state_dict()) and all(wrapper_cases.values())
note_claim_cases = wrapper_cases
# 对照：同样的测量用在笔记说“不要这样写”的 model.state_dict() 上
note_claim_control = saved_keys_unprefixed(model.state_dict())
