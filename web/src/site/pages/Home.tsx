import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { keyframes, styled } from 'styled-components';
import { MAX_FILE_BYTES, PRODUCT_NAME, PRO_PRICE_USD } from '../../constants.ts';
import { ENGINE_MODES } from '../../../../lib/engine/shared/types.ts';
import { Accordion } from '../../ui/Accordion.tsx';
import { Button } from '../../ui/Button.tsx';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { Badge, BadgeRow, Card, Container, Grid, Lead, Section, SectionHeader } from '../../ui/layout.tsx';
import { formatSeconds, formatSize } from '../../workspace/format.ts';
import { sampleReport } from '../../workspace/sampleReport.ts';
import {
  DiagnoseSection,
  PreviewPanel,
  ReportSection,
  UploadSection,
  WorkspaceProvider,
} from '../../workspace/Workspace.tsx';
import { homeFaqs as HOME_FAQS } from '../../content/faq.ts';
import { useCases as USE_CASES } from '../../content/useCases.ts';
import { formatCountClaim, RECOGNISED_EXTENSIONS, wasmEngineNoun } from '../buildInfo.ts';
import { FaqAnswer, FaqLinks } from './FaqPage.tsx';
import { LinkCards } from '../renderers/parts.tsx';
import { Seo } from '../seo/Seo.tsx';
import { faqPage, softwareApplication, webPage } from '../seo/structuredData.ts';
import { HydrateLater } from '../shell/HydrateLater.tsx';
import { isScrollRequest, scrollBehavior, UPLOAD_SECTION_ID, useStartCorrupting } from '../shell/useStartCorrupting.ts';

const TITLE = 'Fracture: Corrupt Files On Purpose, Safely, In Your Browser';
const DESCRIPTION =
  'Make deliberately corrupted copies of your files to test error handling. Format-aware failure recipes, reproducible seeds and a forensic report. Nothing is uploaded.';
const KEYWORDS = [
  'corrupt a file',
  'file corruption tool',
  'corrupted test files',
  'fuzz file inputs',
  'qa test files',
  'broken file generator',
];

const FEATURES: readonly { icon: IconName; title: string; text: string }[] = [
  {
    icon: 'lock',
    title: 'Private by Design',
    text: 'Files are read and corrupted inside your browser tab. No upload, no account, no copy on anyone’s server.',
  },
  {
    icon: 'ban',
    title: "Won't-Open Mode",
    text: 'Format-aware failure recipes damage exactly the structures a reader checks first, then verify the result.',
  },
  {
    icon: 'pulse',
    title: 'Real-Time Feedback',
    text: 'Watch every file move through scan, plan, corrupt, verify and report, with per-file progress.',
  },
  {
    icon: 'file',
    title: `${formatCountClaim()} Formats`,
    text: `${RECOGNISED_EXTENSIONS} file extensions are recognised, from CSV and DOCX to MP4, PNG and EXE; anything else gets generic header damage.`,
  },
  {
    icon: 'bug',
    title: 'Built for QA & Security',
    text: 'Every run records its seed, mode, intensity and checksums, so a failing test can be reproduced byte for byte.',
  },
  {
    icon: 'archive',
    title: 'Batch Processing',
    text: 'Corrupt many files in one run and download them together as a ZIP with a session report.',
  },
];

const glitch = keyframes`
  0%, 100% { transform: translateY(-100%); opacity: 0; }
  10% { opacity: 0.6; }
  60% { opacity: 0.25; }
  70% { transform: translateY(420%); opacity: 0; }
`;

const Hero = styled.section`
  position: relative;
  overflow: hidden;
  padding: clamp(56px, 10vw, 120px) 0 clamp(48px, 7vw, 88px);
  border-bottom: 1px solid var(--border);

  & h1 { max-width: 16ch; }
`;

/** The scripted visual-effects layer: a scan line sweeping the hero, started shortly after load. */
const EffectsLayer = styled.div`
  position: absolute;
  inset: 0;
  pointer-events: none;
  background-image: repeating-linear-gradient(0deg, rgba(255, 255, 255, 0.018) 0 1px, transparent 1px 3px);

  &::after {
    content: '';
    position: absolute;
    left: 0;
    right: 0;
    height: 22%;
    background: linear-gradient(180deg, transparent, rgba(56, 226, 173, 0.08), transparent);
    animation: ${glitch} 7s ease-in-out infinite;
  }

  @media (prefers-reduced-motion: reduce) {
    &::after { display: none; }
  }
`;

const HeroBadge = styled.p`
  margin: 0 0 20px;
`;

const HeroActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 16px;
  margin: 28px 0 24px;
`;

const FeatureCard = styled(Card)`
  & > svg { color: var(--accent); margin-bottom: 12px; }
`;

const Stats = styled.dl`
  display: grid;
  gap: 16px;
  grid-template-columns: repeat(auto-fill, minmax(min(100%, 200px), 1fr));
  margin: 0 0 12px;

  & > div { padding: 20px; border: 1px solid var(--border); border-radius: var(--radius-lg); background: var(--surface); }
  & dt { color: var(--muted); font-size: 0.9rem; }
  & dd { margin: 0 0 4px; font-family: var(--mono); font-size: 1.9rem; font-weight: 700; color: var(--accent-strong); }
  & > div { display: flex; flex-direction: column-reverse; justify-content: flex-end; }
`;

const StatsHeading = styled.h3`
  margin: 48px 0 16px;
  font-size: 1.2rem;
`;

const Footnote = styled.p`
  color: var(--muted);
  font-size: 0.85rem;
