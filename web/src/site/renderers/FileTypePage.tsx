import { styled } from 'styled-components';
import type { FileType } from '../../content/types.ts';
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

const Stat = styled.p`
  display: flex;
  align-items: baseline;
  gap: 10px;
  margin: 0;
  padding: 10px 16px;
  border-left: 3px solid var(--accent);
  color: var(--muted);

  & > strong { color: var(--text); font-size: 1.5rem; font-family: var(--mono); }
`;

const Paths = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: 8px 16px;
  padding: 0;
  margin: 0 0 1.5em;
  list-style: none;
  font-family: var(--mono);
  font-size: 0.88rem;
  overflow-wrap: anywhere;
`;

/** The example commands, one per row so each command reads whole. */
const Examples = styled.div`
  display: grid;
  gap: 20px;
`;

const Split = styled.div`
  display: grid;
  gap: 32px;

  @media (min-width: 900px) { grid-template-columns: 1.2fr 1fr; }
`;

export function FileTypePage({ record, related, expectations }: PageData<FileType>) {
  const path = `/corrupt/${record.slug}`;
  const modes = related.modes ?? [];
  const algorithm = modes[0]?.algorithm;
  return (
    <article>
      <ContentSeo record={record} path={path} />
      <PageHero hero={record.hero}>
        <StartButton algorithm={algorithm} label={record.callToAction.label} />
        <Stat>
          <strong>{record.calloutStat.value}</strong> {record.calloutStat.label}
        </Stat>
      </PageHero>

      <Section aria-labelledby="definition">
        <Container>
          <Split>
            <div>
              <SectionHeader
                id="definition"
                eyebrow={record.extension}
                title={`What is inside a ${record.name} file`}
              />
              <p>{record.definition}</p>
            </div>
            <CheckList>
              {record.definitionBullets.map((bullet) => (
                <li key={bullet}>{bullet}</li>
              ))}
            </CheckList>
          </Split>
        </Container>
      </Section>

      <Section aria-labelledby="checklist">
        <Container>
          <SectionHeader id="checklist" eyebrow="Checklist" title={`How to corrupt a ${record.name} file for a test`} />
          <NumberedSteps>
            {record.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </NumberedSteps>
        </Container>
      </Section>

      <Section aria-labelledby="failure-modes">
        <Container>
          <SectionHeader id="failure-modes" eyebrow="Failure modes" title={`How ${record.name} files fail`} />
          <Grid>
            {record.failureModes.map((mode) => (
              <Card key={mode.title}>
                <h3>{mode.title}</h3>
                <p>{mode.description}</p>
              </Card>
            ))}
          </Grid>
        </Container>
      </Section>

      {expectations?.format && (
        <Section aria-labelledby="report-names">
          <Container>
            <SectionHeader
              id="report-names"
              eyebrow="Expectations"
              title={`What the report names in a ${record.name} file`}
            />
            <Lead>{expectations.format.units}</Lead>
            <Paths aria-label={`${record.name} regions`}>
              {expectations.format.paths.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </Paths>
            <CaseList cases={expectations.format.cases} label={`What damage in a ${record.name} file should cause`} />
            {expectations.format.notes?.map((note) => (
              <p key={note}>{note}</p>
            ))}
            <p>{expectations.words.report}</p>
            <p>{expectations.words.aim}</p>
            <Examples>
              {expectations.format.examples.map((example) => (
                <ReportExampleCard key={example.command} example={example} words={expectations.words} />
              ))}
            </Examples>
          </Container>
        </Section>
      )}

      <Section aria-labelledby="benefits">
        <Container>
          <Split>
            <div>
              <SectionHeader id="benefits" eyebrow="Why" title="What a corrupted copy tells you" />
              <CheckList>
                {record.corruptionBenefits.map((benefit) => (
                  <li key={benefit}>{benefit}</li>
                ))}
              </CheckList>
            </div>
            <div>
              <h3>Testing use cases</h3>
              <CheckList>
                {record.testingUseCases.map((useCase) => (
                  <li key={useCase}>{useCase}</li>
                ))}
              </CheckList>
            </div>
          </Split>
        </Container>
      </Section>

      <Section aria-labelledby="recommended-modes">
        <Container>
          <SectionHeader id="recommended-modes" eyebrow="Modes" title={`Recommended modes for ${record.name}`} />
          <LinkCards label="Recommended modes" links={modes} />
        </Container>
      </Section>

      <Section aria-labelledby="qa-tips">
        <Container>
          <Split>
            <div>
              <SectionHeader id="qa-tips" eyebrow="QA" title="Tips from testing" />
              <CheckList>
                {record.qaTips.map((tip) => (
                  <li key={tip}>{tip}</li>
                ))}
              </CheckList>
            </div>
            <Card as="aside" aria-labelledby="compliance">
              <h3 id="compliance">Compliance note</h3>
              {record.complianceNotes.map((note) => (
                <p key={note}>{note}</p>
              ))}
            </Card>
          </Split>
        </Container>
      </Section>

      <FaqSection faqs={record.faqs} />
      <CallToActionSection
        title={record.callToAction.label}
        description={record.callToAction.description}
        algorithm={algorithm}
      />
    </article>
  );
}
