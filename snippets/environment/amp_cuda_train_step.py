import torch

torch.manual_seed(0)
model = torch.nn.Linear(64, 10).cuda()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)
scaler = torch.amp.GradScaler("cuda")  # 原 apex.amp 的 loss scaling，现在是 torch 自带的
x = torch.randn(32, 64, device="cuda")
target = torch.randint(0, 10, (32,), device="cuda")

for step in range(3):
    optimizer.zero_grad()
    with torch.autocast(device_type="cuda", dtype=torch.float16):
        out = model(x)  # float16
        loss = torch.nn.functional.cross_entropy(out, target)
    scaler.scale(loss).backward()  # 放大 loss 再反传，防止 float16 梯度下溢
    scaler.step(optimizer)
    scaler.update()
    print(step, out.dtype, model.weight.dtype)
