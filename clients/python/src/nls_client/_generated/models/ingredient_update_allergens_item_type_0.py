from enum import StrEnum


class IngredientUpdateAllergensItemType0(StrEnum):
    CELERY = "celery"
    CRUSTACEAN_SHELLFISH = "crustacean_shellfish"
    EGGS = "eggs"
    FISH = "fish"
    GLUTEN = "gluten"
    LUPIN = "lupin"
    MILK = "milk"
    MOLLUSCS = "molluscs"
    MUSTARD = "mustard"
    PEANUTS = "peanuts"
    SESAME = "sesame"
    SOY = "soy"
    SULPHITES = "sulphites"
    TREE_NUTS = "tree_nuts"
    WHEAT = "wheat"

    def __str__(self) -> str:
        return str(self.value)
