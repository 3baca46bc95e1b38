import type { FastifyRequest } from 'fastify';
import type { Operator } from './wallet/service.js';

/** The signed-in user making a change, as the ledgers record it. */
export const operatorOf = (request: FastifyRequest): Operator => ({ id: request.user?.id ?? null, name: request.user?.username ?? '' });

