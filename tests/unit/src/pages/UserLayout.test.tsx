import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserLayout } from '../../../../src/pages/UserLayout';
import { appDownloadUrl, recordFilingNumber } from '../../../../src/pages/userLayoutConfig';
import { renderShell } from '../helpers/renderShell';
import { createTestServices } from '../helpers/testServices';

describe('UserLayout (spec 000 §2 user layout)', () => {
  it('shows the logo and name, the page, the app download QR code with its caption, and the footer', async () => {
    await renderShell(
      createTestServices(),
      <UserLayout>
        <p>the page</p>
      </UserLayout>,
    );
    expect(screen.getByRole('heading', { name: '云数字实验室' })).toBeInTheDocument();
    expect(screen.getByText('the page')).toBeInTheDocument();
    const qr = await screen.findByRole('figure', { name: '扫码下载APP' }, { timeout: 10_000 });
    expect(qr.querySelector('svg')).not.toBeNull();
    expect(screen.getByText('扫码下载APP')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/Copyright © \d{4} 云数字实验室/);
  });

  it('points the QR code at the download page under the configured base, this site by default', () => {
    expect(appDownloadUrl('https://qr.example.com/lab/', 'https://lims.example.com')).toBe('https://qr.example.com/lab/appDownload');
    expect(appDownloadUrl(undefined, 'https://lims.example.com')).toBe('https://lims.example.com/appDownload');
    expect(appDownloadUrl('  ', 'https://lims.example.com')).toBe('https://lims.example.com/appDownload');
  });

  it('shows a record-filing number only when one is configured', () => {
    expect(recordFilingNumber(' 浙ICP备00000000号 ')).toBe('浙ICP备00000000号');
    expect(recordFilingNumber(undefined)).toBeNull();
    expect(recordFilingNumber('')).toBeNull();
  });
});
