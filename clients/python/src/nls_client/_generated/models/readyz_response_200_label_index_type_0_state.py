from enum import StrEnum


class ReadyzResponse200LabelIndexType0State(StrEnum):
    DOWN = "down"
    FOLLOWING = "following"

    def __str__(self) -> str:
        return str(self.value)
