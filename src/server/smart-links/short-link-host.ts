// The short-link host: its own origin (`SHORT_LINK_ORIGIN`), routed from the contract's paths that
// name it as their server. A link to one store redirects; an all-stores link and a collection
// show a page with every store. Clicks are recorded after the reply has gone out.
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  LogController,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteHandlerMethod,
} from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { createServer } from 'node:http';
import type { operations } from '../../api/schema';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { isDatabaseUnavailable } from '../db/unavailable';
import { unavailableRetryAfterSeconds } from '../http/api-problem';
import { healthHandlers } from '../health/handlers';
import type { ServiceState } from '../health/service-state';
import { imageUrlOf } from '../images/image-urls';
import { answerClientErrors } from '../http/error-handler';
import { withRedactedRequests } from '../http/log-redaction';
import { echoRequestIds, requestIdLogLabel, requestIdOptions } from '../http/request-ids';
import { measureRequests } from '../http/request-metrics';
import { redirects } from '../metrics/metrics';
import { loadContract } from '../http/contract';
import { lowerCaseHeaderNames } from '../http/contract-routes';
import { bodySchemas, parameterSchemas } from '../http/schema-compilers';
import { shortLinkDomain } from '../links/codes';
import { cachedRedirectAnswerer } from './cached-redirect';
import { findCollectionLinks } from './collection-links';
import { storesForLink, type Store } from './every-store';
import { hasEnded, type LinkCache, type ShortLink } from './link-cache';
import {
  plainLinkRedirect,
  readerQuery,
  recordClick,
  redirectHeaders,
  storeClick,
  type ClickRecording,
  type ClickToRecord,
} from './link-redirect';
import {
  applyReaderPagePolicy,
  neverKept,
  perReaderCaching,
  sendPage,
  sharedBriefly,
} from './pages/page-reply';
import { renderAllStoresPage, renderCollectionPage } from './pages/store-pages';
import { acceptOnlyStoreForms, isFromAnotherSite } from './store-form';
import {
  renderLinkDisabledPage,
  renderLinkEndedPage,
  renderLinkRemovedPage,
  renderNotFoundPage,
  renderOtherSiteFormPage,
  renderUnreadableRequestPage,
  renderUnavailablePage,
} from './pages/status-pages';
import { visitorAddressFinder } from './visitor-address';
import type { FindCountry } from './visitor-country';

export interface ShortLinkHostDeps extends Omit<ClickRecording, 'log'> {
  db: Database;
  config: Config;
  links: LinkCache;
  findCountry: FindCountry;
  /** Whether the instance is draining before shutdown; a host built without one never is. */
  serviceState?: ServiceState;
}

type StoreChoice = NonNullable<
  operations['chooseStore']['requestBody']
>['content']['application/x-www-form-urlencoded'];
type CollectionStoreChoice = NonNullable<
  operations['chooseCollectionStore']['requestBody']
>['content']['application/x-www-form-urlencoded'];

declare module 'fastify' {
  interface FastifyRequest {
    /** Where this request sent its reader, recorded as a click once the reply is out. */
    clickToRecord: ClickToRecord | null;
  }
}

const rememberedStoreCookie = 'shelf-store';
const rememberedStoreMaxAgeSeconds = 365 * 24 * 60 * 60;
/** A store form holds a store id and a checkbox; nothing a reader sends is larger. */
const formBodyLimit = 1024;

function redirect(
  request: FastifyRequest,
  reply: FastifyReply,
  status: 302 | 303,
  to: string,
  click: ClickToRecord,
): FastifyReply {
  request.clickToRecord = click;
  redirects.inc({ path: 'router' });
  return reply.code(status).headers(redirectHeaders(to)).send();
}

