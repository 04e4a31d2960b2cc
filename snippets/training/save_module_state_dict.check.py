# 实验：保存一个 state_dict，读回来，看键名有没有 "module." 前缀
def saved_keys_unprefixed(state_dict):
    torch.save(state_dict, "check_keys.pth")
    return not any(k.startswith("module.") for k in torch.load("check_keys.pth"))


assert keys == list(torch.load(path_to_file).keys())  # 课程代码读回的就是保存的文件

# 笔记的说法是否成立 (本站据此标注核查结果)
# 保存 model.module.state_dict() 就不会有 module. 前缀
note_claim_holds = saved_keys_unprefixed(model.module.state_dict())
# 对照：同样的测量用在笔记说“不要这样写”的 model.state_dict() 上
note_claim_control = saved_keys_unprefixed(model.state_dict())
