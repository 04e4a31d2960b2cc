import torch.onnx

# 编者：Hourglass2 / Residual 的小替身（笔记中没有给出定义），保持 Hourglass2(2, 32, 1, Residual) 的调用方式
import torch.nn as nn
class Residual(nn.Module):
    def __init__(self, ch):
        super().__init__()
        self.conv = nn.Sequential(nn.BatchNorm2d(ch), nn.ReLU(), nn.Conv2d(ch, ch, 3, padding=1))
    def forward(self, x):
        return x + self.conv(x)

# 编者：Hourglass2 的替身：一个保持分辨率的分支，加上一个先下采样、再上采样回来的分支
class Hourglass2(nn.Module):
    def __init__(self, depth, nFeat, nModules, resModule):
        super().__init__()
        self.up = nn.Sequential(*[resModule(nFeat) for _ in range(nModules)])
        self.low = nn.Sequential(nn.MaxPool2d(2), *[resModule(nFeat) for _ in range(nModules * depth)])
        self.upsample = nn.Upsample(scale_factor=2)
    def forward(self, x):
        return self.up(x) + self.upsample(self.low(x))


net = Hourglass2(2, 32, 1, Residual)
dummy_input = torch.randn(1, 32, 128, 128)  # 编者：原文用 Variable(torch.randn(...))，今天直接用 Tensor
# 编者：torch 2.9 起默认的导出器（dynamo=True）需要另外安装 onnxscript（pip install onnxscript），没有装时报 ModuleNotFoundError；也可以传 dynamo=False 改用旧的 TorchScript 导出器（已弃用）
torch.onnx.export(net, dummy_input, "model.onnx")

# 编者：载入导出的模型并检查；然后在命令行运行 netron model.onnx（pip install netron），在浏览器中查看网络结构
import onnx
model = onnx.load("model.onnx")
onnx.checker.check_model(model)
print([node.op_type for node in model.graph.node])
