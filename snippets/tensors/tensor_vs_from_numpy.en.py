import numpy as np
import torch

arr = np.zeros(3)
t1 = torch.tensor(arr)  # copies the original data
t2 = torch.from_numpy(arr)  # no copy: shares memory with the numpy array
arr[0] = 7
print(t1)
print(t2)
assert t1[0] == 0 and t2[0] == 7

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = bool(t1[0] == 0 and t2[0] == 7)
