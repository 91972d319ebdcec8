from enum import StrEnum


class BasisBody(StrEnum):
    PER100G = "per100g"
    PER_SERVING = "per_serving"

    def __str__(self) -> str:
        return str(self.value)
