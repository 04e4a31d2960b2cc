import inspect

from hypothesis import Phase, given, settings
from hypothesis import strategies as st

# 实验 1：笔记的两个公式与 PyTorch 的 SGD 是否相符
# 权值衰减：梯度为 0 时一步 SGD (weight_decay=wd) 之后 w 是否等于 decay_factor·w;
# L2 正则：在损失上加 l2_coef/2·∑w² 的一步 SGD，是否与 weight_decay=wd 的一步 SGD 相同
def formulas_match(decay_factor, l2_coef):
    w_decay = nn.Parameter(torch.ones(3))
    w_decay.grad = torch.zeros(3)
    torch.optim.SGD([w_decay], lr=lr, weight_decay=wd).step()
    decay_ok = torch.allclose(w_decay.detach(), torch.full((3,), decay_factor))

    w0, c = torch.tensor([1.0, -2.0, 0.5]), torch.tensor([0.3, 0.1, -0.2])
    w_wd = nn.Parameter(w0.clone())
    (w_wd * c).sum().backward()
    torch.optim.SGD([w_wd], lr=lr, weight_decay=wd).step()
    w_l2 = nn.Parameter(w0.clone())
    ((w_l2 * c).sum() + l2_coef / 2 * w_l2.pow(2).sum()).backward()
    torch.optim.SGD([w_l2], lr=lr).step()
    return decay_ok and torch.allclose(w_wd.detach(), w_l2.detach())


# 实验 2：优化器的 weight_decay 参数与在损失上加 L2 正则，训练 50 步后权值是否相同
def wd_equals_l2(opt_class, **kw):
    return torch.allclose(train(opt_class, wd, False, **kw), train(opt_class, 0, True, **kw), atol=1e-6)


# 实验 3：解耦的权值衰减（每步先 w ← w - lr·λ·w，再按损失的梯度更新）与 L2 正则，训练 50 步后权值是否不同
def train_decoupled(opt_class):
    torch.manual_seed(0)
    model = nn.Linear(8, 1)
    optimizer = opt_class(model.parameters(), lr=lr)
    for _ in range(50):
        optimizer.zero_grad()
        nn.functional.mse_loss(model(x), y).backward()
        with torch.no_grad():
            for p in model.parameters():
                p.mul_(1 - lr * wd)
        optimizer.step()
    return model.weight.detach()


def decoupled_differs_from_l2(opt_class):
    return not torch.allclose(train_decoupled(opt_class), train(opt_class, 0, True), atol=1e-6)


assert torch.allclose(train_decoupled(torch.optim.Adam), adamw, atol=1e-6)  # 手写的解耦衰减就是 AdamW
assert torch.allclose(adam_wd, adam_l2, atol=1e-6)  # Adam 的 weight_decay 参数实现的是 L2 正则


# 实验 4：各个优化器的 weight_decay=λ，与同一优化器不带 weight_decay、在损失上加 λ/2·∑w²，训练 50 步后权值是否相同
# （AdamW 不带 weight_decay 就是 Adam，所以和 Adam + L2 比）
def wd_vs_l2(opt_class, l2_class=None, **kw):
    l2_kw = {k: v for k, v in kw.items() if k != "decoupled_weight_decay"}
    return torch.allclose(train(opt_class, wd, False, **kw), train(l2_class or opt_class, 0, True, **l2_kw), atol=1e-6)


sgd_cases = {
    "optimizer=SGD": wd_vs_l2(torch.optim.SGD),
    "optimizer=SGD, momentum=0.9": wd_vs_l2(torch.optim.SGD, momentum=0.9),
    "optimizer=SGD, momentum=0.9, nesterov": wd_vs_l2(torch.optim.SGD, momentum=0.9, nesterov=True),
    "optimizer=SGD, momentum=0.9, dampening=0.5": wd_vs_l2(torch.optim.SGD, momentum=0.9, dampening=0.5),
}
# 对 Adam 一族：weight decay 与 L2 正则不同吗？（笔记的权值衰减是解耦的：每步从权值里直接减去它的一个倍数）
adam_cases = {
    "optimizer=Adam(weight_decay)": not wd_vs_l2(torch.optim.Adam),
    "optimizer=Adam(weight_decay, amsgrad=True)": not wd_vs_l2(torch.optim.Adam, amsgrad=True),
    "optimizer=AdamW(weight_decay)": not wd_vs_l2(torch.optim.AdamW, torch.optim.Adam),
    "optimizer=Adam, the note's decay w -= lr·λ·w each step": decoupled_differs_from_l2(torch.optim.Adam),
}

