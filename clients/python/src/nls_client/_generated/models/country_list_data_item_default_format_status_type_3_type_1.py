from enum import StrEnum


class CountryListDataItemDefaultFormatStatusType3Type1(StrEnum):
    DRAFT = "draft"
    IN_FORCE = "in_force"
    PROPOSED = "proposed"
    REPEALED = "repealed"

    def __str__(self) -> str:
        return str(self.value)
