-- wrk script: the stateless analysis endpoint (POST /api/state) with the
-- line of moves in STATE_BODY_FILE (scripts/web_load.sh writes it).
local f = io.open(os.getenv("STATE_BODY_FILE"))
wrk.method = "POST"
wrk.path = "/api/state"
wrk.headers["Content-Type"] = "application/json"
wrk.body = f:read("*a")
f:close()
