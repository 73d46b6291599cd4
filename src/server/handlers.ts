import { accountHandlers } from './account/handlers';
import { adminHandlers } from './admin/handlers';
import { affiliateHandlers } from './affiliate/handlers';
import { authHandlers } from './auth/handlers';
import { collectionHandlers } from './collections/handlers';
import { healthHandlers } from './health/handlers';
import type { Handlers } from './http/handler';
import { imageHandlers } from './images/handlers';
import { linkIssueHandlers } from './link-issues/handlers';
import { linkHandlers } from './links/handlers';
import { partnerHandlers } from './partner/handlers';
import { productHandlers } from './products/handlers';

/** Every operation with a handler, by area; the others answer 501 until theirs is added here. */
export const handlers: Handlers = {
  ...authHandlers,
  ...adminHandlers,
  ...collectionHandlers,
  ...imageHandlers,
  ...affiliateHandlers,
  ...partnerHandlers,
  ...accountHandlers,
  ...linkIssueHandlers,
  ...linkHandlers,
  ...productHandlers,
  ...healthHandlers,
};
