"""scorekeeper: scores and settles Auction Pinochle, bridge-whist and Three-card Loo."""

__version__ = "0.1.0"
