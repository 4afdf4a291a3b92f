import { styled } from 'styled-components';
import { PRO_PRICE_USD, REFUND_DAYS, SUPPORT_EMAIL } from '../../constants.ts';
import { ButtonAnchor } from '../../ui/Button.tsx';
import { Badge, CheckList, Container, Eyebrow, Lead, Section } from '../../ui/layout.tsx';
import { contentLabel } from '../routeIndex.ts';
import { StartButton } from '../renderers/parts.tsx';
import { Seo } from '../seo/Seo.tsx';
import { breadcrumbList, softwareApplication, webPage } from '../seo/structuredData.ts';
import { breadcrumbsFor } from '../shell/breadcrumbs.ts';

interface Plan {
  name: string;
  price: string;
  cadence: string;
  badge?: string;
  summary: string;
  features: readonly string[];
  action: 'start' | 'waitlist';
}

// Pro Lifetime is one payment, not a subscription (docs/product.md, "Pricing: one payment"); while all is unlocked
// the free tier's daily limit is not enforced (docs/product.md, "Free tier limit").
export const PLANS: readonly Plan[] = [
  {
    name: 'Free',
    price: '$0',
    cadence: 'forever',
    summary: 'Five corruptions a day, every mode, nothing uploaded.',
    features: [
      'All twelve corruption modes',
      'Batch ZIP downloads with a session report',
      'JSON forensic reports',
      'Works offline once loaded',
    ],
    action: 'start',
  },
  {
    name: 'Pro Lifetime',
    price: PRO_PRICE_USD,
    cadence: 'one-time payment',
    badge: 'Best value',
    summary: 'Unlimited corruptions for life, plus the tools for automation.',
    features: [
      'Unlimited corruptions',
      'The fracture command line tool',
      'The SDK: the engine as an importable TypeScript package',
      `${REFUND_DAYS}-day refund window`,
    ],
    action: 'start',
  },
  {
    name: 'Team',
    price: 'Beta',
    cadence: 'waitlist only',
    badge: 'Beta',
    summary: 'For groups that share seeds and recipes.',
    features: ['Seats for your whole team', 'SCIM provisioning', 'A shared library of seeds and recipes'],
    action: 'waitlist',
  },
];

const planId = (plan: Plan) => `plan-${plan.name.toLowerCase().replace(/\s+/g, '-')}`;

const Banner = styled.p`
  margin: 0 0 32px;
  padding: 16px 20px;
  border: 1px solid rgba(56, 226, 173, 0.45);
  border-radius: var(--radius);
  background: var(--accent-soft);
  color: var(--text);
  font-weight: 600;
`;

const Cards = styled.div`
  display: grid;
  gap: 20px;
  grid-template-columns: repeat(auto-fit, minmax(min(100%, 280px), 1fr));
`;

const PlanCard = styled.section`
  display: flex;
  flex-direction: column;
  padding: 28px;
  border: 1px solid var(--border);
  border-radius: var(--radius-lg);
  background: var(--surface);

  &[data-featured='true'] { border-color: var(--accent); box-shadow: 0 0 0 1px var(--accent), var(--shadow); }
  & h2 { display: flex; align-items: center; justify-content: space-between; gap: 8px; font-size: 1.3rem; }
  & > p { color: var(--muted); }
  & ul { flex: 1; }
  & > :last-child { margin-top: 8px; }
`;

const Price = styled.p`
  margin: 0 0 12px;

  & > strong { font-family: var(--mono); font-size: 2.4rem; color: var(--text); }
  & > span { margin-left: 8px; color: var(--muted); }
`;

const TITLE = 'Pricing: Free, Pro Lifetime and Team | Fracture';
const DESCRIPTION = `Corrupt files for free, or get Pro Lifetime for ${PRO_PRICE_USD} once. No subscription. All premium features are currently unlocked for free users.`;

export function Pricing() {
  const path = '/pricing';
  return (
    <>
      <Seo
        title={TITLE}
        description={DESCRIPTION}
        keywords={['fracture pricing', 'file corruption tool price', 'lifetime license', 'one-time payment']}
        path={path}
        structuredData={[
          webPage('WebPage', TITLE, DESCRIPTION, path),
          breadcrumbList(breadcrumbsFor(path, contentLabel)),
          softwareApplication(DESCRIPTION, [
            { name: 'Free', price: '0', currency: 'USD' },
            { name: 'Pro Lifetime (one-time)', price: PRO_PRICE_USD.replace('$', ''), currency: 'USD' },
          ]),
        ]}
      />
      <Section>
        <Container>
          <Eyebrow>Pricing</Eyebrow>
          <h1>Simple pricing, paid once</h1>
          <Lead>Pro Lifetime is a single {PRO_PRICE_USD} payment. There is no monthly plan.</Lead>
          <Banner role="note">All premium features are currently unlocked for Free users.</Banner>
          <Cards>
            {PLANS.map((plan) => (
              <PlanCard key={plan.name} aria-labelledby={planId(plan)} data-featured={plan.name === 'Pro Lifetime'}>
                <h2 id={planId(plan)}>
                  {plan.name} {plan.badge && <Badge data-tone="accent">{plan.badge}</Badge>}
                </h2>
                <Price>
                  <strong>{plan.price}</strong>
                  <span>{plan.cadence}</span>
                </Price>
                <p>{plan.summary}</p>
                <CheckList>
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </CheckList>
                {plan.action === 'start' ? (
                  <StartButton label={plan.name === 'Free' ? 'Start free' : 'Use it now: unlocked'} />
                ) : (
                  <ButtonAnchor
                    variant="secondary"
                    size="lg"
                    href={`mailto:${SUPPORT_EMAIL}?subject=${encodeURIComponent('[Team waitlist] Fracture Team beta')}`}
                  >
                    Join the waitlist
                  </ButtonAnchor>
                )}
              </PlanCard>
            ))}
          </Cards>
        </Container>
      </Section>
    </>
  );
}
