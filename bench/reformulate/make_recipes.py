#!/usr/bin/env python3
"""Writes bench/reformulate/recipes.json: 20 realistic recipes that carry a Chilean "ALTO EN"
seal or a Mexican "EXCESO" octagon, each with the reformulation a food maker would ask for.
Kept as code so the set is reviewable; the JSON is what the benchmark reads."""
import json
import os

F = {  # USDA SR Legacy ids of the shipped food table (fooddb)
    "sugar": "fooddb:169655", "brown_sugar": "fooddb:168833", "powdered_sugar": "fooddb:169656",
    "flour": "fooddb:168894", "wholewheat": "fooddb:168893", "oats": "fooddb:173904",
    "butter": "fooddb:173410", "milk": "fooddb:171265", "skim": "fooddb:171269",
    "milk_powder": "fooddb:170877", "egg": "fooddb:171287", "salt": "fooddb:173468",
    "cocoa": "fooddb:169593", "dark_choc": "fooddb:170273", "canola": "fooddb:172336",
    "olive": "fooddb:171413", "sunflower": "fooddb:171017", "cheddar": "fooddb:170899",
    "parmesan": "fooddb:171247", "mozzarella": "fooddb:170845", "tomato": "fooddb:170457",
    "honey": "fooddb:169640", "peanut_butter": "fooddb:174266", "rice": "fooddb:168877",
    "cream": "fooddb:170859", "yogurt": "fooddb:171284", "banana": "fooddb:173944",
    "strawberry": "fooddb:167762", "cornstarch": "fooddb:169698", "soy_sauce": "fooddb:174277",
    "soy_sauce_low": "fooddb:172473", "bacon": "fooddb:168277", "potato": "fooddb:170026",
    "water": "fooddb:175103", "almonds": "fooddb:170567", "black_beans": "fooddb:173734",
    "baking_powder": "fooddb:172803", "lemon": "fooddb:167747", "ketchup": "fooddb:169381",
    "onion": "fooddb:170000", "orange_juice": "fooddb:169098", "hfcs": "fooddb:169659",
    "vanilla": "fooddb:173471", "carrot": "fooddb:170393", "apple": "fooddb:171688",
    "margarine": "fooddb:171040", "pasta": "fooddb:169736", "garlic": "fooddb:169230",
    "maple": "fooddb:169661",
}


def lines(*pairs):
    return [{"ingredient_id": F[name], "grams": grams} for name, grams in pairs]


def cl(name, servings, serving_g, ingredients, without, state="solid", **extra):
    body = {
        "label_format": "cl.tab",
        "servings": servings,
        "serving_weight_g": serving_g,
        "ingredients": ingredients,
        "front_of_pack_facts": {"state": state},
    }
    if state == "liquid":
        body["front_of_pack_facts"]["density_g_per_ml"] = 1.03
    req = {"goals": [{"scheme": "cl.fop.alto", "without": without}]}
    req.update(extra)
    return {"name": name, "analyze": body, "reformulate": req}


def mx(name, servings, serving_g, ingredients, without, added, **extra):
    body = {
        "label_format": "mx.tab.100",
        "servings": servings,
        "serving_weight_g": serving_g,
        "ingredients": ingredients,
        "front_of_pack_facts": {"state": "solid", "added_critical_nutrients": added,
                                "free_sugars_g_per_100g": 0},
    }
    req = {"goals": [{"scheme": "mx.fop.oct", "without": without}]}
    req.update(extra)
    return {"name": name, "analyze": body, "reformulate": req}


