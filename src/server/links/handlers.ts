import { and, eq, isNull } from 'drizzle-orm';
import { savedTokensOf } from '../affiliate/link-programs';
import { actingUserOf } from '../auth/request-auth';
import { collectionShortUrlOf } from '../collections/short-url';
import type { Database } from '../db/database';
import { collections, links } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import { claimPendingLink, createUnclaimedLink, signUpToClaim } from './claims';
import { isReservedCode, shortUrlOf } from './codes';
import {
  changeLink,
  createLinkRecord,
  deleteOwnedLink,
  findLiveLink,
  findMatchingLinks,
  findOwnedLink,
  isCodeTaken,
  toLinkReply,
} from './link-records';
import { listedLinks, listOrder, recentClicksOf } from './link-list';
import { linkReport, linkReportExtras, reportRange } from './reports';

/** Collections, served under `/c/`, check their alias with an empty domain, in any case. */
async function isCollectionAliasTaken(db: Database, alias: string): Promise<boolean> {
  return (await db.$count(collections, eq(collections.aliasCodeLower, alias.toLowerCase()))) > 0;
}

export const linkHandlers = {
  async createLink({ body }, { db, clock, auth, config, linkCache }) {
    const link = await createLinkRecord(db, clock.now(), body, {
      ownerId: actingUserOf(auth).id,
    });
    // The short-link host may remember that the code was free.
    linkCache.forgetLink(link.domain, link.code);
    const tokens = await savedTokensOf(db, link.ownerId);
    return { status: 201, body: toLinkReply(link, config.shortLinkOrigin, tokens) };
  },

  async createUnclaimedLink({ body, ip }, deps) {
    const { link, claimKey } = await createUnclaimedLink(deps, body, ip);
    deps.linkCache.forgetLink(link.domain, link.code);
    // Nobody's tokens tag an unclaimed link.
    const reply = toLinkReply(link, deps.config.shortLinkOrigin, []);
    return { status: 201, body: { ...reply, claimKey } };
  },

  async updateLink({ body }, { db, clock, auth, config, linkCache }) {
    const link = await findOwnedLink(db, actingUserOf(auth).id, body.domain, body.code);
    if (link.baseCode.toLowerCase() !== body.baseCode.toLowerCase()) throw ApiProblem.notFound();
    const changed = await changeLink(db, link, body, clock.now());
    linkCache.forgetLink(link.domain, link.code);
    const tokens = await savedTokensOf(db, changed.ownerId);
    return { status: 200, body: toLinkReply(changed, config.shortLinkOrigin, tokens) };
  },

  async deleteLink({ query }, { db, clock, auth, linkCache }) {
    const deleted = await deleteOwnedLink(
      db,
      actingUserOf(auth).id,
      query.domain,
      query.code,
      clock.now(),
    );
    linkCache.forgetLink(deleted.domain, deleted.code);
    return { status: 204 };
  },

  async findMatchingLinks({ query }, { db, auth, config }) {
    const { url, allStores = false } = query;
    const ownerId = actingUserOf(auth).id;
    const matching = await findMatchingLinks(db, ownerId, url, allStores);
    const tokens = await savedTokensOf(db, ownerId);
    return {
      status: 200,
      body: {
        results: matching.map((link) => toLinkReply(link, config.shortLinkOrigin, tokens)),
      },
    };
  },

  async listLinks({ query }, { db, clock, auth, config }) {
    const { skip = 0, take = 20 } = query;
    const listed = listedLinks(actingUserOf(auth).id, query);
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(links)
        .where(listed)
        .orderBy(...listOrder(query.sort))
        .offset(skip)
        .limit(take),
      db.$count(links, listed),
    ]);
    const tokens = await savedTokensOf(db, actingUserOf(auth).id);
    const results = rows.map((row) => toLinkReply(row, config.shortLinkOrigin, tokens));
    const recentClicks = await recentClicksOf(
      db,
      rows.map((row) => row.id),
      clock.now(),
    );
    return { status: 200, body: { results, page: { skip, take, total }, recentClicks } };
  },

  async countLinks({ query }, { db, auth }) {
    const count = await db.$count(
      links,
      and(
        eq(links.ownerId, actingUserOf(auth).id),
        isNull(links.deletedAt),
        eq(links.archived, query.archived ?? false),
      ),
    );
    return { status: 200, body: { count } };
  },

  async getLinkReport({ query }, { db, clock, auth, config }) {
    const range = reportRange(query, clock.now());
    const link = await findOwnedLink(db, actingUserOf(auth).id, query.domain, query.code);
    const [report, extras] = await Promise.all([
      linkReport(db, link, range),
      linkReportExtras(db, link, range),
    ]);
    const shortUrl = shortUrlOf(config.shortLinkOrigin, link.code);
    return { status: 200, body: { ...report, shortUrl, ...extras } };
  },

  async checkVanityCode({ query }, { db, clock, auth, config }) {
    const { domain = '', code = '' } = query;
    const shortUrl =
      domain === ''
        ? collectionShortUrlOf(config.shortLinkOrigin, code)
        : shortUrlOf(config.shortLinkOrigin, code);
    if (code === '') return { status: 200, body: { isAvailable: true, shortUrl } };
    const isTaken =
      domain === ''
        ? await isCollectionAliasTaken(db, code)
        : isReservedCode(code) ||
          (await isCodeTaken(db, domain, code, clock.now(), auth ? actingUserOf(auth).id : null));
    return { status: 200, body: { isAvailable: !isTaken, shortUrl } };
  },

  async getShortLinkMetadata({ query }, { db, clock, config }) {
    const link = await findLiveLink(db, query.domain, query.code, clock.now());
    if (!link) throw ApiProblem.notFound();
    const { domain, code, url, title, author, coverImageUrl, retailer } = link;
    const shortUrl = shortUrlOf(config.shortLinkOrigin, code);
    return {
      status: 200,
      body: { domain, code, shortUrl, url, title, author, coverImageUrl, retailer },
    };
  },

  async signup({ body, ip }, deps) {
    return { status: 200, body: await signUpToClaim(deps, body, ip) };
  },

  async claimPendingLink({ body }, deps) {
    const { user, link, sessionId, cookie } = await claimPendingLink(deps, body.token);
    // The link and its new owner's tokens, saved with the claim, apply from now on.
    deps.linkCache.forgetLink(link.domain, link.code);
    return {
      status: 200,
      headers: { 'Set-Cookie': cookie },
      body: {
        sessionId,
        userName: user.email,
        userId: String(user.id),
        email: user.email,
        roles: user.roles,
        link: toLinkReply(link, deps.config.shortLinkOrigin, await savedTokensOf(deps.db, user.id)),
      },
    };
  },
} satisfies Handlers;
