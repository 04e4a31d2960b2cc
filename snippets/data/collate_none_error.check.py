from torch.utils.data.dataloader import default_collate


def says_note_error(error):
    # 是笔记引用的那个报错吗: default_collate 的类型检查发现了 None (措辞今天多了前缀和 numpy arrays)
    message = str(error)
    return isinstance(error, TypeError) and "batch must contain" in message and "found <class 'NoneType'>" in message


def collate_error(batch):
    try:
        default_collate(batch)
    except Exception as err:
        return err
    return None


sample = torch.ones(3, 2, 2)
assert isinstance(lesson_error, TypeError)  # 上面的 batch 以 None 开头
# 笔记的说法是否成立 (本站据此标注核查结果): 读图失败 (None) 时 default_collate 就报这个错吗?
# None 可能在 batch 的任何位置: 开头 (上面的例子), 或在一个正常样本之后
note_claim_holds = says_note_error(lesson_error) and says_note_error(collate_error([sample, None]))
# 对照: 只看 None 在 batch 开头的情况
note_claim_control = says_note_error(collate_error([None, sample]))
