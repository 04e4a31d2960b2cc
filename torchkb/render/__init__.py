"""The render stage: docs/ pages, notebooks, the error index and the claims page."""
