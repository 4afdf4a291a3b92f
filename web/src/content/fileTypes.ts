// The nine /corrupt/{slug} pages. Every claim about what a mode does to a format follows docs/contract.md, section 6;
// claims about third-party readers are phrased as what to test, not as promises about their behaviour.
import type { FileType } from './types.ts';
import { slugIndex } from './lookup.ts';

const LOCAL_ONLY =
  "Fracture corrupts the file in your browser: no copy is sent to Fracture, so no new party receives the file's contents.";
const OWN_FILES =
  'Use only files you own or are allowed to modify, and label corrupted copies so nobody mistakes them for originals.';

export const fileTypes: FileType[] = [
  {
    slug: 'pdf',
    name: 'PDF',
    extension: '.pdf',
    metaTitle: 'Corrupt a PDF File Safely for Testing | Fracture',
    metaDescription:
      'Make broken PDFs on purpose to test viewers, upload forms and document pipelines. Runs in your browser, nothing uploaded, reproducible by seed.',
    keywords: [
      'corrupt pdf',
      'corrupted pdf test file',
      'broken pdf for testing',
      'damaged pdf sample',
      'pdf error handling test',
    ],
    hero: {
      eyebrow: 'PDF corruption for QA',
      heading: 'Corrupt a PDF on purpose, without uploading it',
      subheading:
        'Make PDFs that fail the way real ones do — no header, broken cross-reference table, damaged streams, cut short — and check that your viewer, upload form or pipeline reports it instead of crashing.',
    },
    definition:
      'A PDF is a header (%PDF-1.x), a body of numbered objects ("12 0 obj … endobj") holding pages, fonts and compressed content streams, a cross-reference table (xref) with the byte offset of every object, and a trailer that points at the document root and ends with %%EOF. Readers are tolerant on purpose: many rebuild a lost xref by scanning the file for "obj" keywords, which is why damaging only the first bytes of a PDF often leaves it readable.',
    definitionBullets: [
      'The %PDF- header is how most software recognises the format; upload validators often check nothing else.',
      'The xref table maps object numbers to byte offsets; if anything shifts the bytes, every offset after the shift points at the wrong place.',
      'Content streams are usually Flate-compressed, so one changed byte can spoil a whole page of drawing instructions.',
      'Incremental saves append new xref sections and trailers; the last %%EOF wins.',
      'Because readers recover by scanning for keywords, a PDF that must not open needs its structure keywords destroyed too, not just its header.',
    ],
    failureModes: [
      {
        title: 'Missing or damaged header',
        description:
          'Software that sniffs for %PDF- refuses the file outright. Check that your upload form names the problem ("not a valid PDF") instead of returning a 500.',
      },
      {
        title: 'Broken cross-reference table',
        description:
          'Offsets point at the wrong bytes. Lenient readers rebuild the table silently, which can be slow on large files; strict tools such as qpdf --check report damage. Check that a rebuild cannot hang a worker or outlast a request timeout.',
      },
      {
        title: 'Corrupted content streams',
        description:
          'Compressed page data no longer inflates: pages render blank or half drawn, and text extraction returns garbage or throws. This is what scattered byte changes past the header usually produce.',
      },
      {
        title: 'Cut or spliced file',
        description:
          'A span of bytes is missing, as after an interrupted transfer, so the trailer or objects after the cut are lost or misplaced. Pipelines that read the trailer first fail at once; viewers may show the first pages and then stop.',
      },
      {
        title: 'Objects out of place',
        description:
          'Whole 4 KiB regions swapped: offsets no longer match and streams run across object boundaries. This exposes parsers that trust the xref blindly.',
      },
    ],
    corruptionBenefits: [
      'Proves that your upload endpoint checks a PDF by its structure, not just by its .pdf extension.',
      'Gives bug reports a fixture anyone can regenerate: the seed, mode and intensity in the report rebuild the exact bytes.',
      'Finds hangs: cross-reference rebuilds on large damaged files are where timeouts hide.',
      'Lets you work with realistic documents where your policy allows it, because nothing leaves your machine.',
    ],
    steps: [
      'Drop the PDF into the workspace (up to 200 MB). The original file is never modified.',
      "Pick an algorithm: Won't Open for a file every reader should reject, Stealth Corruption to keep the %PDF header and damage the body, Cut & Replace to simulate a broken transfer.",
      'Set the intensity (60–80 is a good start) and keep or type a seed.',
      'Start Processing, then download name_corrupted.pdf and its JSON report.',
      'Open the result in your application and in a reference tool (pdfinfo, qpdf --check) and note what each does.',
      'Store the seed and settings with the test, or regenerate the file in CI: npx fracture --mode guaranteed_break --seed 42 file.pdf',
    ],
    testingUseCases: [
      'Document upload forms: a damaged PDF gets a clear validation message, not a server error.',
      'In-app viewers and thumbnail generators: no crash, no endless spinner, a readable "cannot open" state.',
      'Text extraction and search indexing: the bad file is set aside and the batch carries on.',
      'E-signature and archiving workflows: damaged input is refused before anyone signs or stores it.',
      'Conversion queues (PDF to image, PDF/A): malformed input fails its job without stalling the queue.',
    ],
    recommendedModes: [
      'header-tamper',
      'random-byte-mutation',
      'entropy-surge',
      'byte-flip',
      'interrupted-download',
      'bad-sectors',
      'misdirected-write',
    ],
    qaTips: [
      'Try the same corrupted file in a lenient reader (a browser viewer) and a strict one (qpdf --check); where they disagree is where your own assumptions need a test.',
      'For "opens but renders wrong", use Stealth Corruption at low intensity: the header survives, sniffing passes, and the failure moves into page rendering.',
      'Keep small PDFs for unit tests and one large PDF for timeout tests; recovery work grows with file size.',
      "Assert the report's sha256_after in your test so a fixture that silently changed is caught.",
    ],
    complianceNotes: [
      OWN_FILES,
      LOCAL_ONLY,
      'A corrupted copy can still hold readable personal data in its undamaged parts: store and delete it like the original.',
    ],
    callToAction: {
      label: 'Corrupt a PDF now',
      description:
        "Drop a PDF into the workspace, choose Won't Open, and download a broken copy with its report. Nothing is uploaded.",
    },
    calloutStat: {
      value: '5',
      label:
        "structure keywords Won't Open destroys in a PDF, besides the header: obj, stream, xref, trailer and %%EOF",
    },
    faqs: [
      {
        question: 'Why does my corrupted PDF still open?',
        answer:
          "PDF readers are built to recover: they rebuild a broken xref by scanning for object keywords and ignore junk around them. Scattered byte changes often leave enough to render. Use Won't Open (Header Tamper), which destroys the header and the structure keywords, when you need a PDF that readers reject.",
      },
      {
        question: 'Does Fracture change my original PDF?',
        answer:
          'No. The browser reads the file into memory and Fracture writes a new file, name_corrupted.pdf. The original on your disk is not touched.',
      },
      {
        question: 'Can I recreate the same broken PDF in CI?',
        answer:
          "Yes. The same file, mode, intensity and seed give the same bytes in the browser and in the fracture command line tool, and the report's sha256_after lets your test confirm it.",
      },
      {
        question: 'What about encrypted or signed PDFs?',
        answer:
          'Fracture works on bytes and decrypts nothing, so it treats them like any other PDF. Any change inside the signed byte range should make signature validation fail, which is a useful test in itself.',
      },
    ],
  },
  {
    slug: 'docx',
    name: 'Word (DOCX)',
    extension: '.docx',
    metaTitle: 'Corrupt a DOCX File for Testing | Fracture',
    metaDescription:
      'Create damaged Word documents to test upload validation, previews and document imports. Local in your browser, original untouched, reproducible.',
    keywords: [
      'corrupt docx',
      'corrupted word document test',
      'broken docx file',
      'damaged word file for testing',
      'office open xml corruption',
    ],
    hero: {
      eyebrow: 'Word document corruption',
      heading: 'Broken .docx files for testing, made on your own machine',
      subheading:
        'A .docx is a ZIP archive of XML parts. Break the archive, damage a part, or cut the file short, and see whether your import, preview or upload path handles it.',
    },
    definition:
      'A .docx file is an Office Open XML package: a ZIP archive holding [Content_Types].xml, word/document.xml with the text, styles, images under word/media and relationship files that tie the parts together. ZIP readers find the parts through the central directory at the end of the archive, which they locate by the end-of-central-directory record. Damage the container and nothing opens; damage one compressed part and the archive opens but that part fails.',
    definitionBullets: [
      'The file starts with the ZIP local-file signature PK\\x03\\x04; many type checks stop there.',
      'The end-of-central-directory record (PK\\x05\\x06) near the end tells readers where the list of parts is.',
      'Each part is usually deflate-compressed and carries a CRC-32 checksum.',
      'Word-processing libraries read document.xml after unzipping; XML errors surface only at that stage.',
    ],
    failureModes: [
      {
        title: 'Not a ZIP archive any more',
        description:
          'With the ZIP signature and the end-of-central-directory record destroyed (Won\'t Open), ZIP readers refuse the file. Your app should say the document is damaged rather than "unsupported format" or a stack trace.',
      },
      {
        title: 'A part fails to decompress',
        description:
          'Bytes changed inside compressed XML make inflate fail or the CRC-32 check mismatch. Careful libraries raise an error; careless ones may hand garbage to the XML parser. Test which one yours is.',
      },
      {
        title: 'Parts missing after a cut',
        description:
          'A span removed from the middle shifts everything after it, so parts listed in the central directory are no longer at their recorded offsets.',
      },
      {
        title: 'Directory damaged, data intact',
        description:
          'Damage that lands on the central directory hides parts that are still physically present. Some tools salvage them by scanning for local headers; yours should at least fail cleanly.',
      },
    ],
    corruptionBenefits: [
      'Checks that uploads are validated by content, not by the .docx extension.',
      'Exercises the error path of document conversion and preview services.',
      "Tests your archive library's CRC handling, which is easy to leave switched off by accident.",
      'Keeps drafts and contracts on your machine while you test.',
    ],
    steps: [
      'Drop a .docx into the workspace; your original stays as it is.',
      "For a file no ZIP reader accepts, choose Won't Open. For damage inside the archive, use Stealth Corruption at low intensity: depending on where the changes land, the archive still lists its parts and fails on one, or fails to open; a strict ZIP reader tells you which.",
      'Start Processing and download name_corrupted.docx with its report.',
      'Feed it to your upload form, converter or parser and record the response.',
      'Cross-check with unzip -t or 7z t to see how a strict ZIP reader judges the same bytes.',
      'Keep the seed with the test so the fixture can be rebuilt.',
    ],
    testingUseCases: [
      'CV and document upload portals: the user sees "this file is damaged", and no half-created record remains.',
      'Document-to-PDF or HTML conversion services: a damaged input fails its job with a clear reason.',
      'Preview panes in email, chat and file-sharing apps: no crash, a fallback icon or message.',
      'Content indexing: the bad document is skipped and logged; the rest is indexed.',
    ],
    recommendedModes: ['header-tamper', 'random-byte-mutation', 'entropy-surge'],
    qaTips: [
      "Keep one Won't Open fixture (container broken) and one Stealth Corruption fixture (container readable, part broken): they hit different code.",
      'What Word itself does with a damaged file is not what your app does; test your own code path.',
      'Use a realistic document with images: damage that lands in word/media and damage in document.xml fail differently.',
      'Check that temporary files your app unzipped are cleaned up after the failure.',
    ],
    complianceNotes: [
      OWN_FILES,
      LOCAL_ONLY,
      'Documents with personal data stay subject to your own retention rules after corruption; undamaged text may still be readable.',
    ],
    callToAction: {
      label: 'Corrupt a DOCX now',
      description:
        'Break a Word document in your browser and take the damaged copy and its report straight into your test.',
    },
    calloutStat: {
      value: '2',
      label:
        "ZIP landmarks Won't Open destroys in a .docx: the ZIP signature at the start and the end-of-central-directory record",
    },
    faqs: [
      {
        question: 'Will Word offer to repair the corrupted file?',
        answer:
          "It may try, and it sometimes recovers part of a document. Word's behaviour is not your app's behaviour, so test your own parser. For a file that ZIP readers reject outright, use Won't Open: it is built to fail Python's zipfile, unzip -t and 7z t.",
      },
      {
        question: 'Why does my corrupted DOCX still open?',
        answer:
          "Scattered byte changes may miss the parts your reader needs, and some readers skip a damaged image. Raise the intensity, or use Won't Open to break the container itself.",
      },
      {
        question: 'Does this work for .docm, .dotx or other Office files?',
        answer:
          "Fracture corrupts any file's bytes. Won't Open recognises ZIP-based formats by their content, so any file that is a ZIP archive inside gets the ZIP recipe.",
      },
    ],
  },
  {
    slug: 'xlsx',
    name: 'Excel (XLSX)',
    extension: '.xlsx',
    metaTitle: 'Corrupt an XLSX Spreadsheet for Testing | Fracture',
    metaDescription:
      'Produce damaged Excel workbooks to test spreadsheet imports, row validation and rollback. Runs locally in your browser with a reproducible seed.',
    keywords: [
      'corrupt xlsx',
      'corrupted excel file test',
      'broken spreadsheet for testing',
      'damaged xlsx sample',
      'excel import error test',
    ],
    hero: {
      eyebrow: 'Spreadsheet corruption',
      heading: 'Damaged Excel workbooks for import testing',
      subheading:
        'Spreadsheet imports are where half-finished writes and silent data loss live. Give yours broken workbooks and check that it refuses them completely or imports nothing.',
    },
    definition:
      'An .xlsx workbook is a ZIP archive of XML parts: xl/workbook.xml lists the sheets, each sheet lives in xl/worksheets/sheetN.xml, repeated text is stored once in xl/sharedStrings.xml and cells refer to it by index, and styles sit in xl/styles.xml. A reader needs the archive, the workbook part and every sheet and shared string it refers to; damage to any of them should end the import.',
    definitionBullets: [
      'Container: a ZIP archive, recognised by PK\\x03\\x04 at the start and located through the end-of-central-directory record.',
      'Cells point into the shared strings table by index, so a damaged sharedStrings.xml breaks text in every sheet.',
      'Each part is compressed and has a CRC-32 checksum that a careful reader verifies.',
      'Large workbooks are often read in a stream, so an error can arrive after many rows were already processed.',
    ],
    failureModes: [
      {
        title: 'Workbook refused at the door',
        description:
          "With the ZIP container broken (Won't Open), the library fails before reading a row. The user should see one clear error and nothing should be imported.",
      },
      {
        title: 'Failure halfway through',
        description:
          'A sheet part fails to decompress after the reader has streamed some rows. This is the case that leaves partial imports behind if the import is not transactional.',
      },
      {
        title: 'Parts in the wrong place',
        description:
          'Reordered 4 KiB blocks (Block Noise) put compressed data where another part is expected, so entries fail their CRC-32 check or the directory points at the wrong bytes.',
      },
      {
        title: 'Shared strings lost',
        description:
          'If sharedStrings.xml is damaged, text cells cannot be resolved. A reader that substitutes blanks instead of failing imports wrong data quietly.',
      },
    ],
    corruptionBenefits: [
      'Proves your import is all-or-nothing: a damaged workbook leaves no partial rows behind.',
      'Checks that row-level error reports do not claim success for a file that never parsed.',
      'Tests memory and time limits on large damaged workbooks before a customer does.',
      'Finance and HR spreadsheets never leave your machine while you test.',
    ],
    steps: [
      'Drop the workbook into the workspace.',
      "Choose Won't Open for a file that must be rejected, Stealth Corruption to damage sheets behind an intact start, or Jumble Sections (Block Noise) for misplaced parts.",
      'Set intensity and seed, then Start Processing.',
      'Import name_corrupted.xlsx through the same path your users take.',
      'Check the database or destination afterwards: no rows from the failed import should be there.',
      'Record the seed and the observed behaviour in the test.',
    ],
    testingUseCases: [
      'Bulk user or product imports: all-or-nothing behaviour and a readable error.',
      'Financial uploads (ledgers, invoices, payroll): no partial postings from a damaged file.',
      'Reporting tools that read uploaded workbooks on a schedule: one bad file does not stop the next run.',
      'Spreadsheet preview in browsers and chat apps: graceful fallback.',
    ],
    recommendedModes: ['header-tamper', 'random-byte-mutation', 'block-noise'],
    qaTips: [
      'Use a workbook with several sheets and a few thousand rows so a failure can land mid-stream.',
      'Query the destination after every failed import; an error message alone does not prove nothing was written.',
      'Check that your library verifies CRC-32 checksums; some need it switched on.',
      'Block Noise needs at least 8 KiB of input; tiny workbooks come back unchanged and the report shows shuffled_blocks 0.',
    ],
    complianceNotes: [
      OWN_FILES,
      LOCAL_ONLY,
      'Spreadsheets often hold personal or financial data; where you can, corrupt a copy made from synthetic data.',
    ],
    callToAction: {
      label: 'Corrupt a workbook now',
      description: 'Make a damaged .xlsx in your browser and find out whether your import really is all-or-nothing.',
    },
    calloutStat: {
      value: '0 bytes',
      label: 'of your workbook sent anywhere: it is read and corrupted inside your browser',
    },
    faqs: [
      {
        question: 'Can Fracture change cell values without breaking the file?',
        answer:
          'No. Fracture damages bytes, and the sheets inside an .xlsx are compressed, so damage shows up as a part that fails to decompress rather than as a plausible wrong number. For valid files with wrong values, generate them with your test data tooling.',
      },
      {
        question: 'Which mode gives a workbook that fails halfway?',
        answer:
          'Stealth Corruption (Random Byte Mutation) at low intensity keeps the start of the file and damages what follows; with a large workbook, readers that stream often process some rows first. Whether yours does depends on its library, which is what the test tells you.',
      },
      {
        question: 'Does it work with .xls (the old format) or .ods?',
        answer:
          "Yes: every mode works on any file's bytes. .ods is ZIP-based and gets the ZIP recipe in Won't Open; the older binary .xls is not a ZIP archive, so it does not, and the report's strategy field names the recipe that was applied.",
      },
    ],
  },
  {
    slug: 'csv',
    name: 'CSV',
    extension: '.csv',
    metaTitle: 'Corrupt a CSV File for Import Testing | Fracture',
    metaDescription:
      'Create broken CSV files (bad encoding, NUL bytes, unbalanced quotes, cut rows) to test data imports. Local, reproducible, nothing uploaded.',
    keywords: [
      'corrupt csv',
      'malformed csv test file',
      'broken csv for testing',
      'invalid utf-8 csv',
      'csv import error handling',
    ],
    hero: {
      eyebrow: 'CSV corruption',
      heading: 'Malformed CSV files that test your importer properly',
      subheading:
        'Invalid UTF-8, a NUL byte, a quote that never closes, a row cut in half: the failures real CSV files arrive with. Make them on demand, with a seed.',
    },
    definition:
      'CSV looks simple and is not: there is a loose standard (RFC 4180), many dialects, and no header that says which one a file uses. A field may be quoted, a quoted field may contain commas and line breaks, and the encoding is whatever the producer chose. Importers therefore guess, and damaged input exposes every guess.',
    definitionBullets: [
      'No magic bytes: software recognises CSV by extension and by sniffing the first lines for delimiters.',
      'One unbalanced double quote can swallow the rest of the file into a single field.',
      'Bytes that are not valid UTF-8 make strict decoders fail; lenient ones substitute U+FFFD and carry on.',
      'A NUL byte stops some C-based parsers and is silently kept by others.',
    ],
    failureModes: [
      {
        title: 'Encoding errors',
        description:
          "Won't Open starts the file with a NUL and bytes that are not UTF-8, and Cut & Replace splices random bytes mid-file. A strict importer must report the position; a lenient one must not load replacement characters as data without warning.",
      },
      {
        title: 'Unbalanced quotes',
        description:
          'Destroyed quote characters leave a field that never closes. Watch for an importer that merges the rest of the file into one cell and reports success.',
      },
      {
        title: 'Wrong column counts',
        description:
          'Destroyed delimiters merge fields, so rows have fewer columns than the header. The importer should reject or flag those rows, not shift values into the wrong columns.',
      },
      {
        title: 'Cut rows',
        description:
          "A removed span leaves a row ending mid-field, or two half-rows joined together. Check the line number in the error message against the report's remove_start.",
      },
    ],
    corruptionBenefits: [
      'Shows whether your importer rejects bad rows, skips them, or quietly loads wrong data.',
      'Tests that error messages name a line or byte offset a user can act on.',
      'Gives data teams reproducible broken fixtures instead of one-off hand edits.',
      'Works on customer-shaped exports without uploading them anywhere.',
    ],
    steps: [
      'Drop the CSV into the workspace.',
      "Choose Won't Open for a file strict parsers must reject, Cut & Replace for a spliced or cut file, or Quick Scramble for damage throughout.",
      'Start Processing and download name_corrupted.csv with its report.',
      'Import it through your real path (upload form, job, CLI) and note rows imported, rows rejected and the message shown.',
      "Compare any reported line or offset with the report's remove_start (Cut & Replace) to check your error positions.",
      'Pin the seed in your test fixture list.',
    ],
    testingUseCases: [
      'Bulk imports of contacts, products or transactions: bad rows rejected with line numbers.',
      'ETL and data pipelines: the bad file is quarantined and the job continues with the next.',
      'Analytics uploads: no silently shifted columns in dashboards.',
      'Bank and payment statement imports: encoding errors surface instead of mangled names.',
    ],
    recommendedModes: [
      'header-tamper',
      'entropy-surge',
      'byte-flip',
      'interrupted-download',
      'text-transfer',
      'charset-roundtrip',
    ],
    qaTips: [
      'Test both a strict decoder setting and the lenient default your framework uses; they fail differently.',
      'Open the corrupted CSV in a text editor next to the report; with Cut & Replace you can see exactly where the splice is.',
      'Count the destination rows after a failed import: zero, or exactly the rows your design says to keep.',
      'Keep fixtures small for readability, but at least a few KB so the cut lands inside data, not in the header row.',
    ],
    complianceNotes: [
      OWN_FILES,
      LOCAL_ONLY,
      'Exports of customer data are still customer data after corruption; prefer synthetic fixtures where possible.',
    ],
    callToAction: {
      label: 'Corrupt a CSV now',
      description: 'Make a malformed CSV in seconds, in your browser, and see what your importer really does with it.',
    },
    calloutStat: {
      value: '10%+',
      label: "of a CSV cut away by Won't Open (never less than 50 bytes), after a NUL and non-UTF-8 poison header",
    },
    faqs: [
      {
        question: "What exactly does Won't Open do to a CSV?",
        answer:
          "It puts a NUL and bytes that are not valid UTF-8 at the start, destroys delimiters, quotes and brackets, cuts out at least 50 bytes or 10% of the file, whichever is more, and scrambles what is left. A strict parser (for example Python's csv module reading strict UTF-8) rejects the result.",
      },
      {
        question: 'How do I get a CSV that is only slightly broken?',
        answer:
          'Use Cut & Replace (Entropy Surge) at a low intensity: at intensity 1 it removes one span of about 0.5% of the file and splices in random bytes, so most rows survive and one region is damaged.',
      },
      {
        question: 'Does it work for TSV and other delimited text?',
        answer:
          "Yes. Won't Open treats TSV and other text files with the same text recipe, and the other modes work on any file's bytes.",
      },
    ],
  },
  {
    slug: 'zip',
    name: 'ZIP archive',
    extension: '.zip',
    metaTitle: 'Corrupt a ZIP Archive for Testing | Fracture',
    metaDescription:
      'Make damaged ZIP archives (no signature, lost central directory, CRC failures, cut files) to test extraction code. Local and reproducible.',
    keywords: [
      'corrupt zip',
      'corrupted zip file test',
      'broken archive for testing',
      'zip crc error test',
      'damaged zip sample',
    ],
    hero: {
      eyebrow: 'Archive corruption',
      heading: 'Broken ZIP archives for testing extraction code',
      subheading:
        'Lost central directories, CRC failures and cut-off archives are everyday input for anything that accepts uploads. Make them deliberately and check every path.',
    },
    definition:
      'A ZIP archive is a sequence of entries, each with a local header (signature PK\\x03\\x04), followed by a central directory that lists every entry with its offset, and an end-of-central-directory record (PK\\x05\\x06) that says where the directory starts. Most readers read the directory from the end first; streaming readers walk the local headers from the start. Each entry carries a CRC-32 of its uncompressed data.',
    definitionBullets: [
      'Readers find the central directory by searching backwards from the end for the PK\\x05\\x06 record.',
      'Every directory entry holds a byte offset; bytes inserted or removed before it make the offset wrong.',
      'CRC-32 per entry catches damaged data, if the reader checks it.',
      'DOCX, XLSX, PPTX, JAR, APK, EPUB and ODF files are ZIP archives underneath.',
    ],
    failureModes: [
      {
        title: 'Not recognised as an archive',
        description:
          "Won't Open destroys the ZIP signature and the end-of-central-directory record, so Python's zipfile, unzip -t and 7z t all refuse it. Your code should report a damaged archive, not an empty one.",
      },
      {
        title: 'Entries that fail their checksum',
        description:
          'Changed bytes inside compressed data make inflate fail or the CRC-32 mismatch. Check that your extractor stops and reports, and does not leave half-written files on disk.',
      },
      {
        title: 'Offsets that point nowhere',
        description:
          'A cut or a block swap moves data away from the offsets in the directory. Readers fail per entry; some extract the entries before the damage and stop.',
      },
      {
        title: 'Partial extraction',
        description:
          'The archive opens and some entries extract before one fails. Decide what your code should do with the entries already written, and test it.',
      },
    ],
    corruptionBenefits: [
      'Exposes extractors that treat "could not read the directory" as "archive is empty".',
      'Tests cleanup of temporary files after a failed extraction.',
      'Checks that one bad archive in a batch does not stop the rest.',
      'Works on real release artifacts without sending them anywhere.',
    ],
    steps: [
      'Drop the archive into the workspace.',
      "Choose Won't Open for an archive no reader accepts, Cut & Replace for an interrupted transfer, or Jumble Sections (Block Noise) for entries in the wrong place.",
      'Start Processing and download name_corrupted.zip with the report.',
      'Run your extraction or upload path and check the error, the files left on disk and the logs.',
      'Compare with unzip -t or 7z t on the same file.',
      'Record the seed so the archive can be rebuilt in CI.',
    ],
    testingUseCases: [
      'Upload handlers that unpack archives: clear error, no partial extraction left behind.',
      'Backup and restore tools: damaged backups are detected before a restore overwrites good data.',
      'Plugin or theme installers: a broken package is refused atomically.',
      'Build pipelines consuming downloaded artifacts: a corrupted download fails the build early with a clear message.',
    ],
    recommendedModes: [
      'header-tamper',
      'entropy-surge',
      'block-noise',
      'interrupted-download',
      'bad-sectors',
      'bit-rot',
      'text-transfer',
      'misdirected-write',
    ],
    qaTips: [
      'Fracture damages bytes; it does not build malicious archives such as zip bombs or entries with ../ paths. Use dedicated security fixtures for those.',
      'Test both readers your stack may use: the directory-first reader and any streaming reader; they fail on different damage.',
      'Put a few files of different sizes in the test archive so damage lands in data, not only in headers.',
      'Check the disk after each failed extraction for leftover temporary files.',
    ],
    complianceNotes: [
      OWN_FILES,
      LOCAL_ONLY,
      "Archives can contain other people's files; you need permission for the contents, not only for the archive.",
    ],
    callToAction: {
      label: 'Corrupt a ZIP now',
      description: 'Break an archive in your browser, then see what your extractor leaves behind.',
    },
    calloutStat: {
      value: 'PK\\x05\\x06',
      label:
        "the end-of-central-directory signature; Won't Open destroys it together with the PK\\x03\\x04 signature at the start",
    },
    faqs: [
      {
        question: 'Can Fracture make a zip bomb or a path-traversal archive?',
        answer:
          'No. Fracture damages the bytes of an existing file; it does not craft archives with malicious structure. Those need purpose-built security fixtures.',
      },
      {
        question: 'Why does my corrupted ZIP still list its files?',
        answer:
          "Damage that misses the central directory leaves the listing intact; the entries then fail when extracted. That is a useful test too. For an archive that does not open at all, use Won't Open.",
      },
      {
        question: "Does Won't Open work on JAR, APK or EPUB files?",
        answer:
          'Yes. Fracture detects ZIP-based files by their content, so they get the same ZIP recipe: signature and end-of-central-directory record destroyed.',
      },
    ],
  },
  {
    slug: 'jpg',
    name: 'JPEG image',
    extension: '.jpg',
    metaTitle: 'Corrupt a JPG Image for Testing or Glitch Art | Fracture',
    metaDescription:
      'Create corrupted JPEG images to test image uploads, thumbnails and decoders, or to make glitch art. In your browser, reproducible by seed.',
    keywords: [
      'corrupt jpg',
      'corrupted jpeg test image',
      'broken image for testing',
      'jpeg glitch',
      'damaged jpg sample',
    ],
    hero: {
      eyebrow: 'Image corruption',
      heading: 'Corrupted JPEGs for decoders, thumbnails and glitch art',
      subheading:
        'A JPEG can be refused outright, decode into a smeared half image, or crash a metadata reader. Make each case on purpose and check what your image pipeline does.',
    },
    definition:
      'A JPEG file is a series of markers: start of image (FF D8), application segments such as EXIF and JFIF, quantisation and Huffman tables, a frame header with the image size, then entropy-coded image data, and end of image (FF D9). The image data is compressed bit by bit, so one damaged byte can throw the decoder off for everything that follows it.',
    definitionBullets: [
      'The first two bytes, FF D8, are how software recognises a JPEG.',
      'EXIF metadata sits near the start; metadata readers parse it before any pixel is decoded.',
      'Damage in the compressed image data typically shows as shifted colours, smears or a grey region from that point on.',
      'Browsers decode damaged JPEGs as far as they can; strict libraries throw at the first error.',
    ],
    failureModes: [
      {
        title: 'Not recognised as an image',
        description:
          "Won't Open destroys the start-of-image marker and the markers after it, so image libraries refuse the file. Upload forms should report an invalid image rather than store it.",
      },
      {
        title: 'Partial decode',
        description:
          'Damage in the compressed data gives a picture that is intact at the top and smeared or grey below. Decide whether your pipeline accepts, flags or rejects such images.',
      },
      {
        title: 'Broken metadata',
        description:
          'Changed bytes in the EXIF segment hit the metadata parser first. Orientation and date readers are a classic place for unhandled exceptions.',
      },
      {
        title: 'Wrong dimensions',
        description:
          'Damage to the frame header changes the width or height the decoder believes. Check that resizers bound their memory before allocating.',
      },
    ],
    corruptionBenefits: [
      'Tests thumbnail and resize workers against input that decodes partly.',
      'Finds unhandled exceptions in EXIF and orientation handling.',
      'Gives artists repeatable glitches: a seed you like regenerates the same image.',
      'Photos stay on your device throughout.',
    ],
    steps: [
      'Drop a JPEG into the workspace.',
      "Choose Won't Open to test rejection; Stealth Corruption, Cut & Replace or Jumble Sections to get images that still partly decode.",
      'Use a low intensity for partial damage; even intensity 1 of Quick Scramble rewrites about 5% of bytes, which is a lot for a compressed image.',
      'Start Processing, download name_corrupted.jpg and look at it in a browser and in your app.',
      'Keep the seeds of the results you want to test or keep.',
    ],
    testingUseCases: [
      'Avatar and photo uploads: invalid images rejected; partly broken ones handled per your policy.',
      'Thumbnail, resize and CDN transformation workers: no crash and no runaway memory.',
      'Photo management apps: EXIF parsing errors handled without losing the library.',
      'Computer-vision ingestion: damaged frames are flagged rather than fed to a model as normal input.',
    ],
    recommendedModes: ['byte-flip', 'random-byte-mutation', 'block-noise', 'header-tamper', 'bit-rot'],
    qaTips: [
      'Look at each corrupted image in a browser as well as in your app; browsers show how far the data decodes.',
      'Stealth Corruption keeps the first 5% of the file, up to 4 KiB. In a small web JPEG that covers the headers and tables, so the damage lands in image data; a camera photo with a large EXIF block takes damage in its metadata first. Test both.',
      'Test a large photo with EXIF and a small one without; they go down different code paths.',
      'Block Noise only changes files of at least 8 KiB; smaller images come back unchanged.',
    ],
    complianceNotes: [
      OWN_FILES,
      LOCAL_ONLY,
      'Photos of people are personal data; corrupted copies may still show faces in undamaged regions.',
    ],
    callToAction: {
      label: 'Corrupt a JPG now',
      description:
        'Damage a JPEG in your browser: test your image pipeline or keep the glitch you like, with its seed.',
    },
    calloutStat: {
      value: 'FF D8',
      label: "the start-of-image marker every JPEG begins with; Won't Open destroys it and the markers that follow",
    },
    faqs: [
      {
        question: 'Why is my corrupted JPEG completely grey or unreadable?',
        answer:
          'Compressed image data is fragile: one damaged byte can spoil everything after it. Lower the intensity, or use Cut & Replace or Jumble Sections at intensity 1 for a smaller, local glitch.',
      },
      {
        question: 'Can I get the same glitch again?',
        answer: 'Yes. The same image, mode, intensity and seed always give the same bytes. The report holds all four.',
      },
      {
        question: 'Does it work for .jpeg and .jfif files?',
        answer:
          "Yes. Fracture works on any file's bytes, and Won't Open recognises JPEGs by their content, whatever the extension.",
      },
    ],
  },
  {
    slug: 'png',
    name: 'PNG image',
    extension: '.png',
    metaTitle: 'Corrupt a PNG Image for Testing | Fracture',
    metaDescription:
      'Create broken PNG files (bad signature, damaged IHDR, checksum failures) to test image uploads and decoders. Local, reproducible by seed.',
    keywords: [
      'corrupt png',
      'corrupted png test image',
      'broken png for testing',
      'png crc error',
      'invalid png sample',
    ],
    hero: {
      eyebrow: 'Image corruption',
      heading: 'Broken PNGs that test your image handling',
      subheading:
        'PNG checks itself: a signature, checksummed chunks and zlib-compressed pixels. Damage any of them and see whether your code reports it or falls over.',
    },
    definition:
      'A PNG file starts with an 8-byte signature (89 50 4E 47 0D 0A 1A 0A), then a sequence of chunks, each with a length, a type, data and a CRC-32. The first chunk, IHDR, holds width, height, bit depth and colour type; IDAT chunks hold zlib-compressed pixel rows; IEND closes the file. Because of the checksums and compression, most damage to a PNG is fatal rather than cosmetic.',
    definitionBullets: [
      'The signature is also a transfer check: its bytes detect line-ending conversion and 7-bit stripping.',
      'IHDR declares the dimensions a decoder allocates memory for.',
      'Every chunk has a CRC-32; strict decoders stop at the first mismatch.',
      'Pixel data is zlib-compressed across IDAT chunks, with its own checksum.',
    ],
    failureModes: [
      {
        title: 'Bad signature or header',
        description:
          "Won't Open destroys the signature and the IHDR chunk, so decoders refuse the file before reading pixels. The upload should be rejected as an invalid image.",
      },
      {
        title: 'Chunk checksum failure',
        description:
          'Changed bytes inside a chunk make its CRC-32 mismatch. Most decoders stop; some skip the chunk. Either way your app should not show a success state.',
      },
      {
        title: 'Compressed data error',
        description: 'Damage in IDAT breaks zlib decompression. Thumbnails may come out partly drawn or not at all.',
      },
      {
        title: 'Missing end',
        description:
          'A cut file has no IEND chunk. Some decoders render what they have; make sure yours does not wait for more data.',
      },
    ],
    corruptionBenefits: [
      'Tests decoder error handling in upload, thumbnail and screenshot pipelines.',
      'Checks that dimension limits are enforced before memory is allocated.',
      'Verifies that design-asset pipelines fail a build on a broken image instead of shipping it.',
      'Screenshots and designs never leave your machine.',
    ],
    steps: [
      'Drop a PNG into the workspace.',
      "Choose Won't Open for a file decoders refuse, Stealth Corruption for a valid-looking header with damaged pixels, or Quick Scramble for damage throughout.",
      'Start Processing and download name_corrupted.png and the report.',
      'Run it through your upload, resize or asset pipeline and note the result.',
      'Cross-check with ImageMagick: identify name_corrupted.png',
    ],
    testingUseCases: [
      'Image uploads and avatar forms: invalid files rejected with a clear message.',
      'Screenshot and design-asset pipelines: broken images fail the build.',
      'Image processing services: decoder errors are caught and reported.',
      'Mobile apps showing remote images: a placeholder instead of a crash.',
    ],
    recommendedModes: [
      'header-tamper',
      'random-byte-mutation',
      'byte-flip',
      'bad-sectors',
      'bit-rot',
      'text-transfer',
      'seven-bit',
    ],
    qaTips: [
      'Stealth Corruption keeps the first 5% of the file, up to 4 KiB, so in any PNG over 1 KB the signature and IHDR survive and the damage reaches the chunks after them.',
      'PNG is unforgiving: for visual glitch experiments, JPEG or uncompressed BMP give more interesting results.',
      'Test with a large PNG too; decoders differ in how much they allocate before noticing damage.',
    ],
    complianceNotes: [
      OWN_FILES,
      LOCAL_ONLY,
      'Screenshots often contain personal or confidential details; the undamaged parts may stay visible.',
    ],
    callToAction: {
      label: 'Corrupt a PNG now',
      description: 'Break a PNG in your browser and check that your image pipeline notices.',
    },
    calloutStat: {
      value: '89 50 4E 47',
      label: "the start of the PNG signature; Won't Open destroys the 8-byte signature and the IHDR header chunk",
    },
    faqs: [
      {
        question: 'Why does every corrupted PNG fail completely?',
        answer:
          'PNG checks itself with chunk checksums and compressed data, so most damage is caught and the decoder stops. That is good for testing error paths. For partly visible damage, try JPEG instead.',
      },
      {
        question: 'Can I corrupt only the pixels and keep the header?',
        answer:
          'Use Stealth Corruption (Random Byte Mutation): it keeps the first 5% of the file, up to 4 KiB, and damages the rest.',
      },
      {
        question: 'Does it handle APNG or very large PNGs?',
        answer:
          'Yes, up to 200 MB per file in the browser. Fracture works on bytes, so animated PNGs are corrupted like any other PNG.',
      },
    ],
  },
  {
    slug: 'mp4',
    name: 'MP4 video',
    extension: '.mp4',
    metaTitle: 'Corrupt an MP4 Video for Testing | Fracture',
    metaDescription:
      'Create damaged MP4 videos to test players, transcoders and upload processing. Runs in your browser up to 200 MB per file, reproducible by seed.',
    keywords: [
      'corrupt mp4',
      'corrupted video test file',
      'broken mp4 for testing',
      'damaged video sample',
      'video transcoding error test',
    ],
    hero: {
      eyebrow: 'Video corruption',
      heading: 'Damaged MP4s for players and transcoding pipelines',
      subheading:
        'Videos arrive truncated, half-uploaded and with broken indexes. Give your player and your processing queue those files before your users do.',
    },
    definition:
      'An MP4 file is a tree of boxes (ISO base media format): ftyp names the brand, moov holds the track descriptions and the sample tables that say where every frame sits, and mdat holds the compressed audio and video data. moov can come before mdat ("fast start", for streaming) or after it. Players need moov to find anything; decoders can often conceal damage inside mdat.',
    definitionBullets: [
      'Without a readable moov box, a player has no idea where the frames are.',
      'Sample tables store byte offsets into mdat; shifting bytes misaligns every frame after the shift.',
      'Damage inside mdat often shows as blocky artefacts that clear at the next keyframe.',
      'Files recorded without fast start keep moov at the end, so a cut-off upload loses it.',
    ],
    failureModes: [
      {
        title: 'No playable stream',
        description:
          "Won't Open breaks the container structure so that ffprobe finds no stream or ffmpeg fails to decode it. Your upload flow should reject the file, not queue an endless transcode.",
      },
      {
        title: 'Artefacts and frozen frames',
        description:
          'Damage in the media data shows as blocks, smears or a frozen picture until the next keyframe. Players should keep playing; transcoders may stop or carry on depending on settings.',
      },
      {
        title: 'Misaligned frames',
        description:
          'A cut or block swap moves data away from the offsets in the sample tables. Seeking and duration break even when playback starts.',
      },
      {
        title: 'Index lost',
        description: 'If the damage hits moov, the file has media but no map. Some tools can rebuild it; most give up.',
      },
    ],
    corruptionBenefits: [
      'Tests transcoding queues for timeouts and retries on input that never finishes.',
      'Checks player error states: message, retry, no frozen UI.',
      'Finds thumbnail and poster-frame jobs that hang on broken files.',
      'Large private recordings stay on your machine.',
    ],
    steps: [
      'Drop a video of up to 200 MB into the workspace; use the command line tool for larger files.',
      "Choose Stealth Corruption for artefacts with an intact start, Jumble Sections (Block Noise) or Cut & Replace for misaligned data, Won't Open for a file with no playable stream.",
      'Start Processing and download name_corrupted.mp4 and the report.',
      'Play it in your player and run it through your processing pipeline.',
      'Cross-check with ffprobe -show_streams and ffmpeg -i name_corrupted.mp4 -f null -',
    ],
    testingUseCases: [
      'Video upload platforms: rejection or quarantine of broken uploads.',
      'Transcoding workers: time limits, retries and dead-letter handling.',
      'Web and mobile players: error overlays and recovery.',
      'Video analytics or surveillance ingestion: damaged segments flagged, stream continues.',
    ],
    recommendedModes: [
      'random-byte-mutation',
      'block-noise',
      'entropy-surge',
      'header-tamper',
      'interrupted-download',
      'bad-sectors',
      'misdirected-write',
    ],
    qaTips: [
      'Test one fast-start file (moov first) and one with moov at the end; damage to the same region has different effects.',
      'Set a time limit on transcoding tests: a hang is the failure you are looking for.',
      'Low intensities are enough for video; a few damaged frames test concealment without destroying the whole file.',
    ],
    complianceNotes: [
      OWN_FILES,
      LOCAL_ONLY,
      'Recordings of people are personal data; corrupted copies may still play in part.',
    ],
    callToAction: {
      label: 'Corrupt an MP4 now',
      description: 'Damage a video in your browser and check how your player and pipeline cope.',
    },
    calloutStat: {
      value: '200 MB',
      label: 'per file in the browser workspace; the command line tool is not bound by that limit',
    },
    faqs: [
      {
        question: 'Why does my corrupted video still play?',
        answer:
          "Video decoders are built to hide damage and resynchronise at the next keyframe. That makes MP4 good for testing concealment. For a file with no playable stream, use Won't Open.",
      },
      {
        question: 'How big a video can I corrupt?',
        answer:
          'Up to 200 MB per file in the browser. The fracture command line tool is not bound by that browser limit, so use it for long recordings.',
      },
      {
        question: 'Does it work for MOV, M4V, MKV or WebM?',
        answer:
          "Yes. Every mode works on any file's bytes, and Won't Open recognises these containers by their content.",
      },
    ],
  },
  {
    slug: 'json',
    name: 'JSON',
    extension: '.json',
    metaTitle: 'Corrupt a JSON File for Parser Testing | Fracture',
    metaDescription:
      'Create malformed JSON (invalid UTF-8, NUL bytes, unbalanced brackets, cut strings) to test parsers and config loading. Local and reproducible.',
    keywords: [
      'corrupt json',
      'malformed json test file',
      'invalid json for testing',
      'broken config file',
      'json parser error test',
    ],
    hero: {
      eyebrow: 'JSON corruption',
      heading: 'Malformed JSON for parsers, configs and fixtures',
      subheading:
        'A config that fails to parse should stop your service with a clear message, not start it with silent defaults. Make broken JSON on purpose and find out.',
    },
    definition:
      'JSON is text with a strict grammar: objects in braces, arrays in brackets, strings in double quotes, UTF-8 encoding. Unlike CSV, a JSON parser has no room to guess: a missing bracket or a stray byte makes the whole document invalid. That makes JSON easy to break and the handling of that break easy to get wrong.',
    definitionBullets: [
      'Parsers read the whole document; an error near the end still rejects everything.',
      'Strings must be valid UTF-8; a NUL or stray high byte is an error for strict parsers.',
      'Braces and brackets must balance; a cut file usually ends inside a string or an array.',
      'Configuration, fixtures, exports and message payloads are all JSON files on disk at some point.',
    ],
    failureModes: [
      {
        title: 'Invalid encoding',
        description:
          "Won't Open starts the file with a NUL and bytes that are not UTF-8. Strict parsers fail at the first byte; check the message your app shows.",
      },
      {
        title: 'Unbalanced brackets and quotes',
        description:
          'Destroyed brackets and quotes leave structures that never close. The parser should report a position; your app should not fall back to an empty object.',
      },
      {
        title: 'Cut document',
        description:
          'A removed span ends the document mid-string or mid-array, like a partial write after a crash. Config loaders must refuse it.',
      },
      {
        title: 'Parses, but not as intended',
        description:
          'Scattered byte changes occasionally leave valid JSON with altered keys or values. Schema validation should catch what the parser accepts.',
      },
    ],
    corruptionBenefits: [
      'Proves that services refuse to start on a broken config instead of running with defaults.',
      'Tests import features that accept JSON exports from users.',
      'Checks that error messages point to a line and column.',
      'Configs with secrets never leave your machine while you test.',
    ],
    steps: [
      'Drop the JSON file into the workspace.',
      "Choose Won't Open for a document every strict parser rejects, Cut & Replace for a partial write, or Quick Scramble for scattered damage.",
      'Start Processing and download name_corrupted.json with the report.',
      'Load it the way your app does (startup config, import, recorded response) and note the behaviour.',
      'Cross-check with a strict parser, for example python3 -m json.tool name_corrupted.json',
    ],
    testingUseCases: [
      'Service startup: a broken config stops the service with a clear log line.',
      'Import of settings, projects or data exports: a clear error and nothing half-applied.',
      'Mobile and desktop apps with cached JSON: a damaged cache is discarded and rebuilt.',
      'Recorded test fixtures: a corrupted fixture fails the test loudly, not with a confusing assertion.',
    ],
    recommendedModes: ['header-tamper', 'entropy-surge', 'byte-flip', 'bit-rot', 'seven-bit', 'charset-roundtrip'],
    qaTips: [
      'Test cached files as well as uploads: a damaged local cache is a common cause of apps that never start again.',
      'Check that the error message includes the file path; "Unexpected token" alone is hard to act on.',
      'Add schema validation tests for the rare Quick Scramble output that still parses.',
    ],
    complianceNotes: [
      OWN_FILES,
      LOCAL_ONLY,
      'Config files may contain secrets; corrupted copies can still leak them, so keep them out of shared fixture folders.',
    ],
    callToAction: {
      label: 'Corrupt a JSON file now',
      description: 'Break a JSON document in your browser and see whether your app stops cleanly.',
    },
    calloutStat: {
      value: '{ } [ ] "',
      label:
        "the brackets and quotes Won't Open destroys in JSON, after poisoning the start with a NUL and non-UTF-8 bytes",
    },
    faqs: [
      {
        question: "Will a strict JSON parser always reject the Won't Open output?",
        answer:
          "That is what the recipe is built for: a NUL and non-UTF-8 bytes at the start, destroyed brackets and quotes, and a cut of at least 50 bytes or 10%. Parsers such as Python's json module reject it.",
      },
      {
        question: 'Can I make JSON that is valid but wrong?',
        answer:
          'Not reliably. Fracture damages bytes, so almost all results are invalid JSON. For valid documents with wrong values, use your schema or property-based test tools.',
      },
      {
        question: 'Does it work for YAML, XML or other text formats?',
        answer:
          "Yes. Won't Open applies its text recipe to YAML, XML, HTML, SQL, Markdown, logs and source code as well.",
      },
    ],
  },
];

export const fileTypeBySlug = slugIndex(fileTypes);
