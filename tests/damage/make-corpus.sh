#!/usr/bin/env bash
# Real files of six families made by real tools, and each damaged by the real tools that damage files
# in the wild (docs/damage.md): unix2dos and dos2unix, an ASCII-mode FTP download (vsftpd on
# loopback, fetched by curl in ASCII mode), tr clearing the high bit, iconv, dd writing a block at
# another block's place and zeroing sectors, truncate. Writes the files into OUT and a manifest,
# OUT/manifest.tsv: one line per file,
#
#   FILE  ORIGINAL  TOOL  CAUSE  DIRECTION  ALONE
#
# CAUSE is the cause diagnose must name (`none` for a file the tool left unchanged or for an
# original), DIRECTION the text_transfer direction (or -), ALONE `yes` when the file alone carries
# the evidence (`no`: only the comparison with ORIGINAL can tell, e.g. a DOS text file from unix2dos
# is a healthy DOS text file). Deterministic: the same tools give the same files.
#
#   bash tests/damage/make-corpus.sh OUT
set -euo pipefail
out=${1:?usage: make-corpus.sh OUT}
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
cd "$out"
chmod 755 .

# The originals.
for i in $(seq 1 400); do
  echo "Ligne $i : café, naïve, über, señor, «citation» et 50 € — $(( i * 7919 % 10007 ))"
done > text.txt
convert -seed 7 -size 160x160 plasma:fractal photo.png
convert -seed 11 -size 256x256 plasma:fractal -quality 90 photo.jpg
convert -seed 13 -size 192x192 plasma:fractal photo.ppm
gzip -9 -n -c photo.ppm > photo.ppm.gz
rm photo.ppm
touch -d '2024-01-01 00:00:00' text.txt photo.png
zip -X -q -9 archive.zip text.txt photo.png
python3 "$here/make-pdf.py" text.txt photo.jpg 256 256 plain.pdf
qpdf --compress-streams=y --object-streams=disable plain.pdf doc.pdf
rm plain.pdf
originals=(photo.png photo.jpg archive.zip doc.pdf photo.ppm.gz text.txt)
chmod 644 "${originals[@]}"

manifest=manifest.tsv
: > "$manifest"
row() { printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$@" >> "$manifest"; }
# A damaged copy the tool left as it was is no damage at all.
changed_or_none() { if cmp -s "$1" "$2"; then echo none; else echo "$3"; fi; }
binary() { [ "$1" != text.txt ]; }

# The FTP server, for the ASCII-mode downloads.
bash "$here/../ftp/vsftpd.sh" "$out" > ftp.port &
ftp=$!
trap 'kill $ftp 2>/dev/null || true; wait $ftp 2>/dev/null || true; rm -f "$out/ftp.port"' EXIT
fetch_ascii() {
  local port
  for _ in $(seq 1 50); do
    port=$(head -1 ftp.port 2>/dev/null || true)
    if [ -n "$port" ] && curl -s --use-ascii "ftp://127.0.0.1:$port/$1" -o "$2"; then return 0; fi
    sleep 0.2
  done
  echo "make-corpus.sh: the FTP server did not answer" >&2
  return 1
}

for f in "${originals[@]}"; do
  base=${f//./_}
  row "$f" - original none - yes
  blocks=$(( $(stat -c %s "$f") / 512 ))

  unix2dos -q -f -n "$f" "$base.unix2dos"
  alone=$(binary "$f" && echo yes || echo no)
  row "$base.unix2dos" "$f" unix2dos "$(changed_or_none "$f" "$base.unix2dos" text_transfer)" lf_to_crlf "$alone"

  dos2unix -q -f -n "$f" "$base.dos2unix"
  row "$base.dos2unix" "$f" dos2unix "$(changed_or_none "$f" "$base.dos2unix" text_transfer)" crlf_to_lf "$alone"

  fetch_ascii "$f" "$base.ftp"
  row "$base.ftp" "$f" ftp_ascii "$(changed_or_none "$f" "$base.ftp" text_transfer)" crlf_to_lf "$alone"

  LC_ALL=C tr '\200-\377' '\000-\177' < "$f" > "$base.tr"
  row "$base.tr" "$f" tr "$(changed_or_none "$f" "$base.tr" seven_bit)" - "$alone"

  if binary "$f"; then
    iconv -f LATIN1 -t UTF-8 "$f" > "$base.iconv"
  else
    iconv -f CP1252 -t UTF-8 "$f" > "$base.iconv"
  fi
  row "$base.iconv" "$f" iconv "$(changed_or_none "$f" "$base.iconv" charset_roundtrip)" - yes

  cp "$f" "$base.misdirected"
  dd if="$f" of="$base.misdirected" bs=512 skip=$(( blocks / 3 )) seek=$(( blocks * 2 / 3 )) count=1 conv=notrunc status=none
  row "$base.misdirected" "$f" dd_misdirected misdirected_write - yes

  cp "$f" "$base.zeroed"
  dd if=/dev/zero of="$base.zeroed" bs=512 seek=$(( blocks / 2 )) count=2 conv=notrunc status=none
  row "$base.zeroed" "$f" dd_zero bad_sectors - yes

  cp "$f" "$base.cut"
  truncate -s $(( $(stat -c %s "$f") * 6 / 10 / 4096 * 4096 )) "$base.cut"
  row "$base.cut" "$f" truncate interrupted_transfer - "$alone"
done
chmod 644 ./*
