import { Container, Eyebrow, Lead, Section } from '../../ui/layout.tsx';
import type { HubData } from '../catalog.ts';
import { DEVELOPER_PAGES } from '../developerPages.ts';
import { LEGAL_PAGES } from '../legalPages.ts';
import { contentLabel } from '../routeIndex.ts';
import { Seo } from '../seo/Seo.tsx';
import { absoluteUrl, breadcrumbList, webPage } from '../seo/structuredData.ts';
import { breadcrumbsFor } from '../shell/breadcrumbs.ts';
import { LinkCards, type LinkCardData } from './parts.tsx';

function Hub({
  path,
  title,
  lead,
  keywords,
  links,
}: {
  path: string;
  title: string;
  lead: string;
  keywords: string[];
  links: LinkCardData[];
}) {
  const itemList = {
    '@type': 'ItemList',
    itemListElement: links.map((link, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: link.title,
      url: absoluteUrl(link.to),
    })),
  };
  return (
    <>
      <Seo
        title={`${title} | Fracture`}
        description={lead}
        keywords={keywords}
        path={path}
        structuredData={[
          webPage('CollectionPage', title, lead, path),
          breadcrumbList(breadcrumbsFor(path, contentLabel)),
          itemList,
        ]}
      />
      <Section>
        <Container>
          <Eyebrow>Fracture</Eyebrow>
          <h1>{title}</h1>
          <Lead>{lead}</Lead>
          <LinkCards label={title} links={links} />
        </Container>
      </Section>
    </>
  );
}

/** The index page of a content kind, e.g. /corrupt: one card per record, from the hub's own chunk. */
export function SectionHub({ hub }: { hub: HubData }) {
  return (
    <Hub
      path={`/${hub.segment}`}
      title={hub.title}
      lead={hub.lead}
      keywords={hub.keywords}
      links={hub.cards.map(({ to, title, text }) => ({ to, title, text }))}
    />
  );
}

export function LegalHub() {
  return (
    <Hub
      path="/legal"
      title="Legal"
      lead="Our policies in plain language: privacy, cookies, terms, and how we treat other people's work."
      keywords={['fracture legal', 'privacy policy', 'terms of service', 'cookie policy']}
      links={LEGAL_PAGES.map((page) => ({ to: page.path, title: page.title, text: page.summary }))}
    />
  );
}

export function DevelopersHub() {
  return (
    <Hub
      path="/developers"
      title="Developer tools"
      lead="Fracture where tests are written: a Python package with a pytest plugin and a Hypothesis strategy, a fast-check arbitrary, a fuzzer mutator, and a mount that puts faults and power cuts under a running program."
      keywords={[
        'fracture python',
        'pytest plugin',
        'fast-check arbitrary',
        'afl++ custom mutator',
        'fuse fault injection',
      ]}
      links={DEVELOPER_PAGES.map((page) => ({ to: page.path, title: page.title, text: page.summary }))}
    />
  );
}
