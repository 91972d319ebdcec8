from enum import StrEnum


class ObjectiveBody(StrEnum):
    CHANGE = "change"
    COST = "cost"

    def __str__(self) -> str:
        return str(self.value)
