#!/usr/bin/env node
// The strict ISO-BMFF reader of tests/parsers/strict.py (docs/contract.md, section 14.2) for MP4 and
// MOV: GPAC's parser, mp4box.js (npm `mp4box`, GPAC's MP4Box in JavaScript; Debian 12 ships no gpac),
// reads FILE as a box tree and as a movie, the way a player built on it does. It refuses, printing
// each finding on standard error and exiting 1, when:
//   - a box does not parse: mp4box.js logs an error (a size smaller than its header, larger than its
//     container, a type that is not four printable characters) or throws;
//   - the boxes do not end where the file ends: a box whose size runs past the end (ISO/IEC
//     14496-12, 4.2: size is the box's whole length), or bytes after the last box that are no box;
//   - a known box's content does not fill its size (mp4box.js warns "did not read the entire
//     indicated box data size");
//   - there is no movie (no `moov`, or one mp4box.js cannot build the tracks from);
//   - a sample of a track lies outside the file (its offset and size from the sample tables).
// A box (or a sample entry) of a type it does not know is skipped, as section 4.2 of the standard has
// every reader do, and is no finding. In a QuickTime file (brand `qt  `) two atoms QuickTime defines
// and ISO's "four printable characters" exclude are no finding either, nor is the box mp4box.js then
// leaves unfinished: user data items whose type starts with © (0xA9), and the terminator atom of type
// 0 that ends a sound description's extensions (QuickTime File Format, "Metadata" and "Sound sample
// descriptions").
import { readFileSync } from 'node:fs';
import { createFile, Log, MP4BoxBuffer } from 'mp4box';

const path = process.argv[2];
if (!path) {
  console.error('usage: isobmff_judge.mjs FILE');
  process.exit(2);
}
const bytes = readFileSync(path);
const findings = [];
const quicktime = bytes.length >= 12 && bytes.toString('latin1', 4, 12) === 'ftypqt  ';
let quicktimeAtom = false;

Log.setLogLevel(Log.warn);
Log.error = (module, message) => {
  if (quicktime && /^Invalid box type: '(\u00a9[\x20-\x7e]{3}|\0{4})'$/.test(message)) quicktimeAtom = true;
  else findings.push(`error ${module}: ${message}`);
};
Log.warn = (module, message) => {
  if (/^Unknown (UUID )?box type|^Unknown sample entry type/.test(message)) return;
  if (quicktimeAtom && /^Parsing of box '[^']*' did not read the entire/.test(message)) return;
  findings.push(`warning ${module}: ${message}`);
};

const file = createFile();
let ready = false;
file.onError = (module, message) => findings.push(`error ${module}: ${message}`);
file.onReady = () => {
  ready = true;
};
try {
  const buffer = MP4BoxBuffer.fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length), 0);
  file.appendBuffer(buffer, true);
  file.flush();
  // The top-level boxes, end to end, must cover the file.
  let end = 0;
  for (const box of file.boxes) {
    if (box.start !== end) findings.push(`box '${box.type}' at ${box.start}, where the box before ended at ${end}`);
    end = box.start + box.size;
  }
  if (end !== bytes.length) {
    findings.push(
      end > bytes.length
        ? `the last box runs to ${end}, past the end of the file (${bytes.length} bytes)`
        : `bytes ${end} to ${bytes.length} are no box (a box cut short, or a size that ends too early)`,
    );
  }
  if (!ready) findings.push('no movie: mp4box.js found no moov it could build the tracks from');
  for (const trak of file.moov?.traks ?? []) {
    for (const s of trak.samples ?? []) {
      if (s.offset + s.size > bytes.length) {
        findings.push(`track ${trak.tkhd?.track_id}: sample ${s.number} at ${s.offset} (+${s.size}) is past the end`);
        break;
      }
    }
  }
} catch (e) {
  findings.push(`exception: ${e instanceof Error ? e.message : String(e)}`);
}
if (findings.length > 0) {
  for (const f of findings.slice(0, 5)) console.error(f);
  process.exit(1);
}
