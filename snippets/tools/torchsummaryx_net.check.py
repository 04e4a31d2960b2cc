import contextlib
import io

import pandas as pd

table = globals().get("table")  # summary() 崩溃时 table 没有被赋值
original_sum = pd.DataFrame.sum


def summary_table(dataframe_sum):
    # df.sum() 换成给定的实现时运行 summary(), 返回它给出的表格; 报 TypeError 时返回 None
    pd.DataFrame.sum = dataframe_sum
    try:
        with contextlib.redirect_stdout(io.StringIO()):
            return summary(Net(), torch.zeros(1, 1, 28, 28))
    except TypeError:
        return None
    finally:
        pd.DataFrame.sum = original_sum


def sum_dropping_nuisance(df, *args, **kwargs):
    # pandas 2.0 以前 df.sum() 的做法: 默默跳过加不起来的列 (这里是放 OrderedDict 的 inner 列)
    sums = {}
    for name in df.columns:
        try:
            sums[name] = df[name].sum()
        except TypeError:
            pass
    return pd.Series(sums)


def reports_all(t):
    return t is not None and {"Output Shape", "Params", "Mult-Adds"} <= set(t.columns)


# 在今天的 pandas 上, summary() 在汇总表格时 (df.sum()) 就崩溃了, 什么也没返回
assert isinstance(lesson_error, TypeError)
# 对照: 同样的测量, 但让 df.sum() 像 pandas 2.0 以前那样跳过加不起来的列
old_pandas_table = summary_table(sum_dropping_nuisance)
assert pd.DataFrame.sum is original_sum

# 笔记的说法是否成立 (本站据此标注核查结果): 它给出了输出 shape、参数数目和乘加数吗?
note_claim_holds = reports_all(table) and reports_all(summary_table(original_sum))
note_claim_control = reports_all(old_pandas_table)
