import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import type { InternalLink } from '../../content/types.ts';
import { Accordion } from '../../ui/Accordion.tsx';
import { Container, Eyebrow, Lead, Section } from '../../ui/layout.tsx';
import { faqPageFaqs as FAQ_PAGE_FAQS } from '../../content/faq.ts';
import { contentLabel } from '../routeIndex.ts';
import { Seo } from '../seo/Seo.tsx';
import { breadcrumbList, faqPage, webPage } from '../seo/structuredData.ts';
import { breadcrumbsFor } from '../shell/breadcrumbs.ts';

const AnswerLinks = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const MoreHelp = styled.p`
  margin-top: 28px;
  color: var(--muted);
`;

/** An answer followed by the links it carries. */
export function FaqAnswer({ answer, links }: { answer: string; links: readonly InternalLink[] }) {
  return (
    <>
      <p>{answer}</p>
      {links.length > 0 && (
        <AnswerLinks>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </AnswerLinks>
      )}
    </>
  );
}

export function FaqLinks() {
  return (
    <MoreHelp>
      Still unsure? <Link to="/how-it-works">See how it works</Link> or <Link to="/contact">contact us</Link>.
    </MoreHelp>
  );
}

const TITLE = 'Frequently Asked Questions | Fracture';
const DESCRIPTION =
  'Answers about corrupting files with Fracture: privacy, formats, seeds, reports, pricing and offline use.';

export function FaqPage() {
  const path = '/faq';
  return (
    <>
      <Seo
        title={TITLE}
        description={DESCRIPTION}
        keywords={['fracture faq', 'file corruption questions', 'is file corruption safe', 'corrupt file offline']}
        path={path}
        structuredData={[
          webPage('WebPage', TITLE, DESCRIPTION, path),
          breadcrumbList(breadcrumbsFor(path, contentLabel)),
          faqPage(FAQ_PAGE_FAQS, path),
        ]}
      />
      <Section>
        <Container>
          <Eyebrow>FAQ</Eyebrow>
          <h1>Frequently asked questions</h1>
          <Lead>One question open at a time. Each answer links to the page that covers it in depth.</Lead>
          <Accordion
            headingLevel={2}
            items={FAQ_PAGE_FAQS.map((faq) => ({
              question: faq.question,
              answer: <FaqAnswer answer={faq.answer} links={faq.links} />,
            }))}
          />
          <FaqLinks />
        </Container>
      </Section>
    </>
  );
}
