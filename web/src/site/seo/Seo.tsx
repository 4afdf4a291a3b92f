import { PRODUCT_NAME } from '../../constants.ts';
import { absoluteUrl, organization, serializeJsonLd, type JsonLdNode } from './structuredData.ts';

export interface SeoProps {
  title: string;
  description: string;
  keywords: readonly string[];
  /** The page's own path; the canonical link and og:url are built from it. */
  path: string;
  ogType?: 'website' | 'article';
  /** schema.org nodes besides the Organization every page carries. */
  structuredData?: readonly JsonLdNode[];
  /** For the not-found page: no canonical, kept out of the index. */
  noindex?: boolean;
}

const SOCIAL_IMAGE = '/og-image.png';
const SOCIAL_IMAGE_ALT = `${PRODUCT_NAME}: deliberately corrupt files on your own device for QA and security testing`;

/**
 * The page's head tags. React 19 hoists <title>, <meta> and <link> into <head>; the prerender moves
 * them there in the static HTML, and hydration adopts those same elements.
 */
export function Seo({
  title,
  description,
  keywords,
  path,
  ogType = 'website',
  structuredData = [],
  noindex = false,
}: SeoProps) {
  const url = absoluteUrl(path);
  const image = absoluteUrl(SOCIAL_IMAGE);
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta name="keywords" content={keywords.join(', ')} />
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={url} />}
      <meta property="og:type" content={ogType} />
      <meta property="og:site_name" content={PRODUCT_NAME} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      {!noindex && <meta property="og:url" content={url} />}
      <meta property="og:image" content={image} />
      <meta property="og:image:alt" content={SOCIAL_IMAGE_ALT} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      <script
        type="application/ld+json"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD is a script body; serializeJsonLd escapes `<`.
        dangerouslySetInnerHTML={{ __html: serializeJsonLd([organization(), ...structuredData]) }}
      />
    </>
  );
}
