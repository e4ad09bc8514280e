import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LanguageLinks } from '../../../../src/i18n/LanguageLinks';
import { LanguageSwitch } from '../../../../src/i18n/LanguageSwitch';
import { renderShell } from '../helpers/renderShell';
import { createTestServices } from '../helpers/testServices';

vi.setConfig({ testTimeout: 20_000 });

describe('LanguageSwitch', () => {
  it('stores the preference and switches the interface language', async () => {
    const services = createTestServices();
    const changed = vi.fn();
    services.i18n.on('languageChanged', changed);
    await renderShell(services, <LanguageSwitch />);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: '语言' }));
    // each language is named in its own language
    expect(await screen.findByText('繁體中文')).toBeInTheDocument();
    await user.click(screen.getByText('English'));
    await waitFor(() => expect(services.i18n.language).toBe('en'));
    expect(services.languagePreference.get()).toBe('en');
    expect(changed).toHaveBeenCalledWith('en');
    expect(await screen.findByRole('button', { name: 'Language' })).toHaveTextContent('English');
    // antd's and dayjs's English texts arrive asynchronously
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
  });
});

describe('LanguageLinks (sign-in page)', () => {
  it('offers the other languages by their own names and stores the choice', async () => {
    const services = createTestServices();
    await renderShell(services, <LanguageLinks />);
    expect(screen.getByRole('button', { name: '简体中文' })).toBeDisabled();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: '繁體中文' }));
    await waitFor(() => expect(services.i18n.language).toBe('zh-TW'));
    expect(services.languagePreference.get()).toBe('zh-TW');
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-TW'));
  });
});
