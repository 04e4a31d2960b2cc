import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.fc = nn.Linear(8, 2)


# with multi-GPU training the model is wrapped in nn.DataParallel and every state_dict key gets a "module." prefix
# (nn.DataParallel can be built without GPUs too, with the same key names)
model = nn.DataParallel(Net())
print(list(model.state_dict().keys()))
torch.save(model.state_dict(), "myfile.pth.tar")

# loading it straight into an unwrapped model: the keys don't match
plain = Net()
plain.load_state_dict(torch.load("myfile.pth.tar"))
