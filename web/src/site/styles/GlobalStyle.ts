import { createGlobalStyle } from 'styled-components';

// Design tokens live in CSS custom properties so every styled component stays static (one class,
// computed once), which keeps server and client class names identical and the CSS cacheable.
export const GlobalStyle = createGlobalStyle`
  :root {
    color-scheme: dark;
    --bg: #0a0e13;
    --surface: #10161e;
    --surface-2: #151e28;
    --surface-3: #1b2733;
    --border: #24313f;
    --border-strong: #34475a;
    --text: #e7edf3;
    --muted: #a3b3c2;
    --accent: #38e2ad;
    --accent-strong: #6ff0c6;
    --accent-ink: #04140e;
    --accent-soft: rgba(56, 226, 173, 0.12);
    --warn: #ffb454;
    --danger: #ff6b81;
    --focus: #8fd3ff;
    --radius: 10px;
    --radius-lg: 16px;
    --header-h: 64px;
    --shadow: 0 10px 30px rgba(0, 0, 0, 0.45);
    --font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
    --mono: ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace;

    /* The names the workspace and toasts read. */
    --color-accent: var(--accent);
    --color-accent-contrast: var(--accent-ink);
    --color-border: var(--border);
    --color-border-strong: var(--border-strong);
    --color-surface: var(--surface);
    --color-surface-raised: var(--surface-2);
    --color-text: var(--text);
    --color-text-muted: var(--muted);
    --color-track: var(--surface-3);
    --color-danger: var(--danger);
  }

  *, *::before, *::after { box-sizing: border-box; }

  html {
    scroll-padding-top: calc(var(--header-h) + 16px);
    -webkit-text-size-adjust: 100%;
  }

  @media (prefers-reduced-motion: no-preference) {
    html { scroll-behavior: smooth; }
  }

  body {
    margin: 0;
    min-height: 100vh;
    background:
      radial-gradient(1200px 600px at 80% -10%, rgba(56, 226, 173, 0.08), transparent 60%),
      linear-gradient(var(--bg), var(--bg));
    color: var(--text);
    font-family: var(--font);
    font-size: 16px;
    line-height: 1.6;
  }

  h1, h2, h3, h4 { line-height: 1.2; margin: 0 0 0.5em; letter-spacing: -0.01em; }
  h1 { font-size: clamp(2rem, 4.5vw, 3.25rem); }
  h2 { font-size: clamp(1.5rem, 3vw, 2.1rem); }
  h3 { font-size: 1.15rem; }
  p { margin: 0 0 1em; }
  ul, ol { margin: 0 0 1em; padding-left: 1.25em; }
  code, kbd, samp, pre { font-family: var(--mono); }

  a { color: var(--accent); text-underline-offset: 3px; }
  a:hover { color: var(--accent-strong); }

  :focus-visible {
    outline: 3px solid var(--focus);
    outline-offset: 2px;
    border-radius: 4px;
  }

  ::selection { background: var(--accent); color: var(--accent-ink); }

  table { border-collapse: collapse; width: 100%; }

  .visually-hidden {
    position: absolute;
    width: 1px;
    height: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
    border: 0;
  }

  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