# Adam(decoupled_weight_decay=True) 就是 AdamW（较新的 torch 才有这个参数）
if "decoupled_weight_decay" in inspect.signature(torch.optim.Adam).parameters:
    adam_cases["optimizer=Adam(weight_decay, decoupled_weight_decay=True)"] = not wd_vs_l2(
        torch.optim.Adam, decoupled_weight_decay=True
    )
    assert torch.allclose(train(torch.optim.Adam, wd, False, decoupled_weight_decay=True), adamw, atol=1e-6)

# 笔记的公式 (权值衰减 W(t+1)' = W(t+1) - W(t), L2 正则 L' = L + 1/2∑w^2) 在随机的 w、梯度、lr、λ 上
# 与 SGD 的 weight_decay=λ 一致吗？hypothesis 找反例（固定随机种子，结果可复现）
floats = st.floats(-10, 10, allow_nan=False, width=32)
# 不跑 explain 阶段（它只为打印反例说明多跑许多次）
SEARCH = [Phase.explicit, Phase.reuse, Phase.generate, Phase.shrink]


def sgd_step(w0, g, step_lr, lam, decay_factor=None, l2_coef=None):
    # 一步 SGD(weight_decay=lam) 的结果，与按公式算出的结果是否相同
    w = nn.Parameter(torch.tensor([w0]))
    w.grad = torch.tensor([g])
    torch.optim.SGD([w], lr=step_lr, weight_decay=lam).step()
    if decay_factor is not None:  # 权值衰减：先按梯度更新，再减去 (1 - decay_factor) 倍的旧权值
        formula = w0 - step_lr * g - (1 - decay_factor(step_lr, lam)) * w0
    else:  # L2 正则：损失上加 l2_coef(lam)/2·w²，梯度多出 l2_coef(lam)·w
        formula = w0 - step_lr * (g + l2_coef(lam) * w0)
    return abs(w.item() - formula) <= 1e-5 * (1 + abs(formula))


def property_run(decay_factor, l2_coef, examples=200):
    failing = []

    @settings(derandomize=True, max_examples=examples, database=None, deadline=None, phases=SEARCH)
    @given(w0=floats, g=floats, step_lr=st.floats(1e-4, 1), lam=st.floats(0, 1))
    def formulas_agree(w0, g, step_lr, lam):
        ok = sgd_step(w0, g, step_lr, lam, decay_factor=decay_factor) and sgd_step(w0, g, step_lr, lam, l2_coef=l2_coef)
        if not ok:
            failing[:] = [f"w={w0!r}, grad={g!r}, lr={step_lr!r}, λ={lam!r}"]
        assert ok

    try:
        formulas_agree()
    except AssertionError:
        return {"examples": examples, "counterexample": failing[-1]}
    return {"examples": examples, "counterexample": None}


# 笔记的公式：W(t+1)' = W(t+1) - W(t) 即减去整个旧权值 (decay_factor = 0); L2 的系数固定为 1
note_formula_run = property_run(lambda step_lr, lam: 0.0, lambda lam: 1.0)
# 带系数的公式：w ← (1 - lr·λ)·w; L' = L + λ/2·∑w²
fixed_formula_run = property_run(lambda step_lr, lam: 1 - step_lr * lam, lambda lam: lam)
assert fixed_formula_run["counterexample"] is None

# SGD 的 weight_decay=λ 与在损失上加 λ/2·∑w²，在随机的权值、二次损失、lr、λ、momentum、dampening、
# nesterov、实现方式（逐个参数、foreach、fused）、dtype 和 1 到 3 步上是否相同？hypothesis 找反例
def sgd_wd_vs_l2(w0, a, b, step_lr, lam, steps, dtype, **kw):
    # 损失 ∑(a·w²/2 + b·w) 上各走 steps 步：weight_decay=lam 与加 lam/2·∑w² 的结果是否相同
    def run(weight_decay, l2):
        w = nn.Parameter(torch.tensor(w0, dtype=dtype))
        opt = torch.optim.SGD([w], lr=step_lr, weight_decay=weight_decay, **kw)
        ca, cb = torch.tensor(a, dtype=dtype), torch.tensor(b, dtype=dtype)
        for _ in range(steps):
            opt.zero_grad()
            loss = (ca * w * w / 2 + cb * w).sum()
            if l2:
                loss = loss + lam / 2 * w.pow(2).sum()
            loss.backward()
            opt.step()
        return w.detach()

    tol = 1e-4 if dtype == torch.float32 else 1e-9
    return torch.allclose(run(lam, False), run(0, True), rtol=tol, atol=tol)


