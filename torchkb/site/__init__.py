"""The MkDocs side: hooks that shape the built site."""
