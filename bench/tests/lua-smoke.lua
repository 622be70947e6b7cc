-- lua-smoke.lua: the offline check bench/run runs on the Lua it built, before
-- and after applying calloc-tidy's fixes. Lua's own test suite is a separate
-- upstream tarball that the Debian source does not carry, so this exercises
-- what the allocation code serves: growing tables, strings, stacks,
-- closures, coroutines, the parser's arrays, and the collector. Any failed
-- assertion or error exits non-zero.

-- Tables: array and hash parts grown, shrunk and rehashed.
local t = {}
for i = 1, 100000 do t[i] = i * 2 end
assert(#t == 100000 and t[54321] == 108642)
for i = 1, 100000, 2 do t[i] = nil end
local h = {}
for i = 1, 50000 do h["k" .. i] = i end
local n = 0
for _, v in pairs(h) do n = n + v end
assert(n == 50000 * 50001 // 2)

-- Strings and buffers.
local s = string.rep("abc", 100000, ",")
assert(#s == 3 * 100000 + 99999)
local parts = {}
for i = 1, 20000 do parts[#parts + 1] = tostring(i) end
local joined = table.concat(parts, " ")
assert(select(2, joined:gsub(" ", " ")) == 19999)
assert(string.format("%5.2f|%d|%s", 3.14159, 42, "x") == " 3.14|42|x")
assert(("hello world"):match("(%w+) (%w+)") == "hello")
assert(utf8.len("héllo") == 5)
table.sort(parts)
assert(parts[1] == "1" and parts[#parts] == "9999")

-- Deep recursion grows the stack; closures capture upvalues.
local function depth(k) if k == 0 then return 0 end return 1 + depth(k - 1) end
assert(depth(150000) == 150000)
local counters = {}
for i = 1, 1000 do
  local c = i
  counters[i] = function() c = c + 1; return c end
end
assert(counters[10]() == 11 and counters[10]() == 12)

-- Coroutines, each with its own stack.
local cos = {}
for i = 1, 2000 do
  cos[i] = coroutine.wrap(function(a) local b = coroutine.yield(a + 1); return a + b end)
end
local total = 0
for i = 1, 2000 do total = total + cos[i](i) + cos[i](1) end
assert(total == 2 * (2000 * 2001 // 2) + 2 * 2000)

-- The parser's growing arrays: many constants, locals and lines.
local src = {"local x = 0"}
for i = 1, 5000 do src[#src + 1] = ("x = x + %d -- %s"):format(i, ("c"):rep(i % 50)) end
src[#src + 1] = "local a = {" .. table.concat(parts, ",", 1, 2000):gsub("(%d+)", "'%1'") .. "}"
src[#src + 1] = "return x, #a"
local f = assert(load(table.concat(src, "\n")))
local x, len = f()
assert(x == 5000 * 5001 // 2 and len == 2000)
local dumped = string.dump(f)
assert(select(1, load(dumped)()) == x)

-- Errors and the collector.
local ok, err = pcall(error, {code = 7})
assert(not ok and err.code == 7)
local weak = setmetatable({}, {__mode = "k"})
for i = 1, 10000 do weak[{}] = i end
collectgarbage()
collectgarbage()
assert(next(weak) == nil)

print("lua-smoke: ok")
