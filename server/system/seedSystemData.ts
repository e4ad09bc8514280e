import type { FastifyBaseLogger } from 'fastify';
import type { DbHandle } from '../db/createDb.js';
import { seedAreas } from './seedAreas.js';

/** Rows the system-data screens start with, seeded once into empty tables; the time taken is logged. */
export async function seedSystemData(handle: DbHandle, log: FastifyBaseLogger): Promise<void> {
  const started = performance.now();
  const areas = await seedAreas(handle.db, handle.adapter);
  if (areas > 0) log.info({ rows: areas, ms: Math.round(performance.now() - started) }, 'seeded the region table (system.area)');
}
