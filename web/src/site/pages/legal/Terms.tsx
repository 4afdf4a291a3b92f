import { Link } from 'react-router-dom';
import {
  GOVERNING_LAW,
  LEGAL_ENTITY,
  MINIMUM_AGE,
  PRODUCT_NAME,
  PRO_PRICE_USD,
  REFUND_DAYS,
  SUPPORT_EMAIL,
} from '../../../constants.ts';
import { LegalPage } from './LegalPage.tsx';

export function Terms() {
  return (
    <LegalPage
      path="/terms"
      title="Terms of Service"
      description={`The terms for using ${PRODUCT_NAME}: permitted use, your responsibilities, payment, governing law and arbitration.`}
      keywords={['fracture terms of service', 'terms and conditions', 'acceptable use', 'arbitration']}
    >
      <p>
        These terms are an agreement between you and {LEGAL_ENTITY} for the use of {PRODUCT_NAME}, this website, the
        command line tool and the SDK (together, the “Service”). By using the Service you accept them.
      </p>

      <h2>1. Who may use the Service</h2>
      <p>
        You must be at least {MINIMUM_AGE} years old. If you use the Service for an organisation, you confirm that you
        may accept these terms on its behalf.
      </p>

      <h2>2. Permitted use</h2>
      <p>
        Use the Service only on files you own or are authorised to modify. Corrupted files are for testing, research,
        teaching and art. You must not use them to deceive anyone, for example by presenting a corrupted file as a
        genuine deliverable, to evade a deadline, to damage systems you are not authorised to test, or to break the law.
      </p>

      <h2>3. Your files</h2>
      <p>
        Files are processed on your device and never sent to us; you keep all rights in them. You are responsible for
        keeping your originals: the Service writes new copies and never changes the file you chose, but we cannot
        recover anything for you.
      </p>

      <h2>4. Plans and payment</h2>
      <p>
        The Free plan costs nothing. Pro Lifetime is a one-time payment of {PRO_PRICE_USD} (or the price shown for your
        region), not a subscription, with a {REFUND_DAYS}-day refund window. While all premium features are unlocked for
        free users, nothing is charged. Team is in beta and available by waitlist only.
      </p>

      <h2>5. No warranty</h2>
      <p>
        The Service is provided “as is”. A run verified as “won’t open” is verified heuristically; some software may
        still open a corrupted file. To the extent the law allows, we disclaim all implied warranties.
      </p>

      <h2>6. Limitation of liability</h2>
      <p>
        To the extent the law allows, {LEGAL_ENTITY} is not liable for indirect or consequential damages, or for loss of
        data, and our total liability is limited to the amount you paid us in the twelve months before the claim.
      </p>

      <h2>7. Governing law and arbitration</h2>
      <p>
        These terms are governed by the laws of {GOVERNING_LAW}, without regard to its conflict-of-law rules. Any
        dispute arising from them or from the Service will be resolved by binding individual arbitration seated in
        Delaware, except that either party may bring a claim in small-claims court. You and we waive any right to a jury
        trial or to take part in a class action.
      </p>

      <h2>8. Changes and termination</h2>
      <p>
        We may change these terms by posting a new version here; continued use means you accept it. You may stop using
        the Service at any time.
      </p>

      <h2>9. Contact</h2>
      <p>
        {LEGAL_ENTITY}, <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. See also the{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </LegalPage>
  );
}
