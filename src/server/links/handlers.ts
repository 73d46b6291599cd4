import { eq } from 'drizzle-orm';
import { actingUserOf } from '../auth/request-auth';
import type { Database } from '../db/database';
import { collections, links } from '../db/schema';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import { claimPendingLink, createUnclaimedLink, signUpToClaim } from './claims';
import { isReservedCode } from './codes';
import {
  changeDestination,
  createLinkRecord,
  findLiveLink,
  findOwnedLink,
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
    return { status: 201, body: toLinkReply(link, config.shortLinkOrigin) };
  },

  async createUnclaimedLink({ body, ip }, deps) {
    const { link, claimKey } = await createUnclaimedLink(deps, body, ip);
    deps.linkCache.forgetLink(link.domain, link.code);
    return { status: 201, body: { ...toLinkReply(link, deps.config.shortLinkOrigin), claimKey } };
  },

  async updateLink({ body }, { db, clock, auth, config, linkCache }) {
    const link = await findOwnedLink(db, actingUserOf(auth).id, body.domain, body.code);
    if (link.baseCode.toLowerCase() !== body.baseCode.toLowerCase()) throw ApiProblem.notFound();
    const changed = await changeDestination(db, link, body.url, clock.now());
    linkCache.forgetLink(link.domain, link.code);
    return { status: 200, body: toLinkReply(changed, config.shortLinkOrigin) };
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
    const results = rows.map((row) => toLinkReply(row, config.shortLinkOrigin));
    const recentClicks = await recentClicksOf(
      db,
      rows.map((row) => row.id),
      clock.now(),
    );
    return { status: 200, body: { results, page: { skip, take, total }, recentClicks } };
  },

  async countLinks(_request, { db, auth }) {
    const count = await db.$count(links, eq(links.ownerId, actingUserOf(auth).id));
    return { status: 200, body: { count } };
  },

  async getLinkReport({ query }, { db, clock, auth }) {
    const range = reportRange(query, clock.now());
    const link = await findOwnedLink(db, actingUserOf(auth).id, query.domain, query.code);
    const [report, extras] = await Promise.all([
      linkReport(db, link, range),
      linkReportExtras(db, link, range),
    ]);
    return { status: 200, body: { ...report, ...extras } };
  },

  async checkVanityCode({ query }, { db, clock }) {
    const { domain = '', code } = query;
    if (code === '') return { status: 200, body: { isAvailable: true } };
    const isTaken =
      domain === ''
        ? await isCollectionAliasTaken(db, code)
        : isReservedCode(code) || (await findLiveLink(db, domain, code, clock.now())) !== undefined;
    return { status: 200, body: { isAvailable: !isTaken } };
  },

  async getShortLinkMetadata({ query }, { db, clock }) {
    const link = await findLiveLink(db, query.domain, query.code, clock.now());
    if (!link) throw ApiProblem.notFound();
    const { domain, code, url, title, author, coverImageUrl, retailer } = link;
    return { status: 200, body: { domain, code, url, title, author, coverImageUrl, retailer } };
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
        link: toLinkReply(link, deps.config.shortLinkOrigin),
      },
    };
  },
} satisfies Handlers;
