import type { FastifyBaseLogger } from 'fastify';
import type { operations } from '../../api/schema';
import type { RequestAuth } from '../auth/request-auth';
import type { AppDeps } from '../deps';

export type OperationId = keyof operations;

type Defined<T> = [Exclude<T, undefined>] extends [never]
  ? Record<string, never>
  : Exclude<T, undefined>;

type OperationParameters<Op extends OperationId> = operations[Op]['parameters'];

/** A body in JSON, or else, a file the contract declares (`format: binary`), as its bytes. */
type Content<T> = T extends { content: { 'application/json': infer Body } }
  ? Body
  : T extends { content: Record<string, unknown> }
    ? Buffer
    : undefined;

/** A request as the contract declares it, after validation (so defaults are filled in). */
export interface HandlerRequest<Op extends OperationId> {
  params: Defined<OperationParameters<Op>['path']>;
  query: Defined<OperationParameters<Op>['query']>;
  /** Fastify lower-cases header names. */
  headers: {
    [Name in keyof Defined<OperationParameters<Op>['header']> as Lowercase<Name & string>]: Defined<
      OperationParameters<Op>['header']
    >[Name];
  };
  body: Content<operations[Op]['requestBody']>;
  ip: string;
}

type Responses<Op extends OperationId> = operations[Op]['responses'];

/** The headers a response declares, all optional. */
type DeclaredHeaders<Response> = Response extends { headers: infer Headers }
  ? { [Name in keyof Headers as string extends Name ? never : Name]?: string }
  : never;

/** One of the replies the contract declares for an operation: its status, body and headers. */
export type Reply<Op extends OperationId> = {
  [Status in keyof Responses<Op>]: {
    status: Status;
    headers?: DeclaredHeaders<Responses<Op>[Status]>;
  } & (Content<Responses<Op>[Status]> extends undefined
    ? { body?: undefined }
    : { body: Content<Responses<Op>[Status]> });
}[keyof Responses<Op>];

export interface HandlerContext extends AppDeps {
  /** Who is signed in and who the request acts for; null when signed out. */
  auth: RequestAuth | null;
  log: FastifyBaseLogger;
}

export type Handler<Op extends OperationId> = (
  request: HandlerRequest<Op>,
  context: HandlerContext,
) => Reply<Op> | Promise<Reply<Op>>;

/** Handlers by operationId; an area's file declares its own with `satisfies Handlers`. */
export type Handlers = { [Op in OperationId]?: Handler<Op> };
