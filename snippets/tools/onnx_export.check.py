import contextlib
import copy
import inspect
import io
import warnings

from onnx.reference import ReferenceEvaluator


# 导出的 model.onnx 算出的结果与某个 PyTorch 模型（推理模式）的输出一致吗？用 onnx 自带的参考实现运行它
def onnx_matches(onnx_model, torch_model):
    feeds = {onnx_model.graph.input[0].name: dummy_input.numpy()}
    onnx_out = torch.from_numpy(ReferenceEvaluator(onnx_model).run(None, feeds)[0])
    with torch.no_grad():
        torch_out = copy.deepcopy(torch_model).eval()(dummy_input)
    return onnx_out.shape == torch_out.shape and torch.allclose(onnx_out, torch_out, atol=1e-4)


# 按原样的这一行用的是默认的新导出器 (dynamo=True)：它写出的模型没有旧导出器留下的 Identity 节点
# （torch 2.9 之前默认的是旧导出器，1.13 还没有 dynamo 参数）
dynamo_param = inspect.signature(torch.onnx.export).parameters.get("dynamo")
if dynamo_param is not None and dynamo_param.default is True:
    assert "Identity" not in [node.op_type for node in model.graph.node]


def exported(module, training, **kw):
    # 把 module 在训练/推理模式下导出，载入写出的模型（导出器打印的进度和警告都不要）
    module = copy.deepcopy(module).train(training)
    name = f"grid_{training}_{len(kw)}.onnx"
    with contextlib.redirect_stdout(io.StringIO()), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        torch.onnx.export(module, dummy_input, name, **kw)
    return onnx.load(name)


# 让 BatchNorm 的滑动均值和方差不是初始值，训练模式和推理模式的输出才不同
torch.manual_seed(2)
trained_net = copy.deepcopy(net)
with torch.no_grad():
    trained_net.train()(torch.randn(4, 32, 128, 128))

# 笔记的说法在每一种情形下是否成立（本站据此标注核查结果）：写出的 model.onnx 算的就是这个模型（推理模式）
note_claim_cases = {
    "exporter=default (as written), model in training mode": onnx_matches(model, net),
    "exporter=default, BatchNorm statistics updated, training mode": onnx_matches(exported(trained_net, True), trained_net),
    "exporter=default, model.eval()": onnx_matches(exported(trained_net, False), trained_net),
}
if dynamo_param is not None:  # 旧的 TorchScript 导出器
    note_claim_cases["exporter=TorchScript (dynamo=False), training mode"] = onnx_matches(
        exported(trained_net, True, dynamo=False), trained_net
    )
    note_claim_cases["exporter=TorchScript (dynamo=False), model.eval()"] = onnx_matches(
        exported(trained_net, False, dynamo=False), trained_net
    )
note_claim_holds = all(note_claim_cases.values())

# 对照：同样的比较，换成一个权重不同的 Hourglass2
torch.manual_seed(1)
other_net = Hourglass2(2, 32, 1, Residual)
note_claim_control = onnx_matches(model, other_net)
# BatchNorm 统计量不同的模型（训练前的 net）也对不上：比较分得出 BatchNorm 用的是哪一组统计量
assert not onnx_matches(exported(trained_net, False), net)
