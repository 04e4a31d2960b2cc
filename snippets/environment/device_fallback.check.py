assert y.device.type == device.type