`;

/** Figures on the home page: facts of this build, except where marked illustrative. */
const STATS: readonly { value: string; label: string; illustrative?: boolean }[] = [
  { value: String(RECOGNISED_EXTENSIONS), label: 'file extensions recognised' },
  { value: String(ENGINE_MODES.length), label: 'corruption modes in the engine' },
  { value: `${MAX_FILE_BYTES / (1024 * 1024)} MB`, label: 'per file, processed on your device' },
  { value: '0', label: 'bytes of your files uploaded' },
  {
    value: formatSeconds(sampleReport.time_ms),
    label: `to corrupt the ${formatSize(sampleReport.original_size)} example file`,
    illustrative: true,
  },
];

/** Scroll to the workspace when sent here with { scrollTo: 'upload' }, then drop the request from history. */
function useScrollRequest() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!isScrollRequest(location.state)) return;
    document.getElementById(UPLOAD_SECTION_ID)?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    navigate(location.pathname, { replace: true, state: null });
  }, [location.state, location.pathname, navigate]);
}

/** The hero's scan line, started shortly after load: its own component, so starting it renders it
 * alone and not the whole page again (issue 26 point 4: that was a long task on a phone). */
function HeroEffects() {
  const [started, setStarted] = useState(false);
  useEffect(() => {
    const timer = window.setTimeout(() => setStarted(true), 100);
    return () => window.clearTimeout(timer);
  }, []);
  return started ? <EffectsLayer aria-hidden="true" data-testid="effects-layer" /> : null;
}

export function Home() {
  useScrollRequest();
  const startCorrupting = useStartCorrupting();
  const useCases = USE_CASES;
  // The spec's order: hero, features, upload, FAQ, use cases and statistics, forensic report, preview.
  return (
    <WorkspaceProvider>
      <Seo
        title={TITLE}
        description={DESCRIPTION}
        keywords={KEYWORDS}
        path="/"
        structuredData={[
          webPage('WebPage', TITLE, DESCRIPTION, '/'),
          softwareApplication(DESCRIPTION, [
            { name: 'Free', price: '0', currency: 'USD' },
            { name: 'Pro Lifetime (one-time)', price: PRO_PRICE_USD.replace('$', ''), currency: 'USD' },
          ]),
          faqPage(HOME_FAQS, '/'),
        ]}
      />
      <Hero>
        <HeroEffects />
        <Container>
          <HeroBadge>
            <Badge data-tone="accent">
              <Icon name="shield" size={16} /> Client-Side, Private, Professional
            </Badge>
          </HeroBadge>
          <h1>Break files on purpose. Safely, on your device.</h1>
          <Lead>
            {PRODUCT_NAME} makes deliberately corrupted copies of your files with format-aware failure recipes, so you
            can test how your software handles broken input. The work happens in your browser, in a {wasmEngineNoun()}:
            the original is never touched and nothing is uploaded.
          </Lead>
          <HeroActions>
            <Button size="lg" onClick={() => startCorrupting()}>
              Start Corrupting Files <Icon name="arrowRight" size={18} />
            </Button>
          </HeroActions>
          <BadgeRow aria-label="Highlights">
            {['100% Private', 'No Credit Card Needed', 'Batch ZIP Downloads'].map((badge) => (
              <li key={badge}>
                <Badge>
                  <Icon name="check" size={14} /> {badge}
                </Badge>
              </li>
            ))}
          </BadgeRow>
        </Container>
      </Hero>

      {/* Below the hero, each part hydrates in a task of its own (site/shell/HydrateLater.tsx). */}
      <HydrateLater>
        <Section aria-labelledby="features">
          <Container>
            <SectionHeader
              id="features"
              eyebrow="Why Fracture"
              title="A forensic lab for broken files"
              lead="Everything a test needs from a corrupted file: it fails for real, it can be reproduced, and it never leaves your machine."
            />
            <Grid>
              {FEATURES.map((feature) => (
                <FeatureCard key={feature.title}>
                  <Icon name={feature.icon} size={28} />
                  <h3>{feature.title}</h3>
                  <p>{feature.text}</p>
                </FeatureCard>
              ))}
            </Grid>
          </Container>
        </Section>
      </HydrateLater>

      <HydrateLater>
        <UploadSection />
      </HydrateLater>

      <HydrateLater>
        <Section aria-labelledby="faq-title">
          <Container>
            <SectionHeader id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
            <Accordion
              items={HOME_FAQS.map((faq) => ({
                question: faq.question,
                answer: <FaqAnswer answer={faq.answer} links={faq.links} />,
              }))}
            />
            <FaqLinks />
          </Container>
        </Section>
      </HydrateLater>

      <HydrateLater>
        <Section aria-labelledby="use-cases">
          <Container>
            <SectionHeader
              id="use-cases"
              eyebrow="Use cases"
              title="Who breaks files on purpose"
              lead="QA engineers prove that uploads fail gracefully, security teams probe parsers, artists chase glitches."
            />
            <LinkCards
              label="Use cases"
              links={useCases.map((useCase) => ({
                to: `/use-cases/${useCase.slug}`,
                title: useCase.title,
                text: useCase.hero.subheading,
              }))}
            />
            <StatsHeading id="statistics">By the numbers</StatsHeading>
            <Stats aria-labelledby="statistics">
              {STATS.map((stat) => (
                <div key={stat.label}>
                  <dt>
                    {stat.label}
                    {stat.illustrative && <sup>*</sup>}
                  </dt>
                  <dd>{stat.value}</dd>
                </div>
              ))}
            </Stats>
            <Footnote>
              * Illustrative: the time of the example report’s run; times depend on your device. The other figures are
              facts of this build, not usage statistics.
            </Footnote>
          </Container>
        </Section>
      </HydrateLater>

      <HydrateLater>
        <ReportSection />
      </HydrateLater>
      <PreviewPanel />
      <HydrateLater>
        <DiagnoseSection />
      </HydrateLater>
    </WorkspaceProvider>
  );
}
