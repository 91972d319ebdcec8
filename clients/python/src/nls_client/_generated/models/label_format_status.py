from enum import StrEnum


class LabelFormatStatus(StrEnum):
    DRAFT = "draft"
    IN_FORCE = "in_force"

    def __str__(self) -> str:
        return str(self.value)
