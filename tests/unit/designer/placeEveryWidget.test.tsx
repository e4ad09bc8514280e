import { DndContext } from '@dnd-kit/core';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { Canvas } from '../../../designer/canvas/Canvas';
import { designerAppResources } from '../../../designer/i18n';
import { manifestResources, widgetManifests } from '../../../designer/manifests';
import { blankModel } from '../../../designer/ops/blankModel';
import { formContainers, itemName } from '../../../designer/ops/formContainers';
import { placeWidget } from '../../../designer/ops/placeWidget';
import { createDefaultFieldRegistry } from '../../../runtime/fields/defaultFields';
import type { ModelFile } from '../../../runtime/model/types';
import { createModelFileCheck } from '../../../server/engine/loadModules';

const TEXTS = { label: '新字段', sectionTitle: '分组', tabTitle: '选项卡' };
const check = createModelFileCheck();
const registered = createDefaultFieldRegistry().names();

function renderCanvas(model: ModelFile) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng: 'zh-CN', resources: {}, initAsync: false, showSupportNotice: false });
  for (const [lang, bundle] of Object.entries(manifestResources)) i18n.addResourceBundle(lang, 'designer', bundle);
  for (const [lang, bundle] of Object.entries(designerAppResources)) i18n.addResourceBundle(lang, 'designerApp', bundle);
  return render(
    <I18nextProvider i18n={i18n}>
      <DndContext>
        <Canvas model={model} selected={null} onSelect={() => undefined} onRemove={() => undefined} change={() => undefined} />
      </DndContext>
    </I18nextProvider>,
  );
}

describe('the designer places every registered widget', () => {
  it('has a manifest for every widget the runtime registers', () => {
    const manifests = new Set(widgetManifests.map((m) => m.name));
    expect(registered.filter((name) => !manifests.has(name))).toEqual([]);
  });

  it.each(registered.map((name) => [name]))('%s: placed on the canvas, shown there, and the model still passes the release checks', (name) => {
    const manifest = widgetManifests.find((m) => m.name === name);
    expect(manifest, `${name} has no designer manifest`).toBeDefined();
    const start = blankModel('probe', '探针', '名称', '基本信息');
    const firstContainer = formContainers(start)[0]!.path;
    const { model, field } = placeWidget(start, manifest!, firstContainer, 1, TEXTS);
    expect(model.entity.fields[field], `${name} added no field`).toBeDefined();
    expect(formContainers(model).some((c) => c.items.some((item) => itemName(item) === field))).toBe(true);
    expect(check(model, 'probe')).toEqual([]);
    const { container } = renderCanvas(model);
    expect(container.querySelector(`[data-field="${field}"]`), `${name} is not shown on the canvas`).not.toBeNull();
  });
});
