import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface DictItem {
  value: string;
  text: string;
  /** the English text an administrator wrote; null: English comes from the module locales */
  textEn?: string | null;
  color: string | null;
}

/**
 * Enabled dictionary items by code, in sort order. Every server keeps its own copy for a short time;
 * /sys/dict/refleshCache (and any write through the dictionary screens) clears it, and the TTL bounds
 * how long another server behind the same load balancer can lag.
 */
export interface DictCache {
  items(code: string): Promise<DictItem[]>;
  /** all enabled items of all dictionaries (queryAllDictItems, sysAllDictItems at login) */
  all(): Promise<Record<string, DictItem[]>>;
  /** text of one value, or undefined when the code or value is unknown */
  textOf(code: string, value: unknown): Promise<string | undefined>;
  /**
   * A digest of every enabled item (code, value, texts, colour, order): it changes with any dictionary
   * write and is the same on every server holding the same items. Answers carry it (dictVersionPlugin),
   * so a client drops its cached dictionaries when it changes.
   */
  version(): Promise<string>;
  clear(): void;
  /**
   * Ties the cache to a version of the dictionary tables (the engine's write generations): a snapshot
   * read at another version is reloaded, so a write through the dictionary screens shows at once on
   * this server; other servers catch up within the TTL.
   */
  follow(version: () => number): void;
}

interface Snapshot {
  at: number;
  version: number;
  byCode: Map<string, DictItem[]>;
  textByCode: Map<string, Map<string, string>>;
  digest: string;
}

export function createDictCache(db: Kysely<Database>, ttlMs = 60_000): DictCache {
  let snapshot: Snapshot | null = null;
  let loading: Promise<Snapshot> | null = null;
  let versionOf = () => 0;

  async function load(): Promise<Snapshot> {
    // taken before reading: a write that lands during the read makes the next call read again
    const version = versionOf();
    const rows = await db
      .selectFrom('sysDictItem as i')
      .innerJoin('sysDict as d', 'd.id', 'i.dictId')
      .select(['d.dictCode', 'i.itemValue', 'i.itemText', 'i.itemTextEn', 'i.color'])
      // a type added through the screen has no delFlag (the field is not writable, so no default fills it)
      .where((eb) => eb.or([eb('d.delFlag', '=', 0), eb('d.delFlag', 'is', null)]))
      .where('i.status', '=', 1)
      .orderBy('d.dictCode')
      .orderBy('i.sortOrder')
      .orderBy('i.itemValue')
      .execute();
    const byCode = new Map<string, DictItem[]>();
    const hash = createHash('sha256');
    const textByCode = new Map<string, Map<string, string>>();
    for (const row of rows) {
      const item = { value: row.itemValue, text: row.itemText, textEn: row.itemTextEn || null, color: row.color };
      hash.update(JSON.stringify([row.dictCode, item.value, item.text, item.textEn, item.color]));
      if (!byCode.has(row.dictCode)) {
        byCode.set(row.dictCode, []);
        textByCode.set(row.dictCode, new Map());
      }
      byCode.get(row.dictCode)!.push(item);
      textByCode.get(row.dictCode)!.set(row.itemValue, row.itemText);
    }
    return { at: Date.now(), version, byCode, textByCode, digest: hash.digest('base64url').slice(0, 16) };
  }

  async function current(): Promise<Snapshot> {
    if (snapshot && Date.now() - snapshot.at < ttlMs && snapshot.version === versionOf()) return snapshot;
    // one load at a time: concurrent list requests share it instead of each querying
    loading ??= load().finally(() => {
      loading = null;
    });
    snapshot = await loading;
    return snapshot;
  }

  return {
    async items(code) {
      return (await current()).byCode.get(code) ?? [];
    },
    async all() {
      return Object.fromEntries((await current()).byCode);
    },
    async textOf(code, value) {
      if (value === null || value === undefined || value === '') return undefined;
      return (await current()).textByCode.get(code)?.get(String(value));
    },
    async version() {
      return (await current()).digest;
    },
    clear() {
      snapshot = null;
    },
    follow(version) {
      versionOf = version;
    },
  };
}

/** A dictionary item as the client's widgets read it (JeecgBoot's DictModel: value/text plus title/label aliases). */
export interface DictOption {
  value: string;
  text: string;
  title: string;
  label: string;
  color?: string;
}

export function toDictOption(item: DictItem): DictOption {
  return { value: item.value, text: item.text, title: item.text, label: item.text, ...(item.color ? { color: item.color } : {}) };
}

export function toDictOptionMap(all: Record<string, DictItem[]>): Record<string, DictOption[]> {
  return Object.fromEntries(Object.entries(all).map(([code, items]) => [code, items.map(toDictOption)]));
}
