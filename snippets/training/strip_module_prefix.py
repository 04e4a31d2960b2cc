import torch  # 编者加
import torch.nn as nn  # 编者加


# 编者：补上 Net、一个 DataParallel 保存的权重文件和 model，让代码能单独运行
class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.fc = nn.Linear(8, 2)


# 编者：准备：一个用 nn.DataParallel 保存的权重文件（键名带 "module."）
torch.manual_seed(0)
torch.save(nn.DataParallel(Net()).state_dict(), "myfile.pth.tar")
model = Net()

# original saved file with DataParallel
state_dict = torch.load('myfile.pth.tar')
# 把所有的张量加载到CPU中
# torch.load('tensors.pt', map_location=lambda storage, loc: storage)

# create new OrderedDict that does not contain `module.`
from collections import OrderedDict
new_state_dict = OrderedDict()
for k, v in state_dict.items():
    name = k[7:] # remove `module.`
    new_state_dict[name] = v
# load params
model.load_state_dict(new_state_dict)
print(list(new_state_dict.keys()))  # 编者加

############## 还有一个可用的封装更好的函数
# 加载模型，解决命名和维度不匹配问题,解决多个gpu并行
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

# 编者：下面是编者加的：试一下 load_state_keywise，以及 torch 自带的函数
model2 = Net()
load_state_keywise(model2, 'myfile.pth.tar')
print("load_state_keywise: ok")

# 编者：torch 自带的工具函数：原地去掉前缀
from torch.nn.modules.utils import consume_prefix_in_state_dict_if_present
state_dict = torch.load('myfile.pth.tar', map_location='cpu')
consume_prefix_in_state_dict_if_present(state_dict, 'module.')
Net().load_state_dict(state_dict)
print("consume_prefix_in_state_dict_if_present:", list(state_dict.keys()))
