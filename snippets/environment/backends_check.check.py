# is_built() 为 True 不代表能用 CUDA; 但能用 CUDA 的一定是支持 cuda 的版本
assert torch.cuda.is_available() <= torch.backends.cuda.is_built()

# 笔记的说法是否成立 (本站据此标注核查结果)
# is_built() 只说明编译时支持 cuda; 它的文档也这样说
note_claim_holds = (torch.cuda.is_available() <= torch.backends.cuda.is_built()
                    and "doesn't necessarily mean CUDA is available" in torch.backends.cuda.is_built.__doc__)
