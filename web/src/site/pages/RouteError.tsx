import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
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

/** What an error thrown by the router or by rendering a route says: its status, or its message. */
export function describeRouteError(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return 'Unknown error';
}

/** The router's error boundary: shown instead of the whole site when a route fails. */
export function RouteError() {
  const error = useRouteError();
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
