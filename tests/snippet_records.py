"""What a verification record says about the machine a snippet ran on.

torch is imported where it is asked about: conftest imports this module in xdist's
controller process too, which runs no snippet and need not pay torch's 1.4 s import."""

import datetime
import platform
from pathlib import Path

RECORD = "verification"  # the user_properties key a snippet test attaches its record under


def device_kind() -> str:
    import torch

    return "gpu" if torch.cuda.is_available() else "cpu"


def device_name() -> str:
    import torch

    if torch.cuda.is_available():
        return torch.cuda.get_device_name(0)
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def environment() -> dict:
    import torch

    return {
        "torch": torch.__version__.split("+")[0],
        "cuda": torch.version.cuda,
        "device": device_name(),
        "python": platform.python_version(),
        "date": datetime.datetime.now(datetime.UTC).date().isoformat(),
    }
