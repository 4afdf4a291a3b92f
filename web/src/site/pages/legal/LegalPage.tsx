import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { SITE_ORIGIN } from '../../../constants.ts';
import { Icon } from '../../../ui/Icon.tsx';
import { ButtonLink } from '../../../ui/Button.tsx';
import { Container, Eyebrow, Prose, Section } from '../../../ui/layout.tsx';
import { contentLabel } from '../../routeIndex.ts';
import { Seo } from '../../seo/Seo.tsx';
import { breadcrumbList, webPage } from '../../seo/structuredData.ts';
import { breadcrumbsFor } from '../../shell/breadcrumbs.ts';

/** When the legal texts last changed; shown on each page and in its structured data. */
export const LEGAL_UPDATED = { iso: '2025-06-01', text: 'June 1, 2025' } as const;

const Updated = styled.p`
  color: var(--muted);
  font-size: 0.95rem;
`;

const Back = styled.div`
  margin-top: 40px;
`;

interface LegalPageProps {
  path: string;
  title: string;
  description: string;
  keywords: string[];
  children: ReactNode;
}

/** Frame of every legal text: heading, date, structured data and a way back home. */
export function LegalPage({ path, title, description, keywords, children }: LegalPageProps) {
  return (
    <Section>
      <Seo
        title={`${title} | Fracture`}
        description={description}
        keywords={keywords}
        path={path}
        structuredData={[
          webPage('WebPage', title, description, path, {
            about: { '@id': `${SITE_ORIGIN}/#organization` },
            dateModified: LEGAL_UPDATED.iso,
            genre: 'Legal',
          }),
          breadcrumbList(breadcrumbsFor(path, contentLabel)),
        ]}
      />
      <Container>
        <Prose>
          <Eyebrow>Legal</Eyebrow>
          <h1>{title}</h1>
          <Updated>
            Last updated <time dateTime={LEGAL_UPDATED.iso}>{LEGAL_UPDATED.text}</time>
          </Updated>
          {children}
        </Prose>
        <Back>
          <ButtonLink to="/" variant="secondary">
            <Icon name="arrowLeft" size={18} /> Back to Home
          </ButtonLink>
        </Back>
      </Container>
    </Section>
  );
}
