"""Generator for the bilingual PyTorch knowledge base (see notes/FORMAT.md).

Which tree it works on is a `torchkb.sources.project.Project`, made by the entry points (the CLI,
the MkDocs hooks) and handed down; no environment variable is read on import.
"""

from pathlib import Path

# the checkout this package sits in: the CLI's tree unless $TORCHKB_ROOT names another
ROOT = Path(__file__).resolve().parent.parent
LANGS = ("zh", "en")  # the site's languages; zh is the default and the source
