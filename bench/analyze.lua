-- wrk script: POST /v1/analyze with a 6-ingredient recipe given by names.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("NLS_KEY")
wrk.body = [[{"servings": 4, "racc_g": 55, "ingredients": [
  {"name": "all-purpose flour", "grams": 250}, {"name": "milk", "grams": 300},
  {"name": "egg", "grams": 100}, {"name": "butter", "grams": 30},
  {"name": "sugar", "grams": 25}, {"name": "banana", "grams": 120}]}]]
