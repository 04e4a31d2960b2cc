assert torch.equal(model2.fc.weight, model.fc.weight)
