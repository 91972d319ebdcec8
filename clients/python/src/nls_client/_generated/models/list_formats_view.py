from enum import StrEnum


class ListFormatsView(StrEnum):
    FULL = "full"
    LIGHT = "light"

    def __str__(self) -> str:
        return str(self.value)
