import { styled } from 'styled-components';
import { LEGAL_ENTITY, PRODUCT_NAME } from '../../constants.ts';
import { Card, CheckList, Container, Eyebrow, Grid, Lead, Section, SectionHeader } from '../../ui/layout.tsx';
import { contentLabel } from '../routeIndex.ts';
import { Seo } from '../seo/Seo.tsx';
import { breadcrumbList, webPage } from '../seo/structuredData.ts';
import { breadcrumbsFor } from '../shell/breadcrumbs.ts';

/** Team avatars are local initials images under /team (docs/product.md, "Team avatars"). */
export const TEAM: readonly { name: string; role: string; avatar: string; bio: string }[] = [
  {
    name: 'Maya Okafor',
    role: 'Engine',
    avatar: '/team/mo.svg',
    bio: 'Writes the Rust engine and the recipes that decide which bytes a format cannot live without.',
  },
  {
    name: 'Jonas Lindqvist',
    role: 'QA tooling',
    avatar: '/team/jl.svg',
    bio: 'Spent a decade writing upload tests; now makes the files those tests need.',
  },
  {
    name: 'Priya Raman',
    role: 'Product & design',
    avatar: '/team/pr.svg',
    bio: 'Keeps the workspace fast, honest and usable with a keyboard alone.',
  },
];

const PRINCIPLES = [
  'Your files stay on your device. The engine runs in your browser, and the site requests nothing but its own static files.',
  'Every run is reproducible: the same file, mode, intensity and seed give the same bytes, on any machine.',
  'Claims are measured: engine size, format counts and example figures come from the build itself.',
];

const Member = styled(Card)`
  display: flex;
  gap: 16px;
  align-items: flex-start;

  & img { flex: none; border-radius: 50%; border: 2px solid var(--border-strong); }
  & h3 { margin-bottom: 2px; }
  & p { margin: 0; }
  & .role { color: var(--accent); font-size: 0.9rem; margin-bottom: 6px; }
`;

const TITLE = 'About Us | Fracture';
const DESCRIPTION = `${PRODUCT_NAME} is made by ${LEGAL_ENTITY}: a small team building honest, local tools for testing how software handles broken files.`;

export function About() {
  const path = '/about';
  return (
    <>
      <Seo
        title={TITLE}
        description={DESCRIPTION}
        keywords={['about fracture', 'fracture labs', 'file corruption tool team']}
        path={path}
        structuredData={[
          webPage('AboutPage', TITLE, DESCRIPTION, path),
          breadcrumbList(breadcrumbsFor(path, contentLabel)),
        ]}
      />
      <Section>
        <Container>
          <Eyebrow>About us</Eyebrow>
          <h1>We break files so your software doesn’t break on them</h1>
          <Lead>
            {LEGAL_ENTITY} builds {PRODUCT_NAME} for QA engineers, security researchers, teachers and artists who need
            broken files that fail the way real ones do, without sending anything to anyone.
          </Lead>
        </Container>
      </Section>
      <Section aria-labelledby="principles">
        <Container>
          <SectionHeader id="principles" eyebrow="Principles" title="How we work" />
          <CheckList>
            {PRINCIPLES.map((principle) => (
              <li key={principle}>{principle}</li>
            ))}
          </CheckList>
        </Container>
      </Section>
      <Section aria-labelledby="team">
        <Container>
          <SectionHeader id="team" eyebrow="Team" title="The people behind it" />
          <Grid>
            {TEAM.map((member) => (
              <Member key={member.name}>
                <img src={member.avatar} alt="" width={64} height={64} />
                <div>
                  <h3>{member.name}</h3>
                  <p className="role">{member.role}</p>
                  <p>{member.bio}</p>
                </div>
              </Member>
            ))}
          </Grid>
        </Container>
      </Section>
    </>
  );
}
