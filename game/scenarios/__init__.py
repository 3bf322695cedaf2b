"""Rules scenario files (docs/rules-scenarios.md): their format, the checks a
file passes before it is used, and reading them from disk."""
