"""Rules scenario files (tests/scenarios/README.md): their format, the checks a
file passes before it is used, and reading them from disk."""
