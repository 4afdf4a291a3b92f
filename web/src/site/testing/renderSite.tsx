// The site at one path in a memory router, as the browser entry renders it (AppRoutes), for the
// tests of pages and the shell: what they see of the router is its location, how it got there, and
// a way to move on.
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigationType,
  type NavigateFunction,
  type RouteObject,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router-dom';
import { routes } from '../../App.tsx';
import { AppRoutes } from '../shell/AppRoutes.tsx';

export interface SiteHandle {
  /** The location now. */
  location: Location;
  /** How the router got there: 'PUSH', 'REPLACE' or 'POP'. */
  action: NavigationType;
  /** Every location the router has shown, in order. */
  seen: Location[];
  navigate(to: string): Promise<void>;
}

function Spy({ handle }: { handle: SiteHandle & { go?: NavigateFunction } }) {
  const location = useLocation();
  const action = useNavigationType();
  const navigate = useNavigate();
  handle.location = location;
  handle.action = action;
  handle.go = navigate;
  useEffect(() => {
    handle.seen.push(location);
  }, [handle, location]);
  return null;
}

export function renderSite(path: string, table: RouteObject[] = routes): SiteHandle {
  const handle: SiteHandle & { go?: NavigateFunction } = {
    location: undefined as unknown as Location,
    action: 'POP' as NavigationType,
    seen: [],
    navigate: (to) =>
      act(async () => {
        await handle.go?.(to);
      }),
  };
  render(
    <MemoryRouter initialEntries={[path]}>
      <Spy handle={handle} />
      <AppRoutes table={table} />
    </MemoryRouter>,
  );
  return handle;
}
