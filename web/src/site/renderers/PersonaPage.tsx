import { styled } from 'styled-components';
import type { Persona } from '../../content/types.ts';
import { Card, CheckList, Container, Grid, Lead, NumberedSteps, Section, SectionHeader } from '../../ui/layout.tsx';
import type { PageData } from '../catalog.ts';
import { CallToActionSection, ContentSeo, FaqSection, LinkCards, PageHero, StartButton } from './parts.tsx';

const Split = styled.div`
  display: grid;
  gap: 32px;

  @media (min-width: 900px) { grid-template-columns: 1fr 1fr; }
`;

const SubHeading = styled.h3`
  margin-top: 1.5em;
`;

export function PersonaPage({ record, related }: { record: Persona; related: PageData['related'] }) {
  const path = `/for/${record.slug}`;
  const fileTypes = related.corrupt ?? [];
  const modes = related.modes ?? [];
  return (
    <article>
      <ContentSeo record={record} path={path} />
      <PageHero hero={record.hero}>
        <StartButton algorithm={modes[0]?.algorithm} />
      </PageHero>

      <Section aria-labelledby="pains">
        <Container>
          <SectionHeader id="pains" eyebrow={record.persona} title="What gets in the way" />
          <Grid>
            {record.pains.map((pain) => (
              <Card key={pain.title}>
                <h3>{pain.title}</h3>
                <p>{pain.detail}</p>
              </Card>
            ))}
          </Grid>
        </Container>
      </Section>

      <Section aria-labelledby="outcomes">
        <Container>
          <Split>
            <div>
              <SectionHeader id="outcomes" eyebrow="Outcomes" title="What you get" />
              <CheckList>
                {record.outcomes.map((outcome) => (
                  <li key={outcome}>{outcome}</li>
                ))}
              </CheckList>
            </div>
            <Card>
              <h3>Artifacts to keep</h3>
              <CheckList>
                {record.artifacts.map((artifact) => (
                  <li key={artifact}>{artifact}</li>
                ))}
              </CheckList>
            </Card>
          </Split>
        </Container>
      </Section>

      <Section aria-labelledby="playbook">
        <Container>
          <SectionHeader id="playbook" eyebrow="Playbook" title={record.playbook.title} />
          <Lead>{record.playbook.description}</Lead>
          <NumberedSteps>
            {record.playbook.steps.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </NumberedSteps>
        </Container>
      </Section>

      <Section aria-labelledby="recommended">
        <Container>
          <SectionHeader id="recommended" eyebrow="Start here" title="Recommended file types and modes" />
          <SubHeading>File types</SubHeading>
          <LinkCards label="Recommended file types" links={fileTypes.map(({ to, title }) => ({ to, title }))} />
          <SubHeading>Modes</SubHeading>
          <LinkCards label="Recommended modes" links={modes.map(({ to, title }) => ({ to, title }))} />
        </Container>
      </Section>

      <FaqSection faqs={record.faqs} />
      <CallToActionSection
        title="Make your first test file"
        description="Drop a file you own into the workspace; the corrupted copy and its report stay on your device."
        algorithm={modes[0]?.algorithm}
      />
    </article>
  );
}
