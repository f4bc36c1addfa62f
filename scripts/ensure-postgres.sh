#!/usr/bin/env bash
# Makes sure the machine's local PostgreSQL answers on 127.0.0.1:5432, starting its cluster when it is down. The
# embedded database needs none of this; the scale-path tests (two server processes on one database: live chat,
# the PostgreSQL integration run) do. Exits non-zero when no PostgreSQL can be reached.
if pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then exit 0; fi
if command -v pg_ctlcluster >/dev/null 2>&1 && [ -d /etc/postgresql ]; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
fi
for _ in $(seq 1 30); do pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null && exit 0; sleep 1; done
echo "PostgreSQL is not reachable at 127.0.0.1:5432"
exit 1
