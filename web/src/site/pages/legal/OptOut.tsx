import { Link } from 'react-router-dom';
import { LEGAL_ENTITY, SUPPORT_EMAIL } from '../../../constants.ts';
import { Button } from '../../../ui/Button.tsx';
import { useCookie } from '../../consent/CookieProvider.tsx';
import { LegalPage } from './LegalPage.tsx';

/** docs/product.md, "Privacy: nothing sold or shared": the page says so and opens the cookie preferences. */
export function OptOut() {
  const { openPreferences } = useCookie();
  return (
    <LegalPage
      path="/opt-out"
      title="Do Not Sell or Share My Personal Information"
      description={`${LEGAL_ENTITY} does not sell or share personal information. Switch advertising cookies off in your cookie preferences.`}
      keywords={['do not sell my personal information', 'ccpa opt out', 'do not share', 'privacy choices']}
    >
      <p>
        {LEGAL_ENTITY} does not sell your personal information and does not share it for cross-context behavioural
        advertising. Your files never reach us in the first place.
      </p>
      <p>
        The only related choice is advertising cookies, which are off unless you allow them. To make sure they stay off,
        open your cookie preferences and switch off “Advertising &amp; Personalization”, or choose Reject All.
      </p>
      <p>
        <Button onClick={openPreferences}>Open cookie preferences</Button>
      </p>
      <p>
        Your browser’s Global Privacy Control signal needs no action from us: nothing is sold or shared either way. For
        any other request, write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. More in the{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </LegalPage>
  );
}
