"""What crosses the wire: the requests and their checks, events and views as JSON, codes, refusals."""
