import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { useRef, useState } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { designerAppResources } from '../../../designer/i18n';
import { blankModel } from '../../../designer/ops/blankModel';
import { ListPanel } from '../../../designer/panels/ListPanel';
import type { ModelFile } from '../../../runtime/model/types';
import { createModelFileCheck } from '../../../server/engine/loadModules';

// The designer's 不分页 (unpaged) and 滚动区域高度 (scroll height) inputs of the list panel (model format
// version 10: list.page false, list.scrollHeight; spec 001 §2's other-certificates tab). The model they
// make must pass the same checks a release runs, as the designer saves it (JSON).
const check = createModelFileCheck();
const saved = (model: ModelFile) => JSON.parse(JSON.stringify(model)) as ModelFile;

function renderPanel(start: ModelFile) {
  const i18n = i18next.createInstance();
  void i18n.use(initReactI18next).init({ lng: 'zh-CN', resources: {}, initAsync: false, showSupportNotice: false });
  for (const [lang, bundle] of Object.entries(designerAppResources)) i18n.addResourceBundle(lang, 'designerApp', bundle);
  const seen = { model: start };
  function Designer() {
    const [model, setModel] = useState(start);
    const current = useRef(start);
    const change = (edit: (m: ModelFile) => ModelFile) => {
      current.current = edit(current.current);
      seen.model = current.current;
      setModel(current.current);
    };
    return <ListPanel model={model} change={change} />;
  }
  render(
    <I18nextProvider i18n={i18n}>
      <Designer />
    </I18nextProvider>,
  );
  return seen;
}

/** The form item of the panel labelled `label`. */
function itemOf(label: string): HTMLElement {
  const item = screen.getByText(label, { exact: true }).closest('.ant-form-item');
  if (!item) throw new Error(`no form item labelled ${label}`);
  return item as HTMLElement;
}
const inputOf = (label: string) => itemOf(label).querySelector('input') as HTMLInputElement;

describe('designer list panel: 不分页 and the scroll height', () => {
  it('makes a paged list unpaged with a scroll area, and back, each step a model the release checks accept', async () => {
    const user = userEvent.setup();
    const seen = renderPanel(blankModel('probe', '探针', '名称', '基本信息'));
    const unpaged = inputOf('不分页');
    expect(unpaged.checked).toBe(false);
    expect(inputOf('每页条数')).toHaveValue('20');
    expect(inputOf('每页条数')).toBeEnabled();

    await user.click(unpaged);
    expect(seen.model.list?.page).toBe(false);
    expect(inputOf('不分页').checked).toBe(true);
    // an unpaged list has no page size to choose
    expect(inputOf('每页条数')).toBeDisabled();
    expect(itemOf('可选每页条数').querySelector('.ant-select-disabled')).not.toBeNull();
    expect(check(saved(seen.model), 'probe')).toEqual([]);

    await user.type(inputOf('滚动区域高度'), '400');
    await user.tab();
    expect(seen.model.list?.scrollHeight).toBe(400);
    expect(check(saved(seen.model), 'probe')).toEqual([]);
    expect(saved(seen.model).list).toMatchObject({ page: false, scrollHeight: 400 });

    // paged again: the page size is the server's default until one is chosen
    await user.click(inputOf('不分页'));
    expect(seen.model.list?.page).toEqual({});
    expect(inputOf('每页条数')).toBeEnabled();
    await user.type(inputOf('每页条数'), '10');
    await user.tab();
    expect(seen.model.list?.page).toEqual({ size: 10 });
    expect(check(saved(seen.model), 'probe')).toEqual([]);

    // a cleared scroll height leaves no scrollHeight in the saved model
    await user.clear(inputOf('滚动区域高度'));
    await user.tab();
    expect(saved(seen.model).list).not.toHaveProperty('scrollHeight');
    expect(check(saved(seen.model), 'probe')).toEqual([]);
  });

  it('shows a stored unpaged model as such', () => {
    const model = blankModel('probe', '探针', '名称', '基本信息');
    model.list = { ...model.list!, page: false, scrollHeight: 400 };
    renderPanel(model);
    expect(inputOf('不分页').checked).toBe(true);
    expect(inputOf('滚动区域高度')).toHaveValue('400');
    expect(inputOf('每页条数')).toBeDisabled();
  });

  it('sets how many row links show before 更多 (version 17: list.rowLinks), a model the release checks accept', async () => {
    const user = userEvent.setup();
    const seen = renderPanel(blankModel('probe', '探针', '名称', '基本信息'));
    await user.type(inputOf('行内显示操作数'), '2');
    await user.tab();
    expect(saved(seen.model).list).toMatchObject({ rowLinks: 2 });
    expect(check(saved(seen.model), 'probe')).toEqual([]);
    await user.clear(inputOf('行内显示操作数'));
    await user.tab();
    expect(saved(seen.model).list).not.toHaveProperty('rowLinks');
  });
});
