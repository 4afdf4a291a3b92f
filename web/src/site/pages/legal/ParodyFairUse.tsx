import { Link } from 'react-router-dom';
import { LEGAL_ENTITY, PRODUCT_NAME, SUPPORT_EMAIL } from '../../../constants.ts';
import { LegalPage } from './LegalPage.tsx';

export function ParodyFairUse() {
  return (
    <LegalPage
      path="/legal/parody-and-fair-use"
      title="Parody & Fair Use"
      description={`How ${PRODUCT_NAME} refers to other products and how corrupted files and glitch art relate to fair use.`}
      keywords={['fair use', 'parody', 'nominative fair use', 'glitch art copyright']}
    >
      <h2>Other products’ names</h2>
      <p>
        Our comparison pages name other tools and services to describe how they differ from {PRODUCT_NAME}. Those names
        are trademarks of their owners, used only to identify their products (nominative fair use). {LEGAL_ENTITY} is
        not affiliated with, endorsed by or sponsored by them, and statements about them reflect their public
        descriptions when we wrote the page.
      </p>

      <h2>Humour</h2>
      <p>
        Some copy on this site is tongue-in-cheek — “breaking files on purpose” is the point. Jokes are not claims about
        anyone’s product.
      </p>

      <h2>Corrupting other people’s work</h2>
      <p>
        Corrupting a file does not change who owns it. Use {PRODUCT_NAME} only on files you own or may modify, as the{' '}
        <Link to="/terms">Terms of Service</Link> require. Glitch art made from someone else’s image, video or music may
        still need their permission: commentary, criticism, parody and transformative art can be fair use under United
        States law, but that is decided case by case, and other countries’ rules differ.
      </p>

      <h2>Concerns</h2>
      <p>
        If you believe something on this site uses your work or mark unfairly, write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we will review it promptly.
      </p>
    </LegalPage>
  );
}
