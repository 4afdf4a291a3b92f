// The /faq page accordion and the home page FAQ. Answers are plain text (they also feed FAQPage
// structured data); internal links travel beside them as data, rendered after the answer.
import type { InternalLink, LinkedFaq } from './types.ts';
import { PRO_PRICE_GBP, PRO_PRICE_USD, REFUND_DAYS } from '../constants.ts';

const HOW_IT_WORKS: InternalLink = { label: 'How it works', to: '/how-it-works' };
const CONTACT: InternalLink = { label: 'Contact us', to: '/contact' };
const PRICING: InternalLink = { label: 'Pricing', to: '/pricing' };

const uploads: LinkedFaq = {
  question: 'Are my files uploaded anywhere?',
  answer:
    "No. Fracture reads, corrupts and packages your files inside your browser, using an engine compiled to WebAssembly that runs in a Web Worker. The only requests the site makes are for its own static files, and no third-party scripts are loaded. You can confirm it in your browser's developer tools, on the Network panel.",
  links: [HOW_IT_WORKS, { label: 'Does Fracture upload files?', to: '/answers/does-fracture-upload-files' }],
};

const original: LinkedFaq = {
  question: 'Is my original file changed?',
  answer:
    'No. Fracture works on a copy in memory and gives you a new file with _corrupted added to its name, for example report_corrupted.pdf. The file on your disk is never written to.',
  links: [HOW_IT_WORKS],
};

const whichMode: LinkedFaq = {
  question: 'Which algorithm and settings should I choose?',
  answer:
    "Won't Open when the file must be refused outright; Stealth Corruption when it should pass type checks and fail deeper; Cut & Replace for a span replaced by junk; Jumble Sections for data in the wrong order; Quick Scramble for damage spread across the whole file. For faults as they happen in the wild: Interrupted Download for a transfer cut short, Bad Sectors for blocks a failing disk reads back as zeros, Bit Rot for single flipped bits. If unsure, start with Won't Open at intensity 80. Quick Scramble, Stealth Corruption, Bad Sectors and Bit Rot also take two settings under Advanced. Byte ranges aims the damage: a list such as only 0x1000:0x8000, protect 0:512 changes bytes only in the first range and never in the second (byte offsets, end exclusive, 0x hex allowed, negative values count from the end; --only and --protect on the command line); the number of changes is worked out on the bytes you allow. Keep checksums valid (--fix-checksums) recomputes, after the damage, the checksums that cover stored bytes, so a reader gets past them and the damage reaches the decoder: PNG chunk CRCs, the CRCs of stored ZIP entries, tar header checksums, Ogg page CRCs and FLAC frame CRCs. Checks over decompressed data (deflated ZIP entries, gzip, xz, bzip2, FLAC's MD5) cannot be recomputed; the report says so.",
  links: [
    { label: "Won't Open (Header Tamper)", to: '/modes/header-tamper' },
    { label: 'Stealth Corruption (Random Byte Mutation)', to: '/modes/random-byte-mutation' },
    { label: 'Cut & Replace (Entropy Surge)', to: '/modes/entropy-surge' },
    { label: 'Jumble Sections (Block Noise)', to: '/modes/block-noise' },
    { label: 'Quick Scramble (Byte Flip)', to: '/modes/byte-flip' },
    { label: 'Interrupted Download', to: '/modes/interrupted-download' },
    { label: 'Bad Sectors', to: '/modes/bad-sectors' },
    { label: 'Bit Rot', to: '/modes/bit-rot' },
  ],
};

const reproduce: LinkedFaq = {
  question: 'Can I reproduce a corrupted file exactly?',
  answer:
    'Yes. The same file, algorithm, intensity and seed produce the same bytes every time, in the browser, in the fracture command line tool and in CI. The report records all of them along with the sha256 of the result, so you can check it. In a batch, file number i uses the master seed plus i.',
  links: [HOW_IT_WORKS, { label: 'QA testing', to: '/use-cases/qa-testing' }],
};

const price: LinkedFaq = {
  question: 'What does Fracture cost?',
  answer: `Using it is free, and all premium features are currently unlocked for free users. Pro Lifetime is a one-time payment of ${PRO_PRICE_USD} (${PRO_PRICE_GBP} in the UK) with no recurring charge and a ${REFUND_DAYS}-day refund window.`,
  links: [PRICING],
};

const help: LinkedFaq = {
  question: 'How do I get help or report a bug?',
  answer:
    'Use the contact form, choosing Technical Support or Bug Report as the category. Attach the report JSON of the run if you can: with its seed, mode and intensity we can rebuild the exact file. We aim to reply within 24 hours.',
  links: [CONTACT, HOW_IT_WORKS],
};

export const faqPageFaqs: LinkedFaq[] = [
  {
    question: 'What does Fracture do?',
    answer:
      'Fracture deliberately damages copies of files on your own device, so you can test how software handles broken input: upload forms, importers, viewers, decoders and pipelines. You choose an algorithm, an intensity and a seed, and get the corrupted file plus a report of exactly what changed.',
    links: [HOW_IT_WORKS, { label: 'Use cases', to: '/use-cases/qa-testing' }],
  },
  uploads,
  original,
  whichMode,
  reproduce,
  {
    question: 'Which file types and sizes are supported?',
    answer:
      "Every algorithm works on any file's bytes, up to 200 MB per file in the browser. Won't Open adds format-aware failure recipes for families such as ZIP and the Office formats built on it, PDF, PNG, JPEG and other images, audio and video containers, executables, archives and text formats like CSV and JSON; anything else gets a generic header break.",
    links: [
      { label: 'PDF', to: '/corrupt/pdf' },
      { label: 'CSV', to: '/corrupt/csv' },
      { label: 'ZIP', to: '/corrupt/zip' },
      { label: 'MP4', to: '/corrupt/mp4' },
    ],
  },
  {
    question: 'What is in the report?',
    answer:
      "File name, sizes before and after, algorithm (engine mode), intensity, seed, entropy before and after, sha256 before and after, the recipe applied and the mode's own details, such as the number of bytes rewritten or the offset of a cut. Batch downloads add a session report with every file and its seed.",
    links: [HOW_IT_WORKS],
  },
  {
    question: 'Is there a command line tool or an API?',
    answer:
      'There is a command line tool, fracture, and a TypeScript SDK; both are free and use the same engine as the browser, so seeds carry over. There is no HTTP API, because no server does the work. Example: npx fracture --mode guaranteed_break --seed 42 file.pdf',
    links: [{ label: 'QA testing workflow', to: '/use-cases/qa-testing' }, PRICING],
  },
  {
    question: 'Does Fracture work offline?',
    answer:
      'Yes. After your first visit the workspace keeps working without a connection, because everything runs in your browser.',
    links: [{ label: 'Corrupting files offline', to: '/answers/can-i-corrupt-files-offline' }, HOW_IT_WORKS],
  },
  price,
  {
    question: 'Am I allowed to corrupt any file?',
    answer:
      'Use Fracture only on files you own or are allowed to modify, and only to test systems you are authorised to test. A deliberately damaged file passed off as an accident is still your responsibility.',
    links: [
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Parody & Fair Use', to: '/legal/parody-and-fair-use' },
    ],
  },
  help,
];

export const homeFaqs: LinkedFaq[] = [uploads, original, whichMode, reproduce, price, help];
