import { styled } from 'styled-components';
import { MAX_FILE_BYTES } from '../../constants.ts';
import { STAGES } from '../../../../lib/engine/shared/stages.ts';
import { ButtonAnchor } from '../../ui/Button.tsx';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { Card, CheckList, Container, Eyebrow, Grid, Lead, Section, SectionHeader } from '../../ui/layout.tsx';
import { wasmEngineNoun } from '../buildInfo.ts';
import { contentLabel } from '../routeIndex.ts';
import { StartButton } from '../renderers/parts.tsx';
import { Seo } from '../seo/Seo.tsx';
import { breadcrumbList, howTo, webPage } from '../seo/structuredData.ts';
import { breadcrumbsFor } from '../shell/breadcrumbs.ts';

/** The static sample report, served from the site root (docs/product.md, "Example Data report"). */
export const SAMPLE_REPORT_PATH = '/sample-report.json';

export const STEPS: readonly { icon: IconName; name: string; text: string }[] = [
  {
    icon: 'file',
    name: 'Add your files',
    text: `Drop files onto the workspace or browse for them, up to ${MAX_FILE_BYTES / (1024 * 1024)} MB each. They are read into your browser’s memory; nothing is sent anywhere.`,
  },
  {
    icon: 'seed',
    name: 'Choose algorithm, intensity and seed',
    text: 'Pick how to break the file and how hard. The seed fixes every random choice, so the same settings reproduce the same bytes.',
  },
  {
    icon: 'cpu',
    name: 'Corrupt locally',
    text: `A ${wasmEngineNoun()} scans the format, plans a failure recipe, corrupts a copy and verifies that it no longer looks valid. The original is never changed.`,
  },
  {
    icon: 'download',
    name: 'Download the copy and its report',
    text: 'Save each corrupted file, or all of them as one ZIP, with a JSON report of seed, mode, intensity, entropy and checksums.',
  },
];

const GUARANTEES: readonly string[] = [
  'No upload: files are processed in your browser tab and never leave your device.',
  'No third-party scripts, fonts or trackers: the site only loads its own files.',
  'Works offline after your first visit: the app and its engine are cached on your device.',
  'The original file is never modified; you download a separate corrupted copy.',
  'Reproducible: the report’s seed regenerates the exact same bytes.',
];

const StepCard = styled(Card)`
  position: relative;

  & > svg { color: var(--accent); }
  & > span {
    position: absolute;
    top: 20px;
    right: 22px;
    font-family: var(--mono);
    color: var(--border-strong);
    font-size: 1.6rem;
    font-weight: 800;
  }
  /* h2 under the page's h1 (heading order), at the size of a card's title. */
  & > h2 { margin-top: 10px; font-size: 1.15rem; }
`;

const Pipeline = styled.ol`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
  font-family: var(--mono);
  font-size: 0.92rem;

  & > li { padding: 10px 14px; border: 1px solid var(--border); border-radius: var(--radius); background: var(--surface); }
  & strong { color: var(--accent); margin-right: 10px; text-transform: uppercase; }
`;

const TITLE = 'How Fracture Works: Local, Reproducible File Corruption';
const DESCRIPTION =
  'Four steps from a healthy file to a verified broken copy, all inside your browser. See the pipeline, the privacy guarantees and a sample report.';

export function HowItWorks() {
  const path = '/how-it-works';
  return (
    <>
      <Seo
        title={`${TITLE} | Fracture`}
        description={DESCRIPTION}
        keywords={[
          'how file corruption works',
          'local file corruption',
          'reproducible corruption seed',
          'forensic report',
        ]}
        path={path}
        structuredData={[
          webPage('WebPage', TITLE, DESCRIPTION, path),
          breadcrumbList(breadcrumbsFor(path, contentLabel)),
          howTo('How to corrupt a file for testing with Fracture', STEPS),
        ]}
      />
      <Section>
        <Container>
          <Eyebrow>How it works</Eyebrow>
          <h1>From healthy file to verified failure, on your device</h1>
          <Lead>{DESCRIPTION}</Lead>
          <Grid>
            {STEPS.map((step, index) => (
              <StepCard key={step.name}>
                <Icon name={step.icon} size={28} />
                <span aria-hidden="true">{String(index + 1).padStart(2, '0')}</span>
                <h2>{step.name}</h2>
                <p>{step.text}</p>
              </StepCard>
            ))}
          </Grid>
        </Container>
      </Section>

      <Section aria-labelledby="pipeline">
        <Container>
          <SectionHeader id="pipeline" eyebrow="Engine" title="The pipeline inside step 3" />
          <Pipeline>
            {STAGES.map((stage) => (
              <li key={stage.stage}>
                <strong>{stage.stage}</strong>
                {stage.message}
              </li>
            ))}
          </Pipeline>
        </Container>
      </Section>

      <Section aria-labelledby="guarantees">
        <Container>
          <SectionHeader id="guarantees" eyebrow="Privacy" title="Privacy guarantees" />
          <CheckList>
            {GUARANTEES.map((guarantee) => (
              <li key={guarantee}>{guarantee}</li>
            ))}
          </CheckList>
        </Container>
      </Section>

      <Section aria-labelledby="sample">
        <Container>
          <SectionHeader
            id="sample"
            eyebrow="Example"
            title="See a report before you run one"
            lead="The sample report is the engine’s real output for a generated 15.5 MB PDF-named file, the same one the workspace shows as example data."
          />
          <ButtonAnchor href={SAMPLE_REPORT_PATH} download="sample-report.json" variant="secondary" size="lg">
            <Icon name="download" size={18} /> Download sample report (JSON)
          </ButtonAnchor>{' '}
          <StartButton />
        </Container>
      </Section>
    </>
  );
}
