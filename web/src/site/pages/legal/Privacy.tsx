import { Link } from 'react-router-dom';
import {
  ANALYTICS_RETENTION_MONTHS,
  LEGAL_ENTITY,
  MINIMUM_AGE,
  PRODUCT_NAME,
  SUPPORT_EMAIL,
} from '../../../constants.ts';
import { LegalPage } from './LegalPage.tsx';

export function Privacy() {
  return (
    <LegalPage
      path="/privacy"
      title="Privacy Policy"
      description={`How ${LEGAL_ENTITY} handles personal information. Your files are processed in your browser and never uploaded.`}
      keywords={['fracture privacy policy', 'file corruption privacy', 'no upload', 'gdpr', 'ccpa']}
    >
      <p>
        This policy explains what {LEGAL_ENTITY} (“we”, “us”) collects when you use {PRODUCT_NAME} and this website,
        why, and the choices you have. Questions go to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>

      <h2>Your files</h2>
      <p>
        Files you corrupt are read and changed inside your browser. They are never uploaded to us or to anyone else, and
        we cannot see their names, contents or reports. The corrupted copies and reports you download are saved by your
        browser on your device. While the page is open, the corrupted copies are kept in your browser’s private storage
        for this site (the origin private file system) so large batches do not run out of memory; they are deleted when
        you remove them, when you close or reload the page, or, after a crash, the next time the page opens.
      </p>

      <h2>What we collect</h2>
      <ul>
        <li>
          <strong>Your cookie choices</strong>, stored in your browser’s local storage so we do not ask again. See the{' '}
          <Link to="/cookies">Cookie Policy</Link>.
        </li>
        <li>
          <strong>Messages you send us.</strong> The contact form drafts an email in your own mail app; if you send it,
          we receive your name, email address and message, and use them only to answer you.
        </li>
        <li>
          <strong>Analytics, with your consent only.</strong> If you allow analytics cookies, aggregate usage data
          (pages viewed, device type, approximate region) may be collected by an analytics provider. Analytics data is
          retained for {ANALYTICS_RETENTION_MONTHS} months and then deleted.
        </li>
        <li>
          <strong>Advertising, with your consent only.</strong> If you allow advertising cookies, an advertising
          provider may use cookies to show and measure ads. See the{' '}
          <Link to="/legal/advertising-policy">Advertising Policy</Link>.
        </li>
      </ul>
      <p>
        Today this site loads no analytics or advertising scripts at all, whatever you choose: the only requests it
        makes are for its own files. Your stored choices will govern any such service before it is ever added.
      </p>

      <h2>How we use information</h2>
      <p>
        To run and improve the site, to answer support requests, to keep the service secure, and to meet legal
        obligations. We do not sell your personal information and we do not share it for cross-context behavioural
        advertising; see <Link to="/opt-out">Do Not Sell or Share My Personal Information</Link>.
      </p>

      <h2>Your rights</h2>
      <p>
        Depending on where you live (for example under the GDPR, the UK GDPR or the CCPA), you may have the right to
        access, correct, delete or port your personal information, to object to or restrict its use, and to withdraw
        consent at any time. Change your cookie choices with the “Privacy Choices” link in the footer, and write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> for anything else. We answer within 30 days.
      </p>

      <h2>Children</h2>
      <p>
        {PRODUCT_NAME} is not directed to children. You must be at least {MINIMUM_AGE} years old to use it, and we do
        not knowingly collect personal information from anyone younger. If you believe a child has sent us information,
        contact us and we will delete it.
      </p>

      <h2>Security and transfers</h2>
      <p>
        Because files never leave your device, the main risk to them is your own device’s security. Messages you email
        us are stored with our email provider, which may process them in the United States under appropriate safeguards.
      </p>

      <h2>Changes</h2>
      <p>We will post any change to this policy on this page and update the date above.</p>

      <h2>Contact</h2>
      <p>
        {LEGAL_ENTITY}, <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </LegalPage>
  );
}
