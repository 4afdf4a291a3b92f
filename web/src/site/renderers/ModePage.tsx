import { styled } from 'styled-components';
import type { Mode } from '../../content/types.ts';
import { algorithmFor } from '../../../../lib/engine/shared/modes.ts';
import { Card, CheckList, Container, Grid, Lead, NumberedSteps, Section, SectionHeader } from '../../ui/layout.tsx';
import type { PageData } from '../catalog.ts';
import {
  CallToActionSection,
  CaseList,
  ContentSeo,
  FaqSection,
  LinkCards,
  PageHero,
  ReportExampleCard,
  StartButton,
} from './parts.tsx';

const Split = styled.div`
  display: grid;
  gap: 32px;

  @media (min-width: 900px) { grid-template-columns: 1fr 1fr; }
`;

const Workflow = styled(NumberedSteps)`
  & > li > strong { display: block; color: var(--text); }
  & > li > span { color: var(--muted); }
`;

export function ModePage({ record, related, expectations }: PageData<Mode>) {
  const path = `/modes/${record.slug}`;
  const fileTypes = related.corrupt ?? [];
  const workspaceLabel = algorithmFor(record.algorithm).label.replace('{EXT}', 'File');
  return (
    <article>
      <ContentSeo record={record} path={path} />
      <PageHero hero={record.hero}>
        <StartButton algorithm={record.algorithm} label={`Try ${record.name}`} />
      </PageHero>

      <Section aria-labelledby="overview">
        <Container>
          <Split>
            <div>
              <SectionHeader id="overview" eyebrow="Overview" title={`How ${record.name} works`} />
              <Lead>{record.overview}</Lead>
              <p>
                In the workspace this runs as <strong>{workspaceLabel}</strong>.
              </p>
            </div>
            <Card>
              <h3>Highlights</h3>
              <CheckList>
                {record.highlights.map((highlight) => (
                  <li key={highlight}>{highlight}</li>
                ))}
              </CheckList>
            </Card>
          </Split>
        </Container>
      </Section>

      <Section aria-labelledby="workflow">
        <Container>
          <SectionHeader id="workflow" eyebrow="Recipe" title="Workflow" />
          <Workflow>
            {record.workflow.map((step) => (
              <li key={step.title}>
                <strong>{step.title}</strong>
                <span>{step.description}</span>
              </li>
            ))}
          </Workflow>
        </Container>
      </Section>

      {expectations?.mode && (
        <Section aria-labelledby="reader">
          <Container>
            <SectionHeader id="reader" eyebrow="Expectations" title="What a reader should do" />
            <Lead>{expectations.mode.summary}</Lead>
            <CaseList cases={expectations.mode.cases} label={`What ${record.name} damage should cause`} />
            <p>{expectations.words.report}</p>
            <ReportExampleCard example={expectations.mode.example} words={expectations.words} />
          </Container>
        </Section>
      )}

      <Section aria-labelledby="checklist">
        <Container>
          <Split>
            <div>
              <SectionHeader id="checklist" eyebrow="Checklist" title="Sample checklist" />
              <CheckList>
                {record.sampleChecklist.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </CheckList>
            </div>
            <div>
              <h3>Best for</h3>
              <Grid>
                {record.bestFor.map((item) => (
                  <Card key={item}>
                    <p>{item}</p>
                  </Card>
                ))}
              </Grid>
            </div>
          </Split>
        </Container>
      </Section>

      <Section aria-labelledby="file-types">
        <Container>
          <SectionHeader id="file-types" eyebrow="File types" title={`Recommended file types for ${record.name}`} />
          <LinkCards label="Recommended file types" links={fileTypes} />
        </Container>
      </Section>

      <FaqSection faqs={record.faqs} />
      <CallToActionSection
        title={`Run ${record.name} on your own file`}
        description="The workspace opens with this mode selected. Nothing is uploaded; the same seed reproduces the same bytes."
        algorithm={record.algorithm}
      />
    </article>
  );
}
