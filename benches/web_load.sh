#!/usr/bin/env bash
# Public pages of a 1000-player open, the home page and the open API under load, against nginx
# serving the very same bytes.
#
#   bash benches/web_load.sh [TRF] [SECONDS]
#
# Builds the release binary, imports TRF (default: the 1000-player, 10-round event of
# ../shared/fixtures/dutch-perf/n1000_r11_s99/r11.trf) into a fresh SQLite database, publishes
# it, saves each public page's bytes, serves them from nginx, then runs `wrk -t2 -c64` for
# SECONDS (default 10) per page against the app and against nginx and prints requests per
# second, the app's share of nginx's, page sizes (plain and gzip) and the time of every PDF.
# Needs wrk, nginx and curl (apt-get install wrk nginx-light curl). Figures, not assertions.
set -euo pipefail
cd "$(dirname "$0")/.."
trf="${1:-../shared/fixtures/dutch-perf/n1000_r11_s99/r11.trf}"
seconds="${2:-10}"
for tool in wrk nginx curl; do
  command -v "$tool" >/dev/null || { echo "web_load: $tool is missing (apt-get install wrk nginx-light curl)" >&2; exit 1; }
done
cargo build --release --quiet
bin="$PWD/target/release/arbiter"
work="$(mktemp -d)"
app_port=18480
nginx_port=18481
cleanup() {
  [ -n "${app_pid:-}" ] && kill "$app_pid" 2>/dev/null || true
  [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

db="$work/bench.db"
printf 'benchpassword\n' | "$bin" user --database-url "$db" add --admin --password-stdin bench >/dev/null
"$bin" serve --bind "127.0.0.1:$app_port" --database-url "$db" >"$work/app.log" 2>&1 &
app_pid=$!
for _ in $(seq 100); do curl -s -o /dev/null "http://127.0.0.1:$app_port/login" && break; sleep 0.1; done
base="http://127.0.0.1:$app_port"
jar="$work/cookies"
csrf() { curl -s -b "$jar" -c "$jar" "$base$1" | grep -o 'name="csrf_token" value="[^"]*"' | head -1 | sed 's/.*value="//; s/"$//'; }
token="$(csrf /login)"
curl -s -o /dev/null -b "$jar" -c "$jar" --data-urlencode "csrf_token=$token" \
  --data-urlencode username=bench --data-urlencode password=benchpassword "$base/login"
token="$(csrf /tournaments/import)"
location="$(curl -s -o /dev/null -w '%{redirect_url}' -b "$jar" -c "$jar" \
  --data-urlencode "csrf_token=$token" --data-urlencode "trf@$trf" "$base/tournaments/import")"
id="${location##*/}"
[ -n "$id" ] || { echo "web_load: the import failed" >&2; exit 1; }
curl -s -o /dev/null -b "$jar" -c "$jar" --data-urlencode "csrf_token=$token" \
  --data-urlencode published=true "$base/tournaments/$id/publish"
# The last round with games: a file prepared for pairing its next round holds only that
# round's known absences, a page far smaller than the round before it. ROUND=N chooses.
rounds="${ROUND:-}"
if [ -z "$rounds" ]; then
  rounds="$(curl -s "$base/tournaments/$id" | grep -o "/tournaments/$id/rounds/[0-9]*\"" | tr -dc '0-9\n' | sed "s/^$id//" | sort -n | tail -1)"
  size() { curl -s "$base/tournaments/$id/rounds/$1" | wc -c; }
  if [ "$rounds" -gt 1 ] && [ "$(size "$rounds")" -lt "$(( $(size $((rounds - 1))) / 2 ))" ]; then
    rounds=$((rounds - 1))
  fi
fi

pid="$(curl -s "$base/api/v1/events" | grep -o '"id":"[0-9a-f]*"' | head -1 | cut -d'"' -f4)"
[ -n "$pid" ] || { echo "web_load: the event is not in /api/v1/events" >&2; exit 1; }
# Each page: the app's address | the file nginx serves | the label.
t="tournaments/$id"
pages=("$t/rounds/$rounds|$t/rounds/$rounds|round $rounds pairings" "$t/players|$t/players|players"
  "$t/standings|$t/standings|standings" "$t/crosstable|$t/crosstable|crosstable"
  "|index.html|home page" "api/v1/events|api/v1/events.list|API: event list"
  "api/v1/events/$pid|api/v1/events/$pid.json|API: event (JSON)"
  "api/v1/events/$pid/rounds/$rounds/games.pgn|api/v1/events/$pid/rounds/$rounds/games.pgn|API: round PGN")
mkdir -p "$work/www"
cat >"$work/nginx.conf" <<CONF
worker_processes 2;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
  access_log off;
  default_type text/html;
  server { listen 127.0.0.1:$nginx_port; root $work/www; }
}
CONF
for page in "${pages[@]}"; do
  IFS='|' read -r path file _ <<<"$page"
  mkdir -p "$work/www/$(dirname "$file")"
  curl -s "$base/$path" -o "$work/www/$file"
done
chmod -R a+rX "$work"
nginx -c "$work/nginx.conf" -p "$work"

# Requests per second; a run with answers other than 2xx/3xx says so instead of a figure.
rate() {
  local out
  out="$(wrk -t2 -c64 -d"${seconds}s" "$1")"
  if grep -q 'Non-2xx' <<<"$out"; then echo "errors"; else awk '/Requests\/sec/ {print $2}' <<<"$out"; fi
}
printf '%-26s %10s %10s %12s %12s %7s\n' page plain gzip arbiter nginx share
for page in "${pages[@]}"; do
  IFS='|' read -r path file name <<<"$page"
  plain="$(stat -c %s "$work/www/$file")"
  gz="$(curl -s -H 'Accept-Encoding: gzip' "$base/$path" | wc -c)"
  ours="$(rate "$base/$path")"
  theirs="$(rate "http://127.0.0.1:$nginx_port/$file")"
  share="$(awk -v a="$ours" -v b="$theirs" 'BEGIN { printf "%.1f%%", 100 * a / b }')"
  printf '%-26s %10s %10s %12s %12s %7s\n' "$name" "$plain" "$gz" "$ours" "$theirs" "$share"
done

echo
printf '%-40s %8s %10s\n' "PDF (logged in, round $rounds)" seconds bytes
for document in pairings.pdf pairings-alphabetical.pdf standings.pdf crosstable.pdf scoresheets.pdf result-slips.pdf; do
  url="$base/tournaments/$id/print/$document?round=$rounds"
  read -r time size < <(curl -s -o /dev/null -b "$jar" -w '%{time_total} %{size_download}\n' "$url")
  printf '%-40s %8s %10s\n' "$document" "$time" "$size"
done
