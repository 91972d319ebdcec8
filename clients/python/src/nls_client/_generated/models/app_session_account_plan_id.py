from enum import StrEnum


class AppSessionAccountPlanId(StrEnum):
    BUSINESS = "business"
    FREE = "free"
    PROFESSIONAL = "professional"

    def __str__(self) -> str:
        return str(self.value)
