"""What all games share: the game protocol, records, a portable RNG, errors."""
