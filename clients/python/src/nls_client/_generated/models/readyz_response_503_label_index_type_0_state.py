from enum import StrEnum


class ReadyzResponse503LabelIndexType0State(StrEnum):
    DOWN = "down"
    FOLLOWING = "following"

    def __str__(self) -> str:
        return str(self.value)
