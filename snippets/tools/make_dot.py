# 编者：补上导入
import re
import torch
import torch.nn as nn
from graphviz import Digraph


def make_dot(var, params=None):
    """ Produces Graphviz representation of PyTorch autograd graph
    Blue nodes are the Variables that require grad, orange are Tensors
    saved for backward in torch.autograd.Function
    Args:
        var: output Variable
        params: dict of (name, Variable) to add names to node that
            require grad (TODO: make optional)
    """
    if params is not None:
        # 编者：原文 assert isinstance(params.values()[0], Variable)：Variable 已并入 Tensor，dict 的 values() 也不能下标
        assert isinstance(list(params.values())[0], torch.Tensor)
        param_map = {id(v): k for k, v in params.items()}

    node_attr = dict(style='filled',
                     shape='box',
                     align='left',
                     fontsize='12',
                     ranksep='0.1',
                     height='0.2')
    dot = Digraph(node_attr=node_attr, graph_attr=dict(size="12,12"))
    seen = set()

    def size_to_str(size):
        return '(' + (', ').join(['%d' % v for v in size]) + ')'

    def add_nodes(var):
        if var not in seen:
            if torch.is_tensor(var):
                dot.node(str(id(var)), size_to_str(var.size()), fillcolor='orange')
            elif hasattr(var, 'variable'):
                u = var.variable
                name = param_map[id(u)] if params is not None else ''
                node_name = '%s\n %s' % (name, size_to_str(u.size()))
                dot.node(str(id(var)), node_name, fillcolor='lightblue')
            else:
                dot.node(str(id(var)), str(type(var).__name__))
            seen.add(var)
            if hasattr(var, 'next_functions'):
                for u in var.next_functions:
                    if u[0] is not None:
                        dot.edge(str(id(u[0])), str(id(var)))
                        add_nodes(u[0])
            if hasattr(var, 'saved_tensors'):
                for t in var.saved_tensors:
                    dot.edge(str(id(t)), str(id(var)))
                    add_nodes(t)

    add_nodes(var.grad_fn)
    return dot


# 编者：PoseNet 的小替身（笔记中的 PoseNet(nstack=4, inp_dim=256, oup_dim=68) 没有给出定义）
class PoseNet(nn.Module):
    def __init__(self, oup_dim=68):
        super().__init__()
        self.pre = nn.Sequential(nn.Conv2d(3, 8, 7, 2, 3), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2, 2))
        self.out = nn.Conv2d(8, oup_dim, 1)
    def forward(self, x):
        return self.out(self.pre(x))


# plot the model
# 编者：笔记中这几行是注释掉的；这里用上面的替身和一个 64x64 的普通 Tensor 让它运行 (原文是 PoseNet(nstack=4, inp_dim=256, oup_dim=68) 和 Variable(torch.randn(1, 3, 512, 512)))
net = PoseNet(oup_dim=68)
x = torch.randn(1, 3, 64, 64)  # x的shape为(batch，channels，height，width)
y = net(x)

# 编者：笔记原文 make_dot 中的这一行在 Python 3 上报错（上面的 make_dot 已改写），这里单独运行它
from torch.autograd import Variable  # Variable 只是为兼容而保留的名字
params = dict(net.named_parameters())
try:
    assert isinstance(params.values()[0], Variable)
except TypeError as err:
    print("TypeError:", err)

# 编者：传入 params，让参数节点带上名字；g.view() 会打开一个图片查看器，这里改为把图渲染到当前目录的 posenet.svg
g = make_dot(y, params=dict(net.named_parameters()))
g.render("posenet", format="svg", cleanup=True)
print(g.source.count("->"), "edges")
print(re.findall(r"label=(\w+Backward\d*)", g.source))
