from enum import StrEnum


class RaccCategoryListDataItemUnitType3Type1(StrEnum):
    G = "g"
    ML = "mL"

    def __str__(self) -> str:
        return str(self.value)
