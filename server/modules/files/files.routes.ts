import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';

export async function filesRoutes(_app: FastifyInstance, _ctx: Ctx): Promise<void> {}