export function buildShortLinkHost(
  deps: ShortLinkHostDeps,
  options: { logger?: FastifyServerOptions['logger'] } = {},
): FastifyInstance {
  const { db, clock, config, links } = deps;
  const secureCookie = new URL(config.shortLinkOrigin).protocol === 'https:';
  const statusPage = { appOrigin: config.appOrigin };
  const readerPage = perReaderCaching(config.countryHeader);
  const visitorAddress = visitorAddressFinder(config.trustedProxies);
  let answerCachedRedirect: ReturnType<typeof cachedRedirectAnswerer> = () => false;

  const host = Fastify({
    logger: withRedactedRequests(options.logger),
    ...requestIdOptions,
    // No link has a code with a broken %-escape or over 100 characters.
    frameworkErrors: (_error, _request, reply) => {
      void sendPage(reply, 404, renderNotFoundPage(statusPage), sharedBriefly);
    },
    clientErrorHandler: answerClientErrors(() => ({
      contentType: 'text/html; charset=utf-8',
      body: renderUnreadableRequestPage(statusPage),
    })),
    // Two log lines per redirect would cost a quarter of the host's throughput; failures and
    // lost clicks are still logged.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel }),
    bodyLimit: formBodyLimit,
    serverFactory: (handler) =>
      createServer((request, response) => {
        if (!answerCachedRedirect(request, response)) handler(request, response);
      }),
  });
  answerCachedRedirect = cachedRedirectAnswerer({ ...deps, log: host.log, visitorAddress });
  echoRequestIds(host);
  measureRequests(host, 'short-links');
  void host.register(fastifyCookie);
  host.decorateRequest('clickToRecord', null);
  applyReaderPagePolicy(host, config.appOrigin);
  acceptOnlyStoreForms(host);
  host.addHook('onRequest', async (request, reply) => {
    if (request.method === 'POST' && isFromAnotherSite(request)) {
      return sendPage(reply, 403, renderOtherSiteFormPage(statusPage), neverKept);
    }
  });
  host.addHook('preValidation', async (request, reply) => {
    if (request.method === 'POST' && request.body == null) {
      return sendPage(reply, 400, renderNotFoundPage(statusPage), neverKept);
    }
  });

  function lookUp(code: string): Promise<ShortLink | null> {
    return links.find(db, shortLinkDomain, code, clock.now());
  }

  function countryOf(request: FastifyRequest): string | null {
    return deps.findCountry({ headers: request.headers, ip: visitorAddress(request.raw) });
  }

  const followShortLink: RouteHandlerMethod = async (request, reply) => {
    const { code } = request.params as operations['followShortLink']['parameters']['path'];
    const link = await lookUp(code);
    if (link === null) return sendPage(reply, 404, renderNotFoundPage(statusPage), sharedBriefly);
    const stopped = answerStoppedLink(reply, link);
    if (stopped) return stopped;
    const country = countryOf(request);
    const query = readerQuery(request.url);
    const stores = link.allStores ? storesForLink(link, country, query) : [];
    if (stores.length > 0) {
      const remembered = stores.find(
        ({ storeId }) => storeId === request.cookies[rememberedStoreCookie],
      );
      if (remembered) {
        return redirect(
          request,
          reply,
          302,
          remembered.url.href,
          storeClick(link, remembered, country),
        );
      }
      return sendPage(reply, 200, allStoresPage(link, stores, `/${link.code}`), readerPage);
    }
    const { location, click } = plainLinkRedirect(link, country, query);
    return redirect(request, reply, 302, location, click);
  };

  const chooseStore: RouteHandlerMethod = async (request, reply) => {
    const { code } = request.params as operations['chooseStore']['parameters']['path'];
    const choice = request.body as StoreChoice;
    const link = await lookUp(code);
    if (link === null) return sendPage(reply, 404, renderNotFoundPage(statusPage), sharedBriefly);
    const stopped = answerStoppedLink(reply, link);
    if (stopped) return stopped;
    const country = countryOf(request);
    const stores = storesForLink(link, country, new URLSearchParams());
    const store = stores.find(({ storeId }) => storeId === choice.store);
    if (store === undefined) {
      return sendPage(reply, 400, allStoresPage(link, stores, `/${link.code}`), neverKept);
    }
    rememberStore(reply, choice);
    return redirect(request, reply, 303, store.url.href, storeClick(link, store, country));
  };

  const openCollectionPage: RouteHandlerMethod = async (request, reply) => {
    const { alias } = request.params as operations['openCollectionPage']['parameters']['path'];
    const collection = await findCollectionLinks(db, alias, clock.now(), lookUp);
    if (collection === null)
      return sendPage(reply, 404, renderNotFoundPage(statusPage), sharedBriefly);
    const country = countryOf(request);
    return sendPage(
      reply,
      200,
      renderCollectionPage({
        title: collection.title,
        cover: collection.cover && {
          url: imageUrlOf(collection.cover, config.appOrigin),
          ...collection.cover.attributes,
        },
        books: collection.links.map((link) => ({
          linkCode: link.code,
          title: link.title,
          author: link.author,
          coverImageUrl: link.coverImageUrl,
          stores: storesForLink(link, country, new URLSearchParams()),
        })),
        choosePath: `/c/${alias}`,
        appOrigin: config.appOrigin,
      }),
      readerPage,
    );
  };

  const chooseCollectionStore: RouteHandlerMethod = async (request, reply) => {
    const { alias } = request.params as operations['chooseCollectionStore']['parameters']['path'];
    const choice = request.body as CollectionStoreChoice;
    const [code = '', storeId] = choice.store.split(':');
    const collection = await findCollectionLinks(db, alias, clock.now(), lookUp);
    if (collection === null)
      return sendPage(reply, 404, renderNotFoundPage(statusPage), sharedBriefly);
    const link = collection.links.find(
      (member) => member.code.toLowerCase() === code.toLowerCase(),
    );
    const country = countryOf(request);
    const store = link
      ? storesForLink(link, country, new URLSearchParams()).find(
          (offered) => offered.storeId === storeId,
        )
      : undefined;
    if (link === undefined || store === undefined) {
      return sendPage(reply, 400, renderNotFoundPage(statusPage), neverKept);
    }
    rememberStore(reply, { store: store.storeId, remember: choice.remember });
    return redirect(request, reply, 303, store.url.href, storeClick(link, store, country));
  };

  /**
   * The answer for a link that no longer sends readers to its stores: deleted, disabled, or
   * ended. An ended link's fallback counts no click: reports count readers sent to the book.
   */
  function answerStoppedLink(reply: FastifyReply, link: ShortLink): FastifyReply | null {
    if (link.deleted) return sendPage(reply, 410, renderLinkRemovedPage(statusPage), neverKept);
    if (link.disabled) {
      const reason = link.disabledReason ?? 'reportUpheld';
      return sendPage(reply, 410, renderLinkDisabledPage({ ...statusPage, reason }), neverKept);
    }
    if (!hasEnded(link, clock.now())) return null;
    if (link.expiryFallbackUrl === null) {
      return sendPage(reply, 410, renderLinkEndedPage(statusPage), neverKept);
    }
    return reply.code(302).headers(redirectHeaders(link.expiryFallbackUrl)).send();
  }

  function allStoresPage(link: ShortLink, stores: Store[], choosePath: string): string {
    return renderAllStoresPage({
      title: link.title,
      author: link.author,
      coverImageUrl: link.coverImageUrl,
      stores,
      choosePath,
      appOrigin: config.appOrigin,
    });
  }

  function rememberStore(reply: FastifyReply, choice: { store: string; remember?: string }) {
    if (choice.remember !== '1') return;
    void reply.setCookie(rememberedStoreCookie, choice.store, {
      maxAge: rememberedStoreMaxAgeSeconds,
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: secureCookie,
    });
  }

  const routes: Record<string, RouteHandlerMethod> = {
    followShortLink,
    chooseStore,
    openCollectionPage,
    chooseCollectionStore,
  };

  host.addHook('onResponse', (request, _reply, done) => {
    if (request.clickToRecord !== null) {
      const visit = {
        method: request.method,
        headers: request.headers,
        ip: visitorAddress(request.raw),
      };
      recordClick({ ...deps, log: request.log }, visit, request.clickToRecord);
    }
    done();
  });

  host.setErrorHandler((error: FastifyError, request, reply) => {
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'The database is unavailable');
      reply.header('retry-after', String(unavailableRetryAfterSeconds));
      return sendPage(reply, 503, renderUnavailablePage(statusPage), neverKept);
    }
    if (error.validationContext === 'headers') {
      return sendPage(reply, 400, renderUnreadableRequestPage(statusPage), neverKept);
    }
    // A code no link can have (`/favicon.ico`) is not a link; a malformed store form is refused.
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return sendPage(
        reply,
        request.method === 'POST' ? 400 : 404,
        renderNotFoundPage(statusPage),
        neverKept,
      );
    }
    request.log.error({ err: error }, 'A short link failed');
    return sendPage(reply, 500, renderUnavailablePage(statusPage), neverKept);
  });
  host.setNotFoundHandler((_request, reply) =>
    sendPage(reply, 404, renderNotFoundPage(statusPage), sharedBriefly),
  );

  const contract = loadContract();
  host.addHook('onRoute', lowerCaseHeaderNames);
  host.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodySchemas : parameterSchemas).compile(schema),
  );
  // The API's liveness and readiness checks, answered here too for the host's own load balancer.
  // Their paths are reserved codes, so no link can take them.
  for (const [path, operationId] of [
    ['/healthz', 'checkLiveness'],
    ['/readyz', 'checkReadiness'],
  ] as const) {
    host.get(path, async (_request, reply) => {
      const answer = await healthHandlers[operationId]({}, { db, serviceState: deps.serviceState });
      return reply.code(answer.status).header('cache-control', 'no-store').send(answer.body);
    });
  }
  void host.register(openapiGlue, {
    specification: contract.shortLinkDocument,
    addCookieSchema: true,
    operationResolver: (operationId) => {
      const route = routes[operationId];
      if (route === undefined)
        throw new Error(`The short-link host has no route for ${operationId}`);
      return route;
    },
  });
  return host;
}
