from enum import StrEnum


class RecipeHistoryInclude(StrEnum):
    LABEL = "label"

    def __str__(self) -> str:
        return str(self.value)
