// @vitest-environment jsdom
// A static part: the prerender renders it, the first hydration keeps that DOM without loading its
// code, and a render without prerendered HTML (a client-side navigation) loads and shows it.
import { act, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { finishStagedHydration, startStagedHydration } from './HydrateLater.tsx';
import { loadStaticParts, StaticPart, staticPart } from './StaticPart.tsx';

function Text() {
  return (
    <section>
      <h2>Tables</h2>
      <p>Only markup and text.</p>
    </section>
  );
}

describe('StaticPart', () => {
  it('renders at once in the prerender once loadStaticParts has loaded it', async () => {
    const part = staticPart(async () => Text);
    await loadStaticParts();
    expect(renderToString(<StaticPart part={part} props={{}} />)).toBe(
      '<div><section><h2>Tables</h2><p>Only markup and text.</p></section></div>',
    );
  });

  it('keeps the prerendered DOM through the first hydration and never loads its code', async () => {
    const html = '<main><h1>Page</h1><div><section><h2>Tables</h2><p>Only markup and text.</p></section></div></main>';
    const load = vi.fn(async () => Text);
    const part = staticPart(load);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const kept = container.querySelector('section');
    startStagedHydration();
    const root = hydrateRoot(
      container,
      <main>
        <h1>Page</h1>
        <StaticPart part={part} props={{}} />
      </main>,
    );
    await finishStagedHydration();
    await new Promise((done) => setTimeout(done, 20));
    expect(container.innerHTML).toBe(html);
    expect(container.querySelector('section')).toBe(kept);
    expect(load).not.toHaveBeenCalled();
    // Leaving the page removes the part with the rest.
    act(() => root.unmount());
    expect(container.innerHTML).toBe('');
    container.remove();
  });

  it('loads and shows the part where there is no prerendered HTML (a client-side navigation)', async () => {
    const load = vi.fn(async () => Text);
    const part = staticPart(load);
    render(<StaticPart part={part} props={{}} />);
    expect(await screen.findByRole('heading', { name: 'Tables' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
