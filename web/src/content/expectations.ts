// What a reader should do with a corrupted copy, as the report's `hits` and `expect_overall` say it
// (docs/contract.md, section 14.2): the "What a reader should do" section of every mode page and the
// "What the report names" section of every file type page. Sentences that several pages carry are
// written once here (SAY). Every example command runs in expectations.test.ts on a sample of its type
// (pageSamples.ts) through the reference engine, and its report must say what the page says; every
// selector and unit path must name regions of that sample's structure map. A page's data chunk
// carries its own part only (site/catalog.ts, pageData), so no page loads the others' text.
import { EXPECT_WORDS } from '../../../lib/report/tables.ts';
import type { FileTypeSlug, ModeSlug } from './types.ts';
import { travelExpectations } from './travelExpectations.ts';

export type {
  Expectation,
  ExpectationCase,
  ModeExpectations,
  Overall,
  ReportExample,
} from './expectationTypes.ts';
import type { ExpectationCase, ModeExpectations, Overall, ReportExample } from './expectationTypes.ts';

/** The expectations in words, as the reports write them (engine-data/report.toml, [expect]). */
export const EXPECT_MEANING = EXPECT_WORDS as Readonly<Record<Overall, string>>;

export interface FormatExpectations {
  /** The map's prefix for this type (the part of a path before `:`). */
  prefix: string;
  /** How the report names this type's units. */
  units: string;
  /** Region paths of a typical file of this type (each one is in the sample's map). */
  paths: string[];
  cases: ExpectationCase[];
  /** Paragraphs after the cases (what --member does to the report, say). */
  notes?: string[];
  /** How to aim, with real commands. */
  examples: ReportExample[];
}

/** Sentences more than one page carries. */
export const SAY = {
  report:
    'The report lists hits: each region a run changed (FORMAT:UNIT/FIELD, such as png:IDAT#2/crc, the CRC of the third IDAT chunk), its expectation and why; expect_overall is the strongest of them (reject, then may_accept, then ignored).',
  structural:
    "A changed signature, magic number, type code or marker, or a changed length, offset, count or size, is reject: the reader no longer recognises the file, or its layout no longer holds together. A few such headers also hold fields no reader checks, and a change confined to them is may_accept: a ZIP entry's dates, version made by and attributes, the unchecked bits of a GIF packed-fields byte, gzip's FTEXT flag.",
  checked:
    'Bytes a checksum covers (a critical PNG chunk, a ZIP member, a gzip stream, an Ogg page, a FLAC frame) are reject while that checksum no longer matches. --fix-checksums recomputes the checksums of PNG chunks, stored ZIP members, tar headers, Ogg pages and FLAC frames, and then the same damage is may_accept: a reader gets past the check to the damaged content.',
  payload:
    'Content nothing in the format verifies (a JPEG scan, an MP4 sample, a PDF object body, a PNG tEXt chunk) is may_accept: a reader may open the file and show or compute damaged content.',
  skipped: 'Bytes readers skip (padding, the gaps between parts, anything after the end marker) are ignored.',
  lost: 'For a mode that cuts or removes bytes, the hits are the input regions whose bytes were lost, each judged by its role as if it had changed: lose a CRC, a length or the end marker and it is reject; lose only content and it is may_accept, although a reader that compares a declared size with the bytes left can still notice the cut.',
  aim: "Aim with --only or --protect and a selector FORMAT:PATH: png:IDAT/data is every IDAT chunk's data, png:IDAT#1/data the second's, and * matches within one path segment. Quote a selector holding *, [ or a space. A selector that matches nothing is an error listing the file's units. In the workspace, Advanced's Target picker lists the file's units and members and writes the selector or the --member glob for you.",
  spread:
    'Damage spread over the whole file nearly always reaches a length, a type code or checksummed bytes, so on a file with structure the report says reject: a strict reader must refuse it, while a tolerant one may still show part of it.',
  text: 'CSV, JSON and other text have no structure map: the whole file is one region, text:whole, content that nothing in a text format verifies, so every change is may_accept. That is the expectation the format defines, not a prediction: a strict parser still fails on broken quoting or brackets, and strict UTF-8 decoding on invalid bytes.',
  zipData:
    "A member's data is covered by the CRC-32 of its uncompressed content, so damage there is reject. --fix-checksums recomputes that CRC only for stored members (method 0); a deflated member, as the parts of a DOCX or XLSX usually are, stays reject. To reach the parser behind the ZIP layer, use --member.",
  member:
    "With --member GLOB each matching member is corrupted as a file of its own, stored with the right CRC-32 and sizes, and the archive is rebuilt valid: unzip -t passes and the member extracts to its damaged content, so the test reaches the XML parser. The rewritten headers, CRC-32s and directory are repairs, not hits: the report has one hit per member whose content changed, on zip:member[NAME]/data, and its expectation is the member's own (its entry in member.members carries its own hits and expect_overall), so damaged XML is may_accept and a PNG member whose CRCs broke is reject.",
} as const;

