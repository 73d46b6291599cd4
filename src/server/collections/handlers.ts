import { actingUserOf } from '../auth/request-auth';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import { collectionReport, reportRange } from '../links/reports';
import { findCollection, listCollectionPage } from './read-collections';
import { toCollectionReply } from './short-url';
import { createCollection, deleteCollection, updateCollection } from './write-collections';

export const collectionHandlers = {
  async listCollections({ query }, { db, auth, config }) {
    const page = { offset: query.offset ?? 0, limit: query.limit ?? 20, ids: query.ids };
    const { results, ...paging } = await listCollectionPage(db, actingUserOf(auth).id, page);
    const replies = results.map((collection) =>
      toCollectionReply(collection, config.shortLinkOrigin),
    );
    return { status: 200, body: { ...paging, results: replies } };
  },

  async getCollection({ params }, { db, auth, config }) {
    const collection = await findCollection(db, actingUserOf(auth).id, params.id);
    if (!collection) throw ApiProblem.notFound();
    return { status: 200, body: toCollectionReply(collection, config.shortLinkOrigin) };
  },

  async createCollection({ body }, { db, clock, auth, config }) {
    const collection = await createCollection(db, actingUserOf(auth).id, body, clock.now());
    return { status: 201, body: toCollectionReply(collection, config.shortLinkOrigin) };
  },

  async updateCollection({ params, body }, { db, clock, auth, config }) {
    const ownerId = actingUserOf(auth).id;
    const collection = await updateCollection(db, ownerId, params.id, body, clock.now());
    if (!collection) throw ApiProblem.notFound();
    return { status: 200, body: toCollectionReply(collection, config.shortLinkOrigin) };
  },

  async getCollectionReport({ params, query }, { db, clock, auth }) {
    const range = reportRange(query, clock.now());
    const collection = await findCollection(db, actingUserOf(auth).id, params.id);
    if (!collection) throw ApiProblem.notFound();
    const report = await collectionReport(db, collection.linkIds, range);
    return { status: 200, body: { id: collection.id, ...report } };
  },

  async deleteCollection({ params }, { db, auth }) {
    if (!(await deleteCollection(db, actingUserOf(auth).id, params.id))) {
      throw ApiProblem.notFound();
    }
    return { status: 204 };
  },
} satisfies Handlers;
