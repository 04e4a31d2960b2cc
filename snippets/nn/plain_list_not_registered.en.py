import torch.nn as nn


class Bad(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = [nn.Linear(4, 4), nn.Linear(4, 4)]  # plain list: not registered


class Good(nn.Module):
    def __init__(self):
        super().__init__()
        self.layers = nn.ModuleList([nn.Linear(4, 4), nn.Linear(4, 4)])


bad, good = Bad(), Good()
# no error at run time, but the optimizer never sees these parameters, so they are never trained
print(len(list(bad.parameters())), len(list(good.parameters())))
print(list(bad.state_dict().keys()), list(good.state_dict().keys()))
assert len(list(bad.parameters())) == 0 and len(list(good.parameters())) == 4

# moving devices also only touches registered parameters (the meta device stands in for model.cuda() on CPU)
bad.to("meta")
good.to("meta")
print(bad.layers[0].weight.device, good.layers[0].weight.device)
assert bad.layers[0].weight.device.type == "cpu" and good.layers[0].weight.device.type == "meta"

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = len(list(bad.parameters())) == 0 and len(list(good.parameters())) == 4 and "layers.0.weight" not in bad.state_dict()
