#!/bin/sh
# A program under test for `fracture run` (tests/campaign): it reads a file (its path as $1, or standard
# input) and acts on the sum of its bytes modulo 5:
#   0 accepts (exit 0)            1 rejects (exit 3)          2 crashes (SIGSEGV)
#   3 hangs (sleeps 30 s)         4 panics as Rust does (stderr, exit 101)
# TARGET_DELAY=SECONDS makes every run take that long first.
set -e
if [ -n "$TARGET_DELAY" ]; then sleep "$TARGET_DELAY"; fi
r=$(od -An -tu1 -v ${1:+"$1"} | awk '{ for (i = 1; i <= NF; i++) s += $i } END { print s % 5 }')
case "$r" in
0) exit 0 ;;
1) echo "bad header" >&2; exit 3 ;;
2) kill -SEGV $$ ;;
3) sleep 30 ;;
4) printf "thread 'main' panicked at src/parse.rs:%s:5:\nindex out of bounds: the len is 3 but the index is %s\n" $r $$ >&2; exit 101 ;;
esac
