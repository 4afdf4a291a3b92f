// Building blocks every content renderer shares: hero, FAQ, call to action, link cards, head tags,
// and the expectation badges, case lists and example commands of the mode and file type pages.
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
// Types only: the expectations' text comes in each page's own data chunk (PageData.expectations).
import type { ExpectationCase, ExpectationWords, Overall, ReportExample } from '../../content/expectations.ts';
import type { ContentBase, Faq, Hero } from '../../content/types.ts';
import { Accordion } from '../../ui/Accordion.tsx';
import { Button } from '../../ui/Button.tsx';
import { Badge, Card, Container, Eyebrow, Lead, Prose, Section, SectionHeader } from '../../ui/layout.tsx';
import { contentLabel } from '../routeIndex.ts';
import { Seo } from '../seo/Seo.tsx';
import { breadcrumbList, faqPage, webPage, type JsonLdNode } from '../seo/structuredData.ts';
import { breadcrumbsFor } from '../shell/breadcrumbs.ts';
import { useStartCorrupting } from '../shell/useStartCorrupting.ts';

const HeroWrap = styled.section`
  padding: clamp(48px, 8vw, 96px) 0 clamp(32px, 5vw, 56px);

  & h1 { max-width: 20ch; }
`;

const HeroActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 28px;
`;

export function PageHero({ hero, children }: { hero: Hero; children?: ReactNode }) {
  return (
    <HeroWrap>
      <Container>
        <Eyebrow>{hero.eyebrow}</Eyebrow>
        <h1>{hero.heading}</h1>
        <Lead>{hero.subheading}</Lead>
        {children && <HeroActions>{children}</HeroActions>}
      </Container>
    </HeroWrap>
  );
}

/** Opens the workspace on the home page, with this page's algorithm preselected when it has one. */
export function StartButton({ algorithm, label = 'Start Corrupting' }: { algorithm?: string; label?: string }) {
  const start = useStartCorrupting();
  return (
    <Button size="lg" onClick={() => start(algorithm)}>
      {label}
    </Button>
  );
}

const CtaBox = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 20px;
  padding: 28px;
  border: 1px solid rgba(56, 226, 173, 0.35);
  border-radius: var(--radius-lg);
  background: linear-gradient(135deg, rgba(56, 226, 173, 0.12), rgba(16, 22, 30, 0.6));

  & h2 { font-size: 1.4rem; }
  & p { margin: 0; color: var(--muted); max-width: 60ch; }
`;

export function CallToActionSection({
  title,
  description,
  algorithm,
  label,
}: {
  title: string;
  description: string;
  algorithm?: string;
  label?: string;
}) {
  return (
    <Section aria-labelledby="cta-title">
      <Container>
        <CtaBox>
          <div>
            <h2 id="cta-title">{title}</h2>
            <p>{description}</p>
          </div>
          <StartButton algorithm={algorithm} label={label} />
        </CtaBox>
      </Container>
    </Section>
  );
}

/** A record's `sections` (heading and paragraphs), one page section each. */
export function ProseSections({
  sections,
}: {
  sections: readonly { heading: string; paragraphs: readonly string[] }[];
}) {
  return (
    <>
      {sections.map((section, index) => (
        <Section key={section.heading} aria-labelledby={`section-${index}`}>
          <Container>
            <Prose>
              <h2 id={`section-${index}`}>{section.heading}</h2>
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
            </Prose>
          </Container>
        </Section>
      ))}
    </>
  );
}

export function FaqSection({ faqs, title = 'Frequently asked questions' }: { faqs: readonly Faq[]; title?: string }) {
  if (faqs.length === 0) return null;
  return (
    <Section aria-labelledby="faq-title">
      <Container>
        <SectionHeader id="faq-title" title={title} />
        <Accordion items={faqs.map((faq) => ({ question: faq.question, answer: faq.answer }))} />
      </Container>
    </Section>
  );
}

const CardGrid = styled.ul`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 260px), 1fr));
  margin: 0;
  padding: 0;
  list-style: none;
`;

