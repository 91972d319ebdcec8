from enum import StrEnum


class LabelVoluntaryAdditionalProperty(StrEnum):
    ADDED_AS_NUTRIENT_SUPPLEMENT = "added_as_nutrient_supplement"
    REQUESTED = "requested"

    def __str__(self) -> str:
        return str(self.value)
