// The legal pages as the /legal hub lists them: a module of its own, so the hub's chunk carries no
// content records.
/** The legal pages, listed on the /legal hub and in the footer. */
export const LEGAL_PAGES: readonly { path: string; title: string; summary: string }[] = [
  {
    path: '/privacy',
    title: 'Privacy Policy',
    summary: 'What we collect (almost nothing) and why your files never reach us.',
  },
  { path: '/cookies', title: 'Cookie Policy', summary: 'Cookie categories, lifetimes and how to change your choices.' },
  {
    path: '/terms',
    title: 'Terms of Service',
    summary: 'The rules for using Fracture, governing law and dispute resolution.',
  },
  {
    path: '/opt-out',
    title: 'Do Not Sell or Share My Personal Information',
    summary: 'We sell or share nothing; how to switch advertising cookies off.',
  },
  {
    path: '/legal/parody-and-fair-use',
    title: 'Parody & Fair Use',
    summary: 'How we refer to other products and glitch art conventions.',
  },
  {
    path: '/legal/advertising-policy',
    title: 'Advertising Policy',
    summary: 'What advertising may appear, and what never will.',
  },
];
