// The route table. Each fixed page has a route; each content kind has a hub and a :slug route whose
// renderer shows the record or the not-found page; anything else is the not-found page.
import type { RouteObject } from 'react-router-dom';
import { SECTIONS } from './site/catalog.ts';
import { About } from './site/pages/About.tsx';
import { Contact } from './site/pages/Contact.tsx';
import { FaqPage } from './site/pages/FaqPage.tsx';
import { Home } from './site/pages/Home.tsx';
import { HowItWorks } from './site/pages/HowItWorks.tsx';
import { AdvertisingPolicy } from './site/pages/legal/AdvertisingPolicy.tsx';
import { Cookies } from './site/pages/legal/Cookies.tsx';
import { OptOut } from './site/pages/legal/OptOut.tsx';
import { ParodyFairUse } from './site/pages/legal/ParodyFairUse.tsx';
import { Privacy } from './site/pages/legal/Privacy.tsx';
import { Terms } from './site/pages/legal/Terms.tsx';
import { NotFound } from './site/pages/NotFound.tsx';
import { Pricing } from './site/pages/Pricing.tsx';
import { RouteError } from './site/pages/RouteError.tsx';
import { AnswerPage } from './site/renderers/AnswerPage.tsx';
import { ComparisonPage } from './site/renderers/ComparisonPage.tsx';
import { contentRoute } from './site/renderers/ContentRoute.tsx';
import { FileTypePage } from './site/renderers/FileTypePage.tsx';
import { LocationPage } from './site/renderers/LocationPage.tsx';
import { ModePage } from './site/renderers/ModePage.tsx';
import { PersonaPage } from './site/renderers/PersonaPage.tsx';
import { LegalHub, SectionHub } from './site/renderers/SectionHub.tsx';
import { UseCasePage } from './site/renderers/UseCasePage.tsx';
import { SiteLayout } from './site/shell/SiteLayout.tsx';
import { GlobalStyle } from './site/styles/GlobalStyle.ts';

/** Each content kind: its hub at /{segment} and its pages at /{segment}/:slug. */
const contentRoutes: RouteObject[] = [
  { path: 'corrupt', element: <SectionHub section={SECTIONS.corrupt} /> },
  { path: 'corrupt/:slug', element: contentRoute(SECTIONS.corrupt, FileTypePage) },
  { path: 'modes', element: <SectionHub section={SECTIONS.modes} /> },
  { path: 'modes/:slug', element: contentRoute(SECTIONS.modes, ModePage) },
  { path: 'for', element: <SectionHub section={SECTIONS.for} /> },
  { path: 'for/:slug', element: contentRoute(SECTIONS.for, PersonaPage) },
  { path: 'compare', element: <SectionHub section={SECTIONS.compare} /> },
  { path: 'compare/:slug', element: contentRoute(SECTIONS.compare, ComparisonPage) },
  { path: 'answers', element: <SectionHub section={SECTIONS.answers} /> },
  { path: 'answers/:slug', element: contentRoute(SECTIONS.answers, AnswerPage) },
  { path: 'use-cases', element: <SectionHub section={SECTIONS['use-cases']} /> },
  { path: 'use-cases/:slug', element: contentRoute(SECTIONS['use-cases'], UseCasePage) },
  { path: 'location', element: <SectionHub section={SECTIONS.location} /> },
  { path: 'location/:slug', element: contentRoute(SECTIONS.location, LocationPage) },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: (
      <>
        <GlobalStyle />
        <SiteLayout />
      </>
    ),
    errorElement: (
      <>
        <GlobalStyle />
        <RouteError />
      </>
    ),
    children: [
      { index: true, element: <Home /> },
      { path: 'how-it-works', element: <HowItWorks /> },
      { path: 'pricing', element: <Pricing /> },
      { path: 'about', element: <About /> },
      { path: 'contact', element: <Contact /> },
      { path: 'faq', element: <FaqPage /> },
      { path: 'privacy', element: <Privacy /> },
      { path: 'cookies', element: <Cookies /> },
      { path: 'terms', element: <Terms /> },
      { path: 'opt-out', element: <OptOut /> },
      { path: 'legal', element: <LegalHub /> },
      { path: 'legal/parody-and-fair-use', element: <ParodyFairUse /> },
      { path: 'legal/advertising-policy', element: <AdvertisingPolicy /> },
      ...contentRoutes,
      { path: '*', element: <NotFound /> },
    ],
  },
];
