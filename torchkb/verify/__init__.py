"""The verify stage: run the snippets, compare with their records, write what they earned."""
