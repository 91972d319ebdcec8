from enum import StrEnum


class Source(StrEnum):
    CUSTOM = "custom"
    FOODDB = "fooddb"
    RECIPE = "recipe"

    def __str__(self) -> str:
        return str(self.value)
