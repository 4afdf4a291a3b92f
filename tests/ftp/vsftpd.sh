#!/usr/bin/env bash
# A throw-away vsftpd (Debian's) on the loopback interface, for tests that need a real FTP server's
# ASCII mode (RFC 959, 3.1.1.1: text is sent as NVT-ASCII, each line ending CR LF).
#
#   bash tests/ftp/vsftpd.sh [--writable] DIR
#
# serves DIR (read-only, anonymous, no password; with --writable anonymous uploads are stored in it,
# in ASCII mode as the server converts them) on 127.0.0.1, prints the port on the first line of
# standard output, and then runs in the foreground until it is killed (SIGTERM): the caller owns the
# process and stops it. Its configuration and scratch directory live in a temporary directory that is
# removed when it stops. The files under DIR must be world-readable (vsftpd serves anonymous users
# only those). Fetch a file in ASCII mode with `curl --use-ascii ftp://127.0.0.1:PORT/NAME`; the
# server may need a moment to listen, so retry a few times.
set -euo pipefail
write=NO
if [ "${1:-}" = --writable ]; then write=YES; shift; fi
dir=$(realpath "${1:?usage: vsftpd.sh [--writable] DIR}")
[ -d "$dir" ] || { echo "vsftpd.sh: $dir is not a directory" >&2; exit 2; }
vsftpd=$(command -v vsftpd || echo /usr/sbin/vsftpd)
[ -x "$vsftpd" ] || { echo "vsftpd.sh: vsftpd is not installed (scripts/setup.sh installs it)" >&2; exit 2; }
scratch=$(mktemp -d /tmp/vsftpd.XXXXXX)
chmod 755 "$scratch"
mkdir -p "$scratch/empty"
# A free port: the kernel's choice for a socket bound to port 0.
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
# run_as_launching_user: no user switch and no chroot, so it runs the same as root (CI) and in
# containers without chroot or seccomp; it listens on loopback only and serves DIR (read-only unless
# --writable).
cat > "$scratch/vsftpd.conf" <<CONF
listen=YES
listen_ipv6=NO
listen_address=127.0.0.1
listen_port=$port
background=NO
run_as_launching_user=YES
anonymous_enable=YES
no_anon_password=YES
anon_root=$dir
local_enable=NO
write_enable=$write
anon_upload_enable=$write
anon_umask=022
ascii_download_enable=YES
ascii_upload_enable=YES
pasv_enable=YES
pasv_address=127.0.0.1
connect_from_port_20=NO
secure_chroot_dir=$scratch/empty
seccomp_sandbox=NO
isolate=NO
isolate_network=NO
xferlog_enable=NO
vsftpd_log_file=$scratch/vsftpd.log
CONF
cleanup() { [ -n "${pid:-}" ] && kill "$pid" 2>/dev/null; rm -rf "$scratch"; }
trap cleanup EXIT
trap 'exit 0' TERM INT
echo "$port"
"$vsftpd" "$scratch/vsftpd.conf" &
pid=$!
wait "$pid"
