from enum import StrEnum


class Category(StrEnum):
    BEVERAGE = "beverage"
    CHEESE = "cheese"
    FATS_OILS_NUTS_SEEDS = "fats_oils_nuts_seeds"
    GENERAL = "general"
    MAIN_DISH = "main_dish"
    PLAIN_MILK = "plain_milk"
    RED_MEAT = "red_meat"
    SINGLE_INGREDIENT_MEAT_FISH = "single_ingredient_meat_fish"
    SUGAR_HONEY_SALT = "sugar_honey_salt"
    VEGETABLE_OIL = "vegetable_oil"
    WATER = "water"
    WHOLE_FRUIT_VEGETABLE = "whole_fruit_vegetable"

    def __str__(self) -> str:
        return str(self.value)
