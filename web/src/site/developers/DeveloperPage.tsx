// The frame the developer pages share: heading, lead, structured data, code blocks and the way back to
// the hub. Outside site/pages/ on purpose: App.tsx's table of page chunks lists every module there,
// and this one is a part of pages, not a page.
import type { ReactNode } from 'react';
import { styled } from 'styled-components';
import { Icon } from '../../ui/Icon.tsx';
import { ButtonLink } from '../../ui/Button.tsx';
import { Container, Eyebrow, Lead, Prose, Section } from '../../ui/layout.tsx';
import { contentLabel } from '../routeIndex.ts';
import { Seo } from '../seo/Seo.tsx';
import { breadcrumbList, webPage } from '../seo/structuredData.ts';
import { breadcrumbsFor } from '../shell/breadcrumbs.ts';

/** A command or a code sample, as written (no highlighting: no script is needed to read it). */
const Code = styled.pre`
  margin: 1em 0 1.5em;
  padding: 14px 16px;
  overflow-x: auto;
  border: 1px solid var(--border);
  border-radius: var(--radius);
  background: var(--surface);
  color: var(--text);
  font-size: 0.88rem;
  line-height: 1.55;
  tab-size: 2;

  &:focus-visible { outline: 2px solid var(--accent); outline-offset: 2px; }
`;

/**
 * A code block that can scroll sideways: a named, focusable region, so keyboard users can scroll it
 * (axe's scrollable-region-focusable) and screen readers announce what it holds.
 */
export function CodeBlock({ label, children }: { label: string; children: string }) {
  return (
    <Code role="region" tabIndex={0} aria-label={label}>
      <code>{children}</code>
    </Code>
  );
}

const Back = styled.div`
  margin-top: 40px;
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
`;

interface DeveloperPageProps {
  path: string;
  title: string;
  heading: string;
  description: string;
  keywords: string[];
  children: ReactNode;
}

/** Frame of a developer page: heading, lead, structured data, and the way back to the hub. */
export function DeveloperPage({ path, title, heading, description, keywords, children }: DeveloperPageProps) {
  return (
    <Section>
      <Seo
        title={`${title} | Fracture`}
        description={description}
        keywords={keywords}
        path={path}
        structuredData={[
          webPage('TechArticle', title, description, path),
          breadcrumbList(breadcrumbsFor(path, contentLabel)),
        ]}
      />
      <Container>
        <Prose>
          <Eyebrow>For developers</Eyebrow>
          <h1>{heading}</h1>
          <Lead>{description}</Lead>
          {children}
        </Prose>
        <Back>
          <ButtonLink to="/developers" variant="secondary">
            <Icon name="arrowLeft" size={18} /> All developer tools
          </ButtonLink>
        </Back>
      </Container>
    </Section>
  );
}
