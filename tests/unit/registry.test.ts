import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { manifestResources, widgetManifests } from '../../designer/manifests';
import { createDefaultFieldRegistry } from '../../runtime/fields/defaultFields';

// Every widget a model names is registered, and the registry and the designer manifests list the same
// widgets (house-style 8.6; the drift amis#7299 / #6392 describe).

// jsdom replaces URL, so resolve the path rather than a URL
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const MODEL_ROOTS = ['schemas', 'tests/fixtures/modules'];

function jsonFiles(dir: string): string[] {
  const full = path.join(ROOT, dir);
  if (!fs.existsSync(full)) return [];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return jsonFiles(relative);
    return entry.name.endsWith('.json') ? [relative] : [];
  });
}

/** Every string value of an 'x-component' key, anywhere in a JSON document. */
function xComponents(value: unknown, into: Set<string>): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => xComponents(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === 'x-component' && typeof child === 'string') into.add(child);
      else xComponents(child, into);
    }
  }
  return into;
}

const registered = createDefaultFieldRegistry().names();

describe('widget registry consistency', () => {
  it('registers every x-component used in schemas/** and tests/fixtures/modules/**', () => {
    const files = MODEL_ROOTS.flatMap(jsonFiles);
    expect(files.length).toBeGreaterThan(0);
    const missing = files.flatMap((file) =>
      [...xComponents(JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')), new Set())]
        .filter((name) => !registered.includes(name))
        .map((name) => `${file}: ${name}`),
    );
    expect(missing).toEqual([]);
  });

  it('has a designer manifest for every registered widget and a widget for every manifest', () => {
    const manifests = widgetManifests.map((manifest) => manifest.name);
    expect(new Set(manifests).size).toBe(manifests.length);
    expect([...manifests].sort()).toEqual([...registered].sort());
  });

  it('gives every manifest a translated title and props schemas that admit their scaffolds', () => {
    for (const manifest of widgetManifests) {
      const key = manifest.title.replace(/^widget\./, '');
      for (const resources of Object.values(manifestResources)) expect(resources.widget, manifest.name).toHaveProperty([key]);
      const declared = Object.keys(manifest.propsSchema.properties);
      expect(
        Object.keys(manifest.scaffold['x-component-props']).filter((prop) => !declared.includes(prop)),
        manifest.name,
      ).toEqual([]);
    }
  });
});
