from enum import StrEnum


class Direction(StrEnum):
    LTR = "ltr"
    RTL = "rtl"

    def __str__(self) -> str:
        return str(self.value)
