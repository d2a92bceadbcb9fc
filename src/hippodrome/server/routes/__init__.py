"""The server's routes, one router per resource: pages, games, tables and the live websocket."""
