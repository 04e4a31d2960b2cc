import weakref

import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(10, 1)
criterion = nn.MSELoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
input, target = torch.randn(16, 10), torch.randn(16, 1)


def graph_size(t):
    # count the graph nodes reachable from t.grad_fn
    seen, stack = set(), [t.grad_fn] if torch.is_tensor(t) and t.grad_fn else []
    while stack:
        fn = stack.pop()
        if fn is None or fn in seen:
            continue
        seen.add(fn)
        stack.extend(next_fn for next_fn, _ in fn.next_functions)
    return len(seen)


total_loss=0
for i in range(1, 1001):  # Editor: range(10000) in the original; counts 1 to 1000 to print steps 1/10/100/1000
  optimizer.zero_grad()
  output=model(input)
  loss=criterion(output, target)  # Editor: criterion(output) in the original; MSELoss also needs the target
  loss.backward() # gradients are added onto each weight's .grad, and the graph is freed afterwards!!!
  optimizer.step()
  total_loss+=loss
  # total_loss lives across iterations and accumulates,
  # loss is a tensor with autograd history, so every iteration chains more history onto total_loss, using memory
  if i in (1, 10, 100, 1000):
      print(f"step {i:4d}: total_loss is {type(total_loss).__name__}, graph nodes: {graph_size(total_loss)}")
graph_grows = graph_size(total_loss) > 1000
assert graph_grows

# after backward() the graph's saved tensors are freed, but total_loss keeps the nodes themselves alive
try:
    loss.grad_fn._saved_self
    saved_freed = False
except RuntimeError as err:
    print("RuntimeError:", str(err).split(".")[0])
    saved_freed = True

# fix: total_loss += loss.item() (or float(loss)) adds plain Python numbers
total_loss=0
for i in range(1000):
  optimizer.zero_grad()
  loss=criterion(model(input), target)
  loss.backward()
  optimizer.step()
  total_loss += loss.item() # tensor.item() returns the tensor's Python number
print(f"fixed: total_loss is {type(total_loss).__name__}, graph nodes: {graph_size(total_loss)}")

# appending losses with history to a list does the same; append loss.item() or loss.detach() instead
losses = [criterion(model(input), target) for _ in range(100)]
print("list of 100 losses keeps", sum(graph_size(l) for l in losses), "graph nodes alive")

# a validation loop without backward() (and without torch.no_grad()) is worse: total_loss keeps every iteration's intermediate tensors in memory
def validate(accumulate):
    outputs, total_loss = [], 0
    for _ in range(100):
        output = model(torch.randn(16, 10))
        outputs.append(weakref.ref(output))
        total_loss += accumulate(criterion(output, target))
    del output
    return sum(ref() is not None for ref in outputs)


kept, freed = validate(lambda l: l), validate(lambda l: l.item())
print("validation, total_loss += loss:        outputs still in memory:", kept)
print("validation, total_loss += loss.item(): outputs still in memory:", freed)
assert kept == 100 and freed == 0

# Do the note's two claims hold? (the site labels the claims from this)
note_claims_hold = {"training-backward-frees-graph": saved_freed, "training-total-loss-accumulates": graph_grows}
