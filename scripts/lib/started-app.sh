# Sourced by the checks that run the README's `npm start` as a newcomer would (newcomer-check.sh,
# first-day-check.sh): a throw-away work folder, `say`/`fail` with the check's name, and
# `start_app CMD…`, which starts the app in a process group of its own, waits for the URL it prints
# (its log in $work/start.log) and sets `url`; everything is stopped and removed on exit.
# Needs `check_name` set before it is sourced.
work=$(mktemp -d)
app_pid=
cleanup() {
  [ -n "$app_pid" ] && kill -- "-$app_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

say() { echo "$check_name: $*"; }
fail() {
  echo "$check_name: FAILED: $*" >&2
  for f in install.log start.log; do [ -f "$work/$f" ] && { echo "--- $f (tail)" >&2; tail -40 "$work/$f" >&2; }; done
  exit 1
}

start_app() {
  setsid "$@" >"$work/start.log" 2>&1 &
  app_pid=$!
  url=
  for _ in $(seq 1 300); do
    url=$(grep -oE 'http://127\.0\.0\.1:[0-9]+/#token=[A-Za-z0-9_-]+' "$work/start.log" | head -1 || true)
    [ -n "$url" ] && break
    kill -0 "$app_pid" 2>/dev/null || fail "npm start exited before the app was open"
    sleep 1
  done
  [ -n "$url" ] || fail "the app did not print its URL within 300 s"
  say "open at ${url%%#*}"
}
