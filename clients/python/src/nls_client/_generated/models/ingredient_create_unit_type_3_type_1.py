from enum import StrEnum


class IngredientCreateUnitType3Type1(StrEnum):
    G = "g"
    KG = "kg"
    L = "l"
    LB = "lb"
    ML = "ml"
    OZ = "oz"

    def __str__(self) -> str:
        return str(self.value)
