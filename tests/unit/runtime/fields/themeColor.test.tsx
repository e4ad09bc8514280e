import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderFields } from './support/renderFields';

// The theme colour switcher as a field (spec 000 §2): the eight presets of the settings drawer, one
// chosen, and read-only the swatch with its name.

describe('ThemeColor', () => {
  it('offers the eight presets and keeps the chosen one', async () => {
    const form = renderFields({ color: { type: 'string', 'x-component': 'ThemeColor' } }, { initialValues: { color: '#1890ff' } });
    const presets = await screen.findAllByRole('radio');
    expect(presets).toHaveLength(8);
    expect(screen.getByRole('radio', { name: '拂晓蓝（默认）' })).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(screen.getByRole('radio', { name: '极光绿' }));
    await waitFor(() => expect(form.values.color).toBe('#52C41A'));
    expect(screen.getByRole('radio', { name: '极光绿' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('radio', { name: '拂晓蓝（默认）' })).toHaveAttribute('aria-checked', 'false');
  });

  it('reads pretty as the preset’s name, or the colour itself', async () => {
    renderFields(
      { a: { type: 'string', 'x-component': 'ThemeColor' }, b: { type: 'string', 'x-component': 'ThemeColor' } },
      { readPretty: true, initialValues: { a: '#722ED1', b: '#123abc' } },
    );
    expect(await screen.findByText('酱紫')).toBeInTheDocument();
    expect(screen.getByText('#123ABC')).toBeInTheDocument();
  });

  it('chooses nothing while disabled', async () => {
    const form = renderFields({ color: { type: 'string', 'x-component': 'ThemeColor', 'x-pattern': 'disabled' } }, { initialValues: { color: '#1890FF' } });
    fireEvent.click(await screen.findByRole('radio', { name: '火山' }));
    expect(form.values.color).toBe('#1890FF');
  });
});
