assert inspect.signature(F.dropout).parameters["training"].default is True
no_effect = torch.equal(net(x), net(x))
assert not no_effect

try:
    compile("Class DropoutFC(nn.Module):\n    pass\n", "<note>", "exec")
    class_compiles = True
except SyntaxError:
    class_compiles = False

# 笔记的两条说法是否成立 (本站据此标注核查结果)
note_claims_hold = {
    # 笔记: 不传 training 参数就是 out=out, 没有效果
    "training-f-dropout-flag": no_effect,
    "training-class-typo": class_compiles,
}
