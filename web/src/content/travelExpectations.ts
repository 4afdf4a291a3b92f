// What a reader should do with the output of the modes of travelModes.ts, as the report's hits say it
// (docs/contract.md, section 14.2). A conversion that changes the length (Text-Mode Transfer, Charset
// Round Trip) has as hits the units it converted, each judged by its region's role; the modes that
// keep the length (7-Bit Transport, Misdirected Write) have the bytes that differ. Every example runs
// in expectations.test.ts, as the other modes' do.
import type { ModeExpectations } from './expectationTypes.ts';

/** Sentences the four pages share (expectations.ts's SAY holds the ones every page shares). */
const SHIFT =
  'The length changes, so every byte after the first converted unit moves: a reader that follows offsets (a ZIP directory, a PDF cross-reference table, an MP4 chunk table) lands on the wrong bytes even where the hits say may_accept.';

export const travelExpectations: Record<
  'text-transfer' | 'seven-bit' | 'charset-roundtrip' | 'misdirected-write',
  ModeExpectations
> = {
  'text-transfer': {
    summary: `Text-Mode Transfer hits each line ending it converts: in a binary file these land in signatures, lengths and checksummed data, so the report says reject; in text, whose one region nothing verifies, may_accept. ${SHIFT}`,
    cases: [
      {
        expect: 'reject',
        text: "A PNG's signature ends in CR LF, 0x1A, LF: either direction changes it, and a strict reader must refuse the file.",
      },
      {
        expect: 'may_accept',
        text: 'CSV, JSON and other text: the whole file is text:whole, content nothing verifies, so a reader may accept the other line endings.',
      },
    ],
    example: {
      command: 'npx fracture --mode text_transfer --direction lf_to_crlf --intensity 100 --seed 7 --report photo.png',
      overall: 'reject',
      hits: [{ path: 'png:signature', expect: 'reject' }],
      note: 'The LF at the end of the PNG signature gains a CR (the one after its CR already has one), so the signature no longer matches: reject, from the first eight bytes.',
    },
  },
  'seven-bit': {
    summary:
      '7-Bit Transport changes every byte above 0x7F it reaches, so in a binary file nearly every region is hit, the signature first: reject. ASCII text has no such byte and comes out unchanged; UTF-8 text turns into other ASCII, may_accept as text:whole.',
    cases: [
      {
        expect: 'reject',
        text: "The PNG signature's 0x89 becomes 0x09, and CRC-covered chunk data changes: a strict reader must refuse the file.",
      },
      {
        expect: 'may_accept',
        text: 'Aimed with --only at checksummed data and with --fix-checksums, the checksums are recomputed and the damaged data is may_accept.',
      },
    ],
    example: {
      command: 'npx fracture --mode seven_bit --intensity 100 --seed 7 --report photo.png',
      overall: 'reject',
      hits: [{ path: 'png:signature', expect: 'reject' }],
      note: "The signature's first byte, 0x89, loses its high bit: the file is no longer a PNG to any reader.",
    },
  },
  'charset-roundtrip': {
    summary: `Charset Round Trip hits each unit it converts (a byte above 0x7F, a UTF-8 character) and, with --bom add, the first byte: in text that is text:whole, may_accept; in a binary file the signature and checksummed data, reject. ${SHIFT}`,
    cases: [
      {
        expect: 'may_accept',
        text: 'Text read in the wrong charset, or given a BOM: text:whole, content nothing in a text format verifies. A strict reader may still refuse the BOM or the changed characters.',
      },
      {
        expect: 'reject',
        text: 'A binary file read as CP1252 and written as UTF-8: its signature and checksummed data change, and a strict reader must refuse it.',
      },
    ],
    example: {
      command: 'npx fracture --mode charset_roundtrip --bom add --seed 7 --report data.csv',
      overall: 'may_accept',
      hits: [{ path: 'text:whole', expect: 'may_accept' }],
      note: 'The CSV is ASCII, so no character changes; the BOM added before it is the one hit, in text:whole: a reader may accept it, or take EF BB BF for part of the first column name.',
    },
  },
  'misdirected-write': {
    summary:
      'Misdirected Write hits the bytes of each overwritten block that differ from what was there: content, lengths, markers, whatever the block held. On a file with structure the report says reject where a block covered a layout or checksummed bytes, and may_accept where it only replaced content nothing verifies.',
    cases: [
      {
        expect: 'reject',
        text: 'A block written over a ZIP member, a PNG chunk or a PDF cross-reference table: the checksum or the layout no longer holds.',
      },
      {
        expect: 'may_accept',
        text: "A block written over a PDF object body, which no checksum covers: a reader may render the other block's bytes as content.",
      },
    ],
    example: {
      command: 'npx fracture --mode misdirected_write --block-size 512 --seed 7 --report report.pdf',
      overall: 'reject',
      hits: [
        { path: 'pdf:object[7 0]/header', expect: 'reject' },
        { path: 'pdf:object[7 0]/body', expect: 'may_accept' },
      ],
      note: "Three of the PDF's 22 whole 512-byte blocks take copies of other blocks: each object whose bytes changed is hit, its obj and endobj keywords reject, its body may_accept.",
    },
  },
};
