"""Play online: host or join a network table, its lobby, and the table fed by the server."""
