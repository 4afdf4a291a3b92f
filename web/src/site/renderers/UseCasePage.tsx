import { styled } from 'styled-components';
import type { UseCase } from '../../content/types.ts';
import { BadgeRow, Badge, Card, CheckList, Container, Grid, Section, SectionHeader } from '../../ui/layout.tsx';
import { CallToActionSection, ContentSeo, FaqSection, PageHero, ProseSections, StartButton } from './parts.tsx';

const Metric = styled(Card)`
  & > strong { display: block; font-family: var(--mono); font-size: 1.8rem; color: var(--accent-strong); }
  & > h3 { margin: 4px 0 6px; }
`;

export function UseCasePage({ record }: { record: UseCase }) {
  const path = `/use-cases/${record.slug}`;
  return (
    <article>
      <ContentSeo record={record} path={path} />
      <PageHero hero={record.hero}>
        <StartButton />
      </PageHero>

      <Section aria-labelledby="audience">
        <Container>
          <SectionHeader id="audience" eyebrow="Who it is for" title="Audience" />
          <BadgeRow>
            {record.audience.map((who) => (
              <li key={who}>
                <Badge>{who}</Badge>
              </li>
            ))}
          </BadgeRow>
        </Container>
      </Section>

      <ProseSections sections={record.sections} />

      <Section aria-labelledby="checklists">
        <Container>
          <SectionHeader id="checklists" eyebrow="Checklists" title="Checklists" />
          <Grid data-columns="2">
            {record.checklists.map((checklist) => (
              <Card key={checklist.title}>
                <h3>{checklist.title}</h3>
                <CheckList>
                  {checklist.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </CheckList>
              </Card>
            ))}
          </Grid>
        </Container>
      </Section>

      <Section aria-labelledby="metrics">
        <Container>
          <SectionHeader id="metrics" eyebrow="Measure" title="Key metrics" />
          <Grid>
            {record.keyMetrics.map((metric) => (
              <Metric key={metric.label}>
                <strong>{metric.value}</strong>
                <h3>{metric.label}</h3>
                <p>{metric.description}</p>
              </Metric>
            ))}
          </Grid>
        </Container>
      </Section>

      <FaqSection faqs={record.faqs} />
      <CallToActionSection
        title="Put it to work"
        description="Corrupt a file you own in the workspace and keep the seed with your test case."
      />
    </article>
  );
}
