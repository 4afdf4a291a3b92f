// The static content entities of docs/product.md ("Static content entities"). Pages are renderers of
// these records: one renderer per kind; a missing field is a type error, a missing slug the 404 page.

export interface Faq {
  question: string;
  answer: string;
}

/** Fields every content record carries. */
export interface ContentBase {
  slug: string;
  metaTitle: string;
  metaDescription: string;
  keywords: string[];
  faqs: Faq[];
}

export interface Hero {
  eyebrow: string;
  heading: string;
  subheading: string;
}

export interface TitledText {
  title: string;
  description: string;
}

export interface CallToAction {
  label: string;
  description: string;
}

/** Engine-facing mode page slugs (see modes.ts for what each maps to in the workspace). */
import type { AlgorithmValue } from '../../../lib/engine/shared/modes.ts';

export type ModeSlug =
  | 'byte-flip'
  | 'header-tamper'
  | 'block-noise'
  | 'entropy-surge'
  | 'random-byte-mutation'
  | 'interrupted-download'
  | 'bad-sectors'
  | 'bit-rot'
  | 'text-transfer'
  | 'seven-bit'
  | 'charset-roundtrip'
  | 'misdirected-write';
export type FileTypeSlug = 'pdf' | 'docx' | 'xlsx' | 'csv' | 'zip' | 'jpg' | 'png' | 'mp4' | 'json';

export interface FileType extends ContentBase {
  slug: FileTypeSlug;
  name: string;
  extension: string;
  hero: Hero;
  definition: string;
  definitionBullets: string[];
  failureModes: TitledText[];
  corruptionBenefits: string[];
  steps: string[];
  testingUseCases: string[];
  recommendedModes: ModeSlug[];
  qaTips: string[];
  complianceNotes: string[];
  callToAction: CallToAction;
  calloutStat: { value: string; label: string };
}

export interface Mode extends ContentBase {
  slug: ModeSlug;
  name: string;
  /** The workspace algorithm this page's technique runs as (a UI value of the Algorithm select). */
  algorithm: AlgorithmValue;
  hero: Hero;
  overview: string;
  highlights: string[];
  bestFor: string[];
  workflow: TitledText[];
  sampleChecklist: string[];
  recommendedFileTypes: FileTypeSlug[];
}

export interface Persona extends ContentBase {
  persona: string;
  hero: Hero;
  pains: { title: string; detail: string }[];
  outcomes: string[];
  playbook: { title: string; description: string; steps: string[] };
  artifacts: string[];
  recommendedFileTypes: FileTypeSlug[];
  recommendedModes: ModeSlug[];
}

export interface Comparison extends ContentBase {
  title: string;
  hero: Hero;
  overview: string;
  competitorName: string;
  competitorUrl?: string;
  table: { feature: string; fracture: string; alternative: string }[];
  highlights: { title: string; detail: string }[];
  cta: CallToAction;
}

export interface QuickAnswer extends ContentBase {
  question: string;
  answer: string[];
  quickSteps: string[];
  /** The full guide this answer summarises (an internal path). */
  relatedPath: string;
  /** Slugs of related answers; at most 4 are shown. */
  related: string[];
}

export interface UseCase extends ContentBase {
  title: string;
  hero: Hero;
  audience: string[];
  sections: { heading: string; paragraphs: string[] }[];
  checklists: { title: string; items: string[] }[];
  keyMetrics: { label: string; value: string; description: string }[];
}

export interface LocationPage extends ContentBase {
  title: string;
  hero: Hero;
  region: string;
  currency: 'USD' | 'GBP';
  /** The one-time Pro Lifetime price as shown, e.g. "$14.99" or "£11.99". */
  price: string;
  sections: { heading: string; paragraphs: string[] }[];
}

export interface ContactForm {
  name: string;
  email: string;
  subject: string;
  category: string;
  message: string;
}

/** An internal link carried as data, so a renderer can use the router's Link; `to` is a site path. */
export interface InternalLink {
  label: string;
  to: string;
}

/**
 * A FAQ entry for the /faq page and the home page FAQ. `answer` stays plain text (it also feeds the
 * FAQPage structured data); `links` are shown after it, in order.
 */
export interface LinkedFaq extends Faq {
  links: InternalLink[];
}
