"""The guest page: a table's seat in any browser, served by the table server itself.

``page/`` holds the page's files (HTML, a style sheet, plain JavaScript
modules: no build step); ``files`` reads them once with the look
(``game.look``) made into ``look.json`` and ``look.css``; ``answer`` answers
an HTTP request for the page or one of its files, under a strict
Content-Security-Policy. The table server calls it from its handshake hook
for every request that is not a WebSocket's (``game.net.server``).
"""
