from enum import StrEnum


class Basis(StrEnum):
    CONTAINER = "container"
    FOOD = "food"
    PER_100G = "per_100g"
    PREPARED = "prepared"
    SERVING = "serving"

    def __str__(self) -> str:
        return str(self.value)
