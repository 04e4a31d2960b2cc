import torch

a = torch.tensor([1., 2., 3.], requires_grad=True)
out = a.sigmoid()
c = out.detach()  # also shares data, but in-place changes are recorded by autograd (version counter)
c.zero_()
try:
    out.sum().backward()  # backward needs out: it raises instead of silently computing garbage
except RuntimeError as err:
    # Does the note's claim hold? (the site labels the claim from this)
    note_claim_holds = "modified by an inplace operation" in str(err)
    raise
