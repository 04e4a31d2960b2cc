import sys

from torchkb.cli import main

sys.exit(main())
