# 笔记: AMD GPU 用 OpenCL, PyTorch 不支持。看 torch 的分发器有没有这种设备的后端:
# 有后端而这个构建没有它的 kernel 时, 报 "... from the 'HIP' backend"; 没有后端的设备类型连这一步都到不了
def has_backend(device_type):
    try:
        torch.empty(1, device=device_type)
        return True
    except NotImplementedError as error:
        return f"'{device_type.upper()}' backend" in str(error)
    except RuntimeError:  # 例如 opencl: Caffe2 留下的设备类型名, 没有后端
        return False


# 笔记的说法是否成立 (本站据此标注核查结果)
note_claim_holds = not has_backend("hip")  # AMD GPU 的 ROCm 版 torch 用的是 HIP 后端
# 对照: 同样的检查用在 OpenCL 上
note_claim_control = not has_backend("opencl")
