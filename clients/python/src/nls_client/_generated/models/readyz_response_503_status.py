from enum import StrEnum


class ReadyzResponse503Status(StrEnum):
    NOT_READY = "not_ready"
    READY = "ready"

    def __str__(self) -> str:
        return str(self.value)
