"""The search index: segmenting, ranking data, the shards the browser loads."""
