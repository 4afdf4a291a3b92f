import { Link } from 'react-router-dom';
import { LEGAL_ENTITY, PRODUCT_NAME, SUPPORT_EMAIL } from '../../../constants.ts';
import { LegalPage } from './LegalPage.tsx';

export function AdvertisingPolicy() {
  return (
    <LegalPage
      path="/legal/advertising-policy"
      title="Advertising Policy"
      description={`What advertising may appear on ${PRODUCT_NAME}, the rules it must follow, and how to switch personalized ads off.`}
      keywords={['advertising policy', 'personalized ads', 'ad cookies', 'fracture ads']}
    >
      <h2>Today</h2>
      <p>
        {PRODUCT_NAME} shows no ads and loads no advertising scripts. This policy sets the rules that will apply if that
        changes.
      </p>

      <h2>Rules for any advertising</h2>
      <ul>
        <li>Ads never appear inside the workspace and never have access to your files, which stay on your device.</li>
        <li>Personalized ads only with your consent to advertising cookies; otherwise none or contextual ones.</li>
        <li>Ads are labelled as ads and are kept visually separate from our own content.</li>
        <li>No ads for malware, “file repair” scams, or services that misuse corrupted files to deceive.</li>
        <li>
          No sale of your personal information to advertisers; see <Link to="/opt-out">Do Not Sell or Share</Link>.
        </li>
      </ul>

      <h2>Your choices</h2>
      <p>
        Advertising cookies are off until you allow them. Change that any time with “Privacy Choices” in the footer; see
        the <Link to="/cookies">Cookie Policy</Link> for what such cookies would store and for how long.
      </p>

      <h2>Contact</h2>
      <p>
        Questions about advertising: {LEGAL_ENTITY}, <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </LegalPage>
  );
}
