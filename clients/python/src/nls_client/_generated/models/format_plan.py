from enum import StrEnum


class FormatPlan(StrEnum):
    BUSINESS = "business"
    FREE = "free"
    PROFESSIONAL = "professional"

    def __str__(self) -> str:
        return str(self.value)
