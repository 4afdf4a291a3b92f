import { Link } from 'react-router-dom';
import { styled } from 'styled-components';
import { COOKIE_STORAGE_KEY, LEGAL_ENTITY, SUPPORT_EMAIL } from '../../../constants.ts';
import { Button } from '../../../ui/Button.tsx';
import { TableScroll } from '../../../ui/layout.tsx';
import { useCookie } from '../../consent/CookieProvider.tsx';
import { LegalPage } from './LegalPage.tsx';

interface CookieRow {
  name: string;
  purpose: string;
  lifetime: string;
}

/**
 * The cookie categories and what each would store. Only the first category is in use today: this
 * site loads no such service (docs/product.md, "No analytics or advertising services"), so those rows describe what
 * such a service would set, and your choice is kept for when it is added.
 */
export const COOKIE_TABLES: readonly { category: string; description: string; rows: readonly CookieRow[] }[] = [
  {
    category: 'Strictly Necessary',
    description: 'Needed for the site to work and to remember your choices. Always on.',
    rows: [
      {
        name: COOKIE_STORAGE_KEY,
        purpose: 'Remembers your cookie choices (local storage).',
        lifetime: 'Until you clear site data',
      },
      {
        name: 'Offline app cache',
        purpose: 'Keeps the app and its engine on your device so it works offline.',
        lifetime: 'Until a new version replaces it',
      },
    ],
  },
  {
    category: 'Analytics & Performance',
    description: 'Aggregate statistics about how pages are used. Off unless you allow them.',
    rows: [
      { name: 'Analytics visitor ID', purpose: 'Distinguishes visitors in aggregate statistics.', lifetime: '2 years' },
      { name: 'Analytics session', purpose: 'Groups page views into one visit.', lifetime: 'Session' },
      { name: 'Analytics throttle', purpose: 'Limits how often statistics are sent.', lifetime: '15 minutes' },
    ],
  },
  {
    category: 'Advertising & Personalization',
    description: 'Used by an advertising provider to show and measure relevant ads. Off unless you allow them.',
    rows: [
      { name: 'Ad personalization ID', purpose: 'Chooses ads based on your interests.', lifetime: '6 months' },
      { name: 'Ad conversion', purpose: 'Measures whether an ad led to a visit.', lifetime: '30 days' },
    ],
  },
];

const Caption = styled.caption`
  padding: 10px 12px;
  text-align: left;
  font-weight: 700;
  color: var(--text);
`;

export function Cookies() {
  const { openPreferences } = useCookie();
  return (
    <LegalPage
      path="/cookies"
      title="Cookie Policy"
      description="The cookie categories Fracture uses, what each stores, how long it lasts, and how to change your choices."
      keywords={['fracture cookie policy', 'cookie categories', 'cookie lifetimes', 'cookie preferences']}
    >
      <p>
        This policy explains how {LEGAL_ENTITY} uses cookies and similar storage on this site. It complements the{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
      <p>
        Today the site stores only what is strictly necessary. It loads no analytics or advertising service, whatever
        you choose; the other categories below describe what such services would store, and your choice is kept for
        them.
      </p>
      <p>
        <Button variant="secondary" onClick={openPreferences}>
          Manage cookie preferences
        </Button>
      </p>

      <h2>Categories</h2>
      {COOKIE_TABLES.map((table) => (
        <section key={table.category} aria-label={table.category}>
          <h3>{table.category}</h3>
          <p>{table.description}</p>
          <TableScroll>
            <table>
              <Caption>{table.category}</Caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Purpose</th>
                  <th scope="col">Lifetime</th>
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row.name}>
                    <th scope="row">
                      <code>{row.name}</code>
                    </th>
                    <td>{row.purpose}</td>
                    <td>{row.lifetime}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
        </section>
      ))}

      <h2>Your choices</h2>
      <p>
        Use “Privacy Choices” in the footer or the button above at any time. Reject turns analytics and advertising off;
        strictly necessary storage cannot be switched off because the site cannot work without it. You can also clear
        this site’s data in your browser settings, after which we ask again.
      </p>

      <h2>Contact</h2>
      <p>
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
    </LegalPage>
  );
}
