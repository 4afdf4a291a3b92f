import { styled } from 'styled-components';

const Wrap = styled.main`
  max-width: 720px;
  margin: 0 auto;
  padding: 96px 20px;

  & pre {
    padding: 16px;
    border: 1px solid var(--border);
    border-radius: var(--radius);
    background: var(--surface);
    color: var(--danger);
    white-space: pre-wrap;
    word-break: break-word;
  }
`;

/** What an error thrown by rendering a route (or fetching its chunk) says: its message. */
export function describeRouteError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** Shown instead of the whole site when a route fails (site/shell/AppRoutes.tsx catches it). */
export function RouteError({ error }: { error: unknown }) {
  return (
    <Wrap>
      <title>Unexpected Application Error | Fracture</title>
      <h1>Unexpected Application Error!</h1>
      <pre>{describeRouteError(error)}</pre>
      <p>
        <a href="/">Return to Home</a>
      </p>
    </Wrap>
  );
}
