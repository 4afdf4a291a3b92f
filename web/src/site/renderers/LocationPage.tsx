import { styled } from 'styled-components';
import type { LocationPage as LocationRecord } from '../../content/types.ts';
import { ButtonLink } from '../../ui/Button.tsx';
import { Card, Container, Section } from '../../ui/layout.tsx';
import { softwareApplication } from '../seo/structuredData.ts';
import { CallToActionSection, ContentSeo, FaqSection, PageHero, ProseSections, StartButton } from './parts.tsx';

const PriceCard = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 16px;

  & strong { font-family: var(--mono); font-size: 2rem; color: var(--accent-strong); }
  & p { margin: 0; }
`;

/** "$14.99" -> "14.99", for structured data. */
function priceAmount(price: string): string {
  return price.replace(/[^0-9.]/g, '');
}

export function LocationPage({ record }: { record: LocationRecord }) {
  const path = `/location/${record.slug}`;
  const offer = softwareApplication(record.metaDescription, [
    { name: 'Free', price: '0', currency: record.currency },
    { name: 'Pro Lifetime (one-time)', price: priceAmount(record.price), currency: record.currency },
  ]);
  return (
    <article>
      <ContentSeo record={record} path={path} extra={[offer]} />
      <PageHero hero={record.hero}>
        <StartButton />
      </PageHero>

      <Section aria-labelledby="price">
        <Container>
          <PriceCard>
            <div>
              <h2 id="price">Pro Lifetime in {record.region}</h2>
              <p>
                <strong>{record.price}</strong> one-time ({record.currency}). No subscription. All premium features are
                currently unlocked for free users.
              </p>
            </div>
            <ButtonLink to="/pricing" variant="secondary">
              See all plans
            </ButtonLink>
          </PriceCard>
        </Container>
      </Section>

      <ProseSections sections={record.sections} />

      <FaqSection faqs={record.faqs} />
      <CallToActionSection title="Try it now" description="Free, in your browser, with nothing uploaded." />
    </article>
  );
}
