"""The rules of docs/RULES.md as small pure functions: the spec the replay runs on.

Each function cites the rule id it implements and shows a worked example.
No I/O, no state: :mod:`omahahh.replay.engine` walks a hand and calls these.

- :mod:`omahahh.rules.betting`: amounts to call, minimum and maximum raises,
  fixed-limit sizes and cap, reopening after short all-ins (R-BET-*, R-AI-*).
- :mod:`omahahh.rules.pots`: uncalled bets, main and side pots, splitting a
  pot between boards (R-POT-*).
- :mod:`omahahh.rules.odd_chips`: seat order from the button, splitting an
  amount with odd chips (R-SPLIT-1, R-ODD-1, R-ODD-2).
- :mod:`omahahh.rules.showdown`: who wins each pot and half (R-SD-3, R-LO-*).
"""
