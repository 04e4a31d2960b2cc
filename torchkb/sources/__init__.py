"""The canonical sources and their typed readers: topics, snippets, records, claims."""
