// The sample files the mode and file type pages' example commands run on in
// expectations.test.ts (test code only; no page imports it). JPEG, MP4 and PDF are the structure
// walks' golden media, made with ImageMagick, ffmpeg and qpdf (tests/golden/structure/media); the
// others are built here the way their usual writers build them: a PNG of several IDAT chunks and two
// tEXt chunks, Office files and a ZIP whose members are deflated (a stored one in the ZIP), text.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { crc32, deflateRawSync, deflateSync } from 'node:zlib';

const MEDIA = fileURLToPath(new URL('../../../tests/golden/structure/media/', import.meta.url));

const be32 = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const le16 = (n: number) => [n & 255, (n >>> 8) & 255];
const le32 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255, (n >>> 24) & 255];

function pngChunk(type: string, data: Uint8Array): number[] {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  return [...be32(data.length), ...body, ...be32(crc32(body))];
}

/** A 48 x 48 RGB gradient, its compressed pixels split over three IDAT chunks, with two tEXt chunks. */
function png(): Uint8Array {
  const w = 48;
  const h = 48;
  const raw: number[] = [];
  for (let y = 0; y < h; y++) {
    raw.push(0);
    for (let x = 0; x < w; x++) raw.push((x * 5) & 255, (y * 5) & 255, ((x + y) * 3) & 255);
  }
  const z = deflateSync(Buffer.from(raw));
  const third = Math.ceil(z.length / 3);
  const ihdr = Buffer.from([...be32(w), ...be32(h), 8, 2, 0, 0, 0]);
  return new Uint8Array([
    0x89,
    0x50,
    0x4e,
    0x47,
    0x0d,
    0x0a,
    0x1a,
    0x0a,
    ...pngChunk('IHDR', ihdr),
    ...pngChunk('tEXt', Buffer.from('Title\0Sample')),
    ...pngChunk('IDAT', z.subarray(0, third)),
    ...pngChunk('IDAT', z.subarray(third, 2 * third)),
    ...pngChunk('IDAT', z.subarray(2 * third)),
    ...pngChunk('tEXt', Buffer.from('Comment\0Made for the page examples')),
    ...pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/**
 * A ZIP archive as zip tools write it: local records, then the central directory and its end; after
 * `stub` bytes (an executable JAR's script), which the offsets count.
 */
function zip(members: [name: string, text: string, deflated: boolean][], stub = new Uint8Array(0)): Uint8Array {
  const local: number[] = [...stub];
  const central: number[] = [];
  for (const [name, text, deflated] of members) {
    const content = Buffer.from(text);
    const stored = deflated ? deflateRawSync(content) : content;
    const nameBytes = Buffer.from(name);
    const common = [
      ...le16(20),
      ...le16(0),
      ...le16(deflated ? 8 : 0),
      ...le16(0),
      ...le16(0x5821),
      ...le32(crc32(content)),
      ...le32(stored.length),
      ...le32(content.length),
      ...le16(nameBytes.length),
      ...le16(0),
    ];
    const offset = local.length;
    local.push(0x50, 0x4b, 3, 4, ...common, ...nameBytes, ...stored);
    central.push(0x50, 0x4b, 1, 2, ...le16(20), ...common, ...le16(0), ...le16(0), ...le16(0));
    central.push(...le32(0), ...le32(offset), ...nameBytes);
  }
  const n = members.length;
  const end = [0x50, 0x4b, 5, 6, ...le16(0), ...le16(0), ...le16(n), ...le16(n)];
  end.push(...le32(central.length), ...le32(local.length), ...le16(0));
  return new Uint8Array([...local, ...central, ...end]);
}

const paragraphs = Array.from({ length: 40 }, (_, i) => `<w:p><w:r><w:t>Paragraph ${i}</w:t></w:r></w:p>`).join('');
const rows = Array.from({ length: 50 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c></row>`).join('');

const be32At = (b: Uint8Array, p: number) => ((b[p] << 24) | (b[p + 1] << 16) | (b[p + 2] << 8) | b[p + 3]) >>> 0;

/** An MP4 with its movie's first track box copied after it, so the movie has two tracks. */
function twoTracks(mp4: Uint8Array): Uint8Array {
  const boxAt = (from: number, to: number, type: string): number => {
    for (let p = from; p + 8 <= to; p += be32At(mp4, p))
      if (Buffer.from(mp4.subarray(p + 4, p + 8)).toString('latin1') === type) return p;
    throw new Error(`no ${type} box`);
  };
  const moov = boxAt(0, mp4.length, 'moov');
  const moovSize = be32At(mp4, moov);
  const trak = boxAt(moov + 8, moov + moovSize, 'trak');
  const trakEnd = trak + be32At(mp4, trak);
  const out = Buffer.concat([mp4.subarray(0, trakEnd), mp4.subarray(trak, trakEnd), mp4.subarray(trakEnd)]);
  out.writeUInt32BE(moovSize + trakEnd - trak, moov);
  return new Uint8Array(out);
}

const JUNK = new Uint8Array(Buffer.from('bytes after the end'));

/**
 * More inputs of each map prefix, for the region names the pages mention in passing: bytes after the
 * end marker, a script before a ZIP (an executable JAR), a movie with two tracks.
 */
export function moreSamples(): Record<string, Uint8Array[]> {
  const s = pageSamples();
  const after = (b: Uint8Array) => new Uint8Array([...b, ...JUNK]);
  return {
    png: [after(s['photo.png'])],
    jpeg: [after(s['photo.jpg'])],
    pdf: [after(s['report.pdf'])],
    // An executable JAR: a shell script, then the archive.
    zip: [
      zip([['readme.txt', 'hello\n', false]], new Uint8Array(Buffer.from('#!/bin/sh\nexec java -jar "$0" "$@"\n'))),
    ],
    isobmff: [twoTracks(s['clip.mp4'])],
  };
}

/** The samples by the file names the pages' commands use. */
export function pageSamples(): Record<string, Uint8Array> {
  const media = (name: string) => new Uint8Array(readFileSync(MEDIA + name));
  return {
    'photo.png': png(),
    'photo.jpg': media('photo.jpg'),
    'clip.mp4': media('clip.mp4'),
    'report.pdf': media('linear.pdf'),
    'report.docx': zip([
      ['[Content_Types].xml', '<?xml version="1.0"?><Types/>', true],
      ['_rels/.rels', '<?xml version="1.0"?><Relationships/>', true],
      ['word/document.xml', `<?xml version="1.0"?><w:document><w:body>${paragraphs}</w:body></w:document>`, true],
      ['word/styles.xml', '<?xml version="1.0"?><w:styles/>', true],
    ]),
    'sheet.xlsx': zip([
      ['[Content_Types].xml', '<?xml version="1.0"?><Types/>', true],
      ['xl/workbook.xml', '<?xml version="1.0"?><workbook/>', true],
      ['xl/worksheets/sheet1.xml', `<?xml version="1.0"?><worksheet><sheetData>${rows}</sheetData></worksheet>`, true],
    ]),
    'bundle.zip': zip([
      ['notes.txt', 'hello\n'.repeat(100), false],
      ['data/values.csv', 'a,b\n1,2\n'.repeat(50), true],
    ]),
    'data.csv': new Uint8Array(
      Buffer.from(`id,name,amount\n${Array.from({ length: 60 }, (_, i) => `${i},item ${i},${i * 3}.50\n`).join('')}`),
    ),
    'data.json': new Uint8Array(
      Buffer.from(
        JSON.stringify({ items: Array.from({ length: 40 }, (_, i) => ({ id: i, name: `item ${i}` })) }, null, 2),
      ),
    ),
  };
}
