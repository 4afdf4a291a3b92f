// The three /compare/{slug} pages. Competitor cells state only what we know; anything we could not
// confirm says so (NOT_CONFIRMED) rather than guessing in our own favour.
import type { Comparison } from './types.ts';
import { slugIndex } from './lookup.ts';
import { PRO_PRICE_USD } from '../constants.ts';

const NOT_CONFIRMED = 'Not something we could confirm; check the service';

export const comparisons: Comparison[] = [
  {
    slug: 'corrupt-my-file-alternative',
    title: 'A private alternative to "corrupt my file" websites',
    competitorName: 'Online "corrupt my file" services',
    metaTitle: 'Corrupt My File Alternative, No Upload | Fracture',
    metaDescription:
      'Looking for a "corrupt my file" site? Fracture corrupts files in your browser without uploading them, with seeds, modes and a report per file.',
    keywords: [
      'corrupt my file alternative',
      'corrupt file online',
      'corrupt file without upload',
      'file corrupter',
      'corrupt a file for testing',
    ],
    hero: {
      eyebrow: 'Comparison',
      heading: 'Corrupt a file without handing it to a website',
      subheading:
        'Online "corrupt my file" services usually take an upload and give back a damaged copy. Fracture does the damage in your browser, lets you choose how, and tells you exactly what it did.',
    },
    overview:
      'Most websites that offer to corrupt a file work the same way: you upload it, their server damages it, you download the result. That is quick for a throwaway file. For work files, for anything confidential, or when you need the same broken file again tomorrow, it falls short. Fracture runs entirely in your browser: the file is read and corrupted on your device, the original is never changed, and each run is reproducible from its seed. Services differ and change over time, so where we could not confirm what a service does, the table says so.',
    table: [
      {
        feature: 'Where the file is processed',
        fracture: 'In your browser, on your device; nothing is uploaded',
        alternative: "Typically on the service's server after an upload; check each service",
      },
      {
        feature: 'Original file',
        fracture: 'Never changed; you get a new name_corrupted copy',
        alternative: 'Stays on your disk; the service receives a copy',
      },
      {
        feature: 'Same broken file again',
        fracture: 'Yes: same file, mode, intensity and seed give the same bytes',
        alternative: NOT_CONFIRMED,
      },
      {
        feature: 'Choice of damage',
        fracture: "Twelve modes and an intensity, including format-aware recipes for files that won't open",
        alternative: NOT_CONFIRMED,
      },
      {
        feature: 'Record of what changed',
        fracture: 'JSON report: seed, mode, intensity, entropy and sha256 before and after, byte counts',
        alternative: NOT_CONFIRMED,
      },
      {
        feature: 'Many files at once',
        fracture: 'Yes, with a batch ZIP and a session report',
        alternative: NOT_CONFIRMED,
      },
      {
        feature: 'Works offline',
        fracture: 'Yes, after the first visit',
        alternative: 'No: an upload needs a connection',
      },
      {
        feature: 'Automation',
        fracture: 'Free fracture command line tool and TypeScript SDK',
        alternative: NOT_CONFIRMED,
      },
      { feature: 'Setup', fracture: 'None: open the page', alternative: 'None: open the page' },
    ],
    highlights: [
      {
        title: 'Your file stays with you',
        detail:
          'Reading, corrupting and packaging all happen in your browser, with the engine in a Web Worker. You can confirm in the developer tools that no request carries the file.',
      },
      {
        title: 'Reproducible, not random',
        detail:
          'A seed turns a corrupted file into something you can describe and rebuild, which is what a test or a bug report needs.',
      },
      {
        title: 'Made for testing software',
        detail:
          'Fracture exists to test how software handles broken input, and it records what it did. It is not meant for passing off a damaged file as an accident.',
      },
      {
        title: 'Where an online service is fine',
        detail:
          'For one throwaway file with nothing sensitive in it, an upload service is quick too. The difference shows with real documents, repeated runs and teams.',
      },
    ],
    cta: {
      label: 'Corrupt a file in your browser',
      description:
        'Drop a file into the workspace, pick a mode and download the damaged copy with its report. No upload, no account.',
    },
    faqs: [
      {
        question: 'Is Fracture free?',
        answer: `Yes, and right now all premium features are unlocked for free users. Pro Lifetime is a one-time ${PRO_PRICE_USD}.`,
      },
      {
        question: 'Do online corrupters keep my file?',
        answer:
          'It depends on the service and its privacy statement, which you should read before uploading anything. With Fracture the question does not arise: the file never leaves your device.',
      },
      {
        question: 'Can I corrupt any type of file?',
        answer:
          "Yes. Every mode works on any file's bytes, up to 200 MB per file in the browser, and Won't Open has format-aware recipes for common families such as ZIP and Office files, PDF, images, video and text.",
      },
    ],
  },
  {
    slug: 'how-to-corrupt-a-pdf-safely',
    title: 'How to corrupt a PDF safely: Fracture or manual methods',
    competitorName: 'Manual methods (hex editor, head, dd, renaming)',
    metaTitle: 'How to Corrupt a PDF Safely: Tools vs Manual | Fracture',
    metaDescription:
      'Corrupting a PDF by hand risks your original and often still opens. Compare hex editors and shell commands with Fracture, step by step.',
    keywords: [
      'how to corrupt a pdf',
      'corrupt pdf safely',
      'corrupt pdf hex editor',
      'make pdf unreadable for testing',
      'broken pdf test file',
    ],
    hero: {
      eyebrow: 'Guide and comparison',
      heading: 'How to corrupt a PDF safely',
      subheading:
        'Three risks come with breaking a PDF by hand: damaging the only copy, making a file that still opens, and not being able to make the same one again. Here is how the methods compare.',
    },
    overview:
      "The common manual methods are renaming the file, editing bytes in a hex editor, and cutting it with head or dd. Renaming changes nothing inside the file, so any reader that sniffs content still opens it. Editing the header often is not enough either, because PDF readers recover by scanning for object keywords. Cutting with a shell command is fast and repeatable once scripted, but an in-place edit or a wrong dd target can overwrite the original. Fracture works on a copy in memory, and its Won't Open recipe destroys the header and the structure keywords obj, stream, xref, trailer and %%EOF, so readers have nothing to recover from.",
    table: [
      {
        feature: 'Risk to the original',
        fracture: 'None: the file is read into memory and a new file is written',
        alternative: 'Real: an in-place edit or a wrong dd of= target can overwrite the only copy',
      },
      {
        feature: 'Will readers refuse it?',
        fracture: "Won't Open destroys the header and the obj, stream, xref, trailer and %%EOF keywords",
        alternative: 'Often not: a renamed file is unchanged, and a damaged header alone is usually recovered from',
      },
      {
        feature: 'Same file again',
        fracture: 'Yes, from the seed, mode and intensity',
        alternative: 'Yes for scripted commands; no for edits by hand',
      },
      {
        feature: 'Record of what changed',
        fracture: 'JSON report with sha256 before and after, entropy and byte counts',
        alternative: 'Whatever you write down; sha256sum gives the hashes',
      },
      {
        feature: 'Tools needed',
        fracture: 'A browser (optionally the free command line tool)',
        alternative: 'A hex editor or a shell',
      },
      { feature: 'File stays on your machine', fracture: 'Yes', alternative: 'Yes: manual methods are local too' },
      {
        feature: 'Many files',
        fracture: 'Batch processing with a ZIP and a session report',
        alternative: 'Fast with a script, slow by hand',
      },
    ],
    highlights: [
      {
        title: 'The header alone is not enough',
        detail:
          'PDF readers rebuild damaged files by searching for "obj" keywords. A PDF that must not open needs those destroyed as well, which is what the Won\'t Open recipe does.',
      },
      {
        title: 'Work on a copy, always',
        detail:
          'Fracture never writes to the original; the result is a new file named name_corrupted.pdf. If you do it by hand, copy the file first.',
      },
      {
        title: 'When a one-liner is the better tool',
        detail:
          'To cut exactly the last N bytes of a file, head -c on a copy is simpler than any tool. Fracture is for structural breaks, seeded damage and reports.',
      },
    ],
    cta: {
      label: 'Corrupt a PDF safely now',
      description:
        "Choose Won't Open, drop the PDF, and download the broken copy with its report. The original stays untouched.",
    },
    faqs: [
      {
        question: 'Does renaming a PDF corrupt it?',
        answer:
          'No. Renaming changes only the name; the bytes are the same and any reader that looks at the content opens it.',
      },
      {
        question: 'Which bytes do I need to change to make a PDF unreadable?',
        answer:
          "More than the header. Readers recover from a missing header or xref by scanning for objects, so the structure keywords must go too. Fracture's Won't Open mode does this for you.",
      },
      {
        question: 'Is it safe to corrupt a PDF that contains personal data?',
        answer:
          'Fracture does not upload it, so no one else receives it. The corrupted copy can still contain readable text, though, so handle it like the original.',
      },
    ],
  },
  {
    slug: 'fracture-vs-corrupt-a-file',
    title: 'Fracture vs Corrupt-a-File.net',
    competitorName: 'Corrupt-a-File.net',
    competitorUrl: 'https://corrupt-a-file.net',
    metaTitle: 'Fracture vs Corrupt-a-File.net: Local vs Upload | Fracture',
    metaDescription:
      'Corrupt-a-File.net uploads your file to its server; Fracture corrupts it in your browser. A fair comparison of privacy, control and repeatability.',
    keywords: [
      'corrupt-a-file.net alternative',
      'corrupt a file',
      'corrupt-a-file vs fracture',
      'file corrupter without upload',
      'corrupt file online free',
    ],
    hero: {
      eyebrow: 'Comparison',
      heading: 'Fracture vs Corrupt-a-File.net',
      subheading:
        'Both give you a damaged copy of a file. Corrupt-a-File.net does it on its server after you upload the file; Fracture does it in your browser.',
    },
    overview:
      'Corrupt-a-File.net is a simple website: you upload a file and download a corrupted version. It needs no install and works on any device with a connection, and as far as we know it is free to use. The main difference is where the work happens: Corrupt-a-File.net uploads the file to its server, while Fracture reads and corrupts it on your device and sends nothing. Fracture also adds control (twelve modes, intensity, seed) and a record (a JSON report per file). We describe Corrupt-a-File.net only as far as we could confirm; where we could not, the table says so. If something here is out of date, tell us through the contact page.',
    table: [
      {
        feature: 'Where the file is processed',
        fracture: 'In your browser; nothing is uploaded',
        alternative: 'On its server: you upload the file',
      },
      {
        feature: 'Works offline',
        fracture: 'Yes, after the first visit',
        alternative: 'No: the upload needs a connection',
      },
      { feature: 'Install or account', fracture: 'None', alternative: 'No install; no account as far as we know' },
      {
        feature: 'Seeded, reproducible output',
        fracture: 'Yes, the same bytes in browser, command line and CI',
        alternative: NOT_CONFIRMED,
      },
      {
        feature: 'Choice of method and intensity',
        fracture: "Twelve modes, intensity 1–100, format-aware Won't Open recipes",
        alternative: NOT_CONFIRMED,
      },
      {
        feature: 'Report of what changed',
        fracture: 'JSON per file, session report for batches',
        alternative: NOT_CONFIRMED,
      },
      { feature: 'Batch processing', fracture: 'Yes, with a ZIP download', alternative: NOT_CONFIRMED },
      {
        feature: 'Command line and SDK',
        fracture: 'Free fracture command line tool and TypeScript SDK',
        alternative: NOT_CONFIRMED,
      },
      {
        feature: 'Price',
        fracture: `Free; all premium features currently unlocked; Pro Lifetime one-time ${PRO_PRICE_USD}`,
        alternative: 'Free to use as far as we know; check the site',
      },
    ],
    highlights: [
      {
        title: 'Upload or no upload',
        detail:
          "This is the difference that matters most for work files. With an upload, a copy of the file reaches someone else's server, for at least as long as processing takes; with Fracture, the bytes never leave your device.",
      },
      {
        title: 'Control and repeatability',
        detail:
          "Testing needs the same broken file more than once. Fracture's seed, mode and intensity rebuild it exactly, in the browser or in CI.",
      },
      {
        title: 'When Corrupt-a-File.net is fine',
        detail:
          'For a single file with nothing sensitive in it, on a device where you cannot install anything, an upload service is a reasonable choice.',
      },
      {
        title: 'Correcting us',
        detail:
          'Services change. If this page says something about Corrupt-a-File.net that is no longer true, write to us and we will fix it.',
      },
    ],
    cta: {
      label: 'Try Fracture without uploading',
      description: 'Open the workspace, drop a file, and see the report of exactly what changed.',
    },
    faqs: [
      {
        question: 'Does Corrupt-a-File.net upload my file?',
        answer:
          'Yes: the file is sent to its server, corrupted there and offered for download. Fracture does the same work in your browser without any upload.',
      },
      {
        question: 'Is Fracture harder to use?',
        answer:
          'No. Drop a file, press Start Processing, download the result. Modes, intensity and seed have sensible defaults and are there when you need them.',
      },
      {
        question: 'Are you affiliated with Corrupt-a-File.net?',
        answer: 'No. Corrupt-a-File.net is an independent service; this page compares the two as fairly as we can.',
      },
    ],
  },
];

export const comparisonBySlug = slugIndex(comparisons);
