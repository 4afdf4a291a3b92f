// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { contentLabel } from '../catalog.ts';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { breadcrumbsFor, humanizeSegment, SEGMENT_LABELS } from './breadcrumbs.ts';

afterEach(cleanup);

const none = () => undefined;

describe('breadcrumbsFor', () => {
  it('has no crumbs on the home page', () => {
    expect(breadcrumbsFor('/', none)).toEqual([]);
  });

  it('labels the spec’s fixed segments from its table', () => {
    const spec: Record<string, string> = {
      privacy: 'Privacy Policy',
      terms: 'Terms of Service',
      about: 'About Us',
      contact: 'Contact',
      cookies: 'Cookie Policy',
      corrupt: 'Corrupt',
      modes: 'Modes',
      for: 'Workflows',
      compare: 'Compare',
      answers: 'Answers',
      'use-cases': 'Use Cases',
      legal: 'Legal',
      pricing: 'Pricing',
      'how-it-works': 'How It Works',
    };
    for (const [segment, label] of Object.entries(spec)) {
      expect(SEGMENT_LABELS[segment]).toBe(label);
      expect(breadcrumbsFor(`/${segment}`, none)).toEqual([{ label, path: `/${segment}` }]);
    }
  });

  it('builds cumulative paths and labels content slugs from the content', () => {
    expect(breadcrumbsFor('/corrupt/pdf', contentLabel)).toEqual([
      { label: 'Corrupt', path: '/corrupt' },
      { label: 'PDF', path: '/corrupt/pdf' },
    ]);
    expect(breadcrumbsFor('/legal/parody-and-fair-use', contentLabel)).toEqual([
      { label: 'Legal', path: '/legal' },
      { label: 'Parody & Fair Use', path: '/legal/parody-and-fair-use' },
    ]);
    expect(breadcrumbsFor('/developers/fast-check', contentLabel)).toEqual([
      { label: 'Developers', path: '/developers' },
      { label: 'fast-check', path: '/developers/fast-check' },
    ]);
    expect(breadcrumbsFor('/developers/python', contentLabel)[1].label).toBe('Python');
    expect(breadcrumbsFor('/developers/fuzzer-mutators', contentLabel)[1].label).toBe('Fuzzer Mutators');
  });

  it('prefers the content label over the map, and falls back to capitalised words', () => {
    const label = (parent: string, slug: string) =>
      parent === 'modes' && slug === 'pricing' ? 'A mode called pricing' : undefined;
    expect(breadcrumbsFor('/modes/pricing', label)[1].label).toBe('A mode called pricing');
    expect(breadcrumbsFor('/modes/some-new-mode', label)[1].label).toBe('Some New Mode');
    expect(humanizeSegment('file-corruption--uk')).toBe('File Corruption Uk');
  });

  it('ignores a trailing slash and decodes escaped segments', () => {
    expect(breadcrumbsFor('/about/', none)).toEqual([{ label: 'About Us', path: '/about' }]);
    expect(breadcrumbsFor('/notes/caf%C3%A9-menu', none)[1]).toEqual({
      label: 'Café Menu',
      path: '/notes/caf%C3%A9-menu',
    });
  });

  it('does not mistake inherited object keys for labels', () => {
    expect(breadcrumbsFor('/constructor', none)[0].label).toBe('Constructor');
  });
});

describe('<Breadcrumbs>', () => {
  const renderAt = (pathname: string) =>
    render(
      <MemoryRouter>
        <Breadcrumbs pathname={pathname} contentLabel={contentLabel} />
      </MemoryRouter>,
    );

  it('renders nothing on the home page', () => {
    renderAt('/');
    expect(screen.queryByRole('navigation', { name: 'Breadcrumb' })).not.toBeInTheDocument();
  });

  it('links Home and each ancestor, and marks the last segment as the current page', () => {
    renderAt('/modes/byte-flip');
    const nav = screen.getByRole('navigation', { name: 'Breadcrumb' });
    const items = within(nav).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(items[1]).getByRole('link', { name: 'Modes' })).toHaveAttribute('href', '/modes');
    expect(within(items[2]).queryByRole('link')).not.toBeInTheDocument();
    expect(items[2].querySelector('[aria-current="page"]')).toHaveTextContent('Byte Flip');
  });
});
