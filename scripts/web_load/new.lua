-- wrk script: create games (POST /api/match/new), a person against random.
wrk.method = "POST"
wrk.path = "/api/match/new"
wrk.headers["Content-Type"] = "application/json"
wrk.body = '{"game":"kulibrat","variant":"target=5","seats":["person","random"]}'
