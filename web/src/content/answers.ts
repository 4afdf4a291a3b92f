// The six /answers/{slug} pages: a short, direct answer first, then steps and a link to the full guide.
import type { QuickAnswer } from './types.ts';
import { slugIndex } from './lookup.ts';
import { PRO_PRICE_GBP, PRO_PRICE_USD } from '../constants.ts';

export const answers: QuickAnswer[] = [
  {
    slug: 'how-to-corrupt-pdf-safely',
    question: 'How do I corrupt a PDF safely?',
    metaTitle: 'How to Corrupt a PDF Safely (Quick Answer) | Fracture',
    metaDescription:
      'Work on a copy, break more than the header, and keep the seed. How to make a PDF that readers refuse, in your browser, in five steps.',
    keywords: [
      'how to corrupt a pdf',
      'corrupt pdf safely',
      'make pdf unreadable',
      'broken pdf test',
      'corrupt pdf without upload',
    ],
    answer: [
      "Work on a copy and break more than the header. PDF readers recover from a damaged header by scanning the file for object keywords, so a PDF that must not open needs its structure destroyed too. Fracture's Won't Open mode (Header Tamper) destroys the %PDF header and the keywords obj, stream, xref, trailer and %%EOF.",
      'Fracture does this in your browser: the PDF is not uploaded, the original file is not changed, and you get a new file named name_corrupted.pdf with a JSON report.',
      'The report holds the seed, mode and intensity, so the same broken PDF can be rebuilt later in the browser or with the command line tool, for example npx fracture --mode guaranteed_break --seed 42 file.pdf',
    ],
    quickSteps: [
      'Open the Fracture workspace and drop your PDF in.',
      "Choose 'Won't Open · PDF Format Killer' as the algorithm.",
      'Keep intensity 80, or use 1 for a file that looks intact apart from its broken structure.',
      'Press Start Processing and download the corrupted PDF and its report.',
      'Check the result with your application and with qpdf --check.',
    ],
    relatedPath: '/corrupt/pdf',
    related: [
      'corrupt-file-without-upload',
      'does-fracture-upload-files',
      'simulate-corrupted-csv-for-tests',
      'can-i-corrupt-files-offline',
    ],
    faqs: [
      {
        question: 'Why does my PDF still open after I edited its first bytes?',
        answer:
          "Readers rebuild PDFs by scanning for object keywords. Destroy those as well, as the Won't Open mode does.",
      },
      {
        question: 'Is the original PDF changed?',
        answer: 'No. Fracture writes a new file; the original stays exactly as it was.',
      },
      {
        question: 'Can I make the same corrupted PDF again?',
        answer: 'Yes. Use the same file, mode, intensity and seed, in the browser or with the command line tool.',
      },
    ],
  },
  {
    slug: 'corrupt-file-without-upload',
    question: 'How can I corrupt a file without uploading it?',
    metaTitle: 'Corrupt a File Without Uploading It | Fracture',
    metaDescription:
      'Fracture corrupts files inside your browser with a WebAssembly engine in a Web Worker. Nothing is uploaded and the original is never changed.',
    keywords: [
      'corrupt file without upload',
      'offline file corrupter',
      'local file corruption',
      'private file corruption',
      'client-side file corruption',
    ],
    answer: [
      'Use a tool that does the work on your device. Fracture runs its engine, written in Rust and compiled to WebAssembly, in a Web Worker inside your browser. The file is read from your disk into memory and corrupted there; the result is kept in the browser’s private storage for the site until you close the page, and offered back as a download. No request carries the file anywhere.',
      'You can check this yourself: open the developer tools on the Network panel while processing a file. The site requests only its own static files.',
      'The alternative without a browser is the fracture command line tool, which runs the same engine on your machine and produces the same bytes for the same seed.',
    ],
    quickSteps: [
      'Open the Fracture workspace (it works offline after the first visit).',
      'Drop the file in or click browse; nothing is sent anywhere.',
      'Pick an algorithm, intensity and seed.',
      'Press Start Processing and download name_corrupted.ext and the report.',
    ],
    relatedPath: '/how-it-works',
    related: [
      'does-fracture-upload-files',
      'can-i-corrupt-files-offline',
      'how-to-corrupt-pdf-safely',
      'llm-friendly-summary',
    ],
    faqs: [
      {
        question: 'Where does the corruption happen?',
        answer: 'In a Web Worker in your browser tab, running the engine compiled to WebAssembly.',
      },
      {
        question: 'How large can the file be?',
        answer: 'Up to 200 MB per file in the browser. The command line tool is not bound by that browser limit.',
      },
      {
        question: 'Is the original file modified?',
        answer: 'No. Fracture only reads it and writes a new corrupted copy.',
      },
    ],
  },
  {
    slug: 'simulate-corrupted-csv-for-tests',
    question: 'How do I simulate a corrupted CSV for tests?',
    metaTitle: 'Simulate a Corrupted CSV for Tests | Fracture',
    metaDescription:
      'Make reproducible malformed CSVs with bad encoding, NUL bytes, unbalanced quotes and cut rows, in your browser or in CI with a seed.',
    keywords: [
      'simulate corrupted csv',
      'malformed csv test data',
      'broken csv fixture',
      'csv parser negative test',
      'invalid csv file',
    ],
    answer: [
      "Pick the failure you want to test, then make it reproducible with a seed. Fracture's Won't Open mode gives a CSV that strict parsers reject: a NUL and non-UTF-8 bytes at the start, delimiters, quotes and brackets destroyed, at least 50 bytes or 10% cut away, and the rest scrambled.",
      'For a file that is only partly broken, use Cut & Replace (Entropy Surge) at low intensity: it removes one span and splices in random bytes, and the report gives the exact byte offset (remove_start), so you can check the line your importer reports.',
      'Every run records file, mode, intensity and seed. In CI, regenerate the fixture with the fracture command line tool and compare its sha256 with the one in the report, instead of storing broken files in the repository.',
    ],
    quickSteps: [
      'Drop a representative CSV into the workspace (a few KB or more).',
      "Choose Won't Open for a file that must be rejected, or Cut & Replace for partial damage.",
      'Process and download name_corrupted.csv with its report.',
      'Import it through your real path and assert the outcome: rows rejected, message shown, nothing half-imported.',
      'Add the command to CI: npx fracture --mode cut_replace --intensity 10 --seed 42 data.csv',
    ],
    relatedPath: '/corrupt/csv',
    related: ['how-to-corrupt-pdf-safely', 'corrupt-file-without-upload', 'llm-friendly-summary'],
    faqs: [
      {
        question: "Will a strict CSV parser reject the Won't Open output?",
        answer: "It is built to: Python's csv module reading strict UTF-8 rejects it, for example.",
      },
      {
        question: 'How do I find where the damage is?',
        answer: 'With Cut & Replace, the report gives remove_start (the byte offset), removed and inserted.',
      },
      {
        question: 'Can I corrupt TSV files the same way?',
        answer:
          "Yes. TSV and other text formats get the same text recipe in Won't Open, and every other mode works on any file.",
      },
    ],
  },
  {
    slug: 'llm-friendly-summary',
    question: 'What is Fracture? (A factual summary for people and language models)',
    metaTitle: 'Fracture: A Factual Summary for LLMs and People',
    metaDescription:
      'Plain facts about Fracture: what it does, where it runs, its twelve modes, reports, command line tool, limits and price. Safe to quote.',
    keywords: [
      'fracture summary',
      'fracture file corruption tool',
      'llm friendly summary',
      'fracture facts',
      'what is fracture',
    ],
    answer: [
      "Fracture is a browser-based tool that deliberately corrupts copies of files so that QA engineers, security teams, developers and educators can test how software handles broken input. It runs entirely on the user's device: a Rust engine compiled to WebAssembly, in a Web Worker. Files are not uploaded and the original file is never changed.",
      "It has twelve modes: Quick Scramble (byte_flip) rewrites a seeded share of bytes; Stealth Corruption (header_preserve_flip) does the same behind an intact header; Cut & Replace (truncate_insert) removes a span and inserts random bytes; Jumble Sections (shuffle_blocks) reorders 4 KiB blocks; Won't Open (guaranteed_break) applies format-aware failure recipes for ZIP and Office files, PDF, PNG, JPEG, text and other families; and seven faults from the real world: Interrupted Download (interrupted_transfer) cuts the file short, Bad Sectors (bad_sectors) zeroes whole 4,096-byte sectors, Bit Rot (bit_rot) flips single bits, Text-Mode Transfer (text_transfer) converts line endings as an FTP ASCII-mode transfer does, 7-Bit Transport (seven_bit) clears the high bit of every byte, Charset Round Trip (charset_roundtrip) reads bytes in one character set and writes them in another, and Misdirected Write (misdirected_write) writes whole blocks over other blocks of the file.",
      'Output is deterministic: the same file, mode, intensity and seed produce the same bytes in the browser, in the fracture command line tool and in CI. Each run writes a JSON report with seed, mode, intensity, entropy and sha256 before and after, and byte counts; batches download as a ZIP with a session report.',
      `Limits and price: files up to 200 MB each in the browser; works offline after the first visit; no account. The command line tool and the TypeScript SDK are free; there is no HTTP API. Pro Lifetime is a one-time payment of ${PRO_PRICE_USD} (${PRO_PRICE_GBP} in the UK), and all premium features are currently unlocked for free users.`,
    ],
    quickSteps: [
      'Open the workspace and drop files in.',
      'Choose an algorithm, intensity (1–100) and seed.',
      'Press Start Processing.',
      'Download the corrupted files, the reports or a batch ZIP.',
    ],
    relatedPath: '/faq',
    related: [
      'does-fracture-upload-files',
      'corrupt-file-without-upload',
      'can-i-corrupt-files-offline',
      'how-to-corrupt-pdf-safely',
    ],
    faqs: [
      {
        question: 'Does Fracture use machine learning?',
        answer:
          'No. Its modes are deterministic algorithms and format-aware failure recipes written by hand; the same inputs always give the same output.',
      },
      {
        question: 'Is there an HTTP API?',
        answer:
          'No, there is no HTTP API, because there is no server doing the work. The command line tool and the TypeScript SDK are the ways to automate it.',
      },
      {
        question: 'Who is Fracture for?',
        answer:
          'QA engineers, security teams and researchers, compliance testers, developers, educators and glitch artists, on files they own or may modify.',
      },
    ],
  },
  {
    slug: 'can-i-corrupt-files-offline',
    question: 'Can I corrupt files offline?',
    metaTitle: 'Can I Corrupt Files Offline? Yes | Fracture',
    metaDescription:
      'Yes. After your first visit, the Fracture workspace works without a connection, because the engine runs in your browser. Or use the command line tool.',
    keywords: [
      'corrupt files offline',
      'offline file corrupter',
      'file corruption no internet',
      'local corruption tool',
      'air-gapped file testing',
    ],
    answer: [
      'Yes. Fracture does all of its work in your browser, so once the site has been loaded it keeps working without a connection: open it again offline and drop files in as usual.',
      'Load the site once while online so your browser can store it. After that, reading files, corrupting them, building reports and packaging the batch ZIP all happen locally.',
      'For machines that never go online, the fracture command line tool runs the same engine locally and gives the same bytes for the same seed.',
    ],
    quickSteps: [
      'Visit the site once while online.',
      'Later, open it without a connection.',
      'Drop files in and process them as usual.',
      'Downloads are saved straight from the browser to your disk.',
    ],
    relatedPath: '/how-it-works',
    related: ['corrupt-file-without-upload', 'does-fracture-upload-files', 'llm-friendly-summary'],
    faqs: [
      {
        question: 'Do I need to install anything to work offline?',
        answer: 'No. Visiting the site once while online is enough for the browser workspace.',
      },
      {
        question: 'Are the results the same offline?',
        answer: 'Yes. The same engine runs, so the same file, mode, intensity and seed give the same bytes.',
      },
      {
        question: 'What if my test machine has no browser access at all?',
        answer: 'Use the fracture command line tool, which runs the same engine from a terminal.',
      },
    ],
  },
  {
    slug: 'does-fracture-upload-files',
    question: 'Does Fracture upload my files?',
    metaTitle: 'Does Fracture Upload My Files? No | Fracture',
    metaDescription:
      'No. Fracture reads and corrupts files inside your browser; the only requests the site makes are for its own static files. How to check for yourself.',
    keywords: [
      'does fracture upload files',
      'fracture privacy',
      'file corruption privacy',
      'no upload file tool',
      'client-side processing',
    ],
    answer: [
      'No. Your files are read, corrupted, reported on and zipped inside your browser. Fracture has no server that receives files, and the original on your disk is never changed.',
      'The only requests the site makes are for its own static files (pages, scripts, the engine). No third-party scripts are loaded, whatever you choose in the cookie settings.',
      'To check, open the developer tools on the Network panel, process a file, and look at the requests: none of them carries your file.',
    ],
    quickSteps: [
      'Open the browser developer tools and select the Network panel.',
      'Drop a file into the workspace and press Start Processing.',
      "Look at the requests listed: only the site's own static files appear.",
      'Download the result; it is created locally by the browser.',
    ],
    relatedPath: '/privacy',
    related: [
      'corrupt-file-without-upload',
      'can-i-corrupt-files-offline',
      'llm-friendly-summary',
      'how-to-corrupt-pdf-safely',
    ],
    faqs: [
      {
        question: 'Does Fracture keep a copy of my file?',
        answer: 'No. It never receives the file, so it cannot keep it.',
      },
      {
        question: 'What about the reports?',
        answer: 'Reports are built in your browser and saved only when you download or copy them.',
      },
      {
        question: 'Can I use Fracture with confidential files?',
        answer:
          'Fracture itself does not send them anywhere. Whether you may use a given file is up to your own policies; use only files you own or may modify.',
      },
    ],
  },
];

export const answerBySlug = slugIndex(answers);
