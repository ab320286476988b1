import type { FastifyRequest } from 'fastify';
import type { SessionMeta } from './session-service.ts';

/** What a session records about the client that logged in (shown in a future "your sessions" list). */
export function sessionMetaOf(request: FastifyRequest): SessionMeta {
  const userAgent = request.headers['user-agent'];
  return { userAgent: typeof userAgent === 'string' ? userAgent : undefined, ip: request.ip };
}
