// The site's navigation as data: the header, the mobile menu and the footer read these lists.
export interface NavLink {
  label: string;
  to: string;
}

export const PRIMARY_NAV: readonly NavLink[] = [
  { label: 'Home', to: '/' },
  { label: 'Use Cases', to: '/use-cases' },
  { label: 'How it works', to: '/how-it-works' },
  { label: 'Pricing', to: '/pricing' },
  { label: 'About', to: '/about' },
  { label: 'Contact', to: '/contact' },
];

export const TRUST_BADGES: readonly string[] = ['Runs locally', 'No uploads'];

export const FOOTER_COLUMNS: readonly { title: string; links: readonly NavLink[] }[] = [
  {
    title: 'Product',
    links: [
      { label: 'Workspace', to: '/' },
      { label: 'How it works', to: '/how-it-works' },
      { label: 'Pricing', to: '/pricing' },
      { label: 'FAQ', to: '/faq' },
      { label: 'About', to: '/about' },
      { label: 'Contact', to: '/contact' },
    ],
  },
  {
    title: 'Resources',
    links: [
      { label: 'File types', to: '/corrupt' },
      { label: 'Corruption modes', to: '/modes' },
      { label: 'Workflows', to: '/for' },
      { label: 'Use cases', to: '/use-cases' },
      { label: 'Comparisons', to: '/compare' },
      { label: 'Quick answers', to: '/answers' },
      { label: 'Developer tools', to: '/developers' },
      { label: 'Benchmark', to: '/benchmark' },
      { label: 'United States', to: '/location/file-corruption-usa' },
      { label: 'United Kingdom', to: '/location/file-corruption-uk' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { label: 'Privacy Policy', to: '/privacy' },
      { label: 'Cookie Policy', to: '/cookies' },
      { label: 'Terms of Service', to: '/terms' },
      { label: 'Do Not Sell or Share My Personal Information', to: '/opt-out' },
      { label: 'Parody & Fair Use', to: '/legal/parody-and-fair-use' },
      { label: 'Advertising Policy', to: '/legal/advertising-policy' },
    ],
  },
];
