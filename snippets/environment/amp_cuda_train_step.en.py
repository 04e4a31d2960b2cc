import torch

torch.manual_seed(0)
model = torch.nn.Linear(64, 10).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cuda")  # the loss scaling apex.amp used to do, now built into torch
x = torch.randn(32, 64, device="cuda")
target = torch.randint(0, 10, (32,), device="cuda")

for step in range(3):
    optimizer.zero_grad()
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        out = model(x)  # float16
        loss = torch.nn.functional.cross_entropy(out, target)
    scaler.scale(loss).backward()  # scale the loss up before backward so float16 grads don't underflow
    scaler.step(optimizer)
    scaler.update()
    print(step, out.dtype, model.weight.dtype)

assert out.dtype == torch.float16 and model.weight.dtype == torch.float32
