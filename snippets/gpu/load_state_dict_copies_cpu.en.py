import torch

torch.manual_seed(0)
network = torch.nn.Linear(3, 2)          # a float32 CPU model
weight_before = network.weight

# weights with a different dtype (on a GPU machine: a different device; the rule is the same)
state = {k: v.to(torch.float64) for k, v in torch.nn.Linear(3, 2).state_dict().items()}

network.load_state_dict(state)
# load_state_dict copy_()s the values into the existing parameters: same objects, same dtype and device
dtype_after_load = network.weight.dtype
print(network.weight.dtype, network.weight is weight_before)
assert network.weight is weight_before and network.weight.dtype == torch.float32
assert torch.equal(network.weight, state["weight"].float())

# only assign=True swaps in the state_dict's tensors themselves (with their dtype/device)
network.load_state_dict(state, assign=True)
print(network.weight.dtype)
assert network.weight.dtype == torch.float64

# Does the note's claim hold? (the site labels the claim from this)
# the note: the model moves to cuda0 after loading GPU weights. The same rule on the CPU: after loading float64 weights the parameters are still float32
note_claim_holds = dtype_after_load == torch.float64
