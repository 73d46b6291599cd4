import type { components } from '../../api/schema';
import type { Handlers } from '../http/handler';
import { affiliateProgramList } from './programs';

type AffiliateProgram = components['schemas']['AffiliateProgram'];

/** The programs table as the contract gives it, made once: it never changes while running. */
const programsReply: AffiliateProgram[] = affiliateProgramList.map(
  ({ guid, name, retailer, parameters }) => ({
    guid,
    name,
    retailer,
    parameters: parameters.map(({ addressName: _, pattern, marketplace, ...parameter }) => ({
      ...parameter,
      marketplace: marketplace && { ...marketplace, countries: [...marketplace.countries] },
      pattern: pattern.source,
    })),
  }),
);

export const affiliateProgramHandlers = {
  listAffiliatePrograms() {
    return Promise.resolve({ status: 200, body: { results: programsReply } });
  },
} satisfies Handlers;
