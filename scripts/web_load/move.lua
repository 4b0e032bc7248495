-- wrk script: play games move by move (POST /api/match/move), a person
-- against random in Kulibrat. Run with one connection per thread (-t N
-- -c N), so that each answer comes back to the thread that asked: the
-- thread plays the first legal move of its last view, and when its game is
-- over it creates a new one (those requests are counted as moves too).
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"
local id, token, move = nil, nil, nil
local new_game = '{"game":"kulibrat","variant":"target=5","seats":["person","random"]}'

request = function()
    if not id or not move then
        return wrk.format("POST", "/api/match/new", nil, new_game)
    end
    return wrk.format("POST", "/api/match/move", nil,
        string.format('{"id":"%s","token":"%s","move":"%s"}', id, token, move))
end

response = function(status, headers, body)
    local new_id, new_token = body:match('^{"id":"(%x+)","tokens":%["(%x+)"')
    if new_id then id, token = new_id, new_token end
    move = body:match('"moves":%["([^"]+)"')
    if status ~= 200 then id = nil end
end