const LinkCardAnchor = styled(Link)`
  display: block;
  height: 100%;
  padding: 20px;
  border: 1px solid var(--border);
  border-radius: var(--radius-lg);
  background: var(--surface);
  color: var(--text);
  text-decoration: none;
  transition: border-color 0.15s, transform 0.15s;

  &:hover { border-color: var(--accent); color: var(--text); transform: translateY(-2px); }
  & > strong { display: block; margin-bottom: 6px; font-size: 1.05rem; }
  & > span { display: block; color: var(--muted); font-size: 0.95rem; }
`;

export interface LinkCardData {
  to: string;
  title: string;
  text?: string;
}

export function LinkCards({ links, label }: { links: readonly LinkCardData[]; label?: string }) {
  return (
    <CardGrid aria-label={label}>
      {links.map((link) => (
        <li key={link.to}>
          <LinkCardAnchor to={link.to}>
            <strong>{link.title}</strong>
            {link.text && <span>{clip(link.text, 160)}</span>}
          </LinkCardAnchor>
        </li>
      ))}
    </CardGrid>
  );
}

/** Shortens card text at a word boundary. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ')).replace(/[,.;:—-]+$/, '')}…`;
}

/** Head tags of a content page: its meta fields, WebPage, BreadcrumbList and FAQPage data. */
export function ContentSeo({
  record,
  path,
  pageType = 'WebPage',
  extra = [],
}: {
  record: ContentBase;
  path: string;
  pageType?: string;
  extra?: JsonLdNode[];
}) {
  const nodes: JsonLdNode[] = [
    webPage(pageType, record.metaTitle, record.metaDescription, path),
    breadcrumbList(breadcrumbsFor(path, contentLabel)),
    ...extra,
  ];
  if (record.faqs.length > 0) nodes.push(faqPage(record.faqs, path));
  return (
    <Seo
      title={record.metaTitle}
      description={record.metaDescription}
      keywords={record.keywords}
      path={path}
      ogType="article"
      structuredData={nodes}
    />
  );
}

const TONE: Record<Overall, string | undefined> = {
  reject: 'warn',
  may_accept: 'accent',
  ignored: undefined,
  unchanged: undefined,
};

/** A command, as written; scrolls sideways as a focusable, named region. */
const Command = styled.pre`
  margin: 0 0 1em;
  padding: 12px 14px;
  overflow-x: auto;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  color: var(--text);
  font-size: 0.85rem;

  &:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
`;

const Cases = styled.ul`
  padding: 0;
  margin: 0 0 1.5em;
  list-style: none;

  & > li { display: flex; gap: 12px; align-items: baseline; margin-bottom: 0.75em; }
  & > li > span:first-child { flex: none; min-width: 8.5em; justify-content: center; }
  & > li > span:last-child { min-width: 0; overflow-wrap: anywhere; }
`;

/** An example's card: a grid item as narrow as its track (the command scrolls, paths wrap). */
const ExampleCard = styled(Card)`
  min-width: 0;

  & p code { overflow-wrap: anywhere; }
`;

export function Expect({ value }: { value: Overall }) {
  return <Badge data-tone={TONE[value]}>{value}</Badge>;
}

export function CaseList({ cases, label }: { cases: readonly ExpectationCase[]; label: string }) {
  return (
    <Cases aria-label={label}>
      {cases.map((c) => (
        <li key={c.text}>
          <Expect value={c.expect} />
          <span>{c.text}</span>
        </li>
      ))}
    </Cases>
  );
}

export function ReportExampleCard({ example, words }: { example: ReportExample; words: ExpectationWords }) {
  return (
    <ExampleCard>
      <Command role="region" tabIndex={0} aria-label="Command">
        <code>{example.command}</code>
      </Command>
      <p>
        The report: expect_overall <Expect value={example.overall} /> ({words.meanings[example.overall]})
        {example.hits.length > 0 ? '; hits include ' : '; no hits'}
        {example.hits.map((h, i) => (
          <span key={h.path}>
            {i > 0 ? ', ' : ''}
            <code>{h.path}</code> ({h.expect})
          </span>
        ))}
        .
      </p>
      <p>{example.note}</p>
    </ExampleCard>
  );
}
