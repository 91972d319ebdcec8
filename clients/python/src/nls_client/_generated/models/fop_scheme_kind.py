from enum import StrEnum


class FopSchemeKind(StrEnum):
    GRADE = "grade"
    NUTRISCORE = "nutriscore"
    TRAFFIC_LIGHT = "traffic_light"
    WARNING = "warning"

    def __str__(self) -> str:
        return str(self.value)
