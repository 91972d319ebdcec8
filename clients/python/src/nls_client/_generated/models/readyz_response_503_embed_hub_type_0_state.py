from enum import StrEnum


class ReadyzResponse503EmbedHubType0State(StrEnum):
    DOWN = "down"
    LISTENING = "listening"

    def __str__(self) -> str:
        return str(self.value)
