"""Names the games' random sittings are played with."""

NAMES_WITH_SPACES = ("Mary Ann", "Bob", "Dr. Who", "Æsa", "Jo\u00a0Lee", "Ann-Marie", "O'Neil")
