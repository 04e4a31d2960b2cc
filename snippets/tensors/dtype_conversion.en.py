import torch

# Editor: stand-ins for the two tensors of the note's SSD loss
loc_loss = torch.tensor(1234.5)  # float32
num_matched_boxes = torch.tensor(279424)  # int64
print(loc_loss.dtype, num_matched_boxes.dtype)

# loc_loss is float32 and num_matched_box is int64, so they can't be divided directly: convert
# no data is lost here: with batch_size=32 and 8732 boxes per image there are only 8732*32=279424
# the largest value of num_matched_boxes stays within float32's range
num_matched_boxes = num_matched_boxes.to(torch.float32)  # Tensor dtype and/or device conversion
loc_loss /= num_matched_boxes   # divide by the number of positive samples
print(loc_loss)

# correction: elementwise ops in torch 2.13 promote types automatically, no conversion needed
a = torch.tensor(1234.5)
a /= torch.tensor(279424)  # float32 /= int64: the result stays float32
assert a.dtype == torch.float32 and torch.isclose(a, loc_loss)
s = torch.ones(2, dtype=torch.int16) + torch.ones(2, dtype=torch.int32)
print(s.dtype)  # int16 + int32 -> int32
assert s.dtype == torch.int32
# but in-place ops never promote self: int16 += int32 stays int16, and int64 /= int64 raises
i16 = torch.ones(2, dtype=torch.int16)
i16 += torch.ones(2, dtype=torch.int32)
print(i16.dtype)
assert i16.dtype == torch.int16
i64 = torch.tensor([6, 4])
try:
    i64 /= torch.tensor([3, 2])
except RuntimeError as err:
    print("RuntimeError:", err)
promoted = s.dtype == torch.int32 and a.dtype == torch.float32
# Does the note's claim hold? (the site labels the claim from this)
# the note: even int16 and int32 must be converted to one dtype before they can be combined
note_claim_holds = not promoted
print(torch.result_type(torch.ones(1, dtype=torch.int16), torch.ones(1)))