/** The sentences every expectations section shows, carried in each page's data chunk. */
export interface ExpectationWords {
  meanings: Readonly<Record<Overall, string>>;
  report: string;
  aim: string;
}

export const EXPECTATION_WORDS: ExpectationWords = { meanings: EXPECT_MEANING, report: SAY.report, aim: SAY.aim };

/** What a mode or file type page's chunk carries for its expectations section (site/catalog.ts). */
export interface PageExpectations {
  words: ExpectationWords;
  mode?: ModeExpectations;
  format?: FormatExpectations;
}

const CRITICAL_PNG =
  'The critical chunks (IHDR, PLTE, IDAT, IEND) are covered by their CRC-32: damage in their data or CRC is reject, or may_accept with --fix-checksums, which recomputes the CRC.';

export const modeExpectations: Record<ModeSlug, ModeExpectations> = {
  'byte-flip': {
    summary: `Byte Flip rewrites 5% to 50% of the bytes after a header of at most 1 KiB. ${SAY.spread} Aimed with --only at content nothing verifies, it gives may_accept.`,
    cases: [
      { expect: 'reject', text: SAY.structural },
      {
        expect: 'reject',
        text: 'Inside a PNG IDAT chunk the chunk CRC no longer matches, so a strict reader must reject the file.',
      },
      {
        expect: 'may_accept',
        text: 'The same IDAT damage with --fix-checksums: the CRC is recomputed and matches, so a reader reaches the compressed pixels and may show a damaged picture.',
      },
      { expect: 'ignored', text: SAY.skipped },
    ],
    example: {
      command: 'npx fracture --mode byte_flip --seed 7 --only png:IDAT/data --fix-checksums --report photo.png',
      overall: 'may_accept',
      hits: [
        { path: 'png:IDAT#0/data', expect: 'may_accept' },
        { path: 'png:IDAT#0/crc', expect: 'may_accept' },
      ],
      note: 'Only the IDAT data changes and every IDAT CRC is recomputed: the data hits are may_accept (the checksum was fixed) and the CRC hits are the repair itself.',
    },
  },
  'header-tamper': {
    summary:
      "Header Tamper breaks the structure its file's readers need first: the signature, the magic numbers, the end records. Those regions are magic or layout, so for every format Fracture maps (PNG, JPEG, GIF, WebP, WAV, AVI, MP4, MOV, HEIC, the ZIP family, tar, gzip, Ogg, FLAC, PDF, ELF) the report says reject, and a strict reader must refuse the file. Text and the formats without a map (BMP or MP3, say) are one region, FORMAT:whole, that nothing verifies: may_accept.",
    cases: [
      { expect: 'reject', text: SAY.structural },
      {
        expect: 'may_accept',
        text: 'The scattered damage that comes with it also lands in content (a PDF object body, an MP4 sample): those hits are may_accept, but the overall expectation is the strongest hit, reject.',
      },
      { expect: 'may_accept', text: SAY.text },
    ],
    example: {
      command: 'npx fracture --mode guaranteed_break --seed 7 --report photo.png',
      overall: 'reject',
      hits: [
        { path: 'png:signature', expect: 'reject' },
        { path: 'png:IHDR/type', expect: 'reject' },
      ],
      note: 'The PNG recipe overwrites the 8-byte signature and the IHDR chunk: both hits are reject, and so is expect_overall.',
    },
  },
  'block-noise': {
    summary:
      'Block Noise swaps whole 4096-byte blocks, so the hits are every region of every block slot that received another block. A moved block carries lengths, markers and checksummed bytes out of place, so on a file with structure the report says reject. A file with fewer than two whole blocks (under 8 KiB) has nothing to swap: expect_overall is unchanged.',
    cases: [
      {
        expect: 'reject',
        text: 'A slot holding a length, marker or checksummed bytes now holds another block: reject.',
      },
      {
        expect: 'may_accept',
        text: 'A slot that lies inside content nothing verifies (an MP4 mdat, a JPEG scan) is may_accept on its own, though a larger file rarely has only such slots moved.',
      },
    ],
    example: {
      command: 'npx fracture --mode shuffle_blocks --seed 7 --report report.pdf',
      overall: 'reject',
      hits: [{ path: 'pdf:xref#0', expect: 'reject' }],
      note: 'The sample PDF (11,656 bytes) has two whole blocks, and they swap places: its header, objects and first cross-reference table move, and those hits are reject.',
    },
  },
  'entropy-surge': {
    summary: `Entropy Surge removes one span of the file and puts random bytes in its place, at most as many as it removed. ${SAY.lost} A cut in a PNG or ZIP usually lands in checksummed data, so reject; a cut inside a JPEG scan loses only content.`,
    cases: [
      {
        expect: 'reject',
        text: 'The removed span covered a length, a marker or bytes a checksum covers: reject.',
      },
      {
        expect: 'may_accept',
        text: 'The removed span lay inside content nothing verifies: may_accept, though every byte after it has moved.',
      },
    ],
    example: {
      command: 'npx fracture --mode truncate_insert --intensity 10 --seed 7 --report photo.png',
      overall: 'reject',
      hits: [{ path: 'png:IDAT#0/data', expect: 'reject' }],
      note: 'The removed span lies in the IDAT data, which the chunk CRC covers: reject.',
    },
  },
  'random-byte-mutation': {
    summary: `Random Byte Mutation leaves the first 5% of the file (at most 4 KiB) alone and rewrites bytes after it, as Byte Flip does. ${SAY.spread} The kept header lets a reader recognise the file first, so the test reaches the checks further in.`,
    cases: [
      { expect: 'reject', text: SAY.structural },
      { expect: 'reject', text: SAY.checked },
      { expect: 'may_accept', text: SAY.payload },
    ],
    example: {
      command: 'npx fracture --mode header_preserve_flip --seed 7 --report report.pdf',
      overall: 'reject',
      hits: [
        { path: 'pdf:object[83 0]/header', expect: 'reject' },
        { path: 'pdf:object[83 0]/body', expect: 'may_accept' },
      ],
      note: "An object's body is content (may_accept), but its obj keyword is structure (reject), and so is the report overall.",
    },
  },
  'interrupted-download': {
    summary: `Interrupted Download cuts the end of the file off. ${SAY.lost} Most formats keep something a reader needs at the end (PNG's IEND, JPEG's EOI, a ZIP central directory, a PDF's trailer and %%EOF), so the report usually says reject. An MP4 whose last box is media data loses only content: may_accept.`,
    cases: [
      {
        expect: 'reject',
        text: 'The lost end held an end marker, a checksum or a length: reject.',
      },
      {
        expect: 'may_accept',
        text: 'The lost end held only content (the tail of an MP4 mdat box or of a text file): may_accept.',
      },
      {
        expect: 'ignored',
        text: 'Bytes after the end marker, such as the newline after a PDF %%EOF, are ignored when they are lost.',
      },
    ],
    example: {
      command: 'npx fracture --mode interrupted_transfer --intensity 1 --seed 7 --report report.pdf',
      overall: 'reject',
      hits: [
        { path: 'pdf:startxref#1/eof', expect: 'reject' },
        { path: 'pdf:trailing', expect: 'ignored' },
      ],
      note: 'At intensity 1 the cut takes the last trailer, startxref and %%EOF: reject; the newline after %%EOF is ignored.',
    },
  },
  'bad-sectors': {
    summary:
      'Bad Sectors zeroes whole 4096-byte sectors. On an unaimed run a zeroed sector takes everything in it, signatures and lengths included, so the report usually says reject (unless every zeroed sector lies in content, such as the media data of a large MP4); a file under 4 KiB is one sector, zeroed whole. Aimed with --only at content, only those bytes become zero: may_accept (bytes that were zero already do not count as changed).',
    cases: [
      { expect: 'reject', text: SAY.structural },
      { expect: 'reject', text: SAY.checked },
      { expect: 'may_accept', text: SAY.payload },
    ],
    example: {
      command: 'npx fracture --mode bad_sectors --seed 7 --only jpeg:SOS/entropy --report photo.jpg',
      overall: 'may_accept',
      hits: [{ path: 'jpeg:SOS/entropy', expect: 'may_accept' }],
      note: 'Only the JPEG scan data becomes zero; nothing in JPEG verifies it, so a decoder may show a damaged picture.',
    },
  },
  'bit-rot': {
    summary: `Bit Rot flips single bits, sparsely: the report names the few regions that were hit, and each gets the expectation of its role. One flipped bit in a length or a CRC-covered chunk is enough for reject. ${SAY.checked}`,
    cases: [
      { expect: 'reject', text: SAY.structural },
      {
        expect: 'may_accept',
        text: 'One flipped bit in checksummed data with --fix-checksums, or in content nothing verifies: may_accept.',
      },
      { expect: 'ignored', text: SAY.skipped },
    ],
    example: {
      command: 'npx fracture --mode bit_rot --seed 7 --only png:IDAT/data --report photo.png',
      overall: 'reject',
      hits: [{ path: 'png:IDAT#0/data', expect: 'reject' }],
      note: 'The flipped bits lie in the data of the IDAT chunks, whose CRCs now fail: a strict PNG reader must reject the file. Add --fix-checksums and the same bits are may_accept.',
    },
  },
  ...travelExpectations,
};

