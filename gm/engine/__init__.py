"""The season engine: positions, the movement resolver, retreats, adjustments and the calendar."""
