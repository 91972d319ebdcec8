from enum import StrEnum


class Added(StrEnum):
    FATS = "fats"
    FREE_SUGARS = "free_sugars"
    SODIUM = "sodium"

    def __str__(self) -> str:
        return str(self.value)
