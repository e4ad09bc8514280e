/** A model file as JSON, before it is known to be valid. */
export type RawModel = Record<string, unknown>;

/**
 * One step of the model format: lifts a file written for version `from` to version `from + 1`.
 * It receives its own copy of the file and returns the lifted file; it never validates (the
 * meta-schema does that once the file is current).
 */
export interface ModelUpgrade {
  from: number;
  /** one line for docs and errors: what changed in this step */
  summary: string;
  upgrade(model: RawModel): RawModel;
}
