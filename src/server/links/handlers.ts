import { and, desc, eq, inArray } from 'drizzle-orm';
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
import { linkReport, reportRange } from './reports';

/** Collections, served under `/c/`, check their alias with an empty domain, in any case. */
async function isCollectionAliasTaken(db: Database, alias: string): Promise<boolean> {
  return (await db.$count(collections, eq(collections.aliasCodeLower, alias.toLowerCase()))) > 0;
}

export const linkHandlers = {
  async createLink({ body }, { db, clock, auth }) {
    const link = await createLinkRecord(db, clock.now(), body, {
      ownerId: actingUserOf(auth).id,
    });
    return { status: 201, body: toLinkReply(link) };
  },

  async createUnclaimedLink({ body, ip }, deps) {
    return { status: 201, body: toLinkReply(await createUnclaimedLink(deps, body, ip)) };
  },

  async updateLink({ body }, { db, clock, auth }) {
    const link = await findOwnedLink(db, actingUserOf(auth).id, body.domain, body.code);
    if (link.baseCode.toLowerCase() !== body.baseCode.toLowerCase()) throw ApiProblem.notFound();
    return {
      status: 200,
      body: toLinkReply(await changeDestination(db, link, body.url, clock.now())),
    };
  },

  async listLinks({ query }, { db, auth }) {
    const { skip = 0, take = 20, ids } = query;
    const owned = and(eq(links.ownerId, actingUserOf(auth).id), ids && inArray(links.id, ids));
    const [rows, total] = await Promise.all([
      db
        .select()
        .from(links)
        .where(owned)
        .orderBy(desc(links.createdAt), desc(links.id))
        .offset(skip)
        .limit(take),
      db.$count(links, owned),
    ]);
    return { status: 200, body: { results: rows.map(toLinkReply), page: { skip, take, total } } };
  },

  async countLinks(_request, { db, auth }) {
    const count = await db.$count(links, eq(links.ownerId, actingUserOf(auth).id));
    return { status: 200, body: { count } };
  },

  async getLinkReport({ query }, { db, clock, auth }) {
    const range = reportRange(query, clock.now());
    const link = await findOwnedLink(db, actingUserOf(auth).id, query.domain, query.code);
    return { status: 200, body: await linkReport(db, link, range) };
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
    return {
      status: 200,
      headers: { 'Set-Cookie': cookie },
      body: {
        sessionId,
        userName: user.email,
        userId: String(user.id),
        email: user.email,
        roles: user.roles,
        link: toLinkReply(link),
      },
    };
  },
} satisfies Handlers;
