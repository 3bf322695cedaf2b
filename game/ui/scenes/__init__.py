"""The game's scenes, one module each: title, setup, table, round summary,
match end, pause, rules, settings and load."""
