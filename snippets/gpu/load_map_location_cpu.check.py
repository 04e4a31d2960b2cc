assert all(v.device.type == "cpu" for v in state.values())
