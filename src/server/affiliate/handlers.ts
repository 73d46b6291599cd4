import type { Handlers } from '../http/handler';
import { appleServicesHandlers } from './apple-services-handlers';
import { affiliateTokenHandlers } from './token-handlers';

export const affiliateHandlers = {
  ...affiliateTokenHandlers,
  ...appleServicesHandlers,
} satisfies Handlers;
