"""Playing a match at a table: the turn loop between a person and computer
players thinking in a worker process. No pygame: the UI draws what it emits."""

from .controller import MatchController, RoundStart, Step
from .driver import TableDriver
from .worker import InlineWorker, ProcessWorker, Worker

__all__ = ["InlineWorker", "MatchController", "ProcessWorker", "RoundStart", "Step", "TableDriver", "Worker"]
