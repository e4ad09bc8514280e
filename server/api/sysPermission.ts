import type { FastifyInstance } from 'fastify';

// PLACEHOLDER: being written in parallel; replaced before the first landing.
export default async function placeholder(_app: FastifyInstance): Promise<void> {}
