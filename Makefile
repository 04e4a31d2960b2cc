# Two entry points for a fresh machine: `make serve` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python
export NO_MKDOCS_2_WARNING := 1

# Which torch build pip fetches follows pip's settings. On Linux, PyPI's torch==2.13.0 is
# the CUDA build (~2.7 GB of wheels); PyTorch's CPU-only index gives 2.13.0+cpu (~190 MB):
#   make install PIP_EXTRA_INDEX_URL=https://download.pytorch.org/whl/cpu
# (pip reads PIP_EXTRA_INDEX_URL from the environment; CI sets it.) See README "Installing".
$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	@$(PY) -c "import torch; print('installed torch', torch.__version__, \
	  '(CUDA ' + torch.version.cuda + ' build)' if torch.version.cuda else '(CPU-only build)')"
	touch $@

.PHONY: install serve build test docs
install: $(VENV)/.installed

# Build and serve the site on http://127.0.0.1:8000
serve: install
	$(VENV)/bin/mkdocs serve -a 127.0.0.1:8000

build: install
	$(VENV)/bin/mkdocs build

# Regenerate docs/ from notes/ and snippets/
docs: install
	$(PY) -m torchkb build

# All tests: generator, snippets, pages, translations, site build, browser, search
test: install
	$(PY) -m pytest -n 2
