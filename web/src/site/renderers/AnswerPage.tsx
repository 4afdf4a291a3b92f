import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import type { QuickAnswer } from '../../content/types.ts';
import { Card, Container, Eyebrow, NumberedSteps, Prose, Section, SectionHeader } from '../../ui/layout.tsx';
import type { PageData } from '../catalog.ts';
import { ContentSeo, FaqSection, LinkCards } from './parts.tsx';

const Header = styled.header`
  padding: clamp(48px, 8vw, 88px) 0 8px;

  & h1 { max-width: 24ch; }
`;

const Layout = styled.div`
  display: grid;
  gap: 32px;
  align-items: start;

  @media (min-width: 900px) { grid-template-columns: 1.4fr 1fr; }
`;

export function AnswerPage({ record, related: links }: { record: QuickAnswer; related: PageData['related'] }) {
  const path = `/answers/${record.slug}`;
  const related = links.answers ?? [];
  return (
    <article>
      <ContentSeo record={record} path={path} />
      <Header>
        <Container>
          <Eyebrow>Quick answer</Eyebrow>
          <h1>{record.question}</h1>
        </Container>
      </Header>

      <Section aria-label="Answer">
        <Container>
          <Layout>
            <Prose>
              {record.answer.map((paragraph) => (
                <p key={paragraph}>{paragraph}</p>
              ))}
              <p>
                <Link to={record.relatedPath}>Read the full guide</Link>
              </p>
            </Prose>
            <Card as="aside" aria-labelledby="quick-steps">
              <h2 id="quick-steps">Quick steps</h2>
              <NumberedSteps>
                {record.quickSteps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </NumberedSteps>
            </Card>
          </Layout>
        </Container>
      </Section>

      <FaqSection faqs={record.faqs} />

      {related.length > 0 && (
        <Section aria-labelledby="related">
          <Container>
            <SectionHeader id="related" eyebrow="Related" title="Related answers" />
            <LinkCards label="Related answers" links={related.map(({ to, title }) => ({ to, title }))} />
          </Container>
        </Section>
      )}
    </article>
  );
}
