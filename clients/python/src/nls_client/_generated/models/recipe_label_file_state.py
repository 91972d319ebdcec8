from enum import StrEnum


class RecipeLabelFileState(StrEnum):
    LIQUID = "liquid"
    SOLID = "solid"

    def __str__(self) -> str:
        return str(self.value)
