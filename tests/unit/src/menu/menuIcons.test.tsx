import { render, screen, waitFor } from '@testing-library/react';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMON_MENU_ICONS, MenuIcon } from '../../../../src/menu/menuIcons';
import { MORE_MENU_ICONS } from '../../../../src/menu/moreMenuIcons';

const SCHEMAS = path.resolve(__dirname, '../../../../schemas');

/** Every menu icon name the shipped model files use. */
function iconNamesInSchemas(): Map<string, string> {
  const names = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (entry.name.endsWith('.json'))
        for (const match of fs.readFileSync(file, 'utf8').matchAll(/"icon":\s*"([a-z][a-z0-9-]*)"/g)) names.set(match[1]!, path.relative(SCHEMAS, file));
    }
  };
  visit(SCHEMAS);
  return names;
}

describe('menu icons', () => {
  it('has an icon for every name the model files give a menu', () => {
    const names = iconNamesInSchemas();
    expect(names.size).toBeGreaterThan(20);
    const missing = [...names].filter(([name]) => !COMMON_MENU_ICONS[name] && !MORE_MENU_ICONS[name]).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
  });

  it('shows a common icon at once and a less used one once its chunk has come, in an icon-sized box meanwhile', async () => {
    render(
      <>
        <MenuIcon name="setting" />
        <MenuIcon name="HistoryOutlined" />
        <MenuIcon name="no-such-icon" />
      </>,
    );
    const placeholders = () => document.querySelectorAll('span.anticon:empty');
    expect(document.querySelector('.anticon-setting')).toBeInTheDocument();
    expect(document.querySelector('.anticon-history')).not.toBeInTheDocument();
    expect(placeholders()).toHaveLength(2);
    await waitFor(() => expect(document.querySelector('.anticon-history')).toBeInTheDocument());
    // an unknown name shows nothing once the less used icons are known not to have it
    expect(placeholders()).toHaveLength(0);
    expect(document.querySelectorAll('.anticon')).toHaveLength(2);
    // decorative: a menu item's accessible name is its title alone
    expect(screen.queryAllByRole('img')).toHaveLength(0);
  });
});
