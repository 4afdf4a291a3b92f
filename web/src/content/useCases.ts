// The three /use-cases/{slug} pages. Key metrics are product facts or targets the reader sets for
// their own suite, never measured claims about users.
import type { UseCase } from './types.ts';
import { slugIndex } from './lookup.ts';

export const useCases: UseCase[] = [
  {
    slug: 'qa-testing',
    title: 'QA Testing',
    metaTitle: 'Corrupted Files for QA Testing | Fracture',
    metaDescription:
      'Test error handling with corrupted files you can reproduce: four failure classes, seeds, reports and CI regeneration. Runs in your browser.',
    keywords: [
      'qa testing corrupted files',
      'negative testing',
      'error handling testing',
      'test fixtures corrupted',
      'file upload testing',
    ],
    hero: {
      eyebrow: 'Use case',
      heading: 'Test the error paths your users will eventually find',
      subheading:
        'Files arrive broken: cut off, damaged, out of order, not what they claim to be. Make each kind on purpose, reproduce it by seed, and prove your product handles it.',
    },
    audience: [
      'QA engineers and test automation engineers',
      'Developers writing upload, import and parsing code',
      'Support engineers reproducing customer reports',
      'Release managers who want error paths covered before launch',
    ],
    sections: [
      {
        heading: 'Four ways a file arrives broken',
        paragraphs: [
          "Refused at the door: the file is not what it claims to be. Won't Open (Header Tamper) breaks the structure of the format so parsers reject it; your product should say so clearly and store nothing.",
          'Broken inside: the file passes type checks and fails deeper. Stealth Corruption (Random Byte Mutation) keeps the start of the file and damages the rest.',
          'Cut or spliced: bytes went missing in transfer. Cut & Replace (Entropy Surge) removes a span and splices in random bytes at a position the report gives you.',
          'Out of order: the right data in the wrong place, as after a bad chunk reassembly. Jumble Sections (Block Noise) moves 4 KiB blocks and keeps everything else.',
        ],
      },
      {
        heading: 'Reproducible by design',
        paragraphs: [
          'Every run is defined by the file, the mode, the intensity and the seed. The same four give the same bytes in the browser, in the fracture command line tool and in CI, and the report records them with the sha256 of the result.',
          'That turns a broken file into a fixture you can describe in one line, rebuild on demand and verify by hash, instead of a mystery binary in a test folder.',
        ],
      },
      {
        heading: 'From the workspace to CI',
        paragraphs: [
          'Explore in the browser: try modes and intensities on real files and look at what your product does. When a case is worth keeping, write down its settings.',
          'Then automate: npx fracture --mode guaranteed_break --seed 42 file.pdf writes corrupted/file_corrupted.pdf; --report adds the JSON report and --json prints it. The tool exits with 1 if any file failed and 2 on a usage error, so CI notices.',
        ],
      },
    ],
    checklists: [
      {
        title: 'For every file type you accept',
        items: [
          "A Won't Open file is refused with a specific message.",
          'A Stealth Corruption file fails with a handled error, not a crash.',
          'A cut file is detected as incomplete.',
          'Nothing from a failed file is stored, indexed or half-imported.',
          'The user can retry without reloading.',
        ],
      },
      {
        title: 'For every fixture',
        items: [
          'File, mode, intensity and seed recorded next to the test.',
          'sha256_after asserted, so a changed fixture is caught.',
          'Expected behaviour written down, not only "should fail".',
          'escalated noted if the report shows it.',
        ],
      },
    ],
    keyMetrics: [
      {
        label: 'Reproducibility',
        value: 'Byte-identical',
        description:
          'The same file, mode, intensity and seed give the same sha256_after in the browser, the command line tool and CI.',
      },
      {
        label: 'Failure classes',
        value: '4',
        description: 'Refused at the door, broken inside, cut or spliced, out of order: one mode for each.',
      },
      {
        label: 'Per-file limit in the browser',
        value: '200 MB',
        description:
          'Large enough for real documents, archives and short videos; the command line tool is not bound by it.',
      },
      {
        label: 'Handled-failure target',
        value: 'Every fixture',
        description:
          'A goal to set for your own suite: each corrupted file ends in a handled, user-facing outcome. A target, not a measurement.',
      },
    ],
    faqs: [
      {
        question: 'How many corrupted files do I need per file type?',
        answer:
          'Start with one per failure class: refused, broken inside, cut, out of order. Add more when a bug shows a new behaviour.',
      },
      {
        question: 'Can I run Fracture in CI?',
        answer:
          'Yes, with the fracture command line tool. It uses the same engine as the browser, so seeds carry over.',
      },
      {
        question: 'Do I need a paid plan for the command line tool?',
        answer:
          'No. The command line tool and the TypeScript SDK are free, and all premium features are currently unlocked for free users.',
      },
    ],
  },
  {
    slug: 'security-research',
    title: 'Security Research',
    metaTitle: 'Tampered Files for Security Research | Fracture',
    metaDescription:
      'Reproducible, hashed, locally made malformed files for testing upload validation and parsers. No samples leave the analyst machine.',
    keywords: [
      'malformed file testing',
      'parser security testing',
      'file upload security',
      'tampered file generator',
      'reproducible test inputs',
    ],
    hero: {
      eyebrow: 'Use case',
      heading: 'Malformed inputs with a paper trail',
      subheading:
        'Test validators and parsers with damaged files that are made locally, reproduced by seed and identified by hash, so every finding leads back to its exact input.',
    },
    audience: [
      'Application security engineers',
      'Penetration testers assessing file upload features',
      'Researchers studying parser robustness',
      'Compliance testers who need evidence of negative testing',
    ],
    sections: [
      {
        heading: 'Past the validation layer',
        paragraphs: [
          'Validators often check a name or a few magic bytes and then hand the file to a parser that trusts it. Stealth Corruption (Random Byte Mutation) keeps the first 5% of the file, up to 4 KiB, intact and damages the rest, so the input passes those checks and reaches the code behind them.',
          "Won't Open (Header Tamper) tests the layer itself: the format's structure is destroyed, and the file should never get further than the first check.",
        ],
      },
      {
        heading: 'Evidence you can hand over',
        paragraphs: [
          'Each report holds the seed, mode, intensity and the sha256 of the input and the output. Attach it to a finding and anyone can rebuild the exact input with the fracture command line tool.',
          'Batch runs produce a session report with every file and seed, which doubles as a record of what was tested.',
        ],
      },
      {
        heading: 'What Fracture is not',
        paragraphs: [
          'Fracture damages existing files; it does not write exploits, payloads, zip bombs or path-traversal archives, and it is not a coverage-guided fuzzer. Use it for named, repeatable inputs next to those tools.',
          'Use it only on systems and files you are authorised to test.',
        ],
      },
    ],
    checklists: [
      {
        title: 'Per file entry point',
        items: [
          "Won't Open input refused before parsing.",
          'Stealth Corruption input handled without crash, hang or memory blow-up.',
          'Block Noise input to offset-driven formats handled.',
          'Resource limits (time, memory, temporary disk) enforced on bad input.',
        ],
      },
      {
        title: 'Per finding',
        items: [
          'Report JSON attached, with seed and both hashes.',
          'Command to rebuild the input recorded.',
          'Retest after the fix with the same seed.',
        ],
      },
    ],
    keyMetrics: [
      {
        label: 'Bytes sent to Fracture',
        value: '0',
        description:
          'Files are processed in a Web Worker in your browser; the Network panel of your developer tools shows it.',
      },
      {
        label: 'Header kept by Stealth Corruption',
        value: 'Up to 4 KiB',
        description: '5% of the file, at least 1 byte and at most 4096 bytes, so type checks still pass.',
      },
      {
        label: 'Hashes per input',
        value: '2',
        description: 'sha256 before and after in every report tie each finding to the exact bytes.',
      },
      {
        label: 'Seed range on the command line',
        value: '0 to 2^53 − 1',
        description:
          'The workspace generates seeds below 2,147,483,647; the command line tool accepts any JavaScript safe integer.',
      },
    ],
    faqs: [
      {
        question: 'Can I use Fracture on customer samples?',
        answer:
          'Fracture does not send them anywhere, but your authorisation to use them is a matter for your own policies and agreements.',
      },
      {
        question: 'How do I reproduce an input months later?',
        answer:
          'Keep the original file and the report. The same file, mode, intensity and seed give the same bytes with the same engine version, which the report also records.',
      },
      {
        question: 'Does Fracture detect vulnerabilities?',
        answer: 'No. It makes inputs; your harness, sanitizers and monitoring observe what the target does with them.',
      },
    ],
  },
  {
    slug: 'glitch-art',
    title: 'Glitch Art',
    metaTitle: 'Glitch Art with Seeded File Corruption | Fracture',
    metaDescription:
      'Make glitch art by corrupting images and video in your browser. Which modes give which glitches, and how seeds let you keep the ones you like.',
    keywords: ['glitch art', 'databending', 'corrupt image for art', 'jpeg glitch', 'glitch video'],
    hero: {
      eyebrow: 'Use case',
      heading: 'Glitches you can find again',
      subheading:
        'Databending in the browser: corrupt images and video, keep the results you like, and regenerate any of them from its seed.',
    },
    audience: [
      'Glitch artists and designers',
      'Motion designers and VJs',
      'Teachers of digital art',
      'Anyone curious about what is inside a JPEG',
    ],
    sections: [
      {
        heading: 'Which mode makes which glitch',
        paragraphs: [
          'Cut & Replace (Entropy Surge) at low intensity removes one small span and splices in random bytes; in a JPEG this often shifts or smears everything after that point. At intensity 1 the span is 0.5% of the file.',
          'Jumble Sections (Block Noise) at low intensity swaps as few as two 4 KiB blocks: the most local glitch Fracture makes. Images need to be at least 8 KiB.',
          'Stealth Corruption and Quick Scramble rewrite at least about 5% of the bytes even at intensity 1, which turns most compressed images into noise. Use them for heavy textures, not subtle effects.',
        ],
      },
      {
        heading: 'Choose formats that bend',
        paragraphs: [
          'JPEG and uncompressed formats such as BMP show damage as visible artefacts. PNG checks itself with checksums and compression, so most damage makes it unreadable rather than interesting.',
          'For video, damage inside the media data shows as blocks and smears until the next keyframe; decoders hide a lot, so results vary from player to player.',
        ],
      },
      {
        heading: 'Keep what you like',
        paragraphs: [
          'Every result has a seed. Note the seeds of the glitches you like, or download the batch ZIP with its session report, and you can make the same image again, at any time, from the same source file.',
        ],
      },
    ],
    checklists: [
      {
        title: 'A glitch session',
        items: [
          'Use images you made or have the rights to.',
          'Start with Cut & Replace or Jumble Sections at intensity 1.',
          'Try several seeds: clear the list, add the image again, press New for a fresh seed and run.',
          'Open the results in a browser; keep the seeds you like.',
          'Raise the intensity step by step for heavier effects.',
        ],
      },
    ],
    keyMetrics: [
      {
        label: 'Smallest Block Noise change',
        value: '2 blocks',
        description: 'At low intensity Jumble Sections swaps as few as two 4 KiB blocks.',
      },
      {
        label: 'Smallest Cut & Replace span',
        value: '0.5%',
        description: 'At intensity 1, one span of 0.5% of the file is cut and spliced with random bytes.',
      },
      {
        label: 'Quick Scramble floor',
        value: 'About 5%',
        description: 'Even at intensity 1, Quick Scramble rewrites about 5% of the bytes: heavy for compressed images.',
      },
      {
        label: 'Keeping a glitch',
        value: '1 seed',
        description: 'The source file, mode, intensity and seed regenerate a result exactly.',
      },
    ],
    faqs: [
      {
        question: 'Why does my JPEG turn completely grey?',
        answer:
          'The compressed data after the first damaged byte cannot be decoded. Lower the intensity, or use Cut & Replace or Jumble Sections at intensity 1.',
      },
      {
        question: 'Can I glitch a video?',
        answer: 'Yes, up to 200 MB per file in the browser. Start with low intensity; players hide a lot of damage.',
      },
      {
        question: 'Who owns the glitched image?',
        answer: 'The rights are those of the source image. Use images you made or are allowed to modify.',
      },
    ],
  },
];

export const useCaseBySlug = slugIndex(useCases);
