import torch

torch.manual_seed(0)
model = torch.nn.Linear(8, 4)
x = torch.randn(2, 8)

# mixed precision built into torch (torch.amp), no Apex needed; bfloat16 on the CPU
with torch.autocast(device_type="cpu", dtype=torch.bfloat16):
    y = model(x)

print(y.dtype)
print(model.weight.dtype)
assert y.dtype == torch.bfloat16           # the matmul runs in low precision under autocast
assert model.weight.dtype == torch.float32  # the parameters themselves stay float32

# Does the note's claim hold? (the site labels the claim from this)
# the note: mixed precision needs Apex. torch's own autocast computes in low precision
note_claim_holds = y.dtype != torch.bfloat16
