import torch

# torch.cuda.device(device): context manager that changes the "current device"
# with nothing set, .cuda() without an index uses the first GPU, the same as .cuda(0)
first = torch.ones(2).cuda()
print(first.device)
# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = first.device == torch.ones(2).cuda(0).device == torch.device("cuda", 0)
idx = torch.cuda.device_count() - 1  # 0 when there is a single GPU
with torch.cuda.device(idx):
    x = torch.ones(2).cuda()  # .cuda() without an index uses the current device
    print(torch.cuda.current_device(), x.device)
    assert x.device == torch.device("cuda", idx)

# leaving the with block restores the previous current device (0 by default)
print(torch.cuda.current_device())
assert torch.cuda.current_device() == 0
