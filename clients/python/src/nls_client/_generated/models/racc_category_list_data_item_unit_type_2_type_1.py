from enum import StrEnum


class RaccCategoryListDataItemUnitType2Type1(StrEnum):
    G = "g"
    ML = "mL"

    def __str__(self) -> str:
        return str(self.value)
