from enum import StrEnum


class WebhookUpdateEventsItem(StrEnum):
    EMBED_DISABLED = "embed.disabled"
    INGREDIENT_UPDATED = "ingredient.updated"
    LABEL_CHANGED = "label.changed"
    RECIPE_CREATED = "recipe.created"
    RECIPE_DELETED = "recipe.deleted"
    RECIPE_UPDATED = "recipe.updated"

    def __str__(self) -> str:
        return str(self.value)
