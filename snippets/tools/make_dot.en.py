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
        # Editor: the note has assert isinstance(params.values()[0], Variable): Variable is merged into Tensor, and dict.values() cannot be indexed
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


# Editor: a small stand-in for PoseNet (the note's PoseNet(nstack=4, inp_dim=256, oup_dim=68) is not defined there)
class PoseNet(nn.Module):
    def __init__(self, oup_dim=68):
        super().__init__()
        self.pre = nn.Sequential(nn.Conv2d(3, 8, 7, 2, 3), nn.BatchNorm2d(8), nn.ReLU(), nn.MaxPool2d(2, 2))
        self.out = nn.Conv2d(8, oup_dim, 1)

    def forward(self, x):
        return self.out(self.pre(x))


# plot the model
net = PoseNet(oup_dim=68)
x = torch.randn(1, 3, 64, 64)  # x has shape (batch, channels, height, width); Editor: the note has Variable(torch.randn(1, 3, 512, 512)); here a plain 64x64 Tensor
y = net(x)
# the note's original line fails on Python 3 / today's torch
from torch.autograd import Variable  # Variable survives only as a compatibility name

params = dict(net.named_parameters())
try:
    assert isinstance(params.values()[0], Variable)
    original_line_runs = True
except TypeError as err:
    print("TypeError:", err)
    original_line_runs = False
g = make_dot(y, params=dict(net.named_parameters()))
# Editor: g.view() opens an image viewer; here the graph is rendered to posenet.svg in the current directory
g.render("posenet", format="svg", cleanup=True)
print(g.source.count("->"), "edges")
print(re.findall(r"label=(\w+Backward\d*)", g.source))

assert not original_line_runs and g.source.count("->") > 0
# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = original_line_runs
