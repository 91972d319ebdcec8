from enum import StrEnum


class Colour(StrEnum):
    AMBER = "amber"
    GREEN = "green"
    RED = "red"

    def __str__(self) -> str:
        return str(self.value)
