-- wrk script: POST /v1/analyze with a 6-ingredient recipe given by names.
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Authorization"] = "Bearer " .. os.getenv("NLS_KEY")
wrk.body = [[{"servings": 4, "racc_g": 55, "ingredients": [
  {"name": "all-purpose flour", "grams": 250}, {"name": "milk", "grams": 300},
  {"name": "egg", "grams": 100}, {"name": "butter", "grams": 30},
  {"name": "sugar", "grams": 25}, {"name": "banana", "grams": 120}]}]]

-- Tally of statuses other than 200, with one body of each, printed at the end: a run that
-- fails on non-2xx responses says what they were.
local threads = {}
function setup(thread)
  table.insert(threads, thread)
end
function init(args)
  others = 0
  sample = ""
end
function response(status, headers, body)
  if status ~= 200 then
    others = others + 1
    sample = status .. " " .. string.sub(body or "", 1, 200)
  end
end
function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    local n = thread:get("others")
    if n and n > 0 then
      io.write(string.format("non-200 responses: %d, e.g. %s\n", n, thread:get("sample")))
    end
  end
end
