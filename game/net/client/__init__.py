"""The client library: the client, its threaded form, the checks of what comes in, the watch, the person's copy.

``client.Client`` speaks the protocol for a game or a script;
``threaded_client.ThreadedClient`` for a window's loop.
"""
