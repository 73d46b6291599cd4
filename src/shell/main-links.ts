import type { LinkProps } from '@tanstack/react-router';

export interface MainLink {
  label: string;
  to: NonNullable<LinkProps['to']>;
  signedInOnly: boolean;
}

export const mainLinks: MainLink[] = [
  { label: 'Home', to: '/', signedInOnly: false },
  { label: 'Your links', to: '/links', signedInOnly: true },
  { label: 'FAQ', to: '/faq', signedInOnly: false },
  { label: 'About', to: '/about', signedInOnly: false },
  { label: 'Upgrade', to: '/upgrade', signedInOnly: true },
  { label: 'Blog', to: '/blog', signedInOnly: false },
];

export function visibleMainLinks(isAuthenticated: boolean): MainLink[] {
  return mainLinks.filter((link) => isAuthenticated || !link.signedInOnly);
}
