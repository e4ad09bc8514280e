import { MODEL_FORMAT_VERSION, type ModelFile } from '../../runtime/model/types';

/** snake_case of a camelCase name: sampleReceipt -> sample_receipt */
function snake(name: string): string {
  return name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * A new design's model: online.<name> with its own table, REST base and permission prefix (the
 * server's rules for designs), one text field in one section, a list of it, and the usual actions.
 */
export function blankModel(name: string, title: string, fieldLabel: string, sectionTitle: string): ModelFile {
  return {
    version: MODEL_FORMAT_VERSION,
    id: `online.${name}`,
    title,
    entity: { table: `online_${snake(name)}`, fields: { field1: { type: 'string', label: fieldLabel, maxLength: 100, keyword: true } } },
    api: { dialect: 'api', base: `/api/online/${name}` },
    list: {
      search: ['keyword'],
      columns: ['field1'],
      actions: ['add', 'edit', 'detail', 'delete', 'deleteBatch'],
      page: { size: 20, sizes: [10, 20, 50, 100] },
    },
    form: { width: 800, layout: { labelCol: 6, columns: 2 }, sections: [{ title: sectionTitle, fields: ['field1'] }] },
    permissions: { prefix: `online:${name}:` },
  } as ModelFile;
}

/** A design's name: a letter, then letters and digits (the server's online.<name> rule). */
export const DESIGN_NAME = /^[a-z][a-zA-Z0-9]{0,59}$/;
