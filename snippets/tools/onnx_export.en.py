import torch
import torch.nn as nn
import torch.onnx


# Editor: small stand-ins for Hourglass2 / Residual (not defined in the note), keeping the call Hourglass2(2, 32, 1, Residual)
class Residual(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv = nn.Sequential(nn.BatchNorm2d(ch), nn.ReLU(), nn.Conv2d(ch, ch, 3, padding=1))

    def forward(self, x):
        return x + self.conv(x)


class Hourglass2(nn.Module):
    def __init__(self, depth, nFeat, nModules, resModule):
        super().__init__()
        self.up = nn.Sequential(*[resModule(nFeat) for _ in range(nModules)])
        self.low = nn.Sequential(nn.MaxPool2d(2), *[resModule(nFeat) for _ in range(nModules * depth)])
        self.upsample = nn.Upsample(scale_factor=2)

    def forward(self, x):
        return self.up(x) + self.upsample(self.low(x))


net = Hourglass2(2, 32, 1, Residual).eval()
dummy_input = torch.randn(1, 32, 128, 128)  # Editor: the note wraps it in Variable(torch.randn(...)); today a plain Tensor
# since torch 2.9 the default exporter (dynamo=True) needs onnxscript installed; dynamo=False uses the legacy TorchScript exporter (with a deprecation warning)
# the note's line as written: the default exporter
try:
    torch.onnx.export(net, dummy_input, "model.onnx")
    as_written_works = True
except ModuleNotFoundError as err:
    print("ModuleNotFoundError:", err)
    as_written_works = False
torch.onnx.export(net, dummy_input, "model.onnx", dynamo=False)

import onnx

model = onnx.load("model.onnx")
onnx.checker.check_model(model)
print([node.op_type for node in model.graph.node])
# then run netron model.onnx on the command line (pip install netron) to view the network in the browser

assert len(model.graph.node) > 0
# Does the note's claim hold? (the site labels the claim from this)
# does the note's line export an onnx model as written?
note_claim_holds = as_written_works
