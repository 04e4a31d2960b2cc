assert bn.running_mean.dtype == torch.float64 and bn.running_mean is not running_mean


# a 后来被重新赋值：在新的对象上重做。调用一步转换、不用它的返回值，看对象本身有没有被转换
def converted_in_place(obj, step):
    step(obj)
    tensor = obj.weight if isinstance(obj, torch.nn.Module) else obj
    return tensor.dtype == torch.float64


def to_float64(obj):
    obj.to(torch.float64)


def assign_data(tensor):  # 通过 .data 原地换掉数据（Module._apply 对参数就是这样做的）
    tensor.data = tensor.to(torch.float64)


module_in_place = converted_in_place(torch.nn.Linear(2, 2), to_float64)
# 笔记的说法是否成立（本站据此标注核查结果）：tensor 不是原地转换，模块是
note_claim_holds = not converted_in_place(torch.zeros(3), to_float64) and module_in_place
# 对照：同样的检查用在一个原地转换 tensor 的写法上
note_claim_control = not converted_in_place(torch.zeros(3), assign_data) and module_in_place
