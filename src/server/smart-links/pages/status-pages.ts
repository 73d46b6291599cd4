import { markup, renderPage } from './page-layout';

export interface StatusPageInput {
  /** Shelflink's own site, for the page's links. */
  appOrigin: string;
}

/** 404: nothing lives at this short link. */
export function renderNotFoundPage({ appOrigin }: StatusPageInput): string {
  return renderPage({
    title: 'Link not found | Shelflink',
    description: 'There is no smart link at this address.',
    appOrigin,
    noindex: true,
    affiliateDisclosure: false,
    main: markup`<h1>We couldn't find this link</h1>
<p>There's no book at this address. The link may have been mistyped, or it may have been removed.</p>
<p><a href="${new URL('/', appOrigin).href}">Create your own smart link</a></p>`,
  });
}

/** Why a link was switched off, as its page tells readers. */
export type SwitchedOffReason = 'reportUpheld' | 'destinationInvalid' | 'abuse';

const switchedOffExplanations: Record<SwitchedOffReason, string> = {
  reportUpheld:
    "Shelflink switched this author's link off for now: a reader reported a problem with it that we checked and confirmed.",
  destinationInvalid:
    "Shelflink switched this author's link off for now: the address it led to is not one we can send readers to.",
  abuse: 'Shelflink switched this link off because it was used to mislead or harm readers.',
};

/** 410: the link was switched off, after an upheld report, for an invalid address, or for abuse. */
export function renderLinkDisabledPage({
  appOrigin,
  reason,
}: StatusPageInput & { reason: SwitchedOffReason }): string {
  const next =
    reason === 'abuse'
      ? 'It will not send readers on. You can find the book by searching for its title at your favourite bookshop.'
      : 'The author can fix it by giving it the right destination in their Shelflink dashboard, and then the link works again at once. Until then, you can find the book by searching for its title at your favourite bookshop.';
  return renderPage({
    title: 'Link switched off | Shelflink',
    description: 'This smart link has been switched off.',
    appOrigin,
    noindex: true,
    affiliateDisclosure: false,
    main: markup`<h1>This link has been switched off</h1>
<p>${switchedOffExplanations[reason]}</p>
<p>${next}</p>
<p><a href="${new URL('/', appOrigin).href}">Visit Shelflink</a></p>`,
  });
}

/** 410: the author deleted the link. */
export function renderLinkRemovedPage({ appOrigin }: StatusPageInput): string {
  return renderPage({
    title: 'Link removed | Shelflink',
    description: 'This smart link was removed by its author.',
    appOrigin,
    noindex: true,
    affiliateDisclosure: false,
    main: markup`<h1>This link was removed</h1>
<p>The author who made this link has removed it, so it no longer leads to a book. You can find the book by searching for its title at your favourite bookshop.</p>
<p><a href="${new URL('/', appOrigin).href}">Create your own smart link</a></p>`,
  });
}

/** 410: the link's expiry has passed and it has no fallback address. */
export function renderLinkEndedPage({ appOrigin }: StatusPageInput): string {
  return renderPage({
    title: 'Link ended | Shelflink',
    description: 'This smart link has ended.',
    appOrigin,
    noindex: true,
    affiliateDisclosure: false,
    main: markup`<h1>This link has ended</h1>
<p>The author set this link to work until a date that has now passed, such as the end of a launch offer. You can find the book by searching for its title at your favourite bookshop.</p>
<p><a href="${new URL('/', appOrigin).href}">Visit Shelflink</a></p>`,
  });
}

/** 400: the request came with a header too long or malformed to read, so the link was not looked up. */
export function renderUnreadableRequestPage({ appOrigin }: StatusPageInput): string {
  return renderPage({
    title: 'Link not opened | Shelflink',
    description: 'This smart link could not be opened from this request.',
    appOrigin,
    noindex: true,
    affiliateDisclosure: false,
    main: markup`<h1>This link didn't open</h1>
<p>Your browser sent this request with information we couldn't read, such as an unusually long list of preferred languages. Opening the link again from another browser, or after resetting your browser's language settings, should work.</p>
<p><a href="${new URL('/', appOrigin).href}">Visit Shelflink</a></p>`,
  });
}

/** 503 or 500: the link could not be looked up just now. */
export function renderUnavailablePage({ appOrigin }: StatusPageInput): string {
  return renderPage({
    title: 'Try again in a moment | Shelflink',
    description: 'This smart link could not be opened just now.',
    appOrigin,
    noindex: true,
    affiliateDisclosure: false,
    main: markup`<h1>This link didn't open</h1>
<p>Something on our side got in the way of opening this link. Nothing is wrong with the link itself: please try again in a moment.</p>
<p><a href="${new URL('/', appOrigin).href}">Visit Shelflink</a></p>`,
  });
}

/** 403: a store choice sent from another website, which is not followed or remembered. */
export function renderOtherSiteFormPage({ appOrigin }: StatusPageInput): string {
  return renderPage({
    title: 'Store choice not saved | Shelflink',
    description: 'A store choice sent from another website was not saved.',
    appOrigin,
    noindex: true,
    affiliateDisclosure: false,
    main: markup`<h1>This store choice wasn't saved</h1>
<p>Another website tried to choose a store for you, so we didn't follow it or remember it. To pick your store, open the book's link again and choose on its page.</p>
<p><a href="${new URL('/', appOrigin).href}">Visit Shelflink</a></p>`,
  });
}
