import { MODEL_FORMAT_VERSION } from './types';
import type { ModelUpgrade, RawModel } from './upgrades/ModelUpgrade';
import { v1ToV2 } from './upgrades/v1-to-v2';
import { v2ToV3 } from './upgrades/v2-to-v3';
import { v3ToV4 } from './upgrades/v3-to-v4';
import { v4ToV5 } from './upgrades/v4-to-v5';
import { v5ToV6 } from './upgrades/v5-to-v6';
import { v6ToV7 } from './upgrades/v6-to-v7';
import { v7ToV8 } from './upgrades/v7-to-v8';
import { v8ToV9 } from './upgrades/v8-to-v9';
import { v9ToV10 } from './upgrades/v9-to-v10';
import { v10ToV11 } from './upgrades/v10-to-v11';
import { v11ToV12 } from './upgrades/v11-to-v12';
import { v12ToV13 } from './upgrades/v12-to-v13';
import { v13ToV14 } from './upgrades/v13-to-v14';
import { v14ToV15 } from './upgrades/v14-to-v15';
import { v15ToV16 } from './upgrades/v15-to-v16';
import { v16ToV17 } from './upgrades/v16-to-v17';

export type { ModelUpgrade, RawModel } from './upgrades/ModelUpgrade';

/** The upgrades of this code, in order: each lifts one version to the next, up to MODEL_FORMAT_VERSION. */
export function modelUpgrades(): ModelUpgrade[] {
  return [v1ToV2, v2ToV3, v3ToV4, v4ToV5, v5ToV6, v6ToV7, v7ToV8, v8ToV9, v9ToV10, v10ToV11, v11ToV12, v12ToV13, v13ToV14, v14ToV15, v15ToV16, v16ToV17];
}

/** A file that no upgrade can lift: no usable version, or a version newer than this code knows. */
export class ModelVersionError extends Error {
  /** JSON pointer of the problem in the file */
  readonly path = '/version';
  constructor(message: string) {
    super(message);
    this.name = 'ModelVersionError';
  }
}

/**
 * Lifts a model file of any earlier format version to the current one (MODEL_FORMAT_VERSION) by
 * applying the ordered upgrades from its `version` on, after Formily's schema polyfills. Every loader
 * calls it before validating against schemas/meta/model.schema.json, so a file written for an
 * older version loads unchanged. The input is never modified. Anything that is not an object is
 * returned as it is, for the meta-schema to refuse.
 *
 * @throws ModelVersionError when `version` is missing, not a positive integer, or newer than this code.
 * @example
 * upgradeModel({ version: 1, id: 'system.position', hooks: { beforeWrite: 'system.stamp' }, … });
 * // → { version: 17, id: 'system.position', hooks: { beforeSave: 'system.stamp' }, … }
 */
export function upgradeModel(file: unknown, upgrades: readonly ModelUpgrade[] = modelUpgrades()): unknown {
  if (file === null || typeof file !== 'object' || Array.isArray(file)) return file;
  const version = (file as RawModel).version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    throw new ModelVersionError(`"version" must be a format version from 1 to ${MODEL_FORMAT_VERSION}, found ${JSON.stringify(version) ?? 'none'}`);
  }
  if (version > MODEL_FORMAT_VERSION) {
    throw new ModelVersionError(
      `format version ${version} is newer than this Cloudlab understands (up to ${MODEL_FORMAT_VERSION}); upgrade Cloudlab to load this file`,
    );
  }
  let model = structuredClone(file) as RawModel;
  for (let from = version; from < MODEL_FORMAT_VERSION; from++) {
    const step = upgrades.find((u) => u.from === from);
    if (!step) throw new ModelVersionError(`no upgrade from format version ${from} to ${from + 1}`);
    model = step.upgrade(model);
    if (model.version !== from + 1) throw new ModelVersionError(`the upgrade from format version ${from} did not produce version ${from + 1}`);
  }
  return model;
}
