// The three /for/{slug} workflow pages: who the reader is, what hurts, and a playbook they can follow
// with the product as it is (browser workspace, reports, seeds, the fracture command line tool).
import type { Persona } from './types.ts';
import { slugIndex } from './lookup.ts';

export const personas: Persona[] = [
  {
    slug: 'qa-engineers-file-corruption',
    persona: 'QA Engineers',
    metaTitle: 'File Corruption Testing for QA Engineers | Fracture',
    metaDescription:
      'Build a library of corrupted test files you can name, reproduce by seed and regenerate in CI. Local in your browser, with a report per file.',
    keywords: [
      'qa file corruption',
      'corrupted test fixtures',
      'negative testing files',
      'error handling test data',
      'reproducible corrupted files',
    ],
    hero: {
      eyebrow: 'For QA engineers',
      heading: 'Corrupted test files you can name, reproduce and check in',
      subheading:
        'Every broken file comes with its recipe: file, mode, intensity and seed. Rebuild it in the browser, on the command line or in CI and get the same bytes.',
    },
    pains: [
      {
        title: 'Hand-broken files do not reproduce',
        detail:
          'A file damaged in a hex editor cannot be explained or regenerated. When it goes missing, so does the test, and nobody remembers what it covered.',
      },
      {
        title: '"Corrupt" means too many things',
        detail:
          'A renamed file, a cut download and a damaged stream exercise different code. Without naming the failure, coverage of error paths is guesswork.',
      },
      {
        title: 'Realistic samples cannot leave the building',
        detail:
          'Tools that upload files are off limits for customer-like documents. Fracture reads and corrupts files in your browser and sends them nowhere.',
      },
      {
        title: 'Flaky fixtures',
        detail:
          'Random corruption without a seed makes a test pass on Monday and fail on Tuesday. A seed makes the broken file a constant.',
      },
    ],
    outcomes: [
      'A fixture list in which every broken file is described by file, mode, intensity and seed, and identified by its sha256_after.',
      'Error paths covered per failure class: refused at upload, failing deep in the parser, cut or spliced, data out of order.',
      'Bug reports with the report JSON attached, so a developer rebuilds the exact bytes instead of asking for the file.',
      'CI jobs that regenerate fixtures with the fracture command line tool instead of storing large binaries.',
    ],
    playbook: {
      title: 'A corruption matrix in an afternoon',
      description:
        'Cover the four ways a file arrives broken, for each file type your product accepts, and make every case reproducible.',
      steps: [
        'List the file types your product accepts and the entry points that read them (upload, import, preview, sync).',
        "For each type, make a Won't Open file (Header Tamper): it must be refused at the door with a clear message.",
        'Make a Stealth Corruption file (Random Byte Mutation) at low intensity: it passes type checks and tests the parser behind them.',
        'Make a Cut & Replace file (Entropy Surge) to stand in for an interrupted transfer, and, for files of 8 KiB or more, a Jumble Sections file (Block Noise) for data out of order.',
        "Run one algorithm at a time over all your file types and download each batch ZIP: it holds every corrupted file and a session report with each file's seed.",
        'Write the expected behaviour next to each fixture, then turn the list into CI steps: npx fracture --mode guaranteed_break --seed 42 file.pdf',
      ],
    },
    artifacts: [
      'name_corrupted.ext: the damaged copy; the original is never modified',
      'name_corruption_report.json: seed, mode, intensity, entropy and sha256 before and after, byte counts, recipe',
      'A batch ZIP with every corrupted file and a session report listing the master seed and per-file seeds',
      'One command per fixture that rebuilds it with the fracture command line tool',
    ],
    recommendedFileTypes: ['pdf', 'docx', 'xlsx', 'csv', 'json', 'zip'],
    recommendedModes: ['header-tamper', 'random-byte-mutation', 'entropy-surge', 'block-noise'],
    faqs: [
      {
        question: 'How do I keep corrupted fixtures out of the repository?',
        answer:
          'Keep the original file and the settings instead. The same file, mode, intensity and seed produce the same bytes, so CI can rebuild each fixture with the fracture command line tool and check its sha256 against the one in the report.',
      },
      {
        question: 'Which mode should I start with?',
        answer:
          "Won't Open (Header Tamper), because every product must refuse a file that cannot be read. Then Stealth Corruption (Random Byte Mutation) for the parser behind the validation.",
      },
      {
        question: 'Can several testers share the same broken file without sending it around?',
        answer:
          'Yes. Share the original and the report; anyone can rebuild the corrupted file from the seed, mode and intensity in it.',
      },
    ],
  },
  {
    slug: 'security-teams-file-tamper-testing',
    persona: 'Security Teams',
    metaTitle: 'File Tamper Testing for Security Teams | Fracture',
    metaDescription:
      'Test how upload validation and parsers handle tampered files. Nothing leaves the analyst machine; every input is reproducible and hashed.',
    keywords: [
      'file tamper testing',
      'malformed file security test',
      'upload validation testing',
      'parser robustness',
      'tampered file samples',
    ],
    hero: {
      eyebrow: 'For security teams',
      heading: 'Tamper-test every file entry point, without sending samples anywhere',
      subheading:
        'Give validators and parsers damaged input that is reproducible and hashed, so every finding points to the exact bytes that caused it.',
    },
    pains: [
      {
        title: 'Validation that only reads the extension',
        detail:
          'Many upload checks trust the file name or the first bytes. Damaged files show what actually happens after the check passes.',
      },
      {
        title: 'Samples that may not leave the machine',
        detail:
          'Handling rules often forbid uploading samples to third-party services. Fracture corrupts in the browser; you can watch the network panel to confirm that nothing is sent.',
      },
      {
        title: 'Parser bugs hide behind the header',
        detail:
          'Files that fail at the door never reach the decoder. Inputs with an intact header and damaged content do.',
      },
      {
        title: 'Findings nobody can reproduce',
        detail: 'A crash found with an unrecorded input is a rumour. A seed and two hashes make it a ticket.',
      },
    ],
    outcomes: [
      'Each file entry point tested with input that must be refused and with input that gets past validation.',
      'Every finding tied to its input by seed and sha256, ready for the ticket and the retest.',
      'Evidence for reviews that tamper handling was tested, with reports that show what was changed.',
      'No sample handed to a third party to produce the test files.',
    ],
    playbook: {
      title: 'Tamper-testing an upload surface',
      description: 'Fracture makes the inputs; your harness observes the target. Keep both under version control.',
      steps: [
        'Map every place a file enters: uploads, email ingestion, imports, previews, sync clients.',
        "Send a Won't Open file (Header Tamper) to each: it must be refused before any deep parsing happens.",
        'Send Stealth Corruption files (Random Byte Mutation) with the header intact: they reach the real parser. Watch for crashes, memory spikes and timeouts.',
        'Send Jumble Sections files (Block Noise) to formats that locate data by offset, such as ZIP, PDF and MP4.',
        'Run the target under sanitizers or resource limits where you can; Fracture provides the inputs, not the instrumentation.',
        'Record the report of every input that causes a finding and attach it to the ticket.',
      ],
    },
    artifacts: [
      'Report JSON per input with sha256 before and after, mode, intensity and seed',
      'Session report for a batch, listing each file and the seed it used',
      'Command lines that rebuild any input with the fracture command line tool',
      'The corrupted files themselves, named name_corrupted.ext',
    ],
    recommendedFileTypes: ['zip', 'pdf', 'docx', 'png', 'jpg', 'mp4'],
    recommendedModes: ['random-byte-mutation', 'header-tamper', 'block-noise', 'entropy-surge'],
    faqs: [
      {
        question: 'Does Fracture create exploits or malicious files?',
        answer:
          'No. It damages the bytes of files you already have. It does not craft payloads, zip bombs or path-traversal archives; use purpose-built security fixtures for those.',
      },
      {
        question: 'How can I verify that nothing is uploaded?',
        answer:
          "Open your browser's developer tools on the Network panel while you process a file. The site requests only its own static files; the file's bytes never appear in a request.",
      },
      {
        question: 'Is Fracture a fuzzer?',
        answer:
          'No. It makes one reproducible mutation per run. Use it for named, repeatable test inputs alongside a coverage-guided fuzzer for broad search.',
      },
    ],
  },
  {
    slug: 'teachers-data-integrity-demo',
    persona: 'Teachers & Educators',
    metaTitle: 'Data Integrity Classroom Demo for Teachers | Fracture',
    metaDescription:
      'Show students what file corruption, checksums, entropy and file signatures are, live in the browser. No install, nothing uploaded.',
    keywords: [
      'data integrity lesson',
      'checksum classroom demo',
      'file corruption for teaching',
      'entropy demo',
      'computer science lesson file formats',
    ],
    hero: {
      eyebrow: 'For teachers',
      heading: 'Teach data integrity with files students can see break',
      subheading:
        'One changed byte, a whole new checksum. Reordered data, the same entropy. A destroyed signature, a file nothing will open. Show it live, in a browser, with nothing to install.',
    },
    pains: [
      {
        title: 'Integrity is abstract',
        detail:
          'Hashes and checksums are easy to define and hard to feel. Students need to see a file change and a number react.',
      },
      {
        title: 'School machines are locked down',
        detail: 'Installing hex editors or command line tools is often not allowed. Fracture runs in the browser.',
      },
      {
        title: 'Student files must stay private',
        detail: 'Files are corrupted on the machine in front of you and are not sent anywhere.',
      },
      {
        title: 'Demos that do not repeat',
        detail: 'A demo that works differently each time is hard to teach from. A seed makes it the same every lesson.',
      },
    ],
    outcomes: [
      'Students see that any change, however small, gives a completely different sha256.',
      'Students learn that entropy measures the mix of byte values, not their order, using Block Noise.',
      'Students recognise file signatures (magic bytes) and why software checks them, using Header Tamper.',
      'Students can explain why a deliberately corrupted file is detectable: the bytes and the report tell the story.',
    ],
    playbook: {
      title: 'A 20-minute integrity lesson',
      description:
        'Use one small CSV and one image. Everything happens in the browser on the projector. Between runs, clear the file list and add the file again: files that already have a result are skipped.',
      steps: [
        'Open the CSV in a text editor and show it. Then process it with Quick Scramble at intensity 1 and compare the preview of the first bytes before and after.',
        'Show sha256_before and sha256_after in the report: about 5% of the bytes changed, and an entirely different hash. Then ask what one changed byte would do.',
        'Process the image with Jumble Sections (Block Noise). Point out entropy_delta: exactly 0, yet the hash changed and the image is broken. Ask why.',
        "Process the image with Won't Open (Header Tamper) and show that nothing can open it. Discuss signatures such as PNG's 89 50 4E 47.",
        'Add the CSV again and run it with the same seed as before: the hash is identical. Deterministic randomness.',
        'Close with the question: how would you prove a file was damaged on purpose rather than by accident?',
      ],
    },
    artifacts: [
      'Before and after reports to hand out or project',
      'The preview of the first 200 bytes before and after, with changed bytes marked',
      'Seeds that reproduce each demo exactly next lesson',
      'A batch ZIP of the lesson files with its session report',
    ],
    recommendedFileTypes: ['csv', 'json', 'png', 'jpg'],
    recommendedModes: ['byte-flip', 'block-noise', 'header-tamper'],
    faqs: [
      {
        question: 'Do students need accounts or installs?',
        answer:
          'No. The workspace runs in a current browser with no account and no install, and works offline after the first visit.',
      },
      {
        question: 'Can students use this to fake a corrupted assignment?',
        answer:
          'Fracture is for files you own and for testing software. A deliberately damaged file is also easy to spot: its signature does not match its extension, or its contents are random where text should be. That makes a good discussion in class.',
      },
      {
        question: 'Which files work best for a demo?',
        answer:
          'A small CSV (readable changes) and an image of at least 8 KiB (visible damage, and big enough for Block Noise). Use files you made yourself.',
      },
    ],
  },
];

export const personaBySlug = slugIndex(personas);
