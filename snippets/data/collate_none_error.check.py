import numpy as np
from torch.utils.data.dataloader import default_collate


def says_note_error(error):
    # 是笔记引用的那个报错吗：default_collate 的类型检查发现了 None（措辞今天多了前缀和 numpy arrays）
    message = str(error)
    return isinstance(error, TypeError) and "batch must contain" in message and "found <class 'NoneType'>" in message


def collate_error(batch):
    try:
        default_collate(batch)
    except Exception as err:
        return err
    return None


image = torch.ones(3, 2, 2)
# __getitem__ 可能返回的几种样本（读者的 Dataset 返回什么，default_collate 就按什么拼接）
samples = {
    "tensor": image,
    "(tensor, label)": (image, 1),
    "[tensor, label]": [image, 1],
    "dict": {"image": image, "label": 1},
    "numpy array": np.ones((3, 2, 2), dtype=np.float32),
    "int": 1,
    "float": 1.0,
    "str": "a.jpg",
}
# 笔记的说法是否成立（本站据此标注核查结果）：读图失败 (None) 时 default_collate 就报这个错吗？
# 网格：样本的类型 x None 在 batch 里的位置（第 1 个 / 第 2 个，即在一个正常样本之后）
errors = {}
for kind, sample in samples.items():
    errors[f"sample={kind}, None=1st"] = collate_error([None, sample])
    errors[f"sample={kind}, None=2nd"] = collate_error([sample, None])
# 样本是（图片，标签），只有图片是 None（读图失败，标签照常返回）
errors["sample=(None, label), None=image of 1st"] = collate_error([(None, 1), (image, 1)])
errors["sample=(None, label), None=image of 2nd"] = collate_error([(image, 1), (None, 1)])
note_claim_cases = {case: says_note_error(error) for case, error in errors.items()}
note_claim_holds = all(note_claim_cases.values())

# 上面的 lesson: Dataset 返回（图片，标签），None 是 batch 的第 1 个样本，与网格里的这一格同一个报错
assert str(lesson_error) == str(errors["sample=(tensor, label), None=1st"])
# 网格里的几个反例：报错随第一个样本的类型而变，str 样本甚至不报错
assert str(errors["sample=(tensor, label), None=2nd"]) == "object of type 'NoneType' has no len()"
assert str(errors["sample=dict, None=2nd"]) == "'NoneType' object is not subscriptable"
assert isinstance(errors["sample=numpy array, None=2nd"], RuntimeError)
assert errors["sample=str, None=2nd"] is None
# 对照：只看 None 在 batch 开头的那些格，同样的量法得 True
note_claim_control = all(says_note_error(error) for case, error in errors.items() if case.endswith("None=1st"))
