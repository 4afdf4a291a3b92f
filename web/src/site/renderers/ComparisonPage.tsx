import { styled } from 'styled-components';
import type { Comparison } from '../../content/types.ts';
import { Card, Container, Grid, Lead, Section, SectionHeader, TableScroll } from '../../ui/layout.tsx';
import { PRODUCT_NAME } from '../../constants.ts';
import type { PageData } from '../catalog.ts';
import { CallToActionSection, ContentSeo, FaqSection, LinkCards, PageHero } from './parts.tsx';

const Table = styled.table`
  font-size: 0.95rem;

  & th, & td { padding: 12px 14px; text-align: left; vertical-align: top; border-bottom: 1px solid var(--border); }
  & thead th { background: var(--surface-2); color: var(--text); }
  & tbody th { color: var(--text); font-weight: 600; width: 28%; }
  & td { color: var(--muted); }
  & td:nth-child(2) { color: var(--text); }
  & tbody tr:last-child > * { border-bottom: 0; }
`;

export function ComparisonPage({ record, related }: { record: Comparison; related: PageData['related'] }) {
  const path = `/compare/${record.slug}`;
  const others = related.compare ?? [];
  return (
    <article>
      <ContentSeo record={record} path={path} />
      <PageHero hero={record.hero} />

      <Section aria-labelledby="overview">
        <Container>
          <SectionHeader id="overview" eyebrow="Overview" title={record.title} />
          <Lead>{record.overview}</Lead>
          {record.competitorUrl && (
            <p>
              Compared with{' '}
              <a href={record.competitorUrl} rel="nofollow noopener noreferrer external" target="_blank">
                {record.competitorName}
              </a>
              .
            </p>
          )}
        </Container>
      </Section>

      <Section aria-labelledby="table-title">
        <Container>
          <SectionHeader
            id="table-title"
            eyebrow="Side by side"
            title={`${PRODUCT_NAME} vs ${record.competitorName}`}
          />
          <TableScroll>
            <Table>
              <caption className="visually-hidden">{`Feature comparison of ${PRODUCT_NAME} and ${record.competitorName}`}</caption>
              <thead>
                <tr>
                  <th scope="col">Feature</th>
                  <th scope="col">{PRODUCT_NAME}</th>
                  <th scope="col">{record.competitorName}</th>
                </tr>
              </thead>
              <tbody>
                {record.table.map((row) => (
                  <tr key={row.feature}>
                    <th scope="row">{row.feature}</th>
                    <td>{row.fracture}</td>
                    <td>{row.alternative}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </TableScroll>
        </Container>
      </Section>

      <Section aria-labelledby="highlights">
        <Container>
          <SectionHeader id="highlights" eyebrow="Highlights" title="What makes the difference" />
          <Grid>
            {record.highlights.map((highlight) => (
              <Card key={highlight.title}>
                <h3>{highlight.title}</h3>
                <p>{highlight.detail}</p>
              </Card>
            ))}
          </Grid>
        </Container>
      </Section>

      <FaqSection faqs={record.faqs} />

      {others.length > 0 && (
        <Section aria-labelledby="other-comparisons">
          <Container>
            <SectionHeader id="other-comparisons" eyebrow="More" title="Other comparisons" />
            <LinkCards label="Other comparisons" links={others} />
          </Container>
        </Section>
      )}

      <CallToActionSection title={record.cta.label} description={record.cta.description} label={record.cta.label} />
    </article>
  );
}
