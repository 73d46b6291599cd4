import type { Handlers } from '../http/handler';
import { appleServicesHandlers } from './apple-services-handlers';
import { affiliateProgramHandlers } from './program-handlers';
import { readerDestinationHandlers } from './reader-destinations';
import { affiliateTokenHandlers } from './token-handlers';

export const affiliateHandlers = {
  ...affiliateProgramHandlers,
  ...affiliateTokenHandlers,
  ...appleServicesHandlers,
  ...readerDestinationHandlers,
} satisfies Handlers;
