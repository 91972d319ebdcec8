from enum import StrEnum


class RaccUnit(StrEnum):
    G = "g"
    ML = "mL"

    def __str__(self) -> str:
        return str(self.value)
