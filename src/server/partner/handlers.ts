import { actingUserOf } from '../auth/request-auth';
import type { Handlers } from '../http/handler';
import { acceptPartnerTerms, findEnrolment } from './enrolment';
import { partnerTerms } from './terms';

export const partnerHandlers = {
  getPartnerTerms() {
    return { status: 200, body: partnerTerms };
  },

  getLegacyPartnerTerms() {
    return { status: 200, body: partnerTerms };
  },

  async getPartnerEnrolment(_request, { db, auth }) {
    return { status: 200, body: await findEnrolment(db, actingUserOf(auth).id) };
  },

  async enrolPartner({ body }, { db, clock, auth }) {
    const enrolment = await acceptPartnerTerms(db, actingUserOf(auth).id, body, clock.now());
    return { status: 201, body: enrolment };
  },

  async enrolPartnerLegacy({ body }, { db, clock, auth }) {
    const enrolment = await acceptPartnerTerms(db, actingUserOf(auth).id, body, clock.now());
    return { status: 200, body: enrolment };
  },
} satisfies Handlers;
