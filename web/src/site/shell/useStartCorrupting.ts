import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';

export const UPLOAD_SECTION_ID = 'upload';

/** The navigation state that asks the home page to scroll to the workspace. */
export interface ScrollRequest {
  scrollTo: typeof UPLOAD_SECTION_ID;
  /** A workspace algorithm (UI value) to preselect, sent by content pages' calls to action. */
  algorithm?: string;
}

export function isScrollRequest(state: unknown): state is ScrollRequest {
  return (
    typeof state === 'object' && state !== null && (state as { scrollTo?: unknown }).scrollTo === UPLOAD_SECTION_ID
  );
}

export function scrollBehavior(): ScrollBehavior {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

/** Scrolls to the upload section when it is on the page, else goes home with a request to scroll there. */
export function useStartCorrupting(): (algorithm?: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (algorithm?: string) => {
      const section = document.getElementById(UPLOAD_SECTION_ID);
      if (section && algorithm === undefined) {
        section.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
        return;
      }
      const state: ScrollRequest =
        algorithm === undefined ? { scrollTo: UPLOAD_SECTION_ID } : { scrollTo: UPLOAD_SECTION_ID, algorithm };
      navigate('/', { state });
    },
    [navigate],
  );
}
