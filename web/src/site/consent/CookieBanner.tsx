import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { Button } from '../../ui/Button.tsx';
import { CloseButton } from '../../ui/CloseButton.tsx';
import { useCookie } from './CookieProvider.tsx';

const Bar = styled.section`
  position: fixed;
  left: 12px;
  right: 12px;
  bottom: 12px;
  z-index: 900;
  max-width: 1100px;
  margin: 0 auto;
  padding: 20px 64px 20px 24px;
  background: var(--surface);
  border: 1px solid var(--border-strong);
  border-radius: var(--radius-lg);
  box-shadow: var(--shadow);

  & h2 { font-size: 1.1rem; margin-bottom: 0.4em; }
  & p { color: var(--muted); font-size: 0.95rem; margin-bottom: 0.9em; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 10px;
`;

export function CookieBanner() {
  const { mounted, bannerOpen, acceptAll, rejectAll, openPreferences, dismissBanner } = useCookie();
  if (!mounted || !bannerOpen) return null;
  return (
    <Bar aria-labelledby="cookie-banner-title">
      <h2 id="cookie-banner-title">Cookie Consent &amp; Privacy</h2>
      <p>
        We use cookies to enhance your experience, analyze site usage and serve personalized ads, including cookies from
        our advertising provider. Your files never leave your device either way. Read our{' '}
        <Link to="/privacy">Privacy Policy</Link> and <Link to="/cookies">Cookie Policy</Link>.
      </p>
      <Actions>
        <Button onClick={acceptAll}>Accept All</Button>
        <Button variant="secondary" onClick={rejectAll}>
          Reject
        </Button>
        <Button variant="ghost" onClick={openPreferences}>
          Customize
        </Button>
      </Actions>
      <CloseButton type="button" aria-label="Close cookie banner" onClick={dismissBanner}>
        ×
      </CloseButton>
    </Bar>
  );
}
