import torch

x= [(1,2,3,4), [5,6,7,8]] # x[0] is a tuple and x[1] a list
print(torch.tensor(x))
assert torch.equal(torch.tensor(x), torch.tensor([[1, 2, 3, 4], [5, 6, 7, 8]]))

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = torch.equal(torch.tensor(x), torch.tensor([[1, 2, 3, 4], [5, 6, 7, 8]]))
