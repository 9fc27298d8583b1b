#!/usr/bin/env bash
# The remote cache (EXO_REMOTE_CACHE, docs/build-cache.md "Remote cache") against a
# real HTTP server on loopback: nginx with WebDAV PUT, started here as this user with a
# temporary prefix and a free port. One build populates the server; a copy of the
# project in another directory with an empty local cache is served from it (the same
# bytes); entries from it pass the local cache's checks; it is used only when declared
# shared; a server that refuses, errs, hangs or stops in the middle of a build costs a
# warning and the build succeeds from local work. A second, small server sends its
# answers chunked.
# Usage: check_remote_cache.sh EXOCC   (exit 77, a skip, when nginx is not installed)
set -u
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/common.sh"
nginx="$(command -v nginx || ls /usr/sbin/nginx 2>/dev/null)"
if [ -z "$nginx" ] || ! "$nginx" -V 2>&1 | grep -q -- '--with-http_dav_module'; then
    echo "skipped: no nginx with the WebDAV module (Debian: apt-get install nginx-light; scripts/quickstart.sh installs it)"
    exit 77
fi
unset EXO_CACHE_DIR EXO_REMOTE_CACHE EXO_CACHE_SHARED EXO_REMOTE_CACHE_TIMEOUT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
port="$(free_port)"
mkdir -p "$work/nginx/store" "$work/nginx/logs"
cat >"$work/nginx/nginx.conf" <<EOT
user $(id -un) $(id -gn);
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/logs/error.log;
events { worker_connections 64; }
http {
    access_log $work/nginx/logs/access.log;
    client_body_temp_path $work/nginx/body;
    proxy_temp_path $work/nginx/proxy;
    fastcgi_temp_path $work/nginx/fastcgi;
    uwsgi_temp_path $work/nginx/uwsgi;
    scgi_temp_path $work/nginx/scgi;
    server {
        listen 127.0.0.1:$port;
        root $work/nginx/store;
        client_max_body_size 0;
        location /forbidden/ { return 403; }
        location / { dav_methods PUT; create_full_put_path on; }
    }
}
EOT
"$nginx" -p "$work/nginx" -c "$work/nginx/nginx.conf" -g 'daemon off;' 2>"$work/nginx/stderr" &
nginx_pid=$!
stop_nginx() { kill "$nginx_pid" 2>/dev/null; wait "$nginx_pid" 2>/dev/null; }
trap 'stop_nginx; rm -rf "$work"' EXIT
up() { (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; }
for _ in $(seq 100); do up && break; sleep 0.1; done
up || { echo "FAIL nginx did not start:"; cat "$work/nginx/stderr" "$work/nginx/logs/error.log"; exit 1; }

url="http://127.0.0.1:$port/exocc"
export EXO_CACHE_SHARED=1
requests() { grep -c "\"$1 /$2/" "$work/nginx/logs/access.log"; }  # requests METHOD PREFIX
build() {  # build PROJECTDIR OUTDIR CACHEDIR LOG [ARGS...]
    local p="$1" out="$2" cache="$3" log="$4"; shift 4
    EXO_REMOTE_CACHE="${REMOTE-$url}" "$exocc" build "$p/kernels.toml" -o "$out" --cache-dir "$cache" -v "$@" 2>"$work/$log"
}
count() { grep -c -- "$1" "$work/$2"; }

# One build populates the server.
cp -r "$here/project" "$work/a"
check "first build" build "$work/a" "$work/out-a" "$work/cache-a" a.log
check "... looked each kernel up remotely, in vain" test "$(count ': not in the remote cache' a.log)" = 3
check "... stored each kernel on the server" eval "[ \$(find '$work/nginx/store/exocc' -type f | wc -l) = 3 ] && [ \$(requests PUT exocc) = 3 ]"
check "... the server holds the local cache's bytes" \
    eval "for f in '$work'/nginx/store/exocc/*; do cmp \"\$f\" '$work/cache-a/'\"\$(basename \"\$f\" | cut -c1-2)/\$(basename \"\$f\").entry\" || exit 1; done"

# A copy of the project elsewhere, with an empty local cache, is served from it.
cp -r "$here/project" "$work/b"
check "a fresh directory and local cache: build" build "$work/b" "$work/out-b" "$work/cache-b" b.log
check "... every kernel from the remote cache" test "$(count ': from the remote cache, ' b.log)" = 3
check "... nothing built" eval "! grep -q 'built in' '$work/b.log'"
check "... the same bytes" eval "cmp '$work/out-a/kernels.c' '$work/out-b/kernels.c' && cmp '$work/out-a/kernels.h' '$work/out-b/kernels.h'"
check "... now in the local cache too" eval "[ \$(find '$work/cache-b' -name '*.entry' | wc -l) = 3 ]"
gets=$(requests GET exocc)
check "again: the local cache answers first" build "$work/b" "$work/out-b" "$work/cache-b" b2.log
check "... no request to the server" eval "[ \$(count ': cached, ' b2.log) = 3 ] && [ \$(requests GET exocc) = $gets ]"

# Not trusted unless declared shared, as a shared cache directory.
EXO_CACHE_SHARED= build "$work/b" "$work/out-u" "$work/cache-u" u.log
check "without EXO_CACHE_SHARED=1: builds" eval "[ $? = 0 ] && cmp '$work/out-a/kernels.c' '$work/out-u/kernels.c'"
check "... warning that the remote cache is not used" \
    grep -qF "exocc: warning: not using the remote cache $url: a remote cache is shared with whoever may write to it (set EXO_CACHE_SHARED=1" "$work/u.log"
check "... and asking it nothing" eval "[ \$(requests GET exocc) = $gets ]"

# Entries from the server pass the local cache's checks.
entries=("$work"/nginx/store/exocc/*)
printf 'garbage' >"${entries[0]}"
cp "${entries[2]}" "${entries[1]}"   # an entry under another kernel's key
check "corrupt and misplaced remote entries: build" build "$work/b" "$work/out-c" "$work/cache-c" c.log
check "... both refused and rebuilt" eval "[ \$(count ': corrupt remote cache entry, rebuilding' c.log) = 2 ] && [ \$(count 'built in' c.log) = 2 ]"
check "... the same bytes" cmp "$work/out-a/kernels.c" "$work/out-c/kernels.c"
check "... and the server's copies repaired" eval "cmp '${entries[0]}' '$work/cache-c/'\$(basename '${entries[0]}' | cut -c1-2)/\$(basename '${entries[0]}').entry"
echo 'WIDTH = 8  # edited' >>"$work/b/lib/helpers.py"
check "an edited input: the remote entry is stale" build "$work/b" "$work/out-d" "$work/cache-d" d.log
check "... and that kernel is rebuilt" grep -q 'kernel 1 (single.py): .*helpers.py changed (remote cache entry)' "$work/d.log"

# A server that sends its answers chunked (nginx sends Content-Length): the entries
# nginx holds, served by a small Python server.
chunked_port="$(free_port)"
cat >"$work/chunked.py" <<'EOT'
import http.server, os, sys
store = sys.argv[2]
class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def do_GET(self):
        path = os.path.join(store, os.path.basename(self.path))
        if not os.path.isfile(path):
            self.send_response(404); self.send_header("Content-Length", "0"); self.end_headers(); return
        data = open(path, "rb").read()
        self.send_response(200); self.send_header("Transfer-Encoding", "chunked"); self.end_headers()
        for i in range(0, len(data), 1000):
            self.wfile.write(b"%x\r\n" % len(data[i:i + 1000]) + data[i:i + 1000] + b"\r\n")
        self.wfile.write(b"0\r\n\r\n")
    def log_message(self, *args):
        pass
http.server.HTTPServer(("127.0.0.1", int(sys.argv[1])), Handler).serve_forever()
EOT
python3 "$work/chunked.py" "$chunked_port" "$work/nginx/store/exocc" &
chunked_pid=$!
for _ in $(seq 50); do (exec 3<>"/dev/tcp/127.0.0.1/$chunked_port") 2>/dev/null && break; sleep 0.1; done
REMOTE="http://127.0.0.1:$chunked_port/x" build "$work/b" "$work/out-k" "$work/cache-k" k.log
check "chunked answers: every kernel from the remote cache" test "$(count ': from the remote cache, ' k.log)" = 3
check "... the same bytes" cmp "$work/out-d/kernels.c" "$work/out-k/kernels.c"
kill $chunked_pid; wait $chunked_pid 2>/dev/null

# A server that answers otherwise, hangs or is gone: a warning, once, and local work.
REMOTE="http://127.0.0.1:$port/forbidden" build "$work/a" "$work/out-e" "$work/cache-e" e.log
check "HTTP 403: the build succeeds" eval "[ $? = 0 ] && cmp '$work/out-a/kernels.c' '$work/out-e/kernels.c'"
check "... with one warning" eval "[ \$(count 'remote cache http://127.0.0.1:$port/forbidden: GET answered HTTP 403; building without it' e.log) = 1 ]"
hole_port="$(free_port)"
python3 -c "import socket, time; s = socket.socket(); s.bind(('127.0.0.1', $hole_port)); s.listen(8); time.sleep(60)" &
hole_pid=$!
for _ in $(seq 50); do (exec 3<>"/dev/tcp/127.0.0.1/$hole_port") 2>/dev/null && break; sleep 0.1; done
start=$(date +%s)
EXO_REMOTE_CACHE_TIMEOUT=1 REMOTE="http://127.0.0.1:$hole_port/x" build "$work/a" "$work/out-f" "$work/cache-f" f.log
check "a server that never answers: the build succeeds" eval "[ $? = 0 ] && cmp '$work/out-a/kernels.c' '$work/out-f/kernels.c'"
check "... after one timeout" eval "[ \$(count 'remote cache .*: timed out; building without it' f.log) = 1 ] && [ \$((\$(date +%s) - start)) -lt 30 ]"
kill $hole_pid; wait $hole_pid 2>/dev/null
REMOTE="https://127.0.0.1:$port/x" build "$work/a" "$work/out-g" "$work/cache-g" g.log
check "an https URL: a warning, and the build succeeds" eval "[ $? = 0 ] && grep -q 'not using the remote cache https://.*: only http:// URLs are supported' '$work/g.log'"
check "--no-cache: the server is not asked" \
    eval "n=\$(wc -l <'$work/nginx/logs/access.log'); EXO_REMOTE_CACHE='$url' '$exocc' build '$work/a/kernels.toml' -o '$work/out-h' --no-cache && [ \$(wc -l <'$work/nginx/logs/access.log') = \$n ]"

# The server stops in the middle of a build: the kernel being built when it goes
# cannot be stored, the next is not looked up, and the build succeeds.
m="$work/midway"
mkdir -p "$m"
cp "$here/../integration/cmake/features/kernels/plain.py" "$m/"
cat >"$m/slow.py" <<'EOT'
from __future__ import annotations
import time
from exo import *
time.sleep(3)  # long enough for the test to stop the server meanwhile

@proc
def slow(x: f32[4]):
    for i in seq(0, 4):
        x[i] = 2.0 * x[i]
EOT
printf '[[kernel]]\nsource = "slow.py"\n\n[[kernel]]\nsource = "plain.py"\n' >"$m/kernels.toml"
REMOTE="http://127.0.0.1:$port/midway" build "$m" "$work/out-m" "$work/cache-m" m.log &
build_pid=$!
for _ in $(seq 100); do [ "$(requests GET midway)" -ge 1 ] && break; sleep 0.05; done
stop_nginx
check "the server was stopped while the first kernel built" eval "[ \$(requests GET midway) = 1 ] && ! up"
wait $build_pid
check "... the build succeeds" eval "[ $? = 0 ] && grep -q 'void slow(' '$work/out-m/kernels.h' && grep -q 'void plain(' '$work/out-m/kernels.h'"
check "... with one warning about the server" eval "[ \$(count 'remote cache http://127.0.0.1:$port/midway: .*building without it' m.log) = 1 ]"
check "... both kernels built and cached locally" eval "[ \$(count 'built in' m.log) = 2 ] && [ \$(find '$work/cache-m' -name '*.entry' | wc -l) = 2 ]"
REMOTE="http://127.0.0.1:$port/exocc" build "$work/a" "$work/out-i" "$work/cache-i" i.log
check "no server at all (connection refused): the build succeeds" eval "[ $? = 0 ] && cmp '$work/out-a/kernels.c' '$work/out-i/kernels.c'"
check "... with one warning" eval "[ \$(count 'remote cache .*: Connection refused; building without it' i.log) = 1 ]"
finish
