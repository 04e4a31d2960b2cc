# 笔记原文的这一行能运行吗? 在同一个 params 上再试一次
try:
    assert isinstance(params.values()[0], Variable)
    original_line_runs = True
except TypeError:
    original_line_runs = False
assert not original_line_runs and g.source.count("->") > 0
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = original_line_runs