export const formatExpectations: Record<FileTypeSlug, FormatExpectations> = {
  pdf: {
    prefix: 'pdf',
    units:
      'A PDF is read token by token: each object is object[N G] (header, body, end), then xref, trailer, startxref (keyword, offset, eof) and eof; an incremental update repeats them (xref#1, object[3 0]#1). Whitespace between units is pdf:gap, bytes after the last %%EOF pdf:trailing.',
    paths: ['pdf:header', 'pdf:object[1 0]/body', 'pdf:xref#0', 'pdf:trailer#1', 'pdf:startxref#1/offset'],
    cases: [
      {
        expect: 'reject',
        text: 'The %PDF- header, the obj and endobj keywords, the cross-reference table, the trailer, the startxref offset and %%EOF: the structure a reader navigates by.',
      },
      {
        expect: 'may_accept',
        text: 'An object body: PDF has no checksum, so a reader may open the file and render a damaged page, font or image.',
      },
      { expect: 'ignored', text: 'Whitespace between objects and bytes after the last %%EOF.' },
    ],
    examples: [
      {
        command: "npx fracture --mode bit_rot --seed 7 --only 'pdf:object[1 0]/body' --report report.pdf",
        overall: 'may_accept',
        hits: [{ path: 'pdf:object[1 0]/body', expect: 'may_accept' }],
        note: 'One object body only: the file still parses, and the reader meets the damage when it uses that object.',
      },
      {
        command: 'npx fracture --mode bit_rot --seed 7 --only pdf:xref --report report.pdf',
        overall: 'reject',
        hits: [{ path: 'pdf:xref#1', expect: 'reject' }],
        note: 'The cross-reference tables only: a strict reader must refuse the file; a tolerant one may rebuild the table by scanning for obj keywords.',
      },
    ],
  },
  docx: {
    prefix: 'zip',
    units:
      'A DOCX is a ZIP archive, and the report names its parts as a ZIP: zip:member[word/document.xml] with its local_header and data, zip:central[NAME] for its central directory entry, and zip:eocd for the end record.',
    paths: [
      'zip:member[word/document.xml]/local_header',
      'zip:member[word/document.xml]/data',
      'zip:central[word/document.xml]',
      'zip:eocd',
    ],
    cases: [
      {
        expect: 'reject',
        text: 'Local headers, central directory entries and the end record: the offsets and sizes the ZIP layer reads.',
      },
      { expect: 'reject', text: SAY.zipData },
    ],
    notes: [SAY.member],
    examples: [
      {
        command:
          "npx fracture --mode bit_rot --seed 7 --only 'zip:member[word/document.xml]/data' --report report.docx",
        overall: 'reject',
        hits: [{ path: 'zip:member[word/document.xml]/data', expect: 'reject' }],
        note: "The document part's compressed bytes change and their CRC-32 no longer matches: Word and every ZIP reader must refuse the file before the XML is read.",
      },
      {
        command: "npx fracture --mode byte_flip --seed 7 --member 'word/*.xml' --report report.docx",
        overall: 'may_accept',
        hits: [{ path: 'zip:member[word/document.xml]/data', expect: 'may_accept' }],
        note: 'document.xml and styles.xml are damaged as XML files of their own and stored back with the right CRC: the ZIP layer accepts the file and the damage reaches the XML parser. Each part has a hit with its own expectation, may_accept for XML, which nothing in the format verifies; member.members in the report lists each part.',
      },
    ],
  },
  xlsx: {
    prefix: 'zip',
    units:
      'An XLSX is a ZIP archive: each worksheet is a member such as zip:member[xl/worksheets/sheet1.xml] (local_header, data), with its directory entry zip:central[xl/worksheets/sheet1.xml] and the zip:eocd end record.',
    paths: ['zip:member[xl/worksheets/sheet1.xml]/data', 'zip:central[xl/workbook.xml]', 'zip:eocd'],
    cases: [
      {
        expect: 'reject',
        text: 'Local headers, central directory entries and the end record: the offsets and sizes the ZIP layer reads.',
      },
      { expect: 'reject', text: SAY.zipData },
    ],
    notes: [SAY.member],
    examples: [
      {
        command: 'npx fracture --mode bit_rot --seed 7 --only zip:eocd --report sheet.xlsx',
        overall: 'reject',
        hits: [{ path: 'zip:eocd', expect: 'reject' }],
        note: 'One bit of the end of central directory record: every ZIP reader must refuse the workbook.',
      },
      {
        command: "npx fracture --mode byte_flip --seed 7 --member 'xl/worksheets/*.xml' --report sheet.xlsx",
        overall: 'may_accept',
        hits: [{ path: 'zip:member[xl/worksheets/sheet1.xml]/data', expect: 'may_accept' }],
        note: 'Each worksheet is damaged as an XML file and stored back valid, so the spreadsheet reader gets past the ZIP layer to the sheet XML. Each worksheet has a hit with its own expectation, may_accept for XML; the report lists them in member.members.',
      },
    ],
  },
  csv: {
    prefix: 'text',
    units: 'A CSV file is one region, text:whole.',
    paths: ['text:whole'],
    cases: [{ expect: 'may_accept', text: SAY.text }],
    examples: [
      {
        command: 'npx fracture --mode guaranteed_break --seed 7 --report data.csv',
        overall: 'may_accept',
        hits: [{ path: 'text:whole', expect: 'may_accept' }],
        note: 'The text recipe poisons the first bytes and breaks delimiters and quotes; the report still says may_accept, because CSV defines no check. Your importer should refuse it anyway.',
      },
    ],
  },
  zip: {
    prefix: 'zip',
    units:
      'Each member is zip:member[NAME] with local_header, data and, for streamed members, descriptor; then zip:central[NAME] per directory entry, zip64_eocd and zip64_locator when present, zip:eocd and its comment. Bytes before the first member (the script of an executable JAR) are zip:gap.',
    paths: [
      'zip:member[notes.txt]/data',
      'zip:member[data/values.csv]/local_header',
      'zip:central[notes.txt]',
      'zip:eocd',
    ],
    cases: [
      {
        expect: 'reject',
        text: 'Local headers, central directory entries, ZIP64 records and the end record: the offsets and sizes a ZIP reader needs.',
      },
      { expect: 'reject', text: SAY.zipData },
      {
        expect: 'may_accept',
        text: 'A stored member data with --fix-checksums (its CRC-32 recomputed), and the archive comment, which nothing verifies.',
      },
      { expect: 'ignored', text: 'Bytes before the first member.' },
    ],
    notes: [SAY.member],
    examples: [
      {
        command:
          "npx fracture --mode byte_flip --seed 7 --fix-checksums --only 'zip:member[notes.txt]/data' --report bundle.zip",
        overall: 'may_accept',
        hits: [
          { path: 'zip:member[notes.txt]/data', expect: 'may_accept' },
          { path: 'zip:central[notes.txt]', expect: 'may_accept' },
        ],
        note: 'notes.txt is stored, so its CRC-32 is recomputed in the local header and the central directory: unzip -t passes and notes.txt extracts damaged.',
      },
      {
        command:
          "npx fracture --mode byte_flip --seed 7 --fix-checksums --only 'zip:member[data/values.csv]/data' --report bundle.zip",
        overall: 'reject',
        hits: [{ path: 'zip:member[data/values.csv]/data', expect: 'reject' }],
        note: 'values.csv is deflated: --fix-checksums cannot recompute its CRC (it covers the inflated content), so a reader must refuse it. Aim with --member data/values.csv to damage its content instead.',
      },
      {
        command: 'npx fracture --mode byte_flip --seed 7 --member notes.txt --report bundle.zip',
        overall: 'may_accept',
        hits: [{ path: 'zip:member[notes.txt]/data', expect: 'may_accept' }],
        note: 'notes.txt is damaged as a text file of its own and stored with its new CRC-32: unzip -t passes. Its rewritten CRC is a repair, not a hit; the one hit is notes.txt with its own expectation, may_accept for text.',
      },
    ],
  },
  jpg: {
    prefix: 'jpeg',
    units:
      'Each marker segment is a unit named after its marker (SOI, APP0, DQT#0, SOF0, DHT#2, SOS, EOI) with marker, length and data; the scan data after SOS is jpeg:SOS/entropy. Bytes after EOI are jpeg:trailing.',
    paths: ['jpeg:SOI', 'jpeg:APP0/data', 'jpeg:DQT#0/length', 'jpeg:SOS/entropy', 'jpeg:EOI'],
    cases: [
      {
        expect: 'reject',
        text: 'The SOI and EOI markers, every marker code and every segment length: a reader can no longer walk the segments.',
      },
      {
        expect: 'may_accept',
        text: 'Segment data (tables, APPn metadata) and the entropy-coded scan: JPEG has no checksum, so a decoder may show a damaged picture, or give up on a broken Huffman table.',
      },
      { expect: 'ignored', text: 'Bytes after EOI and fill bytes between segments.' },
    ],
    examples: [
      {
        command: 'npx fracture --mode bit_rot --seed 7 --only jpeg:SOS/entropy --report photo.jpg',
        overall: 'may_accept',
        hits: [{ path: 'jpeg:SOS/entropy', expect: 'may_accept' }],
        note: 'Scan data only: a decoder opens the image and shows the damage from that point on.',
      },
      {
        command: "npx fracture --mode bit_rot --seed 7 --only 'jpeg:*/length' --report photo.jpg",
        overall: 'reject',
        hits: [{ path: 'jpeg:DQT#0/length', expect: 'reject' }],
        note: 'Every segment length, and nothing else: one wrong length and the segments no longer line up.',
      },
    ],
  },
  png: {
    prefix: 'png',
    units:
      'png:signature, then each chunk by its type with length, type, data and crc; a type that occurs more than once is numbered from 0 (IDAT#0, IDAT#1, tEXt#1). Bytes after IEND are png:trailing.',
    paths: ['png:signature', 'png:IHDR/data', 'png:IDAT#2/crc', 'png:tEXt#0/data', 'png:IEND/crc'],
    cases: [
      { expect: 'reject', text: 'The signature, and any chunk length or type code.' },
      { expect: 'reject', text: CRITICAL_PNG },
      {
        expect: 'may_accept',
        text: 'Ancillary chunks (a lower-case first letter: tEXt, gAMA, tIME): decoders discard an ancillary chunk whose CRC fails, so damage there may be accepted.',
      },
      { expect: 'ignored', text: 'Bytes after IEND.' },
    ],
    examples: [
      {
        command: 'npx fracture --mode bit_rot --seed 7 --only png:IDAT/data --report photo.png',
        overall: 'reject',
        hits: [{ path: 'png:IDAT#0/data', expect: 'reject' }],
        note: 'Flipped bits in the compressed pixel data: the IDAT CRCs fail, so a strict reader must refuse the image.',
      },
      {
        command: 'npx fracture --mode byte_flip --seed 7 --only png:IDAT/data --fix-checksums --report photo.png',
        overall: 'may_accept',
        hits: [
          { path: 'png:IDAT#0/data', expect: 'may_accept' },
          { path: 'png:IDAT#0/crc', expect: 'may_accept' },
        ],
        note: 'The same aim with the CRCs recomputed: the chunks check out and the damage reaches the decompressor, which may still give up on broken compressed data, or show a damaged picture.',
      },
      {
        command: 'npx fracture --mode bit_rot --seed 7 --only png:tEXt/data --report photo.png',
        overall: 'may_accept',
        hits: [{ path: 'png:tEXt#0/data', expect: 'may_accept' }],
        note: 'Text metadata only: its CRC fails, but the chunk is ancillary, so a reader may drop it and show the image.',
      },
    ],
  },
  mp4: {
    prefix: 'isobmff',
    units:
      'MP4, MOV and HEIC share one map, isobmff: each box by its type, nested in its container (isobmff:moov/trak#1/mdia/hdlr/data is in the second track), with size, type and data; containers end with rest.',
    paths: [
      'isobmff:ftyp/type',
      'isobmff:mdat/data',
      'isobmff:moov/mvhd/size',
      'isobmff:moov/trak/mdia/minf/stbl/stco/data',
    ],
    cases: [
      { expect: 'reject', text: 'Box sizes and type codes (and 64-bit sizes): the box tree no longer holds together.' },
      {
        expect: 'may_accept',
        text: 'Box data: the media samples in mdat, and tables such as stco, whose damage no check catches; a player may play damaged frames or seek to the wrong place.',
      },
      { expect: 'ignored', text: 'Bytes past the last box.' },
    ],
    examples: [
      {
        command: 'npx fracture --mode bit_rot --seed 7 --only isobmff:mdat/data --report clip.mp4',
        overall: 'may_accept',
        hits: [{ path: 'isobmff:mdat/data', expect: 'may_accept' }],
        note: 'Media samples only: the file opens and plays with damage.',
      },
      {
        command: "npx fracture --mode bit_rot --seed 7 --only 'isobmff:moov/*/size' --report clip.mp4",
        overall: 'reject',
        hits: [{ path: 'isobmff:moov/mvhd/size', expect: 'reject' }],
        note: 'The sizes of the boxes directly inside moov: a reader can no longer walk the movie header.',
      },
    ],
  },
  json: {
    prefix: 'text',
    units: 'A JSON file is one region, text:whole.',
    paths: ['text:whole'],
    cases: [{ expect: 'may_accept', text: SAY.text }],
    examples: [
      {
        command: 'npx fracture --mode bit_rot --seed 7 --report data.json',
        overall: 'may_accept',
        hits: [{ path: 'text:whole', expect: 'may_accept' }],
        note: 'A few flipped bits: the report says may_accept; a JSON parser must still refuse a broken bracket or quote, and may accept a changed digit.',
      },
    ],
  },
};
