import { actingUserOf } from '../auth/request-auth';
import { ApiProblem } from '../http/api-problem';
import type { Handlers } from '../http/handler';
import { findCollection, listCollectionPage } from './read-collections';
import { createCollection, deleteCollection, updateCollection } from './write-collections';

export const collectionHandlers = {
  async listCollections({ query }, { db, auth }) {
    const page = { offset: query.offset ?? 0, limit: query.limit ?? 20, ids: query.ids };
    return { status: 200, body: await listCollectionPage(db, actingUserOf(auth).id, page) };
  },

  async getCollection({ params }, { db, auth }) {
    const collection = await findCollection(db, actingUserOf(auth).id, params.id);
    if (!collection) throw ApiProblem.notFound();
    return { status: 200, body: collection };
  },

  async createCollection({ body }, { db, clock, auth }) {
    const collection = await createCollection(db, actingUserOf(auth).id, body, clock.now());
    return { status: 201, body: collection };
  },

  async updateCollection({ params, body }, { db, clock, auth }) {
    const ownerId = actingUserOf(auth).id;
    const collection = await updateCollection(db, ownerId, params.id, body, clock.now());
    if (!collection) throw ApiProblem.notFound();
    return { status: 200, body: collection };
  },

  async deleteCollection({ params }, { db, auth }) {
    if (!(await deleteCollection(db, actingUserOf(auth).id, params.id))) {
      throw ApiProblem.notFound();
    }
    return { status: 204 };
  },
} satisfies Handlers;
