import torch
import torch.nn as nn

torch.manual_seed(0)
x, y = torch.randn(32, 4), torch.randn(32, 1)


def make():
    model = nn.Linear(4, 1)
    optimizer = torch.optim.Adam(model.parameters(), lr=0.01)
    return model, optimizer


def train_step(model, optimizer):
    optimizer.zero_grad()
    loss = nn.functional.mse_loss(model(x), y)
    loss.backward()
    optimizer.step()
    return loss.item()


model, optimizer = make()
for epoch in range(5):
    loss = train_step(model, optimizer)

# save the model: weights only, as .pt
torch.save(model.state_dict(), "model.pt")

# save a checkpoint: several components in one dict, as .tar (more complete, for resuming training)
torch.save({
    "epoch": epoch,
    "model_state_dict": model.state_dict(),
    "optimizer_state_dict": optimizer.state_dict(),  # Adam state such as its moment estimates
    "loss": loss,
}, "checkpoint.tar")

# restore the saved optimizer state (optimizer checkpoint resume) and keep optimizing
model2, optimizer2 = make()
checkpoint = torch.load("checkpoint.tar")
model2.load_state_dict(checkpoint["model_state_dict"])
optimizer2.load_state_dict(checkpoint["optimizer_state_dict"])
start_epoch = checkpoint["epoch"] + 1
print("resume from epoch", start_epoch, "loss", round(checkpoint["loss"], 4))

# the resumed run matches an uninterrupted run exactly
for epoch in range(start_epoch, 10):
    resumed = train_step(model2, optimizer2)
    uninterrupted = train_step(model, optimizer)
    assert resumed == uninterrupted
print("epoch 9 loss", round(resumed, 4), "== uninterrupted", round(uninterrupted, 4))

# Does the note's claim hold? (the site labels the claim from this)
note_claim_holds = resumed == uninterrupted
