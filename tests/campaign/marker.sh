#!/bin/sh
# A program under test for `fracture run` (tests/campaign): it aborts (SIGABRT) when the bytes at
# offsets 3 and 5 of its file ($1) are both odd, and accepts it otherwise. The 1-minimal change set of
# a crashing variant of an input whose bytes 3 and 5 are even is exactly those two bytes.
b=$(od -An -tu1 -j3 -N1 "$1")
c=$(od -An -tu1 -j5 -N1 "$1")
if [ $((b % 2)) = 1 ] && [ $((c % 2)) = 1 ]; then
  kill -ABRT $$
fi
exit 0
