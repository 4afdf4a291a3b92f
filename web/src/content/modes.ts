// The twelve /modes/{slug} pages. Each page's name is a technique; `algorithm` is the workspace choice
// that runs it, and the text describes that engine mode exactly as docs/contract.md, section 6 defines it.
// The damage files take on the way (text-mode transfer, 7-bit transport, charset round trip,
// misdirected write) are in travelModes.ts.
import type { Mode } from './types.ts';
import { slugIndex } from './lookup.ts';
import { travelModes } from './travelModes.ts';

const originalModes: Mode[] = [
  {
    slug: 'byte-flip',
    name: 'Byte Flip',
    algorithm: 'quick_scramble',
    metaTitle: 'Byte Flip Corruption Mode: Scatter Damage | Fracture',
    metaDescription:
      'Byte Flip rewrites a seeded share of bytes across the whole file without changing its size. How it works, intensity, and when to use it.',
    keywords: [
      'byte flip corruption',
      'random byte flips',
      'bit flip test file',
      'quick scramble',
      'file fuzzing seed',
    ],
    hero: {
      eyebrow: 'Mode · Quick Scramble',
      heading: 'Byte Flip: damage spread across the whole file',
      subheading:
        'Rewrites bytes at seeded random positions, from about 5% of the file at intensity 1 to half of it at 100, and keeps the size exactly. The quickest way to find out whether your code notices damage at all.',
    },
    overview:
      "Byte Flip runs the workspace's Quick Scramble algorithm (engine mode byte_flip). It keeps a small header, 0.5% of the file and at most 1 KiB, then chooses 5% + 45% × intensity/100 of the file's bytes at distinct seeded positions: 41% at the default intensity of 80. About 30% of the chosen bytes get a random value; the rest are XORed with a random non-zero value. The file keeps its exact size. If the quick check afterwards finds that the output still looks intact, Fracture runs again on the original at intensity 100 with seed + 1 and marks the report escalated.",
    highlights: [
      'The report counts the positions rewritten (ops) and the header bytes kept (preserve_header).',
      'The size never changes, so length checks pass and only parsing or checksums can catch the damage.',
      'Damage is spread over the whole file in proportion to its length, not bunched at the start.',
      'The same file, intensity and seed give the same bytes in the browser, the command line tool and CI.',
      'It escalates at most once, and says so in the report (escalated: true).',
    ],
    bestFor: [
      'Smoke tests: does the parser report damage instead of crashing?',
      'Integrity checks (sha256, CRC, signatures) that must flag any change',
      'Seeded regression fixtures for decoders and importers',
      'Noisy, heavily damaged images for visual experiments',
    ],
    workflow: [
      {
        title: 'Choose Quick Scramble',
        description:
          "In the workspace's Algorithm menu pick 'Quick Scramble · Random Bit Flips'. On the command line use --mode byte_flip (or quick_scramble).",
      },
      {
        title: 'Set the intensity',
        description:
          'Share of bytes rewritten: about 5.5% at 1, 18.5% at 30, 41% at 80, 50% at 100. Use 60–80 for "does it fail cleanly", the low end for "does it notice at all".',
      },
      {
        title: 'Run and read the report',
        description:
          'Check ops, preserve_header, entropy before and after, and escalated. sha256_after identifies the exact file you tested.',
      },
      {
        title: 'Pin the fixture',
        description:
          'Store mode, intensity and seed with the test, or rebuild the file in CI: npx fracture --mode byte_flip --intensity 80 --seed 42 --report sample.json',
      },
    ],
    sampleChecklist: [
      'The app shows an error or a partial result; it never crashes, hangs or shows a blank screen.',
      'Logs name the file and the failure, not only a stack trace.',
      'Checksums or signatures on the file fail verification.',
      'If the report says escalated: true, the fixture description says so too.',
      'Two runs with the same seed give the same sha256_after.',
    ],
    recommendedFileTypes: ['pdf', 'csv', 'jpg', 'png', 'json'],
    faqs: [
      {
        question: 'Does Byte Flip flip single bits?',
        answer:
          'No. Despite the workspace label "Random Bit Flips", each chosen byte is rewritten: 30% get a random value and the rest are XORed with a random non-zero byte, so most chosen bytes change in several bits at once.',
      },
      {
        question: 'Why is even intensity 1 quite destructive?',
        answer:
          'The share of bytes is 5% + 45% × intensity/100, so it never drops below about 5%. For a lighter touch use Entropy Surge (Cut & Replace) at low intensity, which removes a single span of 0.5% of the file at intensity 1.',
      },
      {
        question: 'Why does my report say escalated?',
        answer:
          'After corrupting, Fracture runs a quick heuristic check for signs of damage. If the output still looked intact, it corrupted the original again at intensity 100 with seed + 1. The seed and intensity in the report stay the ones you chose, so the run is still reproducible.',
      },
      {
        question: 'Will the corrupted file still open?',
        answer:
          'Sometimes. Byte Flip keeps a small header, so software may still recognise the file and open part of it, which is useful for testing recovery. When a file must be refused, use Header Tamper.',
      },
    ],
  },
  {
    slug: 'header-tamper',
    name: 'Header Tamper',
    algorithm: 'guaranteed_break',
    metaTitle: "Header Tamper Mode: Files That Won't Open | Fracture",
    metaDescription:
      'Header Tamper applies a format-aware failure recipe so ZIP, Office, PDF, image and text files are rejected by real parsers. What each recipe breaks.',
    keywords: [
      "won't open file",
      'header tamper',
      'format-aware corruption',
      'unopenable test file',
      'guaranteed broken file',
    ],
    hero: {
      eyebrow: "Mode · Won't Open",
      heading: 'Header Tamper: a file built not to open',
      subheading:
        "Applies the failure recipe for the file's format family, breaking the structure real parsers depend on, not just the first few bytes.",
    },
    overview:
      "Header Tamper runs the workspace's Won't Open algorithm (engine mode guaranteed_break). It first identifies the file's family from its magic bytes, then its extension, then a text check, and applies that family's format-aware failure recipe. ZIP archives and the Office formats built on them (DOCX, XLSX, PPTX) lose their ZIP signature and end-of-central-directory record. PDFs lose their header and the structure keywords obj, stream, xref, trailer and %%EOF. PNGs lose their signature and IHDR chunk; JPEGs their start-of-image and following markers. CSV, JSON and other text files get a NUL and non-UTF-8 poison header, destroyed delimiters, quotes and brackets, a cut of at least 50 bytes or 10%, and scrambling. Files of no known family get their first 16 bytes inverted plus random byte flips. Intensity adds damage on top: at 1 the file still looks like the original apart from its broken structure; at 100 the damage is heavy.",
    highlights: [
      'Breaks what tolerant readers recover from: a PDF reader that rebuilds a lost xref still needs obj keywords, so those go too.',
      'Recognises the family by content first, so a PDF renamed to .txt still gets the PDF recipe.',
      'The report names the recipe in strategy (for example zip_magic_eocd, pdf_nuclear_destruction, png_magic_ihdr, jpeg_soi, generic_header_damage) and describes it in one sentence in recipe.',
      "Recipes are built to be rejected by reference parsers: Python's zipfile, unzip -t and 7z t for ZIP; pdfinfo and qpdf --check for PDF; ImageMagick for images; strict csv and json parsing for text.",
      'If the quick check still finds the result openable, it re-runs at intensity 100 with seed + 1 and overwrites every tenth byte from index 9.',
    ],
    bestFor: [
      'Upload validation: the file must be refused with a clear message',
      'Error states in viewers, previews and thumbnails',
      'Import jobs that must quarantine bad input and carry on',
      'Showing stakeholders exactly how the product handles a corrupt file',
    ],
    workflow: [
      {
        title: "Choose Won't Open",
        description:
          "In the Algorithm menu pick the Won't Open option; its label names the format, for example 'Won't Open · PDF Format Killer'. On the command line: --mode guaranteed_break.",
      },
      {
        title: 'Pick the intensity',
        description:
          'Use 1 for a file that looks realistic apart from its broken structure, the default 80 for a thoroughly damaged one.',
      },
      {
        title: 'Check the recipe',
        description:
          "Read strategy and recipe in the report to see what was destroyed, and guarantee: true to confirm the Won't Open recipe ran.",
      },
      {
        title: 'Confirm with your own code',
        description:
          'Feed the file to your app and to a reference parser for the format (qpdf --check, unzip -t, identify). The difference between them is what you are testing.',
      },
    ],
    sampleChecklist: [
      'The upload is refused with a specific message, not a 500 error or a timeout.',
      'No partial record exists afterwards: nothing was stored for the rejected file.',
      'The error is logged once, with the file name and the reason.',
      'The user can try again with a good file without reloading the page.',
      'A reference parser rejects the file too (for example qpdf --check exits non-zero).',
    ],
    recommendedFileTypes: ['pdf', 'docx', 'xlsx', 'csv', 'zip', 'jpg', 'png', 'mp4', 'json'],
    faqs: [
      {
        question: 'Is "won\'t open" really guaranteed?',
        answer:
          'The recipes are designed and tested against the reference parsers named above. Your software may be more tolerant than they are, which is exactly what the test is for. The verdict in the report, "Won\'t Open (Verified Heuristically)", comes from a quick check in your browser, not from running those parsers on your machine.',
      },
      {
        question: 'Why is it called Header Tamper if it changes more than the header?',
        answer:
          'Because a header alone is not enough: tolerant formats such as PDF recover from a broken header by scanning for structure keywords. The recipe breaks the header and whatever a reader would use to recover from it.',
      },
      {
        question: 'What happens to a format Fracture does not recognise?',
        answer:
          'It gets the generic recipe: the first 16 bytes are inverted and at least 64 bytes, or 1% of the file if that is more, are flipped at random. The report says strategy: generic_header_damage.',
      },
      {
        question: 'What does intensity change in this mode?',
        answer:
          'The structural break happens at every intensity. Intensity only decides how much extra damage goes on top: little at 1, heavy at 100.',
      },
    ],
  },
  {
    slug: 'block-noise',
    name: 'Block Noise',
    algorithm: 'jumble_sections',
    metaTitle: 'Block Noise Mode: Reorder 4 KiB Blocks | Fracture',
    metaDescription:
      'Block Noise moves whole 4 KiB blocks to new places: same size, same bytes, same entropy, different checksum. How it works and when to use it.',
    keywords: [
      'block shuffle corruption',
      'jumble sections',
      'out of order data test',
      'chunk reassembly test',
      'checksum vs entropy',
    ],
    hero: {
      eyebrow: 'Mode · Jumble Sections',
      heading: 'Block Noise: the right bytes in the wrong places',
      subheading:
        'Moves whole 4 KiB blocks to new positions. Nothing is added or removed, so size and entropy stay the same while the checksum changes: the damage of a botched reassembly.',
    },
    overview:
      "Block Noise runs the workspace's Jumble Sections algorithm (engine mode shuffle_blocks). It divides the file into 4096-byte blocks, chooses max(2, blocks × intensity/200) of them (up to half at intensity 100) and permutes them so that every chosen block ends up somewhere else. Bytes are moved, never changed or added: the size and the byte histogram stay identical, so the entropy before and after is exactly the same, while sha256 changes. A trailing part shorter than one block never moves. Files smaller than 8 KiB (8192 bytes, two whole blocks) come back unchanged, and the report then shows shuffled_blocks: 0.",
    highlights: [
      'Entropy delta is exactly 0: a clear lesson in why statistical checks miss reordering and checksums do not.',
      'Every chosen block moves, so a file of 8 KiB or more is always changed.',
      'Each block stays internally intact, like out-of-order writes or a badly reassembled chunked upload.',
      'Formats that locate data by byte offset (PDF xref, ZIP central directory, MP4 sample tables) now point at the wrong data.',
    ],
    bestFor: [
      'Chunked and resumable upload reassembly checks',
      'Decoders and players that must survive misplaced data',
      'Archive extractors and their CRC checks',
      'Teaching the difference between checksums and entropy',
    ],
    workflow: [
      {
        title: 'Choose Jumble Sections',
        description:
          "Pick 'Jumble Sections · Block Reorder' in the Algorithm menu, or --mode shuffle_blocks on the command line.",
      },
      {
        title: 'Use a file of at least 8 KiB',
        description:
          'Smaller files have fewer than two whole blocks and are returned unchanged. Larger files give the mode more to work with.',
      },
      {
        title: 'Set the intensity',
        description: 'Low intensities move as few as two blocks, a small local fault; 100 moves half the blocks.',
      },
      {
        title: 'Read the report',
        description:
          'shuffled_blocks and block_size say what moved; entropy_delta is 0 and sha256_after differs from sha256_before.',
      },
    ],
    sampleChecklist: [
      'Checksum verification (sha256, CRC-32, content hashes) fails for the file.',
      'Size-only or entropy-only integrity checks are shown to be insufficient.',
      'The decoder reports an error or conceals damage without freezing.',
      'The report shows shuffled_blocks greater than 0; if it is 0, use a bigger file.',
    ],
    recommendedFileTypes: ['xlsx', 'zip', 'jpg', 'mp4'],
    faqs: [
      {
        question: 'Why did my file come back unchanged?',
        answer:
          'Block Noise needs at least two whole 4096-byte blocks, so files under 8 KiB are returned as they are and the report shows shuffled_blocks: 0. Use a larger file or another mode.',
      },
      {
        question: 'Why is the entropy delta zero?',
        answer:
          'Entropy depends only on how often each byte value occurs. Moving blocks does not change that, so entropy is identical before and after, while any checksum changes. That is the point of the mode.',
      },
      {
        question: 'Does Block Noise add random noise?',
        answer: 'No. Despite the name it adds no random bytes; the "noise" is correct data in the wrong place.',
      },
    ],
  },
  {
    slug: 'entropy-surge',
    name: 'Entropy Surge',
    algorithm: 'cut_replace',
    metaTitle: 'Entropy Surge Mode: Cut and Splice Files | Fracture',
    metaDescription:
      'Entropy Surge cuts one span out of a file and splices in random bytes, shifting everything after it. Simulate broken transfers and partial writes.',
    keywords: [
      'truncate file for testing',
      'cut and replace corruption',
      'partial write simulation',
      'interrupted transfer test',
      'entropy surge',
    ],
    hero: {
      eyebrow: 'Mode · Cut & Replace',
      heading: 'Entropy Surge: a cut, a splice, and everything after it shifted',
      subheading:
        'Removes one span of the file at a seeded position and puts random bytes in its place. The damage is local and the report says exactly where it starts.',
    },
    overview:
      "Entropy Surge runs the workspace's Cut & Replace algorithm (engine mode truncate_insert). It removes one contiguous span of intensity/200 of the file (at least 1 byte, at most half at intensity 100) from a seeded position, and inserts between zero and that many random bytes in its place. The file usually gets shorter and never gets longer. The random bytes are where the entropy surge comes from: in text, XML or CSV they raise the file's entropy clearly; in data that is already compressed (JPEG, MP4, ZIP contents) the change is small. The report gives removed, inserted and remove_start, so you know where the damage begins.",
    highlights: [
      'Everything after the cut moves by (inserted − removed) bytes, so every stored offset past that point is wrong.',
      'The damage is in one place and the report says where (remove_start), which makes failures easy to trace in a hex view.',
      'Random inserted bytes are almost never valid UTF-8, so text parsers fail on encoding at a known position.',
      'Simulates interrupted transfers, partial writes and bad splices better than scattered changes.',
      'An empty file comes back unchanged.',
    ],
    bestFor: [
      'Interrupted uploads and downloads',
      'Partial writes after a crash or a full disk',
      'Length and offset validation in binary formats',
      'Text importers that report line or byte positions',
    ],
    workflow: [
      {
        title: 'Choose Cut & Replace',
        description:
          "Pick 'Cut & Replace · Size Alteration' in the Algorithm menu, or --mode truncate_insert on the command line.",
      },
      {
        title: 'Set the intensity',
        description:
          'The span removed is intensity/200 of the file: 0.5% at 1, 5% at 10, 40% at the default 80, 50% at 100.',
      },
      {
        title: 'Run and locate the damage',
        description:
          'remove_start in the report is the byte offset of the cut; removed and inserted give its size and what replaced it.',
      },
      {
        title: 'Check your error position',
        description:
          'If your parser reports a line or offset, compare it with remove_start. A position far from the cut means the message will mislead users.',
      },
    ],
    sampleChecklist: [
      'The app detects that the file is incomplete or damaged.',
      'Length checks (declared size versus actual) catch the shorter file where the format has them.',
      'Error messages point near remove_start, not at the end of the file.',
      'Nothing from the damaged region is stored as if it were valid.',
    ],
    recommendedFileTypes: ['pdf', 'docx', 'csv', 'zip', 'mp4', 'json'],
    faqs: [
      {
        question: 'Why is the corrupted file smaller?',
        answer:
          'A span of intensity/200 of the file is removed and between zero and that many random bytes are put back, so the result is usually shorter. The report gives removed and inserted.',
      },
      {
        question: 'Can the file get bigger?',
        answer: 'No. At most as many bytes are inserted as were removed, so the size stays the same or shrinks.',
      },
      {
        question: 'How do I cut a file off exactly at the end?',
        answer:
          'Entropy Surge cuts at a seeded position that can be anywhere in the file. To drop exactly the last bytes, a standard tool is simpler, for example head -c with the length you want. Entropy Surge is for bytes lost or spliced in the middle.',
      },
    ],
  },
  {
    slug: 'random-byte-mutation',
    name: 'Random Byte Mutation',
    algorithm: 'stealth_corruption',
    metaTitle: 'Random Byte Mutation: Damage Behind the Header | Fracture',
    metaDescription:
      'Random Byte Mutation keeps the file header intact and mutates bytes behind it, so files pass type checks and fail deep in the parser.',
    keywords: [
      'stealth corruption',
      'header preserving corruption',
      'random byte mutation',
      'mutation fuzzing fixture',
      'deep parser test',
    ],
    hero: {
      eyebrow: 'Mode · Stealth Corruption',
      heading: 'Random Byte Mutation: looks right at the door, fails inside',
      subheading:
        'Keeps the start of the file intact and rewrites bytes behind it, so type checks pass and the damage reaches the code that actually reads the content.',
    },
    overview:
      'Random Byte Mutation runs the workspace\'s Stealth Corruption algorithm (engine mode header_preserve_flip). It protects the start of the file, 5% of its length, at least 1 byte and at most 4 KiB, and then rewrites 5% + 45% × intensity/100 of the file\'s bytes at seeded positions behind it, the same way Byte Flip does. Because the magic bytes and first structures survive, type sniffing, MIME detection and "is this really a PDF?" checks pass; the failure shows up later, in the code that reads the content. There is no escalation: you get exactly what you asked for.',
    highlights: [
      'Header kept: min(max(1, 5% of the length), 4096) bytes, reported as preserve_header.',
      "Magic numbers survive (any file of 160 bytes or more keeps its first 8 bytes), so magic-byte validation passes and the file reaches parsing code that a Won't Open file never gets to.",
      'Same size as the original.',
      'Reproducible by seed in the browser, the command line tool and CI.',
    ],
    bestFor: [
      'Robustness of parsers and decoders past the validation layer',
      'Security testing of code that trusts a file once its type checks out',
      'Error concealment in media players',
      '"Opens but is wrong" states in viewers and editors',
    ],
    workflow: [
      {
        title: 'Choose Stealth Corruption',
        description:
          "Pick 'Stealth Corruption · Content Damage' in the Algorithm menu, or --mode header_preserve_flip on the command line.",
      },
      {
        title: 'Start low',
        description:
          'Intensity 1 already rewrites about 5% of the file; start there for realistic damage and raise it to reach more code.',
      },
      {
        title: 'Confirm the type check passes',
        description:
          'Your validator should accept the file; if it rejects it, the damage never reaches the parser you meant to test.',
      },
      {
        title: 'Watch the deep path',
        description:
          'Run with time and memory limits and record crashes, hangs and unexpected successes with the seed that caused them.',
      },
    ],
    sampleChecklist: [
      'Type detection still recognises the file (expected: the header is intact).',
      'The parser fails with a handled error, not a crash or an out-of-memory kill.',
      'Processing finishes within its time limit.',
      'Any finding is recorded with file, mode, intensity and seed.',
    ],
    recommendedFileTypes: ['pdf', 'docx', 'xlsx', 'jpg', 'png', 'mp4'],
    faqs: [
      {
        question: 'How is this different from Byte Flip?',
        answer:
          'Both rewrite the same share of bytes. Random Byte Mutation protects a larger start of the file (5% up to 4 KiB, against 0.5% up to 1 KiB) and never escalates, so the file is more likely to pass type checks.',
      },
      {
        question: 'Is this fuzzing?',
        answer:
          'It is one seeded mutation per run. A fuzzer runs millions of mutations guided by code coverage. Use Fracture for fixtures you can name and reproduce, and a coverage-guided fuzzer such as libFuzzer or AFL++ to search; they complement each other.',
      },
      {
        question: 'Will my upload validator still accept the file?',
        answer:
          'If it checks only the first bytes, yes: they are untouched. Validators that parse the whole file should reject it, and that is worth testing.',
      },
    ],
  },
  {
    slug: 'interrupted-download',
    name: 'Interrupted Download',
    algorithm: 'interrupted_download',
    metaTitle: 'Interrupted Download Mode: Files Cut Short | Fracture',
    metaDescription:
      'Interrupted Download keeps a seeded prefix of the file and drops the rest, as a transfer that stopped early. How much is lost, and when to use it.',
    keywords: ['truncated file test', 'interrupted download', 'partial file', 'cut short file', 'incomplete transfer'],
    hero: {
      eyebrow: 'Mode · Interrupted Download',
      heading: 'Interrupted Download: the file stops early',
      subheading:
        'Keeps the start of the file and drops the end at a seeded point, exactly what a download, copy or upload that stopped half way leaves behind.',
    },
    overview:
      "Interrupted Download runs the workspace's Interrupted Download algorithm (engine mode interrupted_transfer). The result is a prefix of the input: nothing is changed, only the end is missing. Intensity sets how much is lost: between half of and all of intensity% of the file, drawn from the seed, and at least one byte (40% to 80% at the default intensity of 80; exactly one byte at intensity 0). A file of two bytes or more always keeps at least one byte; a one-byte file loses its byte and comes back empty, since an unchanged copy would be no fault at all. The report's cut_at is the length kept and bytes_lost what went missing.",
    highlights: [
      'Every byte kept is the original byte: the damage is only what is missing, as with a real interrupted transfer.',
      'The report gives cut_at (where the transfer stopped) and bytes_lost.',
      'Archives lose their central directory or index, media lose their end, text loses its last lines.',
      'Byte ranges and Keep checksums valid do not apply: a prefix has nothing to protect and no checksum to fix.',
    ],
    bestFor: [
      'Resumable upload and download handling',
      'Importers that must tell a truncated file from a complete one',
      'Players and viewers that should show what they have and report the rest',
      'Retry and integrity logic in sync clients and CI artefact stores',
    ],
    workflow: [
      {
        title: 'Choose Interrupted Download',
        description:
          "Pick 'Interrupted Download · Cut Short' in the Algorithm menu, or --mode interrupted_transfer (or interrupted_download) on the command line.",
      },
      {
        title: 'Set how much is lost',
        description:
          'Intensity 10 loses 5% to 10% of the file, 50 loses 25% to 50%, 100 loses 50% to all but one byte. Intensity 0 loses exactly the last byte.',
      },
      {
        title: 'Read the report',
        description: 'cut_at is the size of the result; bytes_lost is how much of the original is missing.',
      },
      {
        title: 'Pin the fixture',
        description:
          'Rebuild the same file in CI: npx fracture --mode interrupted_transfer --intensity 30 --seed 11 archive.zip',
      },
    ],
    sampleChecklist: [
      'The app says the file is incomplete instead of showing a partial result as if it were whole.',
      'A resumable transfer restarts from the right offset, or starts over.',
      'Archive readers report the missing central directory rather than crashing.',
      'The size of the result equals cut_at in the report.',
    ],
    recommendedFileTypes: ['zip', 'mp4', 'pdf', 'csv'],
    faqs: [
      {
        question: 'How is this different from Cut & Replace?',
        answer:
          'Cut & Replace removes a span from the middle and puts random bytes in its place. Interrupted Download only removes the end: every byte that remains is the original, in its place.',
      },
      {
        question: 'Can the result be empty?',
        answer:
          'Only for a one-byte file, which cannot both keep a byte and lose one; losing it is the fault. Any file of two bytes or more keeps at least its first byte.',
      },
      {
        question: 'Why can I not use byte ranges with it?',
        answer:
          'A cut point has nothing to aim at: the mode keeps a prefix and drops the rest. Byte ranges and Keep checksums valid apply to Quick Scramble, Stealth Corruption, Bad Sectors and Bit Rot.',
      },
    ],
  },
  {
    slug: 'bad-sectors',
    name: 'Bad Sectors',
    algorithm: 'bad_sectors',
    metaTitle: 'Bad Sectors Mode: Zeroed 4 KiB Blocks | Fracture',
    metaDescription:
      'Bad Sectors zeroes whole aligned 4096-byte sectors, as a failing disk reads them back. How many, how they are chosen, and when to use it.',
    keywords: [
      'bad sector simulation',
      'zeroed blocks',
      'disk failure test',
      'unreadable sectors',
      'storage fault test',
    ],
    hero: {
      eyebrow: 'Mode · Bad Sectors',
      heading: 'Bad Sectors: blocks that read back as zeros',
      subheading:
        'Sets whole 4096-byte sectors, aligned to 4096, to zero: the damage a failing disk or a bad flash page leaves in a file that otherwise reads fine.',
    },
    overview:
      "Bad Sectors runs the workspace's Bad Sectors algorithm (engine mode bad_sectors). The file is seen as 4096-byte sectors aligned to 4096 (the last one may be partial), and a seeded choice of them is set to zero: intensity/5 per cent of the sectors, 0.2% at intensity 1, 16% at the default 80, 20% at 100, and always at least one. The size never changes. With byte ranges, only sectors that hold a byte you allow can be chosen, and a sector that is partly protected is zeroed only outside the protected bytes. The report gives sectors_zeroed, bytes_zeroed and sector_size.",
    highlights: [
      'Whole, aligned sectors, as storage fails, not scattered bytes.',
      'The size is unchanged and everything outside the chosen sectors is byte for byte the original.',
      'With Keep checksums valid, PNG, ZIP (stored), tar, Ogg and FLAC checksums are recomputed, so readers reach the zeroed data instead of stopping at a checksum.',
      'Byte ranges keep a header or an index intact while the rest of the file fails.',
    ],
    bestFor: [
      'Backup, restore and verification tools',
      'Media players and decoders meeting a run of zeros',
      'Databases and archive readers that must detect silent corruption',
      'Teaching how storage faults differ from random noise',
    ],
    workflow: [
      {
        title: 'Choose Bad Sectors',
        description:
          "Pick 'Bad Sectors · Zeroed Blocks' in the Algorithm menu, or --mode bad_sectors on the command line.",
      },
      {
        title: 'Set the intensity',
        description:
          'Intensity/5 per cent of the sectors: a 200 MB file has 51,200 sectors, so intensity 1 zeroes 102 of them and 100 zeroes 10,240.',
      },
      {
        title: 'Aim it, if you need to',
        description:
          "Open Advanced and give byte ranges: '0x1000:' to spare the first 4 KiB, or --protect 0:4096 on the command line.",
      },
      {
        title: 'Read the report',
        description: 'sectors_zeroed and bytes_zeroed say how much was lost; sha256_after identifies the exact result.',
      },
    ],
    sampleChecklist: [
      'Integrity checks (hashes, CRCs, checksums) flag the file.',
      'The reader reports which part is damaged, or conceals it, without crashing.',
      'A restore or repair tool recovers the data outside the zeroed sectors.',
      'sectors_zeroed in the report is at least 1.',
    ],
    recommendedFileTypes: ['zip', 'png', 'mp4', 'pdf'],
    faqs: [
      {
        question: 'Why zeros?',
        answer:
          'A sector a disk can no longer read is usually returned as zeros by the recovery or imaging tool that copied the file past it. Zeros are also what a file system hands back for a hole.',
      },
      {
        question: 'Does a small file always lose everything?',
        answer:
          'A file of 4096 bytes or less is one sector, and at least one sector is always zeroed, so yes, unless byte ranges protect part of it. Use Bit Rot for lighter damage to small files.',
      },
      {
        question: 'What does Keep checksums valid do here?',
        answer:
          'After zeroing, it recomputes the checksums that cover stored bytes (PNG chunks, stored ZIP entries, tar headers, Ogg pages, FLAC frames), so a reader gets past its checksum and meets the zeros. The report counts them in checksums_fixed.',
      },
    ],
  },
  {
    slug: 'bit-rot',
    name: 'Bit Rot',
    algorithm: 'bit_rot',
    metaTitle: 'Bit Rot Mode: Single-Bit Errors | Fracture',
    metaDescription:
      'Bit Rot flips single bits at a rate from 1 in a million bits to 1 in 100: every changed byte differs in exactly one bit. How the rate works.',
    keywords: [
      'bit rot simulation',
      'single bit flip',
      'silent data corruption',
      'bit error rate test',
      'storage decay',
    ],
    hero: {
      eyebrow: 'Mode · Bit Rot',
      heading: 'Bit Rot: one bit at a time',
      subheading:
        'Flips single bits at a seeded rate, from 1 in 1,000,000 bits at intensity 1 to 1 in 100 at 100: the silent decay that hashes catch and formats often do not.',
    },
    overview:
      "Bit Rot runs the workspace's Bit Rot algorithm (engine mode bit_rot). It flips one bit in a seeded choice of distinct bytes, so every changed byte differs from the original in exactly one bit, and the size never changes. The rate comes from a table of exact integers: 1 in 1,000,000 bits at intensity 1, 1 in 10,476 at 50, 1 in 643 at the default 80, 1 in 100 at 100, and at least one bit is always flipped. With byte ranges the rate applies to the bytes you allow. The report gives bits_flipped and one_in_bits, the rate used.",
    highlights: [
      'Every changed byte differs in exactly one bit: the smallest damage a file can take.',
      'The rate is per bit of the file, so a bigger file gets more flips, as real decay does.',
      'With Keep checksums valid, the PNG, stored ZIP, tar, Ogg and FLAC checksums are recomputed so the flipped bits reach the decoder.',
      'Byte ranges aim it: only inside the ranges you give, never inside protected ones.',
    ],
    bestFor: [
      'Decoders and parsers facing the smallest possible damage',
      'Checking that hashes and signatures catch a single flipped bit',
      'Fuzzing past checksums with Keep checksums valid on',
      'Teaching error detection and correction',
    ],
    workflow: [
      {
        title: 'Choose Bit Rot',
        description: "Pick 'Bit Rot · Single-Bit Errors' in the Algorithm menu, or --mode bit_rot on the command line.",
      },
      {
        title: 'Set the rate',
        description:
          'Intensity sets one bit in how many: about 1 in 10,000 at 50, 1 in 1,000 at 75, 1 in 100 at 100. A file of 1,048,576 bytes gets 800 flips at 50 and 83,886 at 100.',
      },
      {
        title: 'Get past the checksum',
        description:
          'Turn on Keep checksums valid in Advanced, or add --fix-checksums: npx fracture --mode bit_rot --intensity 60 --fix-checksums --seed 9 image.png',
      },
      {
        title: 'Read the report',
        description:
          'bits_flipped and one_in_bits say what happened; checksums_fixed counts what was recomputed, and checksums_unfixable names what could not be.',
      },
    ],
    sampleChecklist: [
      'A hash or signature check fails on a single flipped bit.',
      'With checksums kept valid, the decoder reports the damage, conceals it or shows it, without crashing.',
      'bits_flipped in the report matches the number of bytes that differ.',
      'Two runs with the same seed give the same sha256_after.',
    ],
    recommendedFileTypes: ['png', 'zip', 'jpg', 'json'],
    faqs: [
      {
        question: 'How is this different from Quick Scramble?',
        answer:
          'Quick Scramble rewrites whole bytes, usually in several bits at once, and changes at least 5% of the file. Bit Rot changes one bit per byte, at rates from 1 in a million bits.',
      },
      {
        question: 'Why keep checksums valid?',
        answer:
          "A PNG or ZIP reader checks its CRC first and stops at the first mismatch, so the damage never reaches the decoder you want to test. Keep checksums valid recomputes those CRCs after the flips. Checks over decompressed data (deflated ZIP entries, gzip, xz, bzip2, FLAC's MD5) cannot be recomputed, and the report says so.",
      },
      {
        question: 'Is at least one bit always flipped?',
        answer: 'Yes. Even at intensity 0 on a small file, one bit of one byte changes.',
      },
    ],
  },
];

export const modes: Mode[] = [...originalModes, ...travelModes];

export const modeBySlug = slugIndex(modes);
