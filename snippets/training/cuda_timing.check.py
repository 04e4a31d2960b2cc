# 在同一个模型上再计时一次: 不同步与同步
with torch.no_grad():
    torch.cuda.synchronize()
    start = time.time()
    model(input)
    t_without = time.time() - start

    torch.cuda.synchronize()
    start = time.time()
    model(input)
    torch.cuda.synchronize()
    t_with = time.time() - start

# 笔记的说法是否成立 (本站据此标注核查结果)
# 没有 synchronize() 时测到的时间更短
note_claim_holds = t_without < t_with
