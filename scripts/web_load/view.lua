-- wrk script: read one seat's view of a kept game (POST /api/match/view).
-- GAME_ID and GAME_TOKEN come from the environment (scripts/web_load.sh).
wrk.method = "POST"
wrk.path = "/api/match/view"
wrk.headers["Content-Type"] = "application/json"
wrk.body = string.format('{"id":"%s","token":"%s"}', os.getenv("GAME_ID"), os.getenv("GAME_TOKEN"))
