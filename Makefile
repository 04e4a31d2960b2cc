# Two entry points for a fresh machine: `make serve` and `make test`.
VENV := .venv
PY := $(VENV)/bin/python
export NO_MKDOCS_2_WARNING := 1

# Which torch build pip installs (CUDA or CPU-only): README, "Installing: which torch build".
$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	@$(PY) -c "import torch; print('installed torch', torch.__version__, \
	  '(CUDA ' + torch.version.cuda + ' build)' if torch.version.cuda else '(CPU-only build)')"
	touch $@

# axe-core (accessibility test) and lighthouse (benchmarks/lighthouse.py), pinned in
# package-lock.json; Debian's nodejs/npm (.ci/run installs them)
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

.PHONY: install serve build test docs lighthouse verify-release
install: $(VENV)/.installed node_modules/.installed

# Build and serve the site on http://127.0.0.1:8000/<site_url's path>/ (mkdocs.yml)
serve: $(VENV)/.installed
	$(VENV)/bin/mkdocs serve -a 127.0.0.1:8000

# Lighthouse scores of a topic page and a notebook page, both languages (served gzipped)
lighthouse: install
	$(PY) benchmarks/lighthouse.py

build: $(VENV)/.installed
	$(VENV)/bin/mkdocs build

# Regenerate docs/ from notes/ and snippets/
docs: $(VENV)/.installed
	$(PY) -m torchkb build

# All tests: generator, snippets, pages, translations, site build, browser, search
test: install
	$(PY) -m pytest -n 2

# Verify every snippet with another torch release, in a side environment of its own; the
# records go to verification/releases/ (README, "Verifying on another torch release"):
#   make verify-release TORCH=2.15.0
#   make verify-release TORCH=1.13.0 EXTRA='numpy<2'    # wheels built before NumPy 2
#   make verify-release TORCH=2.6.0 IDS=tensors/expand_write_error   # some snippets only
RELEASE_VENV = .venvs/torch-$(TORCH)
verify-release:
	@test -n "$(TORCH)" || { echo "usage: make verify-release TORCH=<release> [EXTRA=...]"; exit 2; }
	test -x $(RELEASE_VENV)/bin/python || python3 -m venv $(RELEASE_VENV)
	$(RELEASE_VENV)/bin/python -m pip install --quiet torch==$(TORCH) $(EXTRA) -r requirements-verify.txt
	$(RELEASE_VENV)/bin/python -m torchkb verify $(IDS)
