from enum import StrEnum


class Role(StrEnum):
    DECLARATION = "declaration"
    FRONT_OF_PACK_REPEAT = "front_of_pack_repeat"

    def __str__(self) -> str:
        return str(self.value)
