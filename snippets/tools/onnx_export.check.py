import contextlib
import io

# 笔记的这一行按原样就能导出 onnx 模型吗?
# 再试一次, 导出到另一个文件 (不打印导出器的输出)
with contextlib.redirect_stdout(io.StringIO()):
    try:
        torch.onnx.export(net, dummy_input, "model_as_written.onnx")
        as_written_works = True
    except ModuleNotFoundError:
        as_written_works = False

assert len(model.graph.node) > 0
# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = as_written_works
