import traceback

# scatter_ 必须当场报错 (异步执行时错误会在之后的某个调用处才报出来)
assert "lesson_error" in globals(), "scatter_ did not raise with CUDA_LAUNCH_BLOCKING=1"

# 笔记的说法是否成立 (本站据此标注核查结果)
# 设置了 CUDA_LAUNCH_BLOCKING=1 时, 错误就在 scatter_ 这一行抛出
raised_at = [frame.line for frame in traceback.extract_tb(lesson_error.__traceback__) if frame.name == "<module>"][0]
note_claim_holds = "scatter_" in raised_at
