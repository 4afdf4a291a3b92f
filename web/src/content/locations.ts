// The two /location/{slug} pages. They differ in currency and in the privacy framing a reader in that
// region looks for; prices come from constants.ts so every page shows the same figure.
import type { LocationPage } from './types.ts';
import { slugIndex } from './lookup.ts';
import { PRO_PRICE_GBP, PRO_PRICE_USD, REFUND_DAYS } from '../constants.ts';

export const locations: LocationPage[] = [
  {
    slug: 'file-corruption-usa',
    title: 'File Corruption Testing in the USA',
    region: 'United States',
    currency: 'USD',
    price: PRO_PRICE_USD,
    metaTitle: 'File Corruption Testing Tool for US Teams | Fracture',
    metaDescription: `Corrupt files for QA and security testing in your browser, with nothing uploaded. Free to use; Pro Lifetime is a one-time ${PRO_PRICE_USD}.`,
    keywords: [
      'file corruption tool usa',
      'corrupt file for testing us',
      'qa testing tool united states',
      'file corrupter',
      'corrupt file online usa',
    ],
    hero: {
      eyebrow: 'United States',
      heading: 'Corrupted test files for US teams, made on your own machine',
      subheading: `Fracture breaks files on purpose in your browser so you can test error handling. Nothing is uploaded. Pro Lifetime is a one-time ${PRO_PRICE_USD}, and all premium features are currently unlocked for free users.`,
    },
    sections: [
      {
        heading: 'Pricing in US dollars',
        paragraphs: [
          `Pro Lifetime is a single payment of ${PRO_PRICE_USD}. There is no recurring charge. A ${REFUND_DAYS}-day refund window applies.`,
          'Right now every premium feature is unlocked for free users, and the fracture command line tool and TypeScript SDK are free, so you can put Fracture into your test suite before deciding anything.',
        ],
      },
      {
        heading: 'Fewer questions in a vendor review',
        paragraphs: [
          'Because files are corrupted in the browser and never sent to Fracture, there is no file transfer to assess: Fracture does not receive, store or process the contents of your files.',
          'That is a statement about data flow, not legal advice. Your obligations for the data inside the files, under HIPAA, state privacy laws or your contracts, stay the same as for any local tool.',
        ],
      },
      {
        heading: 'Support',
        paragraphs: ['Write through the contact page or by email. We aim to reply within 24 hours.'],
      },
    ],
    faqs: [
      {
        question: `Is the ${PRO_PRICE_USD} Pro Lifetime price a subscription?`,
        answer: `No. Pro Lifetime is a one-time ${PRO_PRICE_USD} payment with no renewal.`,
      },
      {
        question: 'Does Fracture store files on US servers?',
        answer: 'Fracture does not store files on any server. They are processed in your browser and never uploaded.',
      },
      {
        question: 'Can US government or healthcare teams use it?',
        answer:
          'Fracture itself never receives your files. Whether a tool may be used in your environment is for your own security and compliance teams to decide; the command line tool can run on machines without browser access.',
      },
    ],
  },
  {
    slug: 'file-corruption-uk',
    title: 'File Corruption Testing in the UK',
    region: 'United Kingdom',
    currency: 'GBP',
    price: PRO_PRICE_GBP,
    metaTitle: 'File Corruption Testing Tool for UK Teams | Fracture',
    metaDescription: `Corrupt files for QA and security testing in your browser, with nothing uploaded. Free to use; Pro Lifetime is a one-time ${PRO_PRICE_GBP}.`,
    keywords: [
      'file corruption tool uk',
      'corrupt file for testing uk',
      'qa testing tool united kingdom',
      'file corrupter',
      'corrupt file online uk',
    ],
    hero: {
      eyebrow: 'United Kingdom',
      heading: 'Corrupted test files for UK teams, made on your own machine',
      subheading: `Fracture breaks files on purpose in your browser so you can test error handling. Nothing is uploaded. Pro Lifetime is a one-time ${PRO_PRICE_GBP}, and all premium features are currently unlocked for free users.`,
    },
    sections: [
      {
        heading: 'Pricing in pounds sterling',
        paragraphs: [
          `Pro Lifetime is a single payment of ${PRO_PRICE_GBP}. There is no recurring charge. A ${REFUND_DAYS}-day refund window applies.`,
          'Right now every premium feature is unlocked for free users, and the fracture command line tool and TypeScript SDK are free, so you can try everything first.',
        ],
      },
      {
        heading: 'UK GDPR and your test files',
        paragraphs: [
          'Files are corrupted in your browser and never sent to Fracture, so Fracture does not receive or process their contents, and using it involves no transfer of those files abroad.',
          'That describes the data flow; it is not legal advice. If a file contains personal data, your own obligations for it are unchanged, and a corrupted copy may still hold readable personal data.',
        ],
      },
      {
        heading: 'Support',
        paragraphs: ['Write through the contact page or by email. We aim to reply within 24 hours.'],
      },
    ],
    faqs: [
      {
        question: `Is the ${PRO_PRICE_GBP} Pro Lifetime price a subscription?`,
        answer: `No. Pro Lifetime is a one-time ${PRO_PRICE_GBP} payment with no renewal.`,
      },
      {
        question: 'Are files sent outside the UK?',
        answer: 'Files are not sent anywhere. Fracture processes them in your browser on your own device.',
      },
      {
        question: 'Does it work with UK data formats?',
        answer:
          'Yes. Fracture works on bytes, so a CSV with dates written day first (31/12/2025) or amounts in pounds is corrupted like any other file.',
      },
    ],
  },
];

export const locationBySlug = slugIndex(locations);
