import torch
import torch.nn as nn


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(3, 8, 3)
        self.fc = nn.Linear(8, 2)


model = nn.DataParallel(Net())
path_to_file = "net.pth"

################## the simpler, direct way ##################
# Instead of deleting the “module.” string from all the state_dict keys, you can save your model with:

torch.save(model.module.state_dict(), path_to_file)
# instead of

# torch.save(model.state_dict(), path_to_file)  # Editor: commented out, this is the line not to write

# that way you don’t get the “module.” string to begin with…
keys = list(torch.load(path_to_file).keys())
print(keys)
Net().load_state_dict(torch.load(path_to_file))  # loads straight into a plain model

assert all(k.startswith("module.") for k in model.state_dict())
# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = not any(k.startswith("module.") for k in keys)
