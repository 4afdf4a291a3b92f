// The /modes/{slug} pages of the damage files take on the way, as real tools make it (docs/damage.md):
// a text-mode transfer, a 7-bit transport, a charset round trip and a misdirected write. Each text
// describes its engine mode exactly as docs/contract.md, sections 6.12 to 6.16, define it.
import type { Mode } from './types.ts';

export const travelModes: Mode[] = [
  {
    slug: 'text-transfer',
    name: 'Text-Mode Transfer',
    algorithm: 'text_transfer',
    metaTitle: 'Text-Mode Transfer: FTP ASCII Line Endings | Fracture',
    metaDescription:
      'Text-Mode Transfer converts line endings as an FTP ASCII-mode transfer or unix2dos and dos2unix do: LF to CRLF or CRLF to LF, byte for byte.',
    keywords: [
      'ftp ascii mode corruption',
      'crlf lf conversion',
      'unix2dos binary file',
      'line ending damage',
      'png signature crlf',
    ],
    hero: {
      eyebrow: 'Mode · Text-Mode Transfer',
      heading: 'Text-Mode Transfer: the FTP ASCII-mode accident, on purpose',
      subheading:
        'Turns LF into CRLF, or CRLF into LF, as a text-mode transfer does to a file that was not text. At intensity 100 the bytes are the real tools’ own.',
    },
    overview:
      "Text-Mode Transfer runs the workspace's Text-Mode Transfer algorithm (engine mode text_transfer). LF to CRLF puts a CR before every LF that has none before it, exactly what vsftpd sends for a file downloaded in ASCII mode and what unix2dos -f writes (unix2dos differs only where an even run of CRs comes before an LF). CRLF to LF drops the CR of every CR LF pair and keeps a lone CR, as dos2unix -f does. The direction is an option (Line endings, under Algorithm in the workspace, or --direction); without it the seed chooses. At intensity 100 every line ending converts; below it a seeded share does. The file grows or shrinks by one byte per line ending converted, and the report says how many it found (line_endings) and converted.",
    highlights: [
      'Byte for byte what vsftpd, unix2dos -f and dos2unix -f do, checked by tests that run those tools and a real FTP transfer.',
      'The PNG signature was designed to catch exactly this: its CR LF and final LF change, so a PNG reader refuses the file at its first eight bytes.',
      'The length changes, so every offset after the first converted line ending moves: ZIP directories, PDF cross-reference tables and MP4 chunk offsets all point at the wrong bytes.',
      'Streams a file of any size in one pass; a CR at a piece boundary waits for the next piece.',
    ],
    bestFor: [
      'Upload and import paths that must notice a binary file mangled by a text-mode transfer',
      'Checking that a format signature or checksum catches line-ending conversion',
      'Text pipelines that must read both CRLF and LF files',
      'Teaching why FTP has a binary mode',
    ],
    workflow: [
      {
        title: 'Choose Text-Mode Transfer',
        description:
          "Pick 'Text-Mode Transfer · Line Endings Converted' in the Algorithm menu, or --mode text_transfer on the command line.",
      },
      {
        title: 'Pick the direction',
        description:
          'LF to CRLF is a download by a CRLF system (Windows) in ASCII mode; CRLF to LF is the reverse. Set it with Line endings, under Algorithm, or with --direction lf_to_crlf; without it the seed chooses and the report names the one it took.',
      },
      {
        title: 'Set the intensity',
        description:
          'At 100 every line ending converts, as the real transfer does. Lower values convert a seeded share, each line ending on its own draw.',
      },
      {
        title: 'Replay it anywhere',
        description:
          'The report gives direction, line_endings and converted, and the replay command: npx fracture --mode text_transfer --direction lf_to_crlf --intensity 100 --seed 5 photo.png',
      },
    ],
    sampleChecklist: [
      'A binary file that went through a text-mode transfer is refused with a clear message, not half-read.',
      'A text importer reads both CRLF and LF files to the same records.',
      'Two runs with the same seed and direction give the same sha256_after.',
      'The report says which direction ran and how many line endings changed.',
    ],
    recommendedFileTypes: ['png', 'zip', 'csv'],
    faqs: [
      {
        question: 'Does curl in ASCII mode do the same?',
        answer:
          'Not on Linux. curl --use-ascii turns CRLF back into LF when it saves an ASCII-mode download, and a lone CR into LF too, so a Linux-to-Linux ASCII transfer mostly undoes itself and loses the binary file’s CRs instead. The bytes the server sends, which a Windows client keeps, are what LF to CRLF makes.',
      },
      {
        question: 'Why does a converted PNG fail at once?',
        answer:
          'The PNG signature ends in CR LF, 0x1A, LF precisely so that a line-ending conversion changes it. Either direction changes the signature, and every reader checks the signature first.',
      },
      {
        question: 'What about a file without any CR?',
        answer:
          'CRLF to LF then finds no line ending to convert and the report says 0 of 0: the output is the input. Choose LF to CRLF for such files, or let the seed choose and read the report.',
      },
    ],
  },
  {
    slug: 'seven-bit',
    name: '7-Bit Transport',
    algorithm: 'seven_bit',
    metaTitle: '7-Bit Transport Mode: High Bit Cleared | Fracture',
    metaDescription:
      '7-Bit Transport clears the high bit of bytes above 0x7F, as old mail gateways and 7-bit serial lines did. At intensity 100 it equals tr.',
    keywords: [
      '7-bit transport corruption',
      'high bit stripped',
      'mail gateway 8bit',
      'tr 200-377',
      'png 0x89 signature',
    ],
    hero: {
      eyebrow: 'Mode · 7-Bit Transport',
      heading: '7-Bit Transport: every byte above 0x7F loses its top bit',
      subheading:
        'The damage of a channel that carries seven bits per byte: text in ASCII survives, everything else does not. The size never changes.',
    },
    overview:
      "7-Bit Transport runs the workspace's 7-Bit Transport algorithm (engine mode seven_bit). Each byte above 0x7F that may change loses its high bit: 0x89 becomes 0x09, 0xFF becomes 0x7F. At intensity 100 every such byte does, and the output equals tr '\\200-\\377' '\\000-\\177' on the same file; below 100 a seeded share does, each byte on its own draw. The size never changes. Byte ranges and Keep checksums valid work as for Bit Rot, so the damage can be aimed and carried past PNG and ZIP checksums. The report gives high_bytes (found) and converted.",
    highlights: [
      'At intensity 100 the output is tr’s, byte for byte, checked by a test that runs tr.',
      "The PNG signature's first byte, 0x89, is there to catch this: it becomes 0x09 and the file is no longer a PNG.",
      'ASCII text passes untouched; UTF-8 text turns into different ASCII characters.',
      'Byte ranges aim it, and Keep checksums valid recomputes PNG, stored ZIP, tar, Ogg and FLAC checksums afterwards.',
    ],
    bestFor: [
      'Mail and message pipelines that must reject 8-bit content they were given 7-bit',
      'Checking that a signature or checksum notices stripped high bits',
      'UTF-8 text handling: what a reader does with text that lost its high bits',
      'Decoders facing damage spread over every non-ASCII byte',
    ],
    workflow: [
      {
        title: 'Choose 7-Bit Transport',
        description: "Pick '7-Bit Transport · High Bit Cleared' in the Algorithm menu, or --mode seven_bit.",
      },
      {
        title: 'Set the share',
        description:
          'At 100 every byte above 0x7F changes; at 30, about 30 in 100 of them, each on its own seeded draw.',
      },
      {
        title: 'Aim it, or get past the checksum',
        description:
          'Use Byte ranges (--only png:IDAT/data) to keep the header intact, and Keep checksums valid (--fix-checksums) so the damage reaches the decoder.',
      },
      {
        title: 'Read the report',
        description: 'high_bytes and converted say how many bytes were above 0x7F and how many lost their high bit.',
      },
    ],
    sampleChecklist: [
      'A binary file that crossed a 7-bit channel is refused with a clear message.',
      'Text that lost its high bits is not taken for valid UTF-8 content.',
      'converted in the report equals the number of bytes that differ.',
      'Two runs with the same seed give the same sha256_after.',
    ],
    recommendedFileTypes: ['png', 'json'],
    faqs: [
      {
        question: 'Do 7-bit channels still exist?',
        answer:
          'SMTP was defined for 7-bit US-ASCII, and 8-bit content needs the 8BITMIME extension or an encoding such as base64. Gateways and serial links that drop the eighth bit are rare now, but the damage still turns up in old archives and in tools that mask bytes with 0x7F.',
      },
      {
        question: 'Does it change ASCII bytes?',
        answer:
          'Never. Only bytes above 0x7F are units, so a file of plain ASCII comes out unchanged and the report says 0 of 0.',
      },
      {
        question: 'Can it run with byte ranges and Keep checksums valid?',
        answer:
          'Yes, both, as Bit Rot and Bad Sectors take them: the high bits are cleared only inside the ranges you allow, and the checksums that cover stored bytes are recomputed afterwards.',
      },
    ],
  },
  {
    slug: 'charset-roundtrip',
    name: 'Charset Round Trip',
    algorithm: 'charset_roundtrip',
    metaTitle: 'Charset Round Trip Mode: Mojibake on Demand | Fracture',
    metaDescription:
      'Charset Round Trip reads bytes as CP1252 or Latin-1 and writes them as UTF-8, or back, as iconv does: mojibake and BOM damage, byte for byte.',
    keywords: [
      'mojibake test file',
      'double utf-8 encoding',
      'cp1252 utf-8 conversion',
      'iconv corruption',
      'utf-8 bom added',
    ],
    hero: {
      eyebrow: 'Mode · Charset Round Trip',
      heading: 'Charset Round Trip: text read in the wrong character set',
      subheading:
        'A tool that reads bytes as CP1252 or Latin-1 and writes them as UTF-8 doubles every byte above 0x7F; the reverse drops what the charset cannot hold. At intensity 100 the bytes are iconv’s.',
    },
    overview:
      "Charset Round Trip runs the workspace's Charset Round Trip algorithm (engine mode charset_roundtrip). To UTF-8 (the default) reads each byte above 0x7F as CP1252 (or Latin-1) and writes its character as UTF-8: é becomes Ã©, the mojibake of text decoded twice, and CP1252's five unassigned bytes are dropped, as iconv -c drops them. From UTF-8 reads each UTF-8 character and writes it as one CP1252 or Latin-1 byte, dropping characters the charset lacks and bytes that are not UTF-8. A UTF-8 BOM can be added or stripped too. At intensity 100 every unit converts and the output equals iconv -c on the same file; below it a seeded share does. The report gives direction, charset, bom, characters, converted and dropped.",
    highlights: [
      'At intensity 100 the output is iconv -c’s, byte for byte, checked by a test that runs iconv.',
      'To UTF-8 grows the file: every byte above 0x7F becomes two or three.',
      'From UTF-8 shrinks it, dropping what the target charset cannot hold.',
      'A BOM added or stripped is the damage editors do when they save a file.',
    ],
    bestFor: [
      'Importers and parsers that must notice double-encoded text',
      'Databases and CSV pipelines that mix up CP1252, Latin-1 and UTF-8',
      'Checking what a reader does with a BOM it did not expect, or without one it did',
      'Binary files that went through a text conversion by mistake',
    ],
    workflow: [
      {
        title: 'Choose Charset Round Trip',
        description: "Pick 'Charset Round Trip · Mojibake' in the Algorithm menu, or --mode charset_roundtrip.",
      },
      {
        title: 'Pick the way and the charset',
        description:
          'With Direction and Charset, under Algorithm, or with --direction to_utf8 or from_utf8 and --charset cp1252 or latin1. The defaults are to UTF-8 from CP1252.',
      },
      {
        title: 'Add or strip a BOM',
        description:
          'Byte order mark, under Algorithm, or --bom: add writes EF BB BF first; strip removes one the file starts with; keep (the default) leaves the start alone.',
      },
      {
        title: 'Read the report',
        description:
          'characters, converted and dropped count the units; the replay command carries every option that changes the bytes.',
      },
    ],
    sampleChecklist: [
      'Text with Ã© where é should be is flagged, or at least not silently stored.',
      'A file that starts with a BOM is read to the same records as one without.',
      'Characters a charset cannot hold are reported, not lost without a word.',
      'Two runs with the same seed and options give the same sha256_after.',
    ],
    recommendedFileTypes: ['csv', 'json'],
    faqs: [
      {
        question: 'Why CP1252 and not WHATWG windows-1252?',
        answer:
          "The page's promise is iconv's output, and glibc's CP1252 leaves 0x81, 0x8D, 0x8F, 0x90 and 0x9D without a character: iconv -c drops them, and so does this mode. WHATWG's windows-1252 gives them C1 control characters instead.",
      },
      {
        question: 'What happens to bytes that are not UTF-8 when reading from UTF-8?',
        answer:
          'Each byte that begins no well-formed UTF-8 sequence is a unit of its own, and converting it drops it, as iconv -c does. A binary file read from UTF-8 therefore loses most of its bytes above 0x7F.',
      },
      {
        question: 'Does a BOM count as damage?',
        answer:
          'For many readers, yes: a CSV reader may take EF BB BF as part of the first column name, and a JSON parser may refuse it. Adding one changes the first bytes; stripping one changes what a BOM-aware reader decides about the encoding.',
      },
    ],
  },
  {
    slug: 'misdirected-write',
    name: 'Misdirected Write',
    algorithm: 'misdirected_write',
    metaTitle: 'Misdirected Write: Blocks at the Wrong Offset | Fracture',
    metaDescription:
      'Misdirected Write copies whole 512- or 4096-byte blocks over other blocks of the same file, as a disk that writes to the wrong address leaves it.',
    keywords: [
      'misdirected write',
      'storage corruption test',
      'dd conv=notrunc',
      'block level corruption',
      'silent data corruption',
    ],
    hero: {
      eyebrow: 'Mode · Misdirected Write',
      heading: 'Misdirected Write: the right data at the wrong place',
      subheading:
        "Whole blocks land on other blocks of the same file, block-aligned, and what was there is lost: a fault storage studies found in the field, which checksums inside the block can't see.",
    },
    overview:
      "Misdirected Write runs the workspace's Misdirected Write algorithm (engine mode misdirected_write). It picks z of the file's whole blocks (4096 bytes, or 512 as an option), 0.2% at intensity 1 and 20% at 100, at least one, shared over the file as Bad Sectors shares its sectors, and overwrites each with a copy of another whole block of the same file, as dd if=IN of=OUT bs=B skip=SOURCE seek=DEST count=1 conv=notrunc would. The bytes after the last whole block never change, nor does the size; a file of fewer than two whole blocks is left as it is. Byte ranges and Keep checksums valid work too. The report gives blocks_misdirected and block_size.",
    highlights: [
      'Every changed block is a copy of another block of the input: the data looks valid, it is just in the wrong place.',
      'A checksum inside the block cannot notice; one that covers the block from outside (a PNG CRC, a ZIP CRC) can.',
      'Block size 512 or 4096, the sector sizes of real disks.',
      'Sources are read by position, so a file of any size streams in bounded memory.',
    ],
    bestFor: [
      'Storage and backup software that must detect blocks in the wrong place',
      'File formats whose integrity checks cover data from outside the block',
      'Recovery tools facing duplicated blocks',
      'Teaching why end-to-end checksums matter',
    ],
    workflow: [
      {
        title: 'Choose Misdirected Write',
        description:
          "Pick 'Misdirected Write · Block at the Wrong Offset' in the Algorithm menu, or --mode misdirected_write.",
      },
      {
        title: 'Pick the block size',
        description:
          'With Block size, under Algorithm, or with --block-size 512 or 4096 (the default). A file needs at least two whole blocks.',
      },
      {
        title: 'Set the intensity',
        description: 'z is 0.2% of the whole blocks at 1 and 20% at 100, at least one.',
      },
      {
        title: 'Read the report',
        description:
          'blocks_misdirected and block_size say what was written; the hits name the regions whose bytes changed.',
      },
    ],
    sampleChecklist: [
      'Duplicated or displaced blocks are detected, not read as valid data.',
      'A backup verify step fails on the damaged copy.',
      'Recovery keeps the blocks it can trust and names the ones it cannot.',
      'Two runs with the same seed give the same sha256_after.',
    ],
    recommendedFileTypes: ['zip', 'pdf', 'mp4'],
    faqs: [
      {
        question: 'Is a misdirected write a real fault?',
        answer:
          'Yes. Bairavasundaram and others (FAST 2008) found misdirected writes among the corruptions of 1.53 million disks in production storage systems, and Krioukov and others (FAST 2008) showed how parity protection misses them. docs/damage.md gives the sources.',
      },
      {
        question: 'Why do some blocks look unchanged?',
        answer:
          'A block copied over an identical block (two blocks of zeros, say) changes no byte. The report counts the blocks written; the hits count only the bytes that differ.',
      },
      {
        question: 'Does it need a large file?',
        answer:
          'Two whole blocks at least: 8,192 bytes at the default block size, 1,024 with --block-size 512. A smaller file is left as it is, and the report says why.',
      },
    ],
  },
];