vectors = st.integers(1, 4).flatmap(lambda n: st.tuples(*[st.lists(floats, min_size=n, max_size=n)] * 3))


def sgd_fused_on_cpu():
    # 这个版本的 SGD 有 fused 实现，并且能用在 CPU 的参数上吗？（torch 1.13 的 SGD 还没有 fused 参数）
    try:
        torch.optim.SGD([nn.Parameter(torch.zeros(1))], lr=0.1, fused=True)
    except (TypeError, RuntimeError):
        return False
    return True


# 实现方式：逐个参数（foreach=False）、foreach，以及这个版本能在 CPU 上用时的 fused
sgd_implementations = [{"foreach": False}, {"foreach": True}] + ([{"fused": True}] if sgd_fused_on_cpu() else [])


def sgd_property_run(examples=100):
    failing = []

    @settings(derandomize=True, max_examples=examples, database=None, deadline=None, phases=SEARCH)
    @given(
        wab=vectors,
        step_lr=st.floats(1e-3, 0.5),
        lam=st.floats(0, 1),
        steps=st.integers(1, 3),
        momentum=st.sampled_from([0.0, 0.5, 0.9]),
        dampening=st.sampled_from([0.0, 0.5]),
        nesterov=st.booleans(),
        implementation=st.sampled_from(sgd_implementations),
        dtype=st.sampled_from([torch.float32, torch.float64]),
    )
    def same_weights(wab, step_lr, lam, steps, momentum, dampening, nesterov, implementation, dtype):
        nesterov = nesterov and momentum > 0 and dampening == 0  # nesterov 要求有 momentum、没有 dampening
        kw = dict(momentum=momentum, dampening=dampening, nesterov=nesterov, **implementation)
        if not sgd_wd_vs_l2(*wab, step_lr, lam, steps, dtype, **kw):
            failing[:] = [f"w, a, b={wab!r}, lr={step_lr!r}, λ={lam!r}, {steps} steps, {kw}, {dtype}"]
        assert not failing

    try:
        same_weights()
    except AssertionError:
        return {"examples": examples, "counterexample": failing[-1]}
    return {"examples": examples, "counterexample": None}


sgd_formula_run = sgd_property_run()
sgd_cases["hypothesis: random w, quadratic loss, lr, λ, momentum, dampening, nesterov, implementation, dtype, 1-3 steps"] = (
    sgd_formula_run["counterexample"] is None
)

# 笔记的三条说法在每一种情形下是否成立（本站据此标注核查结果）
note_claims_cases = {
    "training-wd-formula": {
        "one SGD step, lr=0.01, λ=0.1, zero gradient": formulas_match(decay_factor=0.0, l2_coef=1.0),
        "hypothesis: random w, grad, lr, λ": note_formula_run["counterexample"] is None,
    },
    "training-sgd-l2-equals-wd": sgd_cases,
    "training-adam-l2-coupled": adam_cases,
}
note_claims_property = {
    "training-wd-formula": note_formula_run,
    "training-sgd-l2-equals-wd": sgd_formula_run,
}
note_claims_hold = {claim: all(cases.values()) for claim, cases in note_claims_cases.items()}
# 对照：同样的测量用在会让结论反过来的情形上
note_claims_control = {
    # 带系数的公式：w ← (1 - lr·λ)·w; L' = L + λ/2·∑w²
    "training-wd-formula": formulas_match(decay_factor=1 - lr * wd, l2_coef=wd)
    and fixed_formula_run["counterexample"] is None,
    # AdamW 的 weight_decay 是解耦的，与 L2 正则不同
    "training-sgd-l2-equals-wd": wd_vs_l2(torch.optim.AdamW, torch.optim.Adam),
    # AdamW 的解耦衰减与 L2 正则确实不同
    "training-adam-l2-coupled": adam_cases["optimizer=AdamW(weight_decay)"],
}
