from enum import StrEnum


class State(StrEnum):
    LIQUID = "liquid"
    SOLID = "solid"

    def __str__(self) -> str:
        return str(self.value)