RECIPES = [
    cl("Galletas de avena", 24, 35, lines(("oats", 300), ("flour", 150), ("butter", 170),
       ("brown_sugar", 200), ("egg", 50), ("baking_powder", 5), ("salt", 3)),
       ["ALTO EN AZÚCARES"]),
    cl("Queque de vainilla", 12, 60, lines(("flour", 250), ("sugar", 200), ("butter", 120),
       ("egg", 150), ("milk", 120), ("baking_powder", 8), ("vanilla", 5)),
       ["ALTO EN AZÚCARES"], constraints={"max_change_pct": 60}),
    cl("Pan amasado", 10, 80, lines(("flour", 500), ("water", 280), ("canola", 40),
       ("salt", 12), ("baking_powder", 6)), ["ALTO EN SODIO"]),
    cl("Salsa de tomate", 8, 60, lines(("tomato", 400), ("onion", 60), ("sugar", 30),
       ("olive", 20), ("salt", 8), ("garlic", 5)), ["ALTO EN SODIO"],
       constraints={"fixed_lines": [0]}),
    cl("Brownie", 16, 50, lines(("dark_choc", 150), ("butter", 150), ("sugar", 250),
       ("egg", 150), ("flour", 100), ("cocoa", 30)),
       ["ALTO EN GRASAS SATURADAS"],
       substitutes=[{"index": 1, "ingredients": [F["canola"], F["margarine"]]}]),
    cl("Yogur batido de frutilla", 6, 150, lines(("yogurt", 600), ("strawberry", 200),
       ("sugar", 60), ("honey", 20)), ["ALTO EN AZÚCARES"], state="liquid"),
    cl("Leche chocolatada", 5, 200, lines(("milk", 900), ("cocoa", 25), ("sugar", 70),
       ("vanilla", 3)), ["ALTO EN AZÚCARES", "ALTO EN CALORÍAS"], state="liquid",
       substitutes=[{"index": 0, "ingredients": [F["skim"]]}]),
    cl("Granola casera", 15, 45, lines(("oats", 400), ("almonds", 100), ("honey", 120),
       ("canola", 60), ("brown_sugar", 50), ("salt", 2)), ["ALTO EN AZÚCARES"],
       constraints={"max_change_pct": 80}),
    cl("Quiche de tocino", 8, 120, lines(("flour", 200), ("butter", 100), ("egg", 200),
       ("cream", 250), ("bacon", 150), ("cheddar", 100), ("salt", 3)),
       ["ALTO EN GRASAS SATURADAS"],
       substitutes=[{"index": 3, "ingredients": [F["milk"], F["skim"]]}],
       constraints={"max_change_pct": 100}),
    cl("Kuchen de manzana", 10, 90, lines(("flour", 250), ("butter", 125), ("sugar", 150),
       ("egg", 100), ("apple", 500), ("milk", 50)), ["ALTO EN AZÚCARES"]),
    cl("Papas fritas caseras", 4, 100, lines(("potato", 800), ("sunflower", 60),
       ("salt", 14)), ["ALTO EN SODIO"], constraints={"keep_total_weight": True}),
    cl("Mermelada de frutilla", 20, 20, lines(("strawberry", 500), ("sugar", 300),
       ("lemon", 30)), ["ALTO EN AZÚCARES"], constraints={"max_change_pct": 100}),
    mx("Galletas de mantequilla", 20, 30, lines(("flour", 300), ("butter", 200),
       ("sugar", 120), ("egg", 50), ("salt", 4)), ["EXCESO GRASAS SATURADAS"],
       ["fats", "free_sugars", "sodium"],
       substitutes=[{"index": 1, "ingredients": [F["canola"], F["margarine"]]}]),
    mx("Salsa de soya para marinar", 10, 30, lines(("soy_sauce", 150), ("water", 100),
       ("sugar", 30), ("garlic", 10), ("lemon", 20)), ["EXCESO SODIO"], ["sodium", "free_sugars"],
       substitutes=[{"index": 0, "ingredients": [F["soy_sauce_low"]]}]),
    mx("Pan de elote", 8, 80, lines(("flour", 200), ("cornstarch", 100), ("milk", 200),
       ("butter", 100), ("egg", 100), ("sugar", 80), ("salt", 5), ("baking_powder", 10)),
       ["EXCESO GRASAS SATURADAS"], ["fats", "free_sugars", "sodium"],
       constraints={"max_change_pct": 70}),
    mx("Frijoles refritos", 6, 100, lines(("black_beans", 300), ("water", 400),
       ("canola", 40), ("onion", 50), ("salt", 9), ("garlic", 5)), ["EXCESO SODIO"],
       ["sodium", "fats"]),
    mx("Pasta con queso", 4, 200, lines(("pasta", 300), ("milk", 250), ("cheddar", 150),
       ("butter", 40), ("flour", 20), ("salt", 5)),
       ["EXCESO GRASAS SATURADAS", "EXCESO SODIO"], ["fats", "sodium"],
       constraints={"max_change_pct": 80}),
    mx("Pastel de chocolate", 12, 80, lines(("flour", 220), ("sugar", 250), ("cocoa", 60),
       ("butter", 150), ("egg", 150), ("milk", 200), ("baking_powder", 8), ("salt", 3)),
       ["EXCESO GRASAS SATURADAS"], ["fats", "free_sugars", "sodium"],
       substitutes=[{"index": 3, "ingredients": [F["canola"]]}]),
    mx("Crema de cacahuate con miel", 15, 32, lines(("peanut_butter", 400), ("honey", 60),
       ("salt", 4)), ["EXCESO SODIO"], ["sodium", "free_sugars"],
       constraints={"fixed_lines": [0]}),
    mx("Pizza de queso", 8, 110, lines(("flour", 400), ("water", 240), ("olive", 30),
       ("salt", 10), ("tomato", 200), ("mozzarella", 250), ("parmesan", 30)),
       ["EXCESO SODIO", "EXCESO GRASAS SATURADAS"], ["fats", "sodium"],
       constraints={"max_change_pct": 80}),
]

assert len(RECIPES) == 20
here = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(here, "recipes.json"), "w", encoding="utf-8") as out:
    json.dump(RECIPES, out, ensure_ascii=False, indent=1)
    out.write("\n")
print(f"{len(RECIPES)} recipes written")
