import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.fc = nn.Linear(8, 2)


# setup: a weights file saved from nn.DataParallel (keys start with "module.")
torch.manual_seed(0)
torch.save(nn.DataParallel(Net()).state_dict(), "myfile.pth.tar")
model = Net()

# original saved file with DataParallel
state_dict = torch.load('myfile.pth.tar')
# load every tensor onto the CPU
# torch.load('tensors.pt', map_location=lambda storage, loc: storage)

# create new OrderedDict that does not contain `module.`
from collections import OrderedDict
new_state_dict = OrderedDict()
for k, v in state_dict.items():
    name = k[7:] # remove `module.`
    new_state_dict[name] = v
# load params
model.load_state_dict(new_state_dict)
print(list(new_state_dict.keys()))

############## a better-packaged function that also works
# load weights, handling mismatched names and shapes and multi-GPU (DataParallel) files
def load_state_keywise(model, model_path):
    model_dict = model.state_dict()
    pretrained_dict = torch.load(model_path, map_location='cpu')
    key = list(pretrained_dict.keys())[0]
    # 1. filter out unnecessary keys
    # 1.1 multi-GPU ->CPU
    if (str(key).startswith('module.')):
        pretrained_dict = {k[7:]: v for k, v in pretrained_dict.items() if
                           k[7:] in model_dict and v.size() == model_dict[k[7:]].size()}
    else:
        pretrained_dict = {k: v for k, v in pretrained_dict.items() if
                           k in model_dict and v.size() == model_dict[k].size()}
    # 2. overwrite entries in the existing state dict
    model_dict.update(pretrained_dict)
    # 3. load the new state dict
    model.load_state_dict(model_dict)

model2 = Net()
load_state_keywise(model2, 'myfile.pth.tar')
assert torch.equal(model2.fc.weight, model.fc.weight)
print("load_state_keywise: ok")

# torch's own helper: strips the prefix in place
from torch.nn.modules.utils import consume_prefix_in_state_dict_if_present

state_dict = torch.load('myfile.pth.tar', map_location='cpu')
consume_prefix_in_state_dict_if_present(state_dict, 'module.')
Net().load_state_dict(state_dict)
print("consume_prefix_in_state_dict_if_present:", list(state_dict.keys()))
