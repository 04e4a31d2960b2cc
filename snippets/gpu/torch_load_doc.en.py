import torch

# torch.load's own docs: storages are deserialized on the CPU, then moved back to the device they were saved from; map_location changes that
doc = " ".join(torch.load.__doc__.split())
sentence = "They are first deserialized on the CPU and are then moved to the device they were saved from."
print(sentence in doc)
assert sentence in doc
assert "remapped to an alternative set of devices using the :attr:`map_location` argument" in doc

# Does the note's claim hold? (the site labels the claim from this)
# torch.load restores tensors to the device they were saved from; map_location='cpu' keeps them off that GPU
note_claim_holds = sentence in doc and "map_location" in doc
