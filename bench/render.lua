-- wrk script: GET label.png (scale 1) of one recipe at a width drawn at random from 1,881 sizes
-- (120.0 to 2,000.0 px), so that nearly every request draws (a cache miss) rather than
-- serving a stored file. NLS_KEY and NLS_RECIPE come from the environment.
local key = os.getenv("NLS_KEY")
local recipe = os.getenv("NLS_RECIPE")
math.randomseed(os.time())
request = function()
  local width = math.random(120, 2000)
  return wrk.format("GET", "/v1/recipes/" .. recipe .. "/label.png?scale=1&width=" .. width, { ["Authorization"] = "Bearer " .. key })
end
